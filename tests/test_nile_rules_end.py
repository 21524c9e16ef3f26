"""One scenario per rule of NILE from the Plague of Locusts to the end (seed 000, with
seed 004 and the research defaults; docs/rules/nile.md §11): the locusts, the deck's
rebuild and end, scoring, the short variant and hidden information. Components to
speculation are in test_nile_rules.py; positions are reached as tests/nile_helpers.py says.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from nilegames.core import GameOptionError, GameRecord, resolve_chance
from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    CROPS,
    FIRST_SPECULATION,
    KIND_MASK,
    KIND_NAMES,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
)
from nilegames.games.nile.rules import NO_OWNER, ranking_returns, score_key
from nilegames.games.nile.state import NileState, Phase
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
    fill_stock,
    hand,
    is_conserved,
    last_events,
    move,
    new_state,
    phase,
    plant,
    set_deck,
    spec,
    start,
)

# -- the Plague of Locusts --------------------------------------------------------------------


def test_locust_turned_as_the_flood_strikes_at_once_and_another_card_is_turned() -> None:
    state = start([[PA, PA, PA, FL, FL], [spec(WH, LE), CA, CA, FL, FL]], first=0, flood=CA)
    plant(state, PA, PA, PA, draws=(FL, FL))
    chance(state, CA)
    move(state, act.speculate(spec(WH, LE)))
    end_turn(state, (FL, FL))
    chance(state, LOCUST)  # seat 0's flood
    assert phase(state) == Phase.FLOOD and (state.seat, state.turn) == (0, 3)
    assert field(state, PA) == (NO_OWNER, 0) and state.discard[PA] == 3
    assert state.locust_aside and state.deck[LOCUST] == 0
    assert state.flood == CA and state.flood_below[CA] == 1  # the locust is no flood card
    assert state.speculations == [spec(WH, LE)]  # still waiting for the real flood
    chance(state, WH)
    assert state.flood == WH and state.flood_below[LOCUST] == 0
    assert (state.draw_seat, state.draw_left, state.draw_reason) == (1, 3, "speculation")


def test_locust_drawn_into_a_hand_is_shown_does_not_count_and_strikes_after_the_drawing() -> None:
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA)
    move(state, act.plant(PA), act.plant(PA), act.plant(PA), act.DONE)
    chance(state, LOCUST)
    assert phase(state) == Phase.DRAW and state.draw_left == 2  # drawing goes on
    assert state.locust_pending and field(state, PA) == (0, 3)  # not yet
    seen = state.observation(1)["log"][-1]
    assert seen["event"] == "locust_drawn" and seen["seat"] == 0  # announced to all
    chance(state, FL)
    assert field(state, PA) == (0, 3)
    chance(state, FL)
    assert field(state, PA) == (NO_OWNER, 0) and state.discard[PA] == 3
    assert hand(state, 0) == {FL: 4} and state.hands[0][LOCUST] == 0
    assert state.locust_aside and not state.locust_pending
    assert phase(state) == Phase.FLOOD and state.seat == 1


def test_locust_destroys_every_field_of_the_largest_size() -> None:
    state = start([[PA, PA, PA, LE, LE], [WH, WH, WH, CA, CA]], first=0, flood=FL)
    plant(state, PA, PA, PA)
    chance(state, FL)
    plant(state, WH, WH, WH)
    chance(state, FL)
    plant(state, LE, LE)
    chance(state, LOCUST)  # seat 1's flood
    assert field(state, PA) == (NO_OWNER, 0) and field(state, WH) == (NO_OWNER, 0)
    assert field(state, LE) == (0, 2)  # smaller fields survive
    assert state.discard[PA] == 3 and state.discard[WH] == 3
    assert last_events(state, "locust") == [("locust", ((PA, 0, 3), (WH, 1, 3)))]


def test_locust_without_any_field_destroys_nothing() -> None:
    state = start([[PA] * 5, [WH] * 5], first=0)
    chance(state, LOCUST)
    assert last_events(state, "locust") == [("locust", ())]
    assert phase(state) == Phase.FLOOD and sum(state.discard) == 0
    chance(state, CA)
    assert phase(state) == Phase.TRADE and state.flood == CA


def test_locust_drawn_during_a_speculation_payout_strikes_before_the_harvest() -> None:
    state = start([[PA, PA, PA, FL, FL], [spec(PA, WH), CA, CA, FL, FL]], first=0, flood=CA)
    plant(state, PA, PA, PA, draws=(FL, FL))
    chance(state, CA)
    move(state, act.speculate(spec(PA, WH)))
    end_turn(state, (FL, FL))
    chance(state, PA)  # pays seat 1 and would harvest seat 0's Papyrus
    chance(state, LOCUST, LE, LE)
    assert field(state, PA) == (0, 3)  # the payout is not over yet
    chance(state, LE)
    assert field(state, PA) == (NO_OWNER, 0) and state.discard[PA] == 3
    assert state.stocks[0][PA] == 0  # nothing left to harvest
    assert hand(state, 1) == {CA: 2, FL: 4, LE: 3}
    assert phase(state) == Phase.TRADE and state.seat == 0


# -- the deck: rebuild and end --------------------------------------------------------------


@pytest.mark.parametrize("rules", [1, 2])
def test_empty_deck_is_rebuilt_from_flood_pile_discards_and_locust_when_a_card_is_needed(
    rules: int,
) -> None:
    state = start([[PA] * 5, [CA, CA, FL, FL, LE]], first=0, flood=WH, rules=rules)
    end_turn(state, (FL, FL))
    chance(state, LOCUST, CA)  # seat 1's flood: the locust strikes nothing, then Castor
    assert state.locust_aside
    set_deck(state, {PA: 1})
    move(state, act.MARKET, act.discard_hand(CA), act.discard_hand(CA))
    chance(state, PA)
    assert state.deck_size == 0 and state.deck_number == 1  # not rebuilt before it is needed
    assert phase(state) == Phase.TRADE
    expected = [d + f for d, f in zip(state.discard, state.flood_below, strict=True)]
    expected[FL] += 2  # the offering below discards two more cards first
    expected[LOCUST] = 1
    if rules > 1:
        expected[CA] += 1  # seed 000: the whole flood pile, the current card too
    assert state.flood_below[WH] == 1  # seat 0's flood card lies under the current one
    move(state, act.OFFERING, act.discard_hand(FL), act.discard_hand(FL))
    assert phase(state) == Phase.FLOOD and state.deck_number == 2
    assert state.deck == expected and state.deck_size == sum(expected)
    assert state.flood == CA  # the turn's flood stays in force until the next one
    assert state.flood_on_pile == (rules == 1)  # edition 1 kept its card on the table
    assert state.observation(1)["flood_pile"] == ({"Castor": 1} if rules == 1 else {})
    assert sum(state.discard) == 0 and sum(state.flood_below) == 0
    assert not state.locust_aside
    assert last_events(state, "reshuffle") == [("reshuffle", 2, tuple(expected))]
    assert is_conserved(state)


def test_after_a_rebuild_mid_turn_the_turns_flooded_crops_stay_blocked() -> None:
    # The flood card went into the new deck (seed 000), but it flooded Castor this turn.
    state = start([[PA] * 5, [CA, CA, CA, FL, FL]], first=0, flood=WH)
    end_turn(state, (FL, FL))
    chance(state, CA)
    set_deck(state, {PA: 1})
    move(state, act.MARKET, act.discard_hand(FL), act.discard_hand(FL))
    chance(state, PA)
    castor = state.discard[CA] + 1 + 1  # discarded, the flood card, and one more below
    move(state, act.MARKET, act.discard_hand(PA), act.discard_hand(CA))
    assert state.deck_number == 2 and not state.flood_on_pile and state.deck[CA] == castor
    chance(state, CA)  # the market draws the flood card back: it is just a card now
    assert state.blocked == KIND_MASK[CA]
    assert act.plant(CA) not in state.legal_actions()
    assert state.observation(1)["blocked"] == ["Castor"]
    move(state, act.OFFERING, act.discard_hand(CA), act.discard_hand(CA))
    chance(state, LE)  # a new flood: nothing to put on the pile below it
    assert state.flood == LE and state.flood_below == [0] * NUM_KINDS
    assert is_conserved(state)


def test_a_pending_locust_strikes_after_the_drawing_that_needed_a_rebuild() -> None:
    # Seed 000: a locust drawn into a hand strikes once the drawing is finished; the
    # deck rebuilt during that drawing takes the locust card but not the fields it then
    # destroys (they go to the discard pile).
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA)
    move(state, act.plant(PA), act.plant(PA), act.plant(PA))
    set_deck(state, {LOCUST: 1})
    discarded = state.discard[:]
    move(state, act.DONE)
    chance(state, LOCUST)  # the last card of deck 1
    assert state.deck_number == 2 and phase(state) == Phase.DRAW and state.draw_left == 2
    assert field(state, PA) == (0, 3)  # not yet: the drawing goes on
    assert state.deck[PA] == discarded[PA] and state.deck[LOCUST] == 1
    assert state.locust_pending == 1
    assert state.observation(1)["locust"] == "in the deck"
    chance(state, FL, FL)
    assert field(state, PA) == (NO_OWNER, 0) and state.discard[PA] == 3
    assert hand(state, 0) == {FL: 4} and state.locust_pending == 0
    names = [e[0] for e in state.events]
    assert names.index("reshuffle") < names.index("locust")
    assert is_conserved(state)


def test_a_locust_drawn_twice_in_one_drawing_strikes_twice() -> None:
    state = start([[PA, PA, PA, LE, LE], [CA] * 5], first=0, flood=CA)
    plant(state, PA, PA, PA, draws=(LE, LE))
    chance(state, FL)
    move(state, act.plant(CA), act.plant(CA))
    set_deck(state, {LOCUST: 1})
    move(state, act.DONE)
    chance(state, LOCUST)
    set_deck(state, {LOCUST: 1, FL: 3})  # the rebuilt deck: the locust can come again
    chance(state, LOCUST, FL)
    assert field(state, PA) == (0, 3) and state.locust_pending == 2
    chance(state, FL)
    assert field(state, PA) == (NO_OWNER, 0) and field(state, CA) == (NO_OWNER, 0)
    assert [e[1] for e in last_events(state, "locust")] == [((PA, 0, 3),), ((CA, 1, 2),)]


def test_edition_1_a_pending_locust_strikes_before_the_deck_is_rebuilt_and_goes_into_it() -> None:
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA, rules=1)
    move(state, act.plant(PA), act.plant(PA), act.plant(PA))
    set_deck(state, {LOCUST: 1})
    discarded = state.discard[:]
    move(state, act.DONE)
    chance(state, LOCUST)  # the last card of deck 1
    assert state.deck_number == 2 and phase(state) == Phase.DRAW and state.draw_left == 2
    assert field(state, PA) == (NO_OWNER, 0)
    assert state.deck[PA] == discarded[PA] + 3  # the destroyed field is in the new deck
    assert state.deck[LOCUST] == 1 and not state.locust_pending
    names = [e[0] for e in state.events]
    assert names.index("locust") < names.index("reshuffle")
    chance(state, FL, FL)
    assert hand(state, 0) == {FL: 4}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_game_lasts_as_many_decks_as_players(players: int) -> None:
    rng = random.Random(players)
    state = new_state(players)
    while not state.is_terminal():
        assert not (state.deck_number == players and state.deck_size == 0)
        assert state.deck_number <= players
        if state.is_chance_node():
            resolve_chance(state, rng)
        else:
            move(state, act.DONE)
    assert state.deck_number == players and state.deck_size == 0
    assert len(last_events(state, "reshuffle")) == players - 1
    assert state.events[-1][0] == "game_over"
    assert is_conserved(state)


def test_a_flood_that_empties_the_last_deck_ends_the_game_before_its_harvest() -> None:
    # Seed 000: the game is over as soon as the last deck is empty.
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA)
    plant(state, PA, PA, PA, draws=(FL, FL))
    set_deck(state, {PA: 1}, number=2)
    chance(state, PA)
    assert state.is_terminal()
    assert field(state, PA) == (0, 3) and state.stocks[0][PA] == 0
    assert [e[0] for e in state.events[-2:]] == ["flood", "game_over"]


def test_edition_1_a_flood_that_empties_the_last_deck_is_still_harvested() -> None:
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA, rules=1)
    plant(state, PA, PA, PA, draws=(FL, FL))
    set_deck(state, {PA: 1}, number=2)
    chance(state, PA)
    assert state.is_terminal()
    assert field(state, PA) == (0, 2) and state.stocks[0][PA] == 1
    assert state.returns() == [1.0, -1.0]


def test_a_speculation_payout_that_empties_the_last_deck_ends_the_game_at_once() -> None:
    state = start([[spec(PA, WH), CA, CA, CA, FL], [PA, PA, LE, LE, LE]], first=1, flood=FL)
    plant(state, PA, PA, draws=(LE, LE))  # seat 1 owns Papyrus
    chance(state, CA)  # seat 0's flood
    move(state, act.speculate(spec(PA, WH)))
    end_turn(state, (FL, FL))
    set_deck(state, {PA: 1, WH: 1}, number=2)
    chance(state, PA)  # seat 1's flood matches: seat 0 is owed 3 cards, 1 is left
    chance(state, WH)
    assert state.is_terminal()
    assert state.hands[0][WH] == 1  # what was left was paid, and nothing more happened
    assert field(state, PA) == (1, 2) and state.stocks[1][PA] == 0  # no harvest
    assert [e[0] for e in state.events[-3:]] == ["payout", "draw", "game_over"]
    assert is_conserved(state)


def test_edition_1_speculation_payout_that_the_last_deck_cannot_give_is_skipped() -> None:
    state = start([[spec(PA, WH), CA, CA, CA, FL], [LE] * 5], first=0, flood=FL, rules=1)
    move(state, act.speculate(spec(PA, WH)))
    end_turn(state, (FL, FL))
    set_deck(state, {PA: 1}, number=2)
    chance(state, PA)
    assert state.is_terminal()
    assert state.hand_size[0] == 6  # no card was left to pay
    assert state.speculations == [] and state.discard[spec(PA, WH)] == 1
    assert [e[0] for e in state.events[-3:]] == ["payout", "speculations_discarded", "game_over"]


def test_a_turn_draw_that_empties_the_last_deck_ends_the_game_at_once() -> None:
    state = start([[PA] * 5, [CA] * 5], first=0, flood=FL)
    set_deck(state, {WH: 1}, number=2)
    move(state, act.DONE)
    chance(state, WH)
    assert state.is_terminal() and state.hand_size[0] == 6
    assert state.turn == 1  # no further flood, no further turn


def test_a_market_draw_that_empties_the_last_deck_ends_the_game_at_once() -> None:
    state = start([[PA] * 5, [CA] * 5], first=0, flood=FL)
    set_deck(state, {WH: 1}, number=2)
    move(state, act.MARKET, act.discard_hand(PA), act.discard_hand(PA))
    chance(state, WH)
    assert state.is_terminal() and state.legal_actions() == []


# -- scoring ----------------------------------------------------------------------------------

# Seed 004's example, as stocks in crop order (Papyrus, Wheat, Lettuce, Castor, Flax).
SEED_004_A = [2, 1, 5, 2, 3]
SEED_004_B = [3, 3, 2, 3, 2]
SEED_004_C = [2, 5, 2, 4, 2]


def test_seed_004_scoring_example_b_wins_before_c_and_a() -> None:
    assert score_key(SEED_004_A) == (1, 2, 2, 3, 5)
    assert score_key(SEED_004_B) == (2, 2, 3, 3, 3)
    assert score_key(SEED_004_C) == (2, 2, 2, 4, 5)
    assert sum(SEED_004_B) < sum(SEED_004_C)  # B wins with fewer cards
    state = start([[PA] * 5, [FL] * 5, [PA, PA, FL, FL, spec(PA, WH)]], first=0, flood=LE)
    for seat, stock in enumerate((SEED_004_A, SEED_004_B, SEED_004_C)):
        fill_stock(state, seat, stock)
    set_deck(state, {CA: 1}, number=3)
    end_turn(state, (CA,))
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0, 0.0]
    result = state.observation(0)["result"]
    assert result["winners"] == [1]
    assert result["piles"] == [[1, 2, 2, 3, 5], [2, 2, 3, 3, 3], [2, 2, 2, 4, 5]]


def test_a_tie_on_the_smallest_pile_is_broken_by_the_next_piles() -> None:
    assert ranking_returns([[1, 2, 2, 2, 2], [1, 1, 9, 9, 9]]) == [1.0, -1.0]
    assert ranking_returns([[2, 2, 2, 2, 3], [2, 2, 2, 2, 2]]) == [1.0, -1.0]
    # The smallest pile decides first, whatever the totals.
    assert ranking_returns([[0, 9, 9, 9, 9], [1, 1, 1, 1, 1]]) == [-1.0, 1.0]


def test_a_full_tie_is_a_draw_and_tied_seats_share_their_places() -> None:
    assert ranking_returns([[1, 2, 3, 4, 5], [5, 4, 3, 2, 1]]) == [0.0, 0.0]
    assert ranking_returns([[2] * 5, [2] * 5, [1] * 5]) == [0.5, 0.5, -1.0]
    assert ranking_returns([[3] * 5, [1] * 5, [1] * 5]) == [1.0, -0.5, -0.5]
    four = ranking_returns([[4] * 5, [3] * 5, [2] * 5, [1] * 5])
    assert four == pytest.approx([1.0, 1 / 3, -1 / 3, -1.0])
    assert sum(four) == pytest.approx(0.0)


def test_returns_are_zero_until_the_game_is_over() -> None:
    state = start([[PA] * 5, [CA] * 5], first=0, flood=FL)
    fill_stock(state, 0, [3, 3, 3, 3, 3])
    assert state.returns() == [0.0, 0.0]
    assert "result" not in state.observation(0)


# -- the short variant ------------------------------------------------------------------------


def test_short_variant_for_two_removes_two_of_each_crop_and_five_unseen_speculations() -> None:
    state = new_state(2, variant="short")
    assert phase(state) == Phase.REMOVE
    assert state.deck[:NUM_CROPS] == [14] * NUM_CROPS and state.removed[:NUM_CROPS] == [2] * 5
    assert [k for k, _ in state.chance_outcomes()] == list(SPECULATIONS)
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([0.1] * 10)
    chance(state, spec(PA, WH))
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 9] * 9)
    chance(state, spec(PA, LE), spec(PA, CA), spec(PA, FL), spec(WH, LE))
    assert phase(state) == Phase.DEAL
    assert sum(state.deck[k] for k in SPECULATIONS) == 5
    assert state.deck_size == 70 + 5  # the locust is still aside
    deal(state, [PA] * 5, [WH] * 5)
    assert state.deck_size == 75 - 10 + 1
    for obs in (state.observation(0), state.observation(1), state.public_observation()):
        assert obs["removed"] == {"crops": dict.fromkeys(CROPS, 2), "speculations_unseen": 5}
        removed = [e for e in obs["log"] if e["event"] == "removed"]
        assert len(removed) == 5
        assert all("card" not in e and "Speculation" not in e["text"] for e in removed)
    assert is_conserved(state)


def test_short_variant_for_three_removes_one_card_of_each_crop() -> None:
    state = new_state(3, variant="short")
    assert phase(state) == Phase.DEAL  # no speculation card leaves
    assert state.deck[:NUM_CROPS] == [15] * NUM_CROPS
    assert state.deck[FIRST_SPECULATION:LOCUST] == [1] * 10
    assert state.deck_size == 75 + 10


@pytest.mark.parametrize("players", [4, 5])
def test_short_variant_is_refused_for_four_or_five_players(players: int) -> None:
    with pytest.raises(GameOptionError):
        new_state(players, variant="short")
    assert new_state(players).deck_size == 90  # the standard game is fine


# -- hidden information ---------------------------------------------------------------------


def test_hands_are_private_and_other_seats_draws_show_as_a_card() -> None:
    state = start([[PA] * 5, [WH] * 5], first=0, flood=FL)
    obs0, obs1, public = state.observation(0), state.observation(1), state.public_observation()
    assert obs0["hand"] == {"Papyrus": 5} and obs1["hand"] == {"Wheat": 5}
    assert "hand" not in public
    assert obs0["hand_sizes"] == obs1["hand_sizes"] == public["hand_sizes"] == [5, 5]
    dealt_to_0 = [e for e in obs1["log"] if e["event"] == "draw" and e["seat"] == 0]
    assert len(dealt_to_0) == 5
    assert all(e["card"] is None and "a card" in e["text"] for e in dealt_to_0)
    own = [e for e in obs0["log"] if e["event"] == "draw" and e["seat"] == 0]
    assert {e["card"] for e in own} == {"Papyrus"}
    assert "Papyrus" not in repr(obs1["log"]) and "Papyrus" not in repr(public["log"])


def test_fields_discards_flood_pile_and_stock_sizes_are_shown_to_every_seat() -> None:
    state = start([[PA, PA, PA, FL, FL], [WH, WH, LE, LE, CA]], first=0, flood=CA)
    plant(state, PA, PA, PA, draws=(FL, FL))
    chance(state, PA)
    move(state, act.MARKET, act.discard_hand(WH), act.discard_hand(LE))
    views = [state.observation(0), state.observation(1), state.public_observation()]
    for key in ("fields", "discard", "flood_pile", "deck", "hand_sizes", "stock_sizes"):
        assert views[0][key] == views[1][key] == views[2][key], key
    assert views[1]["stock_sizes"] == [1, 0]
    assert views[0]["discard"] == {"Wheat": 1, "Lettuce": 1}
    assert views[0]["fields"] == [{"crop": "Papyrus", "owner": 0, "size": 2}]


def stocked_game(**options: Any) -> NileState:
    """Seat 0 has harvested one Papyrus, seat 1 nothing; seat 1 is trading."""
    state = start([[PA, PA, PA, FL, FL], [WH, WH, LE, LE, CA]], first=0, flood=CA, **options)
    plant(state, PA, PA, PA, draws=(FL, FL))
    chance(state, PA)
    return state


def test_stocks_are_face_down_each_seat_sees_its_own_and_the_size_of_the_others() -> None:
    # Seed 000: harvests go face down into the stock, whose content is kept hidden.
    state = stocked_game()
    mine, theirs, spectator = state.observation(0), state.observation(1), state.public_observation()
    assert mine["stocks"] == [{**dict.fromkeys(CROPS, 0), "Papyrus": 1}, None]
    assert theirs["stocks"] == [None, dict.fromkeys(CROPS, 0)]
    assert spectator["stocks"] == [None, None]
    assert mine["stock_sizes"] == theirs["stock_sizes"] == spectator["stock_sizes"] == [1, 0]
    # The harvest happened in view of the table: the log still says what it was.
    assert any(e["event"] == "harvest" and e["crop"] == "Papyrus" for e in theirs["log"])


def test_open_stocks_shows_every_stock_to_everyone() -> None:
    state = stocked_game(open_stocks=True)
    for view in (state.observation(0), state.observation(1), state.public_observation()):
        assert view["stocks"][0]["Papyrus"] == 1 and view["stocks"][1] is not None


def test_every_stock_is_shown_at_the_end_for_the_scoring() -> None:
    state = stocked_game()
    set_deck(state, {WH: 1}, number=2)
    end_turn(state, (WH,))
    assert state.is_terminal()
    assert state.public_observation()["stocks"][0]["Papyrus"] == 1


def test_a_stored_game_from_before_hidden_stocks_keeps_them_open() -> None:
    record = GameRecord.of(stocked_game())
    data = record.to_json()
    del data["options"]["open_stocks"], data["options"]["rules"]
    old = GameRecord.from_json(data)
    assert old.options["open_stocks"] is True and old.options["rules"] == 1


def test_observation_has_exactly_the_documented_fields() -> None:
    state = start([[PA] * 5, [WH] * 5], first=0, flood=FL)
    common = {
        "game",
        "players",
        "seat",
        "turn",
        "active_seat",
        "current_player",
        "phase",
        "flood",
        "blocked",
        "flood_pile",
        "deck",
        "discard",
        "locust",
        "removed",
        "fields",
        "planting",
        "speculations",
        "trade",
        "hand_sizes",
        "stocks",
        "stock_sizes",
        "log",
    }
    assert set(state.observation(0)) == common | {"hand"}
    assert set(state.public_observation()) == common
    set_deck(state, {WH: 1}, number=2)
    end_turn(state, (WH,))
    assert set(state.observation(1)) == common | {"hand", "result"}
    assert KIND_NAMES[LOCUST] == "Plague of Locusts"
