"""The hub's moves: a human's move or undo, checked, stored, then applied and announced."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

from nilegames.core import NilegamesError
from nilegames.server.errors import conflict, forbidden, from_core
from nilegames.server.hub_base import HubBase
from nilegames.server.live_table import Frame, LiveTable, resolve_chance
from nilegames.server.store import FINISHED, PLAYING, Append, Logged, SeqTakenError, now


class Moves(HubBase):
    """Moves and undos (the bots' moves come through :meth:`apply` too)."""

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
            chance = resolve_chance(after, seq + 1, self.rng_for(live.record.id))
            entries = [Logged(seq, seat, action), *chance]
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
