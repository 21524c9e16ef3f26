"""The phases of a NILE ARTIFACTS (seed 002) game and the numbers its rules run by.

Apart from the state so that every module of the rules (table.py, rounds.py, turns.py,
state.py) and the views read the same literals, which a compiled build inlines.
"""

from __future__ import annotations

from typing import Final

# Phases: chance ones draw a monument, a first player or a card; the others are a seat's.
# Literal constants: a compiled build inlines them, where a name computed at import costs
# it a dictionary lookup at every use.
REVEAL: Final = 0
FIRST: Final = 1
DEAL: Final = 2
SAILING: Final = 3
TAKING: Final = 4
BUYING: Final = 5
OFFERING: Final = 6
DECLARING: Final = 7
OVER: Final = 8
PHASE_NAMES = (
    "setup",
    "setup",
    "preparation",
    "navigation",
    "navigation",
    "purchase",
    "offerings",
    "offerings",
    "game over",
)
#: What the seat to move (or chance) is doing, finer than the phase.
STEP_NAMES = (
    "reveal",
    "first player",
    "lay out",
    "sail",
    "take",
    "buy",
    "offer",
    "declare",
    "over",
)
CHANCE_PHASES = frozenset({REVEAL, FIRST, DEAL, BUYING})  # phase <= DEAL or BUYING
PRICE: Final = 3
COINS_IN_BOX: Final = 30
#: Cards laid out under the river each round, by player count.
CARDS_PER_ROUND = {2: 8, 3: 9, 4: 12}
#: A digital safeguard the seed does not need: a game that has not ended after this many
#: rounds (players who never finish a monument) ends as if its last round were played.
ROUND_LIMIT = 30
