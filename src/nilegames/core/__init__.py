"""The core contract: games, states, chance, records and errors, shared by every game."""

from nilegames.core.chance import play_to_decision, resolve_chance, sample_chance_outcome
from nilegames.core.errors import (
    GameOptionError,
    IllegalActionError,
    NilegamesError,
    RecordError,
    UnknownGameError,
)
from nilegames.core.game import Game
from nilegames.core.options import OptionSpec
from nilegames.core.record import GameRecord, load, replay, replay_states, save
from nilegames.core.registry import game_class, games, make, new_game, register
from nilegames.core.state import State
from nilegames.core.types import CHANCE, TERMINAL, Action, Observation

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Game",
    "GameOptionError",
    "GameRecord",
    "IllegalActionError",
    "NilegamesError",
    "Observation",
    "OptionSpec",
    "RecordError",
    "State",
    "UnknownGameError",
    "game_class",
    "games",
    "load",
    "make",
    "new_game",
    "play_to_decision",
    "register",
    "replay",
    "replay_states",
    "resolve_chance",
    "sample_chance_outcome",
    "save",
]
