"""Phases and fixed numbers of AN DEN UFERN DES NILS (seed 003), shared by the kernel's
modules and the views."""

from __future__ import annotations

# Phases.  Chance: who starts, a stack's new top face, the back of a water card an ebb
# removes, the back of a desert card a flood covers.  The rest are a seat's decisions.
(
    FIRST,
    TOP_FACE,
    WATER_BACK,
    DESERT_BACK,
    SET_DESERT,
    OPEN_BOAT,
    OPEN_WATER,
    OPEN_PLANTS,
    FLOODING,
    EBBING,
    ROT_WHERE,
    ROT_WHICH,
    ACTIONS,
    BIDDING,
    OVER,
    DESERT_WHERE,
) = range(16)
PHASE_NAMES = (
    "setup",
    "setup",
    "ebb",
    "flood",
    "setup",
    "opening",
    "opening",
    "opening",
    "flood",
    "ebb",
    "rot",
    "rot",
    "actions",
    "auction",
    "game over",
    "flood",  # where the desert of a flooded desert card goes (edition 2)
)
CHANCE_PHASES = frozenset({FIRST, TOP_FACE, WATER_BACK, DESERT_BACK})

ACTION_POINTS = 3
START_JOKERS = 2
SETUP_DESERTS = 3
OPENING_BOAT = 2
#: A bound the seed does not need: a game not over after this many rounds ends (it bounds
#: the game's length for the research adapters).  Equal greedy bots take about 30 rounds
#: with 2 players and 20 with 5, and a game that stops moving ends blocked long before.
ROUND_LIMIT = 60
#: A game is blocked, and ends as it stands, after this many rounds in a row in which no
#: plant was harvested, no point scored and the obelisk did not move (or at once when every
#: plant left is in the market).  Seed 003 is silent on a game that can no longer move (two
#: players whose last plants sit in market rows that no remaining crop may enter); in
#: greedy self-play a finished game never went more than 5 rounds without progress, so 6
#: ends only games that have stopped.
BLOCKED_ROUNDS = 6
# What lies on a field besides plants.
EMPTY_GROUND, WATER, DESERT_CARD = range(3)
# A plant in the market: ripe, spoiled (turned to its seed side), rotten (turned 45°).
RIPE, SPOILED, ROTTEN = range(3)
# What an auction is for (variants): none, the hippopotamus's extra actions, first player.
NO_AUCTION, HIPPO_AUCTION, START_AUCTION = range(3)
#: Tied start auctions before lots decide among the tied (so bids of 0 cannot loop).
START_AUCTION_TRIES = 3
