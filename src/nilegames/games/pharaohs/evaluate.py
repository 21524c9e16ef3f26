"""A quick estimate of how a NIL position stands for one seat (greedy bots, cut playouts).

Points are all that count in the end, so the estimate is the score lead: each seat's
score, plus part of its rack's value (tiles in hand are points to lay, or a loss if the
game ends first), compared with each opponent through a logistic curve whose scale is
about one good turn.  A seat's chances against each opponent give the expected return on
the game's scale, +1 first and -1 last.  It reads only what the seat may see: scores and
rack sizes are public, and the rack it values is its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nilegames.core.ranking import expected_return
from nilegames.games.pharaohs.tiles import VALUES

if TYPE_CHECKING:
    from nilegames.games.pharaohs.state import PharaohsState

#: Points of lead that make a 73% chance to stay ahead: about one good turn.
SCALE = 60.0
#: How much of a rack's value counts: tiles are worth their points once laid.
RACK_SHARE = 0.5
#: What an unseen tile in another rack is taken to be worth (the bag's mean is about 11).
MEAN_TILE = 11.0


def standing(state: PharaohsState, seat: int, viewer: int) -> float:
    """``seat``'s score with part of its rack, as ``viewer`` can judge it."""
    if seat == viewer:
        rack = float(sum(VALUES[k] * c for k, c in enumerate(state.racks[seat])))
    else:
        rack = MEAN_TILE * state.rack_size[seat]
    return state.scores[seat] + RACK_SHARE * rack


def evaluate(state: PharaohsState, player: int) -> float:
    """Expected return of ``player`` (between -1 and +1) judged from the board now."""
    if state.is_terminal():
        return state.returns()[player]
    standings = [standing(state, seat, player) for seat in range(state.n)]
    return expected_return(standings, player, SCALE)
