"""The 18 monuments of NILE ARTIFACTS and the test of an offering against a condition.

Every monument has three levels, each with a condition from the seed's seven families
(the reconstruction is argued in ``docs/rules/artifacts.md``):

=================  ====================================================================
``type2(t)``        2 artifacts of type ``t``
``("pair", n, t, u)``  ``n`` artifacts of types ``t`` and ``u`` together
``("same", n)``        ``n`` artifacts of one type
``("diff", n)``        artifacts of ``n`` different types
``region2(r)``      2 cards of region ``r``
``("regions", rs)``    1 card of each region in ``rs``
``plus(r, s)``     1 card of each of regions ``r`` and ``s``, and a third of either
=================  ====================================================================

Artifacts are counted per type (a double card gives 2, a wild gives 1 of the type its
owner named); region conditions count cards (a double card is one card).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from nilegames.games.artifacts.cards import CARDS, NUM_REGIONS, NUM_TYPES, REGION_KEYS, TYPE_KEYS

LEVELS = 3
#: Favour a seat earns from a completed monument, by its level there (0, 1, 2, 3).
COMPLETED_FAVOUR = (0, 2, 5, 10)
#: Favour a seat earns at the end from a monument nobody completed, by its level there.
UNFINISHED_FAVOUR = (0, 2, 5, 0)

SCARAB, ANKH, VASE, MASK = range(NUM_TYPES)
BLUE, GREEN, RED = range(NUM_REGIONS)


class Condition(NamedTuple):
    """One level's demand: a family, a count, and the types or regions it names."""

    family: str
    need: int
    types: tuple[int, ...] = ()
    regions: tuple[int, ...] = ()


def type2(kind: int) -> Condition:
    return Condition("type", 2, types=(kind,))


def pair(count: int, first: int, second: int) -> Condition:
    return Condition("pair", count, types=(first, second))


def same(count: int) -> Condition:
    return Condition("same", count)


def diff(count: int) -> Condition:
    return Condition("diff", count)


def region2(region: int) -> Condition:
    return Condition("region", 2, regions=(region,))


def each(*regions: int) -> Condition:
    return Condition("regions", len(regions), regions=regions)


def plus(first: int, second: int) -> Condition:
    return Condition("plus", 3, regions=(first, second))


class Monument(NamedTuple):
    name: str
    levels: tuple[Condition, Condition, Condition]


#: The 18 monuments: the first level easy, the third hard; every family, type and region
#: appears, and no two monuments ask the same three things.
MONUMENTS: tuple[Monument, ...] = (
    Monument("Temple of Amun", (diff(2), diff(3), diff(4))),
    Monument("Obelisk of Ra", (same(2), same(3), same(4))),
    Monument("Shrine of Bastet", (pair(2, SCARAB, ANKH), type2(SCARAB), pair(4, SCARAB, ANKH))),
    Monument("House of Thoth", (pair(2, ANKH, VASE), type2(ANKH), pair(4, ANKH, VASE))),
    Monument("Tomb of Osiris", (pair(2, VASE, MASK), type2(VASE), pair(4, VASE, MASK))),
    Monument("Temple of Hathor", (pair(2, MASK, SCARAB), type2(MASK), pair(4, MASK, SCARAB))),
    Monument("Great Sphinx", (each(BLUE, GREEN), region2(BLUE), plus(BLUE, RED))),
    Monument("Pyramid of Khufu", (each(GREEN, RED), region2(GREEN), plus(GREEN, BLUE))),
    Monument("Abu Simbel", (each(RED, BLUE), region2(RED), plus(RED, GREEN))),
    Monument("Colossi of Memnon", (diff(2), each(BLUE, GREEN, RED), same(3))),
    Monument("Karnak", (same(2), pair(3, SCARAB, VASE), diff(4))),
    Monument("Luxor Temple", (each(BLUE, RED), diff(3), pair(4, ANKH, MASK))),
    Monument("Temple of Isis", (same(2), region2(BLUE), pair(4, SCARAB, VASE))),
    Monument("Temple of Sobek", (diff(2), pair(3, ANKH, MASK), same(3))),
    Monument("Temple of Anubis", (each(GREEN, RED), type2(MASK), diff(4))),
    Monument("Temple of Ptah", (pair(2, SCARAB, VASE), plus(BLUE, GREEN), same(3))),
    Monument("Temple of Hatshepsut", (pair(2, ANKH, MASK), diff(3), plus(GREEN, RED))),
    Monument("Valley of the Kings", (each(BLUE, GREEN), same(3), diff(4))),
)
NUM_MONUMENTS = len(MONUMENTS)
#: Monuments in a game: 6 of the 18 stay in the box unseen.
IN_PLAY = 12
SHOWN = 5


def artifact_counts(cards: Sequence[int], declared: Sequence[int]) -> list[int]:
    """Artifacts per type in an offering; ``declared[i]`` is the type named for a wild."""
    counts = [0] * NUM_TYPES
    for card_id, named in zip(cards, declared, strict=True):
        card = CARDS[card_id]
        kind = named if card.type == NUM_TYPES else card.type
        counts[kind] += card.artifacts
    return counts


def region_counts(cards: Sequence[int]) -> list[int]:
    """Cards per region in an offering (a double card is one card)."""
    counts = [0] * NUM_REGIONS
    for card_id in cards:
        counts[CARDS[card_id].region] += 1
    return counts


def meets(condition: Condition, artifacts: Sequence[int], regions: Sequence[int]) -> bool:
    """Whether an offering with these counts per type and per region meets ``condition``."""
    family, count = condition.family, condition.need
    if family == "type":
        return artifacts[condition.types[0]] >= count
    if family == "pair":
        return sum(artifacts[t] for t in condition.types) >= count
    if family == "same":
        return max(artifacts) >= count
    if family == "diff":
        return sum(1 for a in artifacts if a) >= count
    if family == "region":
        return regions[condition.regions[0]] >= count
    if family == "regions":
        return all(regions[r] for r in condition.regions)
    if family == "plus":
        first, second = (regions[r] for r in condition.regions)
        return bool(first and second and first + second >= count)
    raise ValueError(f"unknown condition family {family!r}")


def describe(condition: Condition) -> str:
    """Words for a condition, as a player reads it on the card."""
    family, count = condition.family, condition.need
    types = [TYPE_KEYS[t] for t in condition.types]
    regions = [REGION_KEYS[r] for r in condition.regions]
    if family in ("type", "pair"):
        return f"{count} {' or '.join(types)}"
    if family == "same":
        return f"{count} of one type"
    if family == "diff":
        return f"{count} different types"
    if family == "region":
        return f"{count} {regions[0]} cards"
    if family == "regions":
        return " + ".join(f"1 {r}" for r in regions)
    return f"1 {regions[0]} + 1 {regions[1]} + 1 more of either"


def as_data(condition: Condition) -> dict[str, object]:
    """A condition as JSON-ready data for views: family, count, types and regions named."""
    return {
        "family": condition.family,
        "count": condition.need,
        "types": [TYPE_KEYS[t] for t in condition.types],
        "regions": [REGION_KEYS[r] for r in condition.regions],
        "text": describe(condition),
    }
