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

from nilegames.core import CHANCE
from nilegames.games.banks.actions import BUY_JOKER
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
    NUM_DESERT,
    NUM_WATER,
    ROT,
)
from nilegames.games.banks.state import (
    ACTIONS,
    DESERT_BACK,
    DESERT_CARD,
    EBBING,
    EMPTY_GROUND,
    FIRST,
    FLOODING,
    OPEN_BOAT,
    OPEN_PLANTS,
    OPEN_WATER,
    RIPE,
    ROT_WHERE,
    ROT_WHICH,
    ROTTEN,
    SET_DESERT,
    SPOILED,
    TOP_FACE,
    WATER,
    WATER_BACK,
)
from tests.banks_helpers import (
    AUBERGINE,
    DD,
    DESERT_EVENT,
    DN,
    DRY_TOPS,
    DRY_TOPS_BY_SEAT,
    DS,
    FLAX,
    GRAPES,
    HIPPO_ARROW,
    HIPPO_EVENT,
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
    chance,
    desert_count,
    ebb_round,
    end_actions,
    event,
    events,
    flood_round,
    ground,
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
    put_market,
    refused,
    remove,
    reveal,
    rot_plant,
    rot_row,
    set_desert,
    set_top,
    setup_desert,
    start,
    to_boat_action,
    water,
    water_count,
    water_rows,
)

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
