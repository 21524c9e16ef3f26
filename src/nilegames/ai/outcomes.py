"""How a tournament's games went: the games' own figures, over all games and by who won.

Each game of a tournament keeps its game's figures (``Game.statistics``: how a NIL game
ended, the locusts of a NILE game...).  Their means split by the winning bot say *how* a
bot wins: whether ``hard`` takes NIL by closing the river early, say, where ``easy`` wins
at the goal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from nilegames.ai.journal import GameResult
from nilegames.ai.ratings import Interval, mean_interval

#: The column of every game, beside one per winning bot.
ALL_GAMES = "all games"


@dataclass(frozen=True)
class Outcomes:
    """Each figure's mean (with its 95 % interval) per column: all games, then the games each
    bot won alone (a tie for first between different bots counts in no bot's column)."""

    columns: tuple[str, ...]
    games: dict[str, int]  # games in each column
    means: dict[str, dict[str, Interval]]  # figure -> column -> mean

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "figures": {
                figure: {
                    column: {"mean": m.estimate, "low": _finite(m.low), "high": _finite(m.high)}
                    for column, m in by_column.items()
                }
                for figure, by_column in self.means.items()
            },
        }


def outcomes(games: Sequence[GameResult], bots: Sequence[str]) -> Outcomes | None:
    """The figures of ``games`` by winner; None when no game kept any (older journals)."""
    kept = [game for game in games if game.figures]
    if not kept:
        return None
    groups: dict[str, list[GameResult]] = {ALL_GAMES: kept}
    for bot in bots:
        groups[f"won by {bot}"] = [game for game in kept if winner(game) == bot]
    names = sorted({name for game in kept for name in game.figures})
    means = {
        name: {
            column: mean_interval([game.figures[name] for game in group if name in game.figures])
            for column, group in groups.items()
            if any(name in game.figures for game in group)
        }
        for name in names
    }
    return Outcomes(tuple(groups), {c: len(g) for c, g in groups.items()}, means)


def winner(game: GameResult) -> str | None:
    """The bot whose seats hold the best return, or None when different bots share it."""
    best = max(game.returns)
    first = {bot for bot, r in zip(game.bots, game.returns, strict=True) if r == best}
    return first.pop() if len(first) == 1 else None


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None
