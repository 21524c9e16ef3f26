"""The river and the 54 artifact cards of NILE ARTIFACTS, as data (a reconstruction).

The seed (002) gives the river's shape (a port at each end of a row of spaces) but not
what is printed on the board or the cards; ``docs/rules/artifacts.md`` explains each
choice below.  In short: 9 spaces in three regions of three, a coin on the middle space
of each region and on both ports; 6 cards per space; 4 artifact types; each region has 4
cards of each type and 2 wild "?" cards, and the 3 cards of the red region that bring
two artifacts are the source's "cards worth 2 artifacts".
"""

from __future__ import annotations

from typing import Final, NamedTuple

#: Stops on the river, left to right: the left port, spaces 1-9, the right port.
LEFT_PORT: Final = 0
RIGHT_PORT: Final = 10
NUM_STOPS: Final = 11
SPACES = range(1, 10)
PORTS = (LEFT_PORT, RIGHT_PORT)

REGION_KEYS = ("blue", "green", "red")
NUM_REGIONS = len(REGION_KEYS)
#: The region of each stop (-1 for the ports): three spaces per region, left to right.
STOP_REGION = (-1, 0, 0, 0, 1, 1, 1, 2, 2, 2, -1)
#: Stops that show a coin: both ports and the middle space of each region (symmetric, so
#: a boat sailing either way meets the same coins).
COIN_STOPS = frozenset({LEFT_PORT, 2, 5, 8, RIGHT_PORT})

TYPE_KEYS = ("scarab", "ankh", "vase", "mask")
NUM_TYPES: Final = 4
#: The type of a wild "?" card: its owner names a type when offering it.
WILD: Final = 4
assert len(TYPE_KEYS) == NUM_TYPES == WILD


class Card(NamedTuple):
    """One printed card: where it is laid, its region, its type and how many artifacts."""

    space: int
    region: int
    type: int  # 0..3, or WILD
    artifacts: int  # 1, or 2 for the red region's double cards


def _space_cards(space: int) -> list[Card]:
    """The six cards of a space: one of each type, then two extras that vary by space."""
    region = STOP_REGION[space]
    position = (space - 1) % 3  # 0, 1, 2 within the region
    shift = region  # each region favours other types
    extras = [
        [(0 + shift) % NUM_TYPES, WILD],
        [(1 + shift) % NUM_TYPES, WILD],
        [(2 + shift) % NUM_TYPES, (3 + shift) % NUM_TYPES],
    ][position]
    cards = [Card(space, region, kind, 1) for kind in range(NUM_TYPES)]
    for index, kind in enumerate(extras):
        # In the red region the first extra of each space is a double card.
        double = region == 2 and index == 0
        cards.append(Card(space, region, kind, 2 if double else 1))
    return cards


#: Every card, by id: 6 per space, spaces 1 to 9.
CARDS: tuple[Card, ...] = tuple(card for space in SPACES for card in _space_cards(space))
NUM_CARDS: Final = 54  # a literal, for the compiled kernel (see actions.py)
assert len(CARDS) == NUM_CARDS


def card_key(card: Card) -> str:
    """A short name that tells cards apart where it matters: 'red vase x2', 'blue wild'."""
    kind = "wild" if card.type == WILD else TYPE_KEYS[card.type]
    double = " x2" if card.artifacts == 2 else ""
    return f"{REGION_KEYS[card.region]} {kind}{double}"


def offer_class(card_id: int) -> tuple[int, int, int]:
    """What an offering can tell of a card: its region, type and artifact count.

    Cards alike in all three are interchangeable in an offering (and once taken), so the
    actions name only the lowest id of each class, and two actions never mean the same.
    """
    card = CARDS[card_id]
    return (card.region, card.type, card.artifacts)


_CLASSES = sorted({offer_class(card) for card in range(NUM_CARDS)})
#: Each card's :func:`offer_class` as one bit: cards alike share it, so a set of classes
#: is an int (the legal actions are generated at every step without building tuples).
CLASS_BIT: tuple[int, ...] = tuple(1 << _CLASSES.index(offer_class(c)) for c in range(NUM_CARDS))
