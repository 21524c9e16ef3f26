"""One scenario per rule of AN DEN UFERN DES NILS for its variants (seed 003,
docs/rules/banks.md): the variants, bad input and the bidding variants. The other rules
are in test_banks_rules.py and test_banks_actions.py; positions are reached as
tests/banks_helpers.py says.
"""

from __future__ import annotations

from nilegames.games.banks.actions import BID, BUY_JOKER, END_ACTIONS, NUM_ACTIONS, USE_JOKER
from nilegames.games.banks.board import (
    CROP_COUNTS,
    ROWS,
)
from nilegames.games.banks.cards import (
    NUM_DESERT,
    NUM_WATER,
)
from nilegames.games.banks.state import (
    ACTIONS,
    BIDDING,
    EBBING,
    OPEN_BOAT,
    OVER,
    RIPE,
    ROTTEN,
    SET_DESERT,
    SPOILED,
    TOP_FACE,
    BanksState,
)
from tests.banks_helpers import (
    DD,
    DRY_TOPS,
    FLAX,
    GRAPES,
    HIPPO_EVENT,
    N4,
    N5,
    ONION,
    SET_UP_DESERTS,
    SS,
    WHEAT,
    buy_seed,
    chance,
    desert_count,
    ebb_round,
    end_actions,
    events,
    flood_round,
    grow,
    harvest,
    heal,
    market_of,
    move,
    new_state,
    plant,
    plants_conserved,
    playing,
    put,
    put_boat,
    put_market,
    refused,
    remove,
    reveal,
    setup_desert,
    water,
    water_count,
)

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
