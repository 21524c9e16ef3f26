"""One scenario per rule of NIL – Le Jeu des Pharaons (seed 001, docs/rules/pharaohs.md §10).

Positions are reached by play: the tests choose the tiles each seat draws for the start
and for its rack by applying chance outcomes (tile kinds 0..8), and lay tiles with
``apply_action(kind * 8 + exit)``.  Rivers longer than a rack get their tiles from
``give``, which moves tiles between the bag and a rack and never creates or loses one.
"""

from __future__ import annotations

import pytest

from nilegames.core import CHANCE
from nilegames.games.pharaohs import board
from nilegames.games.pharaohs.actions import END_TURN, NUM_ACTIONS, tile_action
from nilegames.games.pharaohs.state import DEAL, DRAW, PLAY, TIE
from nilegames.games.pharaohs.tiles import (
    BENDS,
    CENTER90,
    CORNER90,
    COUNTS,
    DIAGONAL,
    KIND_NAMES,
    LEFT45,
    LEFT135,
    NE,
    NUM_EXITS,
    NUM_KINDS,
    NW,
    PAIR_KIND,
    RIGHT45,
    RIGHT135,
    SE,
    STRAIGHT,
    SW,
    TOTAL_TILES,
    UNIVERSAL,
    VALUES,
    E,
    N,
    S,
    W,
)
from tests.pharaohs_helpers import (
    ALL_KINDS,
    NOT_AT_START,
    WIDE_RING,
    cell,
    chance,
    end_turn,
    events,
    give,
    lay,
    new_state,
    open_end,
    pave,
    playing,
    refused,
    tile_actions,
    u,
)

# -- §1 components -----------------------------------------------------------------------


def test_board_map() -> None:
    assert (board.ROWS, board.MAIN_COLUMNS, board.COLUMNS) == (21, 21, 22)
    assert board.GOAL_COLUMN == 21 and cell(10, 0) == board.START_CELL
    goal = [board.VALUES[cell(r, board.GOAL_COLUMN)] for r in range(21)]
    north = [50, 50, 50, 50, 75, 75, 100, 100, 150, 200]
    assert goal == [*north, 500, *north[::-1]]
    assert goal[board.START_ROW] == 500  # the 500 faces the start
    assert all(board.IS_GOAL[c] == (c % 22 == 21) for c in range(board.NUM_CELLS))
    main = [board.VALUES[cell(r, c)] for r in range(21) for c in range(21)]
    green = [v for v in main if v > 0]
    red = [v for v in main if v < 0]
    assert len(green) == 14 and sum(green) == 2780
    assert min(green) == 60 and max(green) == 250
    assert len(red) == 42 and sum(red) == -3980
    assert min(red) == -160 and max(red) == -40
    assert board.VALUES[board.START_CELL] == 0
    for r in range(21):  # symmetric about the middle row
        for c in range(22):
            assert board.VALUES[cell(r, c)] == board.VALUES[cell(20 - r, c)]
    # Zones: red cells of one value touching by a side; four U shapes of five cells.
    zones = board.ZONE_CELLS
    assert sum(len(cells) for cells in zones.values()) == 42
    u_zones = {z: cells for z, cells in zones.items() if len(cells) > 1}
    assert all(len(cells) == 1 for z, cells in zones.items() if z not in u_zones)
    assert len(u_zones) == 4 and all(len(cells) == 5 for cells in u_zones.values())
    shapes = []
    for cells in u_zones.values():
        values = {board.VALUES[c] for c in cells}
        assert len(values) == 1
        rows = sorted({board.row_column(c)[0] for c in cells})
        columns = sorted({board.row_column(c)[1] for c in cells})
        assert len(rows) == 3 and len(columns) == 2
        middle = [board.row_column(c) for c in cells if board.row_column(c)[0] == rows[1]]
        assert len(middle) == 1  # the bottom of the U; its other cell is the opening
        opening = "east" if middle[0][1] == columns[0] else "west"
        shapes.append((values.pop(), opening, rows[1]))
    assert sorted(shapes) == [
        (-160, "west", 3),
        (-160, "west", 17),
        (-40, "east", 3),
        (-40, "east", 17),
    ]
    # A zone is exactly the red cells of one value that touch by a side.
    for c in range(board.NUM_CELLS):
        row, column = board.row_column(c)
        if board.VALUES[c] >= 0:
            assert board.ZONES[c] == -1
            continue
        assert c in zones[board.ZONES[c]]
        for r, col in ((row + 1, column), (row, column + 1)):  # below, and east
            if r < board.ROWS and col < board.MAIN_COLUMNS:
                same = board.VALUES[cell(r, col)] == board.VALUES[c]
                assert (board.ZONES[cell(r, col)] == board.ZONES[c]) == same


def test_tile_set() -> None:
    names = ("Straight", "Diagonal", "Side bend", "Corner bend", "Left 45", "Right 45")
    assert (*names, "Left 135", "Right 135", "Universal") == KIND_NAMES
    assert COUNTS == (20, 20, 10, 10, 10, 10, 10, 10, 4)
    assert VALUES == (10, 10, 10, 10, 8, 8, 5, 5, 35)
    assert NUM_KINDS == 9 and TOTAL_TILES == 104  # the 4 blank tiles of the 108 are out
    state = new_state(3)
    assert state.bag == list(COUNTS) and state.bag_size == 104
    outcomes = dict(state.chance_outcomes())
    assert sorted(outcomes) == list(ALL_KINDS)  # no blank kind can be drawn
    assert outcomes[STRAIGHT] == pytest.approx(20 / 104)
    assert outcomes[UNIVERSAL] == pytest.approx(4 / 104)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert NUM_ACTIONS == 73 and END_TURN == 72


def test_exit_pairs_partition_the_kinds() -> None:
    # The printed positions of docs/rules/pharaohs.md §1, turned by quarter turns (+2).
    printed = {
        STRAIGHT: (W, E),
        DIAGONAL: (SW, NE),
        CENTER90: (S, W),
        CORNER90: (SW, SE),
        LEFT45: (S, NW),
        RIGHT45: (S, NE),
        LEFT135: (S, SW),
        RIGHT135: (S, SE),
    }
    owners: dict[frozenset[int], set[int]] = {}
    for kind, (a, b) in printed.items():
        for quarter in range(4):
            pair = frozenset({(a + 2 * quarter) % 8, (b + 2 * quarter) % 8})
            owners.setdefault(pair, set()).add(kind)
    assert len(owners) == 28  # every pair of distinct exits...
    assert all(len(kinds) == 1 for kinds in owners.values())  # ...names one kind
    for a in range(NUM_EXITS):
        assert PAIR_KIND[a][a] == -1
        for b in range(NUM_EXITS):
            if a != b:
                (kind,) = owners[frozenset({a, b})]
                assert PAIR_KIND[a][b] == PAIR_KIND[b][a] == kind
                # A quarter turn keeps the kind; the bend is the same from either end.
                assert PAIR_KIND[(a + 2) % 8][(b + 2) % 8] == kind
                turn = abs(((b - a) % 8) * 45 - 180)
                assert BENDS[kind] == turn
    pairs_per_kind = [sum(1 for k in owners.values() if kind in k) for kind in range(8)]
    assert pairs_per_kind == [2, 2, 4, 4, 4, 4, 4, 4]


def test_mirror_kinds_differ() -> None:
    def mirrored(kind: int) -> set[frozenset[int]]:
        """The pairs of ``kind`` seen in a mirror (west and east swapped)."""
        return {
            frozenset({(8 - a) % 8, (8 - b) % 8})
            for a in range(8)
            for b in range(8)
            if a != b and PAIR_KIND[a][b] == kind
        }

    def pairs(kind: int) -> set[frozenset[int]]:
        return {frozenset({a, b}) for a in range(8) for b in range(8) if PAIR_KIND[a][b] == kind}

    for left, right in ((LEFT45, RIGHT45), (LEFT135, RIGHT135)):
        assert not pairs(left) & pairs(right)  # no turn makes one the other
        assert mirrored(left) == pairs(right) and mirrored(right) == pairs(left)
    # In play: at the start W-NE is a Left 45 and W-SE a Right 45; a Left 45 cannot do both.
    state = playing([[LEFT45] * 5, [DIAGONAL] * 5])
    assert tile_actions(state) == {(LEFT45, NE)}
    assert refused(state, tile_action(LEFT45, SE))
    assert refused(state, tile_action(RIGHT45, SE))  # not in the rack
    give(state, 0, [RIGHT45] * 5)
    assert tile_actions(state) == {(RIGHT45, SE)}


def test_universal_stands_for_a_kind() -> None:
    state = playing([[UNIVERSAL, DIAGONAL, DIAGONAL, DIAGONAL, DIAGONAL], [DIAGONAL] * 5])
    # Declared by its exit: every exit open to a printed first tile, one kind each.
    assert tile_actions(state) == {u(N), u(NE), u(E), u(SE), u(S)}
    assert state.action_to_string(tile_action(UNIVERSAL, NE)) == (
        "Universal as Left 45 on K1, W to NE"
    )
    lay(state, u(NE))
    assert state.tiles[board.START_CELL] == UNIVERSAL
    assert state.scores == [35, 0]  # the universal's own value, not the Left 45's 8
    assert open_end(state) == ((9, 1), SW)  # and the river goes on as a Left 45 would
    (log,) = [e for e in state.observation(1)["log"] if e["event"] == "lay"]
    assert log["tile"] == "universal" and "Universal as Left 45" in log["text"]
    (tile,) = state.public_observation()["river"]
    assert (tile["tile"], tile["as"], tile["crossing"]) == ("universal", "left45", False)


# -- §3 set-up ----------------------------------------------------------------------------


def test_start_player_by_highest_total() -> None:
    state = new_state(3)
    chance(state, STRAIGHT, STRAIGHT, STRAIGHT)  # seat 0: 30
    assert dict(state.chance_outcomes())[STRAIGHT] == pytest.approx(17 / 101)
    chance(state, UNIVERSAL, LEFT135, LEFT135)  # seat 1: 45
    chance(state, LEFT45, LEFT45, LEFT45)  # seat 2: 24
    assert state.phase == DEAL  # no tie, no lots
    assert state.seat == 1
    assert state.bag == list(COUNTS) and state.bag_size == 104  # all back in the bag
    assert events(state, "order_return") == [("order_return", (30, 45, 24))]
    assert state.observation(0)["start_draws"] == [
        ["straight"] * 3,
        ["universal", "left135", "left135"],
        ["left45"] * 3,
    ]  # shown to everyone
    for rack in ([DIAGONAL] * 5, [STRAIGHT] * 5, [STRAIGHT] * 5):
        chance(state, *rack)
    assert state.phase == PLAY and state.current_player() == 1 and state.turn == 1
    lay(state, (STRAIGHT, E))
    end_turn(state)
    assert state.current_player() == 2  # play goes on to the left (seat + 1)
    assert events(state, "turn") == [("turn", 1, 1), ("turn", 2, 2)]


def test_start_tie_drawn_by_lots() -> None:
    state = new_state(3)
    chance(state, STRAIGHT, STRAIGHT, STRAIGHT)  # 30
    chance(state, LEFT45, LEFT45, LEFT45)  # 24
    chance(state, DIAGONAL, DIAGONAL, CENTER90)  # 30
    assert state.phase == TIE and state.current_player() == CHANCE
    assert [seat for seat, _ in state.chance_outcomes()] == [0, 2]
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([0.5, 0.5])
    assert refused(state, 1)  # seat 1 is not among the tied
    assert state.bag_size == 104
    chance(state, 2)
    assert state.phase == DEAL and state.seat == 2
    assert events(state, "first_player") == [("first_player", 2)]


def test_racks_dealt_privately() -> None:
    state = new_state(3)
    chance(state, *[STRAIGHT] * 3, *[LEFT135] * 6)
    racks = [
        [STRAIGHT, DIAGONAL, CENTER90, CORNER90, LEFT45],
        [UNIVERSAL, UNIVERSAL, RIGHT45, RIGHT45, STRAIGHT],
        [LEFT135] * 5,
    ]
    for seat, rack in enumerate(racks):
        for kind in rack:
            assert state.deal_seat == seat  # seat 0 first, five each
            chance(state, kind)
    assert state.rack_size == [5, 5, 5] and state.bag_size == 104 - 15
    assert state.racks[1][UNIVERSAL] == 2 and state.racks[2][LEFT135] == 5
    for seat in range(3):
        obs = state.observation(seat)
        assert sum(obs["rack"].values()) == 5
        assert obs["rack_sizes"] == [5, 5, 5]
        for entry in obs["log"]:
            if entry["event"] == "draw":
                assert (entry["tile"] is None) == (entry["seat"] != seat)
    assert state.observation(0)["rack"] == dict.fromkeys(
        ("straight", "diagonal", "center90", "corner90", "left45"), 1
    )
    assert state.observation(1)["rack"] == {"universal": 2, "right45": 2, "straight": 1}
    assert state.observation(2)["rack"] == {"left135": 5}
    public = state.public_observation()
    assert "rack" not in public
    assert all(e["tile"] is None for e in public["log"] if e["event"] == "draw")


# -- §4.1 a turn --------------------------------------------------------------------------


def test_must_lay_at_least_one() -> None:
    state = playing([[STRAIGHT, STRAIGHT, DIAGONAL, DIAGONAL, CORNER90], [DIAGONAL] * 5])
    assert END_TURN not in state.legal_actions()
    assert refused(state, END_TURN)
    assert state.legal_actions() == [tile_action(STRAIGHT, E)]
    lay(state, (STRAIGHT, E))
    assert END_TURN in state.legal_actions()
    lay(state, (STRAIGHT, E))
    # Nothing left fits (a Diagonal or Corner bend entered by W), yet the turn may end.
    assert state.legal_actions() == [END_TURN]
    state.apply_action(END_TURN, player=0)
    assert state.phase == DRAW and state.draw_left == 2
    assert events(state, "no_tile") == []


def test_all_five_bonus() -> None:
    state = playing([[STRAIGHT] * 5, [DIAGONAL] * 5])
    lay(state, *[(STRAIGHT, E)] * 5)
    assert events(state, "bonus") == [("bonus", 0, 20)]
    assert state.scores[0] == 5 * 10 + 20
    assert events(state, "end_turn") == [("end_turn", 0, 5, 70)]
    # Four of five: no bonus.
    state = playing([[STRAIGHT] * 5, [DIAGONAL] * 5])
    lay(state, *[(STRAIGHT, E)] * 4)
    end_turn(state)
    assert events(state, "bonus") == [] and state.scores[0] == 40
    # A shorter rack emptied (the end of the bag): no bonus either.
    state = playing([[STRAIGHT] * 5, [DIAGONAL] * 5])
    give(state, 0, [STRAIGHT] * 3)
    lay(state, *[(STRAIGHT, E)] * 3)
    assert state.phase == DRAW  # the empty rack ended the turn
    assert events(state, "bonus") == [] and state.scores[0] == 30


def test_forced_universal() -> None:
    racks = [[DIAGONAL, CORNER90, LEFT135, RIGHT135, UNIVERSAL], [DIAGONAL] * 5]
    state = playing(racks)
    assert events(state, "no_tile") == []  # the universal fits, so the seat must play
    assert tile_actions(state) == {u(N), u(NE), u(E), u(SE), u(S)}
    assert END_TURN not in state.legal_actions()
    for kind, exit_ in ((DIAGONAL, NE), (CORNER90, SE), (LEFT135, NW), (RIGHT135, SW)):
        assert refused(state, tile_action(kind, exit_))
    lay(state, u(E))
    assert state.racks[0][UNIVERSAL] == 0
    # Without the universal the same rack has no tile to lay (§4.7).
    racks[0][-1] = DIAGONAL
    state = playing(racks)
    assert [e[1] for e in events(state, "no_tile")] == [0]


def test_turn_ends_with_empty_rack() -> None:
    state = playing([[STRAIGHT] * 5, [DIAGONAL] * 5])
    lay(state, *[(STRAIGHT, E)] * 4)
    assert state.phase == PLAY and state.seat == 0
    lay(state, (STRAIGHT, E))
    assert END_TURN not in state.history()  # nobody ended the turn: the rack did
    assert state.phase == DRAW and (state.draw_seat, state.draw_left) == (0, 5)
    give(state, 1, [STRAIGHT] * 5)
    end_turn(state, [STRAIGHT] * 5)
    assert state.phase == PLAY
    assert state.seat == 1 and state.rack_size == [5, 5]


# -- §4.2 and §4.3 where a tile may go -----------------------------------------------------


def test_first_tile_kinds() -> None:
    state = playing()
    give(state, 0, ALL_KINDS)
    printed = {(STRAIGHT, E), (CENTER90, N), (CENTER90, S), (LEFT45, NE), (RIGHT45, SE)}
    assert tile_actions(state) == printed | {u(N), u(NE), u(E), u(SE), u(S)}
    assert {kind for kind, _ in printed} == {STRAIGHT, CENTER90, LEFT45, RIGHT45}
    # The 135s would touch the west edge at the start cell's corners; no other pair fits.
    assert PAIR_KIND[W][NW] == LEFT135 and PAIR_KIND[W][SW] == RIGHT135
    for kind in NOT_AT_START:
        for exit_ in range(NUM_EXITS):
            assert refused(state, tile_action(kind, exit_))
    for exit_ in (W, NW, SW):
        assert refused(state, tile_action(UNIVERSAL, exit_))


def test_tiles_continue_the_open_end() -> None:
    state = playing()
    path = [(STRAIGHT, E), (LEFT45, NE), (DIAGONAL, NE), (CORNER90, SE), (LEFT45, S)]
    pave(state, path, keep=ALL_KINDS)
    for previous, tile in zip(state.river, state.river[1:], strict=False):
        row, column = board.row_column(previous[0])
        step = {E: (0, 1), NE: (-1, 1), SE: (1, 1), S: (1, 0)}[previous[2]]
        assert tile[0] == cell(row + step[0], column + step[1])
        assert tile[1] == (previous[2] + 4) % 8  # entered by the touching exit
    assert state.river[0][:2] == (board.START_CELL, W)
    # Whatever is laid next goes on the open end and nowhere else (no branch).
    end = state.end_cell
    legal = state.legal_actions()
    assert len(legal) > 5
    for action in legal:
        if action == END_TURN:
            continue
        child = state.clone()
        child.apply_action(action)
        changed = [c for c in range(board.NUM_CELLS) if child.exits[c] != state.exits[c]]
        assert changed == [end]
        assert child.exits[end] == 1 << state.end_entry | 1 << action % 8
        assert child.end_cell != end


def test_edge_contact_forbidden() -> None:
    state = playing()
    # Up the west column into the north-west corner cell.
    pave(state, [(CENTER90, N), *[(STRAIGHT, N)] * 9], keep=ALL_KINDS)
    assert open_end(state) == ((0, 0), S)
    assert tile_actions(state) == {(CENTER90, E), (RIGHT135, SE), u(E), u(SE)}
    for kind, exit_ in ((STRAIGHT, N), (LEFT45, NW), (RIGHT45, NE), (CENTER90, W), (LEFT135, SW)):
        assert PAIR_KIND[S][exit_] == kind
        assert refused(state, tile_action(kind, exit_))
    for exit_ in (N, NE, W, NW, SW):
        assert refused(state, tile_action(UNIVERSAL, exit_))


def test_corner_links_and_grid_points() -> None:
    # Route A crosses the point between rows 9/10 and columns 1/2 by a corner link.
    state = playing()
    pave(state, [(STRAIGHT, E), (LEFT45, NE)], keep=[CORNER90, LEFT135, UNIVERSAL, UNIVERSAL])
    assert open_end(state) == ((9, 2), SW)  # diagonally across the corner, not beside it
    lay(state, (CORNER90, SE), (LEFT135, W))
    assert open_end(state) == ((10, 2), E)
    # From (10, 2) a NW link would pass through that point again (into free (9, 1)).
    assert state.exits[cell(9, 1)] == 0
    assert u(NW) not in tile_actions(state)
    assert refused(state, tile_action(UNIVERSAL, NW))
    # Route B reaches (10, 2) by E too, without using that point: NW is open there.
    state = playing()
    route = [(RIGHT45, SE), (RIGHT45, E), (LEFT45, NE), (RIGHT135, W)]
    pave(state, route, keep=[UNIVERSAL, UNIVERSAL])
    assert open_end(state) == ((10, 2), E)
    assert u(NW) in tile_actions(state)
    lay(state, u(NW))
    assert open_end(state) == ((9, 1), SE)


def test_dead_end_forbidden() -> None:
    state = playing()
    pave(state, WIDE_RING, keep=[CENTER90, STRAIGHT, LEFT45, LEFT135, RIGHT135])
    assert open_end(state) == ((10, 1), E)
    assert state.exits[cell(9, 1)] == state.exits[cell(9, 2)] == 0
    # N (a Side bend) and NE (a Right 135) lead into the free pocket (9, 1)-(9, 2), whose
    # every way out is a tile: no tile could go on from it, so they are illegal now.
    assert tile_actions(state) == {(CENTER90, S), (LEFT45, SW), (LEFT135, SE)}
    assert refused(state, tile_action(CENTER90, N))
    assert PAIR_KIND[E][NE] == RIGHT135 and state.racks[0][RIGHT135]
    assert refused(state, tile_action(RIGHT135, NE))
    assert refused(state, tile_action(STRAIGHT, W))  # onto a tile: not even a question
