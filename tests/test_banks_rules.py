"""One scenario per rule of AN DEN UFERN DES NILS (seed 003, docs/rules/banks.md).

Positions are reached by play: the tests choose the face of every water stack's top as
it is revealed, the first player, and the back of every card a flood covers or an ebb
removes, by applying chance outcomes; the set-up, the opening and the rounds go through
``apply_action``.  Positions that would take many rounds (plants on given fields, a
nearly full market, water along a row) are arranged with the helpers of
tests/banks_helpers.py, which move plants and cards between zones and never create or
lose one.  Colours in the seed's scoring examples: red 0, blue 1, green 2, yellow 3,
white 4.
"""

from __future__ import annotations

import pytest

from nilegames.core import CHANCE, TERMINAL
from nilegames.games.banks.actions import BID, BUY_JOKER, END_ACTIONS, NUM_ACTIONS, USE_JOKER
from nilegames.games.banks.board import (
    COVERED,
    CROP_COUNTS,
    EBB_1,
    EBB_2,
    FIELDS,
    FLOOD,
    MARKET_SIZES,
    NUM_FIELDS,
    NUM_ROWS,
    OBELISK_START,
    ROW_LENGTH,
    ROW_LENGTHS,
    ROWS,
    TRACK_SPACES,
)
from nilegames.games.banks.cards import (
    DESERT,
    FACE_COUNTS,
    HIPPO,
    NUM_DESERT,
    NUM_WATER,
    ROT,
)
from nilegames.games.banks.render import render_text
from nilegames.games.banks.state import (
    ACTIONS,
    BIDDING,
    BLOCKED_ROUNDS,
    DESERT_BACK,
    DESERT_CARD,
    EBBING,
    EMPTY_GROUND,
    FIRST,
    FLOODING,
    OPEN_BOAT,
    OPEN_PLANTS,
    OPEN_WATER,
    OVER,
    RIPE,
    ROT_WHERE,
    ROT_WHICH,
    ROTTEN,
    ROUND_LIMIT,
    SET_DESERT,
    SPOILED,
    TOP_FACE,
    WATER,
    WATER_BACK,
    BanksState,
    row_gains,
)
from nilegames.games.banks.stats import statistics
from tests.banks_helpers import (
    AUBERGINE,
    DD,
    DN,
    DRY_TOPS,
    DRY_TOPS_BY_SEAT,
    DS,
    FLAX,
    GRAPES,
    N3,
    N4,
    N5,
    ONION,
    S4,
    S5,
    SD,
    SET_UP_DESERTS,
    SN,
    SS,
    WHEAT,
    buy_seed,
    chance,
    clear,
    desert_count,
    ebb_round,
    end_actions,
    event,
    events,
    flood_round,
    grow,
    harvest,
    heal,
    lay_water,
    market_of,
    move,
    new_state,
    open_game,
    plant,
    plants_conserved,
    plants_on,
    playing,
    put,
    put_boat,
    put_market,
    refused,
    remove,
    reveal,
    rot_plant,
    rot_row,
    score_round,
    set_desert,
    set_top,
    setup_desert,
    start,
    to_boat_action,
    water,
    water_count,
)

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


# -- components and set-up ------------------------------------------------------------------


def test_components() -> None:
    assert ROW_LENGTHS == (2, 3, 4, 5)
    assert sorted(ROW_LENGTH) == [2, 2, 3, 3, 4, 4, 5, 5] and NUM_FIELDS == 28
    assert sorted(MARKET_SIZES) == [3, 4, 4, 5] and MARKET_SIZES[0] == 5  # 1 palm: 5 spaces
    assert sum(FACE_COUNTS.values()) == NUM_WATER == 45 and NUM_DESERT == 30
    assert CROP_COUNTS == (5, 4, 3, 2, 1) and TRACK_SPACES == 30
    assert {FIELDS[f].palms for f in range(NUM_FIELDS)} == {1, 2, 3, 4}
    for row in ROWS:  # a row runs from the Nile out to the desert
        assert [FIELDS[f].position for f in row] == list(range(len(row)))


@pytest.mark.parametrize(
    ("players", "covered_lengths"), [(2, [2, 2, 3]), (3, [2, 2]), (4, [2]), (5, [])]
)
def test_strips_cover_rows_by_player_count(players: int, covered_lengths: list[int]) -> None:
    state = start(players, tops=[(SS, SD)] * players)
    covered = [row for row in range(NUM_ROWS) if state.covered[row]]
    assert sorted(ROW_LENGTH[row] for row in covered) == covered_lengths
    assert set(covered) == COVERED[players]
    # nothing goes onto a covered row: no desert card, water or plant
    open_rows = [row for row in range(NUM_ROWS) if row not in covered]
    assert state.legal_actions() == [setup_desert(ROWS[row][-1]) for row in open_rows]
    move(state, *(setup_desert(f) for f in SET_UP_DESERTS))
    move(state, *[to_boat_action(FLAX)] * 2 * players)
    assert state.phase == OPEN_WATER
    assert water_rows(state, 0) == water_rows(state, 1) == set(open_rows)
    for seat in range(players):
        move(state, water(0, open_rows[seat]))
        reveal(state, SS)
    assert state.phase == OPEN_PLANTS
    fields = {(a - plant(0, 0)) // 5 for a in state.legal_actions()}
    assert fields == {
        f
        for f in range(NUM_FIELDS)
        if FIELDS[f].row in open_rows and ground(state, f) == EMPTY_GROUND
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_set_up(players: int) -> None:
    state = new_state(players)
    # every stack's top is revealed, then the first player is drawn at random
    for seat in range(players):
        for face in DRY_TOPS_BY_SEAT[seat]:
            assert state.current_player() == CHANCE and state.phase == TOP_FACE
            chance(state, face)
    assert state.phase == FIRST
    assert state.chance_outcomes() == [(seat, 1 / players) for seat in range(players)]
    chance(state, players - 1)
    assert state.first == players - 1
    assert state.scores == [0] * players  # pawns on the first space
    assert state.obelisk == OBELISK_START == TRACK_SPACES - 1  # the obelisk on the last
    assert state.circle == FLOOD
    assert state.jokers == [2] * players
    assert state.supply == [list(CROP_COUNTS)] * players and state.lost == [0] * players
    # the water cards dealt out equally into two stacks each, the rest out of the game
    dealt = {2: 22, 3: 15, 4: 11, 5: 9}[players]
    for stacks in state.stacks:
        assert sum(stacks) == dealt and abs(stacks[0] - stacks[1]) <= 1
    assert water_count(state) == NUM_WATER and state.water_discard == 0
    # the first player puts three desert cards on free fields by the desert
    assert state.phase == SET_DESERT and state.current_player() == players - 1
    edge = [
        ROWS[row][-1] for row in range(NUM_ROWS) if row not in COVERED[players]
    ]  # the last field of each open row
    assert state.legal_actions() == [setup_desert(f) for f in edge]
    assert all(FIELDS[f].palms in (1, 2) for f in edge)
    assert refused(state, setup_desert(ROWS[N5][0]))  # not by the desert
    move(state, setup_desert(edge[0]))
    assert setup_desert(edge[0]) not in state.legal_actions()  # one card a field
    move(state, setup_desert(edge[1]), setup_desert(edge[-1]))
    deserts = [f for f in range(NUM_FIELDS) if ground(state, f) == DESERT_CARD]
    assert deserts == sorted([edge[0], edge[1], edge[-1]])
    assert state.desert_pile == NUM_DESERT - 3 - 2 * players
    assert desert_count(state) == NUM_DESERT
    assert state.phase == OPEN_BOAT


def test_opening_boat_then_water_then_a_ripe_plant_and_a_seed_each() -> None:
    state = start(3, first=1, tops=[(SS, DD), (SS, DN), (SS, DS)])
    move(state, *(setup_desert(f) for f in SET_UP_DESERTS))
    # each seat in turn from the first puts two plants of its choice into the boat
    for seat, crops in ((1, (FLAX, ONION)), (2, (WHEAT, WHEAT)), (0, (AUBERGINE, FLAX))):
        for crop in crops:
            assert state.phase == OPEN_BOAT and state.seat == seat
            move(state, to_boat_action(crop))
    assert state.boat == [[1, 0, 0, 0, 1], [1, 0, 0, 1, 0], [0, 2, 0, 0, 0]]
    # then a water card each, by the domino rule, on a free field
    for seat, row in ((1, N5), (2, N5), (0, S5)):
        assert state.phase == OPEN_WATER and state.seat == seat
        assert water_rows(state, 1) == set()  # a double wave cannot touch the Nile
        move(state, water(0, row))
        reveal(state, SS if seat == 1 else DD)
    assert [ground(state, f) for f in ROWS[N5]] == [WATER, WATER, 0, 0, DESERT_CARD]
    assert ground(state, ROWS[S5][0]) == WATER
    # then a ripe plant and a seed each, in turn, not on water or desert
    for seat in (1, 2, 0):
        assert state.phase == OPEN_PLANTS and state.seat == seat
        legal = state.legal_actions()
        for f in [*ROWS[N5][:2], ROWS[S5][0], *SET_UP_DESERTS]:
            assert plant(f, FLAX) not in legal
        if seat == 0:  # two plants of other seats fill the field
            assert plant(ROWS[N4][0], FLAX) not in legal
            assert plant(ROWS[N3][0], AUBERGINE) not in legal  # its only one is in the boat
            move(state, plant(ROWS[N3][0], ONION), plant(ROWS[N3][1], GRAPES))
            continue
        move(state, plant(ROWS[N4][0], GRAPES))
        assert state.seat == seat
        assert plant(ROWS[N4][0], FLAX) not in state.legal_actions()  # not two of one seat
        move(state, plant(ROWS[N4][1], GRAPES))
    assert plants_on(state, ROWS[N4][0]) == [(1, GRAPES, 1), (2, GRAPES, 1)]
    assert plants_on(state, ROWS[N4][1]) == [(1, GRAPES, 0), (2, GRAPES, 0)]
    assert plants_on(state, ROWS[N3][0]) == [(0, ONION, 1)]
    assert plants_on(state, ROWS[N3][1]) == [(0, GRAPES, 0)]
    # then the first round starts with the first player's flood
    assert state.round == 1 and state.phase == FLOODING and state.seat == 1


def test_a_seat_whose_tops_fit_nowhere_lays_no_opening_water() -> None:
    state = open_game(2, tops=[(DD, DN), (SS, DS)], waters={1: (0, N3, SS)})
    assert [e[1] for e in events(state, "no_water")] == [0]
    assert [e[1] for e in events(state, "water")] == [1]


# -- the domino rule ----------------------------------------------------------------------


def test_next_to_the_nile_only_a_single_wave() -> None:
    state = flood_round(tops=(SS, DD))
    assert state.phase == FLOODING and state.seat == 1
    open_rows = {row for row in range(NUM_ROWS) if not state.covered[row]}
    assert water_rows(state, 0) == open_rows
    assert water_rows(state, 1) == set()
    state = flood_round(tops=(SN, DN))
    assert water_rows(state, 0) == open_rows and water_rows(state, 1) == set()


@pytest.mark.parametrize(
    ("laid", "fits"),
    [
        ((SS,), {SS, SD, SN}),  # a single wave: only a single wave
        ((SD,), {DD, DS, DN}),  # a double wave: only a double wave
        ((SD, DD), {DD, DS, DN}),
        ((SD, DS), {SS, SD, SN}),
        ((SN,), set()),  # no wave: nothing
        ((SD, DN), set()),
    ],
)
def test_domino_rule(laid: tuple[int, ...], fits: set[int]) -> None:
    for face in (SS, SD, SN, DD, DS, DN):
        state = flood_round(tops=(face, SS), rows={N5: laid})
        assert state.phase == FLOODING
        assert (N5 in water_rows(state, 0)) == (face in fits), face


def test_water_goes_on_the_next_field_one_card_a_field_until_the_row_ends() -> None:
    state = flood_round(tops=(SS, SS), rows={N4: (SS, SS)})
    move(state, water(0, N4))
    assert [ground(state, f) for f in ROWS[N4]] == [WATER, WATER, WATER, DESERT_CARD]
    assert state.fields_face[ROWS[N4][2]] == SS
    reveal(state, SS)
    state = flood_round(tops=(SS, SS), rows={N3: (SS, SS)})
    # the last field of the north 3-row is the set-up desert card: water may cover it
    assert N3 in water_rows(state)
    state = flood_round(tops=(SS, SS), rows={S4: (SS, SS, SS, SS)})
    assert S4 not in water_rows(state)  # the row is full


def test_opening_water_may_not_cover_a_desert_card() -> None:
    state = start(2, tops=[(SS, SS), (DD, DD)])
    move(state, *(setup_desert(f) for f in SET_UP_DESERTS))
    move(state, *[to_boat_action(FLAX)] * 4)
    lay_water(state, N3, SS, SS, seat=1)
    assert state.phase == OPEN_WATER and state.seat == 0
    assert N3 not in water_rows(state)  # its next field is the desert card
    assert N4 in water_rows(state)


# -- the flood ----------------------------------------------------------------------------


def test_flood_lays_two_cards_from_the_tops_and_the_card_that_shows_next() -> None:
    state = flood_round(tops=(SS, DD))
    assert water_rows(state, 1) == set()
    move(state, water(0, N5))
    assert state.phase == TOP_FACE  # the stack's next card is turned up
    reveal(state, DD)
    assert state.tops[1] == [DD, DD]
    assert water_rows(state, 0) == water_rows(state, 1) == set()  # a single end everywhere
    assert state.phase == ACTIONS  # one card laid: the flood is over
    state = flood_round(tops=(SS, DD))
    move(state, water(0, N5))
    reveal(state, SD)  # the new top may be laid
    assert water_rows(state, 0) - {N5} and N5 in water_rows(state, 0)
    move(state, water(0, N5))
    reveal(state, SS)
    assert [ground(state, f) for f in ROWS[N5][:3]] == [WATER, WATER, EMPTY_GROUND]
    assert state.phase == ACTIONS and state.seat == 1  # two cards: the flood is over
    assert state.circle == FLOOD  # and the next round floods again
    assert state.stacks[1] == [9, 11]


def test_an_empty_stack_shows_no_top_and_lays_no_more() -> None:
    state = playing(2)
    state.water_discard += state.stacks[1][0] - 1  # seat 1's first stack: one card left
    state.stacks[1][0] = 1
    set_top(state, 1, 0, SS)
    set_top(state, 1, 1, DD)
    end_actions(state)
    move(state, water(0, N5))
    assert state.phase == ACTIONS  # no card to turn up, and the double fits nowhere
    assert state.stacks[1][0] == 0 and state.tops[1][0] == -1
    assert water_count(state) == NUM_WATER


def test_flood_sends_the_plants_of_the_field_to_the_boat() -> None:
    state = playing(2)
    target = ROWS[N5][0]
    put(state, target, 0, WHEAT)
    put(state, target, 1, ONION, ripe=False)
    put(state, ROWS[N5][1], 0, FLAX)
    set_top(state, 1, 0, SS)
    end_actions(state)
    move(state, water(0, N5))
    assert plants_on(state, target) == [] and ground(state, target) == WATER
    assert plants_on(state, ROWS[N5][1]) == [(0, FLAX, 1)]
    assert state.boat == [[0, 1, 0, 0, 0], [0, 0, 0, 1, 0]]
    assert [e[1:] for e in events(state, "washed")] == [
        (0, WHEAT, target, "flood"),
        (1, ONION, target, "flood"),
    ]
    assert plants_conserved(state)


def test_flood_on_a_desert_card_turns_it_its_event_applies_and_the_first_keeps_it() -> None:
    state = flood_round(tops=(SS, DD), rows={N3: (SS, SS)})
    desert_field = ROWS[N3][-1]
    assert ground(state, desert_field) == DESERT_CARD
    jokers = state.jokers[:]
    move(state, water(0, N3))
    assert ground(state, desert_field) == WATER
    assert state.phase == DESERT_BACK and state.current_player() == CHANCE
    # the back is drawn from the desert cards not yet seen
    assert [o for o, _ in state.chance_outcomes()] == [
        e for e, n in enumerate(state.desert_unseen) if n
    ]
    chance(state, event(ROT, 2))  # a rot with two palms
    assert state.jokers == [jokers[0], jokers[1] + 1]  # the first player takes it as a joker
    assert state.phase == ROT_WHERE and state.seat == 1
    assert state.legal_actions() == [rot_row(0), rot_row(1)]
    move(state, rot_row(1))
    reveal(state, DD)  # then the stack's next card shows
    assert state.phase == ACTIONS  # no second card fits
    assert desert_count(state) == NUM_DESERT


def test_an_arrow_on_a_flooded_desert_card_turns_the_flood_into_an_ebb() -> None:
    state = flood_round(tops=(SS, SS), rows={N3: (SS, SS)})
    move(state, water(0, N3))
    chance(state, HIPPO_ARROW)
    reveal(state, SS)
    assert state.circle == EBB_1
    assert state.phase == ACTIONS  # the flood stopped after one card though more fit
    end_actions(state)
    assert state.round == 3 and state.phase == EBBING and state.seat == 0


def test_flood_with_one_card_laid_leaves_the_ebb_to_the_next_first_player() -> None:
    state = flood_round(tops=(SN, DD))
    move(state, water(0, N5))
    reveal(state, DS)
    assert state.phase == ACTIONS and state.circle == EBB_1
    assert events(state, "flood_ends")[-1] == ("flood_ends", 1, 1)
    end_actions(state)
    assert state.round == 3 and state.first == 0
    assert state.phase == EBBING and state.seat == 0
    assert state.legal_actions() == [remove(N5)]


def test_flood_with_no_card_laid_turns_to_the_ebb_at_once() -> None:
    state = flood_round(tops=(DD, DS), rows={N5: (SS, SS), S5: (SN,)})
    assert state.phase == EBBING and state.seat == 1 and state.round == 2
    assert state.circle == EBB_1
    assert state.legal_actions() == [remove(N5), remove(S5)]


def test_flood_and_ebb_swap_only_once_a_round() -> None:
    state = playing(2)  # no card fits, and there is no water to take: on to the actions
    assert [e[0] for e in state.events[-5:-2]] == ["round", "flood_ends", "ebb_ends"]
    assert state.phase == ACTIONS and state.circle == FLOOD
    state = ebb_round({}, tops=DRY_TOPS)  # and the other way round
    assert [e[0] for e in state.events[-5:-2]] == ["round", "ebb_ends", "flood_ends"]
    assert state.phase == ACTIONS and state.round == 2 and state.circle == EBB_1


# -- the ebb ------------------------------------------------------------------------------


def test_ebb_removes_two_outermost_cards_turns_them_and_discards_them() -> None:
    state = ebb_round({N5: (SS, SD, DN), S5: (SS,)})
    assert state.phase == EBBING and state.seat == 1
    assert state.legal_actions() == [remove(N5), remove(S5)]
    move(state, remove(N5))
    assert state.phase == WATER_BACK  # the back of the outermost card, by its face
    outer = ROWS[N5][2]
    assert [o for o, _ in state.chance_outcomes()] == [
        e for e, n in enumerate(state.water_unseen[DN]) if n
    ]
    chance(state, HIPPO_EVENT)
    assert ground(state, outer) == EMPTY_GROUND and ground(state, ROWS[N5][1]) == WATER
    assert state.water_discard == 1
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    assert state.water_discard == 2
    assert [ground(state, f) for f in ROWS[N5][:3]] == [WATER, EMPTY_GROUND, EMPTY_GROUND]
    assert state.phase == ACTIONS and state.circle == EBB_1  # water is left: ebb again
    assert water_count(state) == NUM_WATER


def test_ebb_applies_the_events_of_the_cards_it_turns() -> None:
    state = ebb_round({N5: (SS, SS)})
    put_market(state, 0, [(0, FLAX, RIPE)])
    move(state, remove(N5))
    chance(state, event(ROT, 1))
    assert state.legal_actions() == [rot_row(0)]
    move(state, rot_row(0))
    # one palm: the rightmost market row only; its one plant spoils at once
    assert market_of(state, 0) == [(0, FLAX, SPOILED)]
    put(state, ROWS[N5][3], 0, WHEAT)
    move(state, remove(N5))
    chance(state, DESERT_EVENT)
    assert ground(state, ROWS[N5][3]) == DESERT_CARD
    assert state.boat[0][WHEAT] == 1


def test_ebb_that_takes_the_last_card_puts_the_circle_on_flood() -> None:
    state = ebb_round({N5: (SS,)}, tops=(SS, SS))
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    assert state.circle == FLOOD
    assert state.phase == ACTIONS  # one card removed: the flood is the next first player's
    assert events(state, "ebb_ends")[-1] == ("ebb_ends", 1, 1)
    set_top(state, 0, 0, SS)
    end_actions(state)
    assert state.round == 3 and state.phase == FLOODING and state.seat == 0


def test_ebb_that_takes_the_last_two_cards_puts_the_circle_on_flood() -> None:
    state = ebb_round({N5: (SS, SS)})
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    assert state.circle == FLOOD and state.phase == ACTIONS
    assert events(state, "ebb_ends")[-1] == ("ebb_ends", 1, 2)


def test_ebb_with_no_card_to_take_turns_to_the_flood_at_once() -> None:
    state = ebb_round({}, tops=(SS, DD))
    assert state.circle == FLOOD
    assert state.phase == FLOODING and state.seat == 1 and state.round == 2


def test_arrow_moves_the_circle_and_ends_the_ebb_when_it_brings_the_flood() -> None:
    state = ebb_round({N5: (SS, SS, SS), S5: (SD, DS)}, circle=EBB_1)
    move(state, remove(N5))
    chance(state, HIPPO_ARROW)  # ebb 1 -> ebb 2: the ebb goes on
    assert state.circle == EBB_2 and state.phase == EBBING
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    assert state.phase == ACTIONS and state.circle == EBB_2
    end_actions(state)
    assert state.phase == EBBING and state.seat == 0
    move(state, remove(S5))
    chance(state, event(DESERT, arrow=True))  # ebb 2 -> flood: the ebb ends after one card
    assert state.circle == FLOOD and state.phase == ACTIONS
    assert ground(state, ROWS[N5][0]) == WATER


# -- rot ----------------------------------------------------------------------------------


@pytest.mark.parametrize("palms", [1, 2, 3, 4])
def test_rot_strikes_one_of_the_rightmost_market_rows_by_palms(palms: int) -> None:
    state = ebb_round({N5: (SS,)})
    move(state, remove(N5))
    chance(state, event(ROT, palms))
    assert state.phase == ROT_WHERE and state.seat == 1
    assert state.legal_actions() == [rot_row(m) for m in range(palms)]
    move(state, rot_row(palms - 1))  # an empty row may be chosen
    assert state.phase == ACTIONS


def test_rot_turns_two_plants_ripe_to_spoiled_to_rotten_and_skips_rotten_ones() -> None:
    state = ebb_round({N5: (SS, SS)})
    row = [(0, FLAX, RIPE), (1, WHEAT, SPOILED), (0, GRAPES, ROTTEN), (1, FLAX, RIPE)]
    put_market(state, 0, row)
    move(state, remove(N5))
    chance(state, event(ROT, 1))
    move(state, rot_row(0))
    assert state.phase == ROT_WHICH and state.seat == 1
    assert state.legal_actions() == [rot_plant(0), rot_plant(1), rot_plant(3)]
    move(state, rot_plant(1))
    assert state.legal_actions() == [rot_plant(0), rot_plant(3)]
    move(state, rot_plant(3))
    assert market_of(state, 0) == [
        (0, FLAX, RIPE),
        (1, WHEAT, ROTTEN),
        (0, GRAPES, ROTTEN),
        (1, FLAX, SPOILED),
    ]
    assert state.phase == EBBING  # the ebb goes on with its second card
    move(state, remove(N5))
    chance(state, event(ROT, 1))
    move(state, rot_row(0))  # two plants can still rot: both do, without a choice
    assert [p[2] for p in market_of(state, 0)] == [SPOILED, ROTTEN, ROTTEN, ROTTEN]
    assert state.phase == ACTIONS


# -- the desert -----------------------------------------------------------------------------


def test_desert_spreads_inwards_from_the_desert_and_sends_plants_to_the_boat() -> None:
    state = ebb_round({N5: (SS, SS)})
    put(state, ROWS[N5][3], 0, WHEAT)
    put(state, ROWS[N5][3], 1, FLAX, ripe=False)
    move(state, remove(N5))
    chance(state, DESERT_EVENT)
    assert [ground(state, f) for f in ROWS[N5]] == [
        WATER,
        EMPTY_GROUND,
        EMPTY_GROUND,
        DESERT_CARD,
        DESERT_CARD,
    ]
    assert state.boat == [[0, 1, 0, 0, 0], [1, 0, 0, 0, 0]]
    pile = state.desert_pile
    move(state, remove(N5))
    chance(state, DESERT_EVENT)
    assert [ground(state, f) for f in ROWS[N5]] == [EMPTY_GROUND, EMPTY_GROUND, *[DESERT_CARD] * 3]
    assert state.desert_pile == pile - 1 and desert_count(state) == NUM_DESERT


def test_desert_spreads_next_to_the_desert_cards_already_placed() -> None:
    state = ebb_round({N4: (SS, SS, SS)})
    move(state, remove(N4))
    chance(state, DESERT_EVENT)
    # the card came off the third field: the desert takes it back
    assert [ground(state, f) for f in ROWS[N4]] == [WATER, WATER, DESERT_CARD, DESERT_CARD]
    move(state, remove(N4))
    chance(state, DESERT_EVENT)
    assert [ground(state, f) for f in ROWS[N4]] == [WATER, DESERT_CARD, DESERT_CARD, DESERT_CARD]


def test_desert_does_not_spread_onto_water() -> None:
    # a flooded desert card showing a desert: the row's water reaches the desert cards
    # (edition 1; edition 2 lets the first player choose a row with room)
    state = flood_round(tops=(SS, DD), rows={N4: (SS, SS)}, rules=1)
    set_desert(state, ROWS[N4][2])
    pile = state.desert_pile
    move(state, water(0, N4))
    chance(state, DESERT_EVENT)
    assert [ground(state, f) for f in ROWS[N4]] == [WATER, WATER, WATER, DESERT_CARD]
    assert state.desert_pile == pile
    assert events(state, "no_desert") == [("no_desert", N4, "room")]


def test_desert_does_not_spread_when_the_pile_is_empty() -> None:
    state = ebb_round({N5: (SS,)})
    state.jokers[0] += state.desert_pile  # every card left in the pile into a hand
    state.desert_pile = 0
    move(state, remove(N5))
    chance(state, DESERT_EVENT)
    assert [ground(state, f) for f in ROWS[N5]] == [*[EMPTY_GROUND] * 4, DESERT_CARD]
    assert events(state, "no_desert") == [("no_desert", N5, "pile")]
    assert BUY_JOKER not in state.legal_actions()  # nor can a joker be bought
    assert desert_count(state) == NUM_DESERT


# -- the actions ----------------------------------------------------------------------------


def test_three_action_points_each_in_turn_from_the_first_player() -> None:
    state = playing(3, first=2)
    for seat in (2, 0, 1):
        assert state.phase == ACTIONS and state.seat == seat and state.points == 3
        move(state, plant(ROWS[N5][seat], FLAX))
        assert state.points == 2
        move(state, END_ACTIONS)  # points may go unspent; they are not kept
    assert state.round == 2 and state.first == 0 and state.seat == 0 and state.points == 3


def test_sow_costs_one_point_or_two_beside_another_seats_plant() -> None:
    state = playing(2)
    move(state, plant(ROWS[N5][0], FLAX))
    assert state.points == 2 and plants_on(state, ROWS[N5][0]) == [(0, FLAX, 0)]
    assert state.supply[0][FLAX] == CROP_COUNTS[FLAX] - 1
    end_actions(state, 1)
    assert state.seat == 1
    move(state, plant(ROWS[N5][0], FLAX))
    assert state.points == 1
    # with one point left, a field shared with another seat is out of reach
    put(state, ROWS[N5][2], 0, WHEAT, ripe=False)
    put(state, ROWS[N5][3], 0, WHEAT)
    put(state, ROWS[N5][3], 1, GRAPES, ripe=False)
    put(state, ROWS[N4][0], 0, WHEAT)
    put(state, ROWS[N4][0], 1, GRAPES)
    legal = state.legal_actions()
    assert plant(ROWS[N5][1], WHEAT) in legal and plant(ROWS[N5][2], WHEAT) not in legal
    assert grow(ROWS[N5][3]) not in legal and harvest(ROWS[N4][0], 0) not in legal
    move(state, USE_JOKER)
    legal = state.legal_actions()
    assert plant(ROWS[N5][2], WHEAT) in legal
    assert grow(ROWS[N5][3]) in legal and harvest(ROWS[N4][0], 0) in legal


def test_grow_costs_one_point_or_two_beside_another_seats_plant() -> None:
    state = playing(2)
    put(state, ROWS[N5][0], 0, FLAX, ripe=False)
    put(state, ROWS[N5][1], 0, WHEAT, ripe=False)
    put(state, ROWS[N5][1], 1, WHEAT, ripe=False)
    move(state, grow(ROWS[N5][0]))
    assert state.points == 2 and plants_on(state, ROWS[N5][0]) == [(0, FLAX, 1)]
    move(state, grow(ROWS[N5][1]))
    assert state.points == 0 and plants_on(state, ROWS[N5][1])[0] == (0, WHEAT, 1)
    assert state.seat == 0  # jokers left: the turn goes on
    assert grow(ROWS[N5][0]) not in state.legal_actions()  # a ripe plant does not grow


def test_harvest_costs_one_point_or_two_beside_another_seats_plant() -> None:
    state = playing(2)
    put(state, ROWS[N5][0], 0, FLAX)
    put(state, ROWS[N5][1], 0, WHEAT)
    put(state, ROWS[N5][1], 1, WHEAT, ripe=False)
    move(state, harvest(ROWS[N5][0], 3))
    assert state.points == 2 and market_of(state, 3) == [(0, FLAX, RIPE)]
    assert plants_on(state, ROWS[N5][0]) == []
    move(state, harvest(ROWS[N5][1], 3))
    assert state.points == 0 and market_of(state, 3)[-1] == (0, WHEAT, RIPE)
    assert harvest(ROWS[N5][0], 0) not in state.legal_actions()  # a seed is not harvested


def test_a_plant_acts_once_a_phase() -> None:
    state = playing(2)
    put(state, ROWS[N4][0], 0, FLAX, ripe=False)
    move(state, USE_JOKER, USE_JOKER)
    move(state, plant(ROWS[N5][0], WHEAT))
    assert grow(ROWS[N5][0]) not in state.legal_actions()  # just sown
    move(state, grow(ROWS[N4][0]))
    assert state.points == 3
    legal = state.legal_actions()
    assert not [m for m in range(4) if harvest(ROWS[N4][0], m) in legal]  # just grown
    end_actions(state)  # round 2: seat 1 is first, then seat 0
    end_actions(state, 1)
    assert state.seat == 0
    legal = state.legal_actions()
    assert grow(ROWS[N5][0]) in legal and harvest(ROWS[N4][0], 3) in legal


def test_buy_seed_costs_one_point_and_cannot_be_sown_the_same_phase() -> None:
    state = playing(2)
    put_boat(state, 0, AUBERGINE)
    put_boat(state, 1, ONION)
    legal = state.legal_actions()
    assert buy_seed(0, AUBERGINE) in legal
    assert buy_seed(1, ONION) not in legal  # only one's own colour (but for the variant)
    assert plant(ROWS[N5][0], AUBERGINE) not in legal
    move(state, buy_seed(0, AUBERGINE))
    assert state.points == 2 and state.boat[0][AUBERGINE] == 0
    assert state.supply[0][AUBERGINE] == 1
    assert plant(ROWS[N5][0], AUBERGINE) not in state.legal_actions()
    end_actions(state)
    end_actions(state, 1)
    assert state.seat == 0 and plant(ROWS[N5][0], AUBERGINE) in state.legal_actions()


def test_buy_joker_costs_one_point_once_a_phase() -> None:
    state = playing(2)
    pile = state.desert_pile
    move(state, BUY_JOKER)
    assert state.points == 2 and state.jokers[0] == 3 and state.desert_pile == pile - 1
    assert BUY_JOKER not in state.legal_actions()
    end_actions(state, 1)
    assert BUY_JOKER in state.legal_actions()  # the next seat may buy one
    end_actions(state)
    end_actions(state, 1)
    assert state.seat == 0 and BUY_JOKER in state.legal_actions()  # and a new phase
    assert desert_count(state) == NUM_DESERT


def test_jokers_give_one_more_point_each_and_are_discarded() -> None:
    state = playing(2)
    move(state, plant(ROWS[N5][0], FLAX), plant(ROWS[N5][1], FLAX), plant(ROWS[N5][2], FLAX))
    assert state.points == 0 and state.seat == 0  # jokers in hand: the turn goes on
    move(state, USE_JOKER)
    assert state.points == 1 and state.jokers[0] == 1 and state.jokers_spent == 1
    move(state, USE_JOKER)
    assert state.points == 2 and state.jokers[0] == 0
    move(state, plant(ROWS[N5][3], FLAX), plant(ROWS[N4][0], WHEAT))
    assert state.seat == 1  # no point and no joker left: the turn ended
    assert state.points == 3
    assert desert_count(state) == NUM_DESERT
    assert [e for e in state.events if e[0] in ("joker", "desert_back")] == [
        ("joker", 0),
        ("joker", 0),
    ]  # a spent joker's event does nothing


def test_two_plants_a_field_and_not_two_of_one_seat() -> None:
    state = playing(3)
    put(state, ROWS[N5][0], 1, FLAX)
    put(state, ROWS[N5][0], 2, FLAX)
    put(state, ROWS[N5][1], 0, FLAX)
    legal = state.legal_actions()
    assert plant(ROWS[N5][0], WHEAT) not in legal  # full
    assert plant(ROWS[N5][1], WHEAT) not in legal  # already one of seat 0's
    assert plant(ROWS[N5][2], WHEAT) in legal
    assert refused(state, plant(ROWS[N5][0], WHEAT))


def test_no_plant_on_water_desert_or_a_covered_row() -> None:
    state = playing(2)
    lay_water(state, N5, SS)
    legal = state.legal_actions()
    assert plant(ROWS[N5][0], FLAX) not in legal  # water
    assert plant(ROWS[N4][-1], FLAX) not in legal  # the set-up desert card
    assert plant(ROWS[0][0], FLAX) not in legal  # under a strip with two players
    assert plant(ROWS[N5][1], FLAX) in legal


def test_harvest_into_a_market_row_the_fields_palms_reach() -> None:
    state = playing(2, rules=1)  # edition 1's palms (FIELDS); edition 2: test_banks_hidden...
    fields = {4: ROWS[N5][0], 3: ROWS[N5][2], 2: ROWS[N5][3], 1: ROWS[S5][4]}
    for palms, field in fields.items():
        assert FIELDS[field].palms == palms
        put(state, field, 0, FLAX if palms != 1 else WHEAT)
    for palms, field in fields.items():
        rows = [m for m in range(4) if harvest(field, m) in state.legal_actions()]
        assert rows == list(range(palms))


def test_harvest_takes_the_highest_free_space_not_after_two_of_the_same_crop() -> None:
    state = playing(2)
    # the seed's example: grapes, wheat, aubergine in the row: no wheat, no aubergine
    put_market(state, 0, [(1, GRAPES, RIPE), (1, WHEAT, RIPE), (1, AUBERGINE, RIPE)])
    for crop in (FLAX, WHEAT, GRAPES, ONION):
        put(state, ROWS[N5][crop], 0, crop)  # fields of 4, 4, 3 and 2 palms
    put(state, ROWS[N4][0], 0, AUBERGINE)
    legal = state.legal_actions()
    assert harvest(ROWS[N5][WHEAT], 0) not in legal
    assert harvest(ROWS[N4][0], 0) not in legal
    assert harvest(ROWS[N5][FLAX], 0) in legal
    assert harvest(ROWS[N5][ONION], 0) in legal
    assert harvest(ROWS[N5][GRAPES], 0) in legal  # three spaces away
    move(state, harvest(ROWS[N5][ONION], 0))
    assert market_of(state, 0)[3] == (0, ONION, RIPE)  # the next space down
    move(state, harvest(ROWS[N5][FLAX], 0))
    assert len(market_of(state, 0)) == MARKET_SIZES[0]
    assert harvest(ROWS[N5][GRAPES], 0) not in state.legal_actions()  # the row is full


def test_the_first_player_passes_to_the_left_each_round() -> None:
    state = playing(3, first=1)
    seen: list[list[int]] = []
    for _ in range(3):
        seen.append([])
        round_ = state.round
        while state.round == round_:
            seen[-1].append(state.seat)
            move(state, END_ACTIONS)
    assert seen == [[1, 2, 0], [2, 0, 1], [0, 1, 2]]
    assert [e[1] for e in events(state, "first_passes")] == [2, 0, 1]


# -- scoring ------------------------------------------------------------------------------


def gains(row: list[tuple[int, int, int]], players: int) -> list[int]:
    return row_gains([list(plant) for plant in row], players)


def test_seed_example_one_red_blue_spoiled_red_blue_spoiled_green() -> None:
    """Rouge, bleu gâté, rouge, bleu gâté, vert: bleu 3 (last of the tied), rouge 2, vert 1."""
    row = [
        (RED, FLAX, RIPE),
        (BLUE, WHEAT, SPOILED),
        (RED, GRAPES, RIPE),
        (BLUE, FLAX, SPOILED),
        (GREEN, WHEAT, RIPE),
    ]
    assert gains(row, 3) == [2, 3, 1]
    state = playing(3)
    put_market(state, 0, row)
    score_round(state)
    assert state.scores == [2, 3, 1]
    assert state.boat == [[1, 0, 1, 0, 0], [1, 1, 0, 0, 0], [0, 1, 0, 0, 0]]


def test_seed_example_two_white_blue_green_red_nothing_yellow_minus_one() -> None:
    """Rouge, vert gâté, jaune pourri, bleu gâté, blanc: blanc 3, bleu 2, vert 1, rouge 0,
    jaune -1 (its rotten plant does not count, and costs a point)."""
    row = [
        (RED, FLAX, RIPE),
        (GREEN, WHEAT, SPOILED),
        (YELLOW, GRAPES, ROTTEN),
        (BLUE, FLAX, SPOILED),
        (WHITE, WHEAT, RIPE),
    ]
    assert gains(row, 5) == [0, 2, 1, -1, 3]
    state = playing(5)
    put_market(state, 0, row)
    score_round(state)
    assert state.scores == [0, 2, 1, 0, 3]  # yellow's -1 does not move it back


def test_seed_example_three_two_rotten_blues_leave_red_the_six_points() -> None:
    """Bleu pourri, bleu pourri, rouge: rouge 6, bleu -2."""
    row = [(BLUE, FLAX, ROTTEN), (BLUE, WHEAT, ROTTEN), (RED, FLAX, RIPE)]
    assert gains(row, 2) == [6, -2]
    state = playing(2)
    state.scores = [1, 4]
    put_market(state, 3, row)
    score_round(state)
    assert state.scores == [7, 4]


def test_two_players_in_a_row_share_four_and_two_and_one_alone_takes_six() -> None:
    assert row_gains([[0, 0, RIPE], [1, 1, RIPE], [0, 2, RIPE], [0, 3, RIPE]], 2) == [4, 2]
    assert row_gains([[1, 0, RIPE], [1, 1, RIPE], [0, 2, RIPE], [1, 3, RIPE]], 2) == [2, 4]
    assert row_gains([[2, 0, RIPE]] * 4, 3) == [0, 0, 6]
    # three players at most: the fourth in order gets nothing
    assert row_gains([[0, 0, RIPE], [1, 1, RIPE], [2, 2, RIPE], [3, 3, RIPE]], 4) == [0, 1, 2, 3]
    state = playing(2)
    put_market(state, 1, [(0, FLAX, RIPE), (1, WHEAT, RIPE), (0, GRAPES, RIPE), (0, ONION, RIPE)])
    put_market(state, 2, [(1, FLAX, RIPE), (1, WHEAT, RIPE), (1, GRAPES, RIPE), (1, ONION, RIPE)])
    score_round(state)
    assert state.scores == [4, 2 + 6]


def test_a_tie_goes_to_the_seat_that_placed_its_last_plant_later_even_rotten() -> None:
    assert row_gains([[0, 0, RIPE], [1, 1, RIPE], [1, 2, ROTTEN]], 2) == [2, 3]
    assert row_gains([[1, 0, RIPE], [0, 1, RIPE], [0, 2, RIPE], [1, 3, RIPE]], 2) == [2, 4]


def test_negative_points_do_not_move_a_marker_back() -> None:
    state = playing(3, rules=1)  # edition 1: the net over all rows is floored
    state.scores = [5, 5, 5]
    put_market(state, 0, [(0, FLAX, RIPE), (1, WHEAT, RIPE), (2, GRAPES, RIPE), (1, FLAX, RIPE)])
    state.market[0] += ((2, WHEAT, RIPE),)
    state.supply[2][WHEAT] -= 1
    put_market(state, 3, [(0, FLAX, ROTTEN), (0, WHEAT, ROTTEN), (1, GRAPES, RIPE)])
    assert plants_conserved(state)
    score_round(state)
    # seat 0: +1 in the first row, -2 in the other: its marker stays
    assert state.scores == [5, 5 + 2 + 6, 5 + 3]


def test_only_full_rows_score_and_sold_plants_go_to_the_boat_after_the_last_row() -> None:
    state = playing(2)
    put_market(state, 1, [(0, FLAX, RIPE), (1, WHEAT, RIPE), (0, GRAPES, RIPE), (0, ONION, RIPE)])
    put_market(state, 3, [(1, FLAX, RIPE), (1, WHEAT, SPOILED), (0, WHEAT, ROTTEN)])
    put_market(state, 0, [(1, AUBERGINE, RIPE)])  # not full
    obelisk = state.obelisk
    score_round(state)
    assert market_of(state, 1) == market_of(state, 3) == []
    assert market_of(state, 0) == [(1, AUBERGINE, RIPE)]
    # the sold plants are in the boat, not lost, and may be bought back as seeds
    assert state.boat == [[1, 1, 1, 1, 0], [1, 2, 0, 0, 0]]
    assert state.lost == [0, 0] and state.obelisk == obelisk
    names = [e[0] for e in state.events]
    last_row = max(i for i, name in enumerate(names) if name == "row_scored")
    assert names.index("sold") > last_row
    assert state.seat == 1 and buy_seed(1, WHEAT) in state.legal_actions()
    assert plants_conserved(state)


def test_plants_left_in_the_boat_are_lost_and_the_obelisk_moves_back_per_colour() -> None:
    state = playing(3)
    put_boat(state, 0, FLAX, 2)
    put_boat(state, 0, WHEAT)
    put_boat(state, 2, ONION)
    put_market(state, 3, [(1, FLAX, RIPE), (1, WHEAT, RIPE), (1, GRAPES, RIPE)])
    score_round(state)
    assert state.lost == [3, 0, 1]
    assert state.obelisk == OBELISK_START - 2  # two colours
    assert state.boat[0] == state.boat[2] == [0] * 5
    assert state.boat[1] == [1, 1, 1, 0, 0]  # sold after the boat was emptied
    assert plants_conserved(state)
    score_round(state)  # nobody bought them back
    assert state.lost == [3, 3, 1] and state.obelisk == OBELISK_START - 3


def test_the_opening_boat_plants_are_lost_at_the_first_scoring_unless_bought_back() -> None:
    state = open_game(2, boat={0: (FLAX, WHEAT), 1: (ONION, ONION)})
    assert state.phase == ACTIONS
    move(state, buy_seed(0, FLAX), buy_seed(0, WHEAT))
    end_actions(state)
    assert state.lost == [0, 2] and state.obelisk == OBELISK_START - 1


# -- the end --------------------------------------------------------------------------------


@pytest.mark.parametrize(("score", "over"), [(1, False), (2, True), (5, True)])
def test_the_game_ends_when_a_marker_meets_or_passes_the_obelisk(score: int, over: bool) -> None:
    state = playing(2)
    state.obelisk = 8
    state.scores = [score, 0]
    put_market(state, 1, [(0, FLAX, RIPE), (0, WHEAT, RIPE), (0, GRAPES, RIPE), (0, ONION, RIPE)])
    end_actions(state)
    assert state.scores[0] == score + 6
    assert (state.phase == OVER) == over
    if over:
        assert state.current_player() == TERMINAL and state.returns() == [1.0, -1.0]
        assert state.legal_actions() == []
    else:
        assert state.round == 2 and state.returns() == [0.0, 0.0]


def test_the_obelisk_moving_back_onto_a_marker_ends_the_game() -> None:
    state = playing(2)
    state.obelisk = 6
    state.scores = [0, 5]
    put_boat(state, 0, FLAX)
    end_actions(state)
    assert state.obelisk == 5 and state.phase == OVER
    assert state.returns() == [-1.0, 1.0]


def test_the_game_ends_after_the_round_limit() -> None:
    state = playing(2)
    state.round = ROUND_LIMIT - 1
    end_actions(state)
    assert state.round == ROUND_LIMIT and state.phase == ACTIONS
    state.scores = [3, 2]
    end_actions(state)
    assert state.phase == OVER and events(state, "game_over")[0][1] == "round limit"
    assert state.returns() == [1.0, -1.0]


def test_six_rounds_without_a_harvest_a_point_or_a_lost_plant_block_the_game() -> None:
    state = playing(2, rules=1)  # edition 1's rule (edition 2: a proved deadlock)
    state.scores = [3, 5]
    for quiet in range(1, BLOCKED_ROUNDS):
        score_round(state)
        assert state.quiet_rounds == quiet and state.phase != OVER
        assert state.observation(0)["quiet_rounds"] == quiet
        header = render_text(state.observation(1)).splitlines()[0]
        rounds = "round" if quiet == 1 else "rounds"
        assert f"{quiet} {rounds} without progress (blocked at {BLOCKED_ROUNDS})" in header
    score_round(state)
    assert state.phase == OVER and events(state, "game_over")[0][1] == "blocked"
    assert state.round == BLOCKED_ROUNDS and state.obelisk == OBELISK_START
    assert state.returns() == [-1.0, 1.0]
    assert "Game over (the game was blocked" in render_text(state.observation(0))


def test_a_harvest_a_scoring_row_or_a_lost_plant_starts_the_blocked_count_again() -> None:
    state = playing(2)
    state.quiet_rounds = BLOCKED_ROUNDS - 1
    put(state, ROWS[N5][0], 0, FLAX)
    move(state, harvest(ROWS[N5][0], 0))
    score_round(state)
    assert state.quiet_rounds == 0 and state.phase != OVER
    state.quiet_rounds = BLOCKED_ROUNDS - 1
    put_boat(state, 1, WHEAT)  # lost at the scoring: the obelisk moves
    score_round(state)
    assert state.quiet_rounds == 0 and state.phase != OVER
    state.quiet_rounds = BLOCKED_ROUNDS - 1
    put_market(state, 3, [(1, FLAX, RIPE), (0, WHEAT, RIPE), (1, GRAPES, RIPE)])
    score_round(state)
    assert events(state, "row_scored")[-1][2] == (2, 4)
    assert state.quiet_rounds == 0 and state.phase != OVER
    # a full row that pays nobody (every plant rotten) is no progress
    clear(state)  # the sold plants would be lost from the boat at this scoring
    state.quiet_rounds = BLOCKED_ROUNDS - 2
    put_market(state, 3, [(0, FLAX, ROTTEN), (0, WHEAT, ROTTEN), (0, GRAPES, ROTTEN)])
    score_round(state)
    assert state.quiet_rounds == BLOCKED_ROUNDS - 1 and state.phase != OVER


def test_a_game_whose_every_plant_left_is_in_the_market_is_blocked_at_once() -> None:
    state = playing(2, rules=1)  # edition 1 (edition 2 ends it as a deadlock)
    state.scores = [4, 2]
    put_market(state, 0, [(0, FLAX, RIPE), (1, FLAX, RIPE)])
    put(state, ROWS[N5][2], 1, WHEAT)
    for seat in range(2):  # every other plant has left the game
        state.lost[seat] += sum(state.supply[seat])
        state.supply[seat] = [0] * 5
    assert plants_conserved(state)
    score_round(state)  # seat 1 still has a plant on a field: the game goes on
    assert state.phase != OVER and state.quiet_rounds == 1
    assert state.seat == state.first == 1  # first in round 2
    move(state, harvest(ROWS[N5][2], 1))
    score_round(state)
    assert state.phase == OVER and events(state, "game_over")[0][1] == "blocked"
    assert state.round == 2 and state.quiet_rounds == 0
    assert state.returns() == [1.0, -1.0]


def test_the_statistics_count_rounds_whose_tide_did_nothing_and_blocked_ends() -> None:
    state = playing(2)  # dry tops on a dry board: round 1's tide laid and took nothing
    score_round(state)  # round 2 likewise
    assert state.round == 2 and statistics(state)["tide_idle"] == 1.0
    state = ebb_round({N5: (SS, SS)})  # round 1 idle; round 2 ebbs
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    assert statistics(state)["tide_idle"] == 0.5
    state = playing(2, rules=1)
    state.quiet_rounds = BLOCKED_ROUNDS - 1
    score_round(state)
    figures = statistics(state)
    assert figures["ended_blocked"] == 1.0 and figures["ended_round_limit"] == 0.0


def test_a_tie_on_points_goes_to_the_seat_that_lost_fewer_plants() -> None:
    state = playing(3)
    state.obelisk = 3
    state.scores = [4, 4, 1]
    state.lost = [2, 1, 0]
    for seat in range(3):
        state.supply[seat][FLAX] -= state.lost[seat]
    end_actions(state)
    assert state.phase == OVER
    assert state.returns() == [0.0, 1.0, -1.0]
    state = playing(2)
    state.obelisk = 3
    state.scores = [4, 4]
    end_actions(state)
    assert state.returns() == [0.0, 0.0]  # the same points and losses: a draw


# -- variants -------------------------------------------------------------------------------


def test_hippopotamus_does_nothing_in_the_base_game() -> None:
    state = ebb_round({N5: (SS, SS)})
    put_market(state, 0, [(0, FLAX, RIPE)])
    before = (state.market[0][:], state.circle, state.boat[:], state.jokers[:])
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    assert (state.market[0][:], state.circle, state.boat[:], state.jokers[:]) == before
    assert state.phase == EBBING


def test_seed_trade_variant_buys_another_seats_seed_for_two_points() -> None:
    state = playing(2, seed_trade=True)
    put_boat(state, 1, ONION)
    put_boat(state, 0, FLAX)
    assert buy_seed(1, ONION) in state.legal_actions()
    move(state, buy_seed(1, ONION))
    assert state.points == 1 and state.boat[1][ONION] == 0
    assert state.supply[1][ONION] == CROP_COUNTS[ONION]  # back to its owner
    assert buy_seed(0, FLAX) in state.legal_actions()  # one's own still costs 1
    put_boat(state, 1, ONION)
    assert buy_seed(1, ONION) not in state.legal_actions()  # one point is not enough
    end_actions(state)
    assert state.lost == [1, 1]  # the flax and the second onion; the first was bought
    assert state.supply[1][ONION] == CROP_COUNTS[ONION] - 1
    assert plants_conserved(state)


def test_seed_trade_is_off_by_default() -> None:
    state = playing(2)
    put_boat(state, 1, ONION)
    assert refused(state, buy_seed(1, ONION))


def test_joker_heal_variant_turns_a_spoiled_plant_back_ripe() -> None:
    state = playing(2, joker_heal=True, rules=1)  # edition 1: one's own plants only
    put_market(
        state,
        0,
        [(0, FLAX, SPOILED), (0, WHEAT, ROTTEN), (1, FLAX, SPOILED), (0, GRAPES, RIPE)],
    )
    legal = state.legal_actions()
    assert heal(0, 0) in legal
    assert heal(0, 1) not in legal  # rotten: too late
    assert heal(0, 2) not in legal  # another seat's plant
    assert heal(0, 3) not in legal  # ripe
    move(state, heal(0, 0))
    assert market_of(state, 0)[0] == (0, FLAX, RIPE)
    assert state.jokers[0] == 1 and state.jokers_spent == 1 and state.points == 3
    assert desert_count(state) == NUM_DESERT


def test_joker_heal_is_off_by_default() -> None:
    state = playing(2)
    put_market(state, 0, [(0, FLAX, SPOILED)])
    assert refused(state, heal(0, 0))


# -- bad input -------------------------------------------------------------------------------


def test_bad_input_is_refused_and_changes_nothing() -> None:
    state = playing(2)
    put(state, ROWS[N5][0], 1, FLAX, ripe=False)
    for bad in ("3", 3.0, None, True, -1, NUM_ACTIONS, 10**9):
        assert refused(state, bad)
    assert refused(state, END_ACTIONS, player=1)  # out of turn
    assert refused(state, grow(ROWS[N5][0]))  # another seat's seed
    assert refused(state, harvest(ROWS[N4][0], 0))  # nothing there
    assert refused(state, remove(N5))  # not in the ebb
    assert refused(state, setup_desert(ROWS[N5][-1]))  # the set-up is over
    # a chance node refuses a seat's move and an outcome it does not offer
    state = flood_round(tops=(SS, DD))
    move(state, water(0, N5))
    assert state.phase == TOP_FACE
    for face, weight in enumerate(state.face_weights()):
        if not weight:
            assert refused(state, face)
    assert refused(state, SS, player=1)
    assert refused(state, 99)
    # nothing after the end
    state = playing(2)
    state.obelisk = 0
    end_actions(state)
    assert state.phase == OVER
    assert refused(state, END_ACTIONS) and refused(state, 0, player=0)
    assert water_count(state) == NUM_WATER and desert_count(state) == NUM_DESERT
    assert plants_conserved(state)


# -- the bidding variants ---------------------------------------------------------------------


def bid(state: BanksState, *amounts: int) -> None:
    """The seats to bid take these numbers of plants in hand, one after another."""
    for amount in amounts:
        assert state.phase == BIDDING
        move(state, BID + amount)


def test_hippopotamus_auction_goes_to_the_bid_plus_ones_plants_in_the_boat() -> None:
    state = ebb_round({N5: (SS, SS)}, hippo_auction=True)
    put_boat(state, 0, FLAX, 2)
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    assert state.phase == BIDDING and state.seat == 1  # from the first player
    assert state.legal_actions() == [BID + k for k in range(16)]
    bid(state, 2, 1)  # seat 1: 2; seat 0: 1 + 2 in the boat
    assert events(state, "bids")[-1] == ("bids", (1, 2), (3, 2), 0)
    # the winner puts its bid into the boat and plays 3 action points, without jokers
    assert sum(state.boat[0]) == 3
    assert state.phase == ACTIONS and state.seat == 0 and state.points == 3
    legal = state.legal_actions()
    assert USE_JOKER not in legal and BUY_JOKER not in legal
    move(state, plant(ROWS[N4][0], WHEAT), END_ACTIONS)
    assert state.phase == EBBING and state.seat == 1  # then the ebb goes on
    assert sum(state.boat[1]) == 0  # the loser keeps its plants
    assert plants_conserved(state)


def test_hippopotamus_auction_ties_go_to_the_larger_hand_then_to_nobody() -> None:
    state = ebb_round({N5: (SS, SS)}, hippo_auction=True)
    put_boat(state, 0, FLAX, 2)
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    bid(state, 3, 1)  # 3 + 0 against 1 + 2: the larger hand wins
    assert events(state, "bids")[-1][3] == 1
    assert state.seat == 1 and state.points == 3 and sum(state.boat[1]) == 3
    move(state, END_ACTIONS)
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    bid(state, 0, 0)  # seat 1 now has 3 plants in the boat: 0 + 3 beats 0 + 2
    assert events(state, "bids")[-1] == ("bids", (0, 0), (2, 3), 1)
    move(state, END_ACTIONS)
    state = ebb_round({N5: (SS, SS)}, hippo_auction=True)
    move(state, remove(N5))
    chance(state, HIPPO_EVENT)
    bid(state, 2, 2)  # the same total and the same hand: nobody wins
    assert events(state, "bids")[-1][3] == -1
    assert state.phase == EBBING and state.boat == [[0] * 5, [0] * 5]


def test_first_player_auction_replaces_the_draw_and_the_opening_boat_plants() -> None:
    state = new_state(3, bid_start=True, rules=1)  # edition 1: every seat bids again
    for _ in range(3):
        reveal(state, *DRY_TOPS)
    assert state.phase == BIDDING and state.seat == 0
    bid(state, 1, 1, 0)  # a tie: bid again; the plants bid go into the boat all the same
    assert state.phase == BIDDING and state.seat == 0
    assert [sum(b) for b in state.boat] == [1, 1, 0]
    bid(state, 0, 2, 1)
    assert state.first == 1 and state.phase == SET_DESERT and state.seat == 1
    assert [sum(b) for b in state.boat] == [1, 3, 1]
    move(state, *(setup_desert(f) for f in SET_UP_DESERTS))
    assert state.phase != OPEN_BOAT  # no two plants each into the boat
    assert plants_conserved(state)
