"""Games by id: how ``nilegames.make`` finds the class behind a name."""

from __future__ import annotations

from typing import Any, TypeVar

from nilegames.core.errors import UnknownGameError
from nilegames.core.game import Game
from nilegames.core.state import State

_GAMES: dict[str, type[Game]] = {}

G = TypeVar("G", bound=type[Game])


def register(cls: G) -> G:
    """Class decorator: make a game reachable by its id."""
    if cls.id in _GAMES and _GAMES[cls.id] is not cls:
        raise ValueError(f"a game with id {cls.id!r} is registered already")
    _GAMES[cls.id] = cls
    return cls


def game_class(game_id: str) -> type[Game]:
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"no game is called {game_id!r}; known games: {known}") from None


def new_game(game_id: str, players: int | None = None, **options: Any) -> Game:
    """A configured game; raises on an unknown id, a bad player count or a bad option."""
    return game_class(game_id)(players, **options)


def make(game_id: str, players: int | None = None, **options: Any) -> State:
    """The root state of a new game (its set-up chance nodes still to resolve)."""
    return new_game(game_id, players, **options).new_initial_state()


def games() -> list[dict[str, Any]]:
    """Every registered game with its player range and options."""
    return [_GAMES[game_id].describe() for game_id in sorted(_GAMES)]
