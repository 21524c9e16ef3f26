"""NIL moves in steps (see ``core.steps``): the tile under a fixed key, then (for the
universal tile) the shape it stands for, then the cell and the way the river turns."""

from __future__ import annotations

import re

KEYS = {
    "Straight": "s",
    "Diagonal": "d",
    "Corner bend": "c",
    "Side bend": "t",
    "Left 45": "l45",
    "Left 135": "l135",
    "Right 45": "r45",
    "Right 135": "r135",
    "Universal": "w",
    "end turn": "e",
}

HELP = {
    "Straight": "a straight piece: the river goes on in the same direction (10 points)",
    "Diagonal": "a straight piece laid corner to corner",
    "Corner bend": "a tight bend between two diagonal sides",
    "Side bend": "a right-angle bend between two sides",
    "Left 45": "the river turns 45 degrees to the left",
    "Left 135": "the river turns sharply, 135 degrees to the left",
    "Right 45": "the river turns 45 degrees to the right",
    "Right 135": "the river turns sharply, 135 degrees to the right",
    "Universal": "the wild tile: it stands for any shape you name",
    "end turn": "stop laying tiles: your turn's points count and you draw back up to five",
}

_LAY = re.compile(r"^(?P<tile>.+?) on (?P<cell>[^,]+), (?P<way>.+)$")


def path(words: str) -> tuple[str, ...]:
    """``Right 45 on S7, E to NW`` -> ("Right 45", "on S7", "E to NW");
    ``Universal as Straight on S7, E to W`` -> ("Universal", "as Straight", "on S7", ...)."""
    found = _LAY.match(words)
    if found is None:
        return (words,)
    tile, cell, way = found["tile"], f"on {found['cell']}", found["way"]
    if tile.startswith("Universal "):
        return ("Universal", tile.removeprefix("Universal "), cell, way)
    return (tile, cell, way)
