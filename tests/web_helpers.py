"""Helpers of the browser tests: a real ``nilegames serve`` process and Debian's Chromium.

The server runs as its own process (as users start it) so that the page talks to it over
real sockets; Chromium is the system's, so Playwright never downloads a browser.
"""

from __future__ import annotations

import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

SERVE = "from nilegames.cli.main import app; app()"
START_TIMEOUT = 30.0


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def chromium_path() -> str | None:
    """Debian's Chromium, if installed (the tests skip without it)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """A ``nilegames serve`` process on a free port with a new SQLite file in ``folder``;
    yields its base URL and checks that it stops cleanly on SIGINT."""
    port = free_port()
    database = f"sqlite:///{folder / 'db.sqlite3'}"
    command = [sys.executable, "-c", SERVE, "serve", "--port", str(port)]
    command += ["--database", database, "--bot-delay", "0"]
    log = folder / "server.log"  # a file, not a pipe: a full pipe would stall the server
    with log.open("w") as sink:
        process = subprocess.Popen(command, cwd=folder, stdout=sink, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server stopped: {log.read_text()}")
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start in time: {log.read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert process.returncode == 0, log.read_text()


def new_table(base: str, seats: list[dict[str, str]], **options: str) -> dict[str, Any]:
    """Create a NILE table through the API: the answer of ``POST /api/tables``."""
    body = {"game": "nile", "options": options, "seats": seats}
    response = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def play_out(base: str, table_id: str, tokens: dict[str, str], seed: int) -> dict[str, Any]:
    """Play a table whose seats are all human to the end with random legal moves over
    REST (fast, no browser); returns the final public view."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(5000):
            view: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
            if view["to_move"] is None:
                return view
            token = tokens[str(view["to_move"])]
            mine = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
            action = rng.choice(mine["legal_actions"])["action"]
            answer = client.post(
                f"/api/tables/{table_id}/actions",
                json={"seq": mine["seq"], "action": action},
                headers={"X-Seat-Token": token},
            )
            assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end in 5000 moves")
