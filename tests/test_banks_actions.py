"""One scenario per rule of AN DEN UFERN DES NILS from the actions to the end (seed 003,
docs/rules/banks.md): the actions, scoring and the end. The components, the domino rule,
the flood, the ebb, rot and the desert are in test_banks_rules.py, the variants in
test_banks_variants.py; positions are reached as tests/banks_helpers.py says. Colours in
the seed's scoring examples: red 0, blue 1, green 2, yellow 3, white 4.
"""

from __future__ import annotations

import pytest

from nilegames.core import TERMINAL
from nilegames.games.banks.actions import BUY_JOKER, END_ACTIONS, USE_JOKER
from nilegames.games.banks.board import (
    CROP_COUNTS,
    FIELDS,
    MARKET_SIZES,
    OBELISK_START,
    ROWS,
)
from nilegames.games.banks.cards import (
    NUM_DESERT,
)
from nilegames.games.banks.render import render_text
from nilegames.games.banks.state import (
    ACTIONS,
    BLOCKED_ROUNDS,
    OVER,
    RIPE,
    ROTTEN,
    ROUND_LIMIT,
    SPOILED,
    row_gains,
)
from nilegames.games.banks.stats import statistics
from tests.banks_helpers import (
    AUBERGINE,
    BLUE,
    FLAX,
    GRAPES,
    GREEN,
    HIPPO_EVENT,
    N4,
    N5,
    ONION,
    RED,
    S5,
    SS,
    WHEAT,
    WHITE,
    YELLOW,
    buy_seed,
    chance,
    clear,
    desert_count,
    ebb_round,
    end_actions,
    events,
    grow,
    harvest,
    lay_water,
    market_of,
    move,
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
    score_round,
)

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
    state.count_fields()  # the kept counts follow the supplies emptied by hand
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
    state.count_fields()
    end_actions(state)
    assert state.phase == OVER
    assert state.returns() == [0.0, 1.0, -1.0]
    state = playing(2)
    state.obelisk = 3
    state.scores = [4, 4]
    end_actions(state)
    assert state.returns() == [0.0, 0.0]  # the same points and losses: a draw
