"""The servers ``benchmarks/load.py`` plays against: ``nilegames serve`` processes on
loopback (pinned to a core when it may), a schema of their own on PostgreSQL, nginx in
front of them, and the CPU time they spend.
"""

from __future__ import annotations

import os
import resource
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from nilegames.server.local import free_port, local_server, own_schema


@contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """PostgreSQL: a new schema for this run, dropped afterwards (the database stays as it
    was); any other database URL is used as it is."""
    if not url.startswith("postgresql"):
        yield url
        return
    with own_schema(url, "nilegames_load") as scoped:
        yield scoped


#: The benchmark's clients all come from one address: no per-client limit applies.
NO_LIMITS = ("--limit-tables", "0", "--limit-moves", "0", "--limit-messages", "0")
NO_LIMITS += ("--limit-sockets", "0", "--limit-connections", "0")


@contextmanager
def server(
    database: str, folder: Path, cpu: int | None, *options: str
) -> Iterator[tuple[str, int]]:
    """``nilegames serve`` on a free loopback port (pinned to ``cpu`` if given): its base
    URL and process id."""
    pin = None if cpu is None else (lambda: os.sched_setaffinity(0, {cpu}))
    options = ("--bot-delay", "0", *NO_LIMITS, *options)
    running = local_server(database, folder, *options, stop_timeout=15, before_start=pin)
    with running as started:
        yield started.base, started.process.pid


@contextmanager
def proxy_in_front(bases: list[str], folder: Path) -> Iterator[str]:
    """docs/deploy.md's nginx on loopback before the first two servers: its https URL."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.nginx_helpers import find_nginx, nginx_proxy

    nginx = find_nginx()
    if nginx is None:
        raise SystemExit("--proxy needs nginx: apt-get install nginx")
    ports = (free_port(), free_port())
    # Room for the slowloris connections and the players', each proxied twice.
    with nginx_proxy(nginx, folder, bases[:2], ports, connections=8192) as base:
        yield base


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def pinning(wanted: bool) -> tuple[int | None, int | None]:
    """The cores for the server and the clients: two different ones if we may and can."""
    if not wanted or not hasattr(os, "sched_getaffinity"):
        return None, None
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        return None, None
    return cores[0], cores[1]
