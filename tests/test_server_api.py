"""The REST API against SQLite and PostgreSQL: lobby, views, moves, refusals, replays,
seats handed to bots, the schema migrations and the page."""

from __future__ import annotations

import gc
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from nilegames.core import GameRecord, replay_states
from nilegames.server import memory
from nilegames.server.db import MIGRATIONS, Base, make_engine, migrate
from tests.server_helpers import (
    create,
    log_rows,
    play,
    play_one,
    post_move,
    running,
    table_rows,
    view,
    wait_for,
)


def json_value(value: Any) -> Any:
    """A JSON column as read by raw SQL: text on SQLite, decoded on PostgreSQL."""
    return json.loads(value) if isinstance(value, str) else value


def test_games_lists_nile_with_options_and_bots(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        games = client.get("/api/games").json()
    nile = next(game for game in games if game["id"] == "nile")
    assert (nile["min_players"], nile["max_players"]) == (2, 5)
    assert [option["name"] for option in nile["options"]] == ["variant", "open_stocks", "rules"]
    rules = nile["options"][2]
    assert rules["advanced"] and rules["default"] == max(rules["choices"])
    assert nile["bots"] == ["random", "greedy", "easy", "medium", "hard"]


def test_new_table_is_ready_with_hashed_tokens(url: str) -> None:
    with running(url, bot_delay=60) as client:
        created = create(client, ["human", "greedy", "human"])
        table = created["table"]
        tid = table["id"]
        assert set(created["tokens"]) == {"0", "2"}
        assert created["links"] == {
            "0": f"/#/table/{tid}?token={created['tokens']['0']}",
            "2": f"/#/table/{tid}?token={created['tokens']['2']}",
            "spectator": f"/#/table/{tid}",
        }
        assert table["status"] == "playing"
        assert [(s["kind"], s["bot"], s["connected"]) for s in table["seats"]] == [
            ("human", None, False),
            ("bot", "greedy", True),
            ("human", None, False),
        ]
        public = view(client, tid)
        mine = view(client, tid, created["tokens"]["0"])
    # The deal and the first player are drawn and logged as chance (-1) before anyone plays.
    rows = log_rows(url, tid)
    assert rows and all(seat == -1 for _, seat, _ in rows)
    assert [seq for seq, _, _ in rows] == list(range(len(rows)))
    assert public["seq"] == mine["seq"] == len(rows)
    assert public["seat"] is None and "hand" not in public["observation"]
    assert public["legal_actions"] == [] and public["to_move"] in (0, 1, 2)
    assert mine["seat"] == 0 and mine["observation"]["seat"] == 0
    assert sum(mine["observation"]["hand"].values()) == mine["observation"]["hand_sizes"][0]
    assert bool(mine["legal_actions"]) == (mine["to_move"] == 0)
    assert public["text"].startswith("Turn") and "Your hand" in mine["text"]
    # Only hashes are stored: the tokens appear nowhere in the row.
    [row] = table_rows(url)
    seats = json_value(row["seats"])
    for seat, token in created["tokens"].items():
        assert seats[int(seat)]["token_hash"] == hashlib.sha256(token.encode()).hexdigest()
        assert token not in json.dumps(seats)
    assert seats[1] == {"kind": "bot", "bot": "greedy", "token_hash": None}


def test_moves_are_committed_to_the_log(url: str) -> None:
    rng = random.Random(3)
    with running(url) as client:
        created = create(client, ["human", "human"])
        tid = created["table"]["id"]
        for _ in range(25):
            before = view(client, tid)
            after = play_one(client, tid, created["tokens"], rng)
            rows = log_rows(url, tid)  # read back at once: acknowledged means stored
            assert after["seq"] == len(rows) > before["seq"]
            seq, seat, _ = rows[before["seq"]]
            assert (seq, seat) == (before["seq"], before["to_move"])
            assert all(seat == -1 for _, seat, _ in rows[before["seq"] + 1 :])
            assert after["table"]["updated"] >= before["table"]["updated"]


def test_bad_input_is_refused_and_changes_nothing(url: str) -> None:
    with running(url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        state = view(client, tid)
        mover, seq = state["to_move"], state["seq"]
        mine, other = tokens[str(mover)], tokens[str(1 - mover)]
        legal = {a["action"] for a in view(client, tid, mine)["legal_actions"]}
        illegal = next(a for a in range(200) if a not in legal)
        actions = f"/api/tables/{tid}/actions"
        as_nobody = {"Content-Type": "application/json"}
        as_mover = {**as_nobody, "X-Seat-Token": mine}
        as_stranger = {**as_nobody, "X-Seat-Token": "x"}
        cases: list[tuple[str, Any, int, str]] = [
            ("unknown game", ("/api/tables", {"game": "chess"}), 404, "no game is called"),
            ("player count", ("/api/tables", {"game": "nile", "players": 7}), 422, "2 to 5"),
            ("players as text", ("/api/tables", {"game": "nile", "players": "3"}), 422, "players"),
            (
                "bad option value",
                ("/api/tables", {"game": "nile", "options": {"variant": "epic"}}),
                422,
                "variant='epic'",
            ),
            (
                "unknown option",
                ("/api/tables", {"game": "nile", "options": {"speed": 2}}),
                422,
                "no option speed",
            ),
            (
                "option against the player count",
                ("/api/tables", {"game": "nile", "players": 4, "options": {"variant": "short"}}),
                422,
                "short variant",
            ),
            (
                "seats against players",
                ("/api/tables", {"game": "nile", "players": 3, "seats": [{"kind": "human"}]}),
                422,
                "1 seat(s) given for 3 players",
            ),
            (
                "unknown bot",
                (
                    "/api/tables",
                    {"game": "nile", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ai"}]},
                ),
                422,
                "seat 1: no bot 'ai'; bots: random, greedy, easy, medium, hard",
            ),
            (
                "bot seat without a bot",
                ("/api/tables", {"game": "nile", "seats": [{"kind": "bot"}] * 2}),
                422,
                "seat 0: a bot seat needs a bot",
            ),
            (
                "human seat with a bot",
                ("/api/tables", {"game": "nile", "seats": [{"kind": "human", "bot": "easy"}] * 2}),
                422,
                "seat 0 is a human seat",
            ),
            (
                "unknown seat kind",
                ("/api/tables", {"game": "nile", "seats": [{"kind": "robot"}] * 2}),
                422,
                "seats.0.kind",
            ),
            ("unknown table", ("/api/tables/nope/actions", {"seq": 0, "action": 0}), 404, "nope"),
            ("illegal action", (actions, {"seq": seq, "action": illegal}), 422, "not legal"),
            ("action as text", (actions, {"seq": seq, "action": "1"}), 422, "action"),
            ("missing action", (actions, {"seq": seq}), 422, "action: Field required"),
            ("extra field", (actions, {"seq": seq, "action": 0, "as": 1}), 422, "as: Extra"),
            ("stale seq", (actions, {"seq": seq - 1, "action": min(legal)}), 409, "stale seq"),
            ("future seq", (actions, {"seq": seq + 5, "action": min(legal)}), 409, "stale seq"),
        ]
        for name, (path, body), status, words in cases:
            response = client.post(path, json=body, headers={"X-Seat-Token": mine})
            assert response.status_code == status, (name, response.text)
            assert words in response.json()["error"], (name, response.json())
        raw_cases = [
            ("malformed JSON", b'{"seq": 1,', as_mover, 422, "malformed JSON"),
            ("empty body", b"", as_mover, 422, "needs a JSON body"),
            ("not an object", b"[1, 2]", as_mover, 422, "JSON object"),
            ("oversized body", b" " * 5000, as_mover, 413, "over 4096 bytes"),
            ("no token", b'{"seq": 0, "action": 0}', as_nobody, 403, "X-Seat-Token"),
            ("wrong token", b'{"seq": 0, "action": 0}', as_stranger, 403, "no seat"),
            ("no JSON type", b'{"seq": 0, "action": 0}', {"X-Seat-Token": mine}, 422, "JSON"),
        ]
        for name, content, headers, status, words in raw_cases:
            response = client.post(actions, content=content, headers=headers)
            assert response.status_code == status, (name, response.text)
            assert words in response.json()["error"], (name, response.json())
        # A body without a declared length is counted as it arrives.
        chunks = iter([b'{"seq": 0, "action": 0, "pad": "', b"x" * 5000, b'"}'])
        response = client.post(actions, content=chunks, headers=as_mover)
        assert response.status_code == 413, response.text
        out_of_turn = post_move(client, tid, other, seq, min(legal))
        assert out_of_turn.status_code == 409
        assert f"seat {mover}'s turn" in out_of_turn.json()["error"]
        assert client.get("/api/tables/nope").status_code == 404
        assert client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": "x"}).status_code == 403
        assert view(client, tid) == state
    assert len(log_rows(url, tid)) == seq
    assert [row["id"] for row in table_rows(url)] == [tid]


def test_replay_opens_at_the_end_and_shows_any_seat(sqlite_url: str) -> None:
    rng = random.Random(5)
    with running(sqlite_url) as client:
        created = create(client, ["human", "human"])
        tid = created["table"]["id"]
        assert client.get(f"/api/tables/{tid}/replay").status_code == 409
        early = client.get(f"/api/tables/{tid}/replay/0")
        assert early.status_code == 409 and "not over" in early.json()["error"]
        play(client, tid, created["tokens"], rng)
        final = view(client, tid)
        assert final["table"]["status"] == "finished" and "result" in final["observation"]
        replay = client.get(f"/api/tables/{tid}/replay").json()
        steps = replay["steps"]
        assert replay["actions"] == [action for _, _, action in log_rows(sqlite_url, tid)]
        assert replay["seats"] == [seat for _, seat, _ in log_rows(sqlite_url, tid)]
        assert steps == final["seq"] == len(replay["actions"])
        record = GameRecord("nile", 2, replay["options"], replay["actions"])
        states = list(enumerate(state.clone() for state in replay_states(record)))
        for step, state in [states[0], states[7], states[-1]]:
            for seat in (0, 1):
                shown = client.get(f"/api/tables/{tid}/replay/{step}?seat={seat}").json()
                assert shown["observation"] == state.observation(seat)
                assert shown["text"] == state.game.render_text(state.observation(seat))
            public = client.get(f"/api/tables/{tid}/replay/{step}").json()
            assert public["observation"] == state.public_observation()
            assert (public["last_action"] is None) == (step == 0)
        assert client.get(f"/api/tables/{tid}/replay/{steps + 1}").status_code == 404
        bad_seat = client.get(f"/api/tables/{tid}/replay/0?seat=2")
        assert bad_seat.status_code == 422 and "no seat 2" in bad_seat.json()["error"]
        over = post_move(client, tid, created["tokens"]["0"], steps, 0)
        assert over.status_code == 409 and "over" in over.json()["error"]


def test_a_leaving_player_hands_the_seat_to_a_bot(url: str) -> None:
    rng = random.Random(9)
    with running(url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        path = f"/api/tables/{tid}/seats/1/bot"
        refusals = [
            (path, tokens["0"], {"bot": "random"}, 403, "only seat 1's token"),
            (path, None, {"bot": "random"}, 403, "only seat 1's token"),
            (path, tokens["1"], {"bot": "wizard"}, 422, "no bot 'wizard'"),
            (path, tokens["1"], {}, 422, "bot: Field required"),
            (f"/api/tables/{tid}/seats/4/bot", tokens["1"], {"bot": "random"}, 404, "no seat 4"),
        ]
        for where, token, body, status, words in refusals:
            headers = {"X-Seat-Token": token} if token else {}
            response = client.post(where, json=body, headers=headers)
            assert (response.status_code, words in response.json()["error"]) == (status, True)
        handed = client.post(path, json={"bot": "random"}, headers={"X-Seat-Token": tokens["1"]})
        assert handed.status_code == 200
        assert handed.json()["seat"] == 1 and handed.json()["legal_actions"] == []
        assert handed.json()["table"]["seats"][1] == {
            "seat": 1,
            "kind": "bot",
            "bot": "random",
            "name": None,
            "away": None,
            "open": False,
            "connected": True,
        }
        again = client.post(path, json={"bot": "easy"}, headers={"X-Seat-Token": tokens["1"]})
        assert again.status_code == 409 and "already" in again.json()["error"]
        # The bot plays seat 1 from now on; the old token still sees the seat but cannot move.
        # Seat 0 plays until the bot has moved (a turn is several atomic moves, and how many
        # depends on the server's deal, so no fixed count of seat 0's moves is enough).
        for moves in range(60):
            wait_for(lambda: view(client, tid)["to_move"] == 0, "seat 0's turn")
            if moves >= 6 and any(seat == 1 for _, seat, _ in log_rows(url, tid)):
                break
            seq = view(client, tid)["seq"]
            refused = post_move(client, tid, tokens["1"], seq, 0)
            assert refused.status_code == 409 and "random bot" in refused.json()["error"]
            assert view(client, tid, tokens["1"])["observation"]["seat"] == 1
            play_one(client, tid, {"0": tokens["0"]}, rng)
    assert any(seat == 1 for _, seat, _ in log_rows(url, tid))
    [row] = table_rows(url)
    assert json_value(row["seats"])[1]["kind"] == "bot"


def test_page_schema_and_unknown_paths(sqlite_url: str, tmp_path: Path) -> None:
    with running(sqlite_url, static_dir=tmp_path / "missing") as client:
        placeholder = client.get("/")
        assert placeholder.status_code == 200 and "not built yet" in placeholder.text
        assert client.get("/app.js").status_code == 404
        schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/seats/{seat}/bot" in schema["paths"]
    assert set(schema["components"]["schemas"]["Move"]["required"]) == {"seq", "action"}
    page = tmp_path / "page"
    page.mkdir()
    (page / "index.html").write_text("<h1>the page</h1>")
    (page / "app.js").write_text("let x = 1;")
    with running(sqlite_url, static_dir=page) as client:
        assert client.get("/").text == "<h1>the page</h1>"
        assert client.get("/app.js").text == "let x = 1;"
        missing = client.get("/api/nothing")
        assert missing.status_code == 404 and missing.json() == {"error": "nothing at /api/nothing"}


def test_migrations_build_the_schema_from_empty(url: str) -> None:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            assert inspect(connection).get_table_names() == []
        migrate(engine)
        migrate(engine)  # already at head: nothing to do
        with engine.connect() as connection:
            names = set(inspect(connection).get_table_names())
            assert names == {
                "alembic_version",
                "game_tables",
                "table_actions",
                "bot_leases",
                "table_chat",
                "table_hints",
            }
            version = connection.execute(text("SELECT version_num FROM alembic_version"))
            assert version.scalar_one() == "0004"
            # The migration builds exactly what the models describe.
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
            uniques = inspect(connection).get_unique_constraints("table_actions")
            assert [u["column_names"] for u in uniques] == [["table_id", "seq"]]
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
        with engine.connect() as connection:
            assert set(inspect(connection).get_table_names()) == {"alembic_version"}
    finally:
        engine.dispose()


def test_default_database_is_a_wal_sqlite_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NILEGAMES_DATABASE_URL", raising=False)
    with running(None) as client:
        create(client, ["human", "human"])
    default = tmp_path / "data" / "nilegames.sqlite3"
    assert default.is_file()
    engine = make_engine(f"sqlite:///{default}")
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
        assert connection.execute(text("SELECT count(*) FROM game_tables")).scalar_one() == 1
    engine.dispose()
    monkeypatch.setenv("NILEGAMES_DATABASE_URL", f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}")
    with running(None) as client:
        assert client.get("/api/games").status_code == 200
    assert (tmp_path / "elsewhere.sqlite3").is_file()


def test_a_running_server_freezes_what_it_started_with(sqlite_url: str) -> None:
    """While an app runs, what existed at its start is frozen for the garbage collector
    and young collections are spaced out (memory.py); both end with the process's last
    app, a second one in the meantime changing nothing."""
    before = gc.get_threshold()
    with running(sqlite_url) as client:
        assert gc.get_threshold() == memory.THRESHOLDS
        assert gc.get_freeze_count() > 0
        with running(sqlite_url) as other:
            assert other.get("/api/games").status_code == 200
        assert gc.get_threshold() == memory.THRESHOLDS
        assert gc.get_freeze_count() > 0
        assert client.get("/api/games").status_code == 200
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
