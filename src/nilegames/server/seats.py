"""What players do at a table besides moving: take an open seat, name it, leave it to a
bot, chat, use a hint; and the lobby's list of tables with a seat open."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from nilegames.server import views
from nilegames.server.checks import CHAT_KEPT, check_bot, check_chat, check_name
from nilegames.server.errors import conflict, forbidden, not_found
from nilegames.server.hub_base import HubBase
from nilegames.server.live_table import Frame, LiveTable
from nilegames.server.store import FINISHED, ChatLine, HintUse, hash_token, new_token, now


class SeatChanges(HubBase):
    """Changes to a table's seats, its chat and its hints used (none of them a move)."""

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
