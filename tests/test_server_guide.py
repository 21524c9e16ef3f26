"""The rules guide over the API: every game's guide in English and French, its HTML with
raw HTML escaped, its tooltips; an unknown game is a 404 naming the games there are."""

from __future__ import annotations

from nilegames.core import guide
from tests.server_helpers import running


def test_each_game_serves_its_guide_in_both_languages(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        for game in ("nile", "pharaohs", "artifacts", "banks"):
            for lang in ("en", "fr"):
                answer = client.get(f"/api/games/{game}/guide", params={"lang": lang})
                assert answer.status_code == 200, answer.text
                body = answer.json()
                expected = guide.load(game, lang)
                assert (body["game"], body["lang"], body["title"]) == (game, lang, expected.title)
                assert body["html"] == expected.to_html()
                assert [s["key"] for s in body["sections"]] == list(expected.keys())
                assert body["tooltips"] == dict(expected.tooltips)
        # a language the guide lacks falls back to English; a game without one is a 404
        german = client.get("/api/games/nile/guide", params={"lang": "de"}).json()
        assert german["lang"] == "en"
        missing = client.get("/api/games/chess/guide")
        assert missing.status_code == 404
        assert "nile" in missing.json()["error"]
