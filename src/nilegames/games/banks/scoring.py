"""The scoring and the end of AN DEN UFERN DES NILS (seed 003)."""

from __future__ import annotations

from collections.abc import Sequence

from nilegames.games.banks.board import MARKET_SIZES, NUM_CROPS, NUM_MARKET_ROWS, ROW_PAYOUTS
from nilegames.games.banks.phases import BLOCKED_ROUNDS, OVER, ROTTEN, ROUND_LIMIT
from nilegames.games.banks.table import Plant, total
from nilegames.games.banks.tide import BanksTide


class BanksScoring(BanksTide):
    """Phase 4 of a round: lost plants move the obelisk, full market rows score."""

    __slots__ = ()

    # scoring and the end -------------------------------------------------------------------
    def _scoring(self) -> None:
        colours = 0
        for owner in range(self.n):
            if not self.boat_crops[owner]:  # the kept set of its crops: an empty boat
                continue
            boat = self.boat[owner]
            count = total(boat)
            if count:
                free = self.free_counts
                for crop in range(NUM_CROPS):
                    free[crop] = free[crop] - boat[crop]  # not ``-=``: see set_plants
                colours += 1
                self.lost[owner] += count
                self.boat[owner] = [0] * NUM_CROPS
                self.boat_crops[owner] = 0
                self.events.append(("lost", owner, count))
        if colours:
            self.obelisk = max(0, self.obelisk - colours)
            self.events.append(("obelisk", colours, self.obelisk))
        # Minus points never move a marker back: edition 1 floors a seat's net over all
        # the rows of this scoring, edition 2 each row's result (rows score one by one).
        per_row = self.edition > 1
        net = [0] * self.n
        sold: list[Plant] = []
        for m in range(NUM_MARKET_ROWS):
            row = self.market[m]
            if len(row) < MARKET_SIZES[m]:
                continue
            gains = row_gains(row, self.n)
            for seat in range(self.n):
                net[seat] += max(0, gains[seat]) if per_row else gains[seat]
            self.events.append(("row_scored", m, tuple(gains)))
            sold.extend(row)
            self.market[m] = ()
            self.market_entry_kept = -1
        gained = reached = False  # some seat scored; some seat reached the obelisk
        for seat in range(self.n):
            if net[seat] > 0:
                self.scores[seat] += net[seat]
                gained = True
            if self.scores[seat] >= self.obelisk:
                reached = True
        free = self.free_counts
        for owner, crop, _condition in sold:
            self.to_boat(owner, crop)
            free[crop] = free[crop] + 1
        if sold:
            self.events.append(("sold", len(sold), tuple(net), tuple(self.scores)))
        if colours or self.harvested or gained:
            self.quiet_rounds = 0
        else:
            self.quiet_rounds += 1
        if reached:
            reason = "obelisk"
        elif self.edition > 1:
            reason = "deadlock" if self.deadlocked() else ""
        elif self.quiet_rounds >= BLOCKED_ROUNDS or self._only_market_plants():
            reason = "blocked"
        else:
            reason = ""
        if not reason and self.round >= ROUND_LIMIT:
            reason = "round limit"
        if reason:
            self.phase = OVER
            self.seat = -1
            self.events.append(("game_over", reason, tuple(self.scores), tuple(self.lost)))
            return
        self._start_round()

    def _only_market_plants(self) -> bool:
        """No plant is left in a supply, the boat or a field: the market rows can never
        fill again (no plant can enter them), so nothing can score or be lost."""
        for seat in range(self.n):
            supply, boat = self.supply[seat], self.boat[seat]
            for crop in range(NUM_CROPS):
                if supply[crop] or boat[crop]:
                    return False
        return not any(self.plants)

    def deadlocked(self) -> bool:
        """Whether no sequence of moves and draws can change any score or the result
        (edition 2, checked after a scoring).

        Points come only from a full market row, and a row's plants leave it only when it
        scores; so while no row fills, the plants outside the market can only dwindle (lost
        from the boat), never grow.  If even all of them, whatever their colour, field or
        owner, cannot fill the empty spaces of any row under the crop rule (not the crop of
        either plant before), no row will ever fill: the scores are final.  The result then
        depends only on lost plants among seats of equal score, which floods could still
        change; so the game is over only if no two seats share a score or no plant is left
        outside the market.
        """
        if len(set(self.scores)) < self.n and not self._only_market_plants():
            return False  # seats tie and a flood could still wash a plant away: not over
        free = self.free_counts[:]  # free_crops(), kept
        for m in range(NUM_MARKET_ROWS):
            row = self.market[m]
            last = [plant[1] for plant in row[-2:]]
            if can_fill(free, last, MARKET_SIZES[m] - len(row)):
                return False
        return True


def can_fill(free: list[int], last: list[int], spaces: int) -> bool:
    """Whether ``spaces`` plants drawn from ``free`` (plants per crop) can follow the
    crops ``last`` (the row's last one or two) one by one, none the crop of either of the
    two plants before it."""
    if spaces <= 0:
        return True
    for crop in range(NUM_CROPS):
        if free[crop] and crop not in last[-2:]:
            free[crop] -= 1
            ok = can_fill(free, [*last[-1:], crop], spaces - 1)
            free[crop] += 1
            if ok:
                return True
    return False


def row_gains(row: Sequence[Sequence[int]], n: int) -> list[int]:
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
    # most counting plants first, then the latest last plant (tuples sort without a key
    # function, which the compiled build would call back through Python)
    ranked = sorted([(-counts[s], -last[s], s) for s in range(n) if counts[s]])
    if ranked:
        payout = ROW_PAYOUTS[min(len(ranked), len(ROW_PAYOUTS)) - 1]
        for place in range(min(len(ranked), len(payout))):
            gains[ranked[place][2]] += payout[place]
    return gains
