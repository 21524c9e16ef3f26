"""Properties of NILE ARTIFACTS that hold in every game: checked over random games.

Each game is played with random legal moves; ``spend`` is how often a seat that may buy
a card or turn around does so, so that some games run the coin reserve dry and reshuffle
the discards into the deck.  The checks read the state's zones and its event log, not
the engine's own bookkeeping of what is legal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nilegames.core import Action, State
from nilegames.games.artifacts.actions import BUY, TURN_AROUND
from nilegames.games.artifacts.cards import CARDS, LEFT_PORT, NUM_CARDS, RIGHT_PORT
from nilegames.games.artifacts.monuments import LEVELS
from nilegames.games.artifacts.state import COINS_IN_BOX, ArtifactsState
from tests.artifacts_helpers import card_zones, coin_total
from tests.conftest import random_game

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Config = tuple[int, int, float]


@st.composite
def configs(draw: st.DrawFn) -> Config:
    players = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 2**32))
    spend = draw(st.sampled_from([0.0, 0.5, 0.9]))
    return players, seed, spend


def games(config: Config) -> Iterator[ArtifactsState]:
    """The state before every action of one random game, then the final state."""
    players, seed, spend = config

    def choose(state: State, legal: list[Action], rng: random.Random) -> Action:
        spending = [a for a in legal if a in (BUY, TURN_AROUND)]
        if spending and rng.random() < spend:
            return rng.choice(spending)
        return rng.choice([a for a in legal if a not in spending] or legal)

    for state in random_game("artifacts", players, seed, choose):
        assert isinstance(state, ArtifactsState)
        yield state


# -- cards and coins ---------------------------------------------------------------------------


@SETTINGS
@given(configs())
def test_cards_are_conserved(config: Config) -> None:
    for state in games(config):
        assert sorted(card_zones(state)) == list(range(NUM_CARDS))
        for stop, cards in enumerate(state.under):
            assert all(CARDS[c].space == stop for c in cards)  # under its printed space
        if state.offering:  # offered cards stay in front of the seat until "done"
            assert set(state.offering) <= set(state.tableaux[state.seat])
            assert len(set(state.offering)) == len(state.offering)
    assert state.is_terminal()


@SETTINGS
@given(configs())
def test_coins_are_conserved(config: Config) -> None:
    for state in games(config):
        assert coin_total(state) == COINS_IN_BOX == 30
        assert state.reserve >= 0 and min(state.coins) >= 0


# -- boats, levels and favour ------------------------------------------------------------------


@SETTINGS
@given(configs())
def test_boats_sail_only_the_way_they_face(config: Config) -> None:
    seen = 0
    facing: list[int] | None = None
    boats: list[int] | None = None
    for state in games(config):
        if facing is None or boats is None:
            facing, boats = list(state.facing), list(state.boats)
        # Replay the last action's events on the boats as they were before it.
        for event in state.events[seen:]:
            if event[0] == "sail":
                _, seat, start, stop = event
                assert start == boats[seat]
                assert (stop - start) * facing[seat] > 0, f"seat {seat} sailed backwards"
                boats[seat] = stop
                if stop in (LEFT_PORT, RIGHT_PORT):
                    facing[seat] = -facing[seat]  # the port turns it round
            elif event[0] == "turn_around":
                assert boats[event[1]] not in (LEFT_PORT, RIGHT_PORT)
                facing[event[1]] = -facing[event[1]]
        seen = len(state.events)
        assert state.boats == boats and state.facing == facing  # nothing else moves them
        for stop, face in zip(boats, facing, strict=True):
            if stop in (LEFT_PORT, RIGHT_PORT):  # a boat in port faces along the river
                assert face == (1 if stop == LEFT_PORT else -1)


@SETTINGS
@given(configs())
def test_levels_and_favour_only_rise(config: Config) -> None:
    levels: dict[int, list[int]] = {}
    gone: set[int] = set()
    favour: list[int] = []
    for state in games(config):
        now = dict(zip(state.shown, state.levels, strict=True))
        for monument, before in levels.items():
            if monument in now:
                assert all(a >= b for a, b in zip(now[monument], before, strict=True))
            else:
                gone.add(monument)  # completed and discarded: never shown again
        assert not gone & set(now)
        for monument, row in now.items():
            assert all(0 <= value <= LEVELS for value in row)
            if monument not in levels:
                assert row == [0] * state.n  # new followers start at 0
        levels = {m: list(row) for m, row in now.items()}
        if favour:
            assert all(a >= b for a, b in zip(state.favour, favour, strict=True))
        favour = list(state.favour)


# -- what each seat sees -----------------------------------------------------------------------


def without_seat(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation without its "seat" field, and the log without its wording (which
    says "You" to the seat concerned)."""
    rest = {k: v for k, v in observation.items() if k != "seat"}
    rest["log"] = [{k: v for k, v in entry.items() if k != "text"} for entry in rest["log"]]
    return rest


@SETTINGS
@given(configs())
def test_every_seat_sees_the_same_table(config: Config) -> None:
    rng = random.Random(config[1])
    for state in games(config):
        if rng.random() > 0.05 and not state.is_terminal():
            continue
        public = without_seat(state.public_observation())
        for seat in range(state.n):
            seen = state.observation(seat)
            assert seen["seat"] == seat
            assert without_seat(seen) == public
