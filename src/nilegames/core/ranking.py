"""Results from final scores: the same place-based returns for every game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def place_returns(keys: Sequence[Any]) -> list[float]:
    """Zero-sum returns by place: +1 for first, -1 for last, linear between.

    ``keys`` are comparable, higher is better.  Seats with equal keys share the average
    of the places they tie for, so a tie between two players gives both the same result.
    """
    n = len(keys)
    result = []
    for seat in range(n):
        better = sum(1 for k in keys if k > keys[seat])
        equal = sum(1 for k in keys if k == keys[seat])
        place = better + (equal - 1) / 2  # 0 is first
        result.append(1.0 - 2.0 * place / (n - 1))
    return result
