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

HELP_FR = {
    "Straight": "une pièce droite : le fleuve continue dans la même direction",
    "Diagonal": "une pièce droite posée d'un coin à l'autre",
    "Corner bend": "une courbe serrée entre deux coins",
    "Side bend": "une courbe à angle droit entre deux côtés",
    "Left 45": "le fleuve tourne de 45 degrés à gauche",
    "Left 135": "le fleuve tourne fort, de 135 degrés à gauche",
    "Right 45": "le fleuve tourne de 45 degrés à droite",
    "Right 135": "le fleuve tourne fort, de 135 degrés à droite",
    "Universal": "la tuile universelle : elle vaut la forme que vous annoncez",
    "end turn": "cessez de poser : les points du tour comptent et vous complétez votre chevalet",
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
