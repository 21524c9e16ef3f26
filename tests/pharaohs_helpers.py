"""Build NIL (pharaohs) positions for tests by choosing the outcome of every chance node.

A test picks the start player by choosing the three tiles each seat draws, deals exact
racks, and lays tiles with ``apply_action(kind * 8 + exit)``, so every tile on the board
went through the engine's own legality check.  Long rivers need more tiles than a rack
holds: :func:`give` sets a rack directly, moving tiles between the bag and the rack so
that no tile is created or lost (:func:`tile_count` stays 104).

The random games the property tests check (:func:`games`, and :func:`crowded_games`,
whose rivers loop and cross) and their Hypothesis settings are here too.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from nilegames.core import Action, IllegalActionError, State
from nilegames.games.pharaohs import board
from nilegames.games.pharaohs.actions import END_TURN, tile_action
from nilegames.games.pharaohs.game import PharaohsGame
from nilegames.games.pharaohs.river import NEXT
from nilegames.games.pharaohs.state import DRAW, ORDER, PLAY, PharaohsState
from nilegames.games.pharaohs.tiles import (
    CENTER90,
    CORNER90,
    DIAGONAL,
    LEFT45,
    LEFT135,
    NE,
    NUM_KINDS,
    RIGHT45,
    RIGHT135,
    SE,
    STRAIGHT,
    TOTAL_TILES,
    UNIVERSAL,
    E,
    N,
    S,
    W,
)
from tests.conftest import random_game

#: One tile laid: (kind, exit the river leaves it by).
Move = tuple[int, int]


def cell(row: int, column: int) -> int:
    return board.cell_of(row, column)


def new_state(players: int = 2) -> PharaohsState:
    return PharaohsGame(players).new_initial_state()


def chance(state: PharaohsState, *outcomes: int) -> None:
    """Resolve chance nodes with the given outcomes (tile kinds, or a seat)."""
    for outcome in outcomes:
        assert state.is_chance_node(), f"expected a chance node, phase is {state.phase}"
        state.apply_action(outcome)


def order(state: PharaohsState, first: int) -> None:
    """Draw the start tiles so that ``first`` has the highest total (30 against 15)."""
    for seat in range(state.n):
        chance(state, *([STRAIGHT] * 3 if seat == first else [LEFT135] * 3))


def start(
    racks: Sequence[Sequence[int]], first: int = 0, players: int | None = None
) -> PharaohsState:
    """A game whose seat ``first`` starts, with these racks dealt (seat 0 first)."""
    state = new_state(players or len(racks))
    order(state, first)
    for rack in racks:
        chance(state, *rack)
    return state


def give(state: PharaohsState, seat: int, kinds: Iterable[int]) -> None:
    """Make ``seat``'s rack exactly ``kinds``: its tiles go back to the bag, these come out."""
    rack = state.racks[seat]
    for kind in range(NUM_KINDS):
        state.bag[kind] += rack[kind]
        rack[kind] = 0
    for kind in kinds:
        assert state.bag[kind] > 0, f"the bag holds no tile of kind {kind}"
        state.bag[kind] -= 1
        rack[kind] += 1
    state.rack_size[seat] = sum(rack)
    state.bag_size = sum(state.bag)
    state.legal_cache = None
    assert tile_count(state) == TOTAL_TILES


def lay(state: PharaohsState, *moves: Move) -> None:
    """Lay tiles as the seat to move, each through ``apply_action``."""
    for kind, exit_ in moves:
        assert state.phase == PLAY, f"expected a seat to move, phase is {state.phase}"
        state.apply_action(tile_action(kind, exit_), player=state.seat)


def pave(state: PharaohsState, moves: Sequence[Move], keep: Iterable[int] = ()) -> None:
    """Give the seat to move exactly the tiles of ``moves`` plus ``keep``, then lay ``moves``."""
    give(state, state.seat, [kind for kind, _ in moves] + list(keep))
    lay(state, *moves)


def end_turn(state: PharaohsState, draws: Iterable[int] = ()) -> None:
    """End the turn (if it has not ended by itself) and resolve its draws.

    Draws take the kinds of ``draws`` in order, then the kind the bag holds most of.  The
    next turn starts after the last draw: set the next seat's rack (:func:`give`) before.
    """
    seat = state.seat
    if state.phase == PLAY:
        state.apply_action(END_TURN, player=seat)
    wanted = list(draws)
    while state.phase == DRAW and state.draw_seat == seat:
        if wanted:
            chance(state, wanted.pop(0))
        else:
            chance(state, max(range(NUM_KINDS), key=lambda k: state.bag[k]))
    assert not wanted, "more draws were given than the turn made"


def long_river(state: PharaohsState, length: int) -> PharaohsState:
    """``state`` after ``length`` tiles laid by the seat to move, with every printed tile
    of the game at hand (a copy; ``state`` is left as it was).

    The other racks are emptied into the bag first and the universals stay there, so the
    river never loops.  Each tile is a legal one drawn at random, weighted towards the
    kinds most plentiful in the rack; the walk is tried again with another seed when it
    strands itself or reaches the goal.
    """
    seat = state.seat
    for seed in range(100):
        rng = random.Random(seed)
        river = state.clone()
        for other in range(river.n):
            give(river, other, [])
        give(river, seat, [k for k in range(NUM_KINDS - 1) for _ in range(river.bag[k])])
        for _ in range(length):
            legal = [a for a in river.legal_actions() if a != END_TURN]
            if not legal or river.in_goal:
                break
            weights = [river.racks[seat][a // 8] ** 2 for a in legal]
            river.apply_action(rng.choices(legal, weights)[0], player=seat)
        if len(river.river) == length and river.phase == PLAY and not river.in_goal:
            return river
    raise AssertionError(f"no river of {length} tiles was found")


def tile_count(state: PharaohsState) -> int:
    """Tiles in the bag, in the racks and on the board (a crossed tile went back to the bag)."""
    on_board = sum(1 for kind in state.tiles if kind >= 0)
    drawn_for_order = sum(len(d) for d in state.order_draws) if state.phase == ORDER else 0
    return sum(state.bag) + sum(map(sum, state.racks)) + on_board + drawn_for_order


def tile_actions(state: PharaohsState) -> set[Move]:
    """The tile actions legal now, as (kind, exit) pairs."""
    return {divmod(a, 8) for a in state.legal_actions() if a != END_TURN}


def snapshot(state: PharaohsState) -> tuple[Any, ...]:
    """Everything an action could change."""
    return (
        state.history(),
        state.phase,
        state.seat,
        state.turn,
        state.laid,
        state.turn_points,
        list(state.zones_paid),
        state.failures,
        list(state.bag),
        state.bag_size,
        [list(r) for r in state.racks],
        list(state.rack_size),
        list(state.scores),
        list(state.exits),
        list(state.tiles),
        list(state.owners),
        list(state.points),
        list(state.river),
        state.end_cell,
        state.end_entry,
        state.in_goal,
        len(state.events),
    )


def refused(state: PharaohsState, action: object, player: int | None = None) -> bool:
    """Whether the engine refuses ``action`` (by the seat to move) and changes nothing."""
    before = snapshot(state)
    try:
        state.apply_action(action, player=state.current_player() if player is None else player)
    except IllegalActionError:
        return snapshot(state) == before
    return False


def events(state: PharaohsState, name: str) -> list[tuple[Any, ...]]:
    return [e for e in state.events if e[0] == name]


#: A river from the start to the last ordinary column, pointing into the 500 goal cell:
#: along the middle row, one row down and back up between columns 14 and 17 (21 tiles).
TO_THE_GOAL_DOOR: tuple[Move, ...] = (
    *[(STRAIGHT, E)] * 14,
    (RIGHT45, SE),  # (10, 14) -> (11, 15)
    (RIGHT45, E),  # NW -> E
    (LEFT45, NE),  # (11, 16) -> (10, 17)
    (LEFT45, E),  # SW -> E
    *[(STRAIGHT, E)] * 3,
)


ALL_KINDS = tuple(range(NUM_KINDS))
#: A ring of seven tiles around cell (9, 1): the river ends in (10, 1), entering by E.
#: (9, 1) is then a pocket: free, but every neighbour holds a tile.
RING = (
    (CENTER90, N),  # (10, 0)
    (STRAIGHT, N),  # (9, 0)
    (CENTER90, E),  # (8, 0)
    (STRAIGHT, E),  # (8, 1)
    (CENTER90, S),  # (8, 2)
    (STRAIGHT, S),  # (9, 2)
    (CENTER90, W),  # (10, 2)
)
POCKET = cell(9, 1)
#: A ring of nine tiles around cells (9, 1) and (9, 2): a pocket of two free cells.
WIDE_RING = (
    (CENTER90, N),  # (10, 0)
    (STRAIGHT, N),  # (9, 0)
    (CENTER90, E),  # (8, 0)
    (STRAIGHT, E),  # (8, 1)
    (STRAIGHT, E),  # (8, 2)
    (CENTER90, S),  # (8, 3)
    (STRAIGHT, S),  # (9, 3)
    (CENTER90, W),  # (10, 3)
    (STRAIGHT, W),  # (10, 2)
)
#: Up the west column, round (1, 1) and in: the river ends in (1, 0), entering by E.
SPIRAL = (
    (CENTER90, N),  # (10, 0)
    *[(STRAIGHT, N)] * 7,  # (9, 0) .. (3, 0)
    (CENTER90, E),  # (2, 0)
    (STRAIGHT, E),  # (2, 1)
    (CENTER90, N),  # (2, 2)
    (STRAIGHT, N),  # (1, 2)
    (CENTER90, W),  # (0, 2)
    (CENTER90, S),  # (0, 1): a loop, allowed with a universal in hand
    (CENTER90, W),  # (1, 1)
)
#: Kinds that cannot lay the first tile (no side exit, or an exit off the west edge).
NOT_AT_START = (DIAGONAL, CORNER90, LEFT135, RIGHT135)


def u(exit_: int) -> Move:
    return (UNIVERSAL, exit_)


def open_end(state: PharaohsState) -> tuple[tuple[int, int], int]:
    """The cell the river points into, as (row, column), and the exit it enters by."""
    return board.row_column(state.end_cell), state.end_entry


def lays(state: PharaohsState) -> list[tuple[tuple[int, int], int, int]]:
    """(cell, tile points, cell points) of every tile laid, in order."""
    return [(board.row_column(e[2]), e[7], e[8]) for e in events(state, "lay")]


def after(state: PharaohsState, action: int) -> PharaohsState:
    child = state.clone()
    child.apply_action(action)
    return child


def playing(racks: list[list[int]] | None = None) -> PharaohsState:
    """Two seats, seat 0 to lay the first tile."""
    return start(racks or [[STRAIGHT] * 5, [DIAGONAL] * 5])


def at_the_goal_door(rack: list[int]) -> PharaohsState:
    """Seat 0 has led the river to the 500 goal cell; seat 1, holding ``rack``, is to play."""
    state = playing([[CENTER90] * 5, [DIAGONAL] * 5])
    pave(state, TO_THE_GOAL_DOOR, keep=[DIAGONAL])
    assert open_end(state) == ((10, board.GOAL_COLUMN), W)
    give(state, 1, rack)
    end_turn(state)
    assert state.phase == PLAY and state.seat == 1
    return state


# -- random games for the property tests ---------------------------------------------


SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Config = tuple[int, int, float]


@st.composite
def configs(draw: st.DrawFn) -> Config:
    players = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 2**32))
    eager = draw(st.sampled_from([0.5, 0.8, 0.95]))
    return players, seed, eager


def games(config: Config) -> Iterator[PharaohsState]:
    """The state before every action of one random game, then the final state."""
    players, seed, eager = config

    def choose(state: State, legal: list[Action], rng: random.Random) -> Action:
        tiles = [a for a in legal if a != END_TURN]
        if tiles and (END_TURN not in legal or rng.random() < eager):
            return rng.choice(tiles)
        return END_TURN

    for state in random_game("pharaohs", players, seed, choose):
        assert isinstance(state, PharaohsState)
        yield state


def crowded_games(config: Config) -> Iterator[PharaohsState]:
    """Like :func:`games`, but the seats mostly lead the river against its own tiles, so
    that it loops and crosses itself (random rivers seldom do)."""
    players, seed, eager = config

    def crowding(state: PharaohsState, action: Action) -> int:
        target = NEXT[state.end_cell][action % 8]
        if target < 0:
            return 0
        if state.exits[target]:
            return 10  # the next tile would be a crossing
        return sum(1 for beyond in NEXT[target] if beyond >= 0 and state.exits[beyond])

    def choose(state: State, legal: list[Action], rng: random.Random) -> Action:
        assert isinstance(state, PharaohsState)
        tiles = [a for a in legal if a != END_TURN]
        if not tiles or (END_TURN in legal and rng.random() > eager):
            return END_TURN
        if rng.random() < 0.7:
            most = max(crowding(state, a) for a in tiles)
            tiles = [a for a in tiles if crowding(state, a) == most]
        return rng.choice(tiles)

    for state in random_game("pharaohs", players, seed, choose):
        assert isinstance(state, PharaohsState)
        yield state
