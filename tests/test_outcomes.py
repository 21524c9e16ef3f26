"""A tournament's game figures by winning bot (ai/outcomes.py)."""

from __future__ import annotations

import pytest

from nilegames.ai.journal import GameResult
from nilegames.ai.outcomes import ALL_GAMES, outcomes, winner


def game(bots: tuple[str, ...], returns: tuple[float, ...], **figures: float) -> GameResult:
    search = tuple((0, 0.0) for _ in bots)
    return GameResult(0, 0, bots, returns, 10, search, 0, (), figures)


def test_figures_are_split_by_the_bot_that_won_alone() -> None:
    games = [
        game(("hard", "easy"), (1.0, -1.0), ended_blocked=1.0, tiles=40.0),
        game(("easy", "hard"), (-1.0, 1.0), ended_blocked=1.0, tiles=50.0),
        game(("hard", "easy"), (-1.0, 1.0), ended_blocked=0.0, tiles=90.0),
        game(("hard", "easy"), (0.0, 0.0), ended_blocked=0.0, tiles=70.0),  # a tie
        game(("easy", "hard"), (1.0, -1.0)),  # an older journal's line: no figures
    ]
    how = outcomes(games, ["hard", "easy"])
    assert how is not None
    assert how.columns == (ALL_GAMES, "won by hard", "won by easy")
    assert how.games == {ALL_GAMES: 4, "won by hard": 2, "won by easy": 1}
    assert how.means["ended_blocked"]["won by hard"].estimate == 1.0
    assert how.means["ended_blocked"]["won by easy"].estimate == 0.0
    assert how.means["tiles"][ALL_GAMES].estimate == pytest.approx(62.5)
    assert how.to_json()["games"] == how.games


def test_a_tie_between_two_seats_of_one_bot_is_its_win_and_no_figures_say_nothing() -> None:
    assert winner(game(("a", "b", "a"), (1.0, 0.0, 1.0))) == "a"
    assert winner(game(("a", "b", "a"), (1.0, 1.0, 0.0))) is None
    assert outcomes([game(("a", "b"), (1.0, -1.0))], ["a", "b"]) is None
