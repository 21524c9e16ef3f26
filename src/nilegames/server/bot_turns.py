"""The hub's bots: each table's runner playing the bots' turns, and the seats of players
away too long handed to a bot."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from nilegames.server.checks import AWAY_BOT
from nilegames.server.errors import ApiError
from nilegames.server.hub_base import HubBase, log
from nilegames.server.live_table import LiveTable
from nilegames.server.store import FINISHED, now

#: A bot's move that failed (the database was down) is tried again after this many
#: seconds, twice as long each time up to the limit.
RETRY_FIRST = 0.2
RETRY_LIMIT = 2.0


class BotTurns(HubBase):
    """Bots' turns, thought in the :class:`~nilegames.server.bots.BotPool`, off the loop."""

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
            world, seed = live.state.clone(), self.rng_for(table_id).randrange(2**32)
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
