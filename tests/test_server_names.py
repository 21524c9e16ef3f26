"""Display names over the REST API: given when a table is created or later with the
seat's own token, checked, shown in every view and kept across a restart."""

from __future__ import annotations

import httpx

from tests.server_helpers import running, view, wait_for


def name_seat(
    client: httpx.Client, table_id: str, seat: int, token: str | None, name: str
) -> httpx.Response:
    headers = {} if token is None else {"X-Seat-Token": token}
    url = f"/api/tables/{table_id}/seats/{seat}/name"
    return client.post(url, headers=headers, json={"name": name})


def test_names_are_chosen_checked_shown_and_kept(sqlite_url: str) -> None:
    with running(sqlite_url, bot_delay=60) as client:
        body = {
            "game": "nile",
            "seats": [
                {"kind": "human", "name": "  Amira   Nour "},
                {"kind": "human"},
                {"kind": "bot", "bot": "greedy"},
            ],
        }
        created = client.post("/api/tables", json=body).json()
        tid, tokens = created["table"]["id"], created["tokens"]
        names = [s["name"] for s in created["table"]["seats"]]
        assert names == ["Amira Nour", None, None]
        # refused: another seat's token, no token, empty, too long, control characters
        assert name_seat(client, tid, 1, tokens["0"], "Bob").status_code == 403
        assert name_seat(client, tid, 1, None, "Bob").status_code == 403
        for bad in ["   ", "x" * 25, "Bo\x07b"]:
            answer = name_seat(client, tid, 1, tokens["1"], bad)
            assert answer.status_code == 422, bad
            assert "name" in answer.json()["error"]
        assert name_seat(client, tid, 7, tokens["1"], "Bob").status_code == 404
        assert [s["name"] for s in view(client, tid)["table"]["seats"]] == names
        before = view(client, tid)["table"]["updated"]
        answer = name_seat(client, tid, 1, tokens["1"], "Bastien")
        assert answer.status_code == 200, answer.text
        assert answer.json()["table"]["updated"] == before  # the turn clock goes on
        bad_bot = {"game": "nile", "seats": [{"kind": "bot", "bot": "greedy", "name": "R2"}] * 2}
        assert client.post("/api/tables", json=bad_bot).status_code == 422
    with running(sqlite_url, bot_delay=60) as client:
        seats = view(client, tid)["table"]["seats"]
        assert [s["name"] for s in seats] == ["Amira Nour", "Bastien", None]


def test_an_absent_player_s_turn_goes_to_a_bot(sqlite_url: str) -> None:
    # the sweep runs every 50 ms here; the table allows 1 second away
    with running(sqlite_url, bot_delay=0, sweep_every=0.05) as client:
        bad = {"game": "nile", "seats": [{"kind": "human", "away": 0}, {"kind": "human"}]}
        assert client.post("/api/tables", json=bad).status_code == 422
        body = {
            "game": "nile",
            "seats": [{"kind": "human", "away": 1}, {"kind": "human", "away": 1}],
        }
        created = client.post("/api/tables", json=body).json()
        tid = created["table"]["id"]
        assert [s["away"] for s in created["table"]["seats"]] == [1, 1]
        mover = view(client, tid)["to_move"]
        seats = wait_for(
            lambda: (s := view(client, tid)["table"]["seats"])[mover]["kind"] == "bot" and s,
            "the absent seat handed to a bot",
            timeout=10,
        )
        assert seats[mover]["bot"] == "medium"
        assert seats[1 - mover]["kind"] == "human"  # the other was not to move
