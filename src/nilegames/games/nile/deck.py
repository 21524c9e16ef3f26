"""The deck of NILE: the set-up (cards removed, the deal, the first player), every draw,
the rebuilt decks, the locust, and the drawing of cards into a hand."""

from __future__ import annotations

from nilegames.games.nile.cards import HAND_SIZE, LOCUST, NUM_CROPS, NUM_KINDS
from nilegames.games.nile.phases import DRAW, FIRST_PLAYER, OVER, REMOVED, TRADE
from nilegames.games.nile.rules import NO_OWNER, ranking_returns
from nilegames.games.nile.table import KINDS_IN_DECK, NileTable


class NileDeck(NileTable):
    """Set-up and cards drawn: the chance steps of a game, and where they lead."""

    __slots__ = ()

    # set-up
    def _on_remove(self, kind: int) -> None:
        self._take(kind)
        self.removed[kind] += 1
        self.events.append(("draw", REMOVED, "removed", 1, kind, len(self._history)))
        self.removing_left -= 1
        if not self.removing_left:
            self._start_deal()

    def _on_first_player(self, seat: int) -> None:
        self.events.append(("first_player", seat))
        self._start_turn(seat)

    def _on_deal(self, kind: int) -> None:
        seat = self.deal_seat
        self._take(kind)
        self._give(seat, kind, "deal")
        if self.hand_size[seat] == HAND_SIZE:
            self.deal_seat += 1
            if self.deal_seat == self.n:
                self.deck[LOCUST] = 1  # the locust is shuffled into the rest of the deck
                self.deck_size += 1
                self.in_deck += (LOCUST,)  # the last kind: the kinds stay in order
                self.in_deck_mask |= 1 << LOCUST
                self.locust_aside = False
                self.events.append(("locust_shuffled",))
                self.phase = FIRST_PLAYER

    # the deck
    def _take(self, kind: int) -> None:
        deck = self.deck
        left = deck[kind] - 1
        deck[kind] = left
        if not left:
            self._ran_out(kind)
        self.deck_size -= 1
        if not self.deck_size and self.deck_number == self.n:
            self.over = True  # the last deck is empty: the game ends

    def _ran_out(self, kind: int) -> None:
        """The last card of ``kind`` left the deck."""
        mask = self.in_deck_mask ^ (1 << kind)
        self.in_deck_mask = mask
        kinds = KINDS_IN_DECK[mask]
        if kinds is None:
            kinds = KINDS_IN_DECK[mask] = tuple([k for k in self.in_deck if k != kind])
        self.in_deck = kinds

    def _give(self, seat: int, kind: int, reason: str) -> None:
        hand = self.hands[seat]
        hand[kind] = hand[kind] + 1
        sizes = self.hand_size
        sizes[seat] = sizes[seat] + 1
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
        self._count_deck()
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
        # The most frequent step of all: ``_take`` and ``_give`` are written out here.  The
        # counts are read and written back (``x[i] = x[i] - 1``), not updated in place: a
        # compiled build adds boxed ints through the generic number protocol for ``x[i] -= 1``.
        deck = self.deck
        left = deck[kind] - 1
        deck[kind] = left
        if not left:
            self._ran_out(kind)
        size = self.deck_size - 1
        self.deck_size = size
        if not size and self.deck_number == self.n:
            self.over = True
        seat = self.draw_seat
        if kind == LOCUST:
            self.locust_aside = True  # shown and laid aside face up
            self.locust_pending += 1  # drawing goes on; the locust does not count
            self.events.append(("locust_drawn", seat, self.deck_number))
        else:
            hand = self.hands[seat]
            hand[kind] = hand[kind] + 1
            sizes = self.hand_size
            sizes[seat] = sizes[seat] + 1
            self.events.append(
                ("draw", seat, self.draw_reason, self.deck_number, kind, len(self._history))
            )
            self.draw_left -= 1
            if self.draw_left and size:  # the common case: draw on
                return
        self._continue_draw()

    def _decide(self, phase: int) -> None:
        if self.over:
            self._finish()
        else:
            self.phase = phase

    def _finish(self) -> None:
        self.phase = OVER
        self.events.append(("game_over", tuple(ranking_returns(self.stocks))))
