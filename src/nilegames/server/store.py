"""Tables and their action logs in the database, seat tokens, and replaying a log.

Every method is blocking (plain SQLAlchemy); the live layer calls them in a thread.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from nilegames.core import State, new_game
from nilegames.server.db import ActionRow, TableRow

PLAYING = "playing"
FINISHED = "finished"


class SeqTakenError(Exception):
    """Another writer stored an action under one of these sequence numbers first."""


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human (holding the token whose hash is kept) or a bot."""

    kind: str  # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "token_hash": self.token_hash}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(data["kind"], data.get("bot"), data.get("token_hash"))


@dataclass(frozen=True)
class TableRecord:
    """A table as stored, apart from its log."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seats: tuple[Seat, ...]
    status: str
    created: datetime
    updated: datetime

    def with_seat(self, index: int, seat: Seat, when: datetime) -> TableRecord:
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats), updated=when)


@dataclass(frozen=True)
class Logged:
    """One log entry: sequence number, seat (``CHANCE`` for an outcome) and action."""

    seq: int
    seat: int
    action: int


def now() -> datetime:
    return datetime.now(UTC)


def new_table_id() -> str:
    return secrets.token_hex(6)


def new_token() -> str:
    """A seat's secret: only whoever got the invitation link knows it."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_of_token(seats: Sequence[Seat], token: str) -> int | None:
    """The seat whose stored hash matches ``token``, compared in constant time."""
    digest = hash_token(token)
    found = None
    for index, seat in enumerate(seats):
        if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
            found = index
    return found


def replay_log(record: TableRecord, log: Sequence[Logged]) -> State:
    """The live state: the table's game replayed through its log, every seat checked."""
    state = new_game(record.game, record.players, **record.options).new_initial_state()
    for entry in log:
        state.apply_action(entry.action, player=entry.seat)
    return state


def _utc(moment: datetime) -> datetime:
    """Times in UTC: SQLite hands them back without a zone, PostgreSQL in its own zone."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _record(row: TableRow) -> TableRecord:
    return TableRecord(
        id=row.id,
        game=row.game,
        players=row.players,
        options=dict(row.options),
        seats=tuple(Seat.from_json(seat) for seat in row.seats),
        status=row.status,
        created=_utc(row.created),
        updated=_utc(row.updated),
    )


def _action_rows(table_id: str, log: Sequence[Logged], when: datetime) -> list[dict[str, Any]]:
    return [
        {"table_id": table_id, "seq": e.seq, "seat": e.seat, "action": e.action, "created": when}
        for e in log
    ]


class Store:
    """The tables and action logs of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, record: TableRecord, log: Sequence[Logged]) -> None:
        """Store a new table with its set-up chance outcomes, in one transaction."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(TableRow).values(
                    id=record.id,
                    game=record.game,
                    players=record.players,
                    options=record.options,
                    seats=[seat.to_json() for seat in record.seats],
                    status=record.status,
                    created=record.created,
                    updated=record.updated,
                )
            )
            if log:
                connection.execute(insert(ActionRow), _action_rows(record.id, log, record.created))

    def append(self, table_id: str, log: Sequence[Logged], status: str, when: datetime) -> None:
        """Append entries and the table's new status in one transaction.

        Raises :class:`SeqTakenError` (and stores nothing) if any sequence number is taken.
        """
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(ActionRow), _action_rows(table_id, log, when))
                connection.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id)
                    .values(status=status, updated=when)
                )
        except IntegrityError:
            raise SeqTakenError(f"seq {log[0].seq} of table {table_id} is taken") from None

    def set_seats(self, table_id: str, seats: Sequence[Seat], when: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(seats=[seat.to_json() for seat in seats], updated=when)
            )

    def load(self, table_id: str) -> tuple[TableRecord, list[Logged]] | None:
        """A table and its whole log in sequence order, or None if there is no such table."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            entries = session.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.seq)
            ).all()
            record = _record(row)
        return record, [Logged(seq, seat, action) for seq, seat, action in entries]

    def playing_with_bots(self) -> list[str]:
        """Tables still being played that have a bot seat: their bots resume at start-up."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TableRow.id, TableRow.seats).where(TableRow.status == PLAYING)
            ).all()
        return [id_ for id_, seats in rows if any(s["kind"] == "bot" for s in seats)]
