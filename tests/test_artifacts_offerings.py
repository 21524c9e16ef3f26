"""One scenario per rule of NILE ARTIFACTS from the offerings to the end (seed 002 and the
engine's stated decisions): offerings, rewards, the end, the deck and the coins, bad
input. The components, set-up, preparation and navigation are in test_artifacts_rules.py;
positions are reached as tests/artifacts_helpers.py says.
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence

import pytest

from nilegames.core import CHANCE, GameOptionError
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
    LEFT_PORT,
    NUM_CARDS,
    RIGHT_PORT,
    WILD,
)
from nilegames.games.artifacts.game import ArtifactsGame
from nilegames.games.artifacts.monuments import (
    IN_PLAY,
    MONUMENTS,
    NUM_MONUMENTS,
    Condition,
)
from nilegames.games.artifacts.state import (
    DEAL,
    DECLARING,
    OFFERING,
    OVER,
    REVEAL,
    ROUND_LIMIT,
    SAILING,
    ArtifactsState,
)
from tests.artifacts_helpers import (
    ABU_SIMBEL,
    AMUN,
    ANKH,
    ANUBIS,
    BASTET,
    DISPLAY,
    HATHOR,
    ISIS,
    KARNAK,
    KHUFU,
    LAYOUT,
    LUXOR,
    MASK,
    MEMNON,
    OBELISK,
    OSIRIS,
    RED_DOUBLE_MASK,
    RED_DOUBLE_SCARAB,
    RED_DOUBLE_VASE,
    SCARAB,
    SPHINX,
    THOTH,
    VALLEY,
    VASE,
    at_offerings,
    card_zones,
    chance,
    coin_events,
    done,
    events,
    give,
    lay,
    level,
    move,
    new_state,
    next_offerings,
    offer,
    others,
    phase,
    refused,
    sail,
    sailing,
    set_coins,
    set_level,
    start,
    take,
)

# -- offerings: the condition families ---------------------------------------------------------

#: (monument, level index, cards offered, types declared for wilds, whether it climbs)
Case = tuple[int, int, tuple[int, ...], tuple[int, ...], bool]
FAMILY_CASES: dict[str, Case] = {
    "type2-scarab-met": (BASTET, 1, (0, 6), (), True),
    "type2-scarab-not": (BASTET, 1, (0, 1), (), False),
    "type2-ankh-met": (THOTH, 1, (1, 19), (), True),
    "type2-ankh-not": (THOTH, 1, (1, 2, 3), (), False),
    "type2-vase-met": (OSIRIS, 1, (2, 8), (), True),
    "type2-vase-not": (OSIRIS, 1, (2, 3), (), False),
    "type2-mask-met": (HATHOR, 1, (3, 9), (), True),
    "type2-mask-not": (HATHOR, 1, (3, 0), (), False),
    "pair2-met-mixed": (BASTET, 0, (0, 1), (), True),
    "pair2-met-one-type": (BASTET, 0, (1, 7), (), True),
    "pair2-not": (BASTET, 0, (0, 2), (), False),
    "pair3-met": (KARNAK, 1, (0, 2, 4), (), True),
    "pair3-not": (KARNAK, 1, (0, 2, 1, 3), (), False),
    "pair4-met": (BASTET, 2, (0, 1, 4, 7), (), True),
    "pair4-not": (BASTET, 2, (0, 1, 4, 2, 3), (), False),
    "same2-met": (OBELISK, 0, (0, 18), (), True),
    "same2-not": (OBELISK, 0, (0, 1), (), False),
    "same3-met": (OBELISK, 1, (0, 4, 6), (), True),
    "same3-not": (OBELISK, 1, (0, 4, 1, 7), (), False),
    "same4-met": (OBELISK, 2, (0, 4, 6, 12), (), True),
    "same4-not": (OBELISK, 2, (0, 4, 6, 1, 7, 13), (), False),
    "diff2-met": (AMUN, 0, (0, 1), (), True),
    "diff2-not": (AMUN, 0, (0, 4), (), False),
    "diff3-met": (AMUN, 1, (0, 1, 2), (), True),
    "diff3-not": (AMUN, 1, (0, 1, 4, 7), (), False),
    "diff4-met": (AMUN, 2, (0, 1, 2, 3), (), True),
    "diff4-not": (AMUN, 2, (0, 1, 2, 4, 7, 8), (), False),
    "region2-blue-met": (SPHINX, 1, (0, 1), (), True),
    "region2-blue-not": (SPHINX, 1, (0, 18), (), False),
    "region2-green-met": (KHUFU, 1, (18, 19), (), True),
    "region2-green-not": (KHUFU, 1, (18, 36), (), False),
    "region2-red-met": (ABU_SIMBEL, 1, (36, 37), (), True),
    "region2-red-not": (ABU_SIMBEL, 1, (36, 0), (), False),
    "regions2-met": (SPHINX, 0, (0, 18), (), True),
    "regions2-not": (SPHINX, 0, (0, 1), (), False),
    "regions3-met": (MEMNON, 1, (0, 18, 36), (), True),
    "regions3-not": (MEMNON, 1, (0, 1, 18, 19), (), False),
    "plus-met-two-red": (SPHINX, 2, (0, 36, 37), (), True),
    "plus-met-two-blue": (SPHINX, 2, (0, 1, 36), (), True),
    "plus-not-two-cards": (SPHINX, 2, (0, 36), (), False),
    "plus-not-no-blue": (SPHINX, 2, (36, 37, 38), (), False),
    "plus-not-third-elsewhere": (SPHINX, 2, (0, 36, 18), (), False),
    "wild-as-scarab": (BASTET, 1, (0, 5), (SCARAB,), True),
    "wild-as-ankh": (BASTET, 1, (0, 5), (ANKH,), False),
    "wild-pair": (BASTET, 0, (23, 29), (SCARAB, ANKH), True),
    "wild-diff": (AMUN, 1, (0, 1, 41), (MASK,), True),
    "wild-diff-not": (AMUN, 1, (0, 1, 41), (SCARAB,), False),
    "double-type2": (OSIRIS, 1, (RED_DOUBLE_VASE,), (), True),
    "double-same2": (OBELISK, 0, (RED_DOUBLE_MASK,), (), True),
    "double-pair4": (BASTET, 2, (RED_DOUBLE_SCARAB, 0, 1), (), True),
    "double-diff2-not": (AMUN, 0, (RED_DOUBLE_VASE,), (), False),
    "double-region2-not": (ABU_SIMBEL, 1, (RED_DOUBLE_VASE,), (), False),
    "double-region2-met": (ABU_SIMBEL, 1, (RED_DOUBLE_VASE, 36), (), True),
    "double-plus-not": (SPHINX, 2, (0, RED_DOUBLE_VASE), (), False),
}


def climbs(monument: int, index: int, cards: Sequence[int], declared: Sequence[int]) -> bool:
    """Whether seat 0, at level ``index`` on ``monument``, climbs by offering ``cards``."""
    state = at_offerings([list(cards), []], monuments=(monument, *others(monument)))
    set_level(state, monument, 0, index)
    offer(state, cards, declared)
    assert sorted(state.offering) == sorted(cards)
    done(state)
    assert state.seat == 1  # the rewards come after every offering
    after = level(state, monument, 0)
    assert after in (index, index + 1)
    return after == index + 1


@pytest.mark.parametrize("case", list(FAMILY_CASES.values()), ids=list(FAMILY_CASES))
def test_condition_families(case: Case) -> None:
    monument, index, cards, declared, expected = case
    assert climbs(monument, index, cards, declared) is expected


def test_every_condition_family_and_count_is_tested() -> None:
    def key(condition: Condition) -> tuple[str, int]:
        return condition.family, condition[1]  # the count (``.count`` is tuple's method)

    used = {key(c) for m in MONUMENTS for c in m.levels}
    tested_met = {key(MONUMENTS[m].levels[i]) for m, i, *_, ok in FAMILY_CASES.values() if ok}
    tested_not = {key(MONUMENTS[m].levels[i]) for m, i, *_, ok in FAMILY_CASES.values() if not ok}
    assert used == tested_met == tested_not
    assert used == {
        ("type", 2),
        ("pair", 2),
        ("pair", 3),
        ("pair", 4),
        ("same", 2),
        ("same", 3),
        ("same", 4),
        ("diff", 2),
        ("diff", 3),
        ("diff", 4),
        ("region", 2),
        ("regions", 2),
        ("regions", 3),
        ("plus", 3),
    }


def test_wild_declared_right_after_it_is_offered() -> None:
    state = at_offerings([[5, 0], []], monuments=(BASTET, *others(BASTET)))
    move(state, OFFER + 5)
    assert phase(state) == DECLARING and state.seat == 0
    assert state.legal_actions() == [DECLARE + t for t in range(4)]
    assert refused(state, DONE) and refused(state, OFFER + 0) and refused(state, BUY)
    move(state, DECLARE + VASE)
    assert phase(state) == OFFERING and state.declared == [VASE]
    assert state.observation(1)["offering"]["declared"] == ["vase"]
    assert events(state, "declare") == [("declare", 0, 5, VASE)]
    offer(state, [0])
    done(state)
    assert level(state, BASTET, 0) == 0  # a scarab and a vase: not 2 scarab or ankh


def test_alike_cards_are_offered_as_one_choice() -> None:
    # Two blue vases (both from space 3), two blue wilds (spaces 1 and 2): alike in region,
    # type and artifacts.  A green vase differs by region, the red double vase from the
    # red vase by artifacts: five choices for seven cards.
    held = [14, 16, 5, 11, 20, 38, RED_DOUBLE_VASE]
    state = at_offerings([held, []])

    def choices() -> list[tuple[int, int, int]]:
        offered = [a - OFFER for a in state.legal_actions() if OFFER <= a < OFFER + NUM_CARDS]
        assert all(c in state.tableaux[0] and c not in state.offering for c in offered)
        return sorted((CARDS[c].region, CARDS[c].type, CARDS[c].artifacts) for c in offered)

    blue_vase, blue_wild, green_vase = (0, VASE, 1), (0, WILD, 1), (1, VASE, 1)
    red_vase, red_double_vase = (2, VASE, 1), (2, VASE, 2)
    assert choices() == [blue_vase, blue_wild, green_vase, red_vase, red_double_vase]
    (vase,) = [a for a in state.legal_actions() if a - OFFER in (14, 16)]
    move(state, vase)  # one of the two: the other is still a choice
    assert choices() == [blue_vase, blue_wild, green_vase, red_vase, red_double_vase]
    (vase,) = [a for a in state.legal_actions() if a - OFFER in (14, 16)]
    move(state, vase)
    assert choices() == [blue_wild, green_vase, red_vase, red_double_vase]
    assert sorted(state.offering) == [14, 16]
    done(state)
    assert sorted(state.tableaux[0]) == [5, 11, 20, 38, RED_DOUBLE_VASE]


def test_a_wild_card_keeps_its_printed_region() -> None:
    # A red wild named a scarab, with a red scarab: two red cards and two scarabs.
    shown = (ABU_SIMBEL, BASTET, SPHINX, KHUFU, AMUN)
    state = at_offerings([[41, 36], [5, 20]], monuments=shown)
    set_level(state, ABU_SIMBEL, 0, 1)  # next: 2 red cards
    set_level(state, BASTET, 0, 1)  # next: 2 scarab
    set_level(state, SPHINX, 0, 1)  # next: 2 blue cards
    offer(state, [41, 36], [SCARAB])
    done(state)
    levels = [level(state, m, 0) for m in shown]
    # red twice (Abu Simbel), scarab twice (Bastet); not blue, not two types (Amun)
    assert levels == [2, 2, 1, 0, 0]
    # A blue wild named a vase, with a green vase: 1 blue + 1 green (the Sphinx), not
    # 1 green + 1 red (Khufu); two vases but one type (Amun).
    offer(state, [5, 20], [VASE])
    done(state)
    assert [level(state, m, 1) for m in shown] == [0, 0, 1, 0, 0]


def test_one_level_per_monument_per_offering() -> None:
    state = at_offerings([[0, 1, 2, 3], []], monuments=(AMUN, *others(AMUN)))
    offer(state, [0, 1, 2, 3])  # four types: meets levels 1, 2 and 3 of Amun
    done(state, 2)
    assert state.levels[0] == [1, 0]
    assert (AMUN, 1) in events(state, "offered")[0][4]
    next_offerings(state)
    give(state, 0, [4, 7, 8, 9])
    done(state)  # seat 1 is first in round 2
    assert state.seat == 0
    offer(state, [4, 7, 8, 9])
    done(state)
    assert level(state, AMUN, 0) == 2  # the next offering climbs one more


def test_several_monuments_in_one_offering() -> None:
    state = at_offerings([[0, 1, 18], []], monuments=(AMUN, OBELISK, BASTET, SPHINX, KHUFU))
    offer(state, [0, 1, 18])  # blue scarab, blue ankh, green scarab
    done(state)
    # 2 types, 2 scarabs, 3 scarab-or-ankh, blue and green: not green and red.
    assert [row[0] for row in state.levels] == [1, 1, 1, 1, 0]
    climbed = events(state, "offered")[0][4]
    assert climbed == ((AMUN, 1), (OBELISK, 1), (BASTET, 1), (SPHINX, 1))


def test_used_cards_discarded_when_the_offerings_end_the_rest_kept() -> None:
    state = at_offerings([[0, 1, 2], [18, 19]])
    offer(state, [0, 1])
    done(state)
    assert state.tableaux[0] == [2]  # kept for later rounds
    assert state.used == [0, 1] and state.discard == []  # held aside until the step ends
    assert sorted(card_zones(state)) == list(range(NUM_CARDS))
    offer(state, [18])
    done(state)
    assert sorted(state.discard) == [0, 1, 18] and state.used == []
    assert state.tableaux == [[2], [19]]
    assert phase(state) == DEAL and state.round == 2


# -- rewards -----------------------------------------------------------------------------------


def test_rewards_when_a_monument_is_completed() -> None:
    state = at_offerings(
        [[0, 1, 2, 3], [], [], []], monuments=(AMUN, OBELISK, BASTET, SPHINX, KHUFU)
    )
    for seat, value in enumerate((2, 2, 1, 0)):
        set_level(state, AMUN, seat, value)
        set_level(state, OBELISK, seat, 2)  # high, but no one completes it
    offer(state, [0, 1, 2, 3])  # diff 4: Amun's level 3 (and Bastet's level 1)
    done(state)
    assert state.favour == [0, 0, 0, 0]  # nothing until every seat has offered
    done(state, 3)
    assert state.favour == [10, 5, 2, 0]
    assert events(state, "completed") == [("completed", AMUN, (3, 2, 1, 0), (10, 5, 2, 0))]
    # Amun leaves the display; a new monument comes from the pile with every follower at 0.
    assert phase(state) == REVEAL and state.shown == [OBELISK, BASTET, SPHINX, KHUFU]
    assert state.levels == [[2, 2, 2, 2], [1, 0, 0, 0], [0] * 4, [0] * 4]
    unseen = [m for m in range(NUM_MONUMENTS) if m not in DISPLAY]
    assert [m for m, _ in state.chance_outcomes()] == unseen
    assert refused(state, AMUN)
    chance(state, MEMNON)
    assert state.shown == [OBELISK, BASTET, SPHINX, KHUFU, MEMNON]
    assert state.levels[-1] == [0, 0, 0, 0] and state.pile_left == 6
    assert phase(state) == DEAL and state.round == 2


def test_every_seat_at_level_three_earns_ten() -> None:
    cards = [0, 1, 2, 3, 4, 6, 12]  # four types and four scarabs
    state = at_offerings([cards, [18, 19, 20, 21]], monuments=(AMUN, OBELISK, BASTET, THOTH, LUXOR))
    for seat in (0, 1):
        set_level(state, AMUN, seat, 2)
    set_level(state, OBELISK, 0, 2)
    set_level(state, OBELISK, 1, 1)
    offer(state, cards)
    done(state)
    assert level(state, AMUN, 0) == 3 and level(state, OBELISK, 0) == 3
    offer(state, [18, 19, 20, 21])  # Amun is still shown: seat 1 completes it too
    done(state)
    assert state.favour == [20, 12]  # Amun 10 and 10, the Obelisk 10 and 2
    assert [e[1] for e in events(state, "completed")] == [AMUN, OBELISK]
    chance(state, VALLEY, ANUBIS)  # two replacements
    assert state.shown == [BASTET, THOTH, LUXOR, VALLEY, ANUBIS] and state.pile_left == 5


@pytest.mark.parametrize("players", [2, 3])
def test_first_player_passes_left(players: int) -> None:
    state = sailing(players, first=players - 1)
    firsts = []
    for _ in range(3):
        firsts.append(state.first)
        assert state.seat == state.first  # navigation starts with the first player
        all_sail_and_offer_nothing(state)
        lay(state)
    assert firsts == [players - 1, 0, 1]
    assert [e[2] for e in events(state, "round")] == [players - 1, 0, 1, 2 % players]


def all_sail_and_offer_nothing(state: ArtifactsState) -> None:
    while phase(state) == SAILING:
        sail(state, RIGHT_PORT if state.facing[state.seat] > 0 else LEFT_PORT)
    while phase(state) == OFFERING:
        done(state)


# -- the end -----------------------------------------------------------------------------------


def last_monument_revealed() -> ArtifactsState:
    """Two seats.  Round 1: seat 0 completes all five monuments shown (50 favour) and five
    more are revealed, leaving two in the pile.  Round 2: seat 0 completes the Shrine of
    Bastet and the House of Thoth, and the last two monuments of the pile are revealed."""
    round1 = [0, 1, 2, 3, 4, 6, 12]  # four types (diff 4) and four scarabs (same 4)
    state = at_offerings([round1, []], monuments=(AMUN, OBELISK, KARNAK, ANUBIS, VALLEY))
    for monument in state.shown:
        set_level(state, monument, 0, 2)
    offer(state, round1)
    done(state, 2)
    assert state.favour == [50, 0] and len(events(state, "completed")) == 5
    chance(state, BASTET, THOTH, OSIRIS, HATHOR, MEMNON)
    assert state.pile_left == 2 and not state.final_round
    assert phase(state) == DEAL and state.round == 2 and state.first == 1
    next_offerings(state)
    round2 = [1, 7, 10, 13]  # four ankhs: Bastet's and Thoth's level 3, nothing else
    give(state, 0, [*round2, 14])
    give(state, 1, [15, 17])
    levels = {BASTET: (2, 1), THOTH: (2, 2), OSIRIS: (2, 1), HATHOR: (1, 0), MEMNON: (1, 2)}
    for monument, seats in levels.items():
        for seat, value in enumerate(seats):
            set_level(state, monument, seat, value)
    done(state)  # seat 1 first
    offer(state, round2)
    done(state)
    assert state.favour == [70, 7]  # Bastet 10 + 2, Thoth 10 + 5
    assert state.shown == [OSIRIS, HATHOR, MEMNON] and phase(state) == REVEAL
    chance(state, SPHINX, KHUFU)
    assert state.pile_left == 0 and len(state.revealed) == IN_PLAY
    return state


def test_last_monument_revealed_makes_the_next_round_the_last() -> None:
    state = last_monument_revealed()
    assert state.final_round and events(state, "last_round") == [("last_round",)]
    # The seed: "Vous jouez un dernier tour puis procédez au comptage des points."
    assert not state.is_terminal(), "the game ended without playing its last round"
    assert phase(state) == DEAL and state.round == 3
    assert events(state, "round")[-1] == ("round", 3, 0, True)
    next_offerings(state)
    assert state.seat == 0
    give(state, 0, [20, 21, 26, 27])  # the last round's offerings still climb
    offer(state, [20, 21, 26, 27])  # 4 vase or mask: Osiris complete; 2 masks: Hathor
    done(state, 2)
    assert state.is_terminal() and state.round == 3
    assert len(state.revealed) == IN_PLAY  # 6 monuments stayed in the box
    assert state.shown == [HATHOR, MEMNON, SPHINX, KHUFU]  # no replacement: the pile is empty
    # Osiris pays 10 and 2; then Hathor (2, 0) and Memnon (1, 2) as unfinished.
    assert events(state, "game_over") == [("game_over", "monuments", (7, 5), (87, 14))]


def test_final_scoring_of_unfinished_monuments() -> None:
    state = last_monument_revealed()
    while not state.is_terminal():  # the last round, if played, changes no level
        all_sail_and_offer_nothing(state)
        if phase(state) == DEAL:
            next_offerings(state)
    # Unfinished: Osiris (2, 1), Hathor (1, 0), Memnon (1, 2), the Sphinx and Khufu (0, 0).
    assert events(state, "game_over") == [("game_over", "monuments", (9, 7), (79, 14))]
    assert state.favour == [79, 14] and state.returns() == [1.0, -1.0]
    result = state.observation(0)["result"]
    assert result["winners"] == [0] and result["favour"] == [79, 14]


def at_the_last_offerings(tableaux: list[list[int]], favour: list[int]) -> ArtifactsState:
    """The offerings of the round at the round limit, with this favour already earned."""
    state = at_offerings(tableaux)
    state.round = ROUND_LIMIT
    state.favour = favour
    return state


def test_winner_by_favour_then_cards_kept() -> None:
    # Seat 2 has the most favour; seats 0 and 1 tie, seat 0 keeps more cards.
    state = at_the_last_offerings([[0, 1], [18], [36, 37, 38]], [20, 20, 21])
    done(state, 3)
    assert state.is_terminal() and state.returns() == [0.0, -1.0, 1.0]
    assert state.observation(0)["result"]["cards_kept"] == [2, 1, 3]
    # More cards do not beat more favour.
    state = at_the_last_offerings([[0, 1, 2, 3, 4], []], [10, 11])
    done(state, 2)
    assert state.returns() == [-1.0, 1.0]
    # The same favour and the same number of cards: a shared place.
    state = at_the_last_offerings([[0, 1], [18, 19]], [10, 10])
    done(state, 2)
    assert state.returns() == [0.0, 0.0]
    assert state.observation(1)["result"]["winners"] == [0, 1]


def test_a_double_card_is_one_card_in_the_tie_break() -> None:
    # Equal favour: three double cards (six artifacts) against four single cards.
    doubles = [RED_DOUBLE_VASE, RED_DOUBLE_MASK, RED_DOUBLE_SCARAB]
    state = at_the_last_offerings([doubles, [18, 19, 20, 21]], [12, 12])
    done(state, 2)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.observation(0)["result"]["cards_kept"] == [3, 4]


def test_round_limit() -> None:
    state = at_offerings([[], []])
    state.round = ROUND_LIMIT - 1
    done(state, 2)
    assert not state.is_terminal() and state.round == ROUND_LIMIT
    next_offerings(state)
    done(state, 2)
    assert state.is_terminal() and phase(state) == OVER
    assert events(state, "game_over")[0][1] == "round limit"


@pytest.mark.parametrize("rules", [1, 2])
def test_the_round_limit_pays_unfinished_monuments(rules: int) -> None:
    # the Temple of Amun, Obelisk, Bastet, ...
    state = at_offerings([[0, 1, 2, 3], []], rules=rules)
    levels = {AMUN: (2, 1), OBELISK: (2, 1), BASTET: (0, 2), SPHINX: (0, 0), KHUFU: (1, 0)}
    for monument, seats in levels.items():
        for seat, value in enumerate(seats):
            set_level(state, monument, seat, value)
    state.round = ROUND_LIMIT
    assert state.pile_left == 7 and not state.final_round  # far from the normal end
    offer(state, [0, 1, 2, 3])  # four types: Amun completed; 2 scarab or ankh: Bastet 1
    done(state, 2)
    if rules == 1:  # edition 1 reveals a replacement for Amun first (all at level 0)
        assert phase(state) == REVEAL
        chance(state, MEMNON)
    assert state.is_terminal()
    # Amun pays 10 and 2 (levels 3 and 1); then, unfinished, 5 and 2 for levels 2 and 1:
    # the Obelisk (2, 1), Bastet (1, 2), Khufu (1, 0).
    gains = (5 + 2 + 2, 2 + 5)
    assert events(state, "game_over") == [
        ("game_over", "round limit", gains, (10 + gains[0], 2 + gains[1]))
    ]
    assert state.returns() == [1.0, -1.0]


def round_limit_completes_amun(rules: int) -> ArtifactsState:
    """Round 30 (the round limit) with one monument left in the pile: seat 0 completes the
    Temple of Amun and climbs Bastet to level 1, seat 1 offers nothing."""
    state = at_offerings([[0, 1, 2, 3], []], rules=rules)
    assert state.edition == rules
    set_level(state, AMUN, 0, 2)
    state.round = ROUND_LIMIT
    state.revealed.extend([OSIRIS, HATHOR, MEMNON, KARNAK, LUXOR, ISIS])
    state.pile_left = 1  # the pile's last card, which would replace Amun
    offer(state, [0, 1, 2, 3])
    done(state, 2)
    assert events(state, "completed") == [("completed", AMUN, (3, 0), (10, 0))]
    return state


def test_edition_2_reveals_no_replacement_once_the_round_limit_ends_the_game() -> None:
    state = round_limit_completes_amun(rules=2)
    assert state.is_terminal() and phase(state) == OVER  # no chance step before the end
    assert state.shown == [OBELISK, BASTET, SPHINX, KHUFU] and state.pile_left == 1
    assert len(events(state, "reveal")) == len(DISPLAY) and events(state, "last_round") == []
    # Amun's 10, then Bastet (1, 0) unfinished: the same result as edition 1 below.
    assert events(state, "game_over") == [("game_over", "round limit", (2, 0), (12, 0))]


def test_edition_1_still_reveals_a_replacement_at_the_round_limit() -> None:
    state = round_limit_completes_amun(rules=1)
    assert phase(state) == REVEAL and not state.is_terminal()
    chance(state, VALLEY)  # the pile's last card: it also logs a last round never played
    assert state.is_terminal() and state.pile_left == 0
    assert state.shown == [OBELISK, BASTET, SPHINX, KHUFU, VALLEY]
    assert events(state, "reveal")[-1] == ("reveal", VALLEY, 0)
    assert events(state, "last_round") == [("last_round",)]
    assert events(state, "game_over") == [("game_over", "round limit", (2, 0), (12, 0))]


def test_the_rules_option_chooses_the_edition_and_refuses_others() -> None:
    assert ArtifactsGame.rules_edition == 2
    assert new_state(2).edition == 2  # a new game plays the newest edition
    for rules in (1, 2):
        state = new_state(2, rules=rules)
        assert state.edition == rules
        assert state.clone().edition == rules  # kept by copies and pickles
        assert pickle.loads(pickle.dumps(state)).edition == rules
    for bad in (0, 3, "2", 2.0, True, None):
        with pytest.raises(GameOptionError, match=r"option rules=.* is not one of 1, 2"):
            ArtifactsGame(2, rules=bad)


# -- the deck and the coins --------------------------------------------------------------------


def test_discards_reshuffled_when_the_deck_runs_out() -> None:
    state = at_offerings([[0, 1, 2], []])
    offer(state, [0, 1, 2])
    done(state, 2)
    assert sorted(state.discard) == [0, 1, 2] and phase(state) == DEAL
    give(state, 1, sorted(state.deck)[2:])  # only two cards left in the deck
    lay(state, sorted(state.deck))
    # The third card of the lay-out finds the deck empty: the discards become the deck.
    assert phase(state) == DEAL and events(state, "reshuffle") == [("reshuffle", 3)]
    assert sorted(state.deck) == [0, 1, 2] and state.discard == []
    assert [c for c, _ in state.chance_outcomes()] == [0, 1, 2]
    lay(state, [2, 0, 1])
    # Deck and discards are both empty: the lay-out stops short (5 of 8).
    assert phase(state) == SAILING and state.deal_left == 0
    assert {0, 1, 2} <= {c for under in state.under for c in under}
    set_coins(state, state.seat, 3)
    assert BUY not in state.legal_actions()  # nothing to buy
    assert sorted(card_zones(state)) == list(range(NUM_CARDS))


def test_discards_reshuffled_for_a_purchase() -> None:
    state = at_offerings([[0], []])
    offer(state, [0])
    done(state, 2)
    lay(state)
    give(state, 1, list(state.deck))
    assert state.deck == [] and state.discard == [0]
    set_coins(state, state.seat, 3)
    move(state, BUY)
    assert events(state, "reshuffle") == [("reshuffle", 1)]
    assert state.chance_outcomes() == [(0, 1.0)]
    chance(state, 0)
    assert 0 in state.tableaux[state.seat] and phase(state) == SAILING


def test_coin_reserve_runs_out() -> None:
    state = sailing(2, cards=[6, 7, 12, 13, 36, 37, 38, 39])  # spaces 2 (coin), 3, 7
    set_coins(state, 0, 18)
    set_coins(state, 1, 12)
    assert state.reserve == 0
    sail(state, 2)  # a coin space, but no coin left
    take(state, 6)
    sail(state, RIGHT_PORT)  # no coin in port either; the boat still turns
    assert state.facing[1] == -1 and state.arrived[1]
    sail(state, 3)
    take(state, 12)
    assert state.seat == 0  # seat 1 waited, without a coin
    assert state.coins == [18, 12] and coin_events(state) == []
    move(state, TURN_AROUND)  # 3 coins back to the reserve
    sail(state, 2)  # the last card there is taken at once
    assert state.coins == [16, 13] and state.reserve == 1
    assert coin_events(state) == [(0, "space"), (1, "waiting")]


# -- bad input ---------------------------------------------------------------------------------


def test_bad_input_refused_without_change() -> None:
    state = new_state(2)
    assert refused(state, NUM_MONUMENTS) and refused(state, -1)
    assert refused(state, 0, player=0)  # a seat cannot resolve chance
    state = start(2)
    assert refused(state, 54) and refused(state, 0, player=1)
    chance(state, 12)
    assert refused(state, 12)  # already laid
    lay(state, LAYOUT[1:8])
    assert phase(state) == SAILING and state.seat == 0
    for bad in (SAIL + 1, SAIL + LEFT_PORT, TAKE + 12, OFFER + 0, DONE, BUY, TURN_AROUND):
        assert refused(state, bad)
    for junk in (NUM_ACTIONS, -1, 10**9, "0", 3.0, None, True, [SAIL + 3]):
        assert refused(state, junk)
    assert refused(state, SAIL + 3, player=1)  # not seat 1's turn
    assert refused(state, SAIL + 3, player=CHANCE)
    sail(state, 3)
    assert refused(state, TAKE + 13, player=1) and refused(state, SAIL + 7)
    take(state, 13)
    all_sail_and_offer_nothing_until_offerings(state)
    give(state, 0, [0])
    assert refused(state, OFFER + 18)  # not in front of seat 0
    assert refused(state, DECLARE + 0)  # no wild offered
    assert refused(state, DONE, player=1)
    state = at_offerings([[0, 1], []])
    state.round = ROUND_LIMIT
    done(state, 2)
    assert state.is_terminal()
    assert refused(state, DONE) and refused(state, DONE, player=0) and refused(state, 0)


def all_sail_and_offer_nothing_until_offerings(state: ArtifactsState) -> None:
    while phase(state) == SAILING:
        sail(state, RIGHT_PORT if state.facing[state.seat] > 0 else LEFT_PORT)
    assert phase(state) == OFFERING
