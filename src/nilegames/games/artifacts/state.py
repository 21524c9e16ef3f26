"""The rules of NILE ARTIFACTS (seed 002) as a state machine over atomic actions.

The artifact deck is a set of card ids: every draw (the round's lay-out, a purchase) is a
chance node over the cards in it, each equally likely, so no deck order exists.  The
monument pile works the same way: the 6 monuments left in the box are never chosen, each
reveal is drawn from the monuments not yet seen, and the pile holds 12 minus those shown
so far.  Nothing else is hidden, so every seat sees the whole table.

The state machine is split by phase (see table.py); this module holds the game contract.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from nilegames.core import CHANCE, TERMINAL, Action, Observation
from nilegames.core.ranking import place_returns
from nilegames.games.artifacts.actions import TAKE
from nilegames.games.artifacts.cards import NUM_CARDS
from nilegames.games.artifacts.monuments import NUM_MONUMENTS
from nilegames.games.artifacts.phases import (
    BUYING,
    CARDS_PER_ROUND,
    CHANCE_PHASES,
    COINS_IN_BOX,
    DEAL,
    DECLARING,
    FIRST,
    OFFERING,
    OVER,
    PHASE_NAMES,
    PRICE,
    REVEAL,
    ROUND_LIMIT,
    SAILING,
    STEP_NAMES,
    TAKING,
)
from nilegames.games.artifacts.table import first_of_each_class
from nilegames.games.artifacts.turns import ArtifactsTurns

if TYPE_CHECKING:
    from nilegames.games.artifacts.game import ArtifactsGame

#: The state and, for the views and tests, the phases and numbers it runs by.
__all__ = [
    "BUYING",
    "CARDS_PER_ROUND",
    "CHANCE_PHASES",
    "COINS_IN_BOX",
    "DEAL",
    "DECLARING",
    "FIRST",
    "OFFERING",
    "OVER",
    "PHASE_NAMES",
    "PICKLED_FIELDS",
    "PRICE",
    "REVEAL",
    "ROUND_LIMIT",
    "SAILING",
    "STEP_NAMES",
    "TAKING",
    "ArtifactsState",
    "deal_outcomes",
    "first_of_each_class",
]

#: ``deal_outcomes(size)[card]``: the chance outcome of drawing ``card`` from a deck of
#: ``size`` cards, made once per size and shared, so a chance node makes no tuples (typed
#: Any: typed as tuples, the compiled kernel took each apart and built it again).
_DEALS: Final[list[tuple[Any, ...] | None]] = [None] * (NUM_CARDS + 1)


def deal_outcomes(size: int) -> tuple[Any, ...]:
    table = _DEALS[size]
    if table is None:
        share = 1.0 / size
        table = tuple((card, share) for card in range(NUM_CARDS))
        _DEALS[size] = table
    return table


class ArtifactsState(ArtifactsTurns):
    """A game of NILE ARTIFACTS in progress: the whole table, which everyone sees."""

    __slots__ = ()

    # -- contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= DEAL or phase == BUYING:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.seat

    def is_chance_node(self) -> bool:
        phase = self.phase
        return phase <= DEAL or phase == BUYING

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase in (DEAL, BUYING):
            table = deal_outcomes(len(self.deck))
            outcomes: list[Any] = [table[card] for card in self.deck]  # the deck is sorted
            return outcomes
        if phase == REVEAL:
            unseen = [m for m in range(NUM_MONUMENTS) if m not in self.revealed]
            return [(m, 1.0 / len(unseen)) for m in unseen]
        if phase == FIRST:
            return [(seat, 1.0 / self.n) for seat in range(self.n)]
        return []

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase <= DEAL or phase == BUYING:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if phase == OVER:
            return []
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = self._compute_legal_actions()
        return legal[:]

    def apply_action(self, action: object, player: int | None = None) -> None:
        """The contract's ``apply_action`` with the two common cases checked here.

        A legal seat action and a card from the deck are applied without the generic
        path's calls; anything else, refusals included, goes through
        :meth:`State.apply_action`.
        """
        phase = self.phase
        if type(action) is int:
            if phase in (DEAL, BUYING):
                if (player is None or player == CHANCE) and action in self.deck:
                    self.legal_cache = None
                    if phase == DEAL:
                        self._on_deal(action)
                    else:
                        self._on_bought(action)
                    self._history.append(action)
                    return
            elif phase >= SAILING and phase != OVER and (player is None or player == self.seat):
                legal = self.legal_cache
                if legal is None:
                    legal = self.legal_cache = self._compute_legal_actions()
                if action in legal:
                    self.legal_cache = None
                    if phase == SAILING:
                        self._on_sailing(action)
                    elif phase == OFFERING:
                        self._on_offering(action)
                    elif phase == TAKING:
                        self._take(action - TAKE)
                    else:
                        self._on_declare(action)
                    self._history.append(action)
                    return
        super().apply_action(action, player=player)

    def _is_chance_outcome(self, action: Action) -> bool:
        phase = self.phase
        if phase == REVEAL:
            return 0 <= action < NUM_MONUMENTS and action not in self.revealed
        if phase == FIRST:
            return 0 <= action < self.n
        if phase in (DEAL, BUYING):
            return action in self.deck
        return False

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        return place_returns(self.final_keys())

    def final_keys(self) -> list[tuple[int, int]]:
        """What decides the places: favour, then the cards kept in front of each seat."""
        return [(self.favour[s], len(self.tableaux[s])) for s in range(self.n)]

    def action_to_string(self, action: Action) -> str:
        from nilegames.games.artifacts.observe import action_words

        return action_words(self, action)

    def __reduce__(self) -> tuple[Any, ...]:
        # A compiled build (mypyc) has no default pickling: rebuild field by field.
        fields = {name: getattr(self, name) for name in PICKLED_FIELDS}
        return (_restore, (self.game, self._history, fields))

    def clone(self) -> ArtifactsState:
        other = ArtifactsState(self.game, _empty=True)
        other._history = self._history[:]
        other.n = self.n
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.edition = self.edition
        other.under = [cards[:] for cards in self.under]
        other.tableaux = [cards[:] for cards in self.tableaux]
        other.coins = self.coins[:]
        other.reserve = self.reserve
        other.favour = self.favour[:]
        other.boats = self.boats[:]
        other.facing = self.facing[:]
        other.arrived = self.arrived[:]
        other.turned = self.turned
        other.shown = self.shown[:]
        other.levels = [row[:] for row in self.levels]
        other.revealed = self.revealed[:]
        other.pile_left = self.pile_left
        other.offering = self.offering[:]
        other.declared = self.declared[:]
        other.used = self.used[:]
        other.phase = self.phase
        other.seat = self.seat
        other.first = self.first
        other.round = self.round
        other.final_round = self.final_round
        other.last_round = self.last_round
        other.deal_left = self.deal_left
        other.events = self.events[:]  # events are tuples: shared safely
        other.legal_cache = self.legal_cache
        for viewer, views in self.log_views.items():
            other.log_views[viewer] = views[:]
        return other

    def observation(self, player: int) -> Observation:
        from nilegames.games.artifacts.observe import build_observation

        self.check_seat(player)
        return build_observation(self, player)

    def public_observation(self) -> Observation:
        from nilegames.games.artifacts.observe import build_observation

        return build_observation(self, None)

    def resample_from_infostate(self, player: int, rng: random.Random) -> ArtifactsState:
        # Every seat sees the whole table: the deck holds no order and the pile no
        # chosen monuments, so the only world a seat cannot rule out is this one.
        self.check_seat(player)
        return self.clone()

    # -- applying actions ------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        self.legal_cache = None
        phase = self.phase
        if phase == REVEAL:
            self._on_reveal(action)
        elif phase == FIRST:
            self.first = action
            self.events.append(("first", action))
            self._start_round()
        elif phase == DEAL:
            self._on_deal(action)
        elif phase == BUYING:
            self._on_bought(action)
        elif phase == SAILING:
            self._on_sailing(action)
        elif phase == TAKING:
            self._take(action - TAKE)
        elif phase == OFFERING:
            self._on_offering(action)
        elif phase == DECLARING:
            self._on_declare(action)


#: The fields a pickled state keeps: all but the caches.  Listed by name, since a compiled
#: build cannot read ``__slots__`` (a test checks this list against the class).
PICKLED_FIELDS = (
    "arrived",
    "boats",
    "coins",
    "deal_left",
    "deck",
    "declared",
    "discard",
    "edition",
    "events",
    "facing",
    "favour",
    "final_round",
    "first",
    "last_round",
    "levels",
    "n",
    "offering",
    "phase",
    "pile_left",
    "reserve",
    "revealed",
    "round",
    "seat",
    "shown",
    "tableaux",
    "turned",
    "under",
    "used",
)


def _restore(game: ArtifactsGame, history: list[Action], fields: dict[str, Any]) -> ArtifactsState:
    """The state ``ArtifactsState.__reduce__`` describes."""
    state = ArtifactsState(game, _empty=True)
    state._history = history
    for name, value in fields.items():
        setattr(state, name, value)
    state.deck.sort()  # states saved before the deck was kept sorted
    return state
