"""The log is the truth: games survive a restart, and a race for one move has one winner."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from nilegames.core import CHANCE
from nilegames.server.db import make_engine
from nilegames.server.store import Append, Logged, SeqTakenError, Store, now
from tests.server_helpers import (
    create,
    hub,
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


@contextmanager
def deaf(*clients: TestClient) -> Iterator[None]:
    """The servers hold back what other processes tell them until the block ends, as when
    a notice is still on its way: a server then believes a move it has not heard of is
    free. The held notices are delivered afterwards, on each server's event loop."""
    held: list[tuple[TestClient, Any, list[Any]]] = []
    for client in clients:
        listener = hub(client)
        told: list[Any] = []
        held.append((client, listener.changed_elsewhere, told))
        listener.changed_elsewhere = told.extend  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        for client, deliver, told in held:
            del hub(client).changed_elsewhere  # the class's method again
            client.portal.call(deliver, told)  # type: ignore[union-attr]


def test_two_servers_racing_for_one_seq_are_settled_by_the_database(url: str) -> None:
    """Each server believes the move is free (neither has heard of the other's move yet);
    only the UNIQUE (table, seq) constraint can tell them apart, so exactly one commit
    wins and the other answers 409. Without holding the notices back, the loser could
    instead have heard of the winner's move first and refused it as stale, which is also
    right but not what this test is about."""
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
            with deaf(first, second):
                responses = race(
                    [(first, tid, token, seq, mine), (second, tid, token, seq, theirs)]
                )
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


def test_moves_waiting_for_a_commit_share_the_next_one(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One thread writes, and the moves at other tables that arrive while a commit runs
    (a slow one here, as when the disk is slow to sync) are stored together in the next
    commit: every move acknowledged is in the log."""
    groups: list[int] = []
    writers: set[str] = set()
    append_all = Store.append_all

    def slow(self: Store, appends: Sequence[Append]) -> list[SeqTakenError | None]:
        writers.add(threading.current_thread().name)
        groups.append(len(appends))
        time.sleep(0.05)
        return append_all(self, appends)

    monkeypatch.setattr(Store, "append_all", slow)
    with running(url) as client:
        tables = [create(client, ["human", "human"]) for _ in range(6)]

        def play_table(index: int) -> Any:
            created = tables[index]
            rng = random.Random(index)
            return play(client, created["table"]["id"], created["tokens"], rng, moves=5)

        with ThreadPoolExecutor(len(tables)) as pool:
            finals = list(pool.map(play_table, range(len(tables))))
        for created, final in zip(tables, finals, strict=True):
            assert len(log_rows(url, created["table"]["id"])) == final["seq"]
    assert sum(groups) == 5 * len(tables) and max(groups) > 1
    assert len(writers) == 1 and writers.pop().startswith("nilegames-db")


def test_a_group_commit_refuses_only_the_move_whose_seq_is_taken(url: str) -> None:
    with running(url) as client:
        ids = [create(client, ["human", "human"])["table"]["id"] for _ in range(2)]
    free, taken = (len(log_rows(url, table_id)) for table_id in ids)
    store = Store(make_engine(url))
    try:
        outcomes = store.append_all(
            [
                Append(ids[0], [Logged(free, CHANCE, 1)], "playing", now()),
                Append(ids[1], [Logged(taken - 1, CHANCE, 1)], "playing", now()),
            ]
        )
    finally:
        store.engine.dispose()
    assert outcomes[0] is None and isinstance(outcomes[1], SeqTakenError)
    assert log_rows(url, ids[0])[-1] == (free, CHANCE, 1)
    assert len(log_rows(url, ids[1])) == taken


def test_a_failed_commit_fails_its_moves_and_changes_nothing(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database error reaches the move's request; the table stays as it was, and the
    next commit works."""
    append_all = Store.append_all
    failures = [RuntimeError("the disk is full")]

    def failing(self: Store, appends: Sequence[Append]) -> list[SeqTakenError | None]:
        if failures:
            raise failures.pop()
        return append_all(self, appends)

    monkeypatch.setattr(Store, "append_all", failing)
    rng = random.Random(9)
    with running(sqlite_url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        before = view(client, tid)
        token = tokens[str(before["to_move"])]
        action = view(client, tid, token)["legal_actions"][0]["action"]
        with pytest.raises(RuntimeError, match="disk is full"):  # a 500 outside tests
            post_move(client, tid, token, before["seq"], action)
        assert view(client, tid)["seq"] == before["seq"] == len(log_rows(sqlite_url, tid))
        after = play(client, tid, tokens, rng, moves=1)
        assert after["seq"] > before["seq"] and len(log_rows(sqlite_url, tid)) == after["seq"]
