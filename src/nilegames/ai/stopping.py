"""Reading the anytime test of :mod:`nilegames.ai.sequential` while a tournament plays.

The test is valid at the end of each whole rotation of the seats, read in the order of the
schedule (see that module's docstring), so the games feed it in index order: with several
jobs a short game may end before a longer one that was sent first, and it waits until
every earlier game has ended.  A tournament asks after every game whether to stop;
:class:`VerdictReader` answers from what it has already read plus the games that are new,
so a run of n games costs n reads, not n²/2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from nilegames.ai.journal import GameResult
from nilegames.ai.ratings import win_shares
from nilegames.ai.sequential import Decision, check_target, decide_total
from nilegames.core import GameOptionError


def check_stop(specs: Sequence[str], until_decided: float | None) -> None:
    """A stop on a verdict needs a target between 0 and 1, and a rival for the first bot."""
    if until_decided is None:
        return
    check_target(until_decided)
    if len(specs) < 2:
        raise GameOptionError(
            "--until-decided tests the first bot against the others: name two bots or more"
        )


def bot_score(game: GameResult, bot: str) -> float:
    """``bot``'s share of first place in ``game``: the shares of all its seats."""
    shares = win_shares(game.returns)
    return math.fsum(share for share, spec in zip(shares, game.bots, strict=True) if spec == bot)


class VerdictReader:
    """The test of ``bot``'s score against ``target``, read at each whole rotation of
    ``rotation`` games in schedule order, up to the first rotation that decides (later
    games do not change a verdict once given: it is the one a run of one job stops on)."""

    def __init__(self, bot: str, rotation: int, target: float) -> None:
        self.bot = bot
        self.rotation = rotation
        self.target = check_target(target)
        self.offered = 0  # games of the caller's list seen so far
        self.waiting: dict[int, GameResult] = {}  # ended, but an earlier game has not
        self.next_index = 0  # the first game of the schedule not yet read
        self.chunk: list[float] = []  # the bot's scores in the rotation being read
        self.won = Fraction(0)  # the exact sum of its scores in the whole rotations read
        self.games = 0  # how many scores that sum holds
        self.decision = decide_total(0.0, 0, self.target)

    def read(self, played: Sequence[GameResult]) -> Decision:
        """The decision after ``played``, the games ended so far: each call's sequence holds
        the previous call's games first (in any order among themselves) and new ones after."""
        if len(played) < self.offered:
            raise ValueError("the games played only grow: this list lost some")
        for game in played[self.offered :]:
            self.waiting[game.index] = game
        self.offered = len(played)
        while self.decision.verdict is None and self.next_index in self.waiting:
            self._take(self.waiting.pop(self.next_index))
        return self.decision

    def _take(self, game: GameResult) -> None:
        # A round robin's tables without the bot say nothing of its score and are left out.
        if self.bot in game.bots:
            score = bot_score(game, self.bot)
            if not 0.0 <= score <= 1.0:
                raise ValueError(f"a score of {score} in game {game.index}: shares lie in 0..1")
            self.chunk.append(score)
        self.next_index += 1
        if self.next_index % self.rotation == 0:
            # A running sum keeps each rotation's reading constant-time (decide() would add
            # every score again); kept exact, it rounds as decide()'s fsum of them all does.
            self.won += sum(map(Fraction, self.chunk), Fraction(0))
            self.games += len(self.chunk)
            self.chunk = []
            self.decision = decide_total(float(self.won), self.games, self.target)


def first_verdict(played: Sequence[GameResult], bot: str, rotation: int, target: float) -> Decision:
    """The verdict a tournament reads from ``played`` (see :class:`VerdictReader`)."""
    return VerdictReader(bot, rotation, target).read(played)


def first_scores(played: Sequence[GameResult], bot: str, rotation: int) -> list[float]:
    """``bot``'s scores in the games the test reads, in order: those of the whole rotations
    among the longest run of games from the first with none missing."""
    by_index = {game.index: game for game in played}
    whole = 0
    while whole in by_index:
        whole += 1
    whole -= whole % rotation
    games = (by_index[index] for index in range(whole))
    return [bot_score(game, bot) for game in games if bot in game.bots]
