"""Where strength runs stand: one line per tournament folder, finished or still playing.

A strength target is a claim about one bot, the first of its folder's run: its score
against the others over a fixed number of games, or the side of a threshold it lies on
(``--until-decided``).  The folders of ``docs/strength`` are read here as they are, so the
table in docs/ai.md comes from a command anyone can rerun, not from hand counting.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from nilegames.ai.journal import JournalError, reported_target
from nilegames.ai.ladder import read_source
from nilegames.ai.ratings import Interval, wilson_interval
from nilegames.ai.sequential import Decision, check_target
from nilegames.ai.stopping import VerdictReader, bot_score
from nilegames.ai.tournament import tables
from nilegames.core import GameOptionError


@dataclass(frozen=True)
class RunSummary:
    """One folder's run: who, how many games, the first bot's score and the test's word."""

    folder: str
    game: str
    players: int
    first: str  # the bot the run is about
    rivals: tuple[str, ...]
    planned: int  # games in the schedule
    played: int
    score: float  # the first bot's shares of first place, summed
    counted: int  # games the first bot sat in
    interval: Interval  # Wilson, 95 %, of its mean score
    decision: Decision | None  # the anytime test, for a run with a target

    @property
    def mean(self) -> float:
        return self.score / self.counted if self.counted else math.nan

    def verdict(self) -> str:
        """The anytime test's word, or the count still to play."""
        if self.decision is not None:
            return self.decision.brief()
        left = self.planned - self.played
        return f"{left} games to play" if left > 0 else "all played"


def summarise(folder: Path) -> RunSummary:
    """The run in ``folder`` (a :class:`JournalError` if it is not a tournament's)."""
    source = read_source(folder)
    settings = source.settings
    try:
        bots = tuple(str(bot) for bot in settings["bots"])
        players = int(settings["players"])
        # a run's settings.json names its lineup; a finished run's results.json, its tables
        lineup = [str(bot) for bot in settings.get("lineup", [])]
        named = [[str(bot) for bot in table] for table in settings.get("tables", [])]
        if not lineup and len(named) == 1:
            lineup = named[0]  # one table: the same whether named as a lineup or not
        # an older folder's target is known only from results.json: read it only then
        target = settings.get("until_decided")
        if "until_decided" not in settings:
            target = reported_target(folder)
        if target is not None:
            target = check_target(float(target))
        per_table = int(settings["games_per_table"])
        if not bots:
            raise ValueError("no bot")
    except (KeyError, TypeError, ValueError, GameOptionError) as error:
        raise JournalError(f"{folder}: not a tournament's settings ({error})") from None
    layout = 1 if lineup else len(named) or len(tables(len(bots), players))
    first = bots[0]
    games = sorted(source.games, key=lambda game: game.index)
    mine = [bot_score(game, first) for game in games if first in game.bots]
    score = math.fsum(mine)
    decision = None
    if target is not None:
        decision = VerdictReader(first, layout * players, target).read(games)
    return RunSummary(
        folder=str(folder),
        game=str(settings["game"]),
        players=players,
        first=first,
        rivals=tuple(lineup[1:]) if lineup else bots[1:],
        planned=layout * per_table,
        played=len(games),
        score=score,
        counted=len(mine),
        interval=wilson_interval(score, len(mine)),
        decision=decision,
    )


def markdown(summaries: Sequence[RunSummary]) -> str:
    """The runs as a Markdown table, for docs/ai.md."""
    lines = [
        "| folder | game | seats | first bot | against | games | score of the first"
        " | 95 % interval (Wilson) | verdict |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for run in summaries:
        low, high = run.interval.low, run.interval.high
        lines.append(
            f"| {Path(run.folder).name} | {run.game} | {run.players} | `{run.first}`"
            f" | {', '.join(f'`{bot}`' for bot in run.rivals)} | {run.played} of {run.planned}"
            f" | {run.score:g}/{run.counted}, **{100 * run.mean:.1f} %**"
            f" | {100 * low:.1f}–{100 * high:.1f} | {run.verdict()} |"
        )
    return "\n".join(lines) + "\n"
