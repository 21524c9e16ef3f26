"""AN DEN UFERN DES NILS (banks): the bidding variants in detail and the secrecy of a bid
under way: the first-player auction (§7), a seat it leaves without plants (§3), the
hippopotamus auction and its winner's extra turn (§7), what a bid under way hides and
what the resampler redraws (§8).

Expected values are literal data from docs/rules/banks.md, never recomputed with the
engine's own formulas.  Positions are built as in tests/test_banks_rules.py: by play,
choosing every chance outcome, and where play would take too long, with the zone-to-zone
helpers of tests/banks_helpers.py.  The states whose secrecy is checked are reached by
play alone, so that a resampled world's history can be replayed from the start.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from nilegames.core import resolve_chance
from nilegames.games.banks.actions import BID, BUY_JOKER, END_ACTIONS, USE_JOKER
from nilegames.games.banks.board import EBB_1, ROWS
from nilegames.games.banks.cards import HIPPO
from nilegames.games.banks.game import BanksGame
from nilegames.games.banks.state import (
    ACTIONS,
    BIDDING,
    DESERT_BACK,
    EBBING,
    FIRST,
    FLOODING,
    OPEN_PLANTS,
    RIPE,
    SET_DESERT,
    SPOILED,
    TOP_FACE,
    BanksState,
)
from tests.banks_helpers import (
    AUBERGINE,
    DOC_FACES,
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
    setup_desert,
    water,
)

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
