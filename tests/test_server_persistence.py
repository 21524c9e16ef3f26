"""The log is the truth: games survive a restart, and a race for one move has one winner."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from tests.server_helpers import (
    create,
    log_rows,
    play,
    post_move,
    running,
    view,
    wait_for,
)


def seat_views(client: Any, table_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    """What each seat and a spectator see, without the connection flags and times."""
    views = {seat: view(client, table_id, token) for seat, token in tokens.items()}
    views["spectator"] = view(client, table_id)
    for shown in views.values():
        shown.pop("table")
    return views


def test_a_restart_keeps_every_acknowledged_action(url: str) -> None:
    rng = random.Random(4)
    with running(url, bot_delay=60) as client:
        created = create(client, ["human", "human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        last = play(client, tid, tokens, rng, moves=30)
        before = seat_views(client, tid, tokens)
        summary = view(client, tid)["table"]
        # A bot table paused mid-game by a long bot delay.
        bots = create(client, ["random", "random"])["table"]["id"]
    log = log_rows(url, tid)
    assert len(log) == last["seq"] == before["spectator"]["seq"]
    with running(url) as client:  # a new server on the same database
        assert seat_views(client, tid, tokens) == before
        assert view(client, tid)["table"] == summary
        # The game goes on from where it was, and the bots resume by themselves.
        after = play(client, tid, tokens, rng, moves=3)
        assert after["seq"] > last["seq"]
        wait_for(lambda: view(client, bots)["table"]["status"] == "finished", "the bots")
    assert log_rows(url, tid)[: len(log)] == log


def race(moves: list[tuple[Any, str, str, int, int]]) -> list[httpx.Response]:
    """Post the moves (client, table, token, seq, action) at one instant, each from its
    own thread."""
    start = threading.Barrier(len(moves))

    def go(move: tuple[Any, str, str, int, int]) -> httpx.Response:
        start.wait()
        return post_move(*move)

    with ThreadPoolExecutor(len(moves)) as pool:
        return list(pool.map(go, moves))


def test_two_posts_of_one_move_have_one_winner(url: str) -> None:
    with running(url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        for _ in range(3):
            current = view(client, tid)
            token = tokens[str(current["to_move"])]
            seq = current["seq"]
            action = view(client, tid, token)["legal_actions"][-1]["action"]
            responses = race([(client, tid, token, seq, action)] * 2)
            assert sorted(r.status_code for r in responses) == [200, 409]
            loser = next(r for r in responses if r.status_code == 409)
            assert f"seq {seq}" in loser.json()["error"]
            rows = [row for row in log_rows(url, tid) if row[0] == seq]
            assert rows == [(seq, current["to_move"], action)]


def test_two_servers_racing_for_one_seq_are_settled_by_the_database(url: str) -> None:
    """Each server believes the move is free; only the UNIQUE (table, seq) constraint can
    tell them apart, so exactly one commit wins and the other answers 409."""
    with running(url) as first, running(url) as second:
        created = create(first, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        for _ in range(3):
            current = view(first, tid)
            assert view(second, tid) == current | {"table": view(second, tid)["table"]}
            token = tokens[str(current["to_move"])]
            seq = current["seq"]
            legal = [a["action"] for a in view(first, tid, token)["legal_actions"]]
            mine, theirs = legal[0], legal[-1]
            responses = race([(first, tid, token, seq, mine), (second, tid, token, seq, theirs)])
            assert sorted(r.status_code for r in responses) == [200, 409]
            loser = next(r for r in responses if r.status_code == 409)
            assert "taken by another move" in loser.json()["error"]
            winner = next(r for r in responses if r.status_code == 200).json()
            kept = mine if responses[0].status_code == 200 else theirs
            rows = [row for row in log_rows(url, tid) if row[0] == seq]
            assert rows == [(seq, current["to_move"], kept)]
            # The losing server has caught up with the log: both now show the same game.
            for server in (first, second):
                shown = view(server, tid, token)
                assert (shown["seq"], shown["observation"]) == (
                    winner["seq"],
                    winner["observation"],
                )
