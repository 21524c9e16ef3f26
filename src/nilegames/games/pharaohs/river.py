"""Where the river may go next: the placement rules of NIL as pure functions.

A board is two flat lists: ``exits[cell]``, the bit mask of the exits the river uses in
each cell (0 when the cell is free, two bits for one tile, four for a crossing), and
``points[point]``, whether the river already passes through each grid point (a corner
where four cells meet).  The rules read from the seed (docs/rules/pharaohs.md):

* A river leaving a cell by a side enters the neighbour across that side; leaving by a
  corner it enters the cell diagonally across that corner (a link bent at a corner is
  the "sharp angle" rule 1 forbids), and no two links may pass through one grid point
  (that would cross the river without a universal tile).
* No exit may lead off the board, except the east sides of the blue goal cells, where
  the river ends; a river in the goal column stays there.
* A tile may lie on another only as a universal tile making a crossing: the river enters
  and leaves the crossed cell by exits the tile there does not use.
* After every tile the river must still have a way on (rule 2): a way to the goal through
  free cells, or, for a seat that still holds universal tiles, through as many crossings
  as it holds (the seed's loop: only a player with a universal tile may make one).
"""

from __future__ import annotations

from collections.abc import Sequence

from nilegames.games.pharaohs.board import COLUMNS, GOAL_COLUMN, IS_GOAL, NUM_CELLS, ROWS
from nilegames.games.pharaohs.tiles import NUM_EXITS, STEP, E, N, S

POINT_COLUMNS = COLUMNS + 1
NUM_POINTS = (ROWS + 1) * POINT_COLUMNS
OFF = -1
#: The river has ended at a goal cell's east side: nothing can follow.
FINISHED = -2


def _neighbours() -> tuple[tuple[int, ...], ...]:
    """``NEXT[cell][exit]``: the cell a river leaving ``cell`` by ``exit`` enters.

    OFF when that leads off the board or out of the goal column; FINISHED for the east
    side of a goal cell.
    """
    table = []
    for cell in range(NUM_CELLS):
        r, c = divmod(cell, COLUMNS)
        row = []
        for exit_ in range(NUM_EXITS):
            dr, dc = STEP[exit_]
            nr, nc = r + dr, c + dc
            if c == GOAL_COLUMN:
                if exit_ == E:
                    row.append(FINISHED)
                    continue
                if exit_ not in (N, S):
                    row.append(OFF)
                    continue
            if 0 <= nr < ROWS and 0 <= nc < COLUMNS:
                row.append(nr * COLUMNS + nc)
            else:
                row.append(OFF)
        table.append(tuple(row))
    return tuple(table)


def _corner_points() -> tuple[tuple[int, ...], ...]:
    """``POINT[cell][exit]``: the grid point of a corner exit (-1 for a side)."""
    corner = {1: (0, 1), 3: (1, 1), 5: (1, 0), 7: (0, 0)}
    table = []
    for cell in range(NUM_CELLS):
        r, c = divmod(cell, COLUMNS)
        row = []
        for exit_ in range(NUM_EXITS):
            if exit_ in corner:
                dr, dc = corner[exit_]
                row.append((r + dr) * POINT_COLUMNS + c + dc)
            else:
                row.append(-1)
        table.append(tuple(row))
    return tuple(table)


NEXT = _neighbours()
POINT = _corner_points()
#: Exits tried first when looking for a way on: eastwards, towards the goal.
SEARCH_ORDER = (2, 1, 3, 0, 4, 7, 5, 6)


def exit_is_open(cell: int, exit_: int, exits: Sequence[int], points: Sequence[int]) -> bool:
    """Whether a river in ``cell`` may leave by ``exit_``: not off the board, not through a
    used grid point, not through an exit the cell's tile already uses."""
    if exits[cell] >> exit_ & 1:
        return False
    target = NEXT[cell][exit_]
    if target == OFF:
        return False
    point = POINT[cell][exit_]
    return point < 0 or not points[point]


def can_cross(cell: int, entry: int, exits: Sequence[int]) -> bool:
    """Whether a universal tile may replace the tile on ``cell`` for a river entering by
    ``entry``: one tile (not a crossing already), not in the goal column, entry unused."""
    used = exits[cell]
    return used != 0 and not IS_GOAL[cell] and bin(used).count("1") == 2 and not used >> entry & 1


def way_on(
    cell: int, entry: int, exits: Sequence[int], points: Sequence[int], crossings: int
) -> bool:
    """Whether a river entering ``cell`` by ``entry`` can still reach the goal column.

    ``crossings`` is how many crossings it may make on the way (universal tiles the seat
    still holds).  A search over free cells, eastwards first; each crossing counts one,
    and a cell is searched again only when reached with fewer crossings.
    """
    if cell == FINISHED:
        return True
    if cell < 0:
        return False
    if not exits[cell]:
        if IS_GOAL[cell]:
            return True
        stack = [(cell, 0)]
        best = {cell: 0}
    else:
        if crossings < 1 or not can_cross(cell, entry, exits):
            return False
        stack = []
        best = {}
        for target, count in _crossing_targets(cell, entry, exits, points, crossings, [cell]):
            if IS_GOAL[target]:
                return True
            if best.get(target, 99) > count:
                best[target] = count
                stack.append((target, count))
    while stack:
        here, used = stack.pop()
        if best[here] < used:
            continue
        nexts = NEXT[here]
        corners = POINT[here]
        for exit_ in SEARCH_ORDER[::-1]:
            target = nexts[exit_]
            if target < 0:
                continue
            point = corners[exit_]
            if point >= 0 and points[point]:
                continue
            if not exits[target]:
                if IS_GOAL[target]:
                    return True
                if best.get(target, 99) > used:
                    best[target] = used
                    stack.append((target, used))
            elif used < crossings and can_cross(target, (exit_ + 4) & 7, exits):
                left = crossings - used
                for beyond, count in _crossing_targets(
                    target, (exit_ + 4) & 7, exits, points, left, [target]
                ):
                    if IS_GOAL[beyond]:
                        return True
                    if best.get(beyond, 99) > used + count:
                        best[beyond] = used + count
                        stack.append((beyond, used + count))
    return False


def _crossing_targets(
    cell: int,
    entry: int,
    exits: Sequence[int],
    points: Sequence[int],
    left: int,
    crossed: list[int],
) -> list[tuple[int, int]]:
    """Free cells a river crossing ``cell`` (entering by ``entry``) can lead into, each with
    the crossings it takes: one, or more when it crosses further tiles straight on (at
    most ``left`` in all, never a cell of ``crossed`` twice)."""
    used = exits[cell] | 1 << entry
    targets: list[tuple[int, int]] = []
    for exit_ in range(NUM_EXITS):
        if used >> exit_ & 1:
            continue
        target = NEXT[cell][exit_]
        if target < 0:
            continue
        point = POINT[cell][exit_]
        if point >= 0 and points[point]:
            continue
        if not exits[target]:
            targets.append((target, 1))
        elif left > 1 and target not in crossed and can_cross(target, (exit_ + 4) & 7, exits):
            crossed.append(target)
            for beyond, count in _crossing_targets(
                target, (exit_ + 4) & 7, exits, points, left - 1, crossed
            ):
                targets.append((beyond, count + 1))
            crossed.pop()
    return targets
