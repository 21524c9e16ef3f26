"""Reviews in French: each game says what a move led to in French (``explain_move(...,
"fr")``), the review keeps those words beside the English ones, and ``nilegames review
--lang fr`` prints them."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import nilegames
from nilegames.ai.review import review_record
from nilegames.cli.main import app
from tests.test_review import bot_game, seat_views

#: English words the games' review sentences use that French never does (the names of
#: things French keeps, such as "Papyrus" or "ankh", are not among them).
ENGLISH = re.compile(
    r"\b(you|your|seat|harvested|the|and|took|sent|lost|made|scored|won|went|from|to|boat"
    r"|flood|desert|favour|coins|rack|tiles?|plants?|cards?|more|let|overtook|ate|locusts"
    r"|planting|rotted|sowed|field|offering|paid|turn|search|preferred|answer)\b",
    re.IGNORECASE,
)


def french(game_id: str, before: dict[str, Any], played: str, after: dict[str, Any]) -> str:
    game = nilegames.make(game_id, players=len(before.get("scores") or [0, 0, 0])).game
    return game.explain_move(before, played, after, "fr")


def test_nile_in_french() -> None:
    overtaken = {
        "event": "planted",
        "seat": 1,
        "fields": [],
        "overtaken": [{"crop": "Papyrus", "owner": 0, "size": 2}],
    }
    locusts = {"event": "locust", "destroyed": [{"crop": "Lettuce", "owner": 0, "size": 3}]}
    harvests = [
        {"event": "harvest", "seat": 0, "crop": "Wheat"},
        {"event": "harvest", "seat": 0, "crop": "Lettuce"},
    ]
    before = {"seat": 0, "log": [], "stocks": [{"Papyrus": 1}, {}], "hand_sizes": [5, 5]}
    after = {
        "seat": 0,
        "log": [overtaken, locusts, *harvests],
        "stocks": [{"Papyrus": 1, "Wheat": 1, "Lettuce": 1}, {}],
        "hand_sizes": [1, 3],
        "fields": [],
    }
    game = nilegames.make("nile", players=2).game
    assert game.explain_move(before, "plant Papyrus", after, "fr") == (
        "votre plantation de Papyrus a permis à la place 1 de dépasser votre champ de"
        " Papyrus (2), les locustes ont détruit votre champ de Laitue (3) et vous avez"
        " récolté du Blé et de la Laitue"
    )
    after["log"], after["stocks"], after["hand_sizes"] = (
        [overtaken, locusts],
        before["stocks"],
        [5, 3],
    )
    assert game.explain_move(before, "plant Lettuce", after, "fr") == (
        "la place 1 a dépassé votre champ de Papyrus (2) et votre plantation de Laitue a"
        " laissé les locustes détruire votre champ de Laitue (3)"
    )
    after["log"], after["hand_sizes"] = [], [4, 5]
    assert game.explain_move(before, "end turn", after, "fr") == (
        "votre main est passée de 5 à 4 cartes"
    )
    after["hand_sizes"] = [5, 5]
    assert game.explain_move(before, "end turn", after, "fr") == (
        "vous n’aviez aucun champ en culture"
    )


def lay(seat: int, tile: str, points: int, cell: int = 0) -> dict[str, Any]:
    return {"event": "lay", "seat": seat, "tile": tile, "tile_points": points, "cell_points": cell}


def test_pharaohs_in_french() -> None:
    before = {"seat": 0, "log": [], "scores": [10, 20, 30], "rack_sizes": [5, 5, 5]}
    after = {
        "seat": 0,
        "log": [
            {"event": "no_tile", "seat": 0, "penalty": 40},
            lay(1, "straight", 8),
            lay(2, "left135", 14, 10),
            lay(1, "universal", 35, -20),
        ],
        "scores": [-30, 43, 54],
        "rack_sizes": [10, 4, 4],
    }
    assert french("pharaohs", before, "end turn", after) == (
        "vous avez marqué -40 points, la place 2 +24, vous n’avez pu poser aucune tuile et"
        " avez perdu 40 points et le fleuve que vous avez laissé a permis à la place 2 de"
        " poser une tuile Gauche 135° pour +24"
    )
    before = {"seat": 1, "log": [], "scores": [10, 20], "rack_sizes": [5, 5]}
    after = {"seat": 1, "log": [lay(0, "universal", 35)], "scores": [45, 21], "rack_sizes": [4, 8]}
    assert french("pharaohs", before, "end turn", after) == (
        "vous avez marqué +1 point, la place 0 +35, le fleuve que vous avez laissé a permis"
        " à la place 0 de poser une tuile Universelle pour +35 et votre chevalet est passé"
        " à 8 tuiles"
    )


def card(region: str, kind: str) -> dict[str, Any]:
    return {"id": 1, "space": 3, "region": region, "type": kind, "artifacts": 1}


def test_artifacts_in_french() -> None:
    before = {"seat": 0, "log": [], "favour": [3, 4, 5], "coins": [2, 1, 0], "scores": [0] * 3}
    after = {
        "seat": 0,
        "log": [
            {"event": "offered", "seat": 0, "cards": [], "climbs": []},
            {"event": "turn_around", "seat": 0},
        ],
        "favour": [5, 14, 7],
        "coins": [0, 1, 0],
    }
    assert french("artifacts", before, "turn around", after) == (
        "vous avez gagné 2 de faveur, la place 1 en a gagné 10, vos pièces sont passées de 2"
        " à 0 et votre offrande n’a élevé aucun monument"
    )
    after = {
        "seat": 0,
        "log": [
            {"event": "take", "seat": 1, "card": card("green", "ankh")},
            {"event": "take", "seat": 0, "card": card("red", "mask")},
            {"event": "take", "seat": 2, "card": card("blue", "?")},  # a wild, as views draw it
            {"event": "turn_around", "seat": 0},
        ],
        "favour": before["favour"],
        "coins": [0, 1, 0],
    }
    assert french("artifacts", before, "turn around", after) == (
        "vos pièces sont passées de 2 à 0, vous avez payé 3 pièces pour faire demi-tour et la"
        " place 1 a pris l’ankh vert (et 1 autre)"
    )
    after["log"] = [{"event": "take", "seat": 2, "card": card("blue", "?")}]
    assert french("artifacts", before, "sail", after).endswith("la place 2 a pris le joker bleu")
    game = nilegames.make("artifacts", players=3).game
    assert game.explain_move(before, "sail", after).endswith("seat 2 took the blue wild")


def washed(crop: str, reason: str, seat: int = 0) -> dict[str, Any]:
    return {"event": "washed", "seat": seat, "crop": crop, "field": 3, "reason": reason}


def test_banks_in_french() -> None:
    before = {"seat": 0, "log": [], "scores": [3, 4, 5]}
    after = {
        "seat": 0,
        "log": [
            washed("flax", "desert"),
            washed("aubergine", "flood"),
            washed("wheat", "flood"),
            washed("onion", "flood"),
            washed("flax", "flood", seat=1),
            {"event": "rot", "seat": 0, "market_row": 1, "condition": "rotten"},
        ],
        "scores": [1, 10, 6],
    }
    sown = "sow aubergine on the north 5-row field 3 (2 palms) (1 pt)"
    assert french("banks", before, sown, after) == (
        "la crue a envoyé au bateau l’aubergine que vous aviez semée et 2 autres plantes,"
        " votre plante de la rangée 2 du marché a pourri et le désert a envoyé votre lin au"
        " bateau"
    )
    after["log"] = [
        washed("onion", "flood"),
        washed("grapes", "desert"),
        washed("wheat", "desert"),
        {"event": "lost", "seat": 0, "count": 3},
    ]
    sown = "sow onion on the north 5-row field 3 (2 palms) (1 pt)"
    assert french("banks", before, sown, after) == (
        "la crue a envoyé au bateau l’oignon que vous aviez semé, le désert a envoyé vos 2"
        " plantes au bateau et vous avez perdu 3 plantes restées dans le bateau"
    )
    after["log"] = [
        washed("wheat", "flood"),
        {"event": "lost", "seat": 0, "count": 1},
        {"event": "harvest", "seat": 0, "crop": "flax"},
    ]
    assert french("banks", before, sown, after) == (
        "la crue a envoyé votre blé au bateau, vous avez perdu 1 plante restée dans le bateau"
        " et vous avez récolté 1 plante"
    )


@pytest.mark.parametrize("game_id", ["nile", "pharaohs", "artifacts", "banks"])
def test_every_games_words_are_french_where_the_english_say_something(game_id: str) -> None:
    """Between any two turns of random games the French says something exactly when the
    English does, with no English word left, and as many different things."""
    game = nilegames.make(game_id, players=3).game
    english, french_words = set(), set()
    for seed in range(3):
        for before, after in itertools.pairwise(seat_views(game_id, 3, seed)):
            text = game.explain_move(before, "end turn", after)
            said = game.explain_move(before, "end turn", after, "fr")
            assert bool(text) == bool(said)
            assert ENGLISH.search(said) is None, said
            english.add(text)
            french_words.add(said)
    assert len(french_words) == len(english) >= 10


@pytest.mark.parametrize("game_id", ["nile", "pharaohs", "artifacts", "banks"])
def test_a_review_keeps_its_words_in_french(game_id: str) -> None:
    """A review of a real game: every move's words in French beside the English, the
    "why" and the note without English words, the reply's seat and action kept."""
    record = bot_game(game_id, ["random", "greedy"], 4, limit=100)
    review = review_record(record, 0, iterations=12, seed=1)
    assert review.moves
    worded = replies = 0
    for move in review.moves:
        fr = move.words["fr"]
        assert set(fr) == {"played", "best", "why", "reply", "reply_move", "note"}
        assert bool(fr["why"]) == bool(move.why)
        assert ENGLISH.search(fr["why"]) is None, fr["why"]
        frame = fr["note"].replace(fr["played"], "").replace(fr["best"], "")
        frame = frame.replace(fr["why"], "").replace(fr["reply"], "")
        assert ENGLISH.search(frame) is None, fr["note"]
        if move.why:
            worded += 1
            assert fr["why"] != move.why
            assert f"avant votre tour suivant, {fr['why']}" in fr["note"]
        assert (move.reply is None) == (move.reply_action is None) == (not fr["reply"])
        if move.reply is not None:
            replies += 1
            assert move.reply_seat != 0  # an answer comes from another seat
            assert move.reply.startswith(f"seat {move.reply_seat}: ")
            assert fr["reply"] == f"place {move.reply_seat} : {fr['reply_move']}"
            assert (
                f"(la réponse redoutée : {fr['reply']})" in fr["note"] or move.best == move.played
            )
    assert worded >= len(review.moves) // 2
    # (a turn of NILE or NIL ends with a draw: chance, not a seat, answers the move)
    assert replies or game_id in ("nile", "pharaohs")
    assert review.to_json()["moves"][0]["words"]["fr"] == review.moves[0].words["fr"]


def test_the_review_command_speaks_french(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    nilegames.save(bot_game("nile", ["random", "greedy"], 4, limit=160), path)
    runner = CliRunner()
    args = ["review", str(path), "--seat", "0", "--iterations", "40"]
    done = runner.invoke(app, [*args, "--lang", "fr"], env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.output
    assert "1. coup" in done.output and "la recherche préférait «\u00a0" in done.output
    assert "avant votre tour suivant, " in done.output and "résultat espéré" in done.output
    assert ENGLISH.search(done.output.replace("nile", "")) is None, done.output
    bad = runner.invoke(app, [*args, "--lang", "de"])
    assert bad.exit_code == 2 and "--lang must be one of en, fr" in bad.output
