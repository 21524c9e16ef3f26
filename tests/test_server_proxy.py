"""docs/deploy.md's nginx configuration, run as written on loopback in front of two
``nilegames serve`` (one of them with ``--workers 2``) on one PostgreSQL database: a game
played through it over TLS, its WebSocket included, and a slow client cut."""

from __future__ import annotations

import json
import random
import socket
import ssl
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import httpx
import pytest
from websockets.sync.client import connect

from nilegames.server.local import free_port
from tests.nginx_helpers import find_nginx, nginx_proxy
from tests.server_helpers import fresh_database, play_one, serve


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """nginx with the doc's configuration in front of two servers; its https base URL."""
    nginx = find_nginx()
    if nginx is None:
        pytest.skip("nginx not found: apt-get install nginx")
    folder = tmp_path_factory.mktemp("proxy")
    with fresh_database("postgresql", folder) as url, ExitStack() as stack:
        options = ("--behind-proxy", "--bot-processes", "0")

        def start(workers: int) -> str:
            return stack.enter_context(
                serve(folder, *options, "--workers", str(workers), database=url)
            )

        with ThreadPoolExecutor(2) as starting:
            upstreams = list(starting.map(start, (2, 1)))
        ports = (free_port(), free_port())
        yield stack.enter_context(nginx_proxy(nginx, folder, upstreams, ports, header_timeout="1s"))


def test_a_game_through_the_proxy(proxy: str) -> None:
    rng = random.Random(6)
    insecure = ssl.create_default_context()
    insecure.check_hostname = False
    insecure.verify_mode = ssl.CERT_NONE
    with httpx.Client(base_url=proxy, verify=False, timeout=10) as client:
        page = client.get("/")
        assert page.status_code == 200
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        created = client.post(
            "/api/tables", json={"game": "nile", "seats": [{"kind": "human"}] * 2}
        ).json()
        tid, tokens = created["table"]["id"], created["tokens"]
        ws = proxy.replace("https", "wss") + f"/ws/tables/{tid}"
        with connect(ws, ssl=insecure, open_timeout=10) as live:
            live.send(json.dumps({"type": "hello", "token": tokens["0"]}))
            assert json.loads(live.recv(timeout=10))["seat"] == 0
            for _ in range(8):
                after = play_one(client, tid, tokens, rng)
                while (view := json.loads(live.recv(timeout=10)))["seq"] < after["seq"]:
                    pass
                assert view["seq"] == after["seq"] and view["seat"] == 0
        # Both upstreams answered (round robin over three processes in all).
        names = {client.get("/api/server").json()["process"] for _ in range(12)}
        assert len(names) >= 2


def test_the_proxy_cuts_a_slow_client(proxy: str) -> None:
    port = int(proxy.rsplit(":", 1)[1])
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with (
        socket.create_connection(("127.0.0.1", port), timeout=5) as raw,
        context.wrap_socket(raw, server_hostname="localhost") as slow,
    ):
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        started = time.monotonic()
        slow.settimeout(5)
        try:
            answer = slow.recv(100)
        except (ConnectionError, ssl.SSLError):
            answer = b""
        assert time.monotonic() - started < 4  # the 1 s header deadline, not the 5 s wait
        assert answer == b"" or b"408" in answer
