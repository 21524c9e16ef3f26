"""Several server processes on one PostgreSQL database.

Any process may take any request, so two things must cross between them:

* **Changes.**  A move committed by one process must reach the WebSockets of every
  other.  Each commit sends a PostgreSQL ``NOTIFY`` in its own transaction (delivered
  only if it commits, in commit order), carrying the move itself (server/notices.py);
  every process ``LISTEN``s and applies it to the tables it holds in memory, reading
  the log only when a notice says less (seats, chat, undo) or one was missed.  The
  database is the one service the processes already share, and it already is the
  truth: a notification that is lost (the listener reconnecting) costs only a reload of
  the tables in memory.
* **Bots.**  Each table's bots are played by one process, the holder of the table's row
  in ``bot_leases``.  The holder renews its leases every ``ttl / 3`` seconds; a process
  that dies stops renewing, and within ``ttl`` seconds another one claims the table and
  plays on from the log.  A move is stored once whatever happens: the log's unique
  (table, seq) pair refuses a second move for the same turn.

SQLite serves one process: :class:`Solo` does nothing and owns every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

from nilegames.server.notices import parse_changes, parse_presence, presence_payloads

log = logging.getLogger("nilegames.server")

#: Seconds a lease lasts without renewal: how long a dead process's bots wait.
LEASE_TTL = 6.0


def process_name() -> str:
    """This process among all those on the database: host, pid and a random part."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"


class Solo:
    """One process (SQLite, or PostgreSQL used by one server): no fan-out, every lease."""

    name = "solo"
    active = False

    async def start(self, hub: Any) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def claim(self, table_id: str) -> bool:
        return True

    def owns(self, table_id: str) -> bool:
        return True

    def release(self, table_id: str) -> None:
        return None

    def announce(self, presence: dict[str, frozenset[int]]) -> None:
        return None


class Postgres:
    """Fan-out by LISTEN/NOTIFY and bot leases, for processes sharing one PostgreSQL."""

    active = True

    def __init__(self, engine: Engine, ttl: float = LEASE_TTL) -> None:
        self.engine = engine
        self.ttl = ttl
        self.name = process_name()
        self.channel = "nilegames"
        self.owned: set[str] = set()
        self.others: dict[str, float] = {}  # tables another process held, until when asked
        self.tasks: list[asyncio.Task[None]] = []
        self.hub: Any = None

    # -- life cycle ---------------------------------------------------------------------
    async def start(self, hub: Any) -> None:
        self.hub = hub
        self.channel = await asyncio.to_thread(self._channel)
        hub.store.notify = (self.channel, self.name)
        listening = asyncio.get_running_loop().create_future()
        self.tasks = [
            asyncio.create_task(self._listen(listening)),
            asyncio.create_task(self._keep_leases()),
        ]
        with contextlib.suppress(TimeoutError):  # a slow start still serves, and catches up
            await asyncio.wait_for(asyncio.shield(listening), 10)

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        owned, self.owned = list(self.owned), set()
        if owned:  # hand the bots over at once rather than after the lease runs out
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self._drop, owned)

    def _channel(self) -> str:
        """One channel per schema: test databases that share a server do not mix."""
        with self.engine.connect() as connection:
            schema = connection.execute(text("SELECT current_schema()")).scalar_one()
        return "nilegames_" + hashlib.sha256(str(schema).encode()).hexdigest()[:16]

    # -- changes ------------------------------------------------------------------------
    async def _listen(self, listening: asyncio.Future[None]) -> None:
        """Follow the channel; after a lost connection, reconnect and catch up."""
        import psycopg

        url = make_url(self.engine.url).set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        pause, first = 0.2, True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    conninfo, autocommit=True
                ) as connection:
                    await connection.execute(f'LISTEN "{self.channel}"')
                    if not listening.done():
                        listening.set_result(None)
                    if not first:  # what was said while we were away is lost: reload
                        await self.hub.catch_up_all()
                    first, pause = False, 0.2
                    async for notice in connection.notifies():
                        if notice.payload.startswith("P"):
                            origin, presence = parse_presence(notice.payload)
                            if origin != self.name:
                                self.hub.present_elsewhere(origin, presence)
                            continue
                        try:
                            origin, changes = parse_changes(notice.payload)
                        except ValueError:  # from a newer or older process: read it all
                            log.warning("a change notice not understood: reading every table")
                            await self.hub.catch_up_all()
                            continue
                        if origin != self.name:
                            self.hub.changed_elsewhere(changes)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database went away: try again, less often
                log.warning("listening for changes: %s", " ".join(str(error).split()))
                first = False
            await asyncio.sleep(pause)
            pause = min(pause * 2, 5.0)

    # -- leases -------------------------------------------------------------------------
    def owns(self, table_id: str) -> bool:
        return table_id in self.owned

    async def claim(self, table_id: str) -> bool:
        """Take the table's bots if nobody holds them (or their holder's lease ran out)."""
        if table_id in self.owned:
            return True
        now = time.monotonic()
        if self.others.get(table_id, 0.0) > now:
            return False  # asked lately: the holder is alive (the renewal adopts orphans)
        try:
            won = await asyncio.to_thread(self._claim, table_id)
        except Exception as error:
            log.warning("claiming table %s: %s", table_id, " ".join(str(error).split()))
            return False
        if won:
            self.owned.add(table_id)
            self.others.pop(table_id, None)
        else:
            if len(self.others) > 10_000:
                self.others = {t: u for t, u in self.others.items() if u > now}
            self.others[table_id] = now + self.ttl / 3
        return won

    def release(self, table_id: str) -> None:
        """The table is over: its lease goes (in the next renewal's clean-up)."""
        self.owned.discard(table_id)

    def announce(self, presence: dict[str, frozenset[int]]) -> None:
        """Tell the others which seats this process has sockets for (an empty set: none
        any more).  Said again every ttl / 3, and forgotten by the others after ttl
        without news, so a dead process's players stop showing as connected."""
        if presence and self.hub is not None:
            self.hub._later(asyncio.to_thread(self._notify, presence_payloads(self.name, presence)))

    def _notify(self, payloads: list[str]) -> None:
        try:
            with self.engine.begin() as connection:
                for payload in payloads:
                    connection.execute(
                        text("SELECT pg_notify(:channel, :payload)"),
                        {"channel": self.channel, "payload": payload},
                    )
        except Exception as error:  # presence is a courtesy: the next round says it again
            log.warning("announcing presence: %s", " ".join(str(error).split()))

    async def _keep_leases(self) -> None:
        """Renew ours, drop those of finished tables, adopt the orphans; every ttl / 3."""
        call_soon: Callable[[str], Awaitable[None]] = self.hub.adopt
        while True:
            try:
                self.announce(self.hub.local_presence())
                self.hub.expire_presence(self.ttl)
                kept, orphans = await asyncio.to_thread(self._renew)
                for lost in self.owned - kept:
                    self.owned.discard(lost)
                    self.hub.lost_lease(lost)
                for table_id in orphans:
                    self.others.pop(table_id, None)
                    if await self.claim(table_id):
                        await call_soon(table_id)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("renewing bot leases: %s", " ".join(str(error).split()))
            await asyncio.sleep(self.ttl / 3)

    def _claim(self, table_id: str) -> bool:
        with self.engine.begin() as connection:
            row = connection.execute(
                text(
                    "INSERT INTO bot_leases (table_id, owner, expires)"
                    " VALUES (:table, :me, now() + make_interval(secs => :ttl))"
                    " ON CONFLICT (table_id) DO UPDATE"
                    " SET owner = excluded.owner, expires = excluded.expires"
                    " WHERE bot_leases.expires < now() OR bot_leases.owner = excluded.owner"
                    " RETURNING owner"
                ),
                {"table": table_id, "me": self.name, "ttl": self.ttl},
            ).first()
        return row is not None

    def _renew(self) -> tuple[set[str], list[str]]:
        with self.engine.begin() as connection:
            kept = connection.execute(
                text(
                    "UPDATE bot_leases SET expires = now() + make_interval(secs => :ttl)"
                    " WHERE owner = :me RETURNING table_id"
                ),
                {"me": self.name, "ttl": self.ttl},
            ).scalars()
            kept_ids = set(kept)
            connection.execute(
                text(
                    "DELETE FROM bot_leases l USING game_tables t"
                    " WHERE l.table_id = t.id AND t.status <> 'playing'"
                )
            )
            rows = connection.execute(
                text(
                    "SELECT t.id, t.seats FROM game_tables t WHERE t.status = 'playing'"
                    " AND NOT EXISTS (SELECT 1 FROM bot_leases l"
                    " WHERE l.table_id = t.id AND l.expires > now())"
                )
            ).all()
        orphans = [tid for tid, seats in rows if any(s["kind"] == "bot" for s in seats)]
        return kept_ids, orphans

    def _drop(self, table_ids: list[str]) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                text("DELETE FROM bot_leases WHERE owner = :me AND table_id = ANY(:ids)"),
                {"me": self.name, "ids": table_ids},
            )


def cluster_for(engine: Engine, ttl: float = LEASE_TTL) -> Solo | Postgres:
    """Leases and fan-out on PostgreSQL; nothing to share on SQLite."""
    if engine.dialect.name == "postgresql":
        return Postgres(engine, ttl)
    return Solo()
