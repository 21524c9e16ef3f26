"""The NIL board as data: 21 x 21 cells, the blue goal column, green and red cells.

The map is the one the research notes give (``../shared/research``, Game A, taken from a
public implementation and consistent with a 1990s review: 22 x 21 fields, a start on one
side, a scale of 50 to 500 on the other).  It is written below as text so that a reader
can check it cell by cell: ``.`` is a plain cell, a number a green bonus (positive) or a
red penalty (negative), in tens of points.  The blue goal column is the 22nd column,
east of the others.

Red cells form *zones*: cells of one value that touch by a side.  Four zones are the
U shapes of five cells that the seed's rule 4 speaks of (-40 near the start, -160 near
the goal, above and below the middle row); every other red cell is a zone of its own.
"""

from __future__ import annotations

from typing import Final

ROWS: Final = 21
#: Columns of ordinary cells; the goal column comes after them.
MAIN_COLUMNS: Final = 21
GOAL_COLUMN: Final = MAIN_COLUMNS
COLUMNS: Final = MAIN_COLUMNS + 1
NUM_CELLS: Final = ROWS * COLUMNS
#: The river starts at the west side of this row's first cell.
START_ROW: Final = 10
START_CELL: Final = START_ROW * COLUMNS

_MAP = """
  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .  -8   .   .   . -10   .   .   . -12   .   .   .   .   .   .
  .   .  -4  -4   .   .   .   .   .   .   .   .   .   .   .   .   . -16 -16   .   .
  .   .  -4   .   .   .   .   .  14   .   .   .  22   .   .   .   .   . -16   .   .
  .   .  -4  -4   .   .   .   .   .   .   .   .   .   .   .   .   . -16 -16   .   .
  .   .   .   .   .   .  -8   .   .   . -10   .   .   . -12   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
  .   .   6   .   .   .   .   .   .   .  24   .   .   .   .   .   .   .  25   .   .
  .   .   .   .   .   .   .  24   .   .   .   .   .  24   .   .   .   .   .   .   .
  .   .   .   .   .  -6   .   .   .  -4   .  -4   .   .   . -14   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .  -6   .   .   .   .   .   .   . -16   .   .
  .   .   .   .   .  -6   .   .   .  -4   .  -4   .   .   . -14   .   .   .   .   .
  .   .   .   .   .   .   .  24   .   .   .   .   .  24   .   .   .   .   .   .   .
  .   .   6   .   .   .   .   .   .   .  24   .   .   .   .   .   .   .  25   .   .
  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .  -8   .   .   . -10   .   .   . -12   .   .   .   .   .   .
  .   .  -4  -4   .   .   .   .   .   .   .   .   .   .   .   .   . -16 -16   .   .
  .   .  -4   .   .   .   .   .  14   .   .   .  22   .   .   .   .   . -16   .   .
  .   .  -4  -4   .   .   .   .   .   .   .   .   .   .   .   .   . -16 -16   .   .
  .   .   .   .   .   .  -8   .   .   . -10   .   .   . -12   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
"""
#: The goal column's values, north to south (500 faces the start).
GOAL_VALUES: Final = (
    50,
    50,
    50,
    50,
    75,
    75,
    100,
    100,
    150,
    200,
    500,
    200,
    150,
    100,
    100,
    75,
    75,
    50,
    50,
    50,
    50,
)


def cell_of(row: int, column: int) -> int:
    return row * COLUMNS + column


def row_column(cell: int) -> tuple[int, int]:
    return divmod(cell, COLUMNS)


def _values() -> tuple[int, ...]:
    rows = [line.split() for line in _MAP.strip("\n").splitlines()]
    if len(rows) != ROWS or any(len(row) != MAIN_COLUMNS for row in rows):
        raise AssertionError("the board map is not 21 x 21")
    values = []
    for r, row in enumerate(rows):
        values += [0 if word == "." else 10 * int(word) for word in row]
        values.append(GOAL_VALUES[r])
    return tuple(values)


#: Points a tile laid on each cell adds (green, blue) or takes away (red); 0 when plain.
VALUES: Final = _values()
#: Whether each cell is in the blue goal column.
IS_GOAL: Final = tuple(cell % COLUMNS == GOAL_COLUMN for cell in range(NUM_CELLS))


def _zones() -> tuple[int, ...]:
    """Each red cell's zone id (its smallest cell index); -1 for cells that are not red."""
    zone = [-1] * NUM_CELLS
    for cell in range(NUM_CELLS):
        if VALUES[cell] >= 0 or zone[cell] >= 0:
            continue
        zone[cell] = cell
        stack = [cell]
        while stack:
            r, c = row_column(stack.pop())
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= nr < ROWS and 0 <= nc < MAIN_COLUMNS:
                    other = cell_of(nr, nc)
                    if zone[other] < 0 and VALUES[other] == VALUES[cell]:
                        zone[other] = cell
                        stack.append(other)
    return tuple(zone)


#: Red zone of each cell (see the module's docstring); -1 elsewhere.
ZONES: Final = _zones()
#: The cells of every red zone, by zone id.
ZONE_CELLS: Final = {
    zone: tuple(c for c in range(NUM_CELLS) if ZONES[c] == zone)
    for zone in sorted(set(ZONES) - {-1})
}
