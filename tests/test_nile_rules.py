"""One scenario per rule of NILE (seed 000, with seed 004 and the research defaults).

Every position is reached by play: the tests deal exact hands, pick the first player and
turn exact flood cards by applying chance outcomes (card kinds 0..15, see cards.py).  A
few end-of-deck positions shorten the deck with ``set_deck``, which moves cards to the
discard pile and keeps every card of the game accounted for.  docs/rules/nile.md maps
each rule to its test.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from nilegames.core import CHANCE
from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    FIRST_SPECULATION,
    KIND_CROPS,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
    full_deck,
)
from nilegames.games.nile.rules import NO_OWNER
from nilegames.games.nile.state import Phase
from tests.nile_helpers import (
    CA,
    FL,
    LE,
    PA,
    SPECULATIONS,
    WH,
    chance,
    deal,
    end_turn,
    field,
    hand,
    is_conserved,
    last_events,
    move,
    new_state,
    phase,
    plant,
    plants,
    refused,
    spec,
    speculables,
    start,
)

# -- components and set-up ------------------------------------------------------------------


def test_deck_is_five_crops_of_sixteen_ten_speculations_and_one_locust() -> None:
    deck = full_deck()
    assert deck[:NUM_CROPS] == [16] * NUM_CROPS
    assert deck[FIRST_SPECULATION:LOCUST] == [1] * 10
    assert deck[LOCUST] == 1
    assert sum(deck) == 91  # the Flood card only marks the flood pile: it is no card here
    assert [KIND_CROPS[k] for k in SPECULATIONS] == list(combinations(range(NUM_CROPS), 2))
    assert NUM_KINDS == 16


def test_setup_deals_five_cards_each_before_the_locust_is_shuffled_in() -> None:
    state = new_state(3)
    assert phase(state) == Phase.DEAL
    assert state.locust_aside and state.deck[LOCUST] == 0 and state.deck_size == 90
    hands = [[PA] * 5, [WH] * 5, [LE, LE, CA, spec(PA, WH), FL]]
    for seat, cards in enumerate(hands):
        for kind in cards:
            assert state.deal_seat == seat
            assert LOCUST not in state.legal_actions()  # never dealt into a hand
            chance(state, kind)
    assert [hand(state, s) for s in range(3)] == [
        {PA: 5},
        {WH: 5},
        {LE: 2, CA: 1, FL: 1, spec(PA, WH): 1},
    ]
    assert state.hand_size == [5, 5, 5]
    assert state.deck[LOCUST] == 1 and not state.locust_aside  # shuffled in after dealing
    assert state.deck_size == 91 - 15
    assert phase(state) == Phase.FIRST_PLAYER
    assert is_conserved(state)


def test_draws_are_chance_nodes_over_kinds_weighted_by_cards_left() -> None:
    state = new_state(2)
    outcomes = dict(state.chance_outcomes())
    assert sorted(outcomes) == list(range(LOCUST))
    assert outcomes[PA] == pytest.approx(16 / 90)
    assert outcomes[spec(PA, WH)] == pytest.approx(1 / 90)
    chance(state, PA, PA, PA, spec(PA, WH))
    outcomes = dict(state.chance_outcomes())
    assert spec(PA, WH) not in outcomes  # its only card is gone
    assert outcomes[PA] == pytest.approx(13 / 86)
    assert outcomes[WH] == pytest.approx(16 / 86)
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_first_player_is_drawn_at_random_and_no_flood_happens_before_the_first_turn() -> None:
    state = new_state(3)
    deal(state, [PA] * 5, [WH] * 5, [LE] * 5)
    assert state.current_player() == CHANCE
    assert [s for s, _ in state.chance_outcomes()] == [0, 1, 2]
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    chance(state, 2)
    assert phase(state) == Phase.FLOOD  # the first turn opens with its own flood
    assert (state.seat, state.turn) == (2, 1)
    assert state.flood == -1 and sum(state.flood_below) == 0
    chance(state, CA)
    assert state.flood == CA
    assert phase(state) == Phase.TRADE and state.current_player() == 2


# -- the turn: flood, harvest, trade, plant or speculate, draw -----------------------------


def test_flood_turns_a_card_onto_the_flood_pile_each_turn() -> None:
    state = start([[PA] * 5, [WH] * 5], first=0, flood=CA)
    assert state.flood == CA and state.blocked == 1 << CA
    end_turn(state, (FL, FL))
    assert phase(state) == Phase.FLOOD and state.seat == 1
    chance(state, LE)
    assert state.flood == LE and state.flood_below[CA] == 1
    obs = state.observation(1)
    assert obs["flood"] == "Lettuce" and obs["blocked"] == ["Lettuce"]
    assert obs["flood_pile"] == {"Castor": 1, "Lettuce": 1}


def test_turn_ends_by_drawing_two_cards_then_the_next_seat_clockwise_floods() -> None:
    state = start([[PA] * 5, [WH] * 5, [LE] * 5], first=2, flood=CA)
    move(state, act.DONE)  # no trade, no planting, no speculation: allowed
    assert phase(state) == Phase.DRAW
    assert (state.draw_seat, state.draw_left, state.draw_reason) == (2, 2, "turn")
    chance(state, FL)
    assert phase(state) == Phase.DRAW and state.draw_left == 1
    chance(state, FL)
    assert phase(state) == Phase.FLOOD
    assert (state.seat, state.turn) == (0, 2)  # after seat 2 comes seat 0
    assert hand(state, 2) == {LE: 5, FL: 2}


def test_harvest_moves_one_card_of_each_flooded_field_to_its_owners_stock_on_any_turn() -> None:
    state = start([[PA, PA, PA, FL, FL], [WH, WH, LE, LE, CA]], first=0, flood=CA)
    plant(state, PA, PA, PA, draws=(FL, FL))
    assert field(state, PA) == (0, 3)
    chance(state, PA)  # seat 1's flood
    assert state.seat == 1 and phase(state) == Phase.TRADE
    assert field(state, PA) == (0, 2)
    assert state.stocks == [[1, 0, 0, 0, 0], [0] * 5]
    assert hand(state, 0) == {FL: 4}
    assert last_events(state, "harvest") == [("harvest", PA, 0)]
    end_turn(state, (CA, CA))
    chance(state, PA)  # seat 0's own flood harvests too
    assert field(state, PA) == (0, 1) and state.stocks[0] == [2, 0, 0, 0, 0]


def test_speculation_flood_harvests_both_of_its_crops() -> None:
    state = start([[PA, PA, PA, WH, WH], [LE, LE, CA, CA, FL]], first=0, flood=CA)
    plant(state, PA, PA, PA, draws=(FL, FL))
    chance(state, CA)
    end_turn(state, (FL, FL))
    chance(state, CA)
    plant(state, WH, WH, draws=(FL, FL))
    assert (field(state, PA), field(state, WH)) == ((0, 3), (0, 2))
    chance(state, spec(PA, WH))
    assert (field(state, PA), field(state, WH)) == ((0, 2), (0, 1))
    assert state.stocks[0] == [1, 1, 0, 0, 0]
    assert state.blocked == (1 << PA) | (1 << WH)


def test_harvesting_the_last_card_of_a_field_removes_the_field() -> None:
    state = start([[PA, WH, CA, FL, FL], [LE, LE, LE, FL, FL]], first=0, flood=CA)
    plant(state, PA, WH, draws=(FL, FL))  # two one-card fields
    assert (field(state, PA), field(state, WH)) == ((0, 1), (0, 1))
    chance(state, PA)
    assert field(state, PA) == (NO_OWNER, 0)
    assert field(state, WH) == (0, 1)
    assert state.stocks[0][PA] == 1
    assert state.observation(1)["fields"] == [{"crop": "Wheat", "owner": 0, "size": 1}]


def test_market_discards_two_cards_from_hand_or_stock_then_draws_one() -> None:
    state = start([[PA, PA, PA, spec(LE, CA), FL], [WH, WH, LE, FL, FL]], first=0, flood=CA)
    plant(state, PA, PA, PA, draws=(FL, FL))
    chance(state, PA)  # seat 1's flood: seat 0 harvests one Papyrus
    end_turn(state, (CA, CA))
    chance(state, WH)  # seat 0's turn again
    assert state.stocks[0][PA] == 1 and field(state, PA) == (0, 2)
    move(state, act.MARKET)
    assert phase(state) == Phase.PICK
    # Hand cards (crops and speculations) and stock cards only: planted cards are not traded.
    assert state.legal_actions() == [
        act.discard_hand(FL),
        act.discard_hand(spec(LE, CA)),
        act.discard_stock(PA),
    ]
    move(state, act.discard_stock(PA))
    assert phase(state) == Phase.PICK and act.discard_stock(PA) not in state.legal_actions()
    move(state, act.discard_hand(spec(LE, CA)))
    assert phase(state) == Phase.DRAW
    assert (state.draw_seat, state.draw_left, state.draw_reason) == (0, 1, "market")
    chance(state, LE)
    assert phase(state) == Phase.TRADE and state.seat == 0  # trading may go on
    assert hand(state, 0) == {FL: 3, LE: 1}
    assert state.stocks[0] == [0] * 5
    assert state.discard[PA] == 1 and state.discard[spec(LE, CA)] == 1
    assert field(state, PA) == (0, 2)


def test_trades_repeat_in_any_order_while_two_cards_are_left() -> None:
    state = start([[CA, CA, FL, FL, LE], [WH] * 5], first=0, flood=PA)
    move(state, act.MARKET, act.discard_hand(CA), act.discard_hand(CA))
    chance(state, WH)
    move(state, act.OFFERING, act.discard_hand(FL), act.discard_hand(FL))
    chance(state, WH)  # the offering's new flood
    assert state.flood == WH and state.flood_below[PA] == 1
    move(state, act.MARKET, act.discard_hand(LE), act.discard_hand(WH))
    chance(state, FL)
    assert hand(state, 0) == {FL: 1} and phase(state) == Phase.TRADE
    assert state.legal_actions() == [act.DONE]  # one card left: no trade, no planting
    assert refused(state, act.MARKET) and refused(state, act.OFFERING)
    assert state.discard[CA] == 2 and state.discard[FL] == 2


def test_offering_turns_a_new_flood_that_harvests_again() -> None:
    state = start([[PA, PA, PA, PA, FL], [WH, WH, LE, LE, CA]], first=0, flood=CA)
    plant(state, PA, PA, PA, PA, draws=(FL, FL))
    chance(state, CA)
    move(state, act.OFFERING, act.discard_hand(WH), act.discard_hand(WH))
    assert phase(state) == Phase.FLOOD and state.flood_reason == "offering"
    chance(state, PA)
    assert field(state, PA) == (0, 3) and state.stocks[0][PA] == 1
    assert phase(state) == Phase.TRADE and state.seat == 1
    move(state, act.OFFERING, act.discard_hand(LE), act.discard_hand(LE))
    chance(state, PA)
    assert field(state, PA) == (0, 2) and state.stocks[0][PA] == 2
    assert state.flood == PA and state.flood_below[CA] == 2 and state.flood_below[PA] == 1
    assert hand(state, 1) == {CA: 1}
    assert [e for e in state.events if e[0] == "flood"][-2:] == [
        ("flood", PA, "offering", 1),
        ("flood", PA, "offering", 1),
    ]


def test_an_offering_flood_blocks_its_crops_and_frees_those_of_the_card_it_replaces() -> None:
    # Seed 000: the offering's card replaces the flood card and, like any flood card, keeps
    # the crops it shows from being played; the replaced card blocks nothing any more.
    state = start([[CA, CA, PA, LE, LE], [WH] * 5], first=0, flood=CA)
    assert plants(state) == [PA, LE]  # no Castor under a Castor flood
    move(state, act.OFFERING, act.discard_hand(LE), act.discard_hand(LE))
    other_flood = state.clone()
    chance(state, PA)
    assert state.flood == PA and phase(state) == Phase.TRADE
    assert plants(state) == [CA]  # Castor is free again; the one Papyrus is flooded
    assert refused(state, act.plant(PA))
    assert state.observation(1)["blocked"] == ["Papyrus"]
    # Had the offering turned up a Wheat, the Papyrus could have gone with a Castor.
    chance(other_flood, WH)
    assert plants(other_flood) == [PA, CA]


def test_trading_ends_once_planting_or_speculating_begins() -> None:
    state = start([[PA, PA, spec(LE, CA), FL, FL], [WH] * 5], first=0, flood=WH)
    assert state.legal_actions() == [
        act.DONE,
        act.MARKET,
        act.OFFERING,
        act.plant(PA),
        act.plant(FL),
        act.speculate(spec(LE, CA)),
    ]
    speculating = state.clone()
    move(state, act.plant(PA))
    assert phase(state) == Phase.PLANT
    # No trade, no speculation, no DONE: one Papyrus is no planting yet.
    assert state.legal_actions() == [act.plant(PA), act.plant(FL)]
    assert refused(state, act.MARKET) and refused(state, act.speculate(spec(LE, CA)))
    move(speculating, act.speculate(spec(LE, CA)))
    assert phase(speculating) == Phase.SPECULATE
    assert speculating.legal_actions() == [act.DONE]  # no trade, no planting after it
    assert refused(speculating, act.OFFERING) and refused(speculating, act.plant(PA))


# -- planting ---------------------------------------------------------------------------------


def test_a_new_field_needs_at_least_two_cards_of_its_crop() -> None:
    state = start([[PA, LE, LE, LE, LE], [WH, WH, WH, LE, LE]], first=0, flood=LE)
    assert plants(state) == []  # one Papyrus and no partner crop: nothing to plant
    assert refused(state, act.plant(PA))
    end_turn(state, (LE, CA))
    chance(state, LE)
    move(state, act.plant(WH))
    assert state.legal_actions() == [act.plant(WH)]  # one card is no field yet
    move(state, act.plant(WH))
    assert state.legal_actions() == [act.DONE, act.plant(WH)]
    end_turn(state)
    assert field(state, WH) == (1, 2)


def test_two_cards_of_two_different_crops_start_two_fields() -> None:
    state = start([[PA, WH, WH, CA, CA], [LE] * 5], first=0, flood=FL)
    move(state, act.plant(PA))
    assert state.legal_actions() == [act.plant(WH), act.plant(CA)]
    move(state, act.plant(WH))
    assert state.legal_actions() == [act.DONE]  # exactly two cards: no third
    assert refused(state, act.plant(WH)) and refused(state, act.plant(CA))
    end_turn(state)
    assert (field(state, PA), field(state, WH)) == ((0, 1), (0, 1))


def test_two_different_crops_may_put_one_card_into_a_field_of_ones_own() -> None:
    state = start([[WH, WH, WH, PA, PA], [LE, LE, CA, CA, FL]], first=0, flood=FL)
    plant(state, WH, WH, draws=(FL, FL))
    chance(state, FL)
    end_turn(state, (CA, CA))
    chance(state, FL)
    move(state, act.plant(PA))
    assert state.legal_actions() == [act.plant(PA), act.plant(WH)]
    move(state, act.plant(WH))
    assert state.legal_actions() == [act.DONE]
    end_turn(state)
    assert (field(state, PA), field(state, WH)) == ((0, 1), (0, 3))


def test_two_different_crops_cannot_use_another_seats_crop() -> None:
    state = start([[PA, WH, FL, FL, FL], [WH, WH, CA, CA, CA]], first=1, flood=FL)
    plant(state, WH, WH, draws=(CA, CA))
    assert field(state, WH) == (1, 2)
    chance(state, FL)
    assert state.seat == 0
    # One Papyrus could only pair with the Wheat, which is seat 1's crop: nothing to plant.
    assert plants(state) == []
    assert refused(state, act.plant(PA)) and refused(state, act.plant(WH))
    end_turn(state, (LE, LE))
    chance(state, FL)
    end_turn(state, (CA, CA))
    chance(state, FL)
    assert plants(state) == [PA, LE]  # one Wheat can neither pair nor overtake
    move(state, act.plant(PA))
    assert plants(state) == [LE]
    assert refused(state, act.plant(WH))


def test_any_number_of_cards_may_go_into_ones_own_fields() -> None:
    state = start([[PA, PA, PA, WH, WH], [CA] * 5], first=0, flood=FL)
    plant(state, PA, WH, draws=(LE, LE))  # two one-card fields
    chance(state, FL)
    end_turn(state, (CA, CA))
    chance(state, FL)
    move(state, act.plant(PA))
    # One card into an own field is a whole planting; a new Lettuce may still pair with it.
    assert state.legal_actions() == [act.DONE, act.plant(PA), act.plant(WH), act.plant(LE)]
    move(state, act.plant(PA), act.plant(WH))
    assert state.legal_actions() == [act.DONE]
    end_turn(state)
    assert (field(state, PA), field(state, WH)) == ((0, 3), (0, 2))


def test_planting_kinds_cannot_be_mixed() -> None:
    state = start([[PA, PA, PA, PA, WH], [CA] * 5], first=0, flood=FL)
    plant(state, PA, PA, draws=(WH, LE))
    chance(state, FL)
    end_turn(state, (CA, CA))
    chance(state, FL)
    assert hand(state, 0) == {PA: 2, WH: 2, LE: 1} and field(state, PA) == (0, 2)
    new_field = state.clone()
    # Two cards into an own field, then a new crop: neither "own fields only" nor "two crops".
    move(state, act.plant(PA), act.plant(PA))
    assert state.legal_actions() == [act.DONE]
    assert refused(state, act.plant(WH)) and refused(state, act.plant(LE))
    # A new field of two, then a card for an own field: refused too.
    move(new_field, act.plant(WH), act.plant(WH))
    assert new_field.legal_actions() == [act.DONE]
    assert refused(new_field, act.plant(PA))


def test_overtaking_needs_strictly_more_cards_and_discards_the_overtaken_field() -> None:
    state = start([[PA, PA, CA, CA, FL], [PA, PA, PA, LE, LE]], first=0, flood=FL)
    plant(state, PA, PA, draws=(CA, CA))
    chance(state, FL)
    assert plants(state) == [PA, LE]
    move(state, act.plant(PA), act.plant(PA))
    assert state.legal_actions() == [act.plant(PA)]  # 2 against 2 is no overtaking
    assert refused(state, act.DONE)
    move(state, act.plant(PA))
    assert state.legal_actions() == [act.DONE]
    end_turn(state)
    assert field(state, PA) == (1, 3)
    assert state.discard[PA] == 2  # seat 0's field is discarded, not returned
    assert hand(state, 0) == {CA: 4, FL: 1} and state.stocks[0] == [0] * 5
    assert last_events(state, "planted")[-1] == (
        "planted",
        1,
        (("overtake", PA, 0, 2), ("field", PA, 3, 3)),
    )


def test_overtaking_with_as_many_cards_is_refused() -> None:
    state = start([[PA, PA, CA, CA, FL], [PA, PA, LE, WH, WH]], first=0, flood=FL)
    plant(state, PA, PA, draws=(CA, CA))
    chance(state, FL)
    assert plants(state) == [WH, LE]  # two Papyrus cannot beat a field of two
    assert refused(state, act.plant(PA))


def test_a_flooded_crop_cannot_be_planted() -> None:
    state = start([[PA, PA, WH, WH, LE], [CA] * 5], first=0, flood=PA)
    assert plants(state) == [WH, LE]
    assert refused(state, act.plant(PA))
    move(state, act.plant(LE))
    assert plants(state) == [WH]  # not even as a partner crop


def test_a_speculation_flood_blocks_planting_both_of_its_crops() -> None:
    state = start([[PA, PA, WH, LE, LE], [CA] * 5], first=0, flood=spec(PA, WH))
    assert plants(state) == [LE]
    assert refused(state, act.plant(PA)) and refused(state, act.plant(WH))


# -- speculation ------------------------------------------------------------------------------


def test_a_speculation_card_showing_a_flooded_crop_cannot_be_played() -> None:
    cards = [spec(PA, WH), spec(WH, LE), spec(LE, CA), FL, FL]
    state = start([cards, [CA] * 5], first=0, flood=WH)
    assert speculables(state) == [spec(LE, CA)]
    assert refused(state, act.speculate(spec(PA, WH)))
    state = start([cards, [CA] * 5], first=0, flood=spec(PA, CA))
    assert speculables(state) == [spec(WH, LE)]


def test_speculating_lays_one_or_two_cards_instead_of_planting() -> None:
    cards = [spec(PA, WH), spec(PA, LE), spec(CA, FL), spec(WH, CA), PA]
    state = start([cards, [CA] * 5], first=0, flood=LE)
    assert speculables(state) == [spec(PA, WH), spec(WH, CA), spec(CA, FL)]
    move(state, act.speculate(spec(PA, WH)))
    assert phase(state) == Phase.SPECULATE
    # No planting now, and the other speculation cards may join.
    assert state.legal_actions() == [
        act.DONE,
        act.speculate(spec(WH, CA)),
        act.speculate(spec(CA, FL)),
    ]
    move(state, act.speculate(spec(WH, CA)))
    assert state.legal_actions() == [act.DONE]  # two at most
    assert refused(state, act.speculate(spec(CA, FL)))
    move(state, act.DONE)
    # Nothing is paid yet: only the two cards that end every turn.
    assert (state.draw_seat, state.draw_left, state.draw_reason) == (0, 2, "turn")
    assert state.speculations == [spec(PA, WH), spec(WH, CA)] and state.speculation_seat == 0


def test_speculation_pays_three_cards_at_the_next_flood_then_is_discarded() -> None:
    state = start([[spec(PA, WH), CA, CA, CA, FL], [LE] * 5], first=0, flood=FL)
    move(state, act.speculate(spec(PA, WH)))
    end_turn(state, (FL, FL))
    assert state.speculations == [spec(PA, WH)]
    chance(state, PA)  # seat 1's flood
    assert phase(state) == Phase.DRAW
    assert (state.draw_seat, state.draw_left, state.draw_reason) == (0, 3, "speculation")
    chance(state, WH, WH, WH)
    assert phase(state) == Phase.TRADE and state.seat == 1
    assert hand(state, 0) == {CA: 3, FL: 3, WH: 3}
    assert state.speculations == [] and state.discard[spec(PA, WH)] == 1
    assert ("payout", 0, 1) in state.events


@pytest.mark.parametrize(
    ("laid", "flood", "paid"),
    [
        ((spec(PA, WH), spec(PA, LE)), PA, 6),  # two cards, each matching Papyrus
        ((spec(PA, WH), spec(LE, CA)), spec(WH, LE), 6),  # a speculation flood, one each
        ((spec(PA, WH),), spec(WH, LE), 3),  # one card shares one crop at most
    ],
)
def test_speculation_pays_three_cards_per_matching_crop(
    laid: tuple[int, ...], flood: int, paid: int
) -> None:
    cards = [*laid, *[FL] * (5 - len(laid))]
    state = start([cards, [CA] * 5], first=0, flood=FL)
    move(state, *(act.speculate(k) for k in laid))
    end_turn(state, (FL, FL))
    chance(state, flood)
    assert (state.draw_seat, state.draw_left, state.draw_reason) == (0, paid, "speculation")
    chance(state, *[CA] * paid)
    assert state.hand_size[0] == 5 - len(laid) + 2 + paid
    assert state.speculations == [] and all(state.discard[k] == 1 for k in laid)


def test_failed_speculation_pays_nothing_and_is_discarded() -> None:
    state = start([[spec(PA, WH), spec(LE, FL), CA, CA, CA], [LE] * 5], first=0, flood=CA)
    move(state, act.speculate(spec(PA, WH)), act.speculate(spec(LE, FL)))
    end_turn(state, (CA, CA))
    chance(state, CA)
    assert phase(state) == Phase.TRADE and state.seat == 1
    assert state.hand_size[0] == 5
    assert state.speculations == []
    assert state.discard[spec(PA, WH)] == 1 and state.discard[spec(LE, FL)] == 1
    assert ("payout", 0, 0) in state.events


def test_an_offering_flood_does_not_pay_a_speculation() -> None:
    state = start([[spec(PA, WH), CA, CA, CA, FL], [LE] * 5], first=0, flood=FL)
    move(state, act.speculate(spec(PA, WH)))
    end_turn(state, (FL, FL))
    chance(state, CA)  # the turn's flood: no match, the card is discarded
    move(state, act.OFFERING, act.discard_hand(LE), act.discard_hand(LE))
    chance(state, PA)  # would have matched, but the speculation is gone
    assert phase(state) == Phase.TRADE and state.seat == 1
    assert state.hand_size[0] == 6
