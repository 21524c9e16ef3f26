"""Rate limits per client: table creations, moves and WebSocket messages.

A token bucket per client address and kind of request: a client may burst up to the
bucket's size, then goes at the bucket's rate; past it the request is refused with 429
and ``Retry-After`` (the seconds until a token is back).  The address is the one uvicorn
reports, which behind a trusted proxy (``--forwarded-allow-ips``) is the client's own
from ``X-Forwarded-For``.  Each process counts for itself: with N workers behind one
proxy a client gets at most N times the rate, which the proxy's own limits can cap
(docs/deploy.md).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from nilegames.server.errors import too_many


@dataclass(frozen=True)
class Rate:
    """``per_second`` tokens come back each second, up to ``burst`` saved; 0: no limit."""

    per_second: float
    burst: float

    @property
    def unlimited(self) -> bool:
        return self.per_second <= 0


@dataclass(frozen=True)
class Limits:
    """What one client may do (the defaults suit people playing, not scripts)."""

    tables: Rate = Rate(0.5, 20)  # 30 a minute, 20 at once
    moves: Rate = Rate(10, 30)
    messages: Rate = Rate(10, 30)  # WebSocket messages after the hello
    sockets: int = 64  # WebSockets open at once from one address; 0: no limit

    @classmethod
    def none(cls) -> Limits:
        """No limit at all (benchmarks, tests of something else)."""
        off = Rate(0, 0)
        return cls(off, off, off, 0)

    @classmethod
    def from_command_line(
        cls, tables: float, moves: float, messages: float, sockets: int
    ) -> Limits:
        """Limits as the command line gives them: tables a minute, moves and messages a
        second; bursts of 20 tables and 3 s worth of moves or messages."""
        return cls(
            Rate(tables / 60, min(20.0, tables) if tables > 0 else 0),
            Rate(moves, max(1.0, moves * 3)),
            Rate(messages, max(1.0, messages * 3)),
            sockets,
        )


@dataclass
class Bucket:
    tokens: float
    stamp: float


@dataclass
class Limiter:
    """Buckets of every client seen lately, for one kind of request."""

    rate: Rate
    what: str
    buckets: dict[str, Bucket] = field(default_factory=dict)

    def check(self, client: str) -> None:
        """Take a token for ``client`` or refuse with 429."""
        if self.rate.unlimited:
            return
        now = time.monotonic()
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self._forget(now)
            bucket = self.buckets[client] = Bucket(self.rate.burst, now)
        bucket.tokens = min(
            self.rate.burst, bucket.tokens + (now - bucket.stamp) * self.rate.per_second
        )
        bucket.stamp = now
        if bucket.tokens < 1:
            raise too_many(self.what, (1 - bucket.tokens) / self.rate.per_second)
        bucket.tokens -= 1

    def _forget(self, now: float) -> None:
        """Drop the buckets that have filled up again: those clients start afresh anyway."""
        full = self.rate.burst / self.rate.per_second
        for client, bucket in list(self.buckets.items()):
            if now - bucket.stamp > full:
                del self.buckets[client]


class RateLimits:
    """The limiters of one server process."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.tables = Limiter(limits.tables, "new tables")
        self.moves = Limiter(limits.moves, "moves")
        self.messages = Limiter(limits.messages, "messages")
        self.sockets: dict[str, int] = {}

    def open_socket(self, client: str) -> None:
        """Count a new WebSocket of ``client``; refused past the limit."""
        count = self.sockets.get(client, 0)
        if self.limits.sockets and count >= self.limits.sockets:
            raise too_many(f"open connections (at most {self.limits.sockets})", 5)
        self.sockets[client] = count + 1

    def close_socket(self, client: str) -> None:
        count = self.sockets.get(client, 0) - 1
        if count > 0:
            self.sockets[client] = count
        else:
            self.sockets.pop(client, None)
