"""Tables stored before rules editions existed keep the rules they were created under."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import create_engine, text

from tests.server_helpers import create, running, view


def stored_options(url: str, table_id: str) -> dict[str, Any]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            row = connection.execute(
                text("SELECT options FROM game_tables WHERE id = :id"), {"id": table_id}
            ).one()
    finally:
        engine.dispose()
    options = row[0]  # SQLite hands JSON back as text, PostgreSQL as a dict
    return options if isinstance(options, dict) else json.loads(options)


def write_options(url: str, table_id: str, options: dict[str, Any]) -> None:
    """Write ``options`` into the row, as a server from before editions did."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(
                text("UPDATE game_tables SET options = :options WHERE id = :id"),
                {"options": json.dumps(options), "id": table_id},
            )
    finally:
        engine.dispose()


def test_a_table_row_without_an_edition_loads_as_edition_1_with_open_stocks(url: str) -> None:
    with running(url) as client:
        created = create(client, ["human", "human"])
        table_id, tokens = created["table"]["id"], created["tokens"]
        fresh = view(client, table_id, tokens["0"])
        # A new table plays the newest edition with hidden stocks.
        assert created["table"]["options"]["rules"] == 2
        assert fresh["observation"]["stocks"][1] is None
    old = {
        key: value
        for key, value in stored_options(url, table_id).items()
        if key not in ("rules", "open_stocks")
    }
    write_options(url, table_id, old)
    with running(url) as client:  # a new server reads the row as the old code wrote it
        shown = view(client, table_id, tokens["0"])
        assert shown["table"]["options"]["rules"] == 1
        assert shown["table"]["options"]["open_stocks"] is True
        assert shown["observation"]["stocks"][1] == dict.fromkeys(
            shown["observation"]["stocks"][0], 0
        )
