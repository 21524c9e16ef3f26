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
import math
import os
import platform
import random
import resource
import secrets
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich import box
from rich.console import Console
from rich.table import Table
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

DEFAULT_TABLES = 100
DEFAULT_SECONDS = 20.0
DEFAULT_SEED = 20240601
TARGET_P99_MS = 50.0
#: A broadcast that takes longer than this is lost, not slow: the game is abandoned.
BROADCAST_TIMEOUT = 15.0
START_TIMEOUT = 30.0
SERVE = "from nilegames.cli.main import app; app()"


@dataclass
class Figures:
    """What every client coroutine adds to while the clock runs."""

    latencies: list[float] = field(default_factory=list)  # submit to broadcast, seconds
    by_process: dict[int, list[float]] = field(default_factory=dict)  # by receiving process
    round_trips: list[float] = field(default_factory=list)  # POST sent to its answer
    actions: int = 0
    games_started: int = 0
    games_finished: int = 0
    resent: int = 0  # moves sent again on a fresh connection (see Run.move)
    errors: Counter[str] = field(default_factory=Counter)


@dataclass
class Pending:
    """The move in flight at one table (a turn-based game has at most one)."""

    seat: int
    seq: int
    sent: float


@dataclass(eq=False)
class Game:
    table_id: str
    tokens: dict[str, str]
    home: int = 0  # its first seat's process; the other seat and the moves use the next
    pending: Pending | None = None
    posted_seq: int = -1  # the seq of the last move this table's clients sent


class Run:
    """The clients of one benchmark: the figures, the clock, an HTTP client per table.

    Each table has its own small ``httpx.AsyncClient``: one pool shared by every table
    costs the clients time that grows with the number of connections (httpcore scans
    them all for every request), which would be measured as the server's latency.
    """

    def __init__(
        self, bases: list[str], seed: int, variant: str, think: float, insecure: bool = False
    ) -> None:
        self.bases = bases
        self.base = bases[0]
        self.think = think
        self.next_home = 0
        self.rng = random.Random(seed)
        self.variant = variant
        self.tls = ssl.create_default_context()  # unused on http://, built once, not per client
        if insecure:  # a proxy on loopback with a self-signed certificate
            self.tls.check_hostname, self.tls.verify_mode = False, ssl.CERT_NONE
        self.figures = Figures()
        self.stopping = False  # past the deadline: no new moves, no new games
        self.games: set[Game] = set()

    def http(self, connections: int = 1, base: str | None = None) -> httpx.AsyncClient:
        # A client must give up an idle connection before the server does (uvicorn: 5 s),
        # as browsers do: with both at 5 s, a move sent 5 s after the last one raced the
        # server's close and failed with a ReadError, counted as the server's error.
        limits = httpx.Limits(max_connections=connections, keepalive_expiry=KEEPALIVE_SECONDS)
        return httpx.AsyncClient(
            base_url=base or self.base, verify=self.tls, limits=limits, timeout=30
        )

    def process(self, game: Game, offset: int) -> int:
        """The process of a table's seat 0 (offset 0), seat 1 (1) and moves (2)."""
        return (game.home + offset) % len(self.bases)

    async def create(self, http: httpx.AsyncClient) -> Game | None:
        """A new table, opened on the process its moves will go to (so that the others
        learn of it as they would of any table: when a socket asks)."""
        home, self.next_home = self.next_home % len(self.bases), self.next_home + 1
        seats = [{"kind": "human"}, {"kind": "human"}]
        body = {"game": "nile", "options": {"variant": self.variant}, "seats": seats}
        mover = self.bases[(home + 2) % len(self.bases)]
        response = await http.post(f"{mover}/api/tables", json=body)
        if response.status_code != 201:
            self.figures.errors[f"create: {response.status_code}"] += 1
            return None
        created = response.json()
        return Game(created["table"]["id"], created["tokens"], home)

    async def slot(self, first: Game, go: asyncio.Event) -> None:
        """One of the N tables: play it, then new games in its place, until told to stop.

        Its HTTP connection opens at the start: one left idle through the set-up could be
        closed by the server's keep-alive timeout just as a move is sent on it.
        """
        await go.wait()
        game: Game | None = first
        async with self.http(base=self.bases[self.process(first, 2)]) as http:
            while game is not None and not self.stopping:
                self.games.add(game)
                self.figures.games_started += 1
                try:
                    async with asyncio.TaskGroup() as seats:
                        for seat in (0, 1):
                            base = self.bases[self.process(game, seat)]
                            url = f"{base.replace('http', 'ws', 1)}/ws/tables/{game.table_id}"
                            tls = self.tls if url.startswith("wss") else None
                            live = websockets.connect(url, max_size=None, ssl=tls)
                            seats.create_task(self.seat(game, seat, live, http))
                except* (httpx.HTTPError, websockets.WebSocketException, OSError) as failed:
                    for error in failed.exceptions:
                        self.figures.errors[f"game abandoned: {error!r}"] += 1
                finally:
                    self.games.discard(game)
                game = None if self.stopping else await self.create(http)

    async def seat(self, game: Game, seat: int, connect: Any, http: httpx.AsyncClient) -> None:
        """Read this seat's views; time the other seat's moves; move when it is our turn."""
        figures = self.figures
        async with connect as live:
            await live.send(json.dumps({"type": "hello", "token": game.tokens[str(seat)]}))
            while True:
                try:
                    raw = await asyncio.wait_for(live.recv(), BROADCAST_TIMEOUT)
                except TimeoutError:
                    if not self.stopping:
                        figures.errors[f"no view within {BROADCAST_TIMEOUT:g} s"] += 1
                    return
                view = json.loads(raw)
                if view.get("type") != "view":
                    figures.errors[f"websocket: {view.get('error')}"] += 1
                    return
                seq = view["seq"]
                pending = game.pending
                if pending is not None and pending.seat != seat and seq > pending.seq:
                    took = time.perf_counter() - pending.sent
                    figures.latencies.append(took)
                    receiver = self.process(game, seat)
                    figures.by_process.setdefault(receiver, []).append(took)
                    game.pending = None
                if view["to_move"] is None:
                    if seat == 0:
                        figures.games_finished += 1
                    return
                if self.stopping and game.pending is None:
                    return
                if view["to_move"] != seat or seq <= game.posted_seq or self.stopping:
                    continue
                await self.move(game, seat, seq, view["legal_actions"], http)

    async def move(
        self,
        game: Game,
        seat: int,
        seq: int,
        legal: list[dict[str, Any]],
        http: httpx.AsyncClient,
    ) -> None:
        action = self.rng.choice(legal)["action"]
        game.posted_seq = seq
        if self.think:  # a player's pause, spread so that the tables do not move in step
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            if self.stopping:
                return
        sent = time.perf_counter()
        game.pending = Pending(seat, seq, sent)
        url, body = f"/api/tables/{game.table_id}/actions", {"seq": seq, "action": action}
        headers = {"X-Seat-Token": game.tokens[str(seat)]}
        resent = False
        try:
            response = await http.post(url, json=body, headers=headers)
        except (httpx.ReadError, httpx.RemoteProtocolError):
            # A kept-alive connection the server closed as the move went out (when this
            # process, driving every table, is too busy to send it in time): browsers send
            # such a request again, and its seq makes that safe (409 if it was stored).
            self.figures.resent += 1
            resent = True
            response = await http.post(url, json=body, headers=headers)
        self.figures.round_trips.append(time.perf_counter() - sent)
        if response.status_code == 200 or (resent and response.status_code == 409):
            if not self.stopping:  # actions/s counts the moves done within the time
                self.figures.actions += 1
        else:
            self.figures.errors[f"move: {response.status_code}"] += 1
            game.pending = None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """PostgreSQL: a new schema for this run, dropped afterwards (the database stays as it
    was); any other database URL is used as it is."""
    if not url.startswith("postgresql"):
        yield url
        return
    schema = f"nilegames_load_{secrets.token_hex(4)}"
    admin = create_engine(url)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield scoped.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


#: How long a client keeps an idle connection: less than the server's keep-alive (5 s).
KEEPALIVE_SECONDS = 3.0

#: The benchmark's clients all come from one address: no per-client limit applies.
NO_LIMITS = ("--limit-tables", "0", "--limit-moves", "0", "--limit-messages", "0")
NO_LIMITS += ("--limit-sockets", "0", "--limit-connections", "0")


@contextmanager
def server(
    database: str, folder: Path, cpu: int | None, *options: str
) -> Iterator[tuple[str, int]]:
    """``nilegames serve`` on a free loopback port (pinned to ``cpu`` if given): its base
    URL and process id."""
    port = free_port()
    command = [sys.executable, "-c", SERVE, "serve", "--port", str(port)]
    command += ["--database", database, "--bot-delay", "0", *NO_LIMITS, *options]
    log = folder / f"server-{port}.log"
    pin = None if cpu is None else (lambda: os.sched_setaffinity(0, {cpu}))
    with log.open("w") as sink:
        process = subprocess.Popen(
            command, cwd=folder, stdout=sink, stderr=subprocess.STDOUT, preexec_fn=pin
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server stopped:\n{log.read_text()}")
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start in time:\n{log.read_text()}")
            time.sleep(0.1)
        yield base, process.pid
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


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


Slow = tuple[asyncio.StreamReader, asyncio.StreamWriter]


#: The attackers' address (loopback has them all): not the players', whose own limits
#: the attack must not share.
ATTACKER = "127.0.0.2"


async def slowloris(target: str, count: int) -> tuple[list[Slow], int]:
    """``count`` connections from :data:`ATTACKER` that send half a request and stay (or
    are refused): those opened, and how many could not even connect."""
    parsed = httpx.URL(target)
    tls = None
    if parsed.scheme == "https":
        tls = ssl.create_default_context()
        tls.check_hostname, tls.verify_mode = False, ssl.CERT_NONE
    port = parsed.port or (443 if tls else 80)
    open_: list[Slow] = []
    refused = 0
    for _ in range(count):
        try:
            reader, writer = await asyncio.open_connection(
                parsed.host, port, ssl=tls, local_addr=(ATTACKER, 0)
            )
            writer.write(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            open_.append((reader, writer))
        except OSError:
            refused += 1
    return open_, refused


async def still_open(slow: Slow) -> bool:
    """Whether the server has neither answered nor closed a slow connection."""
    try:
        await asyncio.wait_for(slow[0].read(65536), 0.01)
    except TimeoutError:
        return True
    except OSError:
        return False
    return False


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


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of sorted values, in milliseconds (NaN if none)."""
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1] * 1000


def summary(
    figures: Figures,
    elapsed: float,
    server_cpu: float,
    client_cpu: float,
    args: argparse.Namespace,
) -> dict[str, Any]:
    latency = sorted(figures.latencies)
    trips = sorted(figures.round_trips)
    p99 = percentile(latency, 0.99)

    def spread(values: Sequence[float]) -> dict[str, float]:
        return {
            "p50_ms": percentile(values, 0.50),
            "p90_ms": percentile(values, 0.90),
            "p99_ms": percentile(values, 0.99),
            "max_ms": values[-1] * 1000 if values else math.nan,
        }

    return {
        "tables": args.tables,
        "seconds": round(elapsed, 3),
        "variant": args.variant,
        "think_seconds": args.think,
        "games_started": figures.games_started,
        "games_finished": figures.games_finished,
        "actions": figures.actions,
        "actions_per_second": figures.actions / elapsed,
        "latency": {"samples": len(latency), **spread(latency)},
        "post_round_trip": {"samples": len(trips), **spread(trips)},
        "errors": sum(figures.errors.values()),
        "resent": figures.resent,
        "error_kinds": dict(figures.errors),
        "server_cpu_share": server_cpu / elapsed,
        "client_cpu_share": client_cpu / elapsed,
        # What a move costs the servers, all processes together: unlike moves/s, it hardly
        # depends on what else the machine runs, so it shows how fan-out scales.
        "server_cpu_ms_per_action": server_cpu / max(figures.actions, 1) * 1000,
        "target_p99_ms": TARGET_P99_MS,
        "target_met": p99 < TARGET_P99_MS,
    }


def report(console: Console, result: dict[str, Any]) -> None:
    load = f"{result['tables']} tables × 2 seats for {result['seconds']:.1f} s"
    load += f" on {result['workers']} server process(es)"
    pause = result["think_seconds"]
    load += f", {pause:g} s pause before a move" if pause else ", no pause between moves"
    console.print(f"[bold]load[/bold] {load}")
    out = Table(box=box.SIMPLE)
    for column in ("games (finished)", "actions", "actions/s", "errors"):
        out.add_column(column, justify="right")
    out.add_row(
        f"{result['games_started']} ({result['games_finished']})",
        f"{result['actions']:,}",
        f"{result['actions_per_second']:,.0f}",
        str(result["errors"]),
    )
    console.print(out)
    times = Table(title="milliseconds", box=box.SIMPLE)
    times.add_column("")
    for column in ("samples", "p50", "p90", "p99", "max"):
        times.add_column(column, justify="right")
    for key, label in (("latency", "submit → broadcast"), ("post_round_trip", "POST round trip")):
        row = result[key]
        cells = [f"{row[name]:.1f}" for name in ("p50_ms", "p90_ms", "p99_ms", "max_ms")]
        times.add_row(label, f"{row['samples']:,}", *cells)
    console.print(times)
    if len(result.get("by_process", {})) > 1:
        per = Table(title="submit → broadcast by receiving process (ms)", box=box.SIMPLE)
        for column in ("process", "samples", "p50", "p99"):
            per.add_column(column, justify="right")
        for index, row in result["by_process"].items():
            per.add_row(
                index, f"{row['samples']:,}", f"{row['p50_ms']:.1f}", f"{row['p99_ms']:.1f}"
            )
        console.print(per)
    if "slowloris" in result:
        slow = result["slowloris"]
        console.print(
            f"slowloris: {slow['connections']} half-sent requests to {slow['target']},"
            f" {slow['refused_at_once']} refused at once, {slow['open_at_the_end']} still"
            " open at the end"
        )
    if result["resent"]:
        console.print(
            f"{result['resent']} move(s) sent again: the server had closed an idle connection"
        )
    for kind, count in sorted(result["error_kinds"].items()):
        console.print(f"[red]{count} × {kind}[/red]")
    if not result["think_seconds"] and result["actions_per_second"]:
        queued = result["tables"] / result["actions_per_second"] * 1000
        console.print(
            f"[dim]no pause: every table always has a move under way, one every tables ÷"
            f" actions/s = {queued:.0f} ms, most of it queued in the server;"
            f" --think SECONDS paces the players[/dim]"
        )
    met = "[green]yes[/green]" if result["target_met"] else "[red]no[/red]"
    console.print(
        f"p99 submit → broadcast under {TARGET_P99_MS:g} ms: {met}   "
        f"(CPU: server {result['server_cpu_share']:.0%} of a core,"
        f" clients {result['client_cpu_share']:.0%};"
        f" {result['server_cpu_ms_per_action']:.2f} ms of server CPU per action)"
    )


def pinning(wanted: bool) -> tuple[int | None, int | None]:
    """The cores for the server and the clients: two different ones if we may and can."""
    if not wanted or not hasattr(os, "sched_getaffinity"):
        return None, None
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        return None, None
    return cores[0], cores[1]


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
