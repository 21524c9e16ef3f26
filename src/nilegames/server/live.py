"""Tables in play: the state cached in memory, moves, live views and the bots.

One :class:`Hub` runs on the server's event loop.  A table's state is the replay of its
log, kept in memory once loaded; a move is checked against it, written to the database
(with the chance outcomes it leads to) and only then applied and announced.  One thread
writes, and moves of different tables that meet there share a commit.  Each seat's view
is built and encoded once per change, for its REST answers and its WebSockets alike.  Bots
think in :class:`~nilegames.server.bots.BotPool`, off the loop.

The hub is put together from parts, one per concern: :mod:`~nilegames.server.hub_base`
(tables in memory, the database's threads, connections), :mod:`~nilegames.server.moves`,
:mod:`~nilegames.server.seats`, :mod:`~nilegames.server.bot_turns` and
:mod:`~nilegames.server.elsewhere` (other processes); a table in memory is a
:class:`~nilegames.server.live_table.LiveTable`.  Every name other modules import from here
is still imported from here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from nilegames.core import NilegamesError, new_game
from nilegames.server import views
from nilegames.server.bot_turns import RETRY_FIRST, RETRY_LIMIT, BotTurns
from nilegames.server.bots import BotPool
from nilegames.server.checks import (
    AWAY_BOT,
    AWAY_LIMIT,
    CHAT_KEPT,
    CHAT_LIMIT,
    NAME_LIMIT,
    SeatSpec,
    check_bot,
    check_chat,
    check_name,
    check_seats,
)
from nilegames.server.elsewhere import Elsewhere
from nilegames.server.errors import conflict, from_core, not_found, unprocessable
from nilegames.server.hub_base import IDLE, LINGER, SWEEP_EVERY, database_down
from nilegames.server.live_table import (
    QUEUE_LIMIT,
    Frame,
    LiveTable,
    Subscriber,
    replay_step,
    resolve_chance,
)
from nilegames.server.moves import Moves
from nilegames.server.seats import SeatChanges
from nilegames.server.store import (
    FINISHED,
    PLAYING,
    TableRecord,
    hash_token,
    new_table_id,
    new_token,
    now,
)

__all__ = [
    "AWAY_BOT",
    "AWAY_LIMIT",
    "CHAT_KEPT",
    "CHAT_LIMIT",
    "IDLE",
    "LINGER",
    "NAME_LIMIT",
    "QUEUE_LIMIT",
    "RETRY_FIRST",
    "RETRY_LIMIT",
    "SWEEP_EVERY",
    "Frame",
    "Hub",
    "LiveTable",
    "SeatSpec",
    "Subscriber",
    "check_bot",
    "check_chat",
    "check_name",
    "check_seats",
    "database_down",
    "replay_step",
    "resolve_chance",
]


class Hub(Moves, SeatChanges, BotTurns, Elsewhere):
    """Every live table of one server, their connections and their bots."""

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

    # -- new tables ---------------------------------------------------------------------
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
        table_id = new_table_id()
        entries = resolve_chance(state, 0, self.rng_for(table_id, new=True))
        when = now()
        status = FINISHED if state.is_terminal() else PLAYING
        record = TableRecord(
            table_id,
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

    # -- memory -------------------------------------------------------------------------
    async def _sweep(self) -> None:
        """Drop the tables nobody needs from memory: a finished one ``linger`` seconds after
        its last use, any other after ``idle`` seconds.  They load back from the database
        when asked for, so memory follows the tables in use, not every table ever played."""
        while True:
            await asyncio.sleep(self.sweep_every)
            self.evict()
            self.hand_over_absent()

    def evict(self) -> int:
        """One sweep (see :meth:`_sweep`); returns how many tables left memory."""
        now = time.monotonic()
        gone = 0
        for table_id, live in list(self.tables.items()):
            unused = live.idle_for(now)
            wait = self.linger if live.record.status == FINISHED else self.idle
            if unused is not None and unused >= wait:
                del self.tables[table_id]
                if live.record.status == FINISHED:
                    # a seeded server's generator for it: no chance or bot move is left
                    self.table_rngs.pop(table_id, None)
                gone += 1
        return gone

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
