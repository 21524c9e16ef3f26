"""What other server processes tell the hub (through :mod:`nilegames.server.cluster`):
moves they stored, the seats they have sockets for, the tables whose bots they play."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from nilegames.server.checks import CHAT_KEPT
from nilegames.server.errors import ApiError
from nilegames.server.hub_base import HubBase
from nilegames.server.live_table import LiveTable
from nilegames.server.notices import Change, Move
from nilegames.server.store import Logged, replay_log


class Elsewhere(HubBase):
    """Keeping the tables in memory up to date with the other processes."""

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

    async def _take_move(self, live: LiveTable, move: Move | None) -> None:
        """Apply a move another process stored, as its notice carried it; read the log
        instead when the notice did not carry it or does not follow on from our copy."""
        if move is None:
            await self._catch_up(live)
            return
        async with live.lock:
            entries = [Logged(*entry) for entry in move.entries if entry[0] >= live.seq]
            if not entries:
                return  # already read from the log
            carried = entries[0].seq == live.seq
            if carried:
                _extend(live, entries)
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
                    _extend(live, entries)
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


def _extend(live: LiveTable, entries: Sequence[Logged]) -> None:
    """Apply log entries that follow on from the table's copy (on a clone, so that views
    already handed out keep the state they were made from)."""
    state = live.state.clone()
    for entry in entries:
        state.apply_action(entry.action, player=entry.seat)
    live.state = state
    live.log.extend(entries)
