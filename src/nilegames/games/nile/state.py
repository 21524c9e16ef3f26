"""The rules of NILE as a state machine over atomic actions and chance nodes.

Zones are counts per card kind.  Every draw from the deck is a chance node whose
outcomes are the kinds still in the deck, weighted by how many of each remain, so no
deck order exists anywhere.  The event log (``events``) is the full truth too; the
views in :mod:`nilegames.games.nile.observe` filter it per seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Final

from nilegames.core import CHANCE, TERMINAL, Action, Observation, State
from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    CROP_CARDS_PER_KIND,
    DRAW_PER_TURN,
    FIRST_SPECULATION,
    HAND_SIZE,
    KIND_CROPS,
    KIND_MASK,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
    SPECULATION_PAYOUT,
    TRADE_COST,
    full_deck,
)
from nilegames.games.nile.rules import (
    NO_OWNER,
    ranking_returns,
)

if TYPE_CHECKING:
    from nilegames.games.nile.game import NileGame

#: Who receives a removed speculation card (the short two-player variant), in events.
REMOVED: Final = -2
#: Seat of a card turned as the flood, in events.
FLOOD_SEAT: Final = -3


class Phase(IntEnum):
    REMOVE = 0  # chance: a speculation card leaves the game (short 2-player variant)
    DEAL = 1  # chance: a card dealt to ``deal_seat``
    FIRST_PLAYER = 2  # chance: who starts
    FLOOD = 3  # chance: a card turned onto the flood pile
    DRAW = 4  # chance: a card drawn into ``draw_seat``'s hand
    TRADE = 5  # seat: trade, plant, speculate or end the turn
    PICK = 6  # seat: choose the cards a trade discards
    PLANT = 7  # seat: more cards for this planting, or done
    SPECULATE = 8  # seat: a second speculation card, or done
    OVER = 9


# The state keeps its phase as a plain int, and the phases are literal constants: in pure
# Python an enum member costs five times a module constant to read, and a compiled build
# inlines a literal where it looks a computed name up in a dictionary at every use.
REMOVE: Final = 0
DEAL: Final = 1
FIRST_PLAYER: Final = 2
FLOOD: Final = 3
DRAW: Final = 4
TRADE: Final = 5  # the first seat phase: every phase below is a chance node
PICK: Final = 6
PLANT: Final = 7
SPECULATE: Final = 8
OVER: Final = 9
PHASES = (REMOVE, DEAL, FIRST_PLAYER, FLOOD, DRAW, TRADE, PICK, PLANT, SPECULATE, OVER)
assert list(Phase) == list(PHASES)
DECK_PHASES: Final = frozenset({DEAL, FLOOD, DRAW})  # chance nodes that draw from the deck
SPECULATIONS_REMOVED_SHORT_2P: Final = 5
#: For each mask of flooded crops, the speculation kinds that show none of them.
SPECULABLE: Final = tuple(
    tuple(k for k in range(FIRST_SPECULATION, LOCUST) if not KIND_MASK[k] & blocked)
    for blocked in range(1 << NUM_CROPS)
)
#: ``draw_outcomes(size)[kind][count]``: the chance outcome of drawing ``kind`` when the
#: deck holds ``count`` of them among ``size`` cards, made once per size and then shared,
#: so that a chance node lists existing pairs instead of making a tuple and a float per
#: kind (in pure Python a third less work per chance node; compiled, about the same).
#: Each deck size's outcomes, by kind and count: ``(kind, count / size)``.  Typed as Any so
#: that the compiled kernel hands the stored tuples on as they are; typed as tuples, it
#: took each apart into C values and built it again (a tuple and a float per outcome).
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


#: The card tables read at every step, as finals of this module: a compiled build keeps
#: these in C statics, where an imported name is a dictionary lookup at every use.
MASK: Final = KIND_MASK
SHOWN_CROPS: Final = KIND_CROPS
assert max(full_deck()) == CROP_CARDS_PER_KIND


class NileState(State):
    """A game of NILE in progress: the full truth, hands and deck included."""

    __slots__ = (
        "bindings",
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
        "legal_cache",
        "locust_aside",
        "locust_pending",
        "log_views",
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

    game: NileGame

    def __init__(self, game: NileGame, *, _empty: bool = False) -> None:
        super().__init__(game)
        #: Resampling work that depends only on what one seat saw (see resample.py).
        self.bindings: dict[tuple[int, int], list[Any]] = {}
        #: The legal actions of this decision node, once asked for.
        self.legal_cache: list[Action] | None = None
        #: Each viewer's words for the events so far (see observe.py), grown as events come.
        self.log_views: dict[int | None, list[dict[str, Any]]] = {}
        if _empty:
            return
        #: The rules edition (docs/rules/nile.md, "Editions"): 1 kept the current flood
        #: card out of a rebuilt deck and played the step that emptied the last deck to
        #: its end; 2 follows seed 000 on both.
        self.edition = game.rules
        n = self.n = game.players
        deck = full_deck()
        removed = [0] * NUM_KINDS
        per_crop = game.crops_removed_per_kind()
        for crop in range(NUM_CROPS):
            deck[crop] -= per_crop
            removed[crop] = per_crop
        deck[LOCUST] = 0  # set aside while the hands are dealt
        self.deck = deck
        self.deck_size = sum(deck)
        self.removed = removed
        self.hands = [[0] * NUM_KINDS for _ in range(n)]
        self.hand_size = [0] * n
        self.stocks = [[0] * NUM_CROPS for _ in range(n)]
        self.owner = [NO_OWNER] * NUM_CROPS
        self.size = [0] * NUM_CROPS
        self.flood = -1
        self.blocked = 0
        #: Whether the current flood card lies on the flood pile: after a rebuild that took
        #: the whole pile (edition 2) it is in the deck, though its crops stay flooded.
        self.flood_on_pile = False
        self.flood_below = [0] * NUM_KINDS
        self.discard = [0] * NUM_KINDS
        #: The locust is out of the deck: aside before the deal, or face up after a draw.
        self.locust_aside = True
        #: Strikes owed by locusts drawn into a hand, due when that drawing is over.
        self.locust_pending = 0
        self.speculations: list[int] = []
        self.speculation_seat = -1
        self.deck_number = 1
        self.over = False
        self.seat = -1
        self.turn = 0
        self.deal_seat = 0
        self.draw_seat = -1
        self.draw_left = 0
        self.draw_reason = ""
        self.flood_reason = ""
        self.trade = -1
        self.picks_left = 0
        self.planted = [0] * NUM_CROPS
        self.events: list[tuple[Any, ...]] = []
        self.removing_left = game.speculations_removed()
        if per_crop:
            self.events.append(("removed_crops", per_crop))
        if self.removing_left:
            self.phase = REMOVE
        else:
            self._start_deal()

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
        if phase in DECK_PHASES:
            table = draw_outcomes(self.deck_size)
            outcomes: list[Any] = [table[k][c] for k, c in enumerate(self.deck) if c]
            return outcomes
        if phase == FIRST_PLAYER:
            return [(seat, 1.0 / self.n) for seat in range(self.n)]
        if phase == REMOVE:
            kinds = [k for k in range(FIRST_SPECULATION, LOCUST) if self.deck[k]]
            return [(k, 1.0 / len(kinds)) for k in kinds]
        return []

    def _is_chance_outcome(self, action: Action) -> bool:
        phase = self.phase
        if phase in DECK_PHASES:
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

    def apply_action(self, action: object, *, player: int | None = None) -> None:
        """The contract's ``apply_action`` with the two common cases checked here.

        A card from the deck and a legal seat action are applied without the generic
        path's calls (a third of a random playout's time went to them); anything else,
        refusals included, goes through :meth:`State.apply_action`.
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
                            self._on_pick(action)
                        else:
                            self._on_speculate(action)
                        self._history.append(action)
                        return
            elif (
                phase in DECK_PHASES
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

    def _legal_actions(self) -> list[Action]:
        if self.legal_cache is None:
            self.legal_cache = self._compute_legal_actions()
        return self.legal_cache[:]

    def _compute_legal_actions(self) -> list[Action]:
        phase = self.phase
        seat = self.seat
        hand = self.hands[seat]
        if phase == PICK:
            stock = self.stocks[seat]
            legal = [act.DISCARD_HAND + k for k in range(LOCUST) if hand[k]]
            legal += [act.DISCARD_STOCK + c for c in range(NUM_CROPS) if stock[c]]
            return legal
        if phase == TRADE:
            return self._trade_actions(seat, hand)
        if phase == PLANT:
            return self._plant_actions(seat, hand)
        legal = [act.DONE]
        if phase == SPECULATE and len(self.speculations) < 2:
            legal += [act.SPECULATE + k - FIRST_SPECULATION for k in self._speculable()]
        return legal

    def _trade_actions(self, seat: int, hand: list[int]) -> list[Action]:
        """The legal actions at the start of a decision, in one pass over the hand.

        This is the node a playout meets most often, so it inlines ``plantable_crops``
        (see rules.py) for a planting's first card: a crop of the seat's own field; a new
        field of two or more cards; another seat's field overtaken with more cards; or a
        single card of a new field when a second crop can join it (the "two different
        crops" planting).
        """
        legal = [act.DONE]
        if self.hand_size[seat] + sum(self.stocks[seat]) >= TRADE_COST:
            legal += (act.MARKET, act.OFFERING)
        blocked = self.blocked
        owner = self.owner
        size = self.size
        free = 0  # crops in hand, not flooded, whose field is free or the seat's own
        singles = []  # crops whose planting needs a second, different crop
        for crop in range(NUM_CROPS):
            count = hand[crop]
            if not count or blocked >> crop & 1:
                continue
            holder = owner[crop]
            if holder == seat:
                free += 1
                legal.append(act.PLANT + crop)
            elif holder == NO_OWNER:
                free += 1
                if count >= 2:
                    legal.append(act.PLANT + crop)
                else:
                    singles.append(act.PLANT + crop)
            elif count > size[crop]:
                legal.append(act.PLANT + crop)
        if singles and free >= 2:
            legal += singles
            legal.sort()
        legal += [act.SPECULATE + k - FIRST_SPECULATION for k in SPECULABLE[blocked] if hand[k]]
        return legal

    def _plant_actions(self, seat: int, hand: list[int]) -> list[Action]:
        """The legal actions while a planting is under way (at least one card is down).

        Inlines :func:`~nilegames.games.nile.rules.plantable_crops`: with one card more the
        planting must still be able to become all the seat's own fields, one foreign crop
        with enough cards, or two single cards of two crops (none of another seat's field).
        """
        planted = self.planted
        owner = self.owner
        size = self.size
        blocked = self.blocked
        crops = [c for c in range(NUM_CROPS) if planted[c]]
        foreign = [c for c in crops if owner[c] != seat]
        # rules.planting_is_complete, from the lists just made: the cards down so far are
        # the seat's own fields, one foreign crop with enough cards, or two single cards.
        first = crops[0]
        if not foreign:
            complete = True
        elif len(crops) == 1:
            complete = planted[first] >= 2 and (
                owner[first] == NO_OWNER or planted[first] > size[first]
            )
        else:
            complete = (
                len(crops) == 2
                and planted[first] == 1
                and planted[crops[1]] == 1
                and all(owner[c] == NO_OWNER for c in foreign)
            )
        legal = [act.DONE] if complete else []
        for crop in range(NUM_CROPS):
            if not hand[crop] or blocked >> crop & 1:
                continue
            holder = owner[crop]
            if planted[crop]:
                crop_count, foreign_count = len(crops), len(foreign)
            else:
                crop_count, foreign_count = len(crops) + 1, len(foreign) + (holder != seat)
            if not foreign_count:
                possible = True
            elif crop_count == 1:  # more cards of the one foreign crop already down
                needed = 2 if holder == NO_OWNER else size[crop] + 1
                possible = planted[crop] + hand[crop] >= needed
            elif crop_count == 2:  # two single cards, or nothing
                other = crops[0]
                possible = (
                    not planted[crop]
                    and planted[other] == 1
                    and holder in (NO_OWNER, seat)
                    and owner[other] in (NO_OWNER, seat)
                )
            else:
                possible = False
            if possible:
                legal.append(act.PLANT + crop)
        return legal

    def _is_legal(self, action: Action) -> bool:
        if self.legal_cache is None:
            self.legal_cache = self._compute_legal_actions()
        return action in self.legal_cache

    def _speculable(self) -> list[int]:
        hand = self.hands[self.seat]
        return [k for k in SPECULABLE[self.blocked] if hand[k]]

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

    # set-up
    def _on_remove(self, kind: int) -> None:
        self.deck[kind] -= 1
        self.deck_size -= 1
        self.removed[kind] += 1
        self.events.append(("draw", REMOVED, "removed", 1, kind, len(self._history)))
        self.removing_left -= 1
        if not self.removing_left:
            self._start_deal()

    def _on_first_player(self, seat: int) -> None:
        self.events.append(("first_player", seat))
        self._start_turn(seat)

    def _start_deal(self) -> None:
        self.phase = DEAL
        self.deal_seat = 0

    def _on_deal(self, kind: int) -> None:
        seat = self.deal_seat
        self._take(kind)
        self._give(seat, kind, "deal")
        if self.hand_size[seat] == HAND_SIZE:
            self.deal_seat += 1
            if self.deal_seat == self.n:
                self.deck[LOCUST] = 1  # the locust is shuffled into the rest of the deck
                self.deck_size += 1
                self.locust_aside = False
                self.events.append(("locust_shuffled",))
                self.phase = FIRST_PLAYER

    # the deck
    def _take(self, kind: int) -> None:
        self.deck[kind] -= 1
        self.deck_size -= 1
        if not self.deck_size and self.deck_number == self.n:
            self.over = True  # the last deck is empty: the game ends

    def _give(self, seat: int, kind: int, reason: str) -> None:
        self.hands[seat][kind] += 1
        self.hand_size[seat] += 1
        self.events.append(("draw", seat, reason, self.deck_number, kind, len(self._history)))

    def _can_draw(self) -> bool:
        """Make sure a card can be drawn: reshuffle an empty deck unless it was the last."""
        while not self.deck_size:
            if self.over or self.deck_number == self.n:
                self.over = True
                return False
            self._reshuffle()
        return not self.over

    def _reshuffle(self) -> None:
        """A new deck from the flood pile, the discards and the locust.

        Seed 000 takes the whole flood pile and lets a locust drawn during a drawing
        strike when that drawing is over, after any rebuild it needed (edition 2).
        Edition 1 kept the current flood card on the table and struck first.
        """
        deck = self.deck
        if self.edition == 1:
            if self.locust_pending:
                self._resolve_locust()
        elif self.flood_on_pile:
            deck[self.flood] += 1  # the crops it flooded stay flooded for this turn
            self.flood_on_pile = False
        for kind in range(NUM_KINDS):
            deck[kind] += self.flood_below[kind] + self.discard[kind]
            self.flood_below[kind] = 0
            self.discard[kind] = 0
        if self.locust_aside:
            deck[LOCUST] += 1
            self.locust_aside = False
        self.deck_size = sum(deck)
        self.deck_number += 1
        self.events.append(("reshuffle", self.deck_number, tuple(deck)))

    def _resolve_locust(self) -> None:
        """One strike of a locust drawn into a hand, now that the drawing is over."""
        self.locust_pending -= 1
        self._strike()

    def _strike(self) -> None:
        """The locust destroys every field of the largest size (all of them on a tie)."""
        largest = max(self.size)
        destroyed = []
        if largest:
            for crop in range(NUM_CROPS):
                if self.size[crop] == largest:
                    destroyed.append((crop, self.owner[crop], largest))
                    self.discard[crop] += largest
                    self.size[crop] = 0
                    self.owner[crop] = NO_OWNER
        self.events.append(("locust", tuple(destroyed)))

    # drawing into hands
    def _start_draw(self, seat: int, count: int, reason: str) -> None:
        self.draw_seat = seat
        self.draw_left = count
        self.draw_reason = reason
        self._continue_draw()

    def _continue_draw(self) -> None:
        if self.draw_left and self._can_draw():
            self.phase = DRAW
            return
        self.draw_left = 0
        if self.over and self.edition > 1:
            self._finish()  # the last deck is empty: the game ends at once (seed 000)
            return
        while self.locust_pending:
            self._resolve_locust()
        reason = self.draw_reason
        if reason == "turn":
            self._start_turn((self.seat + 1) % self.n)
        elif reason == "market":
            self._decide(TRADE)
        else:  # speculation payout
            self._finish_flood()

    def _on_draw(self, kind: int) -> None:
        # The most frequent step of all: ``_take`` and ``_give`` are written out here.
        self.deck[kind] -= 1
        self.deck_size -= 1
        if not self.deck_size and self.deck_number == self.n:
            self.over = True
        seat = self.draw_seat
        if kind == LOCUST:
            self.locust_aside = True  # shown and laid aside face up
            self.locust_pending += 1  # drawing goes on; the locust does not count
            self.events.append(("locust_drawn", seat, self.deck_number))
        else:
            self.hands[seat][kind] += 1
            self.hand_size[seat] += 1
            self.events.append(
                ("draw", seat, self.draw_reason, self.deck_number, kind, len(self._history))
            )
            self.draw_left -= 1
            if self.draw_left and self.deck_size:  # the common case: draw on
                return
        self._continue_draw()

    # the flood
    def _start_turn(self, seat: int) -> None:
        if self.over:
            self._finish()
            return
        self.seat = seat
        self.turn += 1
        self.events.append(("turn", seat, self.turn))
        self._flip_flood("turn")

    def _flip_flood(self, reason: str) -> None:
        self.flood_reason = reason
        if self._can_draw():
            self.phase = FLOOD
        else:
            self._finish()

    def _on_flood(self, kind: int) -> None:
        self._take(kind)
        if kind == LOCUST:
            self.events.append(("locust_drawn", FLOOD_SEAT, self.deck_number))
            self.locust_aside = True
            if self.over and self.edition > 1:
                self._finish()
                return
            self._strike()
            self._flip_flood(self.flood_reason)
            return
        if self.flood_on_pile:
            self.flood_below[self.flood] += 1
        self.flood = kind
        self.flood_on_pile = True
        self.blocked = MASK[kind]
        self.events.append(("flood", kind, self.flood_reason, self.deck_number))
        if self.over and self.edition > 1:
            self._finish()  # it took the last card: no harvest, the game is over
            return
        if self.speculations:
            matches = sum(bin(MASK[s] & self.blocked).count("1") for s in self.speculations)
            self.events.append(("payout", self.speculation_seat, matches))
            if matches:
                self._start_draw(self.speculation_seat, SPECULATION_PAYOUT * matches, "speculation")
                return
        self._finish_flood()

    def _finish_flood(self) -> None:
        if self.speculations:
            for kind in self.speculations:
                self.discard[kind] += 1
            self.events.append(("speculations_discarded", self.speculation_seat))
            self.speculations = []
            self.speculation_seat = -1
        for crop in SHOWN_CROPS[self.flood]:
            owner = self.owner[crop]
            if owner != NO_OWNER:
                self.size[crop] -= 1
                self.stocks[owner][crop] += 1
                if not self.size[crop]:
                    self.owner[crop] = NO_OWNER
                self.events.append(("harvest", crop, owner))
        self._decide(TRADE)

    def _decide(self, phase: int) -> None:
        if self.over:
            self._finish()
        else:
            self.phase = phase

    def _finish(self) -> None:
        self.phase = OVER
        self.events.append(("game_over", tuple(ranking_returns(self.stocks))))

    # seat decisions
    def _on_trade(self, action: Action) -> None:
        seat = self.seat
        if action == act.DONE:
            self.events.append(("pass", seat))
            self._start_draw(seat, DRAW_PER_TURN, "turn")
        elif action in (act.MARKET, act.OFFERING):
            self.trade = action
            self.picks_left = TRADE_COST
            self.phase = PICK
            self.events.append(("trade", seat, action))
        elif action < act.SPECULATE:
            self.phase = PLANT
            self._on_plant(action)
        else:
            self.phase = SPECULATE
            self._on_speculate(action)

    def _on_pick(self, action: Action) -> None:
        seat = self.seat
        if action < act.DISCARD_STOCK:
            kind = action - act.DISCARD_HAND
            self.hands[seat][kind] -= 1
            self.hand_size[seat] -= 1
            self.events.append(("discard", seat, "hand", kind))
        else:
            kind = action - act.DISCARD_STOCK
            self.stocks[seat][kind] -= 1
            self.events.append(("discard", seat, "stock", kind))
        self.discard[kind] += 1
        self.picks_left -= 1
        if self.picks_left:
            return
        if self.trade == act.MARKET:
            self._start_draw(seat, 1, "market")
        else:
            self._flip_flood("offering")

    def _on_plant(self, action: Action) -> None:
        seat = self.seat
        if action == act.DONE:
            self._complete_planting()
            self._start_draw(seat, DRAW_PER_TURN, "turn")
            return
        crop = action - act.PLANT
        self.hands[seat][crop] -= 1
        self.hand_size[seat] -= 1
        self.planted[crop] += 1
        self.events.append(("plant", seat, crop))

    def _complete_planting(self) -> None:
        seat = self.seat
        outcome = []
        for crop, count in enumerate(self.planted):
            if not count:
                continue
            previous = self.owner[crop]
            if previous == seat:
                self.size[crop] += count
            else:
                if previous != NO_OWNER:  # overtaken: the smaller field is discarded
                    self.discard[crop] += self.size[crop]
                    outcome.append(("overtake", crop, previous, self.size[crop]))
                self.owner[crop] = seat
                self.size[crop] = count
            outcome.append(("field", crop, count, self.size[crop]))
            self.planted[crop] = 0
        self.events.append(("planted", seat, tuple(outcome)))

    def _on_speculate(self, action: Action) -> None:
        seat = self.seat
        if action == act.DONE:
            self._start_draw(seat, DRAW_PER_TURN, "turn")
            return
        kind = action - act.SPECULATE + FIRST_SPECULATION
        self.hands[seat][kind] -= 1
        self.hand_size[seat] -= 1
        self.speculations.append(kind)
        self.speculation_seat = seat
        self.events.append(("speculate", seat, kind))


#: The fields a pickled state keeps: all but the caches, which a new state rebuilds.
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
