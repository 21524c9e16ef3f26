"""NIL as a registered game: player range and sizes for the adapters."""

from __future__ import annotations

import random
from typing import Any

from nilegames.core import Game, Observation, State, register
from nilegames.core.tensor import ObservationEncoder
from nilegames.games.pharaohs.actions import NUM_ACTIONS
from nilegames.games.pharaohs.state import (
    ORDER_TILES,
    RACK_SIZE,
    PharaohsState,
)
from nilegames.games.pharaohs.tiles import NUM_KINDS, TOTAL_TILES


@register
class PharaohsGame(Game):
    """NIL - Le Jeu des Pharaons (Spear): one river for all, laid tile by tile, 2 to 4."""

    id = "pharaohs"
    title = "NIL – Le Jeu des Pharaons"
    min_players = 2
    max_players = 4
    # Random rivers wander into dead ends: search looks 8 moves ahead, then evaluates
    # (docs/ai.md: 8/10 against greedy at 0.2 s a move, where full playouts won 2/10).
    playout_depth = 8

    def new_initial_state(self) -> PharaohsState:
        return PharaohsState(self)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return max(NUM_KINDS, self.players)

    def max_game_length(self) -> int:
        # A turn that lays tiles lays at most five, ends once and draws at most five; one
        # that lays none draws at most five, and 2n of those in a row end the game.  Tiles
        # on the board only grow (a crossing swaps one for a universal, at most four
        # times), so at most TOTAL_TILES turns lay tiles.  Set-up adds the draws for the
        # start, a tie-break and the deal.
        n = self.players
        laying_turns = TOTAL_TILES + 4
        per_turn = 2 * RACK_SIZE + 1 + (2 * n - 1) * RACK_SIZE
        return laying_turns * per_turn + (ORDER_TILES + RACK_SIZE) * n + 1

    def utility_range(self) -> tuple[float, float]:
        return (-1.0, 1.0)

    def evaluate(self, state: State, player: int) -> float:
        from nilegames.games.pharaohs.evaluate import evaluate

        assert isinstance(state, PharaohsState)
        return evaluate(state, player)

    def playout_action(self, state: State, rng: random.Random) -> int:
        from nilegames.games.pharaohs.evaluate import playout_action

        assert isinstance(state, PharaohsState)
        return playout_action(state, rng)

    def explain_move(
        self, before: Observation, played: str, after: Observation, lang: str = "en"
    ) -> str:
        from nilegames.games.pharaohs.evaluate import explain_move

        return explain_move(before, played, after, lang)

    def final_scores(self, state: State) -> list[float]:
        from nilegames.games.pharaohs.stats import final_scores

        assert isinstance(state, PharaohsState)
        return final_scores(state)

    def turns(self, state: State) -> int:
        assert isinstance(state, PharaohsState)
        return state.turn

    def statistics(self, state: State) -> dict[str, float]:
        from nilegames.games.pharaohs.stats import statistics

        assert isinstance(state, PharaohsState)
        return statistics(state)

    def observation_encoder(self) -> ObservationEncoder:
        from nilegames.games.pharaohs.tensor import PharaohsObservationEncoder

        return PharaohsObservationEncoder()

    def information_state_encoder(self) -> ObservationEncoder:
        from nilegames.games.pharaohs.tensor import PharaohsInformationStateEncoder

        return PharaohsInformationStateEncoder()

    def render_text(self, observation: Observation) -> str:
        from nilegames.games.pharaohs.render import render_text

        return render_text(observation)

    def render_rich(self, observation: Observation) -> Any:
        from nilegames.games.pharaohs.render import render_rich

        return render_rich(observation)
