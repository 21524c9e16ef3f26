"""Rules edition 2 of AN DEN UFERN DES NILS (docs/rules/banks.md §12): each change against
edition 1, which old records keep (each test shows both)."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from nilegames.core import GameRecord, replay
from nilegames.games.banks.actions import BID, DESERT_ROW
from nilegames.games.banks.board import NUM_CROPS, NUM_ROWS, ROWS
from nilegames.games.banks.cards import DESERT, EVENTS, NUM_EVENTS, ROT
from nilegames.games.banks.render import render_text
from nilegames.games.banks.scoring import can_fill
from nilegames.games.banks.state import (
    BIDDING,
    BLOCKED_ROUNDS,
    DESERT_CARD,
    DESERT_WHERE,
    EMPTY_GROUND,
    FIRST,
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
    N3,
    N4,
    N5,
    ONION,
    S5,
    SS,
    WHEAT,
    chance,
    event,
    events,
    flood_round,
    heal,
    market_of,
    move,
    new_state,
    plants_conserved,
    plants_on,
    playing,
    put,
    put_market,
    refused,
    reveal,
    score_round,
    set_desert,
    water,
)

DESERT_EVENT = event(DESERT)


def test_a_new_game_plays_edition_2_and_an_old_record_edition_1() -> None:
    assert new_state(2).game.rules == 2
    assert new_state(2, rules=1).game.rules == 1


# -- the joker heals any spoiled plant (003, variants: "a spoiled plant") --------------------


@pytest.mark.parametrize("rules", [1, 2])
def test_a_joker_heals_another_seats_spoiled_plant_only_in_edition_2(rules: int) -> None:
    state = playing(2, joker_heal=True, rules=rules)
    put_market(state, 0, [(1, FLAX, SPOILED), (1, WHEAT, ROTTEN), (0, GRAPES, SPOILED)])
    legal = state.legal_actions()
    assert heal(0, 2) in legal  # one's own, in both
    assert heal(0, 1) not in legal  # rotten: never
    assert (heal(0, 0) in legal) == (rules == 2)
    if rules == 1:
        assert refused(state, heal(0, 0))
        return
    move(state, heal(0, 0))
    assert market_of(state, 0)[0] == (1, FLAX, RIPE)
    assert state.jokers == [1, 2] and state.points == 3


# -- minus points floored row by row (003: rows scored one by one) --------------------------


@pytest.mark.parametrize(("rules", "seat_0"), [(1, 5), (2, 6)])
def test_minus_points_of_one_row_do_not_eat_the_points_of_another_in_edition_2(
    rules: int, seat_0: int
) -> None:
    state = playing(3, rules=rules)
    state.scores = [5, 5, 5]
    put_market(state, 0, [(0, FLAX, RIPE), (1, WHEAT, RIPE), (2, GRAPES, RIPE), (1, FLAX, RIPE)])
    state.market[0] += ((2, WHEAT, RIPE),)
    state.supply[2][WHEAT] -= 1
    put_market(state, 3, [(0, FLAX, ROTTEN), (0, WHEAT, ROTTEN), (1, GRAPES, RIPE)])
    score_round(state)
    # seat 0 earns 1 in the first row and -2 in the other: edition 1 nets them to -1 (its
    # marker stays); edition 2 moves it 1 and leaves the -2 row's marker where it is
    assert state.scores == [seat_0, 5 + 2 + 6, 5 + 3]


def test_a_row_of_minus_points_alone_still_leaves_the_marker_in_place_in_edition_2() -> None:
    state = playing(2)
    state.scores = [4, 4]
    put_market(state, 3, [(0, FLAX, ROTTEN), (0, WHEAT, ROTTEN), (1, GRAPES, RIPE)])
    score_round(state)
    assert state.scores == [4, 10]


# -- a tied first-player auction: only the tied bid again -----------------------------------


def first_player_auction(players: int, **options: object) -> BanksState:
    state = new_state(players, bid_start=True, **options)
    for _ in range(players):
        reveal(state, *DRY_TOPS)
    assert state.phase == BIDDING and state.seat == 0
    return state


def bid(state: BanksState, *amounts: int) -> None:
    for amount in amounts:
        assert state.phase == BIDDING, f"expected an auction, phase is {state.phase}"
        move(state, BID + amount)


def test_a_tied_first_player_auction_is_bid_again_by_the_tied_seats_only() -> None:
    state = first_player_auction(3)
    bid(state, 0, 2, 2)  # seats 1 and 2 tie; seat 0 is out
    assert state.phase == BIDDING and state.seat == 1 and state.first == -1
    bid(state, 1)
    assert state.phase == BIDDING and state.seat == 2  # seat 0 is not asked
    bid(state, 3)
    assert state.first == 2 and state.phase == SET_DESERT
    assert [sum(b) for b in state.boat] == [0, 3, 5]
    # the second auction's bids: seat 0 took no part and put nothing in the boat
    assert events(state, "bids")[-1][1] == (-1, 1, 3)
    assert [e[1] for e in events(state, "bid_to_boat")] == [1, 2, 1, 2]
    shown = [e["text"] for e in state.observation(0)["log"] if e["event"] == "bids"]
    assert shown[-1] == "Bids: Seat 1 1, Seat 2 3; Seat 2 wins"  # seat 0 not named
    assert plants_conserved(state)
    # edition 1: every seat bids again, seat 0 first
    state = first_player_auction(3, rules=1)
    bid(state, 0, 2, 2)
    assert state.phase == BIDDING and state.seat == 0


def test_the_tied_seats_tied_three_times_go_to_lots_and_a_bid_under_way_stays_secret() -> None:
    state = first_player_auction(3)
    bid(state, 1, 1, 0)  # seats 0 and 1 tie
    bid(state, 2)  # seat 0 bids in the second auction; seat 1's turn
    assert state.seat == 1
    assert state.observation(1)["auction"]["placed"] == [0]
    world = state.resample_from_infostate(1, random.Random(3))
    assert world.bids[2] == -1 and world.observation(1) == state.observation(1)
    bid(state, 2)
    bid(state, 0, 0)  # a third tie between seats 0 and 1: lots
    assert state.phase == FIRST and state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    chance(state, 1)
    assert state.first == 1 and state.phase == SET_DESERT


# -- the desert of a flooded desert card -----------------------------------------------------


def test_a_flooded_desert_cards_desert_goes_to_a_row_the_first_player_chooses() -> None:
    state = flood_round(tops=(SS, DD), rows={N4: (SS, SS)})
    set_desert(state, ROWS[N4][2])
    put(state, ROWS[N5][3], 0, FLAX)
    pile = state.desert_pile
    move(state, water(0, N4))
    chance(state, DESERT_EVENT)
    # the row just flooded has water up to its desert: no room there
    assert state.phase == DESERT_WHERE and state.seat == 1
    legal = state.legal_actions()
    assert DESERT_ROW + N4 not in legal
    assert DESERT_ROW + N5 in legal and DESERT_ROW + N3 in legal
    assert all(not state.covered[a - DESERT_ROW] for a in legal)
    assert "desert spreads in the north 5-row" in state.action_to_string(DESERT_ROW + N5)
    move(state, DESERT_ROW + N5)
    assert state.fields_ground[ROWS[N5][3]] == DESERT_CARD  # next to the set-up desert
    assert plants_on(state, ROWS[N5][3]) == [] and state.boat[0][FLAX] == 1
    assert state.desert_pile == pile - 1
    assert state.phase == TOP_FACE  # the flood goes on: the stack's next top shows
    assert plants_conserved(state)


def test_a_flooded_desert_cards_desert_with_one_row_of_room_goes_there_at_once() -> None:
    state = flood_round(tops=(SS, DD), rows={N4: (SS, SS)})
    set_desert(state, ROWS[N4][2])
    for row in range(NUM_ROWS):  # every other open row is desert to the Nile but S5
        if row in (N4, S5) or state.covered[row]:
            continue
        for field in ROWS[row]:
            if state.fields_ground[field] == EMPTY_GROUND:
                set_desert(state, field)
    move(state, water(0, N4))
    chance(state, DESERT_EVENT)
    assert state.phase != DESERT_WHERE
    assert state.fields_ground[ROWS[S5][-1]] == DESERT_CARD
    # edition 1: the desert finds no room in the flooded row, and nothing happens
    state = flood_round(tops=(SS, DD), rows={N4: (SS, SS)}, rules=1)
    set_desert(state, ROWS[N4][2])
    move(state, water(0, N4))
    chance(state, DESERT_EVENT)
    assert events(state, "no_desert") == [("no_desert", N4, "room")]


def test_every_event_fires_from_water_and_from_desert_backs_in_a_sample_of_games() -> None:
    """Each of the 12 events (rot 1-4, desert, hippo; with and without an arrow) turns up
    on a water card and on a desert card, and every desert event places a desert card
    when the pile and the board have room, from both kinds of card."""
    from nilegames.ai import ask
    from nilegames.ai.random_bot import RandomBot
    from nilegames.core.chance import play_to_decision

    seen: dict[str, set[int]] = {"water_back": set(), "desert_back": set()}
    spread: dict[str, int] = {"water_back": 0, "desert_back": 0}
    for seed in range(40):
        state = new_state(2 + seed % 4)
        rng = random.Random(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(state.n)]
        play_to_decision(state, rng)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(ask(bots[seat], state, seat), player=seat)
            play_to_decision(state, rng)
        last = ""
        for e in state.events:
            if e[0] in seen:
                seen[e[0]].add(e[2])
                last = e[0] if EVENTS[e[2]][0] == DESERT else ""
            elif e[0] == "desert" and last:
                spread[last] += 1
                last = ""
    assert seen["water_back"] == set(range(NUM_EVENTS))
    # desert backs: every event the desert box holds (no rot-1 or rot-3 arrow is printed)
    from nilegames.games.banks.cards import desert_counts

    held = {e for e, count in enumerate(desert_counts()) if count}
    assert seen["desert_back"] == held
    assert {EVENTS[e][0] for e in held} >= {ROT, DESERT}
    assert spread["water_back"] > 0 and spread["desert_back"] > 0


# -- the end: a proved deadlock instead of six quiet rounds ----------------------------------


def test_can_fill_agrees_with_trying_every_order() -> None:
    rng = random.Random(7)
    for _ in range(300):
        free = [rng.randint(0, 2) for _ in range(NUM_CROPS)]
        last = [rng.randrange(NUM_CROPS) for _ in range(rng.randint(0, 2))]
        spaces = rng.randint(1, 4)
        pool = [c for c in range(NUM_CROPS) for _ in range(free[c])]
        brute = any(
            all(seq[i] not in ([*last, *seq[:i]])[-2:] for i in range(spaces))
            for seq in itertools.permutations(pool, spaces)
        )
        assert can_fill(free[:], last, spaces) == brute, (free, last, spaces)
    assert not can_fill([2, 0, 0, 0, 0], [], 2)  # flax after flax
    assert can_fill([1, 1, 1, 0, 0], [], 3) and not can_fill([2, 1, 0, 0, 0], [], 3)


def starved(rules: int) -> BanksState:
    """Two seats whose every plant is lost but one flax on a field and a few in the market,
    where no row can take the flax: a dead game (scores 6 and 3)."""
    state = playing(2, rules=rules)
    state.scores = [6, 3]
    put_market(state, 0, [(0, WHEAT, RIPE), (1, FLAX, RIPE)])  # flax last: no flax
    put_market(state, 1, [(0, FLAX, RIPE), (1, GRAPES, RIPE)])  # needs two plants
    put_market(state, 2, [(1, ONION, RIPE), (0, FLAX, SPOILED)])
    put(state, ROWS[N5][1], 1, FLAX)
    for seat in range(2):
        state.lost[seat] += sum(state.supply[seat])
        state.supply[seat] = [0] * NUM_CROPS
    state.count_fields()  # the kept counts of plants outside the market
    assert plants_conserved(state)
    return state


def test_a_game_no_row_of_which_can_ever_fill_ends_as_a_deadlock_in_edition_2() -> None:
    state = starved(2)
    assert state.deadlocked()
    score_round(state)
    assert state.phase == OVER and events(state, "game_over")[0][1] == "deadlock"
    assert state.round == 1 and state.returns() == [1.0, -1.0]
    assert "no market row could ever fill again" in render_text(state.observation(0))
    # edition 1 waits for six quiet rounds (a plant is still on a field)
    state = starved(1)
    score_round(state)
    assert state.phase != OVER


def test_a_game_that_can_still_fill_a_row_goes_on_however_long_it_was_quiet() -> None:
    state = playing(2)
    state.quiet_rounds = BLOCKED_ROUNDS + 3
    score_round(state)
    assert state.phase != OVER and state.quiet_rounds == BLOCKED_ROUNDS + 4
    assert state.observation(0)["blocked_at"] is None
    assert "without progress" not in render_text(state.observation(0)).splitlines()[0]
    # edition 1 ends it blocked
    state = playing(2, rules=1)
    state.quiet_rounds = BLOCKED_ROUNDS - 1
    score_round(state)
    assert state.phase == OVER and events(state, "game_over")[0][1] == "blocked"


def test_a_dead_game_with_equal_scores_goes_on_while_floods_could_still_decide_it() -> None:
    state = starved(2)
    state.scores = [5, 5]
    assert not state.deadlocked()  # the flax on the field may yet be washed away
    state.plants[ROWS[N5][1]] = ()
    state.lost[1] += 1
    state.count_fields()
    assert state.deadlocked()  # nothing is left outside the market: nothing can change


def test_a_plant_in_the_boat_counts_it_may_be_bought_back_and_sown_again() -> None:
    state = starved(2)
    state.boat[1][ONION] += 1  # sold back to the boat
    state.lost[1] -= 1
    state.count_fields()
    assert plants_conserved(state)
    # the 4-space row after flax, grapes takes the onion, then the flax
    assert can_fill([1, 0, 0, 1, 0], [FLAX, GRAPES], 2)
    assert not state.deadlocked()


def test_no_row_ever_scores_again_after_the_deadlock_check_says_so() -> None:
    """Soundness, on edition-1 games (which play on past a deadlock until six quiet rounds):
    once ``deadlocked`` holds after a scoring, no row fills for the rest of the game."""
    from nilegames.ai import ask
    from nilegames.ai.random_bot import RandomBot
    from nilegames.core.chance import play_to_decision

    dead_games = 0
    for seed in range(60):
        state = new_state(2, rules=1)
        rng = random.Random(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(2)]
        play_to_decision(state, rng)
        dead_at = -1
        round_ = state.round
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(ask(bots[seat], state, seat), player=seat)
            play_to_decision(state, rng)
            if state.round != round_:
                round_ = state.round
                if dead_at < 0 and state.deadlocked():
                    dead_at = len(state.events)
        if dead_at >= 0:
            dead_games += 1
            assert not [e for e in state.events[dead_at:] if e[0] == "row_scored"], seed
    assert dead_games >= 3  # the check did find dead games in the sample


RECORDS = sorted((Path(__file__).parent / "fixtures" / "records-edition2").glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_a_record_of_edition_2_replays_to_its_result(path: Path) -> None:
    raw = json.loads(path.read_text())
    assert raw["options"]["rules"] == 2
    state = replay(GameRecord.loads(path.read_text()))
    assert isinstance(state, BanksState) and state.is_terminal()
    assert state.returns() == raw["meta"]["expected_returns"]
    assert state.game.final_scores(state) == raw["meta"]["expected_final_scores"]
    assert state.game.turns(state) == raw["meta"]["expected_turns"]
    assert events(state, "game_over")[0][1] == raw["meta"]["ended"]


def test_the_edition_2_records_hold_what_they_were_picked_for() -> None:
    plain, variants = (replay(GameRecord.loads(p.read_text())) for p in RECORDS)
    assert isinstance(plain, BanksState) and isinstance(variants, BanksState)
    kinds = [e[0] for e in plain.events]
    assert any(a == "desert_back" and b == "desert" for a, b in itertools.pairwise(kinds))
    assert events(variants, "heal") and len(events(variants, "auction")) >= 2
