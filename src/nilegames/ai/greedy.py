"""The greedy bot: one ply of look-ahead with the game's own evaluation function."""

from __future__ import annotations

import random

from nilegames.ai.base import Resampler
from nilegames.ai.policy import GreedyPolicy
from nilegames.core import Action, NilegamesError, Observation


class GreedyBot:
    """Applies each legal action to a world drawn from its information set and keeps the
    one the evaluation likes best.

    Its own move does not depend on cards it cannot see, so one sampled world per
    decision is enough; the evaluation reads only the public table and its own hand.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.policy = GreedyPolicy()

    def step(
        self,
        observation: Observation,
        legal_actions: list[Action],
        resample: Resampler | None = None,
    ) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if resample is None:
            raise NilegamesError("the greedy bot needs a resampler to try its moves")
        world = resample(self.rng)
        return self.policy(world, self.rng)
