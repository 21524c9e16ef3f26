"""Properties of NIL (pharaohs) that hold in every game: checked over random games.

Each game is played with random legal moves; ``eager`` is how often a seat that may lay
a tile lays one rather than ending its turn, so that some games reach the goal and lay
five tiles in a turn.  The river's geometry, the way-on rule and the scores are checked
against small reference implementations written here from docs/rules/pharaohs.md, not
against the engine's own tables.  The random games and their settings are in
tests/pharaohs_helpers.py; hidden information and copies are checked in
tests/test_pharaohs_resample_and_copies.py.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from nilegames.core import IllegalActionError
from nilegames.games.pharaohs import board
from nilegames.games.pharaohs.actions import END_TURN, NUM_ACTIONS
from nilegames.games.pharaohs.river import NEXT, reach_map, way_on
from nilegames.games.pharaohs.state import ORDER, PLAY, PharaohsState
from nilegames.games.pharaohs.tiles import (
    COUNTS,
    NE,
    NW,
    PAIR_KIND,
    SE,
    SW,
    TOTAL_TILES,
    UNIVERSAL,
    VALUES,
    E,
    N,
    S,
    W,
)
from tests.pharaohs_helpers import SETTINGS, Config, configs, crowded_games, games, snapshot

# -- a reference geometry, from the rules document ----------------------------------------

#: Row and column steps through each exit (0 N, 1 NE, ... 7 NW; rows grow southwards).
STEPS = {N: (-1, 0), NE: (-1, 1), E: (0, 1), SE: (1, 1), S: (1, 0), SW: (1, -1), W: (0, -1)}
STEPS[NW] = (-1, -1)
#: The grid point of each corner exit, relative to the cell's north-west corner.
CORNERS = {NE: (0, 1), SE: (1, 1), SW: (1, 0), NW: (0, 0)}
RIVER_END = -2
GOAL = board.GOAL_COLUMN


def neighbour(cell: int, exit_: int) -> int | None:
    """The cell a river leaving ``cell`` by ``exit_`` enters; RIVER_END past a goal cell's
    east side; None off the board or out of the blue zone."""
    row, column = divmod(cell, board.COLUMNS)
    if column == GOAL and exit_ not in (N, S):
        return RIVER_END if exit_ == E else None
    row, column = row + STEPS[exit_][0], column + STEPS[exit_][1]
    if 0 <= row < board.ROWS and 0 <= column < board.COLUMNS:
        return row * board.COLUMNS + column
    return None


def corner_point(cell: int, exit_: int) -> tuple[int, int] | None:
    if exit_ not in CORNERS:
        return None
    row, column = divmod(cell, board.COLUMNS)
    return row + CORNERS[exit_][0], column + CORNERS[exit_][1]


def is_goal(cell: int) -> bool:
    return cell % board.COLUMNS == GOAL


Board = tuple[dict[int, int], set[tuple[int, int]]]


def board_of(state: PharaohsState) -> Board:
    """Exits used per cell and grid points used, read from the river's tiles."""
    masks: dict[int, int] = {}
    points: set[tuple[int, int]] = set()
    for cell, entry, exit_, _kind, _seat, _replaced in state.river:
        masks[cell] = masks.get(cell, 0) | 1 << entry | 1 << exit_
        for end in (entry, exit_):
            point = corner_point(cell, end)
            if point is not None:
                points.add(point)
    return masks, points


def reaches_goal(cell: int, entry: int, masks: dict[int, int], points: Any, spare: int) -> bool:
    """Whether a river entering ``cell`` by ``entry`` can reach a free blue cell through
    free cells, crossing single tiles (off the goal column) at most ``spare`` times."""
    stack = [(cell, entry, 0)]
    seen: set[tuple[int, int, int]] = set()
    while stack:
        here, came, used = stack.pop()
        mask = masks.get(here, 0)
        if mask:
            crossable = bin(mask).count("1") == 2 and not is_goal(here) and not mask >> came & 1
            if used >= spare or not crossable:
                continue
            used += 1
            blocked = mask | 1 << came
        elif is_goal(here):
            return True
        else:
            blocked = 1 << came
        key = (here, came if mask else -1, used)
        if key in seen:
            continue
        seen.add(key)
        for exit_ in (W, SW, NW, S, N, SE, NE, E):  # popped east first
            if blocked >> exit_ & 1:
                continue
            target = neighbour(here, exit_)
            if target is None or target == RIVER_END or corner_point(here, exit_) in points:
                continue
            stack.append((target, (exit_ + 4) % 8, used))
    return False


def reference_tile_actions(state: PharaohsState) -> set[tuple[int, int]]:
    """The (kind, exit) tile actions the rules allow the seat to move now."""
    cell, entry = state.end_cell, state.end_entry
    if cell < 0:
        return set()
    rack = state.racks[state.seat]
    masks, points = board_of(state)
    used = masks.get(cell, 0)
    legal = set()
    for exit_ in range(8):
        target = neighbour(cell, exit_)
        point = corner_point(cell, exit_)
        if exit_ == entry or target is None or point in points or used >> exit_ & 1:
            continue
        if used:  # a crossing: a universal on a single tile, by unused exits
            if bin(used).count("1") != 2 or is_goal(cell) or used >> entry & 1:
                continue
            kinds = {UNIVERSAL}
        else:
            kinds = {PAIR_KIND[entry][exit_], UNIVERSAL}
        after = {**masks, cell: used | 1 << entry | 1 << exit_}
        after_points = points | {point} if point else points
        for kind in kinds:
            if not rack[kind]:
                continue
            spare = rack[UNIVERSAL] - (kind == UNIVERSAL)
            back = (exit_ + 4) % 8
            if target == RIVER_END or reaches_goal(target, back, after, after_points, spare):
                legal.add((kind, exit_))
    return legal


def has_way_on(state: PharaohsState, seat: int) -> bool:
    """Whether the river has ended at the goal or can still reach it (§4.3 rule 6)."""
    if state.end_cell == RIVER_END:
        return True
    masks, points = board_of(state)
    spare = state.racks[seat][UNIVERSAL]
    return reaches_goal(state.end_cell, state.end_entry, masks, points, spare)


# -- tiles ------------------------------------------------------------------------------------


@SETTINGS
@given(configs())
def test_tiles_are_conserved(config: Config) -> None:
    for state in games(config):
        per_kind = [state.bag[k] + sum(rack[k] for rack in state.racks) for k in range(9)]
        for kind in state.tiles:
            if kind >= 0:
                per_kind[kind] += 1
        if state.phase == ORDER:  # the tiles drawn to choose the start player are out
            for drawn in state.order_draws:
                for kind in drawn:
                    per_kind[kind] += 1
        assert per_kind == list(COUNTS)
        assert sum(per_kind) == TOTAL_TILES
        assert state.bag_size == sum(state.bag) and min(state.bag) >= 0
        assert state.rack_size == [sum(rack) for rack in state.racks]
        assert all(0 <= size <= 5 for size in state.rack_size)


# -- the river -------------------------------------------------------------------------------


def check_river(state: PharaohsState) -> None:
    river = state.river
    cells: dict[int, list[tuple[int, int, int, int, int, int]]] = {}
    links: list[tuple[int, int]] = []
    in_goal = False
    for index, tile in enumerate(river):
        cell, entry, exit_, kind, seat, replaced = tile
        assert entry != exit_ and 0 <= seat < state.n
        assert kind == UNIVERSAL or PAIR_KIND[entry][exit_] == kind  # a pair names a kind
        if index == 0:
            assert (cell, entry) == (board.START_CELL, W)  # from the start point
        else:
            previous = river[index - 1]
            assert cell == neighbour(previous[0], previous[2])  # the entry touches the exit
            assert entry == (previous[2] + 4) % 8
        target = neighbour(cell, exit_)
        assert target is not None  # never off the board
        if target == RIVER_END:
            assert index == len(river) - 1 and is_goal(cell)
        if in_goal:
            assert is_goal(cell)  # the river stays in the blue zone
        in_goal = in_goal or is_goal(cell)
        earlier = cells.setdefault(cell, [])
        if earlier:  # a crossing: a universal over a single tile, by other exits
            assert len(earlier) == 1 and kind == UNIVERSAL and not is_goal(cell)
            first = earlier[0]
            assert replaced == first[3]
            assert not {entry, exit_} & {first[1], first[2]}
        else:
            assert replaced == -1
        earlier.append(tile)
        point = corner_point(cell, exit_)
        if point is not None:
            links.append(point)
    assert len(links) == len(set(links))  # grid points used once
    masks, points = board_of(state)
    for cell in range(board.NUM_CELLS):
        assert state.exits[cell] == masks.get(cell, 0)
        assert state.tiles[cell] == (cells[cell][-1][3] if cell in cells else -1)
        assert state.owners[cell] == (cells[cell][-1][4] if cell in cells else -1)
    used_points = {divmod(p, board.COLUMNS + 1) for p, used in enumerate(state.points) if used}
    assert used_points == points
    if river:
        assert state.end_cell == neighbour(river[-1][0], river[-1][2])
        assert state.end_entry == (river[-1][2] + 4) % 8 or state.end_cell == RIVER_END
    else:
        assert (state.end_cell, state.end_entry) == (board.START_CELL, W)
    assert state.in_goal == in_goal


@SETTINGS
@given(configs())
def test_river_is_one_line(config: Config) -> None:
    length = -1
    for state in games(config):
        if len(state.river) != length:
            check_river(state)
            length = len(state.river)


@SETTINGS
@given(configs())
@example((3, 2, 0.95))  # a universal crosses a universal, which goes back to the bag
@example((2, 106, 0.95))  # the same in a two-player game
def test_universals_on_board_counts_the_universal_tiles_there(config: Config) -> None:
    for state in crowded_games(config):
        assert state.universals_on_board == state.tiles.count(UNIVERSAL)
        assert state.public_observation()["universals_on_board"] == state.universals_on_board


@SETTINGS
@given(configs(), st.booleans())
@example((3, 138, 0.95), True)  # the river's open end was a goal cell: the map kept stale
def test_the_kept_map_of_ways_on_is_the_way_on_search(config: Config, crowded: bool) -> None:
    """The map the state keeps up to date tile by tile is the map made afresh, and the
    map made afresh answers as the search does (without crossings)."""
    rng = random.Random(config[1])
    for state in (crowded_games if crowded else games)(config):
        if state.phase != PLAY or state.in_goal:
            continue
        taken = state.end_cell
        fresh = reach_map(state.exits, state.points, taken)
        exits = list(state.exits)
        exits[taken] |= 1 << state.end_entry  # the open end counts as taken
        free = [c for c in range(board.NUM_CELLS) if not exits[c]]
        assert [state.reach[c] for c in free] == [fresh[c] for c in free]  # only these are read
        for cell in {*rng.sample(free, 8), *(t for t in NEXT[taken] if t >= 0 and not exits[t])}:
            assert state.reach[cell] == way_on(cell, rng.randrange(8), exits, state.points, 0)


# -- scores ----------------------------------------------------------------------------------


@SETTINGS
@given(configs())
def test_scores_are_the_sum_of_their_parts(config: Config) -> None:
    *_, final = games(config)
    assert final.is_terminal()
    n = final.n
    total = [0] * n
    bonus_due = False
    paid: set[int] = set()  # zones paid this turn
    laid = points = 0
    for event in final.events:
        name = event[0]
        if name == "turn":
            paid, laid, points = set(), 0, 0
        elif name == "lay":
            _, seat, cell, _entry, _exit, kind, _replaced, tile_points, cell_points = event
            assert tile_points == VALUES[kind]
            zone = board.ZONES[cell]
            if zone >= 0 and zone in paid:
                assert cell_points == 0  # a zone is paid once per turn
            else:
                assert cell_points == board.VALUES[cell]
                if zone >= 0:
                    paid.add(zone)
            total[seat] += tile_points + cell_points
            laid += 1
            points += tile_points + cell_points
            bonus_due = laid == 5
        elif name == "bonus":
            assert event[2] == 20 and laid == 5  # five tiles laid this turn
            total[event[1]] += 20
            points += 20
            bonus_due = False
        elif name == "end_turn":
            assert not bonus_due, "five tiles laid in a turn earn 20"
            assert event[2] == laid and event[3] == points
        elif name == "no_tile":
            _, seat, rack, penalty = event
            assert penalty == sum(VALUES[k] * c for k, c in enumerate(rack)) and sum(rack) <= 5
            total[seat] -= penalty
        elif name == "game_over":
            _, _reason, racks, penalties, scores = event
            assert racks == tuple(tuple(r) for r in final.racks)
            for seat in range(n):
                assert penalties[seat] == sum(VALUES[k] * c for k, c in enumerate(racks[seat]))
                total[seat] -= penalties[seat]
            assert list(scores) == final.scores
    assert total == final.scores


# -- legal actions -----------------------------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs())
def test_legal_actions_are_exact(config: Config) -> None:
    for state in games(config):
        if state.current_player() < 0:
            continue
        legal = state.legal_actions()
        tiles = {divmod(a, 8) for a in legal if a != END_TURN}
        assert tiles == reference_tile_actions(state)
        assert (END_TURN in legal) == (state.laid > 0)
        assert legal, "a seat to move always has something to do"
        seat = state.seat
        for kind, exit_ in tiles:
            child = state.clone()
            child.apply_action(kind * 8 + exit_, player=seat)
            assert has_way_on(child, seat)
        for action in range(END_TURN):
            if action not in legal:
                before = snapshot(state)
                try:
                    state.apply_action(action, player=seat)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"action {action} was applied though not legal")
                assert snapshot(state) == before


@SETTINGS
@given(configs())
def test_bad_actions_change_nothing(config: Config) -> None:
    rng = random.Random(config[1])
    for state in games(config):
        if rng.random() > 0.1 and not state.is_terminal():
            continue
        before = snapshot(state)
        current = state.current_player()
        legal = state.legal_actions()
        bad: list[tuple[object, int | None]] = [
            (NUM_ACTIONS, None),
            (-1, None),
            (10**9, None),
            (1.0, None),
            ("0", None),
            (None, None),
            (True, None),
            ([0], None),
        ]
        bad += [(a, current) for a in range(NUM_ACTIONS) if a not in legal][:20]
        if legal:
            others = [p for p in range(-1, state.n) if p != current]
            bad += [(legal[0], rng.choice(others))]  # out of turn
            bad += [(float(legal[0]), current)]
        for action, player in bad:
            try:
                state.apply_action(action, player=player)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{action!r} by {player} was applied")
            assert snapshot(state) == before
