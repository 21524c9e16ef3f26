"""``nilegames serve`` for real: a uvicorn process on loopback, REST and a WebSocket."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.sync.client import connect

from nilegames.cli.main import app
from tests.server_helpers import play, serve, view


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A ``nilegames serve`` process on a free port and a new SQLite file; its base URL."""
    with serve(tmp_path) as base:
        yield base


def test_a_real_server_plays_over_http_and_a_websocket(server: str) -> None:
    rng = random.Random(8)
    with httpx.Client(base_url=server, timeout=10) as client:
        games = client.get("/api/games").json()
        assert "nile" in [game["id"] for game in games]
        page = client.get("/")  # the page, or its placeholder until it is built
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        response = client.post(
            "/api/tables",
            json={"game": "nile", "seats": [{"kind": "human"}, {"kind": "human"}]},
        )
        assert response.status_code == 201
        created = response.json()
        tid, tokens = created["table"]["id"], created["tokens"]
        socket_url = server.replace("http", "ws") + f"/ws/tables/{tid}"
        with connect(socket_url, open_timeout=10) as live:
            live.send(json.dumps({"type": "hello", "token": tokens["0"]}))
            first = receive(live)
            assert first["seat"] == 0 and first["seq"] == view(client, tid)["seq"]
            for _ in range(6):
                after = play(client, tid, tokens, rng, moves=1)
                while (shown := receive(live))["seq"] < after["seq"]:
                    pass
                assert shown["seq"] == after["seq"]
                assert (
                    shown["observation"]["hand"]
                    == view(client, tid, tokens["0"])["observation"]["hand"]
                )


def receive(live: Any) -> Any:
    message = json.loads(live.recv(timeout=10))
    assert message["type"] == "view", message
    return message


def test_serve_refuses_a_bad_database_in_one_line() -> None:
    result = CliRunner().invoke(app, ["serve", "--database", "nowhere://db"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "nilegames: bad database URL 'nowhere://db': Can't load plugin: sqlalchemy.dialects:nowhere"
    ]


def test_serve_refuses_several_workers_on_sqlite(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    result = CliRunner().invoke(app, ["serve", "--database", database, "--workers", "2"])
    assert result.exit_code == 2
    assert result.output.startswith("nilegames: SQLite serves one process")
    assert "serving" not in result.output
