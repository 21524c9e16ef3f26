"""What a bot is: something that picks an action from a seat's view and its legal actions.

Bots never receive a state: a state holds every hidden card.  Search bots get a
resampler besides (see the AI issue); the plain ones need nothing more.
"""

from __future__ import annotations

from typing import Protocol

from nilegames.core import Action, Observation


class Bot(Protocol):
    """A player that decides from the observation of its seat."""

    name: str

    def step(self, observation: Observation, legal_actions: list[Action]) -> Action:
        """The action to take; ``legal_actions`` is never empty."""
        ...
