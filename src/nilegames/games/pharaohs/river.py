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
from typing import Final

from nilegames.games.pharaohs.board import COLUMNS, GOAL_COLUMN, IS_GOAL, NUM_CELLS, ROWS
from nilegames.games.pharaohs.tiles import NUM_EXITS, STEP, E, N, S

POINT_COLUMNS: Final = COLUMNS + 1
NUM_POINTS: Final = (ROWS + 1) * POINT_COLUMNS
OFF: Final = -1
#: The river has ended at a goal cell's east side: nothing can follow.
FINISHED: Final = -2


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


NEXT: Final = _neighbours()
POINT: Final = _corner_points()
#: ``STEPS[cell]``: (exit, NEXT, POINT) of each exit of ``cell`` that stays on the board.
STEPS: Final = tuple(
    tuple((e, NEXT[cell][e], POINT[cell][e]) for e in range(NUM_EXITS) if NEXT[cell][e] != OFF)
    for cell in range(NUM_CELLS)
)
#: Exits tried first when looking for a way on: eastwards, towards the goal.
SEARCH_ORDER: Final = (2, 1, 3, 0, 4, 7, 5, 6)


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


# -- the way on without crossings, kept up to date -------------------------------------------
#
# Without crossings, a river entering a free cell has a way on exactly when that cell is
# linked, through free cells, to a free goal cell: the links are the steps of the search
# above (a corner link only through an unused grid point), and a goal cell ends it.  So
# one map per board answers :func:`way_on` for every free cell at once: ``reach[cell]``,
# made with the river's open end counted as taken, since every tile laid next goes there.
# Laying a tile takes one more cell out (the new open end) and uses one more grid point.
# That changes nothing unless the cells a way could pass between through them are no
# longer linked around the new end (:func:`split_around`, from its eight neighbours);
# then each group of them that cannot reach the goal any more is cut off
# (:func:`cut_off`), which only ever takes cells out of the map (:func:`update_reach`).


def _links_into() -> tuple[tuple[tuple[int, int], ...], ...]:
    """``LINKS_INTO[cell]``: (ordinary cell, grid point or -1) of each link a river may
    take into ``cell`` (a goal cell is entered only from the last ordinary column)."""
    table: list[list[tuple[int, int]]] = [[] for _ in range(NUM_CELLS)]
    for cell in range(NUM_CELLS):
        if IS_GOAL[cell]:
            continue
        for exit_ in range(NUM_EXITS):
            target = NEXT[cell][exit_]
            if target >= 0:
                table[target].append((cell, POINT[cell][exit_]))
    return tuple(tuple(links) for links in table)


def _links_out() -> tuple[tuple[tuple[int, int], ...], ...]:
    """``LINKS_OUT[cell]``: (cell, grid point or -1) of each link a river may take out of
    an ordinary ``cell``, eastwards last: a search stacks them and the way to the goal
    is usually east, so it goes on from there first."""
    return tuple(
        ()
        if IS_GOAL[cell]
        else tuple(
            (NEXT[cell][e], POINT[cell][e]) for e in SEARCH_ORDER[::-1] if NEXT[cell][e] >= 0
        )
        for cell in range(NUM_CELLS)
    )


LINKS_INTO: Final = _links_into()
LINKS_OUT: Final = _links_out()
GOAL_CELLS: Final = tuple(cell for cell in range(NUM_CELLS) if IS_GOAL[cell])


def reach_map(exits: Sequence[int], points: Sequence[int], taken: int) -> list[bool]:
    """Per cell, whether it is free and a river entering it has a way on without crossing
    (:func:`way_on` with no crossings), with ``taken`` counted as a tile already.

    Found backwards: from the free goal cells, every free cell that links into a cell
    found already.  A map kept up to date may say anything of ``taken`` and of the cells
    that hold a tile: only free cells are read."""
    reach = [False] * NUM_CELLS
    stack = []
    for cell in GOAL_CELLS:
        if not exits[cell] and cell != taken:
            reach[cell] = True
            stack.append(cell)
    while stack:
        for there, point in LINKS_INTO[stack.pop()]:
            if reach[there] or exits[there] or there == taken or (point >= 0 and points[point]):
                continue
            reach[there] = True
            stack.append(there)
    return reach


def update_reach(
    reach: list[bool], taken: int, entry: int, exits: Sequence[int], points: Sequence[int]
) -> list[bool]:
    """The map of ways on once the river's new open end ``taken``, entered by ``entry``,
    counts as taken (its entry's grid point is used already): ``reach`` itself when
    nothing changed, else a new map (a map is never changed in place).

    A goal cell taken (rare: the river is at the goal) is not a case the look around one
    cell knows (every goal cell leads on), so the map is made afresh then."""
    if IS_GOAL[taken]:
        return reach_map(exits, points, taken)
    lost: list[int] = []
    for group in split_around(taken, entry, exits, points):
        lost += cut_off(group, taken, exits, points)
    if not lost:
        return reach
    reach = reach[:]
    for cell in lost:
        reach[cell] = False
    return reach


def split_around(
    cell: int, entry: int, exits: Sequence[int], points: Sequence[int]
) -> list[list[int]]:
    """The cells a way could pass between through ``cell`` or through the grid point of
    its corner ``entry``, in groups that are no longer linked to each other around
    ``cell`` once both are taken; nothing when they all still are.

    Those cells are the free neighbours linked to ``cell`` (if it is free) and the two
    beside a corner entry (the point carried their diagonal link).  Around ``cell``,
    neighbours in a row share a side; two side neighbours are linked across a free
    corner point; goal cells all lead to the goal.  Nothing means that taking ``cell``
    out changes no other cell's way on.
    """
    ring = NEXT[cell]
    free = [target >= 0 and not exits[target] for target in ring]
    # Runs of free neighbours in a row around the ring, each linked side by side.
    gap = -1
    for e in range(NUM_EXITS):
        if not free[e]:
            gap = e
            break
    if gap < 0:
        return []  # every neighbour free: one ring
    run = [-1] * NUM_EXITS
    runs = 0
    for step in range(1, NUM_EXITS + 1):
        e = (gap + step) & 7
        if free[e]:
            if run[(e - 1) & 7] < 0:
                runs += 1
            run[e] = runs - 1
    if runs < 2:
        return []
    corners = POINT[cell]
    needed: list[int] = []  # positions around ``cell``, as exits
    if not exits[cell]:
        needed = [
            e for e in range(NUM_EXITS) if free[e] and (corners[e] < 0 or not points[corners[e]])
        ]
    if entry & 1 and free[(entry - 1) & 7] and free[(entry + 1) & 7]:
        needed += [(entry - 1) & 7, (entry + 1) & 7]
    # Runs joined across a free corner point (N-E, E-S, S-W, W-N) or by the goal.
    group = list(range(runs))
    for side in (0, 2, 4, 6):
        other = (side + 2) & 7
        if free[side] and free[other] and not points[corners[side + 1]]:
            group[_root(group, run[side])] = _root(group, run[other])
    goal = -1
    for e in range(NUM_EXITS):
        if free[e] and IS_GOAL[ring[e]]:
            if goal < 0:
                goal = _root(group, run[e])
            else:
                group[_root(group, run[e])] = goal
                goal = _root(group, goal)
    groups: list[list[int]] = [[] for _ in range(runs)]
    for e in needed:
        groups[_root(group, run[e])].append(ring[e])
    split = [cells for cells in groups if cells]
    return split if len(split) > 1 else []


def _root(group: list[int], run: int) -> int:
    """The run that stands for the group of ``run`` (joined runs point to one another)."""
    while group[run] != run:
        run = group[run]
    return run


def cut_off(
    starts: list[int], taken: int, exits: Sequence[int], points: Sequence[int]
) -> list[int]:
    """Every free cell linked to ``starts`` (``taken`` counted as taken) when none of them
    leads to a free goal cell; nothing when one does (the search stops there)."""
    seen = {taken}
    stack = []
    for cell in starts:
        if IS_GOAL[cell]:
            return []
        if cell not in seen:
            seen.add(cell)
            stack.append(cell)
    found = stack[:]
    while stack:
        for there, point in LINKS_OUT[stack.pop()]:
            if there in seen or exits[there] or (point >= 0 and points[point]):
                continue
            if IS_GOAL[there]:
                return []
            seen.add(there)
            stack.append(there)
            found.append(there)
    return found
