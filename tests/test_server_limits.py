"""Abuse: rate limits, slow clients, and tables that never leave memory."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from nilegames.server.app import BodyLimit
from nilegames.server.limits import Limits, Rate
from tests.server_helpers import (
    create,
    hub,
    live_socket,
    play_one,
    post_move,
    running,
    serve,
    view,
    wait_for,
)


def test_rate_limits_answer_429_with_retry_after(sqlite_url: str) -> None:
    slow = Rate(0.01, 2)  # two at once, then one every 100 s
    limits = Limits(tables=slow, moves=slow, messages=slow, sockets=2)
    with running(sqlite_url, limits=limits) as client:
        tables = [create(client, ["human", "human"]) for _ in range(2)]
        refused = client.post("/api/tables", json={"game": "nile", "players": 2})
        assert refused.status_code == 429, refused.text
        assert 1 <= int(refused.headers["retry-after"]) <= 100
        assert "new tables" in refused.json()["error"]
        tid, tokens = tables[0]["table"]["id"], tables[0]["tokens"]
        rng = random.Random(2)
        for _ in range(2):
            play_one(client, tid, tokens, rng)
        current = view(client, tid)
        token = tokens[str(current["to_move"])]
        mine = view(client, tid, token)
        refused = post_move(client, tid, token, mine["seq"], mine["legal_actions"][0]["action"])
        assert refused.status_code == 429 and "moves" in refused.json()["error"]
        assert view(client, tid, token) == mine  # nothing changed
        with live_socket(client, tid) as first, live_socket(client, tid) as second:
            first.receive_json()
            with live_socket(client, tid) as third:
                assert third.receive_json()["type"] == "error"
                assert third.receive()["code"] == 4429
            for _ in range(3):
                second.send_text("{}")
            while (message := second.receive_json())["type"] == "view":
                pass
            assert "messages" in message["error"]
            assert second.receive()["code"] == 4429


def test_finished_tables_leave_memory_and_come_back(url: str) -> None:
    with running(url, linger=0, sweep_every=0.05) as client:
        ids = [
            create(client, ["random", "random"], options={"variant": "short"})["table"]["id"]
            for _ in range(12)
        ]

        def all_over() -> bool:
            return all(view(client, tid)["table"]["status"] == "finished" for tid in ids)

        wait_for(all_over, "the bots", 30)
        wait_for(lambda: not hub(client).tables, "the finished tables to leave memory", 5)
        replay = client.get(f"/api/tables/{ids[0]}/replay")  # loaded back on demand
        assert replay.status_code == 200 and replay.json()["steps"] > 0
        assert client.get(f"/api/tables/{ids[0]}/replay/3").status_code == 200
        wait_for(lambda: not hub(client).tables, "the replayed table to leave again", 5)
        # A table somebody watches stays, finished or not.
        with live_socket(client, ids[1]) as watching:
            assert watching.receive_json()["table"]["status"] == "finished"
            time.sleep(0.3)
            assert list(hub(client).tables) == [ids[1]]


def test_a_seeded_server_forgets_a_finished_tables_generator_with_the_table(url: str) -> None:
    """A seeded server (tests, demos) keeps a generator per table; one that ran for days
    must not keep one for every table ever played."""
    with running(url, linger=0, sweep_every=0.05, seed=5) as client:
        ids = [create(client, ["random", "random"], options={"variant": "short"})["table"]["id"]]
        ids.append(create(client, ["human", "human"])["table"]["id"])
        wait_for(lambda: view(client, ids[0])["table"]["status"] == "finished", "the bots", 30)
        wait_for(lambda: ids[0] not in hub(client).tables, "the finished table to leave", 5)
        assert list(hub(client).table_rngs) == [ids[1]]  # the game in play keeps its own


def slow_client(port: int) -> socket.socket:
    """A slowloris connection: a request line and one header, never the end."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
    connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    return connection


def closed(connection: socket.socket) -> bool:
    try:
        connection.settimeout(0.01)
        return connection.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_slow_clients_are_cut_and_cannot_crowd_out_others(tmp_path: Path) -> None:
    """300 half-sent requests from one address: past 200 they are refused at once, the
    rest cut after the header deadline, and a player from another address plays on."""
    options = ("--header-timeout", "1.5", "--limit-sockets", "0")
    with serve(tmp_path, *options) as base:
        port = int(base.rsplit(":", 1)[1])
        # The cap is per address: the player connects from 127.0.0.2.
        local = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=base, transport=local) as player:
            created = player.post(
                "/api/tables", json={"game": "nile", "seats": [{"kind": "human"}] * 2}
            ).json()
            slow = [slow_client(port) for _ in range(300)]
            time.sleep(0.3)
            assert sum(closed(c) for c in slow) >= 300 - 256  # over the cap: refused
            started = time.monotonic()
            tid, tokens = created["table"]["id"], created["tokens"]
            rng = random.Random(7)
            latencies = []
            for _ in range(10):
                before = time.perf_counter()
                play_one(player, tid, tokens, rng)
                latencies.append(time.perf_counter() - before)
            assert max(latencies) < 1.0, latencies
            ws = base.replace("http", "ws") + f"/ws/tables/{tid}"
            with connect(ws, open_timeout=5) as live:
                live.send(json.dumps({"type": "hello", "token": None}))
                assert json.loads(live.recv(timeout=5))["type"] == "view"
            wait_for(lambda: all(closed(c) for c in slow), "the header deadline", 5)
            assert time.monotonic() - started < 5
            for connection in slow:
                connection.close()


def test_a_body_that_trickles_in_is_cut_with_408() -> None:
    """The body deadline, on the middleware itself: the first byte comes, the rest never."""
    sent: list[dict[str, object]] = []
    reached: list[bool] = []

    async def app(scope: object, receive: object, send: object) -> None:
        reached.append(True)

    async def receive() -> dict[str, object]:
        if not sent and not getattr(receive, "started", False):
            receive.started = True  # type: ignore[attr-defined]
            return {"type": "http.request", "body": b"{", "more_body": True}
        await asyncio.sleep(10)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {"type": "http", "headers": [(b"content-length", b"40")]}
    started = time.monotonic()
    asyncio.run(BodyLimit(app, 4096, timeout=0.2)(scope, receive, send))  # type: ignore[arg-type]
    assert time.monotonic() - started < 2
    assert not reached and sent[0]["status"] == 408
