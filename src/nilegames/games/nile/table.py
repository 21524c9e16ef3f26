"""The table of NILE: everything a state holds, hands and deck included, and the moves
it allows (the legal actions).

The state machine is split by phase into a chain of classes, each adding the moves of
its phases: this table, the set-up, the deck and the drawing into hands (deck.py), the
turn's flood and the seats' decisions (turns.py), and the full state with the game
contract (state.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nilegames.core import Action, State
from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    FIRST_SPECULATION,
    KIND_MASK,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
    TRADE_COST,
    full_deck,
)
from nilegames.games.nile.phases import DEAL, PICK, PLANT, REMOVE, SPECULATE, TRADE
from nilegames.games.nile.rules import NO_OWNER

if TYPE_CHECKING:
    from nilegames.games.nile.game import NileGame

#: The tuple ``in_deck`` of each mask of kinds in the deck, made when first needed and then
#: shared: a kind running out costs a lookup instead of cutting and joining tuples.
KINDS_IN_DECK: Final[list[tuple[int, ...] | None]] = [None] * (1 << NUM_KINDS)
#: For each mask of flooded crops, the crops that may be planted (not flooded).
UNFLOODED: Final = tuple(
    tuple(c for c in range(NUM_CROPS) if not blocked >> c & 1) for blocked in range(1 << NUM_CROPS)
)
#: For each mask of flooded crops, the speculation kinds that show none of them.
SPECULABLE: Final = tuple(
    tuple(k for k in range(FIRST_SPECULATION, LOCUST) if not KIND_MASK[k] & blocked)
    for blocked in range(1 << NUM_CROPS)
)


class NileTable(State):
    """The whole table of a game, hands and deck included, and the moves it allows."""

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
        "in_deck",
        "in_deck_mask",
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
    #: The kinds the deck holds, in order: a draw's chance outcomes.  Counted again from
    #: ``deck`` when it is rebuilt (``_count_deck``); a tuple replaced when a kind runs out
    #: or comes back, which is rare, so that clones share it.
    in_deck: tuple[int, ...]
    #: The same kinds as a bit mask (bit ``kind``), by which a kind running out finds the
    #: next tuple in :data:`KINDS_IN_DECK`.
    in_deck_mask: int

    def __init__(self, game: NileGame, *, _empty: bool = False) -> None:
        super().__init__(game)
        #: Resampling work that depends only on what one seat saw (see resample.py).
        self.bindings: dict[tuple[int, int], list[Any]] = {}
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
        self._count_deck()
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

    def _count_deck(self) -> None:
        """``deck_size`` and ``in_deck`` from the counts in ``deck``, after it was rebuilt."""
        deck = self.deck
        self.deck_size = sum(deck)
        kinds = []
        mask = 0
        for kind in range(NUM_KINDS):
            if deck[kind]:
                kinds.append(kind)
                mask |= 1 << kind
        self.in_deck = tuple(kinds)
        self.in_deck_mask = mask

    def _start_deal(self) -> None:
        self.phase = DEAL
        self.deal_seat = 0

    # -- moves defined further down the chain (turns.py) ---------------------------------
    def _start_turn(self, seat: int) -> None:
        raise NotImplementedError

    def _finish_flood(self) -> None:
        raise NotImplementedError

    # -- legal moves -----------------------------------------------------------------------
    def _compute_legal_actions(self) -> list[Action]:
        phase = self.phase
        seat = self.seat
        hand = self.hands[seat]
        if phase == TRADE:
            return self._trade_actions(seat, hand)
        if phase == PLANT:
            return self._plant_actions(seat, hand)
        if phase == PICK:
            stock = self.stocks[seat]
            legal = []
            left = self.hand_size[seat]  # cards in hand not yet listed: stop at the last
            for kind in range(LOCUST):
                if not left:
                    break
                count = hand[kind]
                if count:
                    legal.append(act.DISCARD_HAND + kind)
                    left -= count
            for crop in range(NUM_CROPS):
                if stock[crop]:
                    legal.append(act.DISCARD_STOCK + crop)
            return legal
        legal = [act.DONE]
        if phase == SPECULATE and len(self.speculations) < 2:
            for kind in SPECULABLE[self.blocked]:
                if hand[kind]:
                    legal.append(act.SPECULATE + kind - FIRST_SPECULATION)
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
        cards = self.hand_size[seat]  # in the hand, and if that is not enough in the stock too
        if cards >= TRADE_COST or cards + sum(self.stocks[seat]) >= TRADE_COST:
            legal.append(act.MARKET)
            legal.append(act.OFFERING)
        blocked = self.blocked
        owner = self.owner
        size = self.size
        free = 0  # crops in hand, not flooded, whose field is free or the seat's own
        singles = 0  # how many crops' planting needs a second, different crop
        for crop in UNFLOODED[blocked]:
            count = hand[crop]
            if not count:
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
                    singles += 1
            elif count > size[crop]:
                legal.append(act.PLANT + crop)
        if singles and free >= 2:
            # A single card of a new field, now that a second crop can join it.  Appended
            # and sorted rather than gathered in a list of their own: one list less per call.
            for crop in UNFLOODED[blocked]:
                if hand[crop] == 1 and owner[crop] == NO_OWNER:
                    legal.append(act.PLANT + crop)
            legal.sort()
        # Appended one by one: ``legal += [...]`` made a second list and joined the two.
        for kind in SPECULABLE[blocked]:
            if hand[kind]:
                legal.append(act.SPECULATE + kind - FIRST_SPECULATION)
        return legal

    def _plant_actions(self, seat: int, hand: list[int]) -> list[Action]:
        """The legal actions while a planting is under way (at least one card is down).

        Inlines :func:`~nilegames.games.nile.rules.plantable_crops`, by what is down so far
        (most often a single crop): a planting must still be able to become all the seat's
        own fields, one foreign crop with enough cards, or two single cards of two crops
        (none of another seat's field).
        """
        planted = self.planted
        owner = self.owner
        blocked = self.blocked
        legal: list[Action]
        empty = planted.count(0)
        if empty < NUM_CROPS - 1:  # two crops or more
            foreign = False  # a crop down that is not the seat's own field
            taken = False  # a crop down of another seat's field
            for crop in range(NUM_CROPS):
                if planted[crop]:
                    holder = owner[crop]
                    if holder != seat:
                        foreign = True
                        if holder != NO_OWNER:
                            taken = True
            if foreign:
                # Only two single cards, none of another seat's field, are complete (what
                # ``planting_is_complete`` says of two crops, one foreign); nothing fits.
                pair = empty == NUM_CROPS - 2 and planted.count(1) == 2
                return [act.DONE] if pair and not taken else []
            # The seat's own fields only: more cards into any of them.
            legal = [act.DONE]
            for crop in UNFLOODED[blocked]:
                if hand[crop] and owner[crop] == seat:
                    legal.append(act.PLANT + crop)
            return legal
        down = 0  # the one crop down so far
        while not planted[down]:
            down += 1
        count = planted[down]
        holder = owner[down]
        if holder == seat:
            # Into the seat's own field: more cards into its own fields, or after a single
            # card a new field of one card beside it.
            legal = [act.DONE]
            for crop in UNFLOODED[blocked]:
                if hand[crop]:
                    other = owner[crop]
                    if other == seat or (count == 1 and other == NO_OWNER):
                        legal.append(act.PLANT + crop)
            return legal
        # A new field needs two cards, another seat's field one more than it holds; after
        # a single card of a new field, a second crop (new, or the seat's own) may join it.
        needed = 2 if holder == NO_OWNER else self.size[down] + 1
        legal = [act.DONE] if count >= needed else []
        pair = count == 1 and holder == NO_OWNER
        for crop in UNFLOODED[blocked]:
            if not hand[crop]:
                continue
            if crop == down:
                if count + hand[crop] >= needed:
                    legal.append(act.PLANT + crop)
            elif pair and owner[crop] in (NO_OWNER, seat):
                legal.append(act.PLANT + crop)
        return legal
