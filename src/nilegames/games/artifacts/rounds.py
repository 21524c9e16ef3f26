"""The rounds of NILE ARTIFACTS (seed 002): the monuments revealed, the cards laid out
under the river, the rewards of completed monuments and the end of the game."""

from __future__ import annotations

from typing import Final

from nilegames.games.artifacts.cards import CARDS
from nilegames.games.artifacts.monuments import (
    COMPLETED_FAVOUR,
    LEVELS,
    SHOWN,
    UNFINISHED_FAVOUR,
)
from nilegames.games.artifacts.phases import (
    CARDS_PER_ROUND,
    DEAL,
    FIRST,
    OVER,
    REVEAL,
    ROUND_LIMIT,
)
from nilegames.games.artifacts.table import ArtifactsTable

#: A card's stop under the river, as a tuple of this module: a compiled build keeps it in
#: a C static (an imported name is a dictionary lookup, a card's field a getattr).
SPACE_OF: Final = tuple(card.space for card in CARDS)


class ArtifactsRounds(ArtifactsTable):
    """What happens between the seats' turns: set-up, lay-out, rewards and the end."""

    __slots__ = ()

    # set-up and rounds
    def _on_reveal(self, monument: int) -> None:
        self.revealed.append(monument)
        self.pile_left -= 1
        self.shown.append(monument)
        self.levels.append([0] * self.n)
        self.events.append(("reveal", monument, self.pile_left))
        if self.round and not self.pile_left and not self.last_round:
            # The last card of the pile is face up: one more round, then the end.
            self.last_round = self.round + 1
            self.events.append(("last_round",))
        self._refill()

    def _refill(self) -> None:
        """Reveal monuments until five show or the pile is empty, then go on."""
        if len(self.shown) < SHOWN and self.pile_left:
            self.phase = REVEAL
        elif self.first < 0:
            self.phase = FIRST
        elif self.round:
            self._end_round()
        else:
            self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.final_round = self.round == self.last_round
        self.events.append(("round", self.round, self.first, self.final_round))
        self.deal_left = CARDS_PER_ROUND[self.n]
        self._next_deal()

    def _next_deal(self) -> None:
        """Draw the next card of the lay-out, or start navigating when all are down."""
        if self.deal_left and self._deck_ready():
            self.phase = DEAL
            return
        self.deal_left = 0
        self.arrived = [False] * self.n
        self.turned = False
        self._next_sailor(self.first)

    def _deck_ready(self) -> bool:
        """Whether a card can be drawn, shuffling the discards in when the deck is empty."""
        if not self.deck and self.discard:
            self.deck = sorted(self.discard)  # kept sorted: the chance outcomes' order
            self.discard = []
            self.events.append(("reshuffle", len(self.deck)))
        return bool(self.deck)

    def _on_deal(self, card: int) -> None:
        self.deck.remove(card)
        self.under[SPACE_OF[card]].append(card)
        self.deal_left -= 1
        self.events.append(("deal", card))
        self._next_deal()

    # rewards and the end
    def _rewards(self) -> None:
        kept_shown: list[int] = []
        kept_levels: list[list[int]] = []
        for monument, levels in zip(self.shown, self.levels, strict=True):
            if max(levels) < LEVELS:
                kept_shown.append(monument)
                kept_levels.append(levels)
                continue
            gains = [COMPLETED_FAVOUR[level] for level in levels]
            for seat, gain in enumerate(gains):
                self.favour[seat] += gain
            self.events.append(("completed", monument, tuple(levels), tuple(gains)))
        self.shown = kept_shown
        self.levels = kept_levels
        if self.edition > 1 and self._last_round():
            # The game is over: nothing replaces the monuments just completed (edition 2;
            # edition 1 revealed replacements first when the round limit ended the game).
            self._finish()
            return
        self._refill()

    def _end_round(self) -> None:
        """After the rewards: the first-player token passes left, or the game ends."""
        if self._last_round():
            self._finish()
            return
        self.first = (self.first + 1) % self.n
        self._start_round()

    def _last_round(self) -> bool:
        """Whether the game ends with this round: the pile ran out, or the round limit."""
        return self.final_round or self.round >= ROUND_LIMIT

    def _finish(self) -> None:
        gains = [0] * self.n
        for levels in self.levels:
            for seat, level in enumerate(levels):
                gains[seat] += UNFINISHED_FAVOUR[level]
        for seat, gain in enumerate(gains):
            self.favour[seat] += gain
        self.phase = OVER
        self.seat = -1
        reason = "monuments" if self.final_round else "round limit"
        self.events.append(("game_over", reason, tuple(gains), tuple(self.favour)))
