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
#: ``DISCARD_STOCK + crop``: discard a crop card from the stock.
DISCARD_STOCK: Final = DISCARD_HAND + LOCUST
#: ``PLANT + crop``: lay one crop card from the hand into the planting being made.
PLANT: Final = DISCARD_STOCK + NUM_CROPS
#: ``SPECULATE + (kind - FIRST_SPECULATION)``: lay one speculation card.
SPECULATE: Final = PLANT + NUM_CROPS
NUM_ACTIONS: Final = SPECULATE + NUM_SPECULATIONS


def discard_hand(kind: int) -> int:
    return DISCARD_HAND + kind


def discard_stock(crop: int) -> int:
    return DISCARD_STOCK + crop


def plant(crop: int) -> int:
    return PLANT + crop


def speculate(kind: int) -> int:
    return SPECULATE + kind - FIRST_SPECULATION
