"""An Elo ladder of bots from several tournaments of one game and player count.

A ladder of every level (random, easy, medium, hard) as one round robin would play every
pair of levels as many games as the closest pair needs; strength runs are hours of CPU,
so they are played as separate head-to-head tournaments instead (hard against easy,
hard against medium, medium against easy, easy against random), each journalled in its
own folder and resumable.  This module reads those folders back and fits one set of Elo
ratings to every game in them (Bradley-Terry over all pairwise results, ``random`` pinned
at 0 when it plays), so every game counts once and no pair is played twice.

Each folder's ``settings.json`` (written by the tournament runner, or a finished
tournament's ``results.json``) says which game, player count and rules options its games
were played with; folders that disagree are refused, since their games rate different
things.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nilegames.ai.journal import JOURNAL, RESULTS, SETTINGS, GameResult, JournalError, read_games
from nilegames.ai.tournament import Standing, rate

LADDER_FORMAT = "nilegames-ladder"


@dataclass
class Source:
    """One tournament folder: its settings and the games its journal holds."""

    folder: str
    settings: dict[str, Any]
    games: list[GameResult]


@dataclass
class Ladder:
    """The games of several tournaments of one game and player count, rated together."""

    game_id: str
    players: int
    options: dict[str, Any]
    sources: list[Source]
    bots: tuple[str, ...] = field(init=False)
    games: list[GameResult] = field(init=False)
    anchor: str = field(init=False)
    standings: list[Standing] = field(init=False)
    pairwise: dict[tuple[str, str], tuple[float, int]] = field(init=False)

    def __post_init__(self) -> None:
        self.games = [game for source in self.sources for game in source.games]
        names: list[str] = []
        for game in self.games:
            names.extend(bot for bot in game.bots if bot not in names)
        self.bots = tuple(names)
        self.anchor, self.pairwise, self.standings = rate(self.games, self.bots, self.players)

    @property
    def title(self) -> str:
        return f"{self.game_id}, {self.players} players, {len(self.games)} games, ladder"

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LADDER_FORMAT,
            "game": self.game_id,
            "players": self.players,
            "options": self.options,
            "elo_anchor": self.anchor,
            "sources": [
                {"folder": s.folder, "settings": s.settings, "games": len(s.games)}
                for s in self.sources
            ],
            "standings": [s.to_json() for s in self.standings],
            "pairwise": {
                f"{row} vs {column}": {"score": score / count, "comparisons": count}
                for (row, column), (score, count) in sorted(self.pairwise.items())
            },
        }


def folder_settings(folder: Path) -> dict[str, Any]:
    """A tournament folder's settings: ``settings.json``, else a finished run's results."""
    for name, key in ((SETTINGS, None), (RESULTS, "settings")):
        path = folder / name
        if path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                settings = data[key] if key else data
                if not isinstance(settings, dict) or "game" not in settings:
                    raise KeyError("game")
                return settings
            except (ValueError, KeyError, TypeError) as error:
                raise JournalError(f"{path}: not a tournament's settings ({error})") from None
    raise JournalError(f"{folder}: no {SETTINGS} or results.json says what its games are")


def read_source(folder: Path) -> Source:
    """A folder's settings and games (its journal, else a finished run's results)."""
    settings = folder_settings(folder)
    journal = folder / JOURNAL
    if journal.exists():
        games = read_games(journal)
    elif (folder / SETTINGS).exists() and not (folder / RESULTS).exists():
        games = []  # a run keeps its settings as it starts, its journal once a game ends
    else:
        try:
            data = json.loads((folder / RESULTS).read_text(encoding="utf-8"))
            games = [GameResult.from_json(game) for game in data["games"]]
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise JournalError(f"{folder}: no games to read ({error})") from None
    try:
        players = int(settings["players"])
    except (KeyError, TypeError, ValueError) as error:
        raise JournalError(f"{folder}: not a tournament's settings ({error})") from None
    for game in games:
        if len(game.returns) != players:
            raise JournalError(
                f"{folder}: game {game.index} has {len(game.returns)} seats, the settings"
                f" say {players}"
            )
    return Source(str(folder), settings, games)


def build_ladder(folders: Sequence[Path]) -> Ladder:
    """One ladder from the tournaments in ``folders`` (at least one game in all), all of
    one game, player count and set of rules options, else a :class:`JournalError`."""
    if not folders:
        raise JournalError("a ladder needs at least one tournament folder")
    sources = [read_source(Path(folder)) for folder in folders]
    first = sources[0].settings
    key = _what_is_played(first)
    for source in sources[1:]:
        other = _what_is_played(source.settings)
        if other != key:
            raise JournalError(
                f"{source.folder} holds {_describe(other)}, {sources[0].folder} holds"
                f" {_describe(key)}: a ladder rates one game and player count"
            )
    if not any(source.games for source in sources):
        raise JournalError("the folders hold no finished game yet")
    return Ladder(
        str(first["game"]), int(first["players"]), dict(first.get("options", {})), sources
    )


def _what_is_played(settings: Mapping[str, Any]) -> tuple[str, int, str]:
    options = json.dumps(settings.get("options", {}), sort_keys=True)
    return str(settings["game"]), int(settings["players"]), options


def _describe(key: tuple[str, int, str]) -> str:
    game, players, options = key
    return f"{game} with {players} players" + ("" if options == "{}" else f" ({options})")
