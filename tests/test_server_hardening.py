"""Refusals and defences: strict options, one status per kind of mistake, security headers,
tokens kept out of logs and addresses, replays off the event loop."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from nilegames.core import NilegamesError, RecordError
from nilegames.server import logs, views
from nilegames.server.errors import from_core
from tests.server_helpers import create, live_socket, play, running, serve

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"players": 3}, "players"),
        ({"game_id": "pharaohs"}, "game_id"),
        ({"open_stocks": 1}, "open_stocks"),
        ({"open_stocks": 0}, "open_stocks"),
        ({"open_stocks": 1.0}, "open_stocks"),
        ({"open_stocks": "true"}, "open_stocks"),
        ({"rules": True}, "rules"),
        ({"rules": 1.0}, "rules"),
        ({"variant": None}, "variant"),
        ({"nonsense": 1}, "nonsense"),
    ],
)
def test_a_bad_option_is_a_422_naming_it(sqlite_url: str, options: Any, named: str) -> None:
    with running(sqlite_url) as client:
        answer = client.post("/api/tables", json={"game": "nile", "options": options})
        assert answer.status_code == 422, answer.text
        assert named in answer.json()["error"]
        assert client.get("/api/games").status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        {"game": "nile", "players": "3"},
        {"game": "nile", "players": 3.0},
        {"game": "nile", "players": 9},
        {"game": "nile", "options": []},
        {"game": "nile", "seats": [{"kind": "robot"}]},
        {"game": "nile", "seats": [{"kind": "bot", "bot": "nobody"}]},
        {"game": "nile", "colour": "red"},
        [],
    ],
)
def test_every_malformed_table_is_a_422(sqlite_url: str, body: Any) -> None:
    with running(sqlite_url) as client:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"]


def test_the_docs_and_the_engine_agree_on_422() -> None:
    """docs/web-api.md promises 422 for every bad input, and a core refusal of any kind
    becomes one (the API has no 400)."""
    assert from_core(NilegamesError("odd")).status == 422
    assert from_core(RecordError("odd")).status == 422
    errors = (DOCS / "web-api.md").read_text().split("## Errors", 1)[1]
    assert errors.count("400") == 1 and "never answers 400" in errors
    assert "422" in errors


def test_security_headers_on_every_answer(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        for path in ("/", "/app.js", "/style.css", "/api/games", "/nowhere", "/docs"):
            headers = client.get(path).headers
            policy = headers["content-security-policy"]
            assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, path
            assert "frame-ancestors 'none'" in policy, path
            assert headers["x-content-type-options"] == "nosniff", path
            assert headers["referrer-policy"] == "no-referrer", path
        page = client.get("/").headers["content-security-policy"]
        assert "script-src 'self';" in page and "style-src 'self';" in page


def test_a_socket_takes_its_token_in_the_first_message_only(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        with live_socket(client, tid, tokens["1"]) as seat:
            assert seat.receive_json()["seat"] == 1
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as old:
            refusal = old.receive_json()
            assert refusal["type"] == "error" and "first message" in refusal["error"]
            assert old.receive()["code"] == 4400
        with client.websocket_connect(f"/ws/tables/{tid}") as rude:
            rude.send_text("hi")
            assert "hello" in rude.receive_json()["error"]
            assert rude.receive()["code"] == 4400


def test_the_redaction_filter_hides_tokens(caplog: pytest.LogCaptureFixture) -> None:
    secret = "Zq9vYb3kT0x_-AbCdEfGhIjKlMnOpQrS"
    assert secret not in logs.redact(f'"GET /ws/tables/abc?token={secret} HTTP/1.1" 101')
    assert secret not in logs.redact(f"X-Seat-Token: {secret}")
    assert secret not in logs.redact(f'{{"type": "hello", "token": "{secret}"}}')
    assert "/ws/tables/abc" in logs.redact(f"/ws/tables/abc?token={secret}&x=1")
    logs.install()
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        logging.getLogger("uvicorn.access").info(
            '%s - "%s %s HTTP/%s" %d', "127.0.0.1", "GET", f"/x?token={secret}", "1.1", 200
        )
    assert caplog.records and secret not in caplog.text


def test_no_token_reaches_the_server_log(tmp_path: Path) -> None:
    """A real server, a game over REST and WebSockets (and one old client that puts its
    token in the address): the log never shows a token."""
    rng = random.Random(3)
    import httpx

    with serve(tmp_path) as base, httpx.Client(base_url=base, timeout=10) as client:
        created = client.post(
            "/api/tables", json={"game": "nile", "seats": [{"kind": "human"}] * 2}
        ).json()
        tid, tokens = created["table"]["id"], created["tokens"]
        ws = base.replace("http", "ws") + f"/ws/tables/{tid}"
        with connect(ws, open_timeout=10) as live:
            live.send(json.dumps({"type": "hello", "token": tokens["0"]}))
            assert json.loads(live.recv(timeout=10))["seat"] == 0
            play(client, tid, tokens, rng, moves=4)
        with connect(f"{ws}?token={tokens['1']}", open_timeout=10) as old:
            assert json.loads(old.recv(timeout=10))["type"] == "error"
    text = "".join(log.read_text() for log in tmp_path.glob("server-*.log"))
    assert f"/ws/tables/{tid}" in text  # the log does record the connections
    for token in tokens.values():
        assert token not in text
    assert re.search(r"token=\[redacted\]", text)


def test_replay_steps_are_computed_off_the_event_loop(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_loop: list[bool] = []
    original = views.replay_step

    def watched(*args: Any) -> Any:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        return original(*args)

    monkeypatch.setattr(views, "replay_step", watched)
    with running(sqlite_url) as client:
        tid = create(client, ["random", "random"])["table"]["id"]
        from tests.server_helpers import view, wait_for

        wait_for(lambda: view(client, tid)["table"]["status"] == "finished", "the bots")
        for step in (0, 5):
            assert client.get(f"/api/tables/{tid}/replay/{step}").status_code == 200
    assert on_loop == [False, False]
