"""Several server processes on one PostgreSQL database: every move reaches every
connection, every bot move is stored once, and a process that dies hands its bots on."""

from __future__ import annotations

import json
import random
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from nilegames.core import CHANCE
from tests.server_helpers import PROCESSES, fresh_database, log_rows, play_one, serve, wait_for

#: Short leases: a dead process's bots move on within about four seconds.  Not
#: shorter: a process starved of CPU for longer than its lease (this machine is shared)
#: would see another take its tables while it still plays them, and a turn would be
#: computed twice (and stored once: the log refuses the second).
OPTIONS = ("--lease-seconds", "4", "--bot-processes", "0")


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str]]]:
    """Three ``nilegames serve`` processes on one fresh PostgreSQL database: its URL and
    their base URLs.  One set for the module (starting them is most of its time); the
    test that kills one comes last."""
    tmp_path = tmp_path_factory.mktemp("cluster")
    with fresh_database("postgresql", tmp_path) as url, ExitStack() as stack:

        def start(_: int) -> str:
            return stack.enter_context(
                serve(tmp_path, *OPTIONS, "--bot-delay", "0.02", database=url)
            )

        with ThreadPoolExecutor(3) as starting:  # each takes seconds to import its web stack
            bases = list(starting.map(start, range(3)))
        yield url, bases


@contextmanager
def hello(base: str, table_id: str, token: str | None) -> Iterator[ClientConnection]:
    """A WebSocket on ``base`` that has said hello with ``token``."""
    with connect(base.replace("http", "ws") + f"/ws/tables/{table_id}", open_timeout=10) as live:
        live.send(json.dumps({"type": "hello", "token": token}))
        yield live


def until(live: ClientConnection, seq: int, exact: bool = True) -> Any:
    """The socket's views until the one at ``seq`` (or past it, unless ``exact``)."""
    while True:
        view = json.loads(live.recv(timeout=10))
        assert view["type"] == "view", view
        if view["seq"] >= seq:
            assert view["seq"] == seq or not exact
            return view


def test_a_move_through_one_process_reaches_sockets_on_the_others(
    three: tuple[str, list[str]],
) -> None:
    url, (first, second, third) = three
    rng = random.Random(4)
    with httpx.Client(base_url=third, timeout=10) as mover:
        created = httpx.post(
            f"{first}/api/tables", json={"game": "nile", "seats": [{"kind": "human"}] * 2}
        ).json()
        tid, tokens = created["table"]["id"], created["tokens"]
        with hello(first, tid, tokens["0"]) as seat, hello(second, tid, None) as spectator:
            start = json.loads(seat.recv(timeout=10))["seq"]
            shown = until(spectator, start)
            # The seat's socket is on another process, and the spectator sees it there.
            while not shown["table"]["seats"][0]["connected"]:
                shown = json.loads(spectator.recv(timeout=10))
                assert shown["seq"] == start
            for _ in range(12):
                after = play_one(mover, tid, tokens, rng)
                mine = until(seat, after["seq"])
                public = until(spectator, after["seq"])
                assert mine["seat"] == 0 and public["seat"] is None
                assert mine["to_move"] == public["to_move"] == after["to_move"]
                assert "hand" in mine["observation"] and "hand" not in public["observation"]
                shown = mover.get(f"/api/tables/{tid}", headers={"X-Seat-Token": tokens["0"]})
                assert mine["observation"]["hand"] == shown.json()["observation"]["hand"]
    assert len(log_rows(url, tid)) == after["seq"]


def bot_tables(base: str, count: int) -> list[str]:
    seats = [{"kind": "bot", "bot": "random"}] * 2
    body = {"game": "nile", "options": {"variant": "short"}, "seats": seats}
    return [httpx.post(f"{base}/api/tables", json=body).json()["table"]["id"] for _ in range(count)]


def finished(base: str, ids: list[str]) -> bool:
    return all(
        httpx.get(f"{base}/api/tables/{tid}").json()["table"]["status"] == "finished" for tid in ids
    )


def check_logs(url: str, ids: list[str]) -> int:
    """Each table's stored log is one unbroken line of moves; returns the bots' moves."""
    moves = 0
    for tid in ids:
        rows = log_rows(url, tid)
        assert [seq for seq, _, _ in rows] == list(range(len(rows)))
        moves += sum(1 for _, seat, _ in rows if seat != CHANCE)
    return moves


def test_bot_games_across_processes_store_every_move_once(
    three: tuple[str, list[str]],
) -> None:
    url, bases = three
    ids = [tid for base in bases for tid in bot_tables(base, 2)]
    # Everybody watches everything: each process holds every table in memory.
    for base in bases:
        for tid in ids:
            assert httpx.get(f"{base}/api/tables/{tid}").status_code == 200
    wait_for(lambda: finished(bases[0], ids), "the bot games", 60)
    stored = check_logs(url, ids)
    status = [httpx.get(f"{base}/api/server").json() for base in bases]
    assert all(s["shared"] for s in status)
    assert len({s["process"] for s in status}) == 3
    assert sum(s["bot_moves"] for s in status) == stored  # each move computed once...
    assert sum(s["bot_moves_refused"] for s in status) == 0  # ...and never twice


def test_a_process_killed_mid_game_hands_its_bots_on(three: tuple[str, list[str]]) -> None:
    url, (first, second, third) = three
    ids = bot_tables(first, 3)  # the first process plays them all
    seen = threading.Event()
    with hello(second, ids[0], None) as watching:
        start = json.loads(watching.recv(timeout=10))["seq"]
        until(watching, start + 3, exact=False)  # the game is under way
        PROCESSES[first].send_signal(signal.SIGKILL)
        PROCESSES[first].wait(10)
        # The game goes on: the watcher on another process still gets views.
        while (view := json.loads(watching.recv(timeout=15)))["to_move"] is not None:
            seen.set()
    assert seen.is_set() and view["table"]["status"] == "finished"
    wait_for(lambda: finished(third, ids), "the other games", 30)
    check_logs(url, ids)
    moves = [httpx.get(f"{base}/api/server").json()["bot_moves"] for base in (second, third)]
    assert sum(moves) > 0
