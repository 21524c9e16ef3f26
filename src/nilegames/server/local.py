"""``nilegames serve`` processes on this machine, for the tests, the load benchmark and
demos: a free port, a schema of one's own on PostgreSQL, a server started and waited for,
and stopped as Ctrl-C would.

Kept in the package (not in ``tests/``) because the benchmarks use it too and cannot
import the tests.
"""

from __future__ import annotations

import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

#: How a child process runs the command line (the tests' interpreter, not a script on PATH).
SERVE = "from nilegames.cli.main import app; app()"


class LocalServer(NamedTuple):
    """A running ``nilegames serve``: where it answers, its process and its output."""

    base: str
    process: subprocess.Popen[bytes]
    log: Path


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def own_schema(url: str, prefix: str) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL schema named ``prefix`` and a random tail on the
    database at ``url``, dropped afterwards (the database stays as it was)."""
    schema = f"{prefix}_{secrets.token_hex(6)}"
    admin = create_engine(url)
    try:
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
        try:
            yield scoped.render_as_string(hide_password=False)
        finally:
            with admin.begin() as connection:
                connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    finally:
        admin.dispose()


@contextmanager
def local_server(
    database: str,
    folder: Path,
    *options: str,
    start_timeout: float = 30.0,
    stop_timeout: float = 60.0,
    before_start: Callable[[], None] | None = None,
) -> Iterator[LocalServer]:
    """``nilegames serve`` on a free loopback port with ``options``, its output in a log
    file in ``folder`` (a file, not a pipe, which could fill and stall the server); yields
    it (:class:`LocalServer`) once it answers.  Afterwards it gets SIGINT and
    ``stop_timeout`` seconds to stop (else it is killed and RuntimeError says so, with
    the log).  ``before_start`` runs in the child before the server (e.g. pinning a core)."""
    port = free_port()
    command = [sys.executable, "-c", SERVE, "serve", "--port", str(port)]
    command += ["--database", database, *options]
    log = folder / f"server-{port}.log"
    with log.open("w") as sink:
        process = subprocess.Popen(
            command, cwd=folder, stdout=sink, stderr=subprocess.STDOUT, preexec_fn=before_start
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base, process, log, start_timeout)
        yield LocalServer(base, process, log)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=stop_timeout)
        except subprocess.TimeoutExpired as timeout:
            process.kill()
            process.wait()
            # from the timeout, not from None: a test's own failure stays in the traceback
            stopped = f"the server did not stop in {stop_timeout:g} s:\n{log.read_text()}"
            raise RuntimeError(stopped) from timeout


def wait_until_serving(
    base: str, process: subprocess.Popen[bytes], log: Path, timeout: float
) -> None:
    """Return once the server at ``base`` answers; RuntimeError with its log if it stops
    or does not answer within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server did not start in time:\n{log.read_text()}")
        time.sleep(0.1)
