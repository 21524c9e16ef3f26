"""The bots' estimate of an AN DEN UFERN DES NILS position: the flood's reach, crops held.

Before it knew the next flood's reach, a greedy bot sowed where the next first player's
water was bound to wash its plants away; these tests pin what the estimate reads.
"""

from __future__ import annotations

import random

from nilegames.ai.policy import GreedyPolicy
from nilegames.games.banks.board import EBB_1, FLOOD, ROWS
from nilegames.games.banks.evaluate import (
    FIELD_AFTER_RISK,
    NEXT_FIELD_RISK,
    VARIETY_WORTH,
    evaluate,
    flood_risk,
    standing,
)
from nilegames.games.banks.state import BanksState
from tests.banks_helpers import (
    AUBERGINE,
    DD,
    DN,
    DS,
    FLAX,
    GRAPES,
    N5,
    SN,
    SS,
    harvest,
    move,
    plant,
    playing,
    put,
    set_top,
)


def _tops(state: BanksState, seat: int, first: int, second: int) -> None:
    set_top(state, seat, 0, first)
    set_top(state, seat, 1, second)


def _dry_rows(state: BanksState) -> list[int]:
    return [
        row for row in range(len(ROWS)) if not state.covered[row] and state.water_end(row)[0] == 0
    ]


def test_the_next_flood_reaches_the_next_two_dry_fields_of_rows_its_tops_fit() -> None:
    state = playing(2)  # seat 0 acts in round 1; seat 1 lays the next flood
    state.circle = FLOOD
    _tops(state, 1, SS, DD)
    _tops(state, 0, DD, DS)  # this round's first player's tops do not matter now
    risk = flood_risk(state)
    for row in _dry_rows(state):
        assert risk[ROWS[row][0]] == NEXT_FIELD_RISK
        assert risk[ROWS[row][1]] == FIELD_AFTER_RISK
        assert all(field not in risk for field in ROWS[row][2:])
    # a single-wave card that closes the row reaches one field only
    _tops(state, 1, SN, DD)
    risk = flood_risk(state)
    for row in _dry_rows(state):
        assert risk[ROWS[row][0]] == NEXT_FIELD_RISK and ROWS[row][1] not in risk
    # double-inner tops cannot follow the Nile's single wave: dry rows are safe
    _tops(state, 1, DD, DN)
    assert not any(ROWS[row][0] in flood_risk(state) for row in _dry_rows(state))


def test_no_flood_risk_while_the_circle_is_on_the_ebb() -> None:
    state = playing(2)
    _tops(state, 1, SS, SS)
    state.circle = EBB_1
    assert flood_risk(state) == {}


def test_a_seed_within_the_floods_reach_counts_for_less_and_the_bot_sows_elsewhere() -> None:
    state = playing(2)
    state.circle = FLOOD
    _tops(state, 1, SS, SS)
    near, far = ROWS[N5][0], ROWS[N5][3]
    assert near in flood_risk(state) and far not in flood_risk(state)
    sow_near, sow_far = state.clone(), state.clone()
    move(sow_near, plant(near, GRAPES))
    move(sow_far, plant(far, GRAPES))
    assert standing(sow_near, 0) < standing(sow_far, 0)
    assert evaluate(sow_near, 0) < evaluate(sow_far, 0)
    # with the ebb next, the field by the Nile is as good as any other for a seed
    state.circle = EBB_1
    sow_near, sow_far = state.clone(), state.clone()
    move(sow_near, plant(near, GRAPES))
    move(sow_far, plant(far, GRAPES))
    assert standing(sow_near, 0) == standing(sow_far, 0)


def test_a_bot_keeps_its_last_plant_of_a_crop_out_of_the_market_when_it_can() -> None:
    """The crop rule (not the crop of either plant before) starves a seat left with few
    crops, and rare crops sent to the market are the ones sold and lost; so a crop the
    seat holds nowhere else counts for more (§10)."""
    state = playing(2)
    put(state, ROWS[N5][0], 0, AUBERGINE)  # its only aubergine, ripe on a 4-palm field
    put(state, ROWS[N5][1], 0, FLAX)  # and a ripe flax beside it: four more in supply
    state.points = 1
    values = {}
    for field, crop in ((ROWS[N5][0], AUBERGINE), (ROWS[N5][1], FLAX)):
        child = state.clone()
        move(child, harvest(field, 3))
        values[crop] = standing(child, 0)
    assert values[FLAX] - values[AUBERGINE] == VARIETY_WORTH
    best = GreedyPolicy()(state, random.Random(1))
    assert best != harvest(ROWS[N5][0], 3)
