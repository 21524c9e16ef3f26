"""Tables in play: the state cached in memory, moves, live views and the bots.

One :class:`Hub` runs on the server's event loop.  A table's state is the replay of its
log, kept in memory once loaded; a move is checked against it, written to the database
(with the chance outcomes it leads to) and only then applied and announced.  Bots think
in a thread pool so the loop keeps serving while a search runs.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from nilegames.ai import ask, make_bot
from nilegames.core import CHANCE, Action, NilegamesError, State, new_game, sample_chance_outcome
from nilegames.server import views
from nilegames.server.errors import (
    ApiError,
    conflict,
    forbidden,
    from_core,
    not_found,
    unprocessable,
)
from nilegames.server.store import (
    FINISHED,
    PLAYING,
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

#: Views waiting for one slow connection; past this the oldest are dropped (each view
#: is a whole snapshot, so the newest one is all a client needs to catch up).
QUEUE_LIMIT = 64


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
    kept_views: dict[int | None, tuple[TableRecord, int, frozenset[int], dict[str, Any]]] = field(
        default_factory=dict
    )

    @property
    def seq(self) -> int:
        return len(self.log)

    def connected(self) -> set[int]:
        return {s.seat for s in self.subscribers if s.seat is not None}

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view now; kept until the table changes, since a move asks for the
        mover's view twice (its answer and its broadcast).  Views are never mutated."""
        connected = frozenset(self.connected())
        kept = self.kept_views.get(seat)
        if kept is not None:
            record, seq, was_connected, made = kept
            if record is self.record and seq == self.seq and was_connected == connected:
                return made
        made = views.seat_view(self.record, self.state, self.seq, seat, connected)
        self.kept_views[seat] = (self.record, self.seq, connected, made)
        return made

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


def choose_move(spec: str, world: State, seat: int, seed: int) -> Action:
    """A bot's move, asked with the seat's view only (runs in the thread pool)."""
    return ask(make_bot(spec, seed), world, seat)


def check_seats(players: int, seats: Sequence[tuple[str, str | None]] | None) -> list[Seat]:
    """The seats of a new table, without tokens yet: all human unless told."""
    if seats is None:
        return [Seat("human") for _ in range(players)]
    if len(seats) != players:
        raise unprocessable(f"{len(seats)} seat(s) given for {players} players")
    checked = []
    for index, (kind, bot) in enumerate(seats):
        if kind == "human" and bot is not None:
            raise unprocessable(f"seat {index} is a human seat: it takes no bot")
        if kind == "bot":
            check_bot(bot, f"seat {index}: ")
        checked.append(Seat(kind, bot))
    return checked


def check_bot(bot: str | None, where: str = "") -> None:
    """Refuse a bot the lobby does not offer (an open ISMCTS budget could stall the server)."""
    if bot not in views.SEAT_BOTS:
        given = "a bot seat needs a bot" if bot is None else f"no bot {bot!r}"
        raise unprocessable(f"{where}{given}; bots: {', '.join(views.SEAT_BOTS)}")


def encode(view: dict[str, Any]) -> str:
    # orjson: encoding views was the largest cost of a move on a busy server.
    return orjson.dumps({"type": "view", **view}).decode()


class Hub:
    """Every live table of one server, their connections and their bots."""

    def __init__(self, store: Store, bot_delay: float = 0.4) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.rng = random.SystemRandom()  # chance and bot seeds: nobody can predict them
        self.executor: ThreadPoolExecutor | None = None
        self.loading: asyncio.Lock | None = None
        self.committing: set[asyncio.Future[None]] = set()  # moves being stored

    # -- life cycle -------------------------------------------------------------------
    async def start(self) -> None:
        """Bring back the bots of unfinished tables (after a restart, from their logs)."""
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="nilegames-bot")
        self.loading = asyncio.Lock()
        for table_id in await asyncio.to_thread(self.store.playing_with_bots):
            await self.table(table_id)

    async def stop(self) -> None:
        executor, self.executor = self.executor, None
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, *self.committing, return_exceptions=True)
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
        self.tables.clear()  # their locks belong to this event loop

    # -- tables -------------------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable:
        """The live table, loaded from its log if it is not in memory yet."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if self.loading is None:
            raise RuntimeError("the hub is not started")
        async with self.loading:
            live = self.tables.get(table_id)
            if live is None:
                live = await asyncio.to_thread(self._load, table_id)
                self.tables[table_id] = live
                self._kick(live)
        return live

    def _load(self, table_id: str) -> LiveTable:
        found = self.store.load(table_id) if len(table_id) <= 32 else None
        if found is None:
            raise not_found(f"no table {table_id!r}")
        record, entries = found
        return LiveTable(record, entries, replay_log(record, entries))

    async def create(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, Any],
        seats: Sequence[tuple[str, str | None]] | None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table, its set-up chance resolved; returns it and each human seat's token."""
        if players is None and seats is not None:
            players = len(seats)
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
            new_table_id(), game.id, game.players, game.options, tuple(checked), status, when, when
        )
        await asyncio.to_thread(self.store.create, record, entries)
        live = LiveTable(record, entries, state)
        self.tables[record.id] = live
        self._kick(live)
        return live, tokens

    def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        """The seat a token holds; no token is a spectator, a wrong one is refused."""
        if not token:
            return None
        seat = seat_of_token(live.record.seats, token)
        if seat is None:
            raise forbidden(f"this token holds no seat at table {live.record.id}")
        return seat

    # -- moves ------------------------------------------------------------------------
    async def act(self, table_id: str, token: str | None, seq: int, action: int) -> dict[str, Any]:
        """A human seat's move; returns that seat's view right after it."""
        live = await self.table(table_id)
        seat = self.seat_of(live, token)
        if seat is None:
            raise forbidden("a move needs its seat's token (header X-Seat-Token)")
        played_by = live.record.seats[seat]
        if played_by.kind != "human":
            raise conflict(f"seat {seat} is played by the {played_by.bot} bot now")
        await self.apply(live, seat, seq, action)
        return live.view(seat)

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
                await asyncio.to_thread(self.store.append, live.record.id, entries, status, when)
            except SeqTakenError:
                await self._reload(live)
                raise conflict(
                    f"seq {seq} was taken by another move; the table is at seq {live.seq}"
                ) from None
            live.state = after
            live.log.extend(entries)
            live.record = replace(live.record, status=status, updated=when)
        self.publish(live)
        self._kick(live)

    async def _reload(self, live: LiveTable) -> None:
        """Catch up with a log another writer extended (the database is the truth)."""
        fresh = await asyncio.to_thread(self._load, live.record.id)
        live.record, live.log, live.state = fresh.record, fresh.log, fresh.state
        self.publish(live)

    async def hand_to_bot(
        self, table_id: str, seat: int, token: str | None, bot: str
    ) -> dict[str, Any]:
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
            await asyncio.to_thread(self.store.set_seats, table_id, record.seats, when)
            live.record = record
        self.publish(live)
        self._kick(live)
        return live.view(seat)

    # -- replays of finished games ------------------------------------------------------
    async def replay(self, table_id: str) -> dict[str, Any]:
        live = await self.finished(table_id)
        return views.replay_summary(live.record, live.log)

    async def replay_step(self, table_id: str, step: int, seat: int | None) -> dict[str, Any]:
        live = await self.finished(table_id)
        if not 0 <= step <= live.seq:
            raise not_found(f"no step {step}: this replay has steps 0 to {live.seq}")
        if seat is not None and not 0 <= seat < live.record.players:
            raise unprocessable(f"no seat {seat}: seats are 0 to {live.record.players - 1}")
        record = live.record
        root = new_game(record.game, record.players, **record.options).new_initial_state()
        return views.replay_step(root, live.log, step, seat)

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
        before = live.connected()
        live.subscribers.append(subscriber)
        if live.connected() != before:
            self.publish(live)
        else:
            subscriber.offer(encode(live.view(seat)))
        return subscriber

    def unsubscribe(self, live: LiveTable, subscriber: Subscriber) -> None:
        before = live.connected()
        live.subscribers.remove(subscriber)
        if live.connected() != before:
            self.publish(live)

    def publish(self, live: LiveTable) -> None:
        """Queue the current view for every connection, built once per seat."""
        encoded: dict[int | None, str] = {}
        for subscriber in live.subscribers:
            if subscriber.seat not in encoded:
                encoded[subscriber.seat] = encode(live.view(subscriber.seat))
            subscriber.offer(encoded[subscriber.seat])

    # -- bots -------------------------------------------------------------------------
    def _kick(self, live: LiveTable) -> None:
        """Start the table's bot runner if a bot is to move and none runs yet."""
        idle = live.bot_task is None or live.bot_task.done()
        if idle and self.executor is not None and live.bot_to_move() is not None:
            live.bot_task = asyncio.create_task(self._run_bots(live))

    async def _run_bots(self, live: LiveTable) -> None:
        """Play the bots' turns, one visible pause before each, until a human is to move."""
        loop = asyncio.get_running_loop()
        while (seat := live.bot_to_move()) is not None and self.executor is not None:
            seq = live.seq
            await asyncio.sleep(self.bot_delay)
            spec = live.record.seats[seat].bot or "random"
            world, seed = live.state.clone(), self.rng.randrange(2**32)
            try:
                action = await loop.run_in_executor(
                    self.executor, choose_move, spec, world, seat, seed
                )
                await self.apply(live, seat, seq, action)
            except ApiError as error:
                if error.status != 409:  # a bot's move refused: a bug, not a race
                    log.error("bot %s at table %s: %s", spec, live.record.id, error.message)
                    return
            except Exception:
                log.exception("bot %s at table %s stopped", spec, live.record.id)
                return
