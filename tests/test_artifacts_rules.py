"""One scenario per rule of NILE ARTIFACTS (seed 002 and the engine's stated decisions).

Positions are reached by play: the tests choose the monuments revealed, the first player
and every card laid or bought by applying chance outcomes, then sail, take, buy and offer
through ``apply_action``.  Cards in front of a seat, coins in hand and followers' levels
are set directly where play would need many rounds (tests/artifacts_helpers.py); those
helpers move cards and coins between zones and never create or lose one.
docs/rules/artifacts.md maps each rule to its test.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from nilegames.core import CHANCE
from nilegames.games.artifacts.actions import (
    BUY,
    DECLARE,
    DONE,
    NUM_ACTIONS,
    OFFER,
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
from nilegames.games.artifacts.game import ArtifactsGame
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
    DECLARING,
    OFFERING,
    REVEAL,
    SAILING,
    TAKING,
)
from tests import artifacts_helpers as helpers
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
    give,
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


#: docs/rules/artifacts.md, "The 54 artifact cards": every region has 4 cards of each of the
#: four types (a double card is one card) and 2 wild cards.
DOC_TYPES = ("scarab", "ankh", "vase", "mask")
DOC_REGIONS = ("blue", "green", "red")
DOC_PER_REGION = {"scarab": 4, "ankh": 4, "vase": 4, "mask": 4, "wild": 2}


def test_each_region_holds_four_cards_of_each_type_and_two_wilds() -> None:
    def kind(card: int) -> str:
        return "wild" if CARDS[card].type == WILD else DOC_TYPES[CARDS[card].type]

    for region, name in enumerate(DOC_REGIONS):
        cards = [c for c in range(NUM_CARDS) if CARDS[c].region == region]
        assert Counter(kind(c) for c in cards) == DOC_PER_REGION, name
        # the first space of a region adds a type and a wild, the second too, the third
        # two types: one wild on each of the first two spaces, none on the third
        spaces = sorted({CARDS[c].space for c in cards})
        wilds = [sum(kind(c) == "wild" for c in cards if CARDS[c].space == s) for s in spaces]
        assert wilds == [1, 1, 0], name
    whole = Counter(kind(c) for c in range(NUM_CARDS))
    assert whole == {"scarab": 12, "ankh": 12, "vase": 12, "mask": 12, "wild": 6}
    # the helpers' id lists (tests/artifacts_helpers.py) are these cards, region by region
    for region, name in enumerate(DOC_REGIONS):
        for word in (*DOC_TYPES, "wild"):
            listed = set(getattr(helpers, f"{name}_{word}s".upper()))
            if name == "red" and word in ("scarab", "vase", "mask"):  # and its double card
                listed.add(getattr(helpers, f"RED_DOUBLE_{word}".upper()))
            held = {c for c in range(NUM_CARDS) if CARDS[c].region == region and kind(c) == word}
            assert listed == held, (name, word)
    # a new game's deck holds them all
    deck = ArtifactsGame(2).new_initial_state().deck
    assert Counter((CARDS[c].region, kind(c)) for c in deck) == {
        (region, word): count for region in range(3) for word, count in DOC_PER_REGION.items()
    }


def doc_monument_table() -> list[tuple[str, list[str]]]:
    """The monument table of docs/rules/artifacts.md: each row's name and three levels."""
    text = (Path(__file__).resolve().parent.parent / "docs/rules/artifacts.md").read_text("utf-8")
    start = text.index("### The 18 monuments")
    section = text[start : text.index("\n###", start + 1)]
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$", section, re.M)
    return [(name, [a, b, c]) for name, a, b, c in rows if name not in ("monument", "---")]


#: A condition read from the doc's words: its family (the seed's seven, by monuments.py's
#: names for them), its count, and the types and regions it names.
DocCondition = tuple[str, int, frozenset[int], frozenset[int]]


def doc_condition(words: str) -> DocCondition:
    """Read one cell of the doc's monument table ("2 scarab or ankh", "2 blue cards"...)."""
    types = {t: i for i, t in enumerate(DOC_TYPES)}
    regions = {r: i for i, r in enumerate(DOC_REGIONS)}
    none: frozenset[int] = frozenset()
    if match := re.fullmatch(r"(\d) different types", words):
        return "diff", int(match[1]), none, none
    if match := re.fullmatch(r"(\d) of one type", words):
        return "same", int(match[1]), none, none
    if match := re.fullmatch(r"(\d) (\w+) or (\w+)", words):
        return "pair", int(match[1]), frozenset({types[match[2]], types[match[3]]}), none
    if match := re.fullmatch(r"(\d) (\w+) cards", words):
        return "region", int(match[1]), none, frozenset({regions[match[2]]})
    if match := re.fullmatch(r"1 (\w+) \+ 1 (\w+) \+ 1 more of either", words):
        return "plus", 3, none, frozenset({regions[match[1]], regions[match[2]]})
    if re.fullmatch(r"1 \w+( \+ 1 \w+)+", words):
        named = frozenset(regions[r] for r in re.findall(r"1 (\w+)", words))
        return "regions", len(named), none, named
    match = re.fullmatch(r"(\d) (\w+)", words)
    assert match, f"unread condition {words!r}"
    return "type", int(match[1]), frozenset({types[match[2]]}), none


#: The seed's seven families and the counts its table allows (2/3/4 where it says so; the
#: region families by the regions they name, "plus" always three cards).
SEED_COUNTS = {
    "type": {2},
    "pair": {2, 3, 4},
    "same": {2, 3, 4},
    "diff": {2, 3, 4},
    "region": {2},
    "regions": {2, 3},
    "plus": {3},
}


def test_the_monuments_are_the_docs_table_and_no_two_are_alike() -> None:
    table = doc_monument_table()
    assert len(table) == 18
    doc = [(name, [doc_condition(cell) for cell in cells]) for name, cells in table]
    # the engine's monuments, in id order, are the doc's rows, condition by condition
    for index, (name, levels) in enumerate(doc):
        assert MONUMENTS[index].name == name
        engine = [
            (c.family, c.need, frozenset(c.types), frozenset(c.regions))
            for c in MONUMENTS[index].levels
        ]
        assert engine == levels, name
    conditions = [c for _name, levels in doc for c in levels]
    # every condition is one of the seed's families with a count it allows; all appear
    assert all(need in SEED_COUNTS[family] for family, need, *_ in conditions)
    assert {family for family, *_ in conditions} == set(SEED_COUNTS)
    assert all(len(r) == need for f, need, _t, r in conditions if f == "regions")
    # no two monuments ask the same three things (in any order)
    assert len({frozenset(levels) for _name, levels in doc}) == 18
    assert len({name for name, _levels in doc}) == 18
    # the doc's own counts: all six pairs of types; each type in seven pair conditions;
    # each type alone at least once, the mask twice; blue and green ten times, red nine
    pairs = [t for f, _n, t, _r in conditions if f == "pair"]
    assert len(set(pairs)) == 6
    assert Counter(t for pair in pairs for t in pair) == dict.fromkeys(range(4), 7)
    alone = Counter(t for f, _n, ts, _r in conditions if f == "type" for t in ts)
    assert alone == {0: 1, 1: 1, 2: 1, 3: 2}
    named = Counter(r for _f, _n, _t, rs in conditions for r in rs)
    assert named == {0: 10, 1: 10, 2: 9}


#: docs/rules/artifacts.md, "Actions": each kind of action and how many ids it takes, in
#: the order the ids run.
DOC_ACTIONS = (
    ("sail to stop s", 11),
    ("take card c", 54),
    ("offer card c", 54),
    ("a wild counts as type t", 4),
    ("buy the top card", 1),
    ("turn around", 1),
    ("done offering", 1),
)


def test_126_actions_in_the_docs_order_each_range_doing_what_it_says() -> None:
    assert sum(n for _what, n in DOC_ACTIONS) == 126
    assert NUM_ACTIONS == ArtifactsGame(2).num_distinct_actions() == 126
    starts = [sum(n for _what, n in DOC_ACTIONS[:i]) for i in range(len(DOC_ACTIONS))]
    assert starts == [SAIL, TAKE, OFFER, DECLARE, BUY, TURN_AROUND, DONE]
    # each range by its effect, through its first and last ids: cards under spaces 1
    # (blue scarab and ankh), 7 (red scarab, red wild) and 9 (red scarab, red ankh)
    state = sailing(2, cards=[0, 1, 36, 41, 48, 53, 24, 25])
    set_coins(state, 0, 6)
    move(state, BUY)  # the top card, for 3 coins
    assert phase(state) == BUYING and state.coins[0] == 3
    chance(state, 2)
    assert state.tableaux[0] == [2]
    move(state, SAIL + 1)  # stop 1
    assert state.boats[0] == 1 and phase(state) == TAKING
    move(state, TAKE + 0)  # card 0, the first id
    assert state.tableaux[0] == [2, 0] and state.under[1] == [1]
    move(state, SAIL + 9)  # seat 1 to stop 9
    move(state, TAKE + 53)  # card 53, the last id
    assert state.boats[1] == 9 and state.tableaux[1] == [53]
    move(state, TURN_AROUND)  # seat 0, at stop 1, for 3 coins
    assert state.facing[0] == -1 and state.coins[0] == 0
    move(state, SAIL + LEFT_PORT)  # stop 0, the first id
    move(state, SAIL + RIGHT_PORT)  # stop 10, the last id
    assert state.boats == [LEFT_PORT, RIGHT_PORT] and phase(state) == OFFERING
    give(state, 0, [41])  # the red wild
    move(state, OFFER + 0, OFFER + 41)
    assert state.offering == [0, 41] and phase(state) == DECLARING
    move(state, DECLARE + 3)  # the last type: mask
    assert state.declared == [0, 3]
    move(state, DONE)
    assert state.seat == 1 and state.used == [0, 41]
    move(state, OFFER + 53)  # card 53, the last id
    assert state.offering == [53]
    move(state, DONE)
    assert sorted(state.discard) == [0, 41, 53]


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
