"""Undo over the REST API: a seat takes back the open step of its move, the stored log
loses that step, and an undo the engine refuses changes nothing and says why."""

from __future__ import annotations

import random
from typing import Any

from nilegames.core.registry import make
from nilegames.core.translate import translate
from tests.server_helpers import create, log_rows, post_move, running, view


def undo(client: Any, table_id: str, token: str | None, seq: int) -> Any:
    headers = {} if token is None else {"X-Seat-Token": token}
    return client.post(f"/api/tables/{table_id}/undo", headers=headers, json={"seq": seq})


def test_an_open_step_is_taken_back_and_stays_taken_back(sqlite_url: str) -> None:
    rng = random.Random(7)
    with running(sqlite_url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        # play until the mover's own step can be taken back (a card chosen for a trade...)
        for _ in range(300):
            current = view(client, tid)
            token = tokens[str(current["to_move"])]
            mine = view(client, tid, token)
            assert mine["undo"] is not None and mine["undo"]["code"] in {"ok", "chance", "turn"}
            if mine["undo"]["possible"]:
                break
            action = rng.choice(mine["legal_actions"])["action"]
            assert post_move(client, tid, token, mine["seq"], action).status_code == 200
        else:
            raise AssertionError("no step could be taken back in 300 moves")
        # the step in French too, the server's words said from the position before it
        step, said = mine["undo"]["step"], mine["undo"]["words"]["fr"]
        assert said == translate(make("nile", 2).game, "fr", step) and said != step
        rows = log_rows(sqlite_url, tid)
        seat = mine["seat"]
        # the other seat and spectators are never offered an undo
        assert view(client, tid, tokens[str(1 - seat)])["undo"] is None
        assert view(client, tid)["undo"] is None
        assert undo(client, tid, tokens[str(1 - seat)], mine["seq"]).status_code == 409
        assert undo(client, tid, None, mine["seq"]).status_code == 403
        assert undo(client, tid, token, mine["seq"] - 1).status_code == 409  # stale
        assert log_rows(sqlite_url, tid) == rows
        answer = undo(client, tid, token, mine["seq"])
        assert answer.status_code == 200, answer.text
        back = answer.json()
        assert back["seq"] == mine["seq"] - 1
        assert log_rows(sqlite_url, tid) == rows[:-1]
        assert rows[-1][1] == seat
        # the step is playable again, and it is among the legal moves
        assert rows[-1][2] in [a["action"] for a in back["legal_actions"]]
    with running(sqlite_url) as client:  # a restart replays the shorter log
        again = view(client, tid, token)
        assert again["seq"] == back["seq"]
        assert again["observation"] == back["observation"]


def test_an_undo_after_chance_is_refused_and_says_why(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        first = view(client, tid)
        token = tokens[str(first["to_move"])]
        mine = view(client, tid, token)
        # set-up ends with chance (the cards dealt): nothing of the seat's to take back
        assert mine["undo"]["possible"] is False
        assert mine["undo"]["code"] == "chance"
        rows = log_rows(sqlite_url, tid)
        refused = undo(client, tid, token, mine["seq"])
        assert refused.status_code == 409
        assert "chance" in refused.json()["error"]
        assert log_rows(sqlite_url, tid) == rows


def test_every_game_takes_back_an_open_step(sqlite_url: str) -> None:
    """NIL's tile laid before the turn ends, NILE ARTIFACTS' and BANKS' steps: each game's
    first step that can be taken back is, and the seat sees what it saw before."""
    rng = random.Random(3)
    with running(sqlite_url) as client:
        for game in ("pharaohs", "artifacts", "banks"):
            body = {"game": game, "seats": [{"kind": "human"}, {"kind": "human"}]}
            created = client.post("/api/tables", json=body).json()
            tid, tokens = created["table"]["id"], created["tokens"]
            for _ in range(400):
                token = tokens[str(view(client, tid)["to_move"])]
                before = view(client, tid, token)
                action = rng.choice(before["legal_actions"])["action"]
                after = post_move(client, tid, token, before["seq"], action).json()
                if after["undo"] and after["undo"]["possible"]:
                    break
            else:
                raise AssertionError(f"{game}: no step could be taken back in 400 moves")
            back = undo(client, tid, token, after["seq"])
            assert back.status_code == 200, (game, back.text)
            assert back.json()["observation"] == before["observation"], game
            assert back.json()["legal_actions"] == before["legal_actions"], game
