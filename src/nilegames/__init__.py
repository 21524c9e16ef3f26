"""nilegames: the Nile family of board games, playable and studiable in Python.

>>> import random, nilegames
>>> state = nilegames.make("nile", players=3)
>>> state.is_chance_node()
True
>>> _ = nilegames.play_to_decision(state, random.Random(1))
>>> state.current_player() in (0, 1, 2)
True
"""

from nilegames import games as _games  # registers every game
from nilegames.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameOptionError,
    GameRecord,
    IllegalActionError,
    NilegamesError,
    RecordError,
    State,
    UnknownGameError,
    games,
    load,
    make,
    new_game,
    play_to_decision,
    replay,
    resolve_chance,
    save,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameOptionError",
    "GameRecord",
    "IllegalActionError",
    "NilegamesError",
    "RecordError",
    "State",
    "UnknownGameError",
    "games",
    "load",
    "make",
    "new_game",
    "play_to_decision",
    "replay",
    "resolve_chance",
    "save",
]
del _games
