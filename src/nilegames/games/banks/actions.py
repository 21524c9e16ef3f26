"""The atomic actions of AN DEN UFERN DES NILS, as integers in one fixed space.

Which range an action falls in says what it does; the phase says for whom (a plant laid
in the opening is ripe or a seed by its order, a later one is sown).
"""

from __future__ import annotations

from typing import Final

from nilegames.games.banks.board import NUM_CROPS, NUM_FIELDS, NUM_MARKET_ROWS, NUM_ROWS

MAX_SEATS: Final = 5
MAX_ROW_SPACES: Final = 5
STACKS: Final = 2
MAX_BID: Final = 15  # every plant of one colour

# Literals, so that the compiled kernel inlines them (a computed constant costs it a
# dictionary lookup at every use); the asserts below hold them to the layout.
SETUP_DESERT: Final = 0  # + field: a desert card on a field by the desert (set-up)
BOAT: Final = 28  # + crop: a plant of that crop into the boat (opening)
PLACE_WATER: Final = 33  # + stack * NUM_ROWS + row: the stack's top card onto that row
PLANT: Final = 49  # + field * NUM_CROPS + crop: lay or sow a plant
GROW: Final = 189  # + field: turn one's seed there into a ripe plant
HARVEST: Final = 217  # + field * NUM_MARKET_ROWS + market row: ripe plant to market
BUY_SEED: Final = 329  # + owner * NUM_CROPS + crop: a plant from the boat
BUY_JOKER: Final = 354  # a desert card from the pile, as a joker
USE_JOKER: Final = 355  # discard a joker for one more action point
HEAL: Final = 356  # + market row * MAX_ROW_SPACES + space: a joker heals a spoiled plant
END_ACTIONS: Final = 376  # no more actions this phase
REMOVE_WATER: Final = 377  # + row: the ebb takes the outermost water card of a row
ROT_ROW: Final = 385  # + market row: where a rot strikes
ROT_PLANT: Final = 389  # + space: a plant of that row the rot reaches
BID: Final = 394  # + plants: a secret bid (variants: hippopotamus, first player)
DESERT_ROW: Final = 410  # + row: where a flooded desert card's desert goes (edition 2)
NUM_ACTIONS: Final = 418

assert BOAT == SETUP_DESERT + NUM_FIELDS
assert PLACE_WATER == BOAT + NUM_CROPS
assert PLANT == PLACE_WATER + STACKS * NUM_ROWS
assert GROW == PLANT + NUM_FIELDS * NUM_CROPS
assert HARVEST == GROW + NUM_FIELDS
assert BUY_SEED == HARVEST + NUM_FIELDS * NUM_MARKET_ROWS
assert BUY_JOKER == BUY_SEED + MAX_SEATS * NUM_CROPS
assert (USE_JOKER, HEAL) == (BUY_JOKER + 1, BUY_JOKER + 2)
assert END_ACTIONS == HEAL + NUM_MARKET_ROWS * MAX_ROW_SPACES
assert REMOVE_WATER == END_ACTIONS + 1
assert ROT_ROW == REMOVE_WATER + NUM_ROWS
assert ROT_PLANT == ROT_ROW + NUM_MARKET_ROWS
assert BID == ROT_PLANT + MAX_ROW_SPACES
assert DESERT_ROW == BID + MAX_BID + 1
assert NUM_ACTIONS == DESERT_ROW + NUM_ROWS
