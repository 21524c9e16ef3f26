"""The tiles of NIL: nine kinds, their counts and values, and where their river runs.

A tile's river joins two of eight *exits*: the midpoints of its four sides and its four
corners, numbered clockwise from north (see :data:`EXITS`).  Every printed kind joins one
pair of exits and may be turned in steps of 90 degrees, which adds 2 to both exits; the
two "left" and "right" kinds are mirror images printed on one side only, so they are
different tiles.  The eight kinds together cover all 28 pairs of exits, each pair exactly
once, so a pair of exits names the kind that draws it (:data:`PAIR_KIND`).  The universal
tile joins every exit: laid on a free cell it stands for the kind of the pair the river
uses, and laid on another tile it lets the river cross (see rules in docs/rules/pharaohs.md).
"""

from __future__ import annotations

from typing import Final

#: Exit names, clockwise from north.  Even exits are side midpoints, odd ones corners.
EXITS: Final = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
N, NE, E, SE, S, SW, W, NW = range(8)
NUM_EXITS: Final = 8
#: Row and column steps to the neighbour a river reaches through each exit (rows grow south).
STEP: Final = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def opposite(exit_: int) -> int:
    """The exit of the neighbouring cell that touches ``exit_`` (the river enters there)."""
    return (exit_ + 4) & 7


def is_corner(exit_: int) -> bool:
    return bool(exit_ & 1)


#: Kind ids.  The order is the one of the research notes: two straight kinds, two right
#: angles, two gentle bends, two sharp bends, then the universal tile.
STRAIGHT, DIAGONAL, CENTER90, CORNER90, LEFT45, RIGHT45, LEFT135, RIGHT135, UNIVERSAL = range(9)
NUM_KINDS: Final = 9
KIND_NAMES: Final = (
    "Straight",
    "Diagonal",
    "Side bend",
    "Corner bend",
    "Left 45",
    "Right 45",
    "Left 135",
    "Right 135",
    "Universal",
)
KIND_KEYS: Final = (
    "straight",
    "diagonal",
    "center90",
    "corner90",
    "left45",
    "right45",
    "left135",
    "right135",
    "universal",
)
#: Printed tiles of each kind (104 in all; the box's 4 blank tiles are not used in play).
COUNTS: Final = (20, 20, 10, 10, 10, 10, 10, 10, 4)
#: Points printed on a tile of each kind.
VALUES: Final = (10, 10, 10, 10, 8, 8, 5, 5, 35)
TOTAL_TILES: Final = sum(COUNTS)
#: How much the river turns in a tile of each kind, in degrees (0 for the universal).
BENDS: Final = (0, 0, 90, 90, 45, 45, 135, 135, 0)
#: One exit pair of each printed kind, before any turn.
BASE_PAIRS: Final = (
    (W, E),
    (SW, NE),
    (S, W),
    (SW, SE),
    (S, NW),
    (S, NE),
    (S, SW),
    (S, SE),
)


def _pair_kinds() -> tuple[tuple[int, ...], ...]:
    table = [[-1] * NUM_EXITS for _ in range(NUM_EXITS)]
    for kind, (a, b) in enumerate(BASE_PAIRS):
        for quarter in range(4):
            x, y = (a + 2 * quarter) & 7, (b + 2 * quarter) & 7
            for p, q in ((x, y), (y, x)):
                if table[p][q] not in (-1, kind):
                    raise AssertionError(f"exits {EXITS[p]}-{EXITS[q]} belong to two kinds")
                table[p][q] = kind
    return tuple(tuple(row) for row in table)


#: ``PAIR_KIND[a][b]``: the printed kind whose river joins exits ``a`` and ``b`` (-1 if a == b).
PAIR_KIND: Final = _pair_kinds()
#: The exits a tile of each kind can join to ``entry``: ``KIND_EXITS[kind][entry]``.
KIND_EXITS: Final = tuple(
    tuple(
        tuple(
            b for b in range(NUM_EXITS) if b != a and (kind == UNIVERSAL or PAIR_KIND[a][b] == kind)
        )
        for a in range(NUM_EXITS)
    )
    for kind in range(NUM_KINDS)
)


def rotation(kind: int, a: int, b: int) -> int:
    """Quarter turns clockwise from the kind's printed position to the pair ``a``-``b``."""
    base_a, base_b = BASE_PAIRS[kind]
    for quarter in range(4):
        turned = {(base_a + 2 * quarter) & 7, (base_b + 2 * quarter) & 7}
        if turned == {a, b}:
            return quarter
    raise ValueError(f"{KIND_NAMES[kind]} does not join {EXITS[a]} and {EXITS[b]}")
