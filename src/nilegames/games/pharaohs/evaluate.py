"""A quick estimate of how a NIL position stands for one seat (greedy bots, cut playouts).

Points are all that count in the end, so the estimate is the score lead: each seat's
score, plus part of its rack's value (tiles in hand are points to lay, or a loss if the
game ends first), compared with each opponent through a logistic curve whose scale is
about one good turn.  A seat's chances against each opponent give the expected return on
the game's scale, +1 first and -1 last.  It reads only what the seat may see: scores and
rack sizes are public, and the rack it values is its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nilegames.core.log import clauses, events_since
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


def explain_move(before: dict[str, Any], played: str, after: dict[str, Any]) -> str:
    """What the seat's move led to by its next choice, in words (for ``nilegames review``):
    the points it and its rivals made meanwhile, penalties, and the best tile laid against
    it."""
    seat = before["seat"]
    parts: list[str] = []
    gains = [new - old for old, new in zip(before["scores"], after["scores"], strict=True)]
    rivals = [s for s in range(len(gains)) if s != seat]
    best_rival = max(rivals, key=lambda s: (gains[s], -s))
    parts.append(f"you made {gains[seat]:+d} points, seat {best_rival} {gains[best_rival]:+d}")
    biggest: dict[str, Any] | None = None
    for event in events_since(before, after):
        kind = event["event"]
        if kind == "no_tile" and event["seat"] == seat:
            parts.append(f"you could lay no tile and lost {event['penalty']} points")
        elif kind == "lay" and event["seat"] != seat:
            points = event["tile_points"] + event["cell_points"]
            if biggest is None or points > biggest["tile_points"] + biggest["cell_points"]:
                biggest = event
    if biggest is not None and biggest["tile_points"] + biggest["cell_points"] >= 20:
        points = biggest["tile_points"] + biggest["cell_points"]
        parts.append(
            f"the river you left let seat {biggest['seat']} lay a {biggest['tile']} for +{points}"
        )
    if after["rack_sizes"][seat] > before["rack_sizes"][seat] + 1:
        parts.append(f"your rack grew to {after['rack_sizes'][seat]} tiles")
    return clauses(parts)
