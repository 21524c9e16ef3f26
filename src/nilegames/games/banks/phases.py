"""Phases and fixed numbers of AN DEN UFERN DES NILS (seed 003), shared by the kernel's
modules and the views."""

from __future__ import annotations

from typing import Final

# Phases, as literals that the compiled kernel inlines.  Chance, the first four (so a
# phase is chance if it is at most DESERT_BACK): who starts, a stack's new top face, the
# back of a water card an ebb removes, the back of a desert card a flood covers.  The
# rest are a seat's decisions.
FIRST: Final = 0
TOP_FACE: Final = 1
WATER_BACK: Final = 2
DESERT_BACK: Final = 3
SET_DESERT: Final = 4
OPEN_BOAT: Final = 5
OPEN_WATER: Final = 6
OPEN_PLANTS: Final = 7
FLOODING: Final = 8
EBBING: Final = 9
ROT_WHERE: Final = 10
ROT_WHICH: Final = 11
ACTIONS: Final = 12
BIDDING: Final = 13
OVER: Final = 14
DESERT_WHERE: Final = 15
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
assert frozenset(range(DESERT_BACK + 1)) == CHANCE_PHASES

ACTION_POINTS: Final = 3
START_JOKERS: Final = 2
SETUP_DESERTS: Final = 3
OPENING_BOAT: Final = 2
#: A bound the seed does not need: a game not over after this many rounds ends (it bounds
#: the game's length for the research adapters).  Equal greedy bots take about 30 rounds
#: with 2 players and 20 with 5, and a game that stops moving ends blocked long before.
ROUND_LIMIT: Final = 60
#: A game is blocked, and ends as it stands, after this many rounds in a row in which no
#: plant was harvested, no point scored and the obelisk did not move (or at once when every
#: plant left is in the market).  Seed 003 is silent on a game that can no longer move (two
#: players whose last plants sit in market rows that no remaining crop may enter); in
#: greedy self-play a finished game never went more than 5 rounds without progress, so 6
#: ends only games that have stopped.
BLOCKED_ROUNDS: Final = 6
# What lies on a field besides plants.
EMPTY_GROUND: Final = 0
WATER: Final = 1
DESERT_CARD: Final = 2
# A plant in the market: ripe, spoiled (turned to its seed side), rotten (turned 45°).
RIPE: Final = 0
SPOILED: Final = 1
ROTTEN: Final = 2
# What an auction is for (variants): none, the hippopotamus's extra actions, first player.
NO_AUCTION: Final = 0
HIPPO_AUCTION: Final = 1
START_AUCTION: Final = 2
#: Tied start auctions before lots decide among the tied (so bids of 0 cannot loop).
START_AUCTION_TRIES: Final = 3
