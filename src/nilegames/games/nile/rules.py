"""Pure rule functions of NILE: which plantings are allowed, and who wins.

They take plain lists so that the state machine, the tests and the bots share one
reading of each rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from nilegames.core.ranking import place_returns
from nilegames.games.nile.cards import NUM_CROPS

NO_OWNER: Final = -1


def planting_is_complete(
    planted: Sequence[int], seat: int, owner: Sequence[int], size: Sequence[int]
) -> bool:
    """Whether ``planted`` (cards per crop) is one whole planting allowed by the seed.

    The three kinds of planting are: a new field of two or more cards of one crop (taking
    another seat's field of that crop only with strictly more cards); exactly two cards of
    two crops, at least one of them starting a field and the other starting one or joining
    the seat's own field; any number of cards into the seat's own fields.
    """
    crops = [c for c in range(NUM_CROPS) if planted[c]]
    if not crops:
        return False
    foreign = [c for c in crops if owner[c] != seat]
    if not foreign:
        return True
    if len(crops) == 1:
        crop = crops[0]
        return planted[crop] >= 2 and (owner[crop] == NO_OWNER or planted[crop] > size[crop])
    if len(crops) == 2 and planted[crops[0]] == 1 and planted[crops[1]] == 1:
        return all(owner[c] == NO_OWNER for c in foreign)
    return False


def planting_can_complete(
    planted: Sequence[int],
    hand: Sequence[int],
    blocked: int,
    seat: int,
    owner: Sequence[int],
    size: Sequence[int],
) -> bool:
    """Whether cards still in ``hand`` can turn ``planted`` into a complete planting.

    ``blocked`` is the bit mask of flooded crops, which may not be planted at all.
    """
    crops = [c for c in range(NUM_CROPS) if planted[c]]
    if any(blocked >> c & 1 for c in crops):
        return False
    foreign = [c for c in crops if owner[c] != seat]
    if not foreign:
        return True
    if len(foreign) >= 3:
        return False
    if len(foreign) == 2 or len(crops) == 2:
        # Only the "two different crops" planting fits; it is complete or impossible.
        return planting_is_complete(planted, seat, owner, size)
    if len(crops) > 2:
        return False
    crop = foreign[0]
    needed = 2 if owner[crop] == NO_OWNER else size[crop] + 1
    if planted[crop] + hand[crop] >= needed:
        return True
    if planted[crop] == 1 and owner[crop] == NO_OWNER:
        return any(
            hand[other] > 0
            and not blocked >> other & 1
            and owner[other] in (NO_OWNER, seat)
            and other != crop
            for other in range(NUM_CROPS)
        )
    return False


def plantable_crops(
    planted: Sequence[int],
    hand: Sequence[int],
    blocked: int,
    seat: int,
    owner: Sequence[int],
    size: Sequence[int],
) -> list[int]:
    """The crops whose next card keeps ``planted`` completable: the reference definition.

    The state machine computes the same set in one pass for speed; tests hold the two
    together.  ``hand`` holds the cards not yet planted.
    """
    crops = []
    for crop in range(NUM_CROPS):
        if not hand[crop] or blocked >> crop & 1:
            continue
        trial = list(planted)
        trial[crop] += 1
        rest = list(hand)
        rest[crop] -= 1
        if planting_can_complete(trial, rest, blocked, seat, owner, size):
            crops.append(crop)
    return crops


def score_key(stock: Sequence[int]) -> tuple[int, ...]:
    """A seat's crop piles from smallest to largest: the higher tuple wins."""
    return tuple(sorted(stock))


def ranking_returns(stocks: Sequence[Sequence[int]]) -> list[float]:
    """Zero-sum results from the seed's scoring (see core.ranking): piles compared by
    :func:`score_key`, equal piles all the way sharing their places."""
    return place_returns([score_key(s) for s in stocks])
