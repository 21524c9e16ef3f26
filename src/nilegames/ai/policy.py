"""Playout policies: how a search plays a world it sampled to the end.

A policy acts on a full state, which is fine only inside a search, where the state is a
world the bot drew from its own information set, never the real game.
"""

from __future__ import annotations

import random
from typing import Protocol

from nilegames.core import Action, State


class Policy(Protocol):
    """Chooses the move of the seat to move in a (sampled) state."""

    name: str

    def __call__(self, state: State, rng: random.Random) -> Action: ...


class RandomPolicy:
    """A uniformly random legal action: cheap, so playouts are many."""

    name = "random"

    def __call__(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


class GreedyPolicy:
    """The legal action whose result the game's evaluation likes best (ties at random).

    One ply of atomic actions: the state right after the action is judged, before any
    chance outcome it leads to.
    """

    name = "greedy"

    def __call__(self, state: State, rng: random.Random) -> Action:
        player = state.current_player()
        evaluate = state.game.evaluate
        best: list[Action] = []
        best_value = -float("inf")
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            value = evaluate(child, player)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value >= best_value - 1e-12:
                best.append(action)
        return rng.choice(best)


class GamePolicy:
    """The game's own cheap playout move (:meth:`Game.playout_action`): what a player of
    that game would at least do, such as buying plants back from the boat in banks."""

    name = "game"

    def __call__(self, state: State, rng: random.Random) -> Action:
        return state.game.playout_action(state, rng)


POLICIES: dict[str, type[RandomPolicy] | type[GreedyPolicy] | type[GamePolicy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "game": GamePolicy,
}
