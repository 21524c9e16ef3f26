"""NILE as a registered game: player range, options and sizes for the adapters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from nilegames.core import Game, GameOptionError, Observation, OptionSpec, State, register
from nilegames.core.tensor import ObservationEncoder
from nilegames.games.nile.actions import NUM_ACTIONS
from nilegames.games.nile.cards import NUM_KINDS, NUM_SPECULATIONS, full_deck
from nilegames.games.nile.state import SPECULATIONS_REMOVED_SHORT_2P, NileState


@register
class NileGame(Game):
    """NILE (Minion Games), the card game of floods, fields and stocks, for 2 to 5."""

    id = "nile"
    title = "NILE"
    min_players = 2
    max_players = 5
    option_specs = (
        OptionSpec(
            "variant",
            "standard",
            ("standard", "short"),
            "short: the rulebook's optional faster game (2 players: 2 cards of each crop"
            " and 5 random speculation cards leave the deck; 3 players: 1 card of each crop)",
        ),
        OptionSpec(
            "open_stocks",
            False,
            (False, True),
            "show every stock to everyone (the rulebook keeps stocks face down: each seat"
            " sees its own and the size of the others')",
        ),
    )
    #: Edition 2 follows seed 000 where edition 1 did not: a rebuilt deck takes the whole
    #: flood pile, a locust drawn during a drawing strikes after it, and the game ends the
    #: moment the last deck is empty (docs/rules/nile.md, "Editions").
    rules_edition = 2
    #: Tables and records from before the option showed every stock.
    legacy_options: ClassVar[Mapping[str, Any]] = {"open_stocks": True}
    #: NILE's search gains little past a few hundred iterations a move: 0.1 s (about 400)
    #: scores 58 % against a second (about 4,000), too close for a level between; two
    #: hundred iterations sit between greedy and hard, a hundred too near greedy
    #: (docs/ai.md, "Levels").
    levels: ClassVar[Mapping[str, str]] = {"medium": "ismcts:200"}

    def _check_options(self) -> None:
        #: Whether every seat sees every stock (read by each observation).
        self.open_stocks: bool = self.options["open_stocks"]
        if self.options["variant"] == "short" and self.players not in (2, 3):
            raise GameOptionError(f"the short variant is for 2 or 3 players, not {self.players}")

    def crops_removed_per_kind(self) -> int:
        if self.options["variant"] != "short":
            return 0
        return 2 if self.players == 2 else 1

    def speculations_removed(self) -> int:
        short_two = self.options["variant"] == "short" and self.players == 2
        return SPECULATIONS_REMOVED_SHORT_2P if short_two else 0

    def new_initial_state(self) -> NileState:
        """A copy of the game's first state, made once (a copy costs half of setting up
        the table)."""
        return self.copy_of_first_state(lambda: NileState(self))

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return max(NUM_KINDS, self.players, NUM_SPECULATIONS)

    def max_game_length(self) -> int:
        # Each card taken from a deck (at most one full deck per player) costs one chance
        # step and at most five seat steps: leaving the hand, leaving a stock, two trade
        # picks and one trade or turn-ending action it pays for.  Set-up adds the deal,
        # the first player and the removed speculation cards.
        cards = self.players * sum(full_deck())
        return 6 * cards + 5 * self.players + 1 + SPECULATIONS_REMOVED_SHORT_2P

    def evaluate(self, state: State, player: int) -> float:
        from nilegames.games.nile.evaluate import evaluate

        assert isinstance(state, NileState)
        return evaluate(state, player)

    def explain_move(
        self, before: Observation, played: str, after: Observation, lang: str = "en"
    ) -> str:
        from nilegames.games.nile.evaluate import explain_move

        return explain_move(before, played, after, lang)

    def final_scores(self, state: State) -> list[float]:
        from nilegames.games.nile.stats import final_scores

        assert isinstance(state, NileState)
        return final_scores(state)

    def turns(self, state: State) -> int:
        assert isinstance(state, NileState)
        return state.turn

    def statistics(self, state: State) -> dict[str, float]:
        from nilegames.games.nile.stats import statistics

        assert isinstance(state, NileState)
        return statistics(state)

    def observation_encoder(self) -> ObservationEncoder:
        from nilegames.games.nile.tensor import NileObservationEncoder

        return NileObservationEncoder()

    def information_state_encoder(self) -> ObservationEncoder:
        from nilegames.games.nile.tensor import NileInformationStateEncoder

        return NileInformationStateEncoder()

    def render_text(self, observation: Observation) -> str:
        from nilegames.games.nile.render import render_text

        return render_text(observation)

    def render_rich(self, observation: Observation) -> Any:
        from nilegames.games.nile.render import render_rich

        return render_rich(observation)
