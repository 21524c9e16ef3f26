"""AN DEN UFERN DES NILS (banks): random games with the four variants of §7 all on.

In every state nothing is created or lost and the game ends; at every bid a bid under
way stays secret from the other seats and spectators, and a resampled world keeps the
seat's view (docs/rules/banks.md §7, §8).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nilegames.core import resolve_chance
from nilegames.games.banks.cards import NUM_DESERT, NUM_WATER
from nilegames.games.banks.game import BanksGame
from nilegames.games.banks.state import BIDDING, ROUND_LIMIT, BanksState
from tests.banks_helpers import desert_count, events, plants_conserved, water_count

#: The four variants of §7, all on.
ALL_VARIANTS = {"hippo_auction": True, "bid_start": True, "seed_trade": True, "joker_heal": True}


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
