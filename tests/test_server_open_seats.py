"""Open seats over the REST API: a table offers a seat anyone may take from the lobby;
taking it gives that seat a new token, once; the lobby's list shows only open tables."""

from __future__ import annotations

from tests.server_helpers import running, view


def test_an_open_seat_is_listed_taken_once_and_played(sqlite_url: str) -> None:
    with running(sqlite_url, bot_delay=60) as client:
        bad = {"game": "nile", "seats": [{"kind": "bot", "bot": "greedy", "open": True}] * 2}
        assert client.post("/api/tables", json=bad).status_code == 422
        body = {"game": "nile", "seats": [{"kind": "human"}, {"kind": "human", "open": True}]}
        created = client.post("/api/tables", json=body).json()
        tid, tokens = created["table"]["id"], created["tokens"]
        closed = client.post("/api/tables", json={"game": "nile"}).json()["table"]["id"]
        listed = client.get("/api/open-tables").json()
        assert [t["id"] for t in listed] == [tid]
        assert [s["open"] for s in listed[0]["seats"]] == [False, True]
        assert client.post(f"/api/tables/{tid}/seats/0/claim", json={}).status_code == 409
        taken = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "Chiara"})
        assert taken.status_code == 200, taken.text
        token = taken.json()["token"]
        assert taken.json()["link"] == f"/#/table/{tid}?token={token}"
        again = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "Dalia"})
        assert again.status_code == 409  # taken once
        assert client.get("/api/open-tables").json() == []
        mine = view(client, tid, token)
        assert mine["seat"] == 1 and mine["table"]["seats"][1]["name"] == "Chiara"
        # the creator's token for that seat no longer holds it
        old = client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": tokens["1"]})
        assert old.status_code == 403
        assert client.get(f"/api/tables/{closed}").status_code == 200
