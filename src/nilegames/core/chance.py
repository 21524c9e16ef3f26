"""Resolving chance nodes: the only place a random generator meets a state."""

from __future__ import annotations

import random

from nilegames.core.errors import IllegalActionError
from nilegames.core.state import State
from nilegames.core.types import Action


def sample_chance_outcome(state: State, rng: random.Random) -> Action:
    """Draw one outcome of the chance node ``state`` by its probabilities."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise IllegalActionError("the state is not at a chance node")
    point = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return outcome
    return outcomes[-1][0]


def resolve_chance(state: State, rng: random.Random) -> Action:
    """Apply one sampled outcome at a chance node; returns the outcome."""
    outcome = sample_chance_outcome(state, rng)
    state.apply_action(outcome)
    return outcome


def play_to_decision(state: State, rng: random.Random) -> State:
    """Resolve chance nodes until a seat must decide or the game is over."""
    while state.is_chance_node():
        resolve_chance(state, rng)
    return state
