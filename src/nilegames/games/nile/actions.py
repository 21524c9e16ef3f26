"""NILE's action space: every seat decision is one small integer below NUM_ACTIONS.

A composite move is a sequence of these atomic actions: choosing a trade then its two
cards, planting card by card, placing one or two speculation cards; ``DONE`` closes it.
"""

from __future__ import annotations

from typing import Final

from nilegames.games.nile.cards import FIRST_SPECULATION, LOCUST, NUM_CROPS, NUM_SPECULATIONS

DONE: Final = 0
MARKET: Final = 1
OFFERING: Final = 2
#: ``DISCARD_HAND + kind``: discard a card of that kind from the hand (kinds 0..14).
DISCARD_HAND: Final = 3
# Literals, so that the compiled kernel inlines them (see cards.py); the assert below
# holds them to the layout the comments give.
#: ``DISCARD_STOCK + crop``: discard a crop card from the stock.
DISCARD_STOCK: Final = 18
#: ``PLANT + crop``: lay one crop card from the hand into the planting being made.
PLANT: Final = 23
#: ``SPECULATE + (kind - FIRST_SPECULATION)``: lay one speculation card.
SPECULATE: Final = 28
NUM_ACTIONS: Final = 38
assert (DISCARD_STOCK, PLANT, SPECULATE, NUM_ACTIONS) == (
    DISCARD_HAND + LOCUST,
    DISCARD_HAND + LOCUST + NUM_CROPS,
    DISCARD_HAND + LOCUST + 2 * NUM_CROPS,
    DISCARD_HAND + LOCUST + 2 * NUM_CROPS + NUM_SPECULATIONS,
)


def discard_hand(kind: int) -> int:
    return DISCARD_HAND + kind


def discard_stock(crop: int) -> int:
    return DISCARD_STOCK + crop


def plant(crop: int) -> int:
    return PLANT + crop


def speculate(kind: int) -> int:
    return SPECULATE + kind - FIRST_SPECULATION
