"""NILE ARTIFACTS as a registered game: player range and sizes for the adapters."""

from __future__ import annotations

from typing import Any

from nilegames.core import Game, Observation, State, register
from nilegames.core.tensor import ObservationEncoder
from nilegames.games.artifacts.actions import NUM_ACTIONS
from nilegames.games.artifacts.cards import NUM_CARDS, NUM_STOPS
from nilegames.games.artifacts.monuments import NUM_MONUMENTS, SHOWN
from nilegames.games.artifacts.state import (
    CARDS_PER_ROUND,
    COINS_IN_BOX,
    PRICE,
    ROUND_LIMIT,
    ArtifactsState,
)


@register
class ArtifactsGame(Game):
    """NILE ARTIFACTS (Ankama): sail for artifacts, offer them to climb monuments, 2 to 4."""

    id = "artifacts"
    title = "NILE ARTIFACTS"
    min_players = 2
    max_players = 4
    # Random play wastes coins and sails past every card: a full random playout says little
    # about a position (random games last twice as many rounds as real ones), so search
    # plays a round's worth of moves and then asks the evaluation.
    playout_depth = 16
    #: Edition 2 reveals no monument once the game is over: edition 1 still replaced a
    #: monument completed in the round that the round limit ends the game with (an extra
    #: chance step, and a "last round" logged if it emptied the pile); docs/rules/artifacts.md,
    #: "Editions".
    rules_edition = 2

    def new_initial_state(self) -> ArtifactsState:
        return ArtifactsState(self)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return max(NUM_CARDS, NUM_MONUMENTS, self.players)

    def max_game_length(self) -> int:
        # Per round: the lay-out; per seat and navigation turn at most a turn-around, a
        # sail and a take, plus every purchase (two actions each: the buy and its draw;
        # coins in hand never exceed the box's 30, and a round hands out at most one per
        # stop sailed to or turn waited); an offering offers and declares each card once,
        # then "done".  Monuments are revealed at most 12 times in all.
        n = self.players
        buys = 2 * (COINS_IN_BOX // PRICE) * 2
        sailing = n * (NUM_STOPS * 2) * 3 + buys
        offering = n * (2 * NUM_CARDS + 1) + buys
        per_round = CARDS_PER_ROUND[n] + sailing + offering
        return ROUND_LIMIT * per_round + NUM_MONUMENTS + 1 + SHOWN

    def utility_range(self) -> tuple[float, float]:
        return (-1.0, 1.0)

    def evaluate(self, state: State, player: int) -> float:
        from nilegames.games.artifacts.evaluate import evaluate

        assert isinstance(state, ArtifactsState)
        return evaluate(state, player)

    def explain_move(
        self, before: Observation, played: str, after: Observation, lang: str = "en"
    ) -> str:
        from nilegames.games.artifacts.evaluate import explain_move

        return explain_move(before, played, after, lang)

    def final_scores(self, state: State) -> list[float]:
        from nilegames.games.artifacts.stats import final_scores

        assert isinstance(state, ArtifactsState)
        return final_scores(state)

    def turns(self, state: State) -> int:
        """Rounds played: every seat sails and offers once a round."""
        assert isinstance(state, ArtifactsState)
        return state.round

    def statistics(self, state: State) -> dict[str, float]:
        from nilegames.games.artifacts.stats import statistics

        assert isinstance(state, ArtifactsState)
        return statistics(state)

    def observation_encoder(self) -> ObservationEncoder:
        from nilegames.games.artifacts.tensor import ArtifactsObservationEncoder

        return ArtifactsObservationEncoder()

    def information_state_encoder(self) -> ObservationEncoder:
        from nilegames.games.artifacts.tensor import ArtifactsInformationStateEncoder

        return ArtifactsInformationStateEncoder()

    def render_text(self, observation: Observation) -> str:
        from nilegames.games.artifacts.render import render_text

        return render_text(observation)

    def render_rich(self, observation: Observation) -> Any:
        from nilegames.games.artifacts.render import render_rich

        return render_rich(observation)
