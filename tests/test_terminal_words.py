"""Every log line of a sample of random games, in every game, as each seat and a
spectator read it (and as the terminal folds them): no doubled or missing spaces, no
untranslated identifiers, no "1 cards"."""

from __future__ import annotations

import random
import re

import pytest

from nilegames.cli.screen import group_lines, log_texts
from nilegames.core import games, new_game, play_to_decision

GAMES = [g["id"] for g in games()]
#: What a sentence for people never contains, each with the reason.
FAULTS = [
    ("a doubled space", re.compile(r"\S {2,}\S")),
    ("a space at an end", re.compile(r"^\s|\s$")),
    ("a space before punctuation", re.compile(r" [,.;:!?)]")),
    ("no space after punctuation", re.compile(r"[,;](?=\S)|:(?=[A-Za-z])|[a-z]\(")),
    ("joined words", re.compile(r"[a-z][A-Z]")),
    ("a Python value", re.compile(r"\b(?:None|True|False)\b|[\[\]{}]|\\")),
    ("an identifier", re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?!x\d)[a-z]+\d+\b")),
    ("a capital You inside a sentence", re.compile(r"(?<=[a-z] )You\b|\bYou's\b")),
    ("a number that does not agree", re.compile(r"\(s\)|\ban? (?:ripe )?grapes\b")),
    ("an empty line", re.compile(r"^$")),
]


#: Words before a number that is a name ("seat 1 plants"), not a count.
LABELS = frozenset({"seat", "space", "row", "field", "stack", "deck", "turn", "round", "level"})
ONE = re.compile(r"(?:(\w+) )?(?<![\d.])\b1 ([a-z]+s)\b")
#: Nouns that end in s in the singular too.
SINGULAR = frozenset({"grapes"})


def faults(line: str) -> list[str]:
    found = [name for name, pattern in FAULTS if pattern.search(line)]
    for before, noun in ONE.findall(line):
        if before.lower() not in LABELS and noun not in SINGULAR:
            found.append("a number that does not agree")
            break
    return found


def test_the_checks_catch_what_they_name() -> None:
    assert faults("Seat 0 buys,offers the blue scarab") == ["no space after punctuation"]
    assert faults("You lay Left  45") == ["a doubled space"]
    assert faults("The Plague of Locusts is drawn by You") == ["a capital You inside a sentence"]
    assert faults("Deck: 1 cards") == ["a number that does not agree"]
    assert faults("offered 2 card(s)") == [
        "no space after punctuation",
        "a number that does not agree",
    ]
    assert faults("Seat 1 loses 1 plants") == ["a number that does not agree"]
    assert faults("Seat 1 grows a grapes") == ["a number that does not agree"]
    assert faults("You drew left45") == ["an identifier"]
    assert faults("piles [0, 1, 2]") == ["a Python value"]
    assert faults("You end_turn") == ["an identifier"]
    assert faults("Seat 1 plants Wheat") == []
    assert faults("Seat 1: 1 plant, red vase x2, +1 = 1") == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_log_line_of_random_games_reads_cleanly(game_id: str) -> None:
    rng = random.Random(f"words/{game_id}")
    description = new_game(game_id).describe()
    low, high = int(description["min_players"]), int(description["max_players"])
    bad: dict[str, set[str]] = {}
    for players in sorted({low, high, rng.randint(low, high)}):
        state = new_game(game_id, players).new_initial_state()
        while not play_to_decision(state, rng).is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        views = [state.public_observation()] + [state.observation(s) for s in range(players)]
        for view in views:
            texts = log_texts(view["log"])
            assert len(texts) == len(view["log"]), "every log entry has words"
            for line in texts + group_lines(texts):
                for fault in faults(line):
                    bad.setdefault(fault, set()).add(line)
    assert not bad, {fault: sorted(lines)[:5] for fault, lines in bad.items()}


def test_the_tie_break_is_said_in_words() -> None:
    from nilegames.core.log import winner_words
    from nilegames.games.nile.render import tie_break

    names = ["you", "seat 1", "seat 2"]
    assert winner_words(names, [1], [5, 9, 3], [0, 0, 0], ("points", "plants lost")) == (
        "Seat 1 won with the most points (9)."
    )
    assert winner_words(
        names, [0], [9, 9, 3], [2, 4, 0], ("points", "plants lost"), fewer_second=True
    ) == ("You won on the tie-break: equal points (9), fewer plants lost (2 against seat 1 4).")
    assert winner_words(names, [0, 2], [9, 1, 9], [3, 0, 3], ("favour", "cards kept")) == (
        "A tie on favour and cards kept: You and seat 2 share the win."
    )
    obs = {"seat": 0}
    piles = [[2, 2, 3, 4, 5], [2, 2, 2, 6, 6], [1, 5, 5, 5, 5]]
    assert tie_break(piles, [0], 0, obs) == (
        "You won on the tie-break: the piles were equal up to the second-smallest,"
        " and the third-smallest pile (3) was larger."
    )
    assert tie_break([[3, 3, 3, 3, 3], [1, 9, 9, 9, 9]], [0], None, obs) == (
        "Seat 0 won with the largest smallest pile (3)."
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_every_log_line_and_move_step_has_its_french(game_id: str) -> None:
    from nilegames.core.steps import Moves
    from nilegames.core.translate import _words

    french = _words(type(new_game(game_id)).__module__, "fr").translate
    rng = random.Random(f"words/{game_id}/fr")
    unknown: set[str] = set()
    for players in (2, 3, 4):
        state = new_game(game_id, players).new_initial_state()
        while not play_to_decision(state, rng).is_terminal():
            legal = state.legal_actions()
            moves = Moves(state, legal)
            for action in legal:
                said = [moves.words[action], *moves.paths[action]]
                unknown.update(w for w in said if french(w) is None)
            state.apply_action(rng.choice(legal))
        for seat in [None, *range(players)]:
            view = state.public_observation() if seat is None else state.observation(seat)
            unknown.update(t for t in log_texts(view["log"]) if french(t) is None)
    assert not unknown, sorted(unknown)[:10]


def test_nile_speaks_french_and_an_unknown_sentence_stays_english() -> None:
    from nilegames.core.translate import speaks, translate
    from nilegames.games.nile.words_fr import translate as french

    game = new_game("nile", 3)
    assert speaks(game, "fr") and speaks(game, "en")
    assert speaks(new_game("banks", 2), "fr") and not speaks(game, "de")
    rng = random.Random("words/nile/fr")
    unknown: set[str] = set()
    for players, variant in ((2, "short"), (3, "standard"), (5, "standard")):
        state = new_game("nile", players, variant=variant).new_initial_state()
        while not play_to_decision(state, rng).is_terminal():
            legal = state.legal_actions()
            unknown.update(w for a in legal if french(w := state.action_to_string(a)) is None)
            state.apply_action(rng.choice(legal))
        for seat in [None, *range(players)]:
            view = state.public_observation() if seat is None else state.observation(seat)
            unknown.update(t for t in log_texts(view["log"]) if french(t) is None)
    assert not unknown, sorted(unknown)[:10]
    assert translate(game, "fr", "You plant Wheat") == "Vous plantez Blé"
    assert translate(game, "fr", "Seat 2 drew a card at the end of the turn") == (
        "Place 2 pioche une carte en fin de tour"
    )
    assert translate(game, "fr", "trade: offering to Hapi") == "négocier : offrande à Hâpi"
    assert translate(game, "en", "You plant Wheat") == "You plant Wheat"
    assert translate(game, "fr", "something new") == "something new"


def test_french_sentences_that_once_kept_english_or_broke_grammar() -> None:
    from nilegames.games.artifacts.monuments import MONUMENTS
    from nilegames.games.artifacts.words_fr import MONUMENTS as FRENCH_MONUMENTS
    from nilegames.games.artifacts.words_fr import translate as artifacts
    from nilegames.games.banks.words_fr import translate as banks

    assert banks("spend a joker (+1 action point)") == "dépenser un joker (+1 point d'action)"
    assert artifacts("sail to the left port") == "naviguer jusqu'au port de gauche"
    assert artifacts("Seat 1 sails to the right port") == "Place 1 navigue jusqu'au port de droite"
    assert artifacts("sail to space 3 (blue)") == "naviguer jusqu'à la case 3 (bleu)"
    # every monument by its French name (the page's), in words whatever its gender
    assert list(FRENCH_MONUMENTS) == [monument.name for monument in MONUMENTS]
    assert artifacts("Pyramid of Khufu is revealed (3 left in the pile)") == (
        "Nouveau monument : Pyramide de Khéops (encore 3 dans la pile)"
    )
    assert artifacts("Great Sphinx is complete: favour you +2, seat 1 +10") == (
        "Monument achevé : Grand Sphinx ; faveur vous +2, place 1 +10"
    )
