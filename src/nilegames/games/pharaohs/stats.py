"""What one finished game of NIL says, for simulations (``nilegames simulate pharaohs``).

Every figure is read from the event log (``state.events``), the full truth of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nilegames.games.pharaohs import board
from nilegames.games.pharaohs.tiles import UNIVERSAL

if TYPE_CHECKING:
    from nilegames.games.pharaohs.state import PharaohsState


def final_scores(state: PharaohsState) -> list[float]:
    """Each seat's points at the end (racks left over already taken off)."""
    return [float(score) for score in state.scores]


def statistics(state: PharaohsState) -> dict[str, float]:
    """The game's figures by name (see :meth:`nilegames.core.Game.statistics`).

    - ``tiles_laid``: tiles laid on the board, crossings included; ``crossings``: universal
      tiles laid on another tile; ``universals``: universal tiles laid in all;
    - ``all_five_bonuses``: turns that laid a whole rack (20 points each);
    - ``no_tile_turns``: turns where no tile fitted (the rack's value lost);
    - ``reached_blue``: 1 if the river reached the blue goal column, which ends the game;
      ``blue_value``: what the blue cell reached paid (50 to 500; only in such games);
    - ``ended_blocked``: 1 if the game ended because every seat failed to lay twice in a
      row, ``ended_no_tiles``: 1 if it ended with the bag and the rack empty.
    """
    laid = crossings = universals = bonuses = failures = 0
    blue = -1
    reason = ""
    for event in state.events:
        kind = event[0]
        if kind == "lay":
            laid += 1
            cell, tile, replaced = event[2], event[5], event[6]
            if tile == UNIVERSAL:
                universals += 1
            if replaced >= 0:
                crossings += 1
            if board.IS_GOAL[cell]:
                blue = board.VALUES[cell]
        elif kind == "bonus":
            bonuses += 1
        elif kind == "no_tile":
            failures += 1
        elif kind == "game_over":
            reason = event[1]
    figures = {
        "tiles_laid": float(laid),
        "crossings": float(crossings),
        "universals": float(universals),
        "all_five_bonuses": float(bonuses),
        "no_tile_turns": float(failures),
        "reached_blue": float(blue >= 0),
        "ended_blocked": float(reason == "blocked"),
        "ended_no_tiles": float(reason == "tiles"),
    }
    if blue >= 0:
        figures["blue_value"] = float(blue)
    return figures
