"""NILE's cards as small integers: five crops, ten speculation cards and the locust.

A card *kind* is an index into :data:`KIND_NAMES`.  Zones of the game hold counts per
kind, never ordered decks: the order of a shuffled deck does not exist until a chance
node draws from it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

CROPS: Final = ("Papyrus", "Wheat", "Lettuce", "Castor", "Flax")
CROP_COLOURS: Final = ("red", "yellow", "green", "brown", "lavender")
# The counts below are written out as literals: the compiled kernel then inlines them,
# where a computed constant costs a dictionary lookup at every use.  The asserts hold
# them to what they count.
NUM_CROPS: Final = 5
PAPYRUS, WHEAT, LETTUCE, CASTOR, FLAX = range(NUM_CROPS)

#: The ten speculation cards, one for each pair of crops, in a fixed order.
SPECULATION_PAIRS: Final = tuple(combinations(range(NUM_CROPS), 2))
NUM_SPECULATIONS: Final = 10
FIRST_SPECULATION: Final = 5
LOCUST: Final = 15
NUM_KINDS: Final = 16
assert len(CROPS) == NUM_CROPS
assert len(SPECULATION_PAIRS) == NUM_SPECULATIONS
assert (FIRST_SPECULATION, LOCUST, NUM_KINDS) == (NUM_CROPS, 15, LOCUST + 1)

CROP_CARDS_PER_KIND: Final = 16
HAND_SIZE: Final = 5
DRAW_PER_TURN: Final = 2
SPECULATION_PAYOUT: Final = 3
TRADE_COST: Final = 2

KIND_NAMES: Final = (
    *CROPS,
    *(f"Speculation {CROPS[a]}/{CROPS[b]}" for a, b in SPECULATION_PAIRS),
    "Plague of Locusts",
)
KIND_SHORT: Final = (
    "Pa",
    "Wh",
    "Le",
    "Ca",
    "Fl",
    *(f"{CROPS[a][:2]}/{CROPS[b][:2]}" for a, b in SPECULATION_PAIRS),
    "Locust",
)

#: For each kind, the crops it shows: one for a crop card, two for a speculation card.
KIND_CROPS: Final = (
    *((c,) for c in range(NUM_CROPS)),
    *SPECULATION_PAIRS,
    (),
)
#: For each kind, a bit mask of the crops it shows (for fast flood checks).
KIND_MASK: Final = tuple(sum(1 << c for c in crops) for crops in KIND_CROPS)


def is_crop(kind: int) -> bool:
    return kind < NUM_CROPS


def is_speculation(kind: int) -> bool:
    return FIRST_SPECULATION <= kind < LOCUST


def full_deck() -> list[int]:
    """Counts per kind of the whole draw deck: 5x16 crops, the 10 speculations, the locust."""
    return [CROP_CARDS_PER_KIND] * NUM_CROPS + [1] * NUM_SPECULATIONS + [1]


def kind_by_name(name: str) -> int:
    """The kind whose long or short name is ``name`` (case-insensitive)."""
    wanted = name.strip().lower()
    for kind in range(NUM_KINDS):
        if wanted in (KIND_NAMES[kind].lower(), KIND_SHORT[kind].lower()):
            return kind
    raise KeyError(name)
