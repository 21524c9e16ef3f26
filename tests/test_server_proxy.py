"""docs/deploy.md's nginx configuration, run as written on loopback in front of two
``nilegames serve`` (one of them with ``--workers 2``) on one PostgreSQL database: a game
played through it over TLS, its WebSocket included, and a slow client cut."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.server_helpers import free_port, fresh_database, play_one, serve, wait_for

DEPLOY = Path(__file__).resolve().parents[1] / "docs" / "deploy.md"


def nginx_block() -> str:
    """The ```nginx block of docs/deploy.md."""
    found = re.search(r"```nginx\n(.*?)```", DEPLOY.read_text(), re.DOTALL)
    assert found, "docs/deploy.md has no nginx block"
    return found.group(1)


def substitute(text: str, changes: dict[str, str]) -> str:
    """The doc's block with this machine's ports and files; each change must apply."""
    for old, new in changes.items():
        assert old in text, f"docs/deploy.md's nginx block no longer has {old!r}"
        text = text.replace(old, new)
    return text


def certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    command = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    subprocess.run(
        [*command, "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    return cert, key


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """nginx with the doc's configuration in front of two servers; its https base URL."""
    nginx = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
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
            first, second = starting.map(start, (2, 1))
        cert, key = certificate(folder)
        port, plain = free_port(), free_port()
        block = substitute(
            nginx_block(),
            {
                "127.0.0.1:8001": first.removeprefix("http://"),
                "127.0.0.1:8002": second.removeprefix("http://"),
                "listen 443 ssl;": f"listen 127.0.0.1:{port} ssl;",
                "listen 80;": f"listen 127.0.0.1:{plain};",
                "/etc/ssl/nilegames/fullchain.pem": str(cert),
                "/etc/ssl/nilegames/privkey.pem": str(key),
                "/var/log/nginx/nilegames.log": str(folder / "access.log"),
                "client_header_timeout 10s;": "client_header_timeout 1s;",
            },
        )
        temp = folder / "nginx-temp"
        temp.mkdir()
        user = "user root;" if os.geteuid() == 0 else ""
        (folder / "nginx.conf").write_text(
            f"""{user}
daemon off;
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 1024; }}
http {{
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
{block}
}}
"""
        )
        command = [nginx, "-p", str(folder), "-c", str(folder / "nginx.conf")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        process = subprocess.Popen(command, stderr=subprocess.DEVNULL)
        base = f"https://localhost:{port}"
        try:
            wait_for(lambda: up(base), "nginx", 15)
            yield base
        finally:
            process.terminate()
            process.wait(10)


def up(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/games", verify=False, timeout=2).status_code == 200
    except httpx.TransportError:
        return False


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
