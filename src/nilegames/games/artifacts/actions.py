"""The atomic actions of NILE ARTIFACTS, as integers in one fixed space.

A navigation turn is any number of buys and at most one turn-around, then a sail, then
(at a space) the choice of a card.  An offering is any number of buys and offered cards
(a wild card followed at once by the type its owner names), then "done".
"""

from __future__ import annotations

from typing import Final

from nilegames.games.artifacts.cards import NUM_CARDS, NUM_STOPS, NUM_TYPES

# Literals, so that the compiled kernel inlines them (a computed constant costs it a
# dictionary lookup at every use); the assert holds them to the layout.
SAIL: Final = 0  # + stop: sail to that stop
TAKE: Final = 11  # + card id: take that card from under the boat's space
OFFER: Final = 65  # + card id: add that card to the offering
DECLARE: Final = 119  # + type: the wild card just offered counts as that type
BUY: Final = 123  # pay 3 coins for the top card of the deck
TURN_AROUND: Final = 124  # pay 3 coins to sail the other way this turn
DONE: Final = 125  # the offering is complete
NUM_ACTIONS: Final = 126
assert (TAKE, OFFER, DECLARE, BUY) == (
    SAIL + NUM_STOPS,
    SAIL + NUM_STOPS + NUM_CARDS,
    SAIL + NUM_STOPS + 2 * NUM_CARDS,
    SAIL + NUM_STOPS + 2 * NUM_CARDS + NUM_TYPES,
)
assert (TURN_AROUND, DONE, NUM_ACTIONS) == (BUY + 1, BUY + 2, BUY + 3)
