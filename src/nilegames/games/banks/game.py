"""AN DEN UFERN DES NILS as a registered game: player range, options and sizes."""

from __future__ import annotations

import random
from typing import Any

from nilegames.core import Game, Observation, OptionSpec, State, register
from nilegames.core.tensor import ObservationEncoder
from nilegames.games.banks.actions import NUM_ACTIONS
from nilegames.games.banks.board import NUM_FIELDS, PALMS, PLANTS_PER_PLAYER
from nilegames.games.banks.cards import NUM_EVENTS, NUM_FACES, NUM_WATER
from nilegames.games.banks.state import ACTION_POINTS, ROUND_LIMIT, START_AUCTION_TRIES, BanksState


@register
class BanksGame(Game):
    """AN DEN UFERN DES NILS (Abacus): flood and ebb, sow, grow, harvest, market majorities."""

    id = "banks"
    title = "An den Ufern des Nils"
    min_players = 2
    max_players = 5
    option_specs = (
        OptionSpec(
            "seed_trade",
            False,
            (False, True),
            "variant: buy another player's seed from the boat for 2 action points",
        ),
        OptionSpec(
            "joker_heal",
            False,
            (False, True),
            "variant: discard a joker to heal one of your spoiled plants in the market",
        ),
        OptionSpec(
            "hippo_auction",
            False,
            (False, True),
            "variant: a hippopotamus auctions 3 extra action points for plants bid in secret",
        ),
        OptionSpec(
            "bid_start",
            False,
            (False, True),
            "variant: plants bid in secret decide the first player (and go to the boat)",
        ),
    )
    #: Edition 2 follows seed 003 where edition 1 did not, or reads it anew: a joker heals
    #: any spoiled plant, a tied first-player auction is bid again by the tied seats only,
    #: minus points are floored row by row, the desert of a flooded desert card goes where
    #: the first player chooses, and the game ends early only on a proved deadlock
    #: (docs/rules/banks.md, "Editions"); and the board's 4- and 5-field rows have one palm
    #: more, so that two-player games no longer starve.
    rules_edition = 2

    def _check_options(self) -> None:
        #: Each field's palms under this game's rules edition (board.PALMS).
        self.palms: tuple[int, ...] = PALMS[self.rules]

    def new_initial_state(self) -> BanksState:
        """A copy of the game's first state, made once (a copy costs a fraction of setting
        up the table)."""
        return self.copy_of_first_state(lambda: BanksState(self))

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return max(NUM_EVENTS, NUM_FACES, self.players)

    def max_game_length(self) -> int:
        # Per round: two tide moves with their draws and rot choices, then each seat's
        # actions: every action point buys at most one move, and jokers add points (each
        # joker is one more action, and there are 30 desert cards); plus "end".  The
        # opening and its draws come once.
        n = self.players
        # two moves, and two more if ebb and flood swap, each with its draws, and with the
        # hippopotamus variant an auction and three extra actions after each
        tide = 4 * (6 + n + ACTION_POINTS + 3)
        actions = n * (ACTION_POINTS + 1) + 30 * 2
        opening = 3 + 2 * n + n + 2 * n + 2 * n + NUM_WATER + 1 + START_AUCTION_TRIES * n
        return ROUND_LIMIT * (tide + actions + NUM_FIELDS) + opening + PLANTS_PER_PLAYER * n

    def evaluate(self, state: State, player: int) -> float:
        from nilegames.games.banks.evaluate import evaluate

        assert isinstance(state, BanksState)
        return evaluate(state, player)

    def playout_action(self, state: State, rng: random.Random) -> int:
        from nilegames.games.banks.evaluate import playout_action

        assert isinstance(state, BanksState)
        return playout_action(state, rng)

    def explain_move(
        self, before: Observation, played: str, after: Observation, lang: str = "en"
    ) -> str:
        from nilegames.games.banks.evaluate import explain_move

        return explain_move(before, played, after, lang)

    def final_scores(self, state: State) -> list[float]:
        from nilegames.games.banks.stats import final_scores

        assert isinstance(state, BanksState)
        return final_scores(state)

    def turns(self, state: State) -> int:
        """Rounds played: a round gives every seat one turn of actions."""
        assert isinstance(state, BanksState)
        return state.round

    def statistics(self, state: State) -> dict[str, float]:
        from nilegames.games.banks.stats import statistics

        assert isinstance(state, BanksState)
        return statistics(state)

    def observation_encoder(self) -> ObservationEncoder:
        from nilegames.games.banks.tensor import BanksObservationEncoder

        return BanksObservationEncoder()

    def information_state_encoder(self) -> ObservationEncoder:
        from nilegames.games.banks.tensor import BanksInformationStateEncoder

        return BanksInformationStateEncoder()

    def render_text(self, observation: Observation) -> str:
        from nilegames.games.banks.render import render_text

        return render_text(observation)

    def render_rich(self, observation: Observation) -> Any:
        from nilegames.games.banks.render import render_rich

        return render_rich(observation)
