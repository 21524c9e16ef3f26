"""The players' actions of AN DEN UFERN DES NILS (seed 003), and the auctions of the
variants (hippopotamus, first player)."""

from __future__ import annotations

from typing import Final

from nilegames.core import Action
from nilegames.games.banks.actions import (
    BUY_JOKER,
    BUY_SEED,
    END_ACTIONS,
    GROW,
    HARVEST,
    HEAL,
    MAX_ROW_SPACES,
    PLANT,
    USE_JOKER,
)
from nilegames.games.banks.board import NUM_CROPS, NUM_MARKET_ROWS, PLANTS_PER_PLAYER
from nilegames.games.banks.phases import (
    ACTION_POINTS,
    ACTIONS,
    BIDDING,
    FIRST,
    HIPPO_AUCTION,
    NO_AUCTION,
    RIPE,
    START_AUCTION,
    START_AUCTION_TRIES,
)
from nilegames.games.banks.scoring import BanksScoring
from nilegames.games.banks.table import NO_CROPS, crop_set

#: Per crop, by a supply's count of it, the crop's bit in a set of crops (0 for none): a
#: seat has at most its 15 plants of a crop.
CROP_BITS: Final = tuple(
    tuple(1 << crop if count else 0 for count in range(PLANTS_PER_PLAYER + 1))
    for crop in range(NUM_CROPS)
)


class BanksTurns(BanksScoring):
    """Phase 2 of a round (actions) and the variants' secret bids."""

    __slots__ = ()

    # actions -------------------------------------------------------------------------------
    def _start_actions(self) -> None:
        self.events.append(("actions",))
        self._next_actor(self.first)

    def _next_actor(self, seat: int) -> None:
        self.seat = seat
        self.actions_seat = seat
        self.points = ACTION_POINTS
        self.acted = []
        self.acted_fields = 0
        self.fresh = [0] * NUM_CROPS
        # crop_set(supply, NO_CROPS), by table (a comparison's value is a generic compare)
        s0, s1, s2, s3, s4 = self.supply[seat]
        c0, c1, c2, c3, c4 = CROP_BITS
        self.sowable = c0[s0] | c1[s1] | c2[s2] | c3[s3] | c4[s4]
        self.joker_bought = False
        self.phase = ACTIONS
        self.events.append(("turn", seat))

    def _on_action(self, action: Action) -> None:
        seat = self.seat
        if action == END_ACTIONS:
            self._end_actions()
            return
        if action < GROW:  # the most frequent first
            # ``//`` and ``%``, not divmod(): the compiled kernel runs those on machine
            # ints, divmod() through Python's generic call and a tuple
            code = action - PLANT
            field, crop = code // NUM_CROPS, code % NUM_CROPS
            bit = 1 << field
            # cost(): a sowing's field has no plant of the seat's and not two, so another's
            # plant there is what makes it 2
            self.points -= 2 if self.one_plant & bit else 1
            supply = self.supply[seat]
            left = supply[crop] - 1
            supply[crop] = left
            self.add_plant(field, (seat, crop, 0))
            self.events.append(("plant", seat, field, crop, False))
            if left == self.fresh[crop]:
                self.sowable &= ~(1 << crop)  # the last of the crop sown
            self.acted.append(field)
            self.acted_fields |= bit
        elif action < HARVEST:  # then by the ranges of the actions
            field = action - GROW
            self.points -= 2 if self.two_plants >> field & 1 else 1  # as for a harvest
            crop = self.ripen(field, seat)
            self.acted.append(field)
            self.acted_fields |= 1 << field
            self.events.append(("grow", seat, field, crop))
        elif action < BUY_SEED:
            code = action - HARVEST
            field, m = code // NUM_MARKET_ROWS, code % NUM_MARKET_ROWS
            # cost(): the seat's plant is there, so a second plant makes it 2
            self.points -= 2 if self.two_plants >> field & 1 else 1
            crop = self.take_plant(field, seat)[1]
            free = self.free_counts
            free[crop] = free[crop] - 1  # not ``-=``: see set_plants
            self.market[m] += ((seat, crop, RIPE),)
            self.market_row_changed(m)
            self.harvested = True
            self.events.append(("harvest", seat, field, crop, m))
        elif action < BUY_JOKER:
            owner, crop = divmod(action - BUY_SEED, NUM_CROPS)
            self.points -= 1 if owner == seat else 2
            self.boat[owner][crop] -= 1
            if not self.boat[owner][crop]:
                self.boat_crops[owner] &= ~(1 << crop)
            self.supply[owner][crop] += 1
            if owner == seat:
                self.fresh[crop] += 1
                self.events.append(("buy_seed", seat, crop))
            else:
                # A seed bought from another colour leaves the boat (so it is not lost at
                # the scoring) and goes back to its owner's supply.
                self.events.append(("buy_other_seed", seat, owner, crop))
        elif action == BUY_JOKER:
            self.points -= 1
            self.desert_pile -= 1
            self.jokers[seat] += 1
            self.joker_bought = True
            self.events.append(("buy_joker", seat))
        elif action == USE_JOKER:
            self.jokers[seat] -= 1
            self.jokers_spent += 1
            self.points += 1
            self.events.append(("joker", seat))
        elif action >= HEAL:
            m, index = divmod(action - HEAL, MAX_ROW_SPACES)
            self.jokers[seat] -= 1
            self.jokers_spent += 1
            self.set_condition(m, index, RIPE)
            self.events.append(("heal", seat, m, index))
        if not self.points and (self.extra_turn or not self.jokers[seat]):
            self._end_actions()

    def _lay(self, field: int, crop: int, *, ripe: bool) -> None:
        seat = self.seat
        supply = self.supply[seat]
        supply[crop] = supply[crop] - 1  # not ``-=``: see set_plants
        self.add_plant(field, (seat, crop, 1 if ripe else 0))
        self.events.append(("plant", seat, field, crop, ripe))

    def _end_actions(self) -> None:
        self.events.append(("end_actions", self.seat, self.points))
        if self.extra_turn:
            self.extra_turn = False
            self.acted = []
            self.acted_fields = 0
            self._tide()
            return
        seat = (self.seat + 1) % self.n
        if seat != self.first:
            self._next_actor(seat)
            return
        self.first = (self.first + 1) % self.n
        self.events.append(("first_passes", self.first))
        self._scoring()

    # auctions (variants) -------------------------------------------------------------------
    def _start_auction(self, kind: int, opener: int) -> None:
        """Every seat in turn, from ``opener``, takes plants in hand in secret."""
        self.auction = kind
        self.bids = [-1] * self.n
        self.bid_moves = []
        self.bid_events = []
        self.seat = opener
        self.phase = BIDDING
        self.events.append(("auction", "hippo" if kind == HIPPO_AUCTION else "start"))

    def _on_bid(self, bid: int) -> None:
        seat = self.seat
        self.bids[seat] = bid
        self.bid_moves.append(len(self._history))
        self.bid_events.append(len(self.events))
        self.events.append(("bid", seat, bid))
        bidders = self.bidders()
        nxt = (seat + 1) % self.n
        while nxt not in bidders:
            nxt = (nxt + 1) % self.n
        if self.bids[nxt] < 0:
            self.seat = nxt
            return
        self._resolve_auction()

    def bidders(self) -> list[int]:
        """Seats in the auction under way: every seat, but only the tied ones when a tied
        first-player auction is bid again (edition 2; ``tied`` stays empty in edition 1)."""
        if self.auction == START_AUCTION and self.tied:
            return self.tied
        return list(range(self.n))

    def _resolve_auction(self) -> None:
        bids = self.bids
        kind = self.auction
        # hippopotamus: the bid plus one's plants in the boat; ties to the larger hand,
        # then nobody.  first player: the bid alone; ties bid again.
        totals = [
            bids[s] + (sum(self.boat[s]) if kind == HIPPO_AUCTION else 0) for s in range(self.n)
        ]
        best = max(totals)
        leaders = [s for s in range(self.n) if totals[s] == best]
        if kind == HIPPO_AUCTION and len(leaders) > 1:
            top_hand = max(bids[s] for s in leaders)
            leaders = [s for s in leaders if bids[s] == top_hand]
        winner = leaders[0] if len(leaders) == 1 else -1
        self.events.append(("bids", tuple(bids), tuple(totals), winner))
        self.auction = NO_AUCTION
        self.bid_moves = []
        self.bid_events = []
        if kind == START_AUCTION:
            for seat in range(self.n):
                self._bid_to_boat(seat, bids[seat])
            self.auction_tries += 1
            if winner >= 0:
                self.first = winner
                self.tied = []
                self.events.append(("first", winner))
                self._proceed()
            elif self.auction_tries >= START_AUCTION_TRIES:
                self.tied = leaders
                self.phase = FIRST
            elif self.edition > 1:
                # Seed 003: on a tie the bid is made again; only the tied can still win,
                # so only they bid (edition 2; edition 1 had every seat bid again).
                self.tied = leaders
                self._start_auction(START_AUCTION, leaders[0])
            else:
                self._start_auction(START_AUCTION, 0)
            return
        if winner < 0:
            self._tide()
            return
        self._bid_to_boat(winner, bids[winner])
        self.extra_turn = True
        self.seat = winner
        self.points = ACTION_POINTS
        self.acted = []
        self.acted_fields = 0
        self.fresh = [0] * NUM_CROPS
        self.sowable = crop_set(self.supply[winner], NO_CROPS)
        self.phase = ACTIONS
        self.events.append(("extra_turn", winner))

    def _bid_to_boat(self, seat: int, count: int) -> None:
        """Plants bid go into the boat, the crops one has most of first."""
        supply = self.supply[seat]
        for _ in range(count):
            crop = max(range(NUM_CROPS), key=lambda c: (supply[c], -c))
            supply[crop] -= 1
            self.to_boat(seat, crop)
        if count > 0:  # -1: the seat was not in a re-bid (edition 2)
            self.events.append(("bid_to_boat", seat, count))
