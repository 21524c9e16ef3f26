"""Many NILE games at once against a real server: moves/s and submit-to-broadcast latency.

A player's click matters to the others only once their pages show it, so the latency
measured is from sending ``POST /api/tables/<id>/actions`` to the moment the *other*
seat's WebSocket delivers the view with the higher ``seq``: the server's checks, the
database commit, the broadcast and the network hop, as the other player sees it.

``nilegames serve`` runs as its own process (a temporary SQLite file by default) and the
clients share one asyncio process: on a 2-core machine, one core each (pinned when the
machine has two or more).  ``--workers N`` starts N server processes on one PostgreSQL
database (``--database``) instead, unpinned: each table's two seats watch it on two
different processes and its moves go to a third (with 3 or more), so every latency
measured crosses processes, and the figures are given for each receiving process.
``--slowloris N`` keeps N half-sent requests open against the first server (or
``--through`` a proxy's URL) while the players play.  ``--proxy`` starts docs/deploy.md's
nginx (TLS, its limits as written) in front of the servers started and sends the players
and the slowloris connections through it.

Every table has two human seats, each driven by a coroutine that plays a random legal
move when its WebSocket says it is its turn: at once by default, so every table always
has a move under way and the figures show the server at full load (the latency is then
mostly queueing: about tables ÷ actions/s); ``--think S`` makes each player pause about S
seconds first, as people and the server's own bots do.  Finished games are replaced by
new ones until the time is up.  Target: p99 under 50 ms with 100 tables on a 2-core
machine (reported, never enforced).  Anything else running on the machine shows in the
tail figures: compare runs made on a quiet machine.

Run it with ``make bench`` or ``python benchmarks/load.py [--tables N] [--seconds S]
[--think S] [--database URL] [--workers N] [--proxy] [--slowloris N] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from sqlalchemy.engine import make_url

from load_clients import BROADCAST_TIMEOUT, Run, Slow, slowloris, still_open
from load_report import percentile, report, summary
from load_servers import cpu_seconds, fresh_schema, own_cpu_seconds, pinning, proxy_in_front, server

DEFAULT_TABLES = 100
DEFAULT_SECONDS = 20.0
DEFAULT_SEED = 20240601


async def measure(bases: list[str], pids: list[int], args: argparse.Namespace) -> dict[str, Any]:
    """Set up the tables (not timed), let them all play for ``args.seconds``, collect."""
    run = Run(bases, args.seed, args.variant, args.think, args.insecure)
    async with run.http(connections=10 * len(bases)) as setup:
        made = await asyncio.gather(*(run.create(setup) for _ in range(args.tables)))
    go = asyncio.Event()
    slots = [asyncio.create_task(run.slot(game, go)) for game in made if game is not None]
    attackers: list[Slow] = []
    refused = 0
    if args.slowloris:
        attackers, refused = await slowloris(args.through or bases[0], args.slowloris)
    server_cpu = sum(cpu_seconds(pid) for pid in pids)
    client_cpu = own_cpu_seconds()
    started = time.perf_counter()
    go.set()
    await asyncio.sleep(args.seconds)
    run.stopping = True
    elapsed = time.perf_counter() - started
    server_cpu = sum(cpu_seconds(pid) for pid in pids) - server_cpu
    client_cpu = own_cpu_seconds() - client_cpu
    kept = sum([await still_open(slow) for slow in attackers])
    for _, writer in attackers:
        writer.close()
    # the moves in flight still get their broadcast timed; then every socket closes
    grace = time.monotonic() + BROADCAST_TIMEOUT
    while any(g.pending for g in run.games) and time.monotonic() < grace:
        await asyncio.sleep(0.05)
    for task in slots:
        task.cancel()
    for outcome in await asyncio.gather(*slots, return_exceptions=True):
        if isinstance(outcome, Exception):  # a client bug or a dropped connection
            run.figures.errors[f"client: {outcome!r}"] += 1
    figures = run.figures
    result = summary(figures, elapsed, server_cpu, client_cpu, args)
    result["workers"] = len(pids) or len(bases)
    result["by_process"] = {
        str(index): {
            "samples": len(values),
            "p50_ms": percentile(sorted(values), 0.5),
            "p99_ms": percentile(sorted(values), 0.99),
        }
        for index, values in sorted(figures.by_process.items())
    }
    if args.slowloris:
        result["slowloris"] = {
            "connections": args.slowloris,
            "refused_at_once": refused,
            "open_at_the_end": kept,
            "target": args.through or bases[0],
        }
    return result


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--tables",
        type=int,
        default=DEFAULT_TABLES,
        help=f"games played at once (default {DEFAULT_TABLES})",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help=f"how long they play (default {DEFAULT_SECONDS:g})",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="the server's database (default: a temporary SQLite file); PostgreSQL gets"
        " a new schema that is dropped at the end",
    )
    parser.add_argument(
        "--variant",
        choices=("standard", "short"),
        default="standard",
        help="NILE variant of every game (default standard)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="mean pause before each move, as a player's (default 0: as fast as possible)",
    )
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help="seed of the clients' random moves"
    )
    parser.add_argument(
        "--no-pin",
        dest="pin",
        action="store_false",
        help="let the system place the server and the clients (default: one core each)",
    )
    parser.add_argument(
        "--server",
        action="append",
        metavar="URL",
        help="play against this running server (repeat for several; e.g. a proxy's URL)"
        " instead of starting one; its processes' CPU is not measured",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes on one PostgreSQL --database (default 1)",
    )
    parser.add_argument(
        "--slowloris",
        type=int,
        default=0,
        metavar="N",
        help="hold N half-sent requests open against the server while the players play",
    )
    parser.add_argument(
        "--through",
        metavar="URL",
        help="send the slowloris connections here (a proxy in front of the servers)",
    )
    parser.add_argument(
        "--insecure",
        action="store_true",
        help="do not check the TLS certificate of an https --server (a local proxy)",
    )
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="start docs/deploy.md's nginx (TLS) in front of the --workers servers and play"
        " through it; --slowloris then goes through it too",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures here")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.think < 0:
        parser.error("--tables must be at least 1, --seconds positive, --think not negative")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.proxy and (args.server or args.workers < 2):
        parser.error("--proxy starts nginx before the servers it starts: --workers 2 or more")
    if args.workers > 1 and not args.server and not (args.database or "").startswith("postgres"):
        parser.error("--workers above 1 needs a PostgreSQL --database")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console(highlight=False)
    console.width = max(console.width, 100)
    server_cpu, client_cpu = pinning(args.pin and args.workers == 1 and not args.server)
    if client_cpu is not None:
        os.sched_setaffinity(0, {client_cpu})
    with tempfile.TemporaryDirectory(prefix="nilegames-load-") as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        shown = make_url(database).render_as_string(hide_password=True)
        if args.server:
            shown = ", ".join(args.server)
        where = "" if server_cpu is None else f", server on core {server_cpu}"
        console.print(f"[bold]server[/bold] {shown}{where}")
        console.print(
            f"[bold]machine[/bold] {os.cpu_count()} cores, Python {platform.python_version()}"
            f"   [bold]seed[/bold] {args.seed}"
        )
        if args.server:  # running servers: nothing to start
            result = asyncio.run(measure(args.server, [], args))
        else:
            with fresh_schema(database) as url, ExitStack() as stack:
                options = ("--behind-proxy",) if args.proxy else ()
                running = [
                    stack.enter_context(server(url, Path(folder), server_cpu, *options))
                    for _ in range(args.workers)
                ]
                bases, pids = [base for base, _ in running], [pid for _, pid in running]
                if args.proxy:
                    bases = [stack.enter_context(proxy_in_front(bases, Path(folder)))]
                    console.print(f"[bold]proxy[/bold] {bases[0]}, docs/deploy.md's nginx")
                    args.insecure, args.through = True, args.through or bases[0]
                result = asyncio.run(measure(bases, pids, args))
    result |= {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "database": shown,
        "seed": args.seed,
        "cores": os.cpu_count(),
        "pinned": server_cpu is not None,
    }
    report(console, result)
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 1 if result["errors"] or not result["actions"] else 0


if __name__ == "__main__":
    sys.exit(main())
