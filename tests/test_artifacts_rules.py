"""One scenario per rule of NILE ARTIFACTS (seed 002 and the engine's stated decisions).

Positions are reached by play: the tests choose the monuments revealed, the first player
and every card laid or bought by applying chance outcomes, then sail, take, buy and offer
through ``apply_action``.  Cards in front of a seat, coins in hand and followers' levels
are set directly where play would need many rounds (tests/artifacts_helpers.py); those
helpers move cards and coins between zones and never create or lose one.
docs/rules/artifacts.md maps each rule to its test.
"""

from __future__ import annotations

import pytest

from nilegames.core import CHANCE
from nilegames.games.artifacts.actions import (
    BUY,
    SAIL,
    TAKE,
    TURN_AROUND,
)
from nilegames.games.artifacts.cards import (
    CARDS,
    COIN_STOPS,
    LEFT_PORT,
    NUM_CARDS,
    RIGHT_PORT,
    STOP_REGION,
    WILD,
)
from nilegames.games.artifacts.monuments import (
    COMPLETED_FAVOUR,
    IN_PLAY,
    MONUMENTS,
    NUM_MONUMENTS,
    SHOWN,
    UNFINISHED_FAVOUR,
)
from nilegames.games.artifacts.state import (
    BUYING,
    CARDS_PER_ROUND,
    DEAL,
    OFFERING,
    REVEAL,
    SAILING,
    TAKING,
)
from tests.artifacts_helpers import (
    AMUN,
    BASTET,
    KARNAK,
    LAYOUT,
    LUXOR,
    SPHINX,
    VALLEY,
    at_offerings,
    chance,
    coin_events,
    coin_total,
    done,
    events,
    lay,
    level,
    move,
    new_state,
    offer,
    phase,
    refused,
    sail,
    sailing,
    sails,
    set_coins,
    start,
    take,
)

# -- components --------------------------------------------------------------------------------


def test_components() -> None:
    assert NUM_CARDS == len(CARDS) == 54
    assert STOP_REGION[0] == STOP_REGION[10] == -1  # a port at each end of nine spaces
    assert [STOP_REGION[s] for s in range(1, 10)] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert {0, 2, 5, 8, 10} == COIN_STOPS
    for space in range(1, 10):
        cards = [c for c in CARDS if c.space == space]
        assert len(cards) == 6 and all(c.region == STOP_REGION[space] for c in cards)
    assert sum(c.artifacts == 2 for c in CARDS) == 3
    assert all(c.region == 2 and c.type != WILD for c in CARDS if c.artifacts == 2)
    assert NUM_MONUMENTS == len(MONUMENTS) == 18 and IN_PLAY == 12 and SHOWN == 5
    assert all(len(m.levels) == 3 for m in MONUMENTS)
    assert COMPLETED_FAVOUR == (0, 2, 5, 10) and UNFINISHED_FAVOUR == (0, 2, 5, 0)


# -- set-up ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    state = new_state(players)
    assert state.current_player() == CHANCE and phase(state) == REVEAL
    outcomes = state.chance_outcomes()
    assert [m for m, _ in outcomes] == list(range(NUM_MONUMENTS))
    assert [p for _, p in outcomes] == pytest.approx([1 / 18] * 18)
    chance(state, VALLEY, AMUN, KARNAK, SPHINX)
    assert [m for m, _ in state.chance_outcomes()] == [
        m for m in range(NUM_MONUMENTS) if m not in (VALLEY, AMUN, KARNAK, SPHINX)
    ]
    assert refused(state, AMUN)  # already shown
    chance(state, LUXOR)
    # The first player is drawn by lot (the seed's "last to build" has no digital form).
    assert state.is_chance_node()
    assert [s for s, _ in state.chance_outcomes()] == list(range(players))
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / players] * players)
    assert refused(state, players)
    chance(state, players - 1)
    assert state.first == players - 1 and phase(state) == DEAL
    assert state.shown == [VALLEY, AMUN, KARNAK, SPHINX, LUXOR]
    assert state.pile_left == 7  # 12 in play, 5 shown, 6 in the box unseen
    assert state.levels == [[0] * players for _ in range(5)]  # every follower at 0
    assert state.boats == [LEFT_PORT] * players and state.facing == [1] * players
    assert state.coins == [0] * players and state.reserve == 30
    assert state.favour == [0] * players
    assert sorted(state.deck) == list(range(NUM_CARDS)) and not any(state.tableaux)
    obs = state.observation(0)
    assert obs["monument_pile"] == 7
    assert [m["id"] for m in obs["monuments"]] == [VALLEY, AMUN, KARNAK, SPHINX, LUXOR]
    assert all(m["followers"] == [0] * players for m in obs["monuments"])
    assert [(b["stop"], b["facing"]) for b in obs["boats"]] == [(0, "right")] * players
    assert obs["coins"] == [0] * players and obs["favour"] == [0] * players
    assert obs["first_player"] == players - 1


# -- preparation -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "count"), [(2, 8), (3, 9), (4, 12)])
def test_cards_laid_per_round(players: int, count: int) -> None:
    assert CARDS_PER_ROUND[players] == count
    state = start(players, first=1)
    for index, card in enumerate(LAYOUT[:count]):
        assert phase(state) == DEAL, f"only {index} cards were laid"
        outcomes = state.chance_outcomes()
        assert [c for c, _ in outcomes] == sorted(state.deck)
        assert [p for _, p in outcomes] == pytest.approx([1 / (NUM_CARDS - index)] * len(outcomes))
        chance(state, card)
    assert phase(state) == SAILING and state.seat == 1
    for card in LAYOUT[:count]:
        assert card in state.under[CARDS[card].space]  # under its printed space
    assert sum(map(len, state.under)) == count and len(state.deck) == NUM_CARDS - count
    assert events(state, "deal") == [("deal", c) for c in LAYOUT[:count]]


def test_earlier_cards_stay_and_all_are_laid() -> None:
    state = sailing(2)  # spaces 3 and 7, four cards each
    sail(state, 3)
    take(state, 13)
    sail(state, RIGHT_PORT)
    sail(state, RIGHT_PORT)
    done(state, 2)
    assert phase(state) == DEAL and state.round == 2
    left = {3: [12, 14, 15], 7: [36, 37, 38, 39]}
    assert {s: sorted(state.under[s]) for s in (3, 7)} == left  # still in place
    lay(state, [0, 1, 2, 16, 17, 40, 41, 48])  # all eight, two more under a full space 3
    assert phase(state) == SAILING
    assert sorted(state.under[1]) == [0, 1, 2] and sorted(state.under[3]) == [12, 14, 15, 16, 17]
    assert sorted(state.under[7]) == [36, 37, 38, 39, 40, 41] and state.under[9] == [48]
    assert sum(map(len, state.under)) == 7 + 8


# -- navigation --------------------------------------------------------------------------------


def test_sail_forward_any_distance_to_cards_or_port() -> None:
    state = sailing(2)  # cards under spaces 3 and 7 only
    assert sails(state) == [3, 7, RIGHT_PORT]
    for stop in (LEFT_PORT, 1, 2, 4, 5, 6, 8, 9):  # empty spaces (coin or not), no move
        assert refused(state, SAIL + stop)
    sail(state, 7)  # past space 3
    take(state, 36)
    assert state.boats == [7, LEFT_PORT] and state.seat == 1
    assert sails(state) == [3, 7, RIGHT_PORT]
    sail(state, 7)  # several boats may share a space
    take(state, 37)
    assert state.seat == 0 and sails(state) == [RIGHT_PORT]  # space 3 is behind it now
    assert refused(state, SAIL + 3) and refused(state, SAIL + 7)
    sail(state, RIGHT_PORT)
    sail(state, RIGHT_PORT)
    done(state, 2)
    # Round 2: the boats left the right port facing left and sail leftwards.
    lay(state, [0, 1, 2, 3, 48, 49, 50, 51])
    assert state.boats == [RIGHT_PORT, RIGHT_PORT] and state.facing == [-1, -1]
    assert state.seat == 1 and sails(state) == [LEFT_PORT, 1, 3, 7, 9]
    sail(state, 3)
    assert events(state, "sail")[-1] == ("sail", 1, RIGHT_PORT, 3)


def test_take_one_card() -> None:
    state = sailing(2)
    sail(state, 3)
    assert phase(state) == TAKING and state.seat == 0
    assert state.legal_actions() == [TAKE + c for c in (12, 13, 14, 15)]
    assert refused(state, TAKE + 36)  # not under this space
    take(state, 14)
    assert state.tableaux[0] == [14] and sorted(state.under[3]) == [12, 13, 15]
    assert phase(state) == SAILING and state.seat == 1  # one card, then the turn passes
    assert events(state, "take") == [("take", 0, 14)]


def test_alike_cards_taken_without_a_choice() -> None:
    state = sailing(2, cards=[14, 16, 36, 37, 38, 39, 24, 25])  # two blue vases at 3
    sail(state, 3)
    assert phase(state) == SAILING and state.seat == 1
    assert state.tableaux[0] == [14] and state.under[3] == [16]


def test_coin_on_coin_spaces_with_cards() -> None:
    state = sailing(2, cards=[6, 7, 12, 13, 24, 42, 43, 48])  # spaces 2, 3, 5, 8, 9
    sail(state, 2)  # a coin space
    assert state.coins == [1, 0] and state.reserve == 29
    take(state, 6)
    sail(state, 3)  # no coin
    take(state, 12)
    assert state.coins == [1, 0]
    sail(state, 5)  # a coin space, one card: taken at once
    assert state.coins == [2, 0] and state.tableaux[0] == [6, 24]
    sail(state, 8)
    assert state.coins == [2, 1]
    assert coin_events(state) == [(0, "space"), (0, "space"), (1, "space")]
    assert coin_total(state) == 30


def test_port_turns_the_boat_and_ends_its_navigation() -> None:
    state = sailing(2)
    sail(state, RIGHT_PORT)
    assert state.coins == [1, 0] and coin_events(state) == [(0, "port")]
    assert state.facing == [-1, 1] and state.arrived == [True, False]
    assert state.seat == 1
    sail(state, 3)
    take(state, 12)
    # Seat 0 is in port when its turn comes: a coin instead of a turn, seat 1 goes on.
    assert phase(state) == SAILING and state.seat == 1
    assert state.coins == [2, 0] and coin_events(state)[-1] == (0, "waiting")
    sail(state, 7)
    take(state, 36)
    assert state.seat == 1 and state.coins == [3, 0]
    sail(state, RIGHT_PORT)
    # Every boat is in port: the step ends at once, no one waits for a coin.
    assert phase(state) == OFFERING and state.seat == 0
    assert state.coins == [3, 1]
    assert coin_events(state) == [(0, "port"), (0, "waiting"), (0, "waiting"), (1, "port")]
    assert [e[1] for e in events(state, "sail")] == [0, 1, 1, 1]  # seat 0 sailed once


def test_turn_around_costs_three_coins_once_and_not_in_port() -> None:
    state = sailing(2, cards=[0, 1, 12, 13, 14, 36, 37, 38])  # spaces 1, 3 and 7
    assert TURN_AROUND not in state.legal_actions()
    set_coins(state, 0, 3)
    assert TURN_AROUND not in state.legal_actions()  # never in port
    assert refused(state, TURN_AROUND)
    sail(state, 3)
    take(state, 12)
    sail(state, 7)
    take(state, 36)
    set_coins(state, 0, 2)
    assert TURN_AROUND not in state.legal_actions()  # 2 coins are not enough
    set_coins(state, 0, 6)
    assert TURN_AROUND in state.legal_actions() and sails(state) == [7, RIGHT_PORT]
    move(state, TURN_AROUND)
    assert state.coins[0] == 3 and state.reserve == 27 and coin_total(state) == 30
    assert state.facing[0] == -1 and state.seat == 0 and phase(state) == SAILING
    assert sails(state) == [LEFT_PORT, 1]  # now leftwards only
    assert TURN_AROUND not in state.legal_actions()  # once per turn
    assert refused(state, TURN_AROUND)
    sail(state, 1)
    take(state, 0)
    sail(state, RIGHT_PORT)  # seat 1 reaches port
    assert state.seat == 0 and TURN_AROUND in state.legal_actions()  # a new turn
    sail(state, LEFT_PORT)
    assert state.facing[0] == 1  # the left port turns it round again
    assert phase(state) == OFFERING
    assert events(state, "turn_around") == [("turn_around", 0)]


def test_buy_the_top_card_for_three_coins_repeatedly() -> None:
    state = sailing(2)
    assert BUY not in state.legal_actions()
    set_coins(state, 0, 7)
    move(state, BUY)
    assert phase(state) == BUYING and state.is_chance_node()
    assert state.coins[0] == 4 and coin_total(state) == 30
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == sorted(state.deck) and len(outcomes) == NUM_CARDS - 8
    assert [p for _, p in outcomes] == pytest.approx([1 / 46] * 46)
    chance(state, 50)
    assert state.tableaux[0] == [50] and phase(state) == SAILING and state.seat == 0
    move(state, BUY)  # again, before sailing
    chance(state, 51)
    assert state.tableaux[0] == [50, 51] and state.coins[0] == 1
    assert BUY not in state.legal_actions() and refused(state, BUY)
    set_coins(state, 0, 2)
    assert BUY not in state.legal_actions() and refused(state, BUY)
    set_coins(state, 0, 3)
    sail(state, 3)
    assert BUY not in state.legal_actions()  # not once the boat has sailed
    take(state, 12)
    assert events(state, "bought") == [("bought", 0, 50), ("bought", 0, 51)]


def test_buy_before_the_offering_is_done() -> None:
    state = at_offerings([[0], [18]])
    set_coins(state, 0, 6)
    offer(state, [0])
    assert BUY in state.legal_actions()  # even with cards already offered
    move(state, BUY)
    chance(state, 1)  # a blue ankh
    assert phase(state) == OFFERING and state.seat == 0 and sorted(state.tableaux[0]) == [0, 1]
    offer(state, [1])  # offered with the card just bought
    done(state)
    assert level(state, BASTET, 0) == 1  # 2 scarab or ankh
    assert state.seat == 1 and state.coins[1] == 1 and BUY not in state.legal_actions()


def test_navigation_and_offerings_in_turn_order_from_the_first_player() -> None:
    state = sailing(3, first=1)
    sailed = []
    while phase(state) == SAILING:
        sailed.append(state.seat)
        sail(state, RIGHT_PORT)
    assert sailed == [1, 2, 0]
    offered = []
    while phase(state) == OFFERING:
        offered.append(state.seat)
        done(state)
    assert offered == [1, 2, 0]
    assert [e[1] for e in events(state, "offered")] == [1, 2, 0]
