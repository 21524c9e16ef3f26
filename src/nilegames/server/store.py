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
from typing import Any, NamedTuple, cast

from sqlalchemy import Connection, Engine, Table, bindparam, delete, insert, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from nilegames.core import State, new_game
from nilegames.core.record import stored_options
from nilegames.server.db import ActionRow, ChatRow, HintRow, TableRow
from nilegames.server.notices import Change, Move, change_payloads

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
    name: str | None = None  # the display name a player chose
    away: int | None = None  # seconds away on its turn before a bot takes the seat
    open: bool = False  # anyone may take this seat from the lobby (until someone does)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "bot": self.bot, "token_hash": self.token_hash}
        if self.name is not None:  # older rows have neither: they stay as they were
            data["name"] = self.name
        if self.away is not None:
            data["away"] = self.away
        if self.open:
            data["open"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(
            data["kind"],
            data.get("bot"),
            data.get("token_hash"),
            data.get("name"),
            data.get("away"),
            bool(data.get("open", False)),
        )


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
    hints: bool | None = None  # seats may ask for hints; None: unless two people play

    def with_seat(self, index: int, seat: Seat, when: datetime) -> TableRecord:
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats), updated=when)


@dataclass(frozen=True)
class ChatLine:
    """One chat message: who sent it, when in the game (the log's length) and the words."""

    seat: int
    seq: int
    text: str
    created: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "seq": self.seq,
            "text": self.text,
            "at": self.created.isoformat(),
        }


@dataclass(frozen=True)
class HintUse:
    """A hint a seat asked for: at which ``seq`` and after how many entries of the game's
    log (where the page shows it), and when."""

    seat: int
    seq: int
    log_at: int
    created: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "seq": self.seq,
            "log_at": self.log_at,
            "at": self.created.isoformat(),
        }


class Logged(NamedTuple):
    """One log entry: sequence number, seat (``CHANCE`` for an outcome) and action.

    A tuple of ints, which the garbage collector stops tracking: a server holds hundreds
    of these per live table, and every full collection would walk them all.
    """

    seq: int
    seat: int
    action: int


@dataclass(frozen=True)
class Append:
    """One move to store: its log entries (the move and the chance outcomes it led to) and
    the table's status after it."""

    table_id: str
    entries: Sequence[Logged]
    status: str
    when: datetime


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
        options=stored_options(row.game, row.options),
        seats=tuple(Seat.from_json(seat) for seat in row.seats),
        status=row.status,
        created=_utc(row.created),
        updated=_utc(row.updated),
        hints=row.hints,
    )


#: The two statements of a move, built once on the plain tables: an ORM entity's insert
#: or update is rebuilt and re-keyed for the statement cache on every call, which was
#: most of the CPU a move's commit took, holding the GIL the event loop waits for.
_ACTIONS = cast(Table, ActionRow.__table__)
_TABLES = cast(Table, TableRow.__table__)
_APPEND = insert(_ACTIONS)
_TOUCH = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("table_id"))
    .values(status=bindparam("new_status"), updated=bindparam("when"))
)


_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def _action_rows(table_id: str, log: Sequence[Logged], when: datetime) -> list[dict[str, Any]]:
    return [
        {"table_id": table_id, "seq": e.seq, "seat": e.seat, "action": e.action, "created": when}
        for e in log
    ]


def _change(append: Append) -> Change:
    """The notice of a stored move: the move itself, so others need not read it back."""
    move = Move(tuple(append.entries), append.status, append.when)
    return Change(append.table_id, append.entries[-1].seq + 1, move)


def _taken(refused: Append) -> SeqTakenError:
    return SeqTakenError(f"seq {refused.entries[0].seq} of table {refused.table_id} is taken")


class Store:
    """The tables and action logs of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: (channel, this process's name) when other processes follow our changes: every
        #: commit then tells them, in its own transaction (server/cluster.py).
        self.notify: tuple[str, str] | None = None

    def _tell(self, connection: Connection, changes: Sequence[Change]) -> None:
        if self.notify is None:
            return
        channel, origin = self.notify
        for payload in change_payloads(origin, changes):
            connection.execute(_NOTIFY, {"channel": channel, "payload": payload})

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
                    hints=record.hints,
                )
            )
            if log:
                connection.execute(insert(ActionRow), _action_rows(record.id, log, record.created))

    def append_all(self, appends: Sequence[Append]) -> list[SeqTakenError | None]:
        """Store moves of different tables in one transaction: one commit, so one sync to
        disk, however many moves were waiting for it (group commit).

        A move whose sequence number another writer took is refused and the others are
        stored, each then in a transaction of its own: returns each move's refusal or None.
        """
        try:
            self._append(appends)
            return [None] * len(appends)
        except IntegrityError:
            if len(appends) == 1:
                return [_taken(appends[0])]
        outcomes: list[SeqTakenError | None] = []
        for one in appends:
            try:
                self._append([one])
                outcomes.append(None)
            except IntegrityError:
                outcomes.append(_taken(one))
        return outcomes

    def _append(self, appends: Sequence[Append]) -> None:
        rows = [row for a in appends for row in _action_rows(a.table_id, a.entries, a.when)]
        touched = [
            {"table_id": a.table_id, "new_status": a.status, "when": a.when} for a in appends
        ]
        with self.engine.begin() as connection:
            connection.execute(_APPEND, rows)
            connection.execute(_TOUCH, touched)
            self._tell(connection, [_change(a) for a in appends])

    def take_back(self, table_id: str, seq: int, when: datetime) -> None:
        """Delete the log entry ``seq`` (an undone step, the last of the log)."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(_ACTIONS).where(_ACTIONS.c.table_id == table_id, _ACTIONS.c.seq >= seq)
            )
            connection.execute(update(_TABLES).where(_TABLES.c.id == table_id).values(updated=when))
            self._tell(connection, [Change(table_id, None)])  # a shorter log: read it again

    def add_chat(self, table_id: str, line: ChatLine) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                insert(ChatRow).values(
                    table_id=table_id,
                    seat=line.seat,
                    seq=line.seq,
                    text=line.text,
                    created=line.created,
                )
            )
            self._tell(connection, [Change(table_id, None)])  # others read the chat again

    def load_chat(self, table_id: str, limit: int) -> list[ChatLine]:
        """The newest ``limit`` messages of a table, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(ChatRow.seat, ChatRow.seq, ChatRow.text, ChatRow.created)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
        return [ChatLine(seat, seq, text, _utc(created)) for seat, seq, text, created in rows][::-1]

    def add_hint(self, table_id: str, use: HintUse) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                insert(HintRow).values(
                    table_id=table_id,
                    seat=use.seat,
                    seq=use.seq,
                    log_at=use.log_at,
                    created=use.created,
                )
            )
            self._tell(connection, [Change(table_id, None)])  # others read the hints again

    def load_hints(self, table_id: str) -> list[HintUse]:
        """Every hint asked at a table, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(HintRow.seat, HintRow.seq, HintRow.log_at, HintRow.created)
                .where(HintRow.table_id == table_id)
                .order_by(HintRow.id)
            ).all()
        return [HintUse(seat, seq, log_at, _utc(at)) for seat, seq, log_at, at in rows]

    def set_seats(self, table_id: str, seats: Sequence[Seat], when: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(seats=[seat.to_json() for seat in seats], updated=when)
            )
            self._tell(connection, [Change(table_id, None)])

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

    def load_since(self, table_id: str, seq: int) -> tuple[TableRecord, list[Logged]] | None:
        """A table and the entries of its log from ``seq`` on (what another process added)."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            entries = session.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id, ActionRow.seq >= seq)
                .order_by(ActionRow.seq)
            ).all()
            record = _record(row)
        return record, [Logged(seq, seat, action) for seq, seat, action in entries]

    def open_tables(self, limit: int) -> list[TableRecord]:
        """The newest tables being played with a seat anyone may take (of the last 500)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status == PLAYING)
                .order_by(TableRow.updated.desc())
                .limit(500)
            ).all()
            records = [_record(row) for row in rows if any(s.get("open") for s in row.seats)]
        return records[:limit]

    def playing_with_bots(self) -> list[str]:
        """Tables still being played that have a bot seat: their bots resume at start-up."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TableRow.id, TableRow.seats).where(TableRow.status == PLAYING)
            ).all()
        return [id_ for id_, seats in rows if any(s["kind"] == "bot" for s in seats)]
