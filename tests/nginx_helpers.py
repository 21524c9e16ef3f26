"""docs/deploy.md's nginx configuration, run as written on loopback: for the proxy test and
for the load benchmark's ``--proxy`` runs (one place that reads the doc's block)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx

DEPLOY = Path(__file__).resolve().parents[1] / "docs" / "deploy.md"
#: The doc's two upstream servers, replaced by the ones started here.
UPSTREAMS = ("127.0.0.1:8001", "127.0.0.1:8002")


def find_nginx() -> str | None:
    return shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )


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
    """A self-signed certificate for localhost, made for the run."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    command = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    subprocess.run(
        [*command, "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    return cert, key


def up(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/games", verify=False, timeout=2).status_code == 200
    except httpx.TransportError:
        return False


@contextmanager
def nginx_proxy(
    nginx: str,
    folder: Path,
    upstreams: Sequence[str],
    ports: tuple[int, int],
    *,
    header_timeout: str | None = None,
    connections: int = 1024,
) -> Iterator[str]:
    """nginx with the doc's block in front of two ``http://`` servers, listening on
    ``ports`` (TLS, plain); yields its https base URL.  ``header_timeout`` replaces the
    doc's 10 s header deadline (a test need not wait that long)."""
    tls_port, plain_port = ports
    cert, key = certificate(folder)
    changes = {
        UPSTREAMS[0]: upstreams[0].removeprefix("http://"),
        UPSTREAMS[1]: upstreams[1].removeprefix("http://"),
        "listen 443 ssl;": f"listen 127.0.0.1:{tls_port} ssl;",
        "listen 80;": f"listen 127.0.0.1:{plain_port};",
        "/etc/ssl/nilegames/fullchain.pem": str(cert),
        "/etc/ssl/nilegames/privkey.pem": str(key),
        "/var/log/nginx/nilegames.log": str(folder / "access.log"),
    }
    if header_timeout is not None:
        changes["client_header_timeout 10s;"] = f"client_header_timeout {header_timeout};"
    block = substitute(nginx_block(), changes)
    temp = folder / "nginx-temp"
    temp.mkdir()
    user = "user root;" if os.geteuid() == 0 else ""
    (folder / "nginx.conf").write_text(
        f"""{user}
daemon off;
worker_processes 1;
worker_rlimit_nofile {4 * connections};
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections {connections}; }}
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
    base = f"https://localhost:{tls_port}"
    try:
        deadline = time.monotonic() + 15
        while not up(base):
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"nginx did not start: {(folder / 'error.log').read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(10)
