"""Live play: WebSocket views, no hidden card in any message, and the bots."""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from contextlib import ExitStack
from typing import Any

import pytest

from nilegames.core import GameRecord, State, replay_states
from nilegames.games.nile import NileState
from nilegames.games.nile.observe import counts_by_name
from nilegames.server import bots, views
from nilegames.server.views import shown
from tests.server_helpers import (
    create,
    live_socket,
    live_table,
    log_rows,
    play,
    post_move,
    running,
    view,
    wait_for,
)


def next_view(socket: Any, seq: int, into: list[Any] | None = None) -> Any:
    """Read views until the one at ``seq`` (earlier ones, e.g. presence updates, are kept
    in ``into``); the server sends one after every move, so this cannot wait forever."""
    while True:
        message = socket.receive_json()
        assert message["type"] == "view", message
        if into is not None:
            into.append(message)
        if message["seq"] >= seq:
            assert message["seq"] == seq, (message["seq"], seq)
            return message


def test_seat_and_spectator_sockets_follow_the_game(url: str) -> None:
    rng = random.Random(1)
    with running(url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        start = view(client, tid)["seq"]
        with (
            live_socket(client, tid, tokens["0"]) as seat,
            live_socket(client, tid) as spectator,
        ):
            mine, public = next_view(seat, start), next_view(spectator, start)
            assert mine["seat"] == 0 and "hand" in mine["observation"]
            assert public["seat"] is None and "hand" not in public["observation"]
            assert public["table"]["seats"][0]["connected"] is True
            assert public["table"]["seats"][1]["connected"] is False
            for _ in range(8):
                after = play(client, tid, tokens, rng, moves=1)
                mine = next_view(seat, after["seq"])
                public = next_view(spectator, after["seq"])
                assert mine["observation"] == shown(live_table(client, tid).state.observation(0))
                assert mine["to_move"] == public["to_move"] == after["to_move"]
                assert bool(mine["legal_actions"]) == (mine["to_move"] == 0)
                assert "hand" not in public["observation"] and public["legal_actions"] == []
                assert public["observation"] == shown(
                    live_table(client, tid).state.public_observation()
                )
        wait_for(lambda: not view(client, tid)["table"]["seats"][0]["connected"], "seat 0 to leave")
        with live_socket(client, tid, "forged") as forged:
            assert forged.receive_json() == {
                "type": "error",
                "error": f"this token holds no seat at table {tid}",
            }
            assert forged.receive()["code"] == 4403
        with live_socket(client, "nowhere") as lost:
            assert lost.receive_json()["type"] == "error"
            assert lost.receive()["code"] == 4404


def test_a_move_builds_each_watched_seat_view_once(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mover's answer and its broadcast are one encoding of one view, the spectators
    share another, and the seat nobody watches costs nothing."""
    built: Counter[int | None] = Counter()
    seat_view = views.seat_view

    def counted(*args: Any) -> dict[str, Any]:
        built[args[3]] += 1  # the seat
        return seat_view(*args)

    monkeypatch.setattr(views, "seat_view", counted)
    with running(sqlite_url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        start = view(client, tid)
        mover = start["to_move"]
        token = tokens[str(mover)]
        with (
            live_socket(client, tid, token) as seat,
            live_socket(client, tid) as spectator,
        ):
            before = next_view(seat, start["seq"])
            next_view(spectator, before["seq"])
            built.clear()
            action = before["legal_actions"][0]["action"]
            answer = post_move(client, tid, token, before["seq"], action)
            assert answer.status_code == 200, answer.text
            after = answer.json()["seq"]
            while (message := seat.receive_text()) and f'"seq":{after},' not in message:
                pass
            next_view(spectator, after)
            assert view(client, tid, token)["seq"] == after  # kept: not built again
    assert message == '{"type":"view",' + answer.text[1:]
    assert built == {mover: 1, None: 1}


def expected_hand(state: State, seat: int) -> dict[str, int]:
    assert isinstance(state, NileState)
    return counts_by_name(state.hands[seat])


def test_no_message_shows_another_seat_its_hand(sqlite_url: str) -> None:
    """A whole three-player game, every seat moving with its own token: each message a
    seat receives (REST or WebSocket) is exactly its own observation, with its own hand
    from the server's full state and every card the others drew hidden."""
    rng = random.Random(11)
    received: list[tuple[int | None, Any]] = []  # (whose connection, message)
    with running(sqlite_url) as client:
        created = create(client, ["human", "human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        start = view(client, tid)["seq"]
        with ExitStack() as stack:
            sockets = {
                seat: stack.enter_context(live_socket(client, tid, token))
                for seat, token in [
                    (0, tokens["0"]),
                    (1, tokens["1"]),
                    (2, tokens["2"]),
                    (None, None),
                ]
            }

            def read_all(seq: int) -> None:
                for seat, socket in sockets.items():
                    views: list[Any] = []
                    next_view(socket, seq, views)
                    received.extend((seat, message) for message in views)

            read_all(start)
            while True:
                last = play(
                    client, tid, tokens, rng, moves=1, seen=lambda s, v: received.append((s, v))
                )
                read_all(last["seq"])
                if last["to_move"] is None:
                    break
            server_state = live_table(client, tid).state
        replay = client.get(f"/api/tables/{tid}/replay").json()
    assert replay["actions"] == [action for _, _, action in log_rows(sqlite_url, tid)]
    states: dict[int, State] = {}
    for step, state in enumerate(replay_states(GameRecord("nile", 3, {}, replay["actions"]))):
        states[step] = state.clone()
    assert states[len(replay["actions"])].history() == server_state.history()
    assert isinstance(server_state, NileState)
    assert [expected_hand(states[len(states) - 1], s) for s in range(3)] == [
        counts_by_name(hand) for hand in server_state.hands
    ]
    assert len(received) > 4 * 100
    for seat, message in received:
        state = states[message["seq"]]
        observation = message["observation"]
        expected = shown(state.public_observation() if seat is None else state.observation(seat))
        assert message["seat"] == seat
        assert observation == expected
        assert message["text"] == state.game.render_text(expected)
        draws = [e for e in observation["log"] if e["event"] == "draw"]
        if seat is None:
            assert "hand" not in observation and message["legal_actions"] == []
            assert all(draw["card"] is None for draw in draws)
            continue
        assert observation["hand"] == expected_hand(state, seat)
        for draw in draws:  # another seat's draw is a null card, never the card
            assert (draw["card"] is None) == (draw["seat"] != seat), draw
        assert bool(message["legal_actions"]) == (message["to_move"] == seat)


def test_bots_play_until_the_human_is_to_move(url: str) -> None:
    rng = random.Random(2)
    with running(url) as client:
        created = create(client, ["human", "random", "greedy"])
        tid, tokens = created["table"]["id"], created["tokens"]
        human_turn = lambda: view(client, tid)["to_move"] in (0, None)  # noqa: E731
        wait_for(human_turn, "the human's turn")
        for _ in range(12):
            before = play(client, tid, tokens, rng, moves=1)
            if before["to_move"] not in (0, None):
                # The bots answer on their own, with no request to prompt them.
                wait_for(human_turn, "the human's turn")
                assert view(client, tid)["seq"] > before["seq"]
        movers = {seat for _, seat, _ in log_rows(url, tid)}
    assert movers == {-1, 0, 1, 2}


def test_a_bot_table_plays_to_the_end(url: str) -> None:
    with running(url) as client:
        created = create(client, ["random", "random", "greedy"])
        assert created["tokens"] == {} and list(created["links"]) == ["spectator"]
        tid = created["table"]["id"]
        final = wait_for(
            lambda: (v := view(client, tid))["table"]["status"] == "finished" and v,
            "the bots to finish",
        )
        assert final["to_move"] is None and "result" in final["observation"]
        actions = client.get(f"/api/tables/{tid}/replay").json()["actions"]
    assert replay_states_end(actions).is_terminal()
    assert len(log_rows(url, tid)) == len(actions) == final["seq"]


def replay_states_end(actions: list[int]) -> State:
    state = None
    for state in replay_states(GameRecord("nile", 3, {}, actions)):  # noqa: B007
        pass
    assert state is not None
    return state


def test_bots_wait_their_delay_and_think_off_the_event_loop(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    thinking = threading.Event()

    def slow_choice(spec: str, world: State, seat: int, seed: int) -> int:
        threads.append(threading.current_thread().name)
        thinking.set()
        time.sleep(1.5)
        return world.legal_actions()[0]

    monkeypatch.setattr(bots, "choose_move", slow_choice)
    with running(sqlite_url, bot_delay=0.4) as client:
        # timed from before the table exists: the pause starts when the server makes it,
        # however slowly the answer comes back on a loaded machine
        start = time.monotonic()
        created = create(client, ["random", "random"])
        tid = created["table"]["id"]
        initial = view(client, tid)["seq"]
        assert thinking.wait(5)
        assert time.monotonic() - start >= 0.39  # the visible pause before a bot moves
        # While the bot thinks (1.5 s), the server keeps answering at once.
        asked = time.monotonic()
        assert client.get("/api/games").status_code == 200
        assert view(client, tid)["seq"] == initial  # the bot has not moved yet
        assert time.monotonic() - asked < 0.8  # well under the 1.5 s the bot thinks
    assert threads and all(name.startswith("nilegames-bot") for name in threads)


def test_live_views_carry_the_newest_log_entries() -> None:
    log = [{"event": "turn", "turn": n} for n in range(150)]
    cut = shown({"seat": 0, "log": log})
    assert cut["log"] == log[-60:]
    assert shown({"seat": 0, "log": log[:10]})["log"] == log[:10]


def test_a_seeded_server_plays_each_table_alike_from_run_to_run(tmp_path: Any) -> None:
    """``--seed`` (tests and demos): the n-th table a server opens gets the same cards and
    the same bot moves in every run; other tables, other seeds and unseeded servers differ."""

    def bot_games(name: str, seed: int | None) -> list[list[int]]:
        games = []
        with running(f"sqlite:///{tmp_path / name}.sqlite3", seed=seed) as client:
            for _ in range(2):
                tid: str = create(client, ["random", "greedy"])["table"]["id"]

                def finished(tid: str = tid) -> bool:
                    return bool(view(client, tid)["table"]["status"] == "finished")

                wait_for(finished, "the bots to finish")
                games.append(client.get(f"/api/tables/{tid}/replay").json()["actions"])
        return games

    first, again = bot_games("first", 11), bot_games("again", 11)
    assert first == again
    assert first[0] != first[1]
    assert bot_games("other", 12)[0] != first[0]
    assert bot_games("unseeded", None)[0] != first[0]
