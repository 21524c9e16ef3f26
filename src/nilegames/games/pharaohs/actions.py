"""The action space of NIL: one action per tile laid, and "end turn".

A tile action names the rack tile played (its kind) and the exit by which the river
leaves it; the cell is always the one the river's open end points into, and the exit
the river enters by follows from that end.  Entry and exit together fix the tile's turn
and, for a universal tile, the kind it stands for (each pair of exits belongs to one
kind), so nothing else needs saying.  Chance outcomes are tile kinds drawn from the bag,
or a seat winning a tie for the first turn.
"""

from __future__ import annotations

from typing import Final

from nilegames.games.pharaohs.tiles import NUM_EXITS, NUM_KINDS

END_TURN: Final = NUM_KINDS * NUM_EXITS
NUM_ACTIONS: Final = END_TURN + 1


def tile_action(kind: int, exit_: int) -> int:
    return kind * NUM_EXITS + exit_


def tile_of(action: int) -> tuple[int, int]:
    """``(kind, exit)`` of a tile action."""
    return divmod(action, NUM_EXITS)
