"""The rules of NILE as a state machine over atomic actions and chance nodes.

Zones are counts per card kind.  Every draw from the deck is a chance node whose
outcomes are the kinds still in the deck, weighted by how many of each remain, so no
deck order exists anywhere.  The event log (``events``) is the full truth too; the
views in :mod:`nilegames.games.nile.observe` filter it per seat.

The state machine is split by phase (see table.py); this module holds the game contract.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from nilegames.core import CHANCE, TERMINAL, Action, Observation
from nilegames.games.nile.cards import (
    CROP_CARDS_PER_KIND,
    FIRST_SPECULATION,
    LOCUST,
    NUM_KINDS,
    full_deck,
)
from nilegames.games.nile.phases import (
    DEAL,
    DRAW,
    FIRST_PLAYER,
    FLOOD,
    FLOOD_SEAT,
    OVER,
    PHASES,
    PICK,
    PLANT,
    REMOVE,
    REMOVED,
    SPECULATE,
    SPECULATIONS_REMOVED_SHORT_2P,
    TRADE,
    Phase,
)
from nilegames.games.nile.rules import ranking_returns
from nilegames.games.nile.turns import NileTurns

if TYPE_CHECKING:
    from nilegames.games.nile.game import NileGame

#: The state and, for the views and tests, the phases and numbers it runs by.
__all__ = [
    "DEAL",
    "DRAW",
    "FIRST_PLAYER",
    "FLOOD",
    "FLOOD_SEAT",
    "OVER",
    "PHASES",
    "PICK",
    "PICKLED_FIELDS",
    "PLANT",
    "REMOVE",
    "REMOVED",
    "SPECULATE",
    "SPECULATIONS_REMOVED_SHORT_2P",
    "TRADE",
    "NileState",
    "Phase",
    "draw_outcomes",
]

#: ``draw_outcomes(size)[kind][count]``: the chance outcome of drawing ``kind`` when the
#: deck holds ``count`` of them among ``size`` cards, made once per size and then shared,
#: so that a chance node lists existing pairs instead of making a tuple and a float per
#: kind (in pure Python a third less work per chance node; compiled, about the same).
#: Each deck size's outcomes, by kind and count: ``(kind, count / size)``.  Typed as Any so
#: that the compiled kernel hands the stored tuples on as they are; typed as tuples, it
#: took each apart into C values and built it again (a tuple and a float per outcome).
#: (One flat tuple per size, indexed ``kind * 17 + count``, saved little compiled and cost
#: pure Python an int object per outcome: most such indexes are above the cached ints.)
_DRAWS: Final[list[tuple[tuple[Any, ...], ...] | None]] = [None] * (sum(full_deck()) + 1)


def draw_outcomes(size: int) -> tuple[tuple[Any, ...], ...]:
    table = _DRAWS[size]
    if table is None:
        share = 1.0 / size
        table = tuple(
            tuple((kind, count * share) for count in range(CROP_CARDS_PER_KIND + 1))
            for kind in range(NUM_KINDS)
        )
        _DRAWS[size] = table
    return table


assert max(full_deck()) == CROP_CARDS_PER_KIND


class NileState(NileTurns):
    """A game of NILE in progress: the full truth, hands and deck included."""

    __slots__ = ()

    # -- contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase < TRADE:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.seat

    def is_chance_node(self) -> bool:
        return self.phase < TRADE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        # (DRAW, FLOOD, DEAL), here and below, are the chance nodes that draw from the deck:
        # as a literal tuple a compiled build compares ints, where a set boxed the phase.
        if phase in (DRAW, FLOOD, DEAL):
            size = self.deck_size
            table = _DRAWS[size] or draw_outcomes(size)
            deck = self.deck
            outcomes: list[Any] = [table[k][deck[k]] for k in self.in_deck]
            return outcomes
        if phase == FIRST_PLAYER:
            return [(seat, 1.0 / self.n) for seat in range(self.n)]
        if phase == REMOVE:
            kinds = [k for k in range(FIRST_SPECULATION, LOCUST) if self.deck[k]]
            return [(k, 1.0 / len(kinds)) for k in kinds]
        return []

    def _is_chance_outcome(self, action: Action) -> bool:
        phase = self.phase
        if phase in (DRAW, FLOOD, DEAL):
            return 0 <= action < NUM_KINDS and self.deck[action] > 0
        if phase == FIRST_PLAYER:
            return 0 <= action < self.n
        if phase == REMOVE:
            return FIRST_SPECULATION <= action < LOCUST and self.deck[action] > 0
        return False

    def legal_actions(self) -> list[Action]:
        legal = self.legal_cache
        if legal is not None:
            return legal[:]
        phase = self.phase
        if phase < TRADE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if phase == OVER:
            return []
        legal = self.legal_cache = self._compute_legal_actions()
        return legal[:]

    def apply_action(self, action: object, player: int | None = None) -> None:
        """The contract's ``apply_action`` with the two common cases checked here.

        A card from the deck and a legal seat action are applied without the generic
        path's calls (a third of a random playout's time went to them); anything else,
        refusals included, goes through :meth:`State.apply_action`.

        ``player`` may also come by position here (the contract names it): with a
        keyword-only argument the compiled wrapper parsed every call through the generic
        argument parser, a tenth of the contract's own cost per step.
        """
        phase = self.phase
        if type(action) is int:
            if phase >= TRADE:
                if phase != OVER and (player is None or player == self.seat):
                    legal = self.legal_cache
                    if legal is None:
                        legal = self.legal_cache = self._compute_legal_actions()
                    if action in legal:
                        self.legal_cache = None
                        # Called by name, the most frequent first: a compiled build then
                        # calls each directly instead of through the table's Python objects.
                        if phase == TRADE:
                            self._on_trade(action)
                        elif phase == PLANT:
                            self._on_plant(action)
                        elif phase == PICK:
                            self._on_pick(action, legal)
                        else:
                            self._on_speculate(action)
                        self._history.append(action)
                        return
            elif (
                phase in (DRAW, FLOOD, DEAL)
                and (player is None or player == CHANCE)
                and 0 <= action < NUM_KINDS
                and self.deck[action] > 0
            ):
                self.legal_cache = None
                if phase == DRAW:
                    self._on_draw(action)
                elif phase == FLOOD:
                    self._on_flood(action)
                else:
                    self._on_deal(action)
                self._history.append(action)
                return
        super().apply_action(action, player=player)

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        return ranking_returns(self.stocks)

    def action_to_string(self, action: Action) -> str:
        from nilegames.games.nile.observe import action_words

        return action_words(self, action)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle and deepcopy rebuild the state field by field: a compiled build (mypyc)
        # has no default way to, and the bindings cache is left behind on purpose.
        fields = {name: getattr(self, name) for name in PICKLED_FIELDS}
        return (_restore, (self.game, self._history, fields))

    def clone(self) -> NileState:
        other = NileState(self.game, _empty=True)
        other._history = self._history[:]
        other.n = self.n
        other.deck = self.deck[:]
        other.in_deck = self.in_deck
        other.in_deck_mask = self.in_deck_mask
        other.deck_size = self.deck_size
        other.removed = self.removed[:]
        other.hands = [h[:] for h in self.hands]
        other.hand_size = self.hand_size[:]
        other.stocks = [s[:] for s in self.stocks]
        other.owner = self.owner[:]
        other.size = self.size[:]
        other.edition = self.edition
        other.flood = self.flood
        other.flood_on_pile = self.flood_on_pile
        other.blocked = self.blocked
        other.flood_below = self.flood_below[:]
        other.discard = self.discard[:]
        other.locust_aside = self.locust_aside
        other.locust_pending = self.locust_pending
        other.speculations = self.speculations[:]
        other.speculation_seat = self.speculation_seat
        other.deck_number = self.deck_number
        other.over = self.over
        other.phase = self.phase
        other.seat = self.seat
        other.turn = self.turn
        other.deal_seat = self.deal_seat
        other.draw_seat = self.draw_seat
        other.draw_left = self.draw_left
        other.draw_reason = self.draw_reason
        other.flood_reason = self.flood_reason
        other.trade = self.trade
        other.picks_left = self.picks_left
        other.planted = self.planted[:]
        other.events = self.events[:]
        other.log_views = {viewer: views[:] for viewer, views in self.log_views.items()}
        other.removing_left = self.removing_left
        return other

    def observation(self, player: int) -> Observation:
        from nilegames.games.nile.observe import build_observation

        self.check_seat(player)
        return build_observation(self, player)

    def public_observation(self) -> Observation:
        from nilegames.games.nile.observe import build_observation

        return build_observation(self, None)

    def resample_from_infostate(self, player: int, rng: random.Random) -> NileState:
        from nilegames.games.nile.resample import resample

        return resample(self, player, rng)

    # -- applying actions ------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        self.legal_cache = None
        _HANDLERS[self.phase](self, action)


#: The fields a pickled state keeps: all but the caches, which a new state rebuilds (the
#: kinds in the deck are counted again from the deck).
PICKLED_FIELDS = (
    "blocked",
    "deal_seat",
    "deck",
    "deck_number",
    "deck_size",
    "discard",
    "draw_left",
    "draw_reason",
    "draw_seat",
    "edition",
    "events",
    "flood",
    "flood_below",
    "flood_on_pile",
    "flood_reason",
    "hand_size",
    "hands",
    "locust_aside",
    "locust_pending",
    "n",
    "over",
    "owner",
    "phase",
    "picks_left",
    "planted",
    "removed",
    "removing_left",
    "seat",
    "size",
    "speculation_seat",
    "speculations",
    "stocks",
    "trade",
    "turn",
)


def _restore(game: NileGame, history: list[Action], fields: dict[str, Any]) -> NileState:
    """The state ``NileState.__reduce__`` describes."""
    state = NileState(game, _empty=True)
    state._history = history
    for name, value in fields.items():
        setattr(state, name, value)
    state._count_deck()
    return state


#: What applies an action in each phase, indexed by phase (no handler once the game is over).
_HANDLERS: Final[tuple[Callable[[NileState, Action], None], ...]] = (
    NileState._on_remove,
    NileState._on_deal,
    NileState._on_first_player,
    NileState._on_flood,
    NileState._on_draw,
    NileState._on_trade,
    NileState._on_pick,
    NileState._on_plant,
    NileState._on_speculate,
)
assert len(_HANDLERS) == OVER
