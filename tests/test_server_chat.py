"""Table chat over the REST API: players' messages are checked, shown in every view,
stored with the game and back after a restart; spectators cannot post."""

from __future__ import annotations

import httpx

from tests.server_helpers import create, running, view


def say(client: httpx.Client, table_id: str, token: str | None, text: str) -> httpx.Response:
    headers = {} if token is None else {"X-Seat-Token": token}
    return client.post(f"/api/tables/{table_id}/chat", headers=headers, json={"text": text})


def test_chat_is_checked_shown_and_kept(sqlite_url: str) -> None:
    with running(sqlite_url, bot_delay=60) as client:
        created = create(client, ["human", "human"])
        tid, tokens = created["table"]["id"], created["tokens"]
        assert view(client, tid)["chat"] == []
        before = view(client, tid)["table"]["updated"]
        answer = say(client, tid, tokens["1"], "  good luck!  ")
        assert answer.status_code == 200, answer.text
        assert [(m["seat"], m["text"]) for m in answer.json()["chat"]] == [(1, "good luck!")]
        for bad, words in [("", "visible"), ("x" * 201, "at most 200"), ("a\x00b", "control")]:
            refused = say(client, tid, tokens["0"], bad)
            assert refused.status_code == 422 and words in refused.json()["error"], bad
        assert say(client, tid, None, "hello").status_code == 403  # spectators only read
        assert say(client, tid, "not-a-token", "hello").status_code == 403
        say(client, tid, tokens["0"], "thanks\nyou too")
        seen = view(client, tid)  # a spectator reads every message
        assert [(m["seat"], m["text"]) for m in seen["chat"]] == [
            (1, "good luck!"),
            (0, "thanks\nyou too"),
        ]
        assert seen["table"]["updated"] == before  # a message is no move
    with running(sqlite_url, bot_delay=60) as client:
        again = view(client, tid, tokens["0"])["chat"]
        assert [m["text"] for m in again] == ["good luck!", "thanks\nyou too"]
