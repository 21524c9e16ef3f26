"""A quick estimate of how an AN DEN UFERN DES NILS position stands for one seat.

Points decide the game, so the estimate is a points lead: each seat's score plus what
its plants should still bring — its expected share of every market row (its counting
plants against all counting plants there, scaled by how full the row is, less its rotten
plants), ripe plants waiting on the fields (more where the palms let them into more
rows), seeds, jokers, and a loss for plants left in the boat, which the next scoring
takes out of the game.  Seats are compared through a logistic curve whose scale is
about one market row.  Everything it reads is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nilegames.core.ranking import expected_return
from nilegames.games.banks.board import FIELDS, MARKET_SIZES, NUM_FIELDS, ROW_PAYOUTS
from nilegames.games.banks.state import ROTTEN

if TYPE_CHECKING:
    from nilegames.games.banks.state import BanksState

SCALE = 6.0
RIPE_WORTH = 0.9
PALM_WORTH = 0.1
SEED_WORTH = 0.5
#: A counting plant in the market is worth this besides its share of the row.
MARKET_PLANT = 1.0
JOKER_WORTH = 0.4
SUPPLY_WORTH = 0.1
BOAT_LOSS = 0.8
ROW_POINTS = sum(ROW_PAYOUTS[0])


def standing(state: BanksState, seat: int) -> float:
    value = float(state.scores[seat])
    for m, row in enumerate(state.market):
        if not row:
            continue
        mine = sum(1 for p in row if p[0] == seat and p[2] != ROTTEN)
        counting = sum(1 for p in row if p[2] != ROTTEN)
        rotten = sum(1 for p in row if p[0] == seat and p[2] == ROTTEN)
        fill = len(row) / MARKET_SIZES[m]
        if counting:
            value += ROW_POINTS * mine / counting * (0.5 + 0.5 * fill) + MARKET_PLANT * mine
        value -= rotten
    for field in range(NUM_FIELDS):
        for owner, _crop, ripe in state.plants[field]:
            if owner == seat:
                if ripe:
                    value += RIPE_WORTH + PALM_WORTH * FIELDS[field].palms
                else:
                    value += SEED_WORTH
    value += JOKER_WORTH * state.jokers[seat] + SUPPLY_WORTH * sum(state.supply[seat])
    value -= BOAT_LOSS * sum(state.boat[seat])
    return value


def evaluate(state: BanksState, player: int) -> float:
    """Expected return of ``player`` (between -1 and +1) judged from the table now."""
    if state.is_terminal():
        return state.returns()[player]
    standings = [standing(state, seat) for seat in range(state.n)]
    return expected_return(standings, player, SCALE)
