"""AN DEN UFERN DES NILS (banks): the reconstructed components field by field and card by
card, the bidding variants in detail, and the secrecy of a bid under way.

Expected values are written here as literal data copied from docs/rules/banks.md (the
palm table of §1, the face and back tables of §1, the variants of §7, the hidden
information of §8), never recomputed with the engine's own formulas.  Positions are built
as in tests/test_banks_rules.py: by play, choosing every chance outcome, and where play
would take too long, with the zone-to-zone helpers of tests/banks_helpers.py.  The states
whose secrecy is checked are reached by play alone, so that a resampled world's history
can be replayed from the start.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nilegames.core import resolve_chance
from nilegames.games.banks.actions import BID, BUY_JOKER, END_ACTIONS, USE_JOKER
from nilegames.games.banks.board import EBB_1, FIELDS, NUM_FIELDS, NUM_MARKET_ROWS, PALMS, ROWS
from nilegames.games.banks.cards import (
    DESERT,
    DOUBLE,
    EVENTS,
    FACE_COUNTS,
    FACES,
    HIPPO,
    NONE,
    NUM_DESERT,
    NUM_WATER,
    ROT,
    SINGLE,
    desert_counts,
    water_counts,
)
from nilegames.games.banks.game import BanksGame
from nilegames.games.banks.state import (
    ACTIONS,
    BIDDING,
    DESERT_BACK,
    EBBING,
    EMPTY_GROUND,
    FIRST,
    FLOODING,
    OPEN_PLANTS,
    RIPE,
    ROUND_LIMIT,
    SET_DESERT,
    SPOILED,
    TOP_FACE,
    BanksState,
)
from tests.banks_helpers import (
    AUBERGINE,
    DRY_TOPS,
    FLAX,
    N3,
    N4,
    N5,
    ONION,
    OPENING_RIPE,
    SET_UP_DESERTS,
    SS,
    WHEAT,
    chance,
    desert_count,
    end_actions,
    event,
    events,
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
    set_top,
    setup_desert,
    water,
    water_count,
)

# -- literal data from docs/rules/banks.md ------------------------------------------------

#: §1 "The board": the palm table, row by row, each row from the Nile out (field 1 first).
DOC_PALM_TABLE = {
    2: (3, 2),
    3: (4, 3, 2),
    4: (4, 3, 2, 1),
    5: (4, 4, 3, 2, 1),
}
#: The same table laid out on the 28 field ids (§1: rows 0-3 the north 2-, 3-, 4-, 5-row,
#: rows 4-7 the south ones in the same order; ids run row by row from the Nile outwards).
DOC_PALMS = (
    *(3, 2),  # fields 0-1: north 2-row
    *(4, 3, 2),  # 2-4: north 3-row
    *(4, 3, 2, 1),  # 5-8: north 4-row
    *(4, 4, 3, 2, 1),  # 9-13: north 5-row
    *(3, 2),  # 14-15: south 2-row
    *(4, 3, 2),  # 16-18: south 3-row
    *(4, 3, 2, 1),  # 19-22: south 4-row
    *(4, 4, 3, 2, 1),  # 23-27: south 5-row
)
#: §1 edition 2: the 4- and 5-field rows have one palm more, 4 at most (2 on every desert
#: edge).
DOC_PALM_TABLE_2 = {
    2: (3, 2),
    3: (4, 3, 2),
    4: (4, 4, 3, 2),
    5: (4, 4, 4, 3, 2),
}
DOC_PALMS_2 = tuple(palms for row in ROWS for palms in DOC_PALM_TABLE_2[len(row)])

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

#: §1 "Event backs", (kind, palms, arrow) -> cards.  Water: 5 rot of each palm value (one
#: of each with an arrow), 15 desert (3 with an arrow), 10 hippo (2 with an arrow).
DOC_WATER_BACKS = {
    (ROT, 1, False): 4,
    (ROT, 1, True): 1,
    (ROT, 2, False): 4,
    (ROT, 2, True): 1,
    (ROT, 3, False): 4,
    (ROT, 3, True): 1,
    (ROT, 4, False): 4,
    (ROT, 4, True): 1,
    (DESERT, 0, False): 12,
    (DESERT, 0, True): 3,
    (HIPPO, 0, False): 8,
    (HIPPO, 0, True): 2,
}
#: Desert: 3 rot of each palm value (an arrow on one rot 2 and one rot 4), 10 desert (2
#: with an arrow), 8 hippo (2 with an arrow).
DOC_DESERT_BACKS = {
    (ROT, 1, False): 3,
    (ROT, 2, False): 2,
    (ROT, 2, True): 1,
    (ROT, 3, False): 3,
    (ROT, 4, False): 2,
    (ROT, 4, True): 1,
    (DESERT, 0, False): 8,
    (DESERT, 0, True): 2,
    (HIPPO, 0, False): 6,
    (HIPPO, 0, True): 2,
}

#: The four variants of §7, all on.
ALL_VARIANTS = {"hippo_auction": True, "bid_start": True, "seed_trade": True, "joker_heal": True}


# -- building positions --------------------------------------------------------------------


def bid(state: BanksState, *amounts: int) -> None:
    """The seats to bid take these numbers of plants in hand, one after another."""
    for amount in amounts:
        assert state.phase == BIDDING, f"expected an auction, phase is {state.phase}"
        move(state, BID + amount)


def first_player_auction(players: int = 3, **options: Any) -> BanksState:
    """By play: the stacks' tops shown (dry), the first-player auction opens at seat 0."""
    state = new_state(players, bid_start=True, **options)
    for _ in range(players):
        reveal(state, *DRY_TOPS)
    assert state.phase == BIDDING and state.seat == 0
    return state


def hippo_auction(players: int = 3) -> BanksState:
    """By play alone, a hippopotamus auction in round 1, opened by the first player, seat 0.

    Seat 0's tops show single-single; in the opening it floods the north 3-row's first
    field (its new top single-single again).  In round 1 it floods the second field (new
    top single-single) and, from its other stack, the third, where the set-up's desert
    card lies: the card turns up a hippopotamus.  The other seats' tops are dry.  The new
    top of seat 0's second stack is still to be drawn while the seats bid.
    """
    tops = [(SS, SS)] + [DRY_TOPS] * (players - 1)
    state = open_game(players, 0, tops=tops, waters={0: (0, N3, SS)}, hippo_auction=True)
    assert state.round == 1 and state.phase == FLOODING and state.seat == 0
    move(state, water(0, N3))
    reveal(state, SS)
    move(state, water(1, N3))
    assert state.phase == DESERT_BACK
    chance(state, event(HIPPO))
    assert state.phase == BIDDING and state.seat == 0
    assert state.tops[0] == [SS, -1] and state.reveal_queue == [(0, 1)]
    return state


AUCTIONS = {"hippo": hippo_auction, "first player": first_player_auction}


def hippo_bidding(**options: bool) -> BanksState:
    """Round 1 of a 2-player game with the hippopotamus variant, seat 0 to act: one
    single-single card on the north 5-row and the circle moved to ebb (arranged with the
    helpers).  Arrange more, then :func:`open_hippo_auction` plays on to the auction."""
    state = playing(2, hippo_auction=True, **options)
    lay_water(state, N5, SS, seat=0)
    state.circle = EBB_1
    return state


def open_hippo_auction(state: BanksState) -> None:
    """Round 1 ends; in round 2 seat 1 (first) ebbs the card, whose back is a hippopotamus:
    the auction opens at seat 1."""
    end_actions(state)
    assert state.round == 2 and state.phase == EBBING and state.seat == 1
    move(state, remove(N5))
    chance(state, event(HIPPO))
    assert state.phase == BIDDING and state.seat == 1


def replay(state: BanksState) -> BanksState:
    """A new game of the same options with ``state``'s history applied move by move."""
    again = BanksGame(state.n, **state.game.options).new_initial_state()
    for action in state.history():
        again.apply_action(action)
    return again


def bid_view(state: BanksState, viewer: int | None, seat: int) -> dict[str, Any]:
    """The last log entry ``viewer`` sees for ``seat``'s bid."""
    obs = state.public_observation() if viewer is None else state.observation(viewer)
    entries = [e for e in obs["log"] if e["event"] == "bid" and e["seat"] == seat]
    return dict(entries[-1])


# -- §1 components, field by field and card by card -------------------------------------------


def test_palm_map_field_by_field_matches_the_rules_table_short_rows_included() -> None:
    assert len(DOC_PALMS) == NUM_FIELDS
    for length, palms in DOC_PALM_TABLE.items():  # the table and its layout agree
        rows = [row for row in ROWS if len(row) == length]
        assert len(rows) == 2 and all(tuple(DOC_PALMS[f] for f in row) == palms for row in rows)
    assert [FIELDS[f].palms for f in range(NUM_FIELDS)] == list(DOC_PALMS)
    # the short rows' extra palm: a 2-row's first field (one from the desert's edge) has 3,
    # the 4-row's third (one from the edge too) only 2; 3-rows start on 4 like longer rows
    assert FIELDS[ROWS[0][0]].palms == 3 and FIELDS[ROWS[2][2]].palms == 2
    assert FIELDS[ROWS[1][0]].palms == 4 and FIELDS[ROWS[1][-1]].palms == 2
    # every seat is shown the same map (edition 1; edition 2 below)
    layout = playing(5, rules=1).observation(3)["layout"]["rows"]
    shown = {cell["field"]: cell["palms"] for row in layout for cell in row["fields"]}
    assert shown == dict(enumerate(DOC_PALMS))
    assert PALMS[1] == DOC_PALMS


def test_edition_2_gives_the_long_rows_one_palm_more_and_shows_it() -> None:
    assert PALMS[2] == DOC_PALMS_2
    assert all(PALMS[2][row[-1]] == 2 for row in ROWS)  # the set-up's deserts: 1 or 2
    for f in range(NUM_FIELDS):  # one more in the 4- and 5-field rows, 4 at most
        long_row = len(ROWS[FIELDS[f].row]) >= 4
        assert PALMS[2][f] == (min(4, PALMS[1][f] + 1) if long_row else PALMS[1][f])
    state = playing(5)
    layout = state.observation(3)["layout"]["rows"]
    shown = {cell["field"]: cell["palms"] for row in layout for cell in row["fields"]}
    assert shown == dict(enumerate(DOC_PALMS_2))
    assert "north 5-row field 5 (2 palms)" in state.action_to_string(grow(ROWS[3][-1]))


@pytest.mark.parametrize(("rules", "palms"), [(1, DOC_PALMS), (2, DOC_PALMS_2)])
def test_a_fields_palms_are_the_market_rows_its_harvest_may_enter_on_all_28_fields(
    rules: int, palms: tuple[int, ...]
) -> None:
    """A ripe plant of v palms may enter the v rightmost market rows (§1), so the palm map
    is what harvesting does: checked on every field with five players (no strip).  The
    set-up's desert cards lie on the north edge in one game, the south edge in the other."""
    north_deserts = playing(5, rules=rules)
    south = (ROWS[5][-1], ROWS[6][-1], ROWS[7][-1])
    # seat 3's default ripe plant would go on the south 4-row's last field: move it
    south_deserts = playing(5, deserts=south, plants={3: ((21, WHEAT), (24, FLAX))}, rules=rules)
    for field in range(NUM_FIELDS):
        base = north_deserts if field not in SET_UP_DESERTS else south_deserts
        state = base.clone()
        assert state.fields_ground[field] == EMPTY_GROUND and state.seat == 0
        put(state, field, 0, WHEAT)
        targets = {
            a - harvest(field, 0)
            for a in state.legal_actions()
            if harvest(field, 0) <= a < harvest(field, 0) + NUM_MARKET_ROWS
        }
        assert targets == set(range(palms[field])), field


def test_the_45_water_faces_split_as_the_rules_table_and_the_first_top_draws_by_it() -> None:
    assert list(FACES) == [face for face, _count in DOC_FACES]
    assert list(FACE_COUNTS.items()) == list(DOC_FACES)
    # each water card pairs a face with a back: the backs per face add up to the same
    assert [sum(backs) for backs in water_counts()] == [count for _face, count in DOC_FACES]
    # the first top turned up is drawn from all 45 cards by these counts
    state = new_state(2)
    assert state.phase == TOP_FACE
    outcomes = state.chance_outcomes()
    assert [face for face, _p in outcomes] == list(range(6))
    assert [p for _face, p in outcomes] == pytest.approx(
        [16 / 45, 8 / 45, 10 / 45, 3 / 45, 4 / 45, 4 / 45]
    )
    # the second top comes from the 44 left
    reveal(state, SS)
    assert [p for _face, p in state.chance_outcomes()] == pytest.approx(
        [15 / 44, 8 / 44, 10 / 44, 3 / 44, 4 / 44, 4 / 44]
    )


def test_the_water_and_desert_backs_split_by_rot_palms_desert_hippo_and_arrow() -> None:
    # the literal tables add up as the doc's totals say
    assert sum(DOC_WATER_BACKS.values()) == NUM_WATER == 45
    assert sum(n for (_k, _p, arrow), n in DOC_WATER_BACKS.items() if arrow) == 9
    assert sum(DOC_DESERT_BACKS.values()) == NUM_DESERT == 30
    assert sum(n for (_k, _p, arrow), n in DOC_DESERT_BACKS.items() if arrow) == 6

    def by_event(counts: list[int]) -> dict[tuple[int, int, bool], int]:
        return {EVENTS[e]: n for e, n in enumerate(counts) if n}

    water_backs = [sum(backs[e] for backs in water_counts()) for e in range(len(EVENTS))]
    assert by_event(water_backs) == DOC_WATER_BACKS
    assert by_event(desert_counts()) == DOC_DESERT_BACKS
    # a new game holds them all unseen
    state = playing(2)
    assert by_event([sum(b[e] for b in state.water_unseen) for e in range(len(EVENTS))]) == (
        DOC_WATER_BACKS
    )
    assert by_event(state.desert_unseen) == DOC_DESERT_BACKS
    # the first desert card a flood covers turns up a back by these odds: round 2, seat 1
    # floods the north 3-row's last field, the set-up's desert card
    lay_water(state, N3, SS, SS, seat=0)
    set_top(state, 1, 0, SS)
    end_actions(state)
    assert state.round == 2 and state.phase == FLOODING and state.seat == 1
    move(state, water(0, N3))
    assert state.phase == DESERT_BACK
    odds = {EVENTS[e]: p for e, p in state.chance_outcomes()}
    assert odds == pytest.approx({key: n / 30 for key, n in DOC_DESERT_BACKS.items()})
    assert water_count(state) == NUM_WATER and desert_count(state) == NUM_DESERT


# -- §7 the first-player auction ----------------------------------------------------------------


def test_a_first_player_auction_tied_three_times_goes_to_lots_among_the_last_tied() -> None:
    state = first_player_auction(3, rules=1)  # edition 1: every seat bids again
    bid(state, 2, 2, 0)  # first auction: seats 0 and 1 tie
    assert state.phase == BIDDING and state.seat == 0 and state.first == -1
    bid(state, 0, 0, 0)  # second: all three tie
    assert state.phase == BIDDING and state.seat == 0
    # the plants bid went into the boat: seat 0 has 13 left to bid
    assert state.legal_actions() == [BID + k for k in range(14)]
    bid(state, 1, 0, 1)  # third: seats 0 and 2 tie, and no fourth auction is held
    assert state.phase == FIRST and state.is_chance_node()
    assert state.chance_outcomes() == [(0, 0.5), (2, 0.5)]
    assert refused(state, 1)  # seat 1 was not among the last tied
    assert [e[3] for e in events(state, "bids")] == [-1, -1, -1]
    assert len(events(state, "auction")) == 3
    assert [sum(b) for b in state.boat] == [3, 2, 1]  # every auction's bids, all seats
    chance(state, 2)
    assert state.first == 2 and state.phase == SET_DESERT and state.seat == 2
    assert events(state, "first") == [("first", 2)]
    assert plants_conserved(state)


def test_a_first_player_auction_won_at_the_third_try_needs_no_lots() -> None:
    state = first_player_auction(2)
    bid(state, 0, 0)
    bid(state, 3, 3)
    assert state.phase == BIDDING
    bid(state, 0, 1)
    assert state.first == 1 and state.phase == SET_DESERT and state.seat == 1
    assert [sum(b) for b in state.boat] == [3, 4]
    # all three tied at 0: lots among every seat
    state = first_player_auction(2)
    bid(state, 0, 0, 0, 0, 0, 0)
    assert state.phase == FIRST and state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert state.boat == [[0] * 5, [0] * 5]


def test_a_bid_takes_plants_from_the_crop_the_seat_has_most_of_first() -> None:
    """Ties between crops go in the order flax, wheat, grapes, onion, aubergine (§7)."""
    state = first_player_auction(2)
    bid(state, 6, 6)  # a tie: both bids go into the boat, and they bid again
    # from 5/4/3/2/1: flax, flax (4 = 4: flax first), wheat, flax, wheat, grapes
    assert state.boat == [[3, 2, 1, 0, 0]] * 2
    assert state.supply == [[2, 2, 2, 2, 1]] * 2
    bid(state, 5, 0)
    # from 2/2/2/2/1: flax, wheat, grapes, onion, then flax again
    assert state.boat == [[5, 3, 2, 1, 0], [3, 2, 1, 0, 0]]
    assert state.supply == [[0, 1, 1, 1, 1], [2, 2, 2, 2, 1]]
    assert state.first == 0 and plants_conserved(state)


def test_a_hippo_winners_bid_leaves_from_its_most_plentiful_crops_the_losers_keep_theirs() -> None:
    state = hippo_bidding()
    open_hippo_auction(state)
    # seat 0: supply 1/3/3/0/1, boat 4/1/0/2/0 (which counts towards its total)
    put_boat(state, 0, FLAX, 4)
    put_boat(state, 0, WHEAT, 1)
    put_boat(state, 0, ONION, 2)
    assert state.supply[0] == [1, 3, 3, 0, 1]
    bid(state, 5, 3)  # seat 1: 5 + 0; seat 0: 3 + 7
    assert events(state, "bids")[-1] == ("bids", (3, 5), (10, 5), 0)
    # wheat (3 = 3: wheat before grapes), grapes, wheat
    assert state.boat[0] == [4, 1 + 2, 0 + 1, 2, 0]
    assert state.supply[0] == [1, 1, 2, 0, 1]
    assert state.boat[1] == [0] * 5 and state.supply[1] == [5, 4, 3, 2, 1]
    assert plants_conserved(state)
    # its three points spent, the extra turn ends by itself though it holds two jokers
    assert state.extra_turn and state.jokers[0] == 2
    move(state, plant(ROWS[N4][0], FLAX), plant(ROWS[N4][1], WHEAT), plant(ROWS[N4][2], AUBERGINE))
    assert not state.extra_turn and events(state, "end_actions")[-1] == ("end_actions", 0, 0)
    assert state.phase == ACTIONS and state.seat == 1  # the ebb is over: the round's turns


# -- §3 a seat left without plants by the first-player auction is skipped -----------------------


def test_a_seat_with_no_plant_to_lay_in_the_opening_is_skipped_and_the_log_says_so() -> None:
    state = first_player_auction(2)
    bid(state, 15, 14)  # seat 0 bids every plant, seat 1 all but one
    assert state.first == 0
    assert state.supply == [[0, 0, 0, 0, 0], [0, 0, 0, 0, 1]]  # the aubergine is last
    move(state, *(setup_desert(f) for f in SET_UP_DESERTS))
    # no boat stage; no water fits (dry tops); seat 0 has nothing to lay: seat 1's turn
    assert state.phase == OPEN_PLANTS and state.seat == 1
    assert state.observation(0)["opening"] == "ripe"
    assert [e[1] for e in events(state, "no_water")] == [0, 1]
    assert {e[1] for e in events(state, "no_plant")} == {0}
    crops = {(a - plant(0, 0)) % 5 for a in state.legal_actions()}
    assert crops == {AUBERGINE}
    move(state, plant(OPENING_RIPE[1], AUBERGINE))
    # its seed step has no plant either: skipped, and round 1 begins
    assert plants_on(state, OPENING_RIPE[1]) == [(1, AUBERGINE, 1)]
    no_plant = [e[1] for e in events(state, "no_plant")]
    assert set(no_plant) == {0, 1} and no_plant[-1] == 1
    assert state.round == 1 and state.phase == ACTIONS and state.seat == 0
    texts = [e["text"] for e in state.observation(1)["log"] if e["event"] == "no_plant"]
    assert texts[0] == "Seat 0: no plant left to lay" and texts[-1] == "You: no plant left to lay"
    assert plants_conserved(state)


# -- §7 the hippopotamus winner's extra turn ------------------------------------------------


def test_the_hippo_winner_plays_three_points_without_jokers_and_its_plants_act_again() -> None:
    state = hippo_bidding(joker_heal=True)
    seed_field, sow_field = ROWS[N4][0], ROWS[N4][1]  # 4 and 3 palms
    put(state, seed_field, 0, WHEAT, ripe=False)
    put_market(state, 0, [(0, FLAX, SPOILED)])
    open_hippo_auction(state)
    bid(state, 0, 1)  # seat 0 wins with 1 against 0
    assert state.phase == ACTIONS and state.seat == 0 and state.extra_turn
    assert state.points == 3 and state.jokers[0] == 2
    assert state.observation(1)["extra_turn"] is True
    legal = state.legal_actions()
    # no joker: not spent, not bought, not used to heal (joker_heal is on)
    assert USE_JOKER not in legal and BUY_JOKER not in legal and heal(0, 0) not in legal
    assert refused(state, heal(0, 0)) and refused(state, USE_JOKER)
    move(state, grow(seed_field), plant(sow_field, FLAX))
    assert plants_on(state, seed_field) == [(0, WHEAT, 1)]
    # a plant acts once within the extra turn too
    assert not any(harvest(seed_field, m) in state.legal_actions() for m in range(4))
    assert grow(sow_field) not in state.legal_actions()
    move(state, END_ACTIONS)  # the point left is lost
    assert events(state, "end_actions")[-1] == ("end_actions", 0, 1)
    assert not state.extra_turn
    # the ebb is over (no water left): the ordinary turns, from seat 1
    assert state.phase == ACTIONS and state.seat == 1 and state.round == 2
    end_actions(state, 1)
    assert state.seat == 0 and state.points == 3 and state.jokers[0] == 2
    legal = state.legal_actions()
    # a new phase: the plants that acted in the extra turn act again
    assert {harvest(seed_field, m) for m in range(4)} <= set(legal)
    assert grow(sow_field) in legal
    # and the jokers are back
    assert USE_JOKER in legal and heal(0, 0) in legal
    move(state, harvest(seed_field, 3), grow(sow_field), heal(0, 0))
    assert market_of(state, 3) == [(0, WHEAT, RIPE)]
    assert market_of(state, 0) == [(0, FLAX, RIPE)]
    assert plants_on(state, sow_field) == [(0, FLAX, 1)]
    assert state.jokers[0] == 1 and plants_conserved(state)


# -- §8 the secret of a bid under way --------------------------------------------------------


@pytest.mark.parametrize("kind", list(AUCTIONS))
def test_a_bid_under_way_is_hidden_from_the_other_seats_and_spectators(kind: str) -> None:
    """Two worlds that differ only in what seat 0 bid (2 or 9): every other seat and a
    spectator see the same view, log and text, and the next bidder the same choices in
    the same words; seat 0 sees its own bid.  All bids show when the last is in."""
    truth = AUCTIONS[kind](3)
    low, high = truth.clone(), truth.clone()
    bid(low, 2)
    bid(high, 9)
    for step in range(2):
        assert low.phase == high.phase == BIDDING and low.seat == high.seat == step + 1
        for viewer in range(step + 1, 3):
            seen = low.observation(viewer)
            assert seen == high.observation(viewer)
            assert truth.game.render_text(seen) == truth.game.render_text(high.observation(viewer))
            assert seen["auction"]["your_bid"] is None
            assert seen["auction"]["placed"] == list(range(step + 1))
            assert bid_view(low, viewer, 0) == {
                "event": "bid",
                "seat": 0,
                "bid": None,
                "text": "Seat 0 bids in secret",
            }
        assert low.public_observation() == high.public_observation()
        assert str(low) == str(high)
        assert bid_view(low, None, 0)["bid"] is None
        # what the seat to bid is offered, and the words for it
        words = [(a, low.action_to_string(a)) for a in low.legal_actions()]
        assert words == [(a, high.action_to_string(a)) for a in high.legal_actions()]
        # up to every plant in the supply: 15, or 11 in round 1 (2 in the boat, 2 laid)
        most = {"hippo": 11, "first player": 15}[kind]
        assert words == [
            (BID + k, f"bid {k} plant{'' if k == 1 else 's'}") for k in range(most + 1)
        ]
        # seat 0 sees its own bid, in the auction and in the log
        assert low.observation(0)["auction"]["your_bid"] == 2
        assert high.observation(0)["auction"]["your_bid"] == 9
        assert bid_view(low, 0, 0) == {
            "event": "bid",
            "seat": 0,
            "bid": 2,
            "text": "You bid 2 plants",
        }
        assert "your bid: 9" in truth.game.render_text(high.observation(0))
        if step == 0:  # seat 1 bids the same in both worlds; seat 0 still may not see it
            bid(low, 5)
            bid(high, 5)
            assert low.observation(1)["auction"]["your_bid"] == 5
            assert low.observation(0)["auction"]["your_bid"] == 2
            assert bid_view(low, 0, 1)["bid"] is None
            assert bid_view(low, 2, 1)["bid"] is None
    # the last bid: every bid is shown to all
    bid(low, 0)
    for anyone in (0, 1, 2, None):
        obs = low.public_observation() if anyone is None else low.observation(anyone)
        result = [e for e in obs["log"] if e["event"] == "bids"][-1]
        assert result["bids"] == [2, 5, 0] and result["winner"] == 1
        assert obs["auction"] is None


@pytest.mark.parametrize("kind", list(AUCTIONS))
@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_the_resampler_redraws_the_other_seats_bids_and_keeps_what_the_seat_saw(
    kind: str, viewer: int
) -> None:
    truth = AUCTIONS[kind](3)
    bid(truth, 7, 3)  # seat 0 bids 7, seat 1 bids 3; seat 2 to bid
    true_bids = truth.bids[:]
    true_history = truth.history()
    views = [truth.observation(s) for s in range(3)]  # every seat has looked (logs cached)
    seen = views[viewer]
    public = truth.public_observation()
    redrawn: dict[int, set[int]] = {0: set(), 1: set()}
    for seed in range(16):
        world = truth.resample_from_infostate(viewer, random.Random(seed))
        # what the viewer saw is kept: its view, the spectator's, its own bid
        assert world.observation(viewer) == seen
        assert world.public_observation() == public
        assert world.bids[viewer] == true_bids[viewer]
        assert world.phase == BIDDING and world.seat == 2
        for seat in (0, 1):
            assert 0 <= world.bids[seat] <= world.max_bid(seat)
            if seat != viewer:
                redrawn[seat].add(world.bids[seat])
            else:
                assert world.bids[seat] == true_bids[seat]
            # the world is whole: the bid is the same in the state, its history and its log,
            # and its seat sees it as its own
            assert world.observation(seat)["auction"]["your_bid"] == world.bids[seat]
            assert bid_view(world, seat, seat)["bid"] == world.bids[seat]
        # only the bid moves of the history may change
        changed = [
            i for i, (a, b) in enumerate(zip(world.history(), true_history, strict=True)) if a != b
        ]
        assert len(world.history()) == len(true_history)
        assert all(true_history[i] >= BID and world.history()[i] >= BID for i in changed)
        again = replay(world)
        assert again.bids == world.bids and again.events == world.events
        assert all(again.observation(s) == world.observation(s) for s in range(3))
        # and the auction is decided by the world's bids
        before = world.bids[:]
        bid(world, 0)
        assert events(world, "bids")[-1][1] == (before[0], before[1], 0)
    for seat in (0, 1):
        if seat == viewer:
            assert redrawn[seat] == set()
        else:  # other bids than the true one come up
            assert redrawn[seat] - {true_bids[seat]}, (seat, redrawn[seat])
    # the truth itself is untouched
    assert truth.bids == true_bids and truth.history() == true_history
    assert [truth.observation(s) for s in range(3)] == views


def test_outside_an_auction_the_resampler_returns_the_same_world() -> None:
    state = hippo_auction(3)
    bid(state, 1, 4, 2)  # seat 1 wins: its extra turn, no secret left
    assert state.phase == ACTIONS and state.extra_turn
    for viewer in range(3):
        world = state.resample_from_infostate(viewer, random.Random(viewer))
        assert world.history() == state.history() and world.events == state.events
        assert all(world.observation(s) == state.observation(s) for s in range(3))


def test_the_cards_under_the_stack_tops_are_in_no_world_they_are_drawn_when_turned_up() -> None:
    """The seed hides the cards under each stack's top; the engine draws a card's face only
    when it comes to the top, so no world (true or resampled) holds one to copy: in every
    world the hidden top of seat 0's second stack is a fresh draw over the unseen faces."""
    truth = hippo_auction(3)
    bid(truth, 4, 4)  # seats 0 and 1 have bid; seat 2 to bid
    # seen so far: 4 single-single (3 on the north 3-row, 1 top), and the other seats'
    # two tops each (DRY_TOPS); the rest are unseen, by the doc's face counts
    seen = Counter([SS] * 4 + list(DRY_TOPS) * 2)
    unseen = [count - seen[face] for face, (_waves, count) in enumerate(DOC_FACES)]
    assert sum(unseen) == 45 - 8
    expected = [(face, n / 37) for face, n in enumerate(unseen) if n]
    drawn: Counter[int] = Counter()
    for viewer in (1, 2):
        for seed in range(8):
            rng = random.Random(seed)
            world = truth.resample_from_infostate(viewer, rng)
            assert world.stacks == truth.stacks and world.tops == truth.tops
            assert world.reveal_queue == [(0, 1)]
            bid(world, 0)  # the auction ends; a winner plays its extra turn first
            if world.phase == ACTIONS:
                assert world.extra_turn
                move(world, END_ACTIONS)
            assert world.phase == TOP_FACE
            outcomes = world.chance_outcomes()
            assert [f for f, _ in outcomes] == [f for f, _ in expected]
            assert [p for _, p in outcomes] == pytest.approx([p for _, p in expected])
            drawn[resolve_chance(world, rng)] += 1
            assert world.tops[0][1] in range(6)
    assert len(drawn) > 1  # not one card copied into every world


# -- random games with every variant on ---------------------------------------------------------

VARIANT_SETTINGS = settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def variant_game(players: int, seed: int) -> Iterator[BanksState]:
    """The state before every action of one random game with the four variants on, then
    the final state (one state object, played on: read it before the next is asked for)."""
    game = BanksGame(players, **ALL_VARIANTS)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        yield state
        steps += 1
        assert steps <= game.max_game_length()
        if state.is_chance_node():
            resolve_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()), player=state.current_player())
    yield state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_with_every_variant_on_nothing_is_created_or_lost_and_the_game_ends(
    players: int, seed: int
) -> None:
    """75 plants (15 a colour: supply + boat + fields + market + lost), 45 water cards
    (stacks + fields + discard + out of the game), 30 desert cards (pile + fields + jokers
    + spent + the set-up's still to place) in every state; the game ends within its
    length bound and the round limit, by a game_over event."""
    for state in variant_game(players, seed):
        assert plants_conserved(state)
        assert water_count(state) == NUM_WATER
        assert sum(map(sum, state.water_unseen)) == NUM_WATER - state.water_discard
        assert desert_count(state) == NUM_DESERT
        assert min(state.jokers) >= 0 and state.desert_pile >= 0
    final = state
    assert final.is_terminal() and final.round <= ROUND_LIMIT
    assert events(final, "game_over") and events(final, "auction")  # bid_start: always one
    assert sum(final.returns()) == pytest.approx(0.0)


@VARIANT_SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_with_every_variant_on_bids_under_way_stay_secret_and_resampling_keeps_views(
    players: int, seed: int
) -> None:
    """At every bid of a random game: whatever the bidder bids (its least or its most),
    while the auction goes on every other seat and a spectator see the same; and a world
    resampled for any seat keeps that seat's view and the spectator's."""
    checked = 0
    rng = random.Random(seed)
    for state in variant_game(players, seed):
        if state.phase != BIDDING:
            continue
        bidder = state.seat
        worlds = []
        for amount in (state.legal_actions()[0], state.legal_actions()[-1]):
            world = state.clone()
            world.apply_action(amount, player=bidder)
            worlds.append(world)
        if all(w.phase == BIDDING and w.bids[bidder] >= 0 for w in worlds):
            low, high = worlds
            for viewer in range(players):
                if viewer != bidder:
                    assert low.observation(viewer) == high.observation(viewer)
            assert low.public_observation() == high.public_observation()
            checked += 1
        for viewer in range(players):
            world = state.resample_from_infostate(viewer, rng)
            assert world.observation(viewer) == state.observation(viewer)
            assert world.public_observation() == state.public_observation()
            assert world.bids[viewer] == state.bids[viewer]
    assert checked >= 1  # the first-player auction's first bid, at least
