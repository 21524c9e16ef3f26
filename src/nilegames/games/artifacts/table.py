"""The table of NILE ARTIFACTS (seed 002): everything a state holds, and the moves it
allows (the legal actions).

The state machine is split by phase into a chain of classes, each adding the moves of
its phases: this table, the set-up, rounds and rewards (rounds.py), the seats' turns,
navigation and offerings (turns.py), and the full state with the game contract (state.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nilegames.core import Action, State
from nilegames.games.artifacts.actions import (
    BUY,
    DECLARE,
    DONE,
    OFFER,
    SAIL,
    TAKE,
    TURN_AROUND,
)
from nilegames.games.artifacts.cards import (
    CLASS_BIT,
    LEFT_PORT,
    NUM_CARDS,
    NUM_STOPS,
    NUM_TYPES,
    RIGHT_PORT,
)
from nilegames.games.artifacts.monuments import IN_PLAY
from nilegames.games.artifacts.phases import (
    COINS_IN_BOX,
    DECLARING,
    OFFERING,
    PRICE,
    REVEAL,
    SAILING,
    TAKING,
)

if TYPE_CHECKING:
    from nilegames.games.artifacts.game import ArtifactsGame

#: A card's class bit, as a tuple of this module: a compiled build keeps it in a C static
#: (an imported name is a dictionary lookup at every use).
CLASS_OF: Final = CLASS_BIT


class ArtifactsTable(State):
    """The whole table of a game, which everyone sees, and the moves it allows."""

    __slots__ = (
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
        "log_views",
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

    game: ArtifactsGame

    def __init__(self, game: ArtifactsGame, *, _empty: bool = False) -> None:
        super().__init__(game)
        self.log_views: dict[int | None, list[dict[str, Any]]] = {}
        if _empty:
            return
        #: The rules edition (docs/rules/artifacts.md, "Editions"): 1 revealed a
        #: replacement for a monument completed in the round that the round limit ends the
        #: game with; 2 reveals nothing once the game is over.
        self.edition: int = game.rules
        n = self.n = game.players
        self.deck: list[int] = list(range(NUM_CARDS))
        self.discard: list[int] = []
        #: Cards under each stop of the river (the ports never hold any).
        self.under: list[list[int]] = [[] for _ in range(NUM_STOPS)]
        #: Cards in front of each seat, face up.
        self.tableaux: list[list[int]] = [[] for _ in range(n)]
        self.coins = [0] * n
        self.reserve = COINS_IN_BOX
        self.favour = [0] * n
        self.boats = [LEFT_PORT] * n
        self.facing = [1] * n  # +1 sails right, -1 left
        self.arrived = [False] * n  # reached a port in this navigation step
        self.turned = False  # the seat to move paid for a turn-around this turn
        #: Monuments face up, in display order, and each seat's level on them.
        self.shown: list[int] = []
        self.levels: list[list[int]] = []
        self.revealed: list[int] = []  # every monument seen so far, in order
        self.pile_left = IN_PLAY
        self.offering: list[int] = []  # the seat to move's offering so far
        self.declared: list[int] = []  # type each offered card counts as
        self.used: list[int] = []  # cards offered this step, discarded when it ends
        self.phase = REVEAL
        self.seat = -1
        self.first = -1
        self.round = 0
        self.final_round = False  # this round is the last
        self.last_round = 0  # the round announced as the last (0: not yet)
        self.deal_left = 0
        self.events: list[tuple[Any, ...]] = []

    # -- moves defined further down the chain (turns.py) ---------------------------------
    def _next_sailor(self, seat: int) -> None:
        raise NotImplementedError

    # -- legal moves -----------------------------------------------------------------------
    def can_buy(self) -> bool:
        """The seat to move has the price and there is a card to buy."""
        return self.coins[self.seat] >= PRICE and bool(self.deck or self.discard)

    def _compute_legal_actions(self) -> list[Action]:
        phase, seat = self.phase, self.seat
        legal: list[Action] = []
        if phase == SAILING:
            stop, step = self.boats[seat], self.facing[seat]
            port = RIGHT_PORT if step > 0 else LEFT_PORT
            target = stop + step
            while target != port:
                if self.under[target]:
                    legal.append(SAIL + target)
                target += step
            legal.append(SAIL + port)
            legal.sort()
            if self.can_buy():
                legal.append(BUY)
            if (
                not self.turned
                and stop not in (LEFT_PORT, RIGHT_PORT)
                and self.coins[seat] >= PRICE
            ):
                legal.append(TURN_AROUND)
        elif phase == TAKING:
            legal = [TAKE + card for card in first_of_each_class(self.under[self.boats[seat]])]
        elif phase == OFFERING:
            left = [c for c in self.tableaux[seat] if c not in self.offering]
            legal = [OFFER + card for card in first_of_each_class(left)]
            if self.can_buy():
                legal.append(BUY)
            legal.append(DONE)
        elif phase == DECLARING:
            legal = [DECLARE + kind for kind in range(NUM_TYPES)]
        return legal


def first_of_each_class(cards: list[int]) -> list[int]:
    """The lowest id of each class of alike cards (:func:`offer_class`) among ``cards``,
    sorted; the classes seen so far are bits of one int."""
    seen = 0
    chosen: list[int] = []
    for card in sorted(cards):
        bit = CLASS_OF[card]
        if not seen & bit:
            seen |= bit
            chosen.append(card)
    return chosen
