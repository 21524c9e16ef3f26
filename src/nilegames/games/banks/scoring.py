"""The scoring and the end of AN DEN UFERN DES NILS (seed 003)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nilegames.games.banks.board import (
    MARKET_SIZES,
    NUM_CROPS,
    NUM_MARKET_ROWS,
    ROW_PAYOUTS,
)
from nilegames.games.banks.phases import (
    BLOCKED_ROUNDS,
    OVER,
    ROTTEN,
    ROUND_LIMIT,
)

if TYPE_CHECKING:
    pass
from nilegames.games.banks.tide import BanksTide


class BanksScoring(BanksTide):
    """Phase 4 of a round: lost plants move the obelisk, full market rows score."""

    __slots__ = ()

    # scoring and the end -------------------------------------------------------------------
    def _scoring(self) -> None:
        colours = 0
        for owner in range(self.n):
            count = sum(self.boat[owner])
            if count:
                colours += 1
                self.lost[owner] += count
                self.boat[owner] = [0] * NUM_CROPS
                self.events.append(("lost", owner, count))
        if colours:
            self.obelisk = max(0, self.obelisk - colours)
            self.events.append(("obelisk", colours, self.obelisk))
        net = [0] * self.n
        sold: list[list[int]] = []
        for m in range(NUM_MARKET_ROWS):
            row = self.market[m]
            if len(row) < MARKET_SIZES[m]:
                continue
            gains = row_gains(row, self.n)
            for seat in range(self.n):
                net[seat] += gains[seat]
            self.events.append(("row_scored", m, tuple(gains)))
            sold.extend(row)
            self.market[m] = []
        for seat in range(self.n):
            if net[seat] > 0:
                self.scores[seat] += net[seat]
        for owner, crop, _condition in sold:
            self.boat[owner][crop] += 1
        if sold:
            self.events.append(("sold", len(sold), tuple(net), tuple(self.scores)))
        if colours or self.harvested or any(points > 0 for points in net):
            self.quiet_rounds = 0
        else:
            self.quiet_rounds += 1
        if max(self.scores) >= self.obelisk:
            reason = "obelisk"
        elif self.quiet_rounds >= BLOCKED_ROUNDS or self._only_market_plants():
            reason = "blocked"
        elif self.round >= ROUND_LIMIT:
            reason = "round limit"
        else:
            reason = ""
        if reason:
            self.phase = OVER
            self.seat = -1
            self.events.append(("game_over", reason, tuple(self.scores), tuple(self.lost)))
            return
        self._start_round()

    def _only_market_plants(self) -> bool:
        """No plant is left in a supply, the boat or a field: the market rows can never
        fill again (no plant can enter them), so nothing can score or be lost."""
        return (
            not any(any(supply) for supply in self.supply)
            and not any(any(boat) for boat in self.boat)
            and not any(self.plants)
        )


def row_gains(row: list[list[int]], n: int) -> list[int]:
    """What a full market row gives each seat: its share of the 6 points, less 1 a rotten plant.

    Only plants that are not rotten count towards the majority; ties go to the seat whose
    last plant (of any condition) lies further down the row, that is, was placed later.
    """
    counts = [0] * n
    last = [-1] * n
    gains = [0] * n
    for index, (owner, _crop, condition) in enumerate(row):
        last[owner] = index
        if condition == ROTTEN:
            gains[owner] -= 1
        else:
            counts[owner] += 1
    ranked = sorted((s for s in range(n) if counts[s]), key=lambda s: (-counts[s], -last[s]))
    if ranked:
        payout = ROW_PAYOUTS[min(len(ranked), len(ROW_PAYOUTS)) - 1]
        for seat, points in zip(ranked, payout, strict=False):
            gains[seat] += points
    return gains
