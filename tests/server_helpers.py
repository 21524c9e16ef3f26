"""Shared pieces of the server tests: fresh databases, running apps, moves, the raw log.

Every test gets its own database: a SQLite file in its temporary folder, or a fresh
PostgreSQL schema (dropped afterwards) on ``NILEGAMES_TEST_POSTGRES_URL`` (default: the
local ``test`` database with trust auth).  PostgreSQL tests are skipped, saying why, when
that server cannot be reached.
"""

from __future__ import annotations

import functools
import os
import random
import signal
import socket
import subprocess
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from nilegames.server.app import create_app
from nilegames.server.limits import Limits
from nilegames.server.live import Hub, LiveTable
from nilegames.server.local import free_port, local_server, own_schema

with warnings.catch_warnings():  # Starlette suggests another httpx package; this one works
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

POSTGRES_URL = os.environ.get(
    "NILEGAMES_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
BACKENDS = ("sqlite", "postgresql")
TIMEOUT = 30.0


@functools.cache
def postgres_problem() -> str | None:
    """Why PostgreSQL cannot be used, or None if it can (asked once per test run)."""
    engine = create_engine(POSTGRES_URL, connect_args={"connect_timeout": 3})
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as error:
        return " ".join(str(getattr(error, "orig", error)).split())
    finally:
        engine.dispose()
    return None


@contextmanager
def fresh_database(backend: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database of ``backend``, removed after the test."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / 'nilegames.sqlite3'}"
        return
    problem = postgres_problem()
    if problem is not None:
        pytest.skip(
            f"PostgreSQL is not reachable at {POSTGRES_URL} ({problem});"
            " start it or set NILEGAMES_TEST_POSTGRES_URL"
        )
    with own_schema(POSTGRES_URL, "nilegames_test") as url:
        yield url


@contextmanager
def running(url: str | None, *, bot_delay: float = 0.0, **options: Any) -> Iterator[TestClient]:
    """A started app on ``url`` (migrations run, bots resumed) and a client for it; no rate
    limits unless ``limits`` says (tests play whole games as fast as they can), bots in
    threads unless ``bot_processes`` says."""
    options.setdefault("limits", Limits.none())
    options.setdefault("bot_processes", 0)  # searches in threads: no process to start
    with TestClient(create_app(url, bot_delay=bot_delay, **options)) as client:
        yield client


@contextmanager
def live_socket(client: TestClient, table_id: str, token: str | None = None) -> Iterator[Any]:
    """A WebSocket on the table that has said hello with ``token`` (None: a spectator)."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as connection:
        connection.send_json({"type": "hello", "token": token})
        yield connection


def hub(client: TestClient) -> Hub:
    hub_: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub_


def live_table(client: TestClient, table_id: str) -> LiveTable:
    """The server's own in-memory table (tests compare messages with its full state)."""
    return hub(client).tables[table_id]


def create(client: TestClient, seats: list[str], **body: Any) -> dict[str, Any]:
    """A new NILE table; ``seats`` lists ``human`` or a bot spec per seat."""
    specs = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
    response = client.post("/api/tables", json={"game": "nile", "seats": specs, **body})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def token_header(token: str | None) -> dict[str, str]:
    return {} if token is None else {"X-Seat-Token": token}


def view(client: TestClient | httpx.Client, table_id: str, token: str | None = None) -> Any:
    response = client.get(f"/api/tables/{table_id}", headers=token_header(token))
    assert response.status_code == 200, response.text
    return response.json()


def post_move(
    client: TestClient | httpx.Client, table_id: str, token: str | None, seq: int, action: Any
) -> httpx.Response:
    return client.post(
        f"/api/tables/{table_id}/actions",
        headers=token_header(token),
        json={"seq": seq, "action": action},
    )


def play(
    client: TestClient | httpx.Client,
    table_id: str,
    tokens: dict[str, str],
    rng: random.Random,
    moves: int | None = None,
    seen: Callable[[int, Any], None] | None = None,
) -> Any:
    """Human seats play random legal moves, each with its own token, until the game is over,
    a bot is to move or ``moves`` were played; returns the last view.  ``seen(seat, view)``
    gets every view a seat received over REST."""
    current = view(client, table_id)
    played = 0
    while current["to_move"] is not None and (moves is None or played < moves):
        mover = current["to_move"]
        if str(mover) not in tokens:
            break
        if current["seat"] != mover or not current["legal_actions"]:
            current = view(client, table_id, tokens[str(mover)])
            if seen:
                seen(mover, current)
        action = rng.choice(current["legal_actions"])["action"]
        response = post_move(client, table_id, tokens[str(mover)], current["seq"], action)
        assert response.status_code == 200, response.text
        current = response.json()
        if seen:
            seen(mover, current)
        played += 1
    return current


def play_one(
    client: TestClient | httpx.Client, table_id: str, tokens: dict[str, str], rng: random.Random
) -> Any:
    """The seat to move (a human) plays one random legal move; returns its new view."""
    return play(client, table_id, tokens, rng, moves=1)


def wait_for(check: Callable[[], Any], what: str, timeout: float = TIMEOUT) -> Any:
    """Poll ``check`` until it returns something true."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def log_rows(url: str, table_id: str) -> list[tuple[int, int, int]]:
    """The table's action log straight from the database: (seq, seat, action) rows."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT seq, seat, action FROM table_actions"
                    " WHERE table_id = :id ORDER BY seq, id"
                ),
                {"id": table_id},
            ).all()
    finally:
        engine.dispose()
    return [(seq, seat, action) for seq, seat, action in rows]


def table_rows(url: str) -> list[dict[str, Any]]:
    """Every stored table row, as the database holds it."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT * FROM game_tables ORDER BY id")).all()
    finally:
        engine.dispose()
    return [dict(row._mapping) for row in rows]


START_TIMEOUT = 120.0
#: Seconds a server has to stop after Ctrl-C (it closes its bot pool's processes): ample on
#: a quiet machine, and a loaded one (CI beside other jobs) has been seen to need over 10.
STOP_TIMEOUT = 60.0


#: The process behind each running test server, by base URL (a test may kill one).
PROCESSES: dict[str, subprocess.Popen[bytes]] = {}

#: ``nilegames serve`` options of the test servers: tests play games as fast as they can.
NO_LIMITS = ("--limit-tables", "0", "--limit-moves", "0", "--limit-messages", "0")

#: The browser tests' servers deal from a seed: the n-th table of a module's server gets the
#: same cards and bot moves in every run, so a game that failed can be watched again.
SEEDED = ("--seed", "20261127")


@contextmanager
def serve(
    folder: Path, *options: str, database: str | None = None, limits: Sequence[str] = NO_LIMITS
) -> Iterator[str]:
    """A ``nilegames serve`` process on a free port with a new SQLite file in ``folder``
    (or ``database``); yields its base URL and checks that it stops cleanly on SIGINT
    (unless the test killed it)."""
    database = database or f"sqlite:///{folder / 'db.sqlite3'}"
    server = local_server(
        database,
        folder,
        "--bot-delay",
        "0",
        *limits,
        *options,
        start_timeout=START_TIMEOUT,
        stop_timeout=STOP_TIMEOUT,
    )
    with server as running:
        PROCESSES[running.base] = running.process
        try:
            yield running.base
        finally:
            PROCESSES.pop(running.base, None)
    # SIGKILL: by the test
    assert running.process.returncode in (0, -signal.SIGKILL), running.log.read_text()


class Switch:
    """A TCP relay to the PostgreSQL server that can be cut: while it is down every
    connection through it is closed and new ones are refused, as when the database
    stops; ``restore`` brings it back on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.lock = threading.Lock()
        self.pairs: list[socket.socket] = []
        self.listener: socket.socket | None = None
        self.restore()

    def url(self, url: str) -> str:
        """``url`` (a PostgreSQL URL of the target) through the relay."""
        return make_url(url).set(host="127.0.0.1", port=self.port).render_as_string(False)

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        listener, self.listener = self.listener, None
        if listener is not None:
            with suppress(OSError):  # wakes the thread blocked in accept()
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for end in pairs:
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.pairs += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
