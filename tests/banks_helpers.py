"""Build AN DEN UFERN DES NILS (banks) positions for tests by choosing every chance outcome.

A test chooses the face of every water stack's top card as it is revealed, the first
player, and the back of every card an ebb removes or a flood covers; it plays the
set-up, the opening and the rounds with ``apply_action``, so the engine checks every
move.  By default each seat's tops show double waves on their inner end (nothing can
be laid next to the Nile's single wave), so no water comes into play and the first
round goes straight from the (empty) tide to the actions.

Positions that play would reach only after many rounds are arranged by helpers that
move things between zones and never create or lose one: plants between a seat's supply
and the fields, the market or the boat; water cards from a seat's stacks onto a row;
desert cards from the pile onto a field.  :func:`plant_count`, :func:`water_count` and
:func:`desert_count` check that nothing was created or lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nilegames.core import IllegalActionError
from nilegames.games.banks.actions import (
    BOAT,
    BUY_SEED,
    END_ACTIONS,
    GROW,
    HARVEST,
    HEAL,
    MAX_ROW_SPACES,
    PLACE_WATER,
    PLANT,
    REMOVE_WATER,
    ROT_PLANT,
    ROT_ROW,
    SETUP_DESERT,
)
from nilegames.games.banks.board import (
    EBB_1,
    NUM_CROPS,
    NUM_FIELDS,
    NUM_MARKET_ROWS,
    NUM_ROWS,
    PLANTS_PER_PLAYER,
    ROWS,
)
from nilegames.games.banks.cards import (
    DESERT,
    DOUBLE,
    EVENT_INDEX,
    FACES,
    HIPPO,
    NONE,
    NUM_WATER,
    SINGLE,
    Event,
)
from nilegames.games.banks.game import BanksGame
from nilegames.games.banks.state import (
    ACTIONS,
    DESERT_CARD,
    EMPTY_GROUND,
    OPEN_BOAT,
    OPEN_PLANTS,
    OPEN_WATER,
    OVER,
    PICKLED_FIELDS,
    SET_DESERT,
    SETUP_DESERTS,
    TOP_FACE,
    WATER,
    BanksState,
)
from tests.conftest import state_snapshot

# Water faces as (inner, outer) waves: S single, D double, N none.
SS = FACES.index((SINGLE, SINGLE))
SD = FACES.index((SINGLE, DOUBLE))
SN = FACES.index((SINGLE, NONE))
DD = FACES.index((DOUBLE, DOUBLE))
DS = FACES.index((DOUBLE, SINGLE))
DN = FACES.index((DOUBLE, NONE))
FLAX, WHEAT, GRAPES, ONION, AUBERGINE = range(NUM_CROPS)

#: North rows (bank 0) by length, and south rows; none of the north 3-, 4-, 5-rows is
#: ever covered, and the set-up puts a desert card on the last field of each.
N3, N4, N5 = 1, 2, 3
S4, S5 = 6, 7
#: Tops no card of which can lie next to the Nile (it shows a single wave).
DRY_TOPS = (DD, DS)
#: Dry tops for every seat of a five-player game, within the box's 11 double-inner cards.
DRY_TOPS_BY_SEAT = (DRY_TOPS, (DN, DS), (DD, DN), (DS, DN), (DD, DS))
#: Desert cards of the set-up: the last field of the north 3-, 4- and 5-rows, which no
#: strip ever covers.
SET_UP_DESERTS = (ROWS[1][-1], ROWS[2][-1], ROWS[3][-1])
#: Opening plants, by seat: a ripe wheat on the south 4-row, a grapes seed on the south
#: 5-row (two seats share a seed field at five players).
OPENING_RIPE = (19, 20, 21, 22, 23)
OPENING_SEED = (24, 25, 26, 24, 25)


def event(kind: int, palms: int = 0, arrow: bool = False) -> int:
    """The chance outcome (event index) of a card back."""
    return EVENT_INDEX[Event(kind, palms, arrow)]


# -- actions -----------------------------------------------------------------------------


def water(stack: int, row: int) -> int:
    return PLACE_WATER + stack * NUM_ROWS + row


def plant(field: int, crop: int) -> int:
    return PLANT + field * NUM_CROPS + crop


def grow(field: int) -> int:
    return GROW + field


def harvest(field: int, m: int) -> int:
    return HARVEST + field * NUM_MARKET_ROWS + m


def buy_seed(owner: int, crop: int) -> int:
    return BUY_SEED + owner * NUM_CROPS + crop


def heal(m: int, space: int) -> int:
    return HEAL + m * MAX_ROW_SPACES + space


def remove(row: int) -> int:
    return REMOVE_WATER + row


def rot_row(m: int) -> int:
    return ROT_ROW + m


def rot_plant(space: int) -> int:
    return ROT_PLANT + space


def setup_desert(field: int) -> int:
    return SETUP_DESERT + field


def to_boat_action(crop: int) -> int:
    return BOAT + crop


# -- playing -----------------------------------------------------------------------------


def new_state(players: int = 2, **options: Any) -> BanksState:
    return BanksGame(players, **options).new_initial_state()


def chance(state: BanksState, *outcomes: int) -> None:
    """Resolve chance nodes with the given outcomes (a seat, a face or an event)."""
    for outcome in outcomes:
        assert state.is_chance_node(), f"expected a chance node, phase is {state.phase}"
        state.apply_action(outcome)


def reveal(state: BanksState, *faces: int) -> None:
    """Draw the faces of the stack tops waiting to be revealed, in order."""
    for face in faces:
        assert state.phase == TOP_FACE, f"expected a top to reveal, phase is {state.phase}"
        state.apply_action(face)


def move(state: BanksState, *actions: int) -> None:
    """Apply seat actions, each submitted by the seat to move."""
    for action in actions:
        assert not state.is_chance_node(), f"expected a seat to move, phase is {state.phase}"
        state.apply_action(action, player=state.current_player())


def start(
    players: int = 2,
    first: int = 0,
    tops: Sequence[Sequence[int]] | None = None,
    **options: Any,
) -> BanksState:
    """A game at its set-up: the stacks' tops revealed (``tops[seat]`` two faces, by
    default :data:`DRY_TOPS_BY_SEAT`), then ``first`` drawn as the first player."""
    state = new_state(players, **options)
    for seat in range(players):
        reveal(state, *(tops[seat] if tops else DRY_TOPS_BY_SEAT[seat]))
    chance(state, first)
    assert state.phase == SET_DESERT
    return state


def open_game(
    players: int = 2,
    first: int = 0,
    *,
    tops: Sequence[Sequence[int]] | None = None,
    deserts: Sequence[int] = SET_UP_DESERTS,
    boat: Mapping[int, Sequence[int]] | None = None,
    waters: Mapping[int, tuple[int, int, int]] | None = None,
    plants: Mapping[int, tuple[tuple[int, int], tuple[int, int]]] | None = None,
    **options: Any,
) -> BanksState:
    """A game played through its set-up and opening; returned where the engine stops next
    (with the default dry tops, the first player's actions of round 1).

    ``boat[seat]``: the two crops put into the boat (flax by default); ``waters[seat]``:
    (stack, row, face of the stack's new top) for the opening water card, needed only if a
    top can be laid; ``plants[seat]``: ((field, crop) ripe, (field, crop) seed), by
    default a ripe wheat on :data:`OPENING_RIPE` and a grapes seed on :data:`OPENING_SEED`.
    """
    state = start(players, first, tops, **options)
    move(state, *(setup_desert(f) for f in deserts))
    while state.phase == OPEN_BOAT:
        crops = (boat or {}).get(state.seat, (FLAX, FLAX))
        move(state, to_boat_action(crops[0]), to_boat_action(crops[1]))
    while state.phase == OPEN_WATER:
        stack, row, face = (waters or {})[state.seat]
        move(state, water(stack, row))
        if state.phase == TOP_FACE:
            reveal(state, face)
    while state.phase == OPEN_PLANTS:
        seat = state.seat
        ripe, seed = (plants or {}).get(
            seat, ((OPENING_RIPE[seat], WHEAT), (OPENING_SEED[seat], GRAPES))
        )
        move(state, plant(*ripe), plant(*seed))
    return state


def playing(players: int = 2, first: int = 0, **options: Any) -> BanksState:
    """The first player's actions in round 1, on a board emptied of plants (every plant
    back in its owner's supply), 3 action points and 2 jokers each."""
    state = open_game(players, first, **options)
    assert state.phase == ACTIONS and state.seat == first, state.phase
    clear(state)
    return state


def end_actions(state: BanksState, seats: int | None = None) -> None:
    """The seats to act end their actions, one after another (all of the round's by
    default, which ends the round: the first player passes and the scoring follows)."""
    count = seats if seats is not None else state.n - (state.seat - state.first) % state.n
    for _ in range(count):
        assert state.phase == ACTIONS, f"expected actions, phase is {state.phase}"
        move(state, END_ACTIONS)


# -- arranging positions (zones to zones: nothing created or lost) ------------------------


def clear(state: BanksState) -> None:
    """Every plant on the fields, in the market and in the boat back to its supply."""
    for field in range(NUM_FIELDS):
        for owner, crop, _ripe in state.plants[field]:
            state.supply[owner][crop] += 1
        state.plants[field] = ()
    for m in range(NUM_MARKET_ROWS):
        for owner, crop, _condition in state.market[m]:
            state.supply[owner][crop] += 1
        state.market[m] = ()
    for seat in range(state.n):
        for crop in range(NUM_CROPS):
            state.supply[seat][crop] += state.boat[seat][crop]
            state.boat[seat][crop] = 0
    state.count_fields()  # what the moves are read from: the kept sets of fields, market
    state.legal_cache = None
    assert plants_conserved(state)


def _take(state: BanksState, seat: int, crop: int) -> None:
    assert state.supply[seat][crop] > 0, f"seat {seat} has no {crop} left in its supply"
    state.supply[seat][crop] -= 1


def put(state: BanksState, field: int, seat: int, crop: int, ripe: bool = True) -> None:
    """A plant from ``seat``'s supply onto ``field`` (ripe, or a seed)."""
    _take(state, seat, crop)
    state.plants[field] += ((seat, crop, 1 if ripe else 0),)
    state.count_fields()  # what the moves are read from: the kept sets of fields, market
    state.legal_cache = None


def put_boat(state: BanksState, seat: int, crop: int, count: int = 1) -> None:
    """Plants from ``seat``'s supply into the boat."""
    for _ in range(count):
        _take(state, seat, crop)
        state.boat[seat][crop] += 1
    state.count_fields()  # what the moves are read from: the kept sets of crops in boats
    state.legal_cache = None


def put_market(state: BanksState, m: int, plants: Sequence[tuple[int, int, int]]) -> None:
    """Plants (seat, crop, condition) from the supplies into market row ``m``, in order."""
    for seat, crop, condition in plants:
        _take(state, seat, crop)
        state.market[m] += ((seat, crop, condition),)
    state.count_fields()  # what the moves are read from: the kept sets of fields, market
    state.legal_cache = None


def set_top(state: BanksState, seat: int, stack: int, face: int) -> None:
    """Make a stack's top card show ``face`` (the old top goes back unseen, this face
    comes out of the cards not yet seen)."""
    assert state.stacks[seat][stack] > 0, "the stack is empty"
    old = state.tops[seat][stack]
    if old >= 0:
        state.face_known[old] -= 1
    assert state.face_weights()[face] > 0, f"no unseen card shows face {face}"
    state.face_known[face] += 1
    state.tops[seat][stack] = face
    state.count_fields()  # the kept counts of faces not yet seen
    state.legal_cache = None


def empty_stacks(state: BanksState, seat: int) -> None:
    """Take ``seat``'s stacks out of play: their cards go to the discard pile (their faces
    and backs are never seen, so the draws of the others do not change)."""
    for stack in range(2):
        if state.tops[seat][stack] >= 0:
            state.face_known[state.tops[seat][stack]] -= 1
            state.tops[seat][stack] = -1
        state.water_discard += state.stacks[seat][stack]
        state.stacks[seat][stack] = 0
    state.count_fields()  # the kept counts of faces not yet seen
    state.legal_cache = None


def lay_water(state: BanksState, row: int, *faces: int, seat: int | None = None) -> list[int]:
    """Water cards showing ``faces`` onto the next fields of ``row``, out of the stacks of
    ``seat`` (the first player by default), below their tops.  Returns the fields."""
    owner = state.first if seat is None else seat
    fields = []
    for face in faces:
        index, _wave = state.water_end(row)
        field = ROWS[row][index]
        assert state.fields_ground[field] == EMPTY_GROUND and not state.plants[field]
        stack = max(range(2), key=lambda k: state.stacks[owner][k])
        assert state.stacks[owner][stack] > 1, "the stacks are too low"
        assert state.face_weights()[face] > 0, f"no unseen card shows face {face}"
        state.stacks[owner][stack] -= 1
        state.face_known[face] += 1
        state.set_ground(field, WATER)
        state.fields_face[field] = face
        fields.append(field)
    state.count_fields()  # what the moves are read from: the kept sets of fields, market
    state.legal_cache = None
    assert water_count(state) == NUM_WATER
    return fields


def set_desert(state: BanksState, field: int) -> None:
    """A desert card from the pile onto an empty field."""
    assert state.fields_ground[field] == EMPTY_GROUND and not state.plants[field]
    assert state.desert_pile > 0
    state.desert_pile -= 1
    state.set_ground(field, DESERT_CARD)
    state.count_fields()  # what the moves are read from: the kept sets of fields, market
    state.legal_cache = None


# -- counting and reading -----------------------------------------------------------------


def plant_count(state: BanksState) -> list[list[int]]:
    """Per seat and crop, plants in the supply, the boat, the fields and the market, and
    (in total) those lost: ``lost`` is added to the crop counts' sum, see
    :func:`plants_conserved`."""
    counts = [state.supply[s][:] for s in range(state.n)]
    for seat in range(state.n):
        for crop in range(NUM_CROPS):
            counts[seat][crop] += state.boat[seat][crop]
    for here in state.plants:
        for owner, crop, _ripe in here:
            counts[owner][crop] += 1
    for row in state.market:
        for owner, crop, _condition in row:
            counts[owner][crop] += 1
    return counts


def plants_conserved(state: BanksState) -> bool:
    """Every colour's 15 plants: supply + boat + fields + market + lost; and the kept count
    of plants outside the market by crop (edition 2's deadlock test) agrees with them."""
    counts = plant_count(state)
    return state.free_counts == state.free_crops() and all(
        sum(counts[s]) + state.lost[s] == PLANTS_PER_PLAYER and min(counts[s]) >= 0
        for s in range(state.n)
    )


def water_count(state: BanksState) -> int:
    """Water cards in the stacks, on the fields, discarded and out of the game."""
    on_board = sum(1 for g in state.fields_ground if g == WATER)
    out = NUM_WATER - state.n * (NUM_WATER // state.n)
    return sum(map(sum, state.stacks)) + on_board + state.water_discard + out


def desert_count(state: BanksState) -> int:
    """Desert cards in the pile, on the fields, in hand as jokers and spent as jokers (a
    flooded desert card becomes its first player's joker), and the set-up's cards not
    placed yet (taken from the pile when the game is made)."""
    on_fields = sum(1 for g in state.fields_ground if g == DESERT_CARD)
    to_place = SETUP_DESERTS - state.opening_step if state.opening_stage == 0 else 0
    return state.desert_pile + on_fields + sum(state.jokers) + state.jokers_spent + to_place


def events(state: BanksState, name: str) -> list[tuple[Any, ...]]:
    return [e for e in state.events if e[0] == name]


def snapshot(state: BanksState) -> tuple[Any, ...]:
    """Everything an action could change."""
    return state_snapshot(state, PICKLED_FIELDS)


def refused(state: BanksState, action: object, player: int | None = None) -> bool:
    """Whether the engine refuses ``action`` (by the seat to move) and changes nothing."""
    before = snapshot(state)
    try:
        state.apply_action(action, player=state.current_player() if player is None else player)
    except IllegalActionError:
        return snapshot(state) == before
    return False


def market_of(state: BanksState, m: int) -> list[tuple[int, int, int]]:
    return [(owner, crop, condition) for owner, crop, condition in state.market[m]]


def plants_on(state: BanksState, field: int) -> list[tuple[int, int, int]]:
    return [(owner, crop, ripe) for owner, crop, ripe in state.plants[field]]


# -- rounds ---------------------------------------------------------------------------------


def flood_round(
    tops: tuple[int, int] = (SS, DD),
    rows: dict[int, tuple[int, ...]] | None = None,
    players: int = 2,
    **options: Any,
) -> BanksState:
    """Round 2 of a game whose round 1 had no tide: seat 1 is first, the circle on flood,
    seat 1's tops show ``tops`` and ``rows`` hold these water faces from the Nile out."""
    state = playing(players, **options)
    for row, faces in (rows or {}).items():
        lay_water(state, row, *faces, seat=0)
    set_top(state, 1, 0, tops[0])
    set_top(state, 1, 1, tops[1])
    end_actions(state)
    assert state.round == 2 and state.first == 1
    return state


def ebb_round(
    rows: dict[int, tuple[int, ...]],
    circle: int = EBB_1,
    tops: tuple[int, int] = DRY_TOPS_BY_SEAT[1],
    players: int = 2,
    **options: bool,
) -> BanksState:
    """Round 2 of a game whose circle was moved to ``circle`` (an ebb) in round 1; seat 1
    is first, ``rows`` hold these water faces."""
    state = playing(players, **options)
    for row, faces in rows.items():
        lay_water(state, row, *faces, seat=0)
    set_top(state, 1, 0, tops[0])
    set_top(state, 1, 1, tops[1])
    state.circle = circle
    end_actions(state)
    assert state.round == 2 and state.first == 1
    return state


def score_round(state: BanksState) -> None:
    """The seats still to act end their actions: the round is scored."""
    round_ = state.round
    end_actions(state)
    assert state.round == round_ + 1 or state.phase == OVER


RED, BLUE, GREEN, YELLOW, WHITE = range(5)
HIPPO_EVENT = event(HIPPO)
HIPPO_ARROW = event(HIPPO, arrow=True)
DESERT_EVENT = event(DESERT)


def ground(state: BanksState, field: int) -> int:
    return state.fields_ground[field]


def water_rows(state: BanksState, stack: int = 0) -> set[int]:
    """The rows the seat to move may lay its ``stack`` top in."""
    return {
        a - water(stack, 0) for a in state.legal_actions() if water(stack, 0) <= a < water(stack, 8)
    }


#: §1 "The water cards": faces (inner, outer) and their counts, in the table's order
#: (which §9 says is the order of the chance outcomes 0-5).
DOC_FACES = (
    ((SINGLE, SINGLE), 16),
    ((SINGLE, DOUBLE), 8),
    ((SINGLE, NONE), 10),
    ((DOUBLE, DOUBLE), 3),
    ((DOUBLE, SINGLE), 4),
    ((DOUBLE, NONE), 4),
)
