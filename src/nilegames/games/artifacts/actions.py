"""The atomic actions of NILE ARTIFACTS, as integers in one fixed space.

A navigation turn is any number of buys and at most one turn-around, then a sail, then
(at a space) the choice of a card.  An offering is any number of buys and offered cards
(a wild card followed at once by the type its owner names), then "done".
"""

from __future__ import annotations

from nilegames.games.artifacts.cards import NUM_CARDS, NUM_STOPS, NUM_TYPES

SAIL = 0  # + stop: sail to that stop
TAKE = SAIL + NUM_STOPS  # + card id: take that card from under the boat's space
OFFER = TAKE + NUM_CARDS  # + card id: add that card to the offering
DECLARE = OFFER + NUM_CARDS  # + type: the wild card just offered counts as that type
BUY = DECLARE + NUM_TYPES  # pay 3 coins for the top card of the deck
TURN_AROUND = BUY + 1  # pay 3 coins to sail the other way this turn
DONE = TURN_AROUND + 1  # the offering is complete
NUM_ACTIONS = DONE + 1
