"""When a match has said enough: an anytime-valid test of a bot's score against a target.

A strength target such as "``hard`` scores at least 60 % against ``medium``" is settled
by playing games until the evidence is clear, and a fixed-size interval read after every
game would be fooled by that peeking: its error rate grows with each look.  This module
keeps two *e-processes* (tests by betting) instead, one for "the mean score is above the
target" and one for "below", valid whatever the number of looks and whenever one stops.

Each game gives the first bot a score ``x`` in [0, 1] (its share of first place: a win is
1, a loss 0, a tie shared by k seats 1/k).  For a rival mean ``q``, the wealth
``∏ (q/τ)^x ((1 − q)/(1 − τ))^(1 − x)`` has, for ``q > τ``, expected growth at most 1 per
game while the true mean is at most ``τ`` (``a^x b^(1 − x)`` lies below the chord
``x·a + (1 − x)·b`` for ``x`` in [0, 1], and the chord's mean is at most 1 there).  So it
is a test supermartingale for "mean ≤ τ", and so is its average over ``q`` uniform on
(τ, 1), which has a closed form through the incomplete beta function (Robbins' mixture;
Howard, Ramdas, McAuliffe and Sekhon 2021).  By Ville's inequality it ever reaches
``1/a`` with probability at most ``a`` when the null holds.  "Below" is the mirror image,
``q`` uniform on (0, τ).  Each side gets half of ``ALPHA``.

A bot's expected score differs from seat to seat, so a single game's mean may lie above
``τ`` while the mean over the seats does not.  The tournament therefore reads the test
only after whole rotations of the seats (:mod:`nilegames.ai.stopping`):
over one rotation of independent games with means ``μᵢ`` the expected growth is at most
``∏ (1 + (μᵢ − τ) c)`` with ``c = q/τ − (1 − q)/(1 − τ)``, a product of non-negative
factors whose mean is at most 1 when the ``μᵢ`` average at most ``τ``, so at most 1 (the
arithmetic-geometric mean inequality): the null is then "the mean over the seats is at
most ``τ``", and Ville's inequality holds at the rotations' ends.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scipy.special import betainc, betaincc, betaln

from nilegames.core import GameOptionError

#: The chance, at most, that a run is ever declared above (or below) a target it is not.
ALPHA = 0.05

Verdict = Literal["above", "below"]


@dataclass(frozen=True)
class Decision:
    """What the games so far say about the first bot's mean score against ``target``."""

    target: float
    games: int
    score: float  # the first bot's mean score so far
    evidence_above: float  # e-value for "mean > target"
    evidence_below: float  # e-value for "mean < target"
    verdict: Verdict | None  # None: not yet decided at level ALPHA

    def to_json(self) -> dict[str, object]:
        return {
            "target": self.target,
            "alpha": ALPHA,
            "games": self.games,
            "score": self.score,
            "evidence_above": self.evidence_above,
            "evidence_below": self.evidence_below,
            "verdict": self.verdict,
        }

    def brief(self) -> str:
        """A few words for a table, e.g. "above 60 % after 26" or "open at 65 % (e 1.6 / 0.02)"."""
        if self.verdict is None:
            return (
                f"open at {100 * self.target:g} % (e {self.evidence_above:,.2g} above,"
                f" {self.evidence_below:,.2g} below)"
            )
        return f"{self.verdict} {100 * self.target:g} % after {self.games}"

    def describe(self) -> str:
        """One line for people, e.g. "above 60 % after 96 games (score 71.9 %, e-value 43...)"."""
        if self.verdict is None:
            return (
                f"not yet decided against {100 * self.target:g} % after {self.games} games"
                f" (score {100 * self.score:.1f} %; e-values {self.evidence_above:,.2f} above,"
                f" {self.evidence_below:,.2f} below, {2 / ALPHA:g} decides)"
            )
        evidence = self.evidence_above if self.verdict == "above" else self.evidence_below
        return (
            f"{self.verdict} {100 * self.target:g} % after {self.games} games"
            f" (score {100 * self.score:.1f} %, e-value {evidence:,.0f};"
            f" a verdict this way is wrong at most {100 * ALPHA / 2:g} % of the time)"
        )


def check_target(target: float) -> float:
    """A target must be a score strictly between 0 and 1."""
    if not 0.0 < target < 1.0:
        raise GameOptionError(f"a target score is a fraction between 0 and 1, not {target}")
    return target


def evidence(scores: Sequence[float], target: float) -> tuple[float, float]:
    """The e-values for "mean above ``target``" and "mean below ``target``"."""
    if any(not 0.0 <= x <= 1.0 for x in scores):
        raise ValueError("scores are shares of first place, between 0 and 1")
    return evidence_of_total(math.fsum(scores), len(scores), target)


def evidence_of_total(won: float, games: int, target: float) -> tuple[float, float]:
    """:func:`evidence` from the scores' sum ``won`` over ``games`` games: the mixture
    depends on nothing else, so a caller reading the test game after game keeps two
    numbers, not the list."""
    check_target(target)
    lost = games - won
    a, b = won + 1.0, lost + 1.0
    # log of τ^S (1 − τ)^F: the wealth's denominator, every game scored at the target
    at_target = won * math.log(target) + lost * math.log(1.0 - target)
    log_beta = float(betaln(a, b))
    above = float(betaincc(a, b, target)) / (1.0 - target)
    below = float(betainc(a, b, target)) / target
    return _wealth(log_beta, above, at_target), _wealth(log_beta, below, at_target)


def _wealth(log_beta: float, mass: float, at_target: float) -> float:
    """exp(log B(a, b) + log mass − at_target), kept finite."""
    if mass <= 0.0:
        return 0.0
    return math.exp(min(log_beta + math.log(mass) - at_target, 700.0))


def decide(scores: Sequence[float], target: float) -> Decision:
    """Whether the scores so far put the mean above or below ``target``, at level ALPHA."""
    if any(not 0.0 <= x <= 1.0 for x in scores):
        raise ValueError("scores are shares of first place, between 0 and 1")
    return decide_total(math.fsum(scores), len(scores), target)


def decide_total(won: float, games: int, target: float) -> Decision:
    """:func:`decide` from the scores' sum ``won`` over ``games`` games."""
    above, below = evidence_of_total(won, games, target)
    verdict: Verdict | None = None
    if above >= 2.0 / ALPHA:
        verdict = "above"
    elif below >= 2.0 / ALPHA:
        verdict = "below"
    mean = won / games if games else 0.0
    return Decision(target, games, mean, above, below, verdict)
