"""Text snapshots of each game's terminal screen, at 80 and 120 columns: a position in
the middle of a game as seat 0 sees it (table, news, menu) and the end (points and
tie-break in words).  The snapshots are committed under ``tests/snapshots/terminal/``;
after a deliberate change to a drawing, write them again and read them as a newcomer
would before committing::

    NILEGAMES_UPDATE_SNAPSHOTS=1 pytest tests/test_terminal_snapshots.py
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from rich.console import Console

from nilegames.cli.screen import Screen
from nilegames.core import State, games, new_game, play_to_decision
from nilegames.core.steps import Moves

GAMES = [g["id"] for g in games()]
FOLDER = Path(__file__).parent / "snapshots" / "terminal"
UPDATE = os.environ.get("NILEGAMES_UPDATE_SNAPSHOTS") == "1"
#: Actions played at random before the middle-of-the-game snapshot.
MIDDLE = {"nile": 60, "pharaohs": 40, "artifacts": 60, "banks": 60}


def position(game_id: str, steps: int | None) -> State:
    """A 2-player game played at random (fixed seed) for ``steps`` actions, then on to
    seat 0's next decision; to the end when ``steps`` is None."""
    rng = random.Random(f"snapshot/{game_id}")
    state = new_game(game_id, 2).new_initial_state()
    done = 0
    while not play_to_decision(state, rng).is_terminal():
        if steps is not None and done >= steps and state.current_player() == 0:
            break
        state.apply_action(rng.choice(state.legal_actions()))
        done += 1
    return state


def screen_text(state: State, width: int, lang: str = "en") -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False)
    screen = Screen(console, names={1: "Ramses"}, lang=lang)
    if state.is_terminal():
        screen.show(state, 0, "Game over")
        screen.result(state, {0: "you", 1: "random"}, 0)
    else:
        moves = Moves(state, state.legal_actions(), lang)
        menu = screen.menu(moves, moves.choices(moves.start()), step=moves.start() != ())
        screen.show(state, 0, screen.say("your_move_one"), menu)
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"


def check(name: str, text: str) -> None:
    path = FOLDER / f"{name}.txt"
    if UPDATE:
        FOLDER.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no snapshot {path.name}: write it with NILEGAMES_UPDATE_SNAPSHOTS=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} changed (see the module doc)"


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_middle_of_a_game_looks_as_committed(game_id: str, width: int) -> None:
    text = screen_text(position(game_id, MIDDLE[game_id]), width)
    assert max(len(line) for line in text.splitlines()) <= width
    check(f"{game_id}-play-{width}", text)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_of_a_game_looks_as_committed(game_id: str) -> None:
    text = screen_text(position(game_id, None), 80)
    assert "wins" in text or "tie" in text or "draw" in text
    check(f"{game_id}-end-80", text)


@pytest.mark.parametrize(
    ("game_id", "words"),
    [
        ("nile", ("Inondation", "Votre main", "Ce qui vient de se passer")),
        ("pharaohs", ("Votre chevalet", "Fleuve :", "Ce qui vient de se passer")),
        ("banks", ("Rive nord", "Marché", "Ce qui vient de se passer")),
        ("artifacts", ("Monuments (", "Joueurs", "Ce qui vient de se passer")),
    ],
)
def test_french_looks_as_committed(game_id: str, words: tuple[str, ...]) -> None:
    text = screen_text(position(game_id, MIDDLE[game_id]), 80, "fr")
    assert all(word in text for word in words)
    check(f"{game_id}-play-fr-80", text)


def test_the_last_moves_are_lit_up_on_the_table() -> None:
    from nilegames.games.banks.render import recent_fields
    from nilegames.games.nile.render import planted_lately

    rng = random.Random("lit")
    banks = new_game("banks", 2).new_initial_state()
    while not play_to_decision(banks, rng).is_terminal():
        sow = [a for a in banks.legal_actions() if banks.action_to_string(a).startswith("sow ")]
        if sow:
            break
        banks.apply_action(rng.choice(banks.legal_actions()))
    words = banks.action_to_string(sow[0])
    banks.apply_action(sow[0])
    seen = banks.observation(0)
    sown = [e["field"] for e in seen["log"] if e.get("event") == "plant"][-1]
    assert sown in recent_fields(seen), words
    nile = new_game("nile", 2).new_initial_state()
    while not play_to_decision(nile, rng).is_terminal():
        plant = [a for a in nile.legal_actions() if nile.action_to_string(a).startswith("plant ")]
        if plant:
            break
        nile.apply_action(rng.choice(nile.legal_actions()))
    crop = nile.action_to_string(plant[0]).removeprefix("plant ")
    nile.apply_action(plant[0])
    assert crop in planted_lately(nile.observation(0))
    assert crop not in planted_lately(position("nile", 0).observation(0))
