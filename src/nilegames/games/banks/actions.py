"""The atomic actions of AN DEN UFERN DES NILS, as integers in one fixed space.

Which range an action falls in says what it does; the phase says for whom (a plant laid
in the opening is ripe or a seed by its order, a later one is sown).
"""

from __future__ import annotations

from nilegames.games.banks.board import NUM_CROPS, NUM_FIELDS, NUM_MARKET_ROWS, NUM_ROWS

MAX_SEATS = 5
MAX_ROW_SPACES = 5
STACKS = 2

SETUP_DESERT = 0  # + field: a desert card on a field by the desert (set-up)
BOAT = SETUP_DESERT + NUM_FIELDS  # + crop: a plant of that crop into the boat (opening)
PLACE_WATER = BOAT + NUM_CROPS  # + stack * NUM_ROWS + row: the stack's top card onto that row
PLANT = PLACE_WATER + STACKS * NUM_ROWS  # + field * NUM_CROPS + crop: lay or sow a plant
GROW = PLANT + NUM_FIELDS * NUM_CROPS  # + field: turn one's seed there into a ripe plant
HARVEST = GROW + NUM_FIELDS  # + field * NUM_MARKET_ROWS + market row: ripe plant to market
BUY_SEED = HARVEST + NUM_FIELDS * NUM_MARKET_ROWS  # + owner * NUM_CROPS + crop: from the boat
BUY_JOKER = BUY_SEED + MAX_SEATS * NUM_CROPS  # a desert card from the pile, as a joker
USE_JOKER = BUY_JOKER + 1  # discard a joker for one more action point
HEAL = USE_JOKER + 1  # + market row * MAX_ROW_SPACES + space: a joker heals a spoiled plant
END_ACTIONS = HEAL + NUM_MARKET_ROWS * MAX_ROW_SPACES  # no more actions this phase
REMOVE_WATER = END_ACTIONS + 1  # + row: the ebb takes the outermost water card of a row
ROT_ROW = REMOVE_WATER + NUM_ROWS  # + market row: where a rot strikes
ROT_PLANT = ROT_ROW + NUM_MARKET_ROWS  # + space: a plant of that row the rot reaches
MAX_BID = 15  # every plant of one colour
BID = ROT_PLANT + MAX_ROW_SPACES  # + plants: a secret bid (variants: hippopotamus, first player)
DESERT_ROW = BID + MAX_BID + 1  # + row: where a flooded desert card's desert goes (edition 2)
NUM_ACTIONS = DESERT_ROW + NUM_ROWS
