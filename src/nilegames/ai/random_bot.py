"""The baseline bot: a uniformly random legal action."""

from __future__ import annotations

import random

from nilegames.ai.base import Resampler
from nilegames.core import Action, Observation


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"
    #: It never looks at the observation, so callers that play many games may pass an
    #: empty one instead of building it (``nilegames simulate`` does).
    reads_observation = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def step(
        self,
        observation: Observation,
        legal_actions: list[Action],
        resample: Resampler | None = None,
    ) -> Action:
        return self.rng.choice(legal_actions)
