"""The phases of a NILE game, and the numbers its events and variants use.

Apart from the state so that every module of the rules (table.py, deck.py, turns.py,
state.py) and the views read the same literals, which a compiled build inlines.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

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
SPECULATIONS_REMOVED_SHORT_2P: Final = 5
