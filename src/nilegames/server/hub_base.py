"""What every part of the :class:`~nilegames.server.live.Hub` shares: its tables in
memory, the database's threads (one writer, moves grouped into commits) and the
connections that views are published to.

The hub is this base and one part per concern (moves, seat changes, bots, other
processes), each a subclass of it; the parts call each other through the methods
declared here.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from nilegames.server.bots import BotPool
from nilegames.server.checks import CHAT_KEPT
from nilegames.server.cluster import LEASE_TTL, cluster_for
from nilegames.server.errors import ApiError, forbidden, not_found, unavailable
from nilegames.server.live_table import LiveTable, Subscriber
from nilegames.server.store import Append, Store, replay_log, seat_of_token

log = logging.getLogger("nilegames.server")
T = TypeVar("T")

#: A finished table leaves memory this many seconds after its last use, any other table
#: after IDLE (nobody connected, no bot to move); the sweep looks every SWEEP_EVERY.
LINGER = 30.0
IDLE = 600.0
SWEEP_EVERY = 5.0


def database_down(error: SQLAlchemyError) -> ApiError:
    """A database failure as the refusal a client sees (503, try again); logged once."""
    log.warning("database error: %s", " ".join(str(getattr(error, "orig", error)).split()))
    return unavailable()


class HubBase:
    """The hub's shared state and plumbing (see the module's docstring)."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.4,
        *,
        linger: float = LINGER,
        idle: float = IDLE,
        sweep_every: float = SWEEP_EVERY,
        bot_processes: int = 1,
        lease_ttl: float = LEASE_TTL,
        seed: int | None = None,
    ) -> None:
        self.store = store
        self.cluster = cluster_for(store.engine, lease_ttl)
        self.catching_up: set[asyncio.Task[None]] = set()
        #: Bot moves this process stored, and those refused because another move of the
        #: same turn came first (across processes: a turn computed twice).
        self.counts: Counter[str] = Counter()
        self.bot_delay = bot_delay
        self.linger, self.idle, self.sweep_every = linger, idle, sweep_every
        self.sweeper: asyncio.Task[None] | None = None
        self.tables: dict[str, LiveTable] = {}
        self.rng = random.SystemRandom()  # chance and bot seeds: nobody can predict them
        #: Tests and demos only: with a seed, each table draws its chance outcomes and bot
        #: seeds from its own generator, seeded from this and the table's number among
        #: those this process opened (or its id), so a table plays alike from run to run
        #: (unless a bot with a time budget searches further one time than another).
        #: A finished table's generator goes when the table leaves memory.
        self.seed = seed
        self.opened = 0
        self.table_rngs: dict[str, random.Random] = {}
        self.bot_processes = bot_processes
        self.executor: BotPool | None = None  # the bots' thinking
        self.writer: ThreadPoolExecutor | None = None  # the database's writes: one thread
        self.loading: asyncio.Lock | None = None
        self.loads: dict[str, asyncio.Future[LiveTable]] = {}  # tables being read
        self.committing: set[asyncio.Future[None]] = set()  # moves being stored
        self.waiting: list[tuple[Append, asyncio.Future[None]]] = []  # for the next commit
        self.flushing: asyncio.Task[None] | None = None  # committing what was waiting

    def rng_for(self, table_id: str, *, new: bool = False) -> random.Random:
        """Where a table's chance outcomes and bot seeds come from: the system's unpredictable
        source, or with a server seed the table's own generator (``new``: a table this
        process is opening now, numbered in order)."""
        if self.seed is None:
            return self.rng
        if table_id not in self.table_rngs:
            name = f"opened {self.opened}" if new else f"table {table_id}"
            self.opened += new
            self.table_rngs[table_id] = random.Random(f"{self.seed}: {name}")
        return self.table_rngs[table_id]

    if TYPE_CHECKING:  # provided by the parts (moves.py, bot_turns.py, elsewhere.py)

        async def apply(self, live: LiveTable, seat: int, seq: int, action: int) -> None: ...

        def _kick(self, live: LiveTable) -> None: ...

        async def _catch_up(self, live: LiveTable, full: bool = False) -> None: ...

    # -- tables -------------------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable:
        """The live table, loaded from its log if it is not in memory yet."""
        live = self.tables.get(table_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        if self.loading is None:
            raise RuntimeError("the hub is not started")
        # One load per table, however many ask at once; different tables load side by
        # side (a thousand sockets arriving at a fresh process must not queue one by one).
        pending = self.loads.get(table_id)
        if pending is None:
            pending = asyncio.ensure_future(self._read(self._load, table_id))
            self.loads[table_id] = pending
            try:
                live = await asyncio.shield(pending)
            finally:
                del self.loads[table_id]
            live = self.tables.setdefault(table_id, live)
            self._kick(live)
            return live
        await asyncio.shield(pending)
        return self.tables.get(table_id) or await self.table(table_id)

    async def current(self, table_id: str) -> LiveTable:
        """The live table as the database has it now.  With several processes, news of a
        move stored by another one may still be on its way; a client that just moved
        there must not read an older view here, so the log is read first (one query)."""
        cached = table_id in self.tables
        live = await self.table(table_id)
        if cached and self.cluster.active:
            await self._catch_up(live)
        return live

    def _load(self, table_id: str) -> LiveTable:
        found = self.store.load(table_id) if len(table_id) <= 32 else None
        if found is None:
            raise not_found(f"no table {table_id!r}")
        record, entries = found
        chat = self.store.load_chat(table_id, CHAT_KEPT)
        hints = self.store.load_hints(table_id)
        return LiveTable(record, entries, replay_log(record, entries), chat=chat, hints=hints)

    # -- the database -------------------------------------------------------------------
    async def _write(self, call: Callable[..., T], *args: Any) -> T:
        """One write to the database, in the writer thread (reads use any thread).

        One writer: SQLite takes one at a time, and writers that meet there sleep in its
        busy handler (1, 2, 5, 10... ms between tries), which under load was most of a
        move's latency; moves waiting meanwhile are grouped instead (:meth:`_store`).
        """
        if self.writer is None:
            raise RuntimeError("the hub is not started")
        try:
            return await asyncio.get_running_loop().run_in_executor(self.writer, call, *args)
        except SQLAlchemyError as error:
            raise database_down(error) from None

    async def _read(self, call: Callable[..., T], *args: Any) -> T:
        """One read from the database, in a thread; a failure is a 503 refusal."""
        try:
            return await asyncio.to_thread(call, *args)
        except SQLAlchemyError as error:
            raise database_down(error) from None

    async def _store(self, move: Append) -> None:
        """Store one move (raising :class:`SeqTakenError` if refused), in one commit with
        every other move that arrives while the previous commit runs (group commit).

        A commit waits for the disk to sync: a few milliseconds, or far more when the disk
        is slow for a moment, and the moves queued behind it then share the next commit
        instead of syncing one after another.  Each is acknowledged only once stored.
        """
        stored = asyncio.get_running_loop().create_future()
        self.waiting.append((move, stored))
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.create_task(self._flush())
        try:
            await stored
        except SQLAlchemyError as error:
            raise database_down(error) from None

    async def _flush(self) -> None:
        """Commit the moves waiting, in groups, until none is left."""
        while self.waiting:
            group, self.waiting = self.waiting, []
            outcomes: Sequence[BaseException | None]
            try:
                outcomes = await self._write(self.store.append_all, [move for move, _ in group])
            except Exception as error:  # the database failed: every move of the group did
                outcomes = [error] * len(group)
            except asyncio.CancelledError:  # the loop is closing: nobody waits any more
                for _, stored in group + self.waiting:
                    stored.cancel()
                raise
            for (_, stored), outcome in zip(group, outcomes, strict=True):
                if stored.done():
                    continue
                if outcome is None:
                    stored.set_result(None)
                else:
                    stored.set_exception(outcome)

    def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        """The seat a token holds; no token is a spectator, a wrong one is refused."""
        if not token:
            return None
        seat = seat_of_token(live.record.seats, token)
        if seat is None:
            raise forbidden(f"this token holds no seat at table {live.record.id}")
        return seat

    def _later(self, work: Any) -> None:
        """Run ``work`` in the background, held until done (the loop keeps only weak
        references to its tasks)."""
        task = asyncio.ensure_future(work)
        self.catching_up.add(task)
        task.add_done_callback(self.catching_up.discard)

    # -- live views -------------------------------------------------------------------
    def subscribe(self, live: LiveTable, seat: int | None) -> Subscriber:
        """A new connection: it gets a view now, the others one too if it changes who is
        connected."""
        subscriber = Subscriber(seat)
        live.touched = time.monotonic()
        before, mine = live.connected(), live.local()
        live.subscribers.append(subscriber)
        if live.local() != mine:
            self.cluster.announce({live.record.id: live.local()})
        if live.connected() != before:
            self.publish(live)
        else:
            subscriber.offer(live.frame(seat).message)
        return subscriber

    def unsubscribe(self, live: LiveTable, subscriber: Subscriber) -> None:
        before, mine = live.connected(), live.local()
        live.subscribers.remove(subscriber)
        live.touched = time.monotonic()
        if live.local() != mine:
            self.cluster.announce({live.record.id: live.local()})
        if live.connected() != before:
            self.publish(live)

    def publish(self, live: LiveTable) -> None:
        """Queue the current view for every connection (built once per connected seat;
        a seat nobody watches costs nothing)."""
        for subscriber in live.subscribers:
            subscriber.offer(live.frame(subscriber.seat).message)
