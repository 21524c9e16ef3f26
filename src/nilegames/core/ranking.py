"""Results from final scores: the same place-based returns for every game, and the
expected return that evaluation functions derive from a standing per seat."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def place_returns(keys: Sequence[Any]) -> list[float]:
    """Zero-sum returns by place: +1 for first, -1 for last, linear between.

    ``keys`` are comparable, higher is better.  Seats with equal keys share the average
    of the places they tie for, so a tie between two players gives both the same result.
    """
    # Plain loops, not generator sums: this module is compiled with the rules kernel, and
    # every game's end calls it.
    n = len(keys)
    result = []
    for key in keys:
        better = equal = 0
        for other in keys:
            if other > key:
                better += 1
            elif other == key:
                equal += 1
        place = better + (equal - 1) / 2  # 0 is first
        result.append(1.0 - 2.0 * place / (n - 1))
    return result


def expected_return(standings: Sequence[float], player: int, scale: float) -> float:
    """``player``'s expected return (between -1 and +1) from each seat's standing.

    Against each other seat the difference of standings becomes a chance of finishing
    ahead (a logistic curve: a lead of ``scale`` is a 73 % chance), and the expected
    number of seats ahead gives the return on :func:`place_returns`' scale.
    """
    mine = standings[player]
    behind = 0.0  # expected number of seats finishing ahead of ``player``
    for other, theirs in enumerate(standings):
        if other != player:
            gap = (mine - theirs) / scale
            behind += 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, gap))))
    return 1.0 - 2.0 * behind / (len(standings) - 1)
