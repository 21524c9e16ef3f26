"""Alembic's entry point: migrate over the connection the server hands in.

``nilegames.server.db.migrate`` passes its connection in ``config.attributes``; run by
hand (``alembic -c`` with a ``sqlalchemy.url``), a connection is opened from the URL.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from nilegames.server.db import Base


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite cannot ALTER much
    )
    with context.begin_transaction():
        context.run_migrations()


given = context.config.attributes.get("connection")
if given is not None:
    run(given)
else:
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("set sqlalchemy.url or call nilegames.server.db.migrate")
    with create_engine(url).begin() as opened:
        run(opened)
