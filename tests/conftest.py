"""Shared helpers: play random games through the public contract only."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import nilegames
from nilegames.core import State


def random_game(game_id: str, players: int, seed: int, **options: object) -> Iterator[State]:
    """Yield the state before every action of one random game, then the final state."""
    rng = random.Random(seed)
    state = nilegames.make(game_id, players=players, **options)
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            nilegames.resolve_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


def play_random(game_id: str, players: int, seed: int, **options: object) -> State:
    state: State | None = None
    for state in random_game(game_id, players, seed, **options):  # noqa: B007
        pass
    assert state is not None
    return state


@pytest.fixture
def rng() -> random.Random:
    return random.Random(12345)
