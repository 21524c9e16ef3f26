"""The database: engine, the two tables of the event log, and the migration runner.

A table row says who sits where; the action log says what happened, one row per action
or chance outcome.  The live state is never stored: it is the replay of the log.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    create_engine,
    event,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from nilegames.core import NilegamesError

#: Where the server keeps its games when neither --database nor the environment says.
DEFAULT_URL = "sqlite:///data/nilegames.sqlite3"
URL_VARIABLE = "NILEGAMES_DATABASE_URL"
MIGRATIONS = Path(__file__).parent / "migrations"

# Named constraints, so that migrations can refer to them on every backend.
NAMING = {
    "pk": "pk_%(table_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
}


class DatabaseError(NilegamesError):
    """A database URL that does not work: bad syntax, unknown driver, unreachable server."""


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class TableRow(Base):
    """One table: the game, its options and its seats (kind, bot, token hash)."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: Whether seats may ask for hints; NULL: on unless two or more people play.
    hints: Mapped[bool | None] = mapped_column(Boolean, nullable=True, default=None)


class ActionRow(Base):
    """One entry of a table's append-only log: a seat's action or a chance outcome (-1).

    The unique (table, seq) pair is what settles a race: of two moves written for the
    same sequence number, the database keeps the first and refuses the second.
    """

    __tablename__ = "table_actions"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE")
    )
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """Which server process plays a table's bots, until when (see server/cluster.py).

    A process renews its leases every few seconds; one that dies stops renewing, and
    another takes its tables over once the lease has expired.
    """

    __tablename__ = "bot_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(64), index=True)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """One message of a table's chat, kept with the game (``seq``: the log's length when
    it was sent, so that a replay can place it)."""

    __tablename__ = "table_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(400))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HintRow(Base):
    """One hint a seat asked for: when in the game (``seq``, and ``log_at``, the length of
    the game's log then, where the page shows it), kept with the game for every seat."""

    __tablename__ = "table_hints"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    log_at: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def database_url(url: str | None = None) -> str:
    """The URL to use: the one given, else ``NILEGAMES_DATABASE_URL``, else the SQLite file."""
    return url or os.environ.get(URL_VARIABLE) or DEFAULT_URL


def make_engine(url: str | None = None) -> Engine:
    """An engine for ``url``; a SQLite file (and its folder) is created if missing."""
    try:
        parsed = make_url(database_url(url))
        if parsed.get_backend_name() == "sqlite":
            return _sqlite_engine(parsed.database)
        return create_engine(parsed, pool_pre_ping=True)
    except (ArgumentError, NoSuchModuleError, ImportError, ValueError) as error:
        raise DatabaseError(f"bad database URL {url!r}: {error}") from None


def _sqlite_engine(path: str | None) -> Engine:
    if not path or path == ":memory:" or path.startswith("file:"):
        raise DatabaseError("the server needs a SQLite file, not an in-memory database")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    # A long busy timeout: a writer waits for another instead of failing at once.
    engine = create_engine(
        f"sqlite:///{path}", connect_args={"timeout": 30, "check_same_thread": False}
    )

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (from an empty database too)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                # Two servers starting at once must not both create the tables.
                connection.execute(text("SELECT pg_advisory_xact_lock(7310851)"))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except SQLAlchemyError as error:
        orig = getattr(error, "orig", None)  # the driver's own words, without the SQL
        reason = str(orig if orig is not None else error)
        where = engine.url.render_as_string()  # the password stays hidden
        reason = " ".join(reason.split())
        raise DatabaseError(f"cannot prepare the database {where}: {reason}") from None


def prepare_database(url: str | None = None) -> Engine:
    """An engine on an up-to-date schema; any failure is one :class:`DatabaseError`."""
    engine = make_engine(url)
    migrate(engine)
    return engine
