"""One scenario per rule of NIL – Le Jeu des Pharaons, from scoring to the end (seed 001,
docs/rules/pharaohs.md §10, §4.4 to §5); the rules before scoring are in
test_pharaohs_rules.py, and tests/pharaohs_helpers.py says how positions are reached.
"""

from __future__ import annotations

from nilegames.games.pharaohs import board
from nilegames.games.pharaohs.actions import END_TURN, tile_action
from nilegames.games.pharaohs.river import FINISHED, can_cross
from nilegames.games.pharaohs.state import DRAW, OVER, PLAY
from nilegames.games.pharaohs.tiles import (
    CENTER90,
    CORNER90,
    DIAGONAL,
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
    POCKET,
    RING,
    SPIRAL,
    TO_THE_GOAL_DOOR,
    after,
    at_the_goal_door,
    cell,
    end_turn,
    events,
    give,
    lay,
    lays,
    long_river,
    new_state,
    open_end,
    pave,
    playing,
    refused,
    start,
    tile_actions,
    tile_count,
    u,
)

# -- §4.4 scoring --------------------------------------------------------------------------


def test_tile_and_cell_points() -> None:
    # A green cell: (7, 2) adds 60 to the tile's value.
    state = playing()
    path = [(STRAIGHT, E), (LEFT45, NE), (RIGHT45, N), (STRAIGHT, N)]
    pave(state, path, keep=[STRAIGHT, STRAIGHT])
    before = state.scores[0]
    assert board.VALUES[state.end_cell] == 60
    lay(state, (STRAIGHT, N))
    assert state.scores[0] - before == 10 + 60
    assert lays(state)[-1] == ((7, 2), 10, 60)
    # A red cell: (11, 5) takes 60 away.
    state = playing()
    pave(state, [*[(STRAIGHT, E)] * 4, (RIGHT45, SE)], keep=[RIGHT45, STRAIGHT])
    before = state.scores[0]
    lay(state, (RIGHT45, E))
    assert state.scores[0] - before == 8 - 60
    assert lays(state) == [
        ((10, 0), 10, 0),
        ((10, 1), 10, 0),
        ((10, 2), 10, 0),
        ((10, 3), 10, 0),
        ((10, 4), 8, 0),
        ((11, 5), 8, -60),
    ]
    assert state.scores[0] == 4 * 10 + 8 + 8 - 60


def test_u_zone_once_per_turn() -> None:
    state = playing()
    to_zone = [(CENTER90, S), *[(STRAIGHT, S)] * 3, (LEFT45, SE), (DIAGONAL, SE)]
    pave(state, [*to_zone, (RIGHT45, E), (CENTER90, S)], keep=[STRAIGHT])
    zone = board.ZONES[cell(16, 2)]
    assert board.ZONE_CELLS[zone] == tuple(
        cell(r, c) for r, c in ((16, 2), (16, 3), (17, 2), (18, 2), (18, 3))
    )
    # (16, 2) and (16, 3) are both in the -40 U zone: seat 0 pays once this turn.
    assert lays(state)[-2:] == [((16, 2), 8, -40), ((16, 3), 10, 0)]
    assert state.scores[0] == 10 + 30 + 8 + 10 + 8 + 10 - 40
    give(state, 1, [STRAIGHT, CENTER90, CENTER90, STRAIGHT])
    end_turn(state)
    # Seat 1 crosses the U's opening (17, 3) and lays on (18, 3) and (18, 2): pays again, once.
    pave(state, [(STRAIGHT, S), (CENTER90, W), (CENTER90, S)], keep=[STRAIGHT])
    assert lays(state)[-3:] == [((17, 3), 10, 0), ((18, 3), 10, -40), ((18, 2), 10, 0)]
    assert state.scores[1] == 30 - 40
    obs = state.observation(0)
    assert obs["this_turn"]["zones_paid"] == [zone]
    assert "zone already paid this turn" in obs["log"][-1]["text"]


# -- §4.5 crossings and loops ---------------------------------------------------------------


def test_crossing_with_universal() -> None:
    state = playing()
    pave(state, RING, keep=[CENTER90, CENTER90, UNIVERSAL])
    lay(state, (CENTER90, N))  # into the pocket: a loop, kept for the universal in hand
    assert (state.end_cell, state.end_entry) == (POCKET, S)
    lay(state, (CENTER90, E))  # the first of 001's two tiles: up to the crossing point
    crossed = cell(9, 2)
    assert open_end(state) == ((9, 2), W) and state.tiles[crossed] == STRAIGHT
    # Only the universal may go on, by an exit the Straight there does not use.
    assert tile_actions(state) == {u(E), u(NE), u(SE)}
    straights = state.bag[STRAIGHT]
    before = state.scores[0]
    lay(state, u(E))
    assert state.tiles[crossed] == UNIVERSAL
    assert state.exits[crossed] == 1 << N | 1 << S | 1 << W | 1 << E  # both rivers
    assert state.bag[STRAIGHT] == straights + 1  # the crossed tile went back to the bag
    assert tile_count(state) == TOTAL_TILES
    assert state.scores[0] - before == 35  # the Straight's points are kept
    assert state.river[-1] == (crossed, W, E, UNIVERSAL, 0, STRAIGHT)
    assert (state.river[-1][0], state.river[5][0]) == (crossed, crossed)
    assert open_end(state) == ((9, 3), W)
    assert state.public_observation()["river"][-1]["crossing"] is True
    # A cell carrying two rivers cannot be crossed again, whatever the entry.
    assert not any(can_cross(crossed, entry, state.exits) for entry in range(NUM_EXITS))


def test_crossing_a_universal_sends_it_back() -> None:
    """A universal crossed by another goes back to the bag: the board holds one, not two."""
    state = playing()
    ring = (*RING[:5], u(S), RING[6])  # the tile on (9, 2) is a universal standing for N-S
    pave(state, ring, keep=[CENTER90, CENTER90, UNIVERSAL])
    assert state.universals_on_board == 1
    lay(state, (CENTER90, N), (CENTER90, E))  # the loop, then up to the crossing point
    crossed = cell(9, 2)
    assert state.tiles[crossed] == UNIVERSAL and open_end(state) == ((9, 2), W)
    universals_in_bag = state.bag[UNIVERSAL]
    lay(state, u(E))
    assert state.river[-1] == (crossed, W, E, UNIVERSAL, 0, UNIVERSAL)
    assert state.bag[UNIVERSAL] == universals_in_bag + 1
    assert state.universals_on_board == 1 == state.tiles.count(UNIVERSAL)
    assert state.public_observation()["universals_on_board"] == 1


def test_no_crossing_without_universal() -> None:
    state = playing()
    pave(state, [*RING, (CENTER90, N), (CENTER90, E)], keep=[STRAIGHT, UNIVERSAL])
    assert open_end(state) == ((9, 2), W)  # a tile there: N-S Straight
    assert PAIR_KIND[W][E] == STRAIGHT
    assert tile_actions(state) == {u(E), u(NE), u(SE)}
    assert refused(state, tile_action(STRAIGHT, E))  # no tile on another but a universal
    # The next seat holds no universal: it has no tile to lay, though the pair fits.
    give(state, 1, [STRAIGHT, STRAIGHT, RIGHT45, LEFT45, DIAGONAL])
    end_turn(state)
    assert events(state, "no_tile")[-1][:2] == ("no_tile", 1)
    assert state.exits[cell(9, 2)] == 1 << N | 1 << S  # nothing crossed


def test_loop_needs_a_universal() -> None:
    state = playing()
    pave(state, RING, keep=[CENTER90, STRAIGHT, RIGHT45])
    assert open_end(state) == ((10, 1), E)
    # N leads into the pocket (9, 1), from which the only ways on are crossings.
    assert (CENTER90, N) not in tile_actions(state)
    assert refused(state, tile_action(CENTER90, N))
    give(state, 0, [CENTER90, UNIVERSAL])
    assert (CENTER90, N) in tile_actions(state)  # a universal kept for the crossing
    assert u(N) not in tile_actions(state)  # laying it would keep none
    assert refused(state, tile_action(UNIVERSAL, N))
    give(state, 0, [CENTER90, UNIVERSAL, UNIVERSAL])
    assert {(CENTER90, N), u(N)} <= tile_actions(state)
    give(state, 0, [CENTER90, UNIVERSAL, DIAGONAL])
    lay(state, (CENTER90, N))
    # The next seat, without a universal, cannot go on: no tile possible.
    give(state, 1, [STRAIGHT, CENTER90, LEFT45, RIGHT45, RIGHT135])
    end_turn(state, [CENTER90, DIAGONAL, DIAGONAL])
    assert events(state, "no_tile")[-1][:2] == ("no_tile", 1)
    end_turn(state, [STRAIGHT] * 5)  # seat 1 draws five new tiles
    # Play comes back to the loop's author, who crosses: two tiles, the universal last.
    assert state.phase == PLAY and state.seat == 0
    assert tile_actions(state) == {(CENTER90, E)}  # into the crossing point (9, 2)
    lay(state, (CENTER90, E), u(E))
    assert state.tiles[cell(9, 2)] == UNIVERSAL
    # As many crossings as universals kept: a spiral into the corner cell (0, 0), whose
    # way out crosses two tiles in a row, (0, 1) then (1, 2).
    state = playing()
    pave(state, SPIRAL, keep=[CENTER90, UNIVERSAL, CENTER90])
    assert open_end(state) == ((1, 0), E)
    assert (CENTER90, N) not in tile_actions(state)  # one universal kept: one crossing
    give(state, 0, [CENTER90, UNIVERSAL, UNIVERSAL, CENTER90])
    assert (CENTER90, N) in tile_actions(state)  # two kept: two crossings
    lay(state, (CENTER90, N), (CENTER90, E))
    assert open_end(state) == ((0, 1), W)
    assert tile_actions(state) == {u(SE)}  # into (1, 2), which holds a tile too
    lay(state, u(SE))
    assert open_end(state) == ((1, 2), NW)
    assert u(E) in tile_actions(state)
    lay(state, u(E))
    assert open_end(state) == ((1, 3), W) and state.exits[cell(1, 3)] == 0
    assert [t[5] for t in state.river[-2:]] == [CENTER90, STRAIGHT]  # both went back


# -- §4.6 the goal -----------------------------------------------------------------------


def test_blue_zone() -> None:
    state = at_the_goal_door([CENTER90, CENTER90, STRAIGHT, UNIVERSAL, DIAGONAL])
    door = cell(10, board.GOAL_COLUMN)
    assert tile_actions(state) == {(CENTER90, N), (CENTER90, S), (STRAIGHT, E), u(N), u(S), u(E)}
    lay(state, (CENTER90, N))  # on the 500 cell, turning north inside the blue zone
    assert state.in_goal and state.tiles[door] == CENTER90
    assert lays(state)[-1] == ((10, 21), 10, 500)
    assert state.phase == PLAY and state.seat == 1  # the turn goes on
    assert open_end(state) == ((9, 21), S)
    # The river cannot leave the blue zone: from (9, 21) only north, or the end (east).
    assert tile_actions(state) == {(STRAIGHT, N), (CENTER90, E), u(N), u(E)}
    assert state.exits[cell(9, 20)] == 0  # though the cell west of it is free
    for exit_ in (W, NW, SW, NE, SE):
        assert refused(state, tile_action(UNIVERSAL, exit_))
    lay(state, (STRAIGHT, N))
    assert lays(state)[-1] == ((9, 21), 10, 200)  # each blue cell covered pays
    assert state.scores[1] == 10 + 500 + 10 + 200


def test_one_turn_in_the_blue_zone_banks_up_to_1200() -> None:
    """Five blue cells around the 500 in one turn: 1,200 from the cells, 1,370 in all."""
    state = playing([[CENTER90] * 5, [DIAGONAL] * 5])
    # As to the goal door, but turning north-east at (10, 19), up to (8, 20), then east.
    to_the_150 = (
        *TO_THE_GOAL_DOOR[:-2],
        (PAIR_KIND[W][NE], NE),  # (10, 19) -> (9, 20)
        (PAIR_KIND[SW][N], N),  # (9, 20) -> (8, 20)
        (PAIR_KIND[S][E], E),  # (8, 20) -> the 150 goal cell
    )
    pave(state, to_the_150, keep=[DIAGONAL])
    assert open_end(state) == ((8, board.GOAL_COLUMN), W)
    give(state, 1, [CENTER90, *[UNIVERSAL] * 4])
    end_turn(state)
    before = state.scores[1]
    lay(state, (CENTER90, S), u(S), u(S), u(S), u(E))
    blue = [cell_points for (_, column), _, cell_points in lays(state)[-5:]]
    assert [column for (_, column), _, _ in lays(state)[-5:]] == [board.GOAL_COLUMN] * 5
    assert blue == [150, 200, 500, 200, 150] and sum(blue) == 1200
    assert state.scores[1] - before == 1200 + 10 + 4 * 35 + 20 == 1370
    assert events(state, "end_turn")[-1] == ("end_turn", 1, 5, 1370)
    assert state.is_terminal()


def test_river_ends_at_goal() -> None:
    state = at_the_goal_door([STRAIGHT, STRAIGHT, CENTER90, DIAGONAL, UNIVERSAL])
    # East of the last ordinary column is the goal column: no end there yet.
    assert state.river[-1][0] == cell(10, 20) and state.end_cell == cell(10, 21)
    lay(state, (STRAIGHT, E))
    assert state.end_cell == FINISHED  # the middle of the goal cell's east side
    assert state.is_terminal()  # that tile ended the turn (and so the game)
    assert state.rack_size[1] == 4  # tiles were left: the turn ended by itself
    assert events(state, "end_turn")[-1] == ("end_turn", 1, 1, 10 + 500)
    assert state.public_observation()["finished"] is True


# -- §4.7 no tile possible -------------------------------------------------------------------


def test_no_tile_possible() -> None:
    shown = [DIAGONAL, DIAGONAL, CORNER90, LEFT135, RIGHT135]
    state = start([shown, [STRAIGHT] * 5])
    # The very first turn: the start player has no tile for the start cell.
    assert events(state, "no_tile") == [("no_tile", 0, (0, 2, 0, 1, 0, 0, 1, 1, 0), 40)]
    assert state.scores == [-40, 0]
    assert state.racks[0] == [0] * NUM_KINDS and state.rack_size[0] == 0
    assert state.bag_size == 104 - 10 + 5  # the shown tiles are back in the bag
    assert state.phase == DRAW and (state.draw_seat, state.draw_left) == (0, 5)
    seen = [e for e in state.observation(1)["log"] if e["event"] == "no_tile"]
    assert seen[0]["rack"] == {"diagonal": 2, "corner90": 1, "left135": 1, "right135": 1}
    end_turn(state, [RIGHT45] * 5)
    assert state.rack_size[0] == 5 and state.racks[0][RIGHT45] == 5  # five new tiles
    assert state.phase == PLAY and state.seat == 1  # the next seat plays
    assert END_TURN not in state.history()


# -- §5 the end ----------------------------------------------------------------------------


def test_end_on_goal() -> None:
    state = at_the_goal_door([CENTER90, STRAIGHT, DIAGONAL, DIAGONAL, DIAGONAL])
    bag = state.bag_size
    lay(state, (CENTER90, S))
    assert state.phase == PLAY and not state.is_terminal()  # may go on in the blue zone
    assert state.legal_actions() == [tile_action(STRAIGHT, S), END_TURN]
    lay(state, (STRAIGHT, S))
    state.apply_action(END_TURN, player=1)
    assert state.is_terminal() and state.phase == OVER
    assert events(state, "game_over")[0][1] == "goal"
    assert state.bag_size == bag  # nobody draws any more
    assert state.legal_actions() == []
    assert refused(state, END_TURN, player=0)


def test_end_when_tiles_run_out() -> None:
    # Four seats; a river of 87 tiles leaves 17 tiles: two for seat 0, five for each other.
    state = long_river(start([[CENTER90] * 5, *[[DIAGONAL] * 5] * 3]), 87)
    pool = [k for k in ALL_KINDS for _ in range(state.bag[k] + state.racks[0][k])]
    give(state, 0, pool)
    first, second = next(
        (first, second)
        for first in state.legal_actions()
        for second in after(state, first).legal_actions()
        if max(first, second) < UNIVERSAL * NUM_EXITS  # printed tiles: no crossing
    )
    mine = [first // NUM_EXITS, second // NUM_EXITS]
    for kind in mine:
        pool.remove(kind)
    give(state, 0, mine)
    for seat in (1, 2, 3):
        give(state, seat, pool[5 * seat - 5 : 5 * seat])
    assert state.bag_size == 0 and state.rack_size == [2, 5, 5, 5]
    assert tile_count(state) == TOTAL_TILES
    # Laying one and ending the turn: the bag is empty, but seat 0 still holds a tile.
    other = state.clone()
    other.apply_action(first, player=0)
    other.apply_action(END_TURN, player=0)
    assert not other.is_terminal()
    assert events(other, "turn")[-1][1] == 1  # seat 1 plays on (or shows its rack)
    assert events(other, "draw") == events(state, "draw")  # seat 0 drew nothing
    assert other.rack_size[0] == 1
    # Laying both: the last tile that could reach a rack is played.
    state.apply_action(first, player=0)
    state.apply_action(second, player=0)
    assert state.is_terminal()
    (over,) = events(state, "game_over")
    assert over[1] == "tiles"
    penalties = tuple(sum(VALUES[k] for k in pool[5 * s - 5 : 5 * s]) for s in (1, 2, 3))
    assert over[3] == (0, *penalties)  # the others' tiles count against them


def test_end_after_two_blocked_rounds() -> None:
    blocked = [DIAGONAL, DIAGONAL, CORNER90, LEFT135, DIAGONAL]
    state = start([blocked, blocked])
    # Three turns without a tile: seat 0, seat 1, seat 0.
    end_turn(state, blocked)
    end_turn(state, blocked)
    give(state, 1, [CENTER90, *blocked[:4]])  # seat 1 will have a tile for the start
    end_turn(state, blocked)
    assert [e[1] for e in events(state, "no_tile")] == [0, 1, 0]
    assert state.phase == PLAY and state.seat == 1
    # Seat 1 lays a tile; the count starts again.  At (9, 0), entered by S, only a
    # Straight, Side bend, Right 45 or Right 135 fits.
    lay(state, (CENTER90, N))
    give(state, 0, blocked)
    end_turn(state, blocked[:1])
    assert [e[1] for e in events(state, "no_tile")] == [0, 1, 0, 0]
    for count in (5, 6, 7):
        assert not state.is_terminal()  # without the reset, the 4th in a row ended it
        end_turn(state, blocked)
        assert len(events(state, "no_tile")) == count
    assert state.is_terminal()
    assert [e[1] for e in events(state, "no_tile")] == [0, 1, 0, 0, 1, 0, 1]
    (over,) = events(state, "game_over")
    assert over[1] == "blocked"
    # The last seat's rack went back to the bag; the other's tiles count against it.
    assert over[3] == (sum(VALUES[k] for k in blocked), 0)


def test_final_minus_points() -> None:
    state = at_the_goal_door([STRAIGHT, UNIVERSAL, DIAGONAL, LEFT135, CENTER90])
    seat0_rack = state.racks[0][:]
    left0 = sum(VALUES[k] * c for k, c in enumerate(seat0_rack))
    assert state.rack_size[0] == 5 and left0 > 0
    before = state.scores[:]
    lay(state, (STRAIGHT, E))  # ends the river, the turn and the game
    left1 = 35 + 10 + 5 + 10
    assert state.scores == [before[0] - left0, before[1] + 10 + 500 - left1]
    (over,) = events(state, "game_over")
    assert over[3] == (left0, left1)
    result = state.observation(0)["result"]
    assert result["racks_left"][1] == {"universal": 1, "diagonal": 1, "left135": 1, "center90": 1}
    assert result["scores"] == state.scores


def test_returns_by_place() -> None:
    state = at_the_goal_door([STRAIGHT, DIAGONAL, DIAGONAL, DIAGONAL, DIAGONAL])
    assert state.returns() == [0.0, 0.0]  # nothing before the end
    lay(state, (STRAIGHT, E))
    assert state.scores[1] > state.scores[0]
    assert state.returns() == [-1.0, 1.0]
    assert state.observation(0)["result"]["winners"] == [1]
    # Three seats: linear between +1 and -1; ties share the average of their places.
    three = new_state(3)
    three.phase = OVER
    for scores, returns in (
        ([100, 300, 200], [-1.0, 1.0, 0.0]),
        ([300, 300, 100], [0.5, 0.5, -1.0]),
        ([100, 300, 100], [-0.5, 1.0, -0.5]),
        ([7, 7, 7], [0.0, 0.0, 0.0]),
    ):
        three.scores = scores
        assert three.returns() == returns
