"""What a bot is: something that picks an action from a seat's view and its legal actions.

Bots never receive a state: a state holds every hidden card.  A search bot also gets a
*resampler*: a function that returns a full state consistent with everything its seat has
seen, the hidden rest drawn at random (``state.resample_from_infostate``).  The caller
builds it, so a bot can look at worlds it might be in, never at the one it is in.
"""

from __future__ import annotations

import pickle
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


class SeatResampler:
    """The resampler of one seat's information set at one state.

    A class rather than a closure so that it can travel to another process, where a
    root-parallel search (:mod:`nilegames.ai.root_parallel`) draws its own worlds from it;
    that process's search, like this one's, sees the state only through these draws."""

    __slots__ = ("player", "state")

    def __init__(self, state: State, player: int) -> None:
        self.state = state
        self.player = player

    def __call__(self, rng: random.Random) -> State:
        return self.state.resample_from_infostate(self.player, rng)

    def fresh(self) -> SeatResampler:
        """The same resampler on a copy of the state without what earlier draws left in
        it (games keep search aids per state, which change how later draws use the
        random numbers): a copy as it arrives in another process."""
        return SeatResampler(pickle.loads(pickle.dumps(self.state)), self.player)


def resampler(state: State, player: int) -> Resampler:
    """The resampler of ``player``'s information set at ``state`` (for callers of bots)."""
    return SeatResampler(state, player)


def ask(bot: Bot, state: State, player: int | None = None) -> Action:
    """Ask ``bot`` for the move of the seat to move in ``state``, showing it only that seat."""
    seat = state.current_player() if player is None else player
    return bot.step(state.observation(seat), state.legal_actions(), resampler(state, seat))
