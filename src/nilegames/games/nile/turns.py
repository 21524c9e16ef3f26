"""A turn of NILE: the flood card turned (speculations paid, fields harvested), then the
seat's decisions (trade, plant, speculate)."""

from __future__ import annotations

from typing import Final

from nilegames.core import Action
from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    DRAW_PER_TURN,
    FIRST_SPECULATION,
    KIND_CROPS,
    KIND_MASK,
    LOCUST,
    NUM_CROPS,
    SPECULATION_PAYOUT,
    TRADE_COST,
)
from nilegames.games.nile.deck import NileDeck
from nilegames.games.nile.phases import FLOOD, FLOOD_SEAT, PICK, PLANT, SPECULATE, TRADE
from nilegames.games.nile.rules import NO_OWNER

#: The card tables read at every step, as finals of this module: a compiled build keeps
#: these in C statics, where an imported name is a dictionary lookup at every use.
MASK: Final = KIND_MASK
SHOWN_CROPS: Final = KIND_CROPS
#: The number of crops in each mask of crops: a speculation's matches with the flood.
BITS: Final = tuple(bin(mask).count("1") for mask in range(1 << NUM_CROPS))


class NileTurns(NileDeck):
    """The flood of each turn and the seats' decisions."""

    __slots__ = ()

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
            below = self.flood_below
            below[self.flood] = below[self.flood] + 1
        self.flood = kind
        self.flood_on_pile = True
        self.blocked = MASK[kind]
        self.events.append(("flood", kind, self.flood_reason, self.deck_number))
        if self.over and self.edition > 1:
            self._finish()  # it took the last card: no harvest, the game is over
            return
        if self.speculations:
            blocked = self.blocked
            matches = sum([BITS[MASK[s] & blocked] for s in self.speculations])
            self.events.append(("payout", self.speculation_seat, matches))
            if matches:
                self._start_draw(self.speculation_seat, SPECULATION_PAYOUT * matches, "speculation")
                return
        self._finish_flood()

    def _finish_flood(self) -> None:
        if self.speculations:
            discard = self.discard
            for kind in self.speculations:
                discard[kind] = discard[kind] + 1
            self.events.append(("speculations_discarded", self.speculation_seat))
            self.speculations = []
            self.speculation_seat = -1
        sizes = self.size
        for crop in SHOWN_CROPS[self.flood]:
            owner = self.owner[crop]
            if owner != NO_OWNER:
                left = sizes[crop] - 1
                sizes[crop] = left
                stock = self.stocks[owner]
                stock[crop] = stock[crop] + 1
                if not left:
                    self.owner[crop] = NO_OWNER
                self.events.append(("harvest", crop, owner))
        self._decide(TRADE)

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

    def _on_pick(self, action: Action, offered: list[Action] | None = None) -> None:
        """One card of a trade discarded; ``offered`` lists the cards it was chosen from."""
        seat = self.seat
        if action < act.DISCARD_STOCK:
            kind = action - act.DISCARD_HAND
            hand = self.hands[seat]
            left = hand[kind] - 1
            hand[kind] = left
            sizes = self.hand_size
            sizes[seat] = sizes[seat] - 1
            self.events.append(("discard", seat, "hand", kind))
        else:
            kind = action - act.DISCARD_STOCK
            stock = self.stocks[seat]
            left = stock[kind] - 1
            stock[kind] = left
            self.events.append(("discard", seat, "stock", kind))
        discard = self.discard
        discard[kind] = discard[kind] + 1
        self.picks_left -= 1
        if self.picks_left:
            if offered is not None:  # the next card: the same choice, less a pile used up
                self.legal_cache = offered if left else [a for a in offered if a != action]
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
        hand = self.hands[seat]
        hand[crop] = hand[crop] - 1
        sizes = self.hand_size
        sizes[seat] = sizes[seat] - 1
        planted = self.planted
        planted[crop] = planted[crop] + 1
        self.events.append(("plant", seat, crop))

    def _complete_planting(self) -> None:
        seat = self.seat
        outcome = []
        for crop, count in enumerate(self.planted):
            if not count:
                continue
            previous = self.owner[crop]
            if previous == seat:
                self.size[crop] = self.size[crop] + count
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
        hand = self.hands[seat]
        hand[kind] = hand[kind] - 1
        sizes = self.hand_size
        sizes[seat] = sizes[seat] - 1
        self.speculations.append(kind)
        self.speculation_seat = seat
        self.events.append(("speculate", seat, kind))
