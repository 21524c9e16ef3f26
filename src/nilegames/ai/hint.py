"""A hint for a player: the move the hard bot would make, with its expected result.

The terminal (key ``h``) and the browser (Hint button) call :func:`hint` with the game
they hold and the seat asking.  The real state is passed for convenience, but the search
reads only what that seat may see: its legal moves (its own), the words for them, and
worlds drawn from its information set with ``resample_from_infostate`` (as a bot in play
and ``nilegames review`` do).  A test re-deals every hidden card and checks the hint does
not change.

The budget is the hard level's (about a second) unless ``iterations`` or ``seconds`` is
given; with ``iterations`` and a ``seed`` the same position gives the same hint whatever
the machine's load.
"""

from __future__ import annotations

from dataclasses import dataclass

from nilegames.ai import search_bot
from nilegames.ai.base import resampler
from nilegames.ai.ismcts import Node
from nilegames.core import Action, NilegamesError, State

#: How many of the searched moves a hint lists (the chosen one first).
SHOWN = 3


@dataclass(frozen=True)
class Hint:
    """The move the search prefers for a seat, and how it rates the seat's chances.

    ``estimate`` is the seat's expected result from 0 (last place for sure) to 1 (first
    place for sure); with two players, its chance of winning.  ``options`` lists the most
    searched moves, best first, as (words, estimate, share of the search).
    """

    action: Action
    move: str
    estimate: float
    iterations: int
    options: tuple[tuple[str, float, float], ...]

    @property
    def text(self) -> str:
        """The hint in a sentence, for a status line or a dialog."""
        return f"Hint: {self.move} (your expected result: {self.estimate:.0%})"


def hint(
    state: State,
    seat: int | None = None,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
) -> Hint:
    """The hard bot's move for ``seat`` (default: the seat to move) in ``state``.

    Refused, with the reason, if the game is over or it is not ``seat``'s turn.
    """
    if state.is_terminal():
        raise NilegamesError("the game is over: there is no move to hint")
    if state.is_chance_node():
        raise NilegamesError("chance moves next: there is no move to hint yet")
    mover = state.current_player()
    seat = mover if seat is None else seat
    if type(seat) is not int or not 0 <= seat < state.game.players:
        raise NilegamesError(f"no seat {seat!r} in a {state.game.players}-player game")
    if seat != mover:
        raise NilegamesError(f"it is seat {mover}'s turn, not seat {seat}'s: no hint to give")
    legal = state.legal_actions()
    bot = search_bot(seed, iterations=iterations, seconds=seconds)
    # A clone keeps no worlds cached by earlier searches, so the same position and seed
    # give the same hint however often it was asked before.
    root = bot.search(legal, resampler(state.clone(), seat))
    ranked = ranked_moves(root, legal)
    low, high = state.game.utility_range()
    total = max(1, sum(root.children[a].visits for a in ranked))

    def share(action: Action) -> float:
        mean = root.children[action].mean()
        return min(1.0, max(0.0, (mean - low) / (high - low)))

    options = tuple(
        (state.action_to_string(a), share(a), root.children[a].visits / total)
        for a in ranked[:SHOWN]
    )
    best = ranked[0]
    return Hint(best, options[0][0], share(best), bot.stats.iterations, options)


def ranked_moves(root: Node, legal: list[Action]) -> list[Action]:
    """The searched root moves, most visited first (then higher mean, then lower id)."""
    searched = [a for a in legal if a in root.children]
    if not searched:
        raise NilegamesError("the search tried no move")
    return sorted(searched, key=lambda a: (-root.children[a].visits, -root.children[a].mean(), a))
