"""The seats' turns of NILE ARTIFACTS (seed 002): sailing, taking and buying cards, then
offering them to the monuments."""

from __future__ import annotations

from typing import Final

from nilegames.core import Action
from nilegames.games.artifacts.actions import BUY, DECLARE, DONE, OFFER, SAIL, TURN_AROUND
from nilegames.games.artifacts.cards import CARDS, COIN_STOPS, LEFT_PORT, RIGHT_PORT, WILD
from nilegames.games.artifacts.monuments import (
    LEVELS,
    MONUMENTS,
    artifact_counts,
    meets,
    region_counts,
)
from nilegames.games.artifacts.phases import BUYING, DECLARING, OFFERING, PRICE, SAILING, TAKING
from nilegames.games.artifacts.rounds import ArtifactsRounds
from nilegames.games.artifacts.table import first_of_each_class

#: A card's type, as a tuple of this module: a compiled build keeps it in a C static (an
#: imported name is a dictionary lookup, a card's field a getattr).
TYPE_OF: Final = tuple(card.type for card in CARDS)


class ArtifactsTurns(ArtifactsRounds):
    """Navigation and offerings, the two steps of a round the seats play."""

    __slots__ = ()

    # navigation
    def _next_sailor(self, seat: int) -> None:
        """Give the turn to ``seat`` or the next boat still sailing; boats in port earn 1."""
        if all(self.arrived):
            self._start_offerings()
            return
        while self.arrived[seat]:
            self._gain(seat, "waiting")
            seat = (seat + 1) % self.n
        self.seat = seat
        self.turned = False
        self.phase = SAILING

    def _gain(self, seat: int, reason: str) -> None:
        """One coin from the reserve, if it has any left (the box holds 30)."""
        if self.reserve:
            self.reserve -= 1
            self.coins[seat] += 1
            self.events.append(("coin", seat, reason))

    def _pay(self, seat: int) -> None:
        self.coins[seat] -= PRICE
        self.reserve += PRICE

    def _on_sailing(self, action: Action) -> None:
        seat = self.seat
        if action == BUY:
            self._buy()
        elif action == TURN_AROUND:
            self._pay(seat)
            self.facing[seat] = -self.facing[seat]
            self.turned = True
            self.events.append(("turn_around", seat))
        else:
            stop = action - SAIL
            self.events.append(("sail", seat, self.boats[seat], stop))
            self.boats[seat] = stop
            if stop in (LEFT_PORT, RIGHT_PORT):
                self._gain(seat, "port")
                self.facing[seat] = -self.facing[seat]
                self.arrived[seat] = True
                self._next_sailor((seat + 1) % self.n)
                return
            if stop in COIN_STOPS:
                self._gain(seat, "space")
            choices = first_of_each_class(self.under[stop])
            if len(choices) == 1:
                self._take(choices[0])
            else:
                self.phase = TAKING

    def _take(self, card: int) -> None:
        seat = self.seat
        self.under[self.boats[seat]].remove(card)
        self.tableaux[seat].append(card)
        self.events.append(("take", seat, card))
        self._next_sailor((seat + 1) % self.n)

    def _buy(self) -> None:
        self._pay(self.seat)
        self._deck_ready()
        self.events.append(("buy", self.seat))
        self.phase = BUYING

    def _on_bought(self, card: int) -> None:
        self.deck.remove(card)
        self.tableaux[self.seat].append(card)
        self.events.append(("bought", self.seat, card))
        self.phase = OFFERING if all(self.arrived) else SAILING

    # offerings
    def _start_offerings(self) -> None:
        self.events.append(("offerings",))
        self.seat = self.first
        self.offering = []
        self.declared = []
        self.phase = OFFERING

    def _on_offering(self, action: Action) -> None:
        if action == BUY:
            self._buy()
        elif action == DONE:
            self._resolve_offering()
        else:
            card = action - OFFER
            self.offering.append(card)
            kind = TYPE_OF[card]
            is_wild = kind == WILD
            self.declared.append(-1 if is_wild else kind)
            self.events.append(("offer", self.seat, card))
            if is_wild:
                self.phase = DECLARING

    def _resolve_offering(self) -> None:
        seat = self.seat
        cards = self.offering
        artifacts = artifact_counts(cards, self.declared)
        regions = region_counts(cards)
        climbed: list[int] = []
        for slot, monument in enumerate(self.shown):
            level = self.levels[slot][seat]
            if level < LEVELS and meets(MONUMENTS[monument].levels[level], artifacts, regions):
                self.levels[slot][seat] = level + 1
                climbed.append(slot)
        for card in cards:
            self.tableaux[seat].remove(card)
        self.used.extend(cards)
        self.events.append(
            ("offered", seat, tuple(cards), tuple(self.declared), tuple(self._climbs(climbed)))
        )
        self.offering = []
        self.declared = []
        seat = (seat + 1) % self.n
        if seat != self.first:
            self.seat = seat
            return
        self.discard.extend(self.used)
        self.used = []
        self._rewards()

    def _climbs(self, slots: list[int]) -> list[tuple[int, int]]:
        seat = self.seat
        return [(self.shown[slot], self.levels[slot][seat]) for slot in slots]

    def _on_declare(self, action: Action) -> None:
        self.declared[-1] = action - DECLARE
        self.phase = OFFERING
        self.events.append(("declare", self.seat, self.offering[-1], action - DECLARE))
