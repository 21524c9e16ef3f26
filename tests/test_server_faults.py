"""Faults: a write that fails, a database that goes away and comes back."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from nilegames.server.store import Append, SeqTakenError, Store
from tests.server_helpers import (
    POSTGRES_URL,
    Switch,
    create,
    fresh_database,
    play,
    post_move,
    running,
    view,
    wait_for,
)


def test_a_failed_write_during_a_bot_move_does_not_freeze_the_table(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = Store.append_all
    failures: list[int] = []

    def flaky(self: Store, appends: Sequence[Append]) -> list[SeqTakenError | None]:
        if len(failures) < 2:  # the bots' first two moves find the database refusing
            failures.append(1)
            raise OperationalError("INSERT", {}, Exception("the disk is full"))
        return original(self, appends)

    with running(url) as client:
        tid = create(client, ["random", "random"])["table"]["id"]
        monkeypatch.setattr(Store, "append_all", flaky)
        wait_for(lambda: view(client, tid)["table"]["status"] == "finished", "the bots", 20)
    assert len(failures) == 2


def test_a_human_move_refused_by_the_database_is_a_503_and_changes_nothing(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(sqlite_url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        before = view(client, tid, tokens["0"])
        mover = str(before["to_move"])
        mine = view(client, tid, tokens[mover])

        def down(*_args: object) -> None:
            raise OperationalError("INSERT", {}, Exception("database is locked"))

        with monkeypatch.context() as patch:
            patch.setattr(Store, "append_all", down)
            answer = post_move(
                client, tid, tokens[mover], mine["seq"], mine["legal_actions"][0]["action"]
            )
        assert answer.status_code == 503, answer.text
        assert int(answer.headers["retry-after"]) >= 1
        assert view(client, tid, tokens[mover]) == mine
        answer = post_move(
            client, tid, tokens[mover], mine["seq"], mine["legal_actions"][0]["action"]
        )
        assert answer.status_code == 200, answer.text


def test_the_database_going_away_is_a_503_and_the_server_recovers(tmp_path: Path) -> None:
    rng = random.Random(5)
    with fresh_database("postgresql", tmp_path) as url:
        target = make_url(POSTGRES_URL)
        switch = Switch((target.host or "127.0.0.1", target.port or 5432))
        try:
            with running(switch.url(url), bot_delay=0.02) as client:
                created = create(client, ["human", "human"])
                tid, tokens = created["table"]["id"], created["tokens"]
                bots = create(client, ["random"] * 2, options={"variant": "short"})["table"]["id"]
                switch.cut()
                current = view(client, tid)  # in memory: still shown
                token = tokens[str(current["to_move"])]
                mine = view(client, tid, token)
                action = mine["legal_actions"][0]["action"]
                refused = [
                    post_move(client, tid, token, mine["seq"], action),
                    client.post("/api/tables", json={"game": "nile", "players": 2}),
                    client.get("/api/tables/0123456789ab"),  # not in memory: unknown
                ]
                for answer in refused:
                    assert answer.status_code == 503, answer.text
                    assert int(answer.headers["retry-after"]) >= 1
                    assert "database" in answer.json()["error"]
                switch.restore()
                assert post_move(client, tid, token, mine["seq"], action).status_code == 200
                play(client, tid, tokens, rng, moves=3)
                assert client.post("/api/tables", json={"game": "nile", "players": 2}).is_success
                wait_for(lambda: view(client, bots)["table"]["status"] == "finished", "bots", 20)
        finally:
            switch.cut()
