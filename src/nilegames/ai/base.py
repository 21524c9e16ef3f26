"""What a bot is: something that picks an action from a seat's view and its legal actions.

Bots never receive a state: a state holds every hidden card.  A search bot also gets a
*resampler*: a function that returns a full state consistent with everything its seat has
seen, the hidden rest drawn at random (``state.resample_from_infostate``).  The caller
builds it, so a bot can look at worlds it might be in, never at the one it is in.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from nilegames.core import Action, Observation, State

#: A function returning a random full state of the seat's information set.
Resampler = Callable[[random.Random], State]


class Bot(Protocol):
    """A player that decides from the observation of its seat."""

    name: str

    def step(
        self,
        observation: Observation,
        legal_actions: list[Action],
        resample: Resampler | None = None,
    ) -> Action:
        """The action to take; ``legal_actions`` is never empty."""
        ...


def resampler(state: State, player: int) -> Resampler:
    """The resampler of ``player``'s information set at ``state`` (for callers of bots)."""

    def sample(rng: random.Random) -> State:
        return state.resample_from_infostate(player, rng)

    return sample


def ask(bot: Bot, state: State, player: int | None = None) -> Action:
    """Ask ``bot`` for the move of the seat to move in ``state``, showing it only that seat."""
    seat = state.current_player() if player is None else player
    return bot.step(state.observation(seat), state.legal_actions(), resampler(state, seat))
