"""The players of ``benchmarks/load.py``: a coroutine per seat that moves and times the
broadcasts, the figures they add to, and the slowloris connections that attack the server
while they play.
"""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

#: A broadcast that takes longer than this is lost, not slow: the game is abandoned.
BROADCAST_TIMEOUT = 15.0


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


#: How long a client keeps an idle connection: less than the server's keep-alive (5 s).
KEEPALIVE_SECONDS = 3.0


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
