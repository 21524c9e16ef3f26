"""Tables in play: the state cached in memory, moves, live views and the bots.

One :class:`Hub` runs on the server's event loop.  A table's state is the replay of its
log, kept in memory once loaded; a move is checked against it, written to the database
(with the chance outcomes it leads to) and only then applied and announced.  One thread
writes, and moves of different tables that meet there share a commit.  Each seat's view
is built and encoded once per change, for its REST answers and its WebSockets alike.  Bots
think in :class:`~nilegames.server.bots.BotPool`, off the loop.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import orjson
from sqlalchemy.exc import SQLAlchemyError

from nilegames.core import CHANCE, NilegamesError, State, new_game, sample_chance_outcome
from nilegames.core.undo import UndoStatus, undo_status
from nilegames.server import views
from nilegames.server.bots import BotPool
from nilegames.server.cluster import LEASE_TTL, cluster_for
from nilegames.server.errors import (
    ApiError,
    conflict,
    forbidden,
    from_core,
    not_found,
    unavailable,
    unprocessable,
)
from nilegames.server.notices import Change, Move
from nilegames.server.store import (
    FINISHED,
    PLAYING,
    Append,
    ChatLine,
    HintUse,
    Logged,
    Seat,
    SeqTakenError,
    Store,
    TableRecord,
    hash_token,
    new_table_id,
    new_token,
    now,
    replay_log,
    seat_of_token,
)

log = logging.getLogger("nilegames.server")
T = TypeVar("T")

#: Views waiting for one slow connection; past this the oldest are dropped (each view
#: is a whole snapshot, so the newest one is all a client needs to catch up).
QUEUE_LIMIT = 64

#: A bot's move that failed (the database was down) is tried again after this many
#: seconds, twice as long each time up to the limit.
#: A finished table leaves memory this many seconds after its last use, any other table
#: after IDLE (nobody connected, no bot to move); the sweep looks every SWEEP_EVERY.
LINGER = 30.0
IDLE = 600.0
SWEEP_EVERY = 5.0

RETRY_FIRST = 0.2
RETRY_LIMIT = 2.0


@dataclass(frozen=True, slots=True)
class Frame:
    """One seat's view at one moment, encoded once: the body of a REST answer and the
    WebSocket message (the same JSON with ``"type": "view"`` in front).

    Only these bytes are kept, not the view's dicts: a hundred live tables would keep
    hundreds of thousands of small objects for the garbage collector to walk.
    """

    body: bytes
    message: str

    @classmethod
    def of(cls, view: dict[str, Any]) -> Frame:
        # orjson: encoding views was the largest cost of a move on a busy server.
        body = orjson.dumps(view)
        return cls(body, '{"type":"view",' + body[1:].decode())


class Subscriber:
    """One WebSocket's outbox, holding encoded views for its seat (None: spectator)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=QUEUE_LIMIT)

    def offer(self, message: str) -> None:
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(message)


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its record, its log and the state that log replays to."""

    record: TableRecord
    log: list[Logged]
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: list[Subscriber] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    frames: dict[int | None, Frame] = field(default_factory=dict)
    frames_of: tuple[TableRecord, int, frozenset[int]] | None = None  # the moment they show
    touched: float = field(default_factory=time.monotonic)  # last asked for or changed
    #: (seq, the state before the log's last entry): what an undo status needs, kept from
    #: the move that made it or replayed once when asked
    before: tuple[int, State] | None = None
    chat: list[ChatLine] = field(default_factory=list)  # the newest CHAT_KEPT messages
    hints: list[HintUse] = field(default_factory=list)  # every hint asked, for the log

    @property
    def seq(self) -> int:
        return len(self.log)

    #: Seats other server processes have sockets for, by process: (seats, when said).
    remote: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)

    def local(self) -> frozenset[int]:
        """The seats with a socket on this process."""
        return frozenset(s.seat for s in self.subscribers if s.seat is not None)

    def connected(self) -> set[int]:
        seats = set(self.local())
        for held, _ in self.remote.values():
            seats |= held
        return seats

    def frame(self, seat: int | None) -> Frame:
        """``seat``'s view now, built and encoded once for the mover's answer and every
        connection of that seat, until the table changes (a move or a seat handed to a
        bot replaces the record; who is connected changes the summary)."""
        connected = frozenset(self.connected())
        moment = self.frames_of
        if (
            moment is None
            or moment[0] is not self.record
            or moment[1] != self.seq
            or moment[2] != connected
        ):
            self.frames.clear()
            self.frames_of = (self.record, self.seq, connected)
        made = self.frames.get(seat)
        if made is None:
            view = views.seat_view(
                self.record,
                self.state,
                self.seq,
                seat,
                connected,
                self.undo_status,
                self.chat,
                self.hints,
            )
            made = self.frames[seat] = Frame.of(view)
        return made

    def idle_for(self, now: float) -> float | None:
        """Seconds nobody has needed this table, or None while someone does (a connection,
        a bot thinking, a move being stored)."""
        busy = self.bot_task is not None and not self.bot_task.done()
        if self.subscribers or busy or self.lock.locked():
            return None
        return now - self.touched

    def undo_status(self, seat: int) -> UndoStatus:
        """Whether ``seat`` may take back the last step, replaying at most once per step."""
        actor = self.log[-1].seat if self.log else None
        if actor != seat or self.state.is_terminal():
            return undo_status(self.state, seat, actor=actor)
        if self.before is None or self.before[0] != self.seq:
            self.before = (self.seq, replay_log(self.record, self.log[:-1]))
        return undo_status(self.state, seat, before=self.before[1])

    def bot_to_move(self) -> int | None:
        """The seat to move if a bot plays it."""
        mover = self.state.current_player()
        if mover >= 0 and self.record.seats[mover].kind == "bot":
            return mover
        return None


def resolve_chance(state: State, first_seq: int, rng: random.Random) -> list[Logged]:
    """Draw every chance outcome due now; each one is logged like an action."""
    entries: list[Logged] = []
    while state.is_chance_node():
        outcome = sample_chance_outcome(state, rng)
        state.apply_action(outcome)
        entries.append(Logged(first_seq + len(entries), CHANCE, outcome))
    return entries


def replay_step(
    record: TableRecord, log: Sequence[Logged], step: int, seat: int | None
) -> dict[str, Any]:
    """The view of ``seat`` after ``step`` actions of a finished table (runs in a thread)."""
    root = new_game(record.game, record.players, **record.options).new_initial_state()
    return views.replay_step(root, log, step, seat)


def database_down(error: SQLAlchemyError) -> ApiError:
    """A database failure as the refusal a client sees (503, try again); logged once."""
    log.warning("database error: %s", " ".join(str(getattr(error, "orig", error)).split()))
    return unavailable()


#: The longest display name, in characters.
NAME_LIMIT = 24


def check_name(name: str, where: str = "") -> str:
    """A display name, trimmed; refused when empty, too long or holding control characters."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise unprocessable(f"{where}a name needs at least one visible character")
    if len(cleaned) > NAME_LIMIT:
        raise unprocessable(
            f"{where}a name has at most {NAME_LIMIT} characters, not {len(cleaned)}"
        )
    if any(not ch.isprintable() for ch in cleaned):
        raise unprocessable(f"{where}a name cannot hold control characters")
    return cleaned


#: Who plays the turn of a player away longer than the table allows.
AWAY_BOT = "medium"
AWAY_LIMIT = 24 * 3600

#: The longest chat message, in characters, and how many messages a view carries.
CHAT_LIMIT = 200
CHAT_KEPT = 50


def check_chat(text: str) -> str:
    """A chat message, trimmed; refused when empty, too long or holding control characters
    other than line breaks."""
    cleaned = text.strip()
    if not cleaned:
        raise unprocessable("a chat message needs at least one visible character")
    if len(cleaned) > CHAT_LIMIT:
        raise unprocessable(
            f"a chat message has at most {CHAT_LIMIT} characters, not {len(cleaned)}"
        )
    if any(not ch.isprintable() and ch != "\n" for ch in cleaned):
        raise unprocessable("a chat message cannot hold control characters")
    return cleaned


#: A requested seat: kind, bot and, optionally, the player's name and the seconds away
#: after which a bot takes the seat's turns.
SeatSpec = (
    tuple[str, str | None]
    | tuple[str, str | None, str | None]
    | tuple[str, str | None, str | None, int | None]
    | tuple[str, str | None, str | None, int | None, bool]
)


def check_seats(players: int, seats: Sequence[SeatSpec] | None) -> list[Seat]:
    """The seats of a new table, without tokens yet: all human unless told."""
    if seats is None:
        return [Seat("human") for _ in range(players)]
    if len(seats) != players:
        raise unprocessable(f"{len(seats)} seat(s) given for {players} players")
    checked = []
    for index, spec in enumerate(seats):
        kind, bot = spec[0], spec[1]
        name = spec[2] if len(spec) > 2 else None
        away = spec[3] if len(spec) > 3 else None
        is_open = bool(spec[4]) if len(spec) > 4 else False
        if is_open and (kind != "human" or name is not None):
            raise unprocessable(f"seat {index}: an open seat is a human seat with no name yet")
        if away is not None and (kind != "human" or not 1 <= away <= AWAY_LIMIT):
            raise unprocessable(
                f"seat {index}: 'away' is for a human seat, 1 to {AWAY_LIMIT} seconds"
            )
        if kind == "human" and bot is not None:
            raise unprocessable(f"seat {index} is a human seat: it takes no bot")
        if kind == "bot":
            check_bot(bot, f"seat {index}: ")
            if name is not None:
                raise unprocessable(f"seat {index} is a bot seat: it takes no name")
        if name is not None:
            name = check_name(name, f"seat {index}: ")
        checked.append(Seat(kind, bot, name=name, away=away, open=is_open))
    return checked


def check_bot(bot: str | None, where: str = "") -> None:
    """Refuse a bot the lobby does not offer (an open ISMCTS budget could stall the server)."""
    if bot not in views.SEAT_BOTS:
        given = "a bot seat needs a bot" if bot is None else f"no bot {bot!r}"
        raise unprocessable(f"{where}{given}; bots: {', '.join(views.SEAT_BOTS)}")


class Hub:
    """Every live table of one server, their connections and their bots."""

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
        self.bot_processes = bot_processes
        self.executor: BotPool | None = None  # the bots' thinking
        self.writer: ThreadPoolExecutor | None = None  # the database's writes: one thread
        self.loading: asyncio.Lock | None = None
        self.loads: dict[str, asyncio.Future[LiveTable]] = {}  # tables being read
        self.committing: set[asyncio.Future[None]] = set()  # moves being stored
        self.waiting: list[tuple[Append, asyncio.Future[None]]] = []  # for the next commit
        self.flushing: asyncio.Task[None] | None = None  # committing what was waiting

    # -- life cycle -------------------------------------------------------------------
    async def start(self) -> None:
        """Bring back the bots of unfinished tables (after a restart, from their logs)."""
        self.executor = BotPool(self.bot_processes)
        self.executor.warm_up()
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nilegames-db")
        self.loading = asyncio.Lock()
        await self.cluster.start(self)
        for table_id in await asyncio.to_thread(self.store.playing_with_bots):
            await self.table(table_id)
        self.sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        await self.cluster.stop()
        for task in list(self.catching_up):
            task.cancel()
        if self.sweeper is not None:
            self.sweeper.cancel()
            await asyncio.gather(self.sweeper, return_exceptions=True)
        executor, self.executor = self.executor, None
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, *self.committing, return_exceptions=True)
        if self.flushing is not None:
            await asyncio.gather(self.flushing, return_exceptions=True)
        if executor is not None:
            executor.close()
        writer, self.writer = self.writer, None
        if writer is not None:  # what it was given to store is stored
            await asyncio.to_thread(writer.shutdown)
        self.tables.clear()  # their locks belong to this event loop

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

    async def create(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, Any],
        seats: Sequence[SeatSpec] | None,
        hints: bool | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table, its set-up chance resolved; returns it and each human seat's token
        (``hints``: whether seats may ask for hints; None: unless two or more people play)."""
        if players is None and seats is not None:
            players = len(seats)
        for name in ("game_id", "players"):  # new_game's own arguments, not options
            if name in options:
                where = "the body's `players`" if name == "players" else "the body's `game`"
                raise unprocessable(f"{name!r} is not an option: it is {where}")
        try:
            game = new_game(game_id, players, **options)
        except NilegamesError as error:
            raise from_core(error) from None
        checked = check_seats(game.players, seats)
        tokens = {i: new_token() for i, seat in enumerate(checked) if seat.kind == "human"}
        checked = [
            replace(s, token_hash=hash_token(tokens[i])) if i in tokens else s
            for i, s in enumerate(checked)
        ]
        state = game.new_initial_state()
        entries = resolve_chance(state, 0, self.rng)
        when = now()
        status = FINISHED if state.is_terminal() else PLAYING
        record = TableRecord(
            new_table_id(),
            game.id,
            game.players,
            game.options,
            tuple(checked),
            status,
            when,
            when,
            hints,
        )
        await self._write(self.store.create, record, entries)
        live = LiveTable(record, entries, state)
        self.tables[record.id] = live
        self._kick(live)
        return live, tokens

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

    # -- moves ------------------------------------------------------------------------
    async def act(self, table_id: str, token: str | None, seq: int, action: int) -> Frame:
        """A human seat's move; returns that seat's view right after it."""
        live = await self.table(table_id)
        seat = self.seat_of(live, token)
        if seat is None:
            raise forbidden("a move needs its seat's token (header X-Seat-Token)")
        if seq > live.seq and self.cluster.active:
            # The client saw a move another process stored, whose news is on its way to
            # us: read it now rather than refuse a move that is not stale.
            live = await self.current(table_id)
        played_by = live.record.seats[seat]
        if played_by.kind != "human":
            raise conflict(f"seat {seat} is played by the {played_by.bot} bot now")
        await self.apply(live, seat, seq, action)
        return live.frame(seat)

    async def apply(self, live: LiveTable, seat: int, seq: int, action: int) -> None:
        """Check, store, then apply one move and the chance it leads to.

        The commit runs to its end even if the caller is cancelled, so that memory never
        lags behind what the database acknowledged.
        """
        task = asyncio.ensure_future(self._apply(live, seat, seq, action))
        self.committing.add(task)
        task.add_done_callback(self.committing.discard)
        await asyncio.shield(task)

    async def _apply(self, live: LiveTable, seat: int, seq: int, action: int) -> None:
        async with live.lock:
            state = live.state
            if seq != live.seq:
                raise conflict(f"stale seq {seq}: the table is at seq {live.seq}; reload it")
            if state.is_terminal():
                raise conflict("the game is over")
            mover = state.current_player()
            if mover != seat:
                raise conflict(f"it is seat {mover}'s turn, not seat {seat}'s")
            after = state.clone()
            try:
                after.apply_action(action, player=seat)
            except NilegamesError as error:
                raise from_core(error) from None
            entries = [Logged(seq, seat, action), *resolve_chance(after, seq + 1, self.rng)]
            status = FINISHED if after.is_terminal() else PLAYING
            when = now()
            try:
                await self._store(Append(live.record.id, entries, status, when))
            except SeqTakenError:
                await self._reload(live)
                raise conflict(
                    f"seq {seq} was taken by another move; the table is at seq {live.seq}"
                ) from None
            live.before = (seq + 1, state) if len(entries) == 1 else None
            live.state = after
            live.log.extend(entries)
            live.record = replace(live.record, status=status, updated=when)
            live.touched = time.monotonic()
        self.publish(live)
        self._kick(live)

    async def undo(self, table_id: str, token: str | None, seq: int) -> Frame:
        """Take back the token's seat's last step of a move still open (core.undo decides
        whether it may be: same seat to move, no chance since, not final)."""
        live = await self.table(table_id)
        seat = self.seat_of(live, token)
        if seat is None:
            raise forbidden("an undo needs its seat's token (header X-Seat-Token)")
        if live.record.seats[seat].kind != "human":
            raise conflict(f"seat {seat} is played by the {live.record.seats[seat].bot} bot now")
        async with live.lock:
            if seq != live.seq:
                raise conflict(f"stale seq {seq}: the table is at seq {live.seq}; reload it")
            status = live.undo_status(seat)
            if not status.possible:
                raise conflict(f"cannot undo: {status.reason}")
            assert live.before is not None  # kept by undo_status for an undo it allows
            before = live.before[1]
            when = now()
            await self._write(self.store.take_back, live.record.id, seq - 1, when)
            live.state = before
            live.log.pop()
            live.record = replace(live.record, updated=when)
        self.publish(live)
        return live.frame(seat)

    async def _reload(self, live: LiveTable) -> None:
        """Catch up with a log another writer extended (the database is the truth)."""
        fresh = await self._read(self._load, live.record.id)
        live.record, live.log, live.state = fresh.record, fresh.log, fresh.state
        live.before = None
        self.publish(live)

    async def hand_to_bot(self, table_id: str, seat: int, token: str | None, bot: str) -> Frame:
        """A human seat is played by ``bot`` from now on (its player leaves)."""
        live = await self.table(table_id)
        players = live.record.players
        if not 0 <= seat < players:
            raise not_found(f"table {table_id} has no seat {seat} (seats 0 to {players - 1})")
        if self.seat_of(live, token) != seat:
            raise forbidden(f"only seat {seat}'s token can hand the seat to a bot")
        check_bot(bot)
        async with live.lock:
            current = live.record.seats[seat]
            if current.kind == "bot":
                raise conflict(f"seat {seat} is played by the {current.bot} bot already")
            if live.record.status == FINISHED:
                raise conflict("the game is over")
            when = now()
            record = live.record.with_seat(seat, replace(current, kind="bot", bot=bot), when)
            await self._write(self.store.set_seats, table_id, record.seats, when)
            live.record = record
        self.publish(live)
        self._kick(live)
        return live.frame(seat)

    async def _sweep(self) -> None:
        """Drop the tables nobody needs from memory: a finished one ``linger`` seconds after
        its last use, any other after ``idle`` seconds.  They load back from the database
        when asked for, so memory follows the tables in use, not every table ever played."""
        while True:
            await asyncio.sleep(self.sweep_every)
            self.evict()
            self.hand_over_absent()

    def hand_over_absent(self) -> int:
        """A seat whose player chose to be replaced when away (``Seat.away`` seconds) and is
        to move, not connected, for that long: its turn goes to the medium bot (the seat
        stays a bot's, as when a player leaves).  Returns how many seats were handed over."""
        moment = now()
        handed = 0
        for live in list(self.tables.values()):
            mover = live.state.current_player()
            if live.record.status == FINISHED or mover < 0:
                continue
            seat = live.record.seats[mover]
            if seat.kind != "human" or seat.away is None or mover in live.connected():
                continue
            if (moment - live.record.updated).total_seconds() >= seat.away:
                self._later(self._take_over(live, mover, live.seq))
                handed += 1
        return handed

    async def _take_over(self, live: LiveTable, seat: int, seq: int) -> None:
        async with live.lock:
            current = live.record.seats[seat]
            if current.kind != "human" or live.seq != seq or live.record.status == FINISHED:
                return  # the player came back, or moved, meanwhile
            when = now()
            record = live.record.with_seat(seat, replace(current, kind="bot", bot=AWAY_BOT), when)
            try:
                await self._write(self.store.set_seats, live.record.id, record.seats, when)
            except ApiError:
                return  # the database is down: the next sweep tries again
            live.record = record
        log.info("table %s: seat %d was away, the %s bot plays it", live.record.id, seat, AWAY_BOT)
        self.publish(live)
        self._kick(live)

    def evict(self) -> int:
        """One sweep (see :meth:`_sweep`); returns how many tables left memory."""
        now = time.monotonic()
        gone = 0
        for table_id, live in list(self.tables.items()):
            unused = live.idle_for(now)
            wait = self.linger if live.record.status == FINISHED else self.idle
            if unused is not None and unused >= wait:
                del self.tables[table_id]
                gone += 1
        return gone

    async def rename(self, table_id: str, seat: int, token: str | None, name: str) -> Frame:
        """A human seat's player gives the name the others see (with the seat's token)."""
        live = await self.table(table_id)
        players = live.record.players
        if not 0 <= seat < players:
            raise not_found(f"table {table_id} has no seat {seat} (seats 0 to {players - 1})")
        if self.seat_of(live, token) != seat:
            raise forbidden(f"only seat {seat}'s token can name the seat")
        cleaned = check_name(name)
        async with live.lock:
            when = live.record.updated  # a name is no move: the turn clock goes on
            record = live.record.with_seat(
                seat, replace(live.record.seats[seat], name=cleaned), when
            )
            await self._write(self.store.set_seats, table_id, record.seats, when)
            live.record = record
        self.publish(live)
        return live.frame(seat)

    # -- other processes (server/cluster.py) -------------------------------------------
    def changed_elsewhere(self, changes: Sequence[Change]) -> None:
        """Another process changed these tables: bring the ones in memory up to date (from
        the notice itself when it carries the move, else from the log), and load the ones
        whose bots this process plays."""
        for change in changes:
            live = self.tables.get(change.table_id)
            if live is None:
                if self.cluster.owns(change.table_id):
                    self._later(self.adopt(change.table_id))
            elif change.seq is None:
                self._later(self._catch_up(live, full=True))
            elif change.seq > live.seq:
                self._later(self._take_move(live, change.move))

    async def catch_up_all(self) -> None:
        """Changes may have been missed (the listener reconnected): reload every table."""
        for live in list(self.tables.values()):
            self._later(self._catch_up(live, full=True))

    def _later(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self.catching_up.add(task)
        task.add_done_callback(self.catching_up.discard)

    async def _take_move(self, live: LiveTable, move: Move | None) -> None:
        """Apply a move another process stored, as its notice carried it; read the log
        instead when the notice did not carry it or does not follow on from our copy."""
        async with live.lock:
            entries = [] if move is None else [e for e in move.entries if e[0] >= live.seq]
            if move is not None and not entries:
                return  # already read from the log
            carried = move is not None and entries[0][0] == live.seq
            if move is not None and carried:
                state = live.state.clone()
                for _, seat, action in entries:
                    state.apply_action(action, player=seat)
                live.state = state
                live.log.extend(Logged(*entry) for entry in entries)
                live.record = replace(live.record, status=move.status, updated=move.when)
                live.touched = time.monotonic()
        if not carried:
            await self._catch_up(live)
            return
        self.publish(live)
        self._kick(live)

    async def _catch_up(self, live: LiveTable, full: bool = False) -> None:
        """Read what the log gained since our copy (``full``: all of it, as it may also
        have lost its last steps), apply it, tell our connections."""
        try:
            async with live.lock:
                since = 0 if full else live.seq
                found = await self._read(self.store.load_since, live.record.id, since)
                if found is None:
                    return
                record, entries = found
                if full:
                    live.log, live.state = entries, replay_log(record, entries)
                    live.chat = await self._read(self.store.load_chat, live.record.id, CHAT_KEPT)
                    live.hints = await self._read(self.store.load_hints, live.record.id)
                    live.frames.clear()
                    entries = []
                entries = [e for e in entries if e.seq >= live.seq]
                if entries and entries[0].seq != live.seq:  # a gap: read it all again
                    fresh = await self._read(self._load, live.record.id)
                    live.log, live.state = fresh.log, fresh.state
                elif entries:
                    state = live.state.clone()
                    for entry in entries:
                        state.apply_action(entry.action, player=entry.seat)
                    live.state = state
                    live.log.extend(entries)
                live.record = record
                live.touched = time.monotonic()
        except ApiError:
            return  # the database is down: the next change or reconnection catches up
        self.publish(live)
        self._kick(live)

    async def adopt(self, table_id: str) -> None:
        """This process now plays the table's bots (its holder died, or nobody did)."""
        live = self.tables.get(table_id)
        try:
            if live is None:
                live = await self.table(table_id)
            else:
                await self._catch_up(live)
        except ApiError:
            return
        self._kick(live)

    def status(self) -> dict[str, Any]:
        """This process at a glance (GET /api/server): for operators and the tests."""
        return {
            "process": self.cluster.name,
            "shared": self.cluster.active,
            "tables_in_memory": len(self.tables),
            "connections": sum(len(t.subscribers) for t in self.tables.values()),
            "bot_leases": sum(1 for t in self.tables if self.cluster.owns(t))
            if self.cluster.active
            else None,
            "bot_moves": self.counts["bot moves"],
            "bot_moves_refused": self.counts["bot moves refused"],
        }

    def present_elsewhere(self, origin: str, presence: dict[str, frozenset[int]]) -> None:
        """Another process says which seats it has sockets for."""
        now_ = time.monotonic()
        for table_id, seats in presence.items():
            live = self.tables.get(table_id)
            if live is None:
                continue
            before = live.connected()
            if seats:
                live.remote[origin] = (seats, now_)
            else:
                live.remote.pop(origin, None)
            if live.connected() != before:
                self.publish(live)

    def local_presence(self) -> dict[str, frozenset[int]]:
        """The seats this process has sockets for, by table (for the others)."""
        return {tid: seats for tid, live in self.tables.items() if (seats := live.local())}

    def expire_presence(self, ttl: float) -> None:
        """Forget what a process said more than ``ttl`` seconds ago (it may be dead)."""
        old = time.monotonic() - ttl
        for live in list(self.tables.values()):
            stale = [origin for origin, (_, said) in live.remote.items() if said < old]
            if stale:
                before = live.connected()
                for origin in stale:
                    del live.remote[origin]
                if live.connected() != before:
                    self.publish(live)

    def lost_lease(self, table_id: str) -> None:
        """Another process plays this table's bots now: stop ours."""
        live = self.tables.get(table_id)
        if live is not None and live.bot_task is not None:
            live.bot_task.cancel()

    async def open_tables(self, limit: int = 20) -> list[dict[str, Any]]:
        """Tables being played with a seat anyone may take, newest first."""
        records = await self._read(self.store.open_tables, limit)
        return [views.table_summary(r, self._connected(r.id)) for r in records]

    def _connected(self, table_id: str) -> set[int]:
        live = self.tables.get(table_id)
        return live.connected() if live is not None else set()

    async def claim(self, table_id: str, seat: int, name: str | None) -> tuple[LiveTable, str]:
        """Take an open seat: it gets a new token (the only one that works for it now)."""
        live = await self.table(table_id)
        players = live.record.players
        if not 0 <= seat < players:
            raise not_found(f"table {table_id} has no seat {seat} (seats 0 to {players - 1})")
        cleaned = None if name is None else check_name(name)
        async with live.lock:
            current = live.record.seats[seat]
            if not current.open or current.kind != "human":
                raise conflict(f"seat {seat} of table {table_id} is not open")
            if live.record.status == FINISHED:
                raise conflict("the game is over")
            token = new_token()
            taken = replace(current, open=False, token_hash=hash_token(token), name=cleaned)
            record = live.record.with_seat(seat, taken, live.record.updated)
            await self._write(self.store.set_seats, table_id, record.seats, record.updated)
            live.record = record
        self.publish(live)
        return live, token

    async def say(self, table_id: str, token: str | None, text: str) -> Frame:
        """A seated player's chat message: stored with the game, then shown to everyone."""
        live = await self.table(table_id)
        seat = self.seat_of(live, token)
        if seat is None:
            raise forbidden("only the players chat: a message needs a seat's token")
        line = ChatLine(seat, live.seq, check_chat(text), now())
        await self._write(self.store.add_chat, table_id, line)
        live.chat = [*live.chat, line][-CHAT_KEPT:]
        live.frames.clear()  # every view shows the chat
        self.publish(live)
        return live.frame(seat)

    async def note_hint(self, live: LiveTable, use: HintUse) -> None:
        """A seat used a hint: stored with the game, then shown in every seat's log."""
        await self._write(self.store.add_hint, live.record.id, use)
        live.hints = [*live.hints, use]
        live.frames.clear()  # every view lists the hints used
        self.publish(live)

    # -- replays of finished games ------------------------------------------------------
    async def replay(self, table_id: str) -> dict[str, Any]:
        live = await self.finished(table_id)
        return views.replay_summary(live.record, live.log, live.hints)

    async def replay_step(self, table_id: str, step: int, seat: int | None) -> dict[str, Any]:
        live = await self.finished(table_id)
        if not 0 <= step <= live.seq:
            raise not_found(f"no step {step}: this replay has steps 0 to {live.seq}")
        if seat is not None and not 0 <= seat < live.record.players:
            raise unprocessable(f"no seat {seat}: seats are 0 to {live.record.players - 1}")
        # In a thread: a late step replays hundreds of actions, which the loop must not wait for.
        return await asyncio.to_thread(replay_step, live.record, list(live.log), step, seat)

    async def finished(self, table_id: str) -> LiveTable:
        live = await self.table(table_id)
        if live.record.status != FINISHED:
            raise conflict("the game is not over: its replay opens at the end")
        return live

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

    # -- bots -------------------------------------------------------------------------
    def _kick(self, live: LiveTable) -> None:
        """Start the table's bot runner if a bot is to move and none runs yet."""
        idle = live.bot_task is None or live.bot_task.done()
        if idle and self.executor is not None and live.bot_to_move() is not None:
            live.bot_task = asyncio.create_task(self._run_bots(live))

    async def _run_bots(self, live: LiveTable) -> None:
        """Play the bots' turns, one visible pause before each, until a human is to move.

        A move that cannot be stored (the database is down) or that fails is tried again
        after a pause that doubles up to :data:`RETRY_LIMIT`: a table never freezes.
        """
        pause = RETRY_FIRST
        table_id = live.record.id
        if live.bot_to_move() is None or not await self.cluster.claim(table_id):
            return  # another process plays this table's bots
        while (seat := live.bot_to_move()) is not None and self.executor is not None:
            if not self.cluster.owns(table_id):
                return
            seq = live.seq
            await asyncio.sleep(self.bot_delay)
            spec = live.record.seats[seat].bot or "random"
            world, seed = live.state.clone(), self.rng.randrange(2**32)
            try:
                action = await self.executor.choose(spec, world, seat, seed)
                await self.apply(live, seat, seq, action)
                self.counts["bot moves"] += 1
            except ApiError as error:
                if error.status == 409:  # another move came first: look again at once
                    self.counts["bot moves refused"] += 1
                    continue
                log.warning("bot %s at table %s: %s", spec, live.record.id, error.message)
            except Exception:
                log.exception("bot %s at table %s failed", spec, live.record.id)
            else:
                pause = RETRY_FIRST
                continue
            await asyncio.sleep(pause)
            pause = min(pause * 2, RETRY_LIMIT)
