"""Statistics for bot tournaments: confidence intervals and Elo ratings.

Kept apart from the runner so the numbers can be checked against hand computations
without playing a game.  The Bradley-Terry fit behind the Elo ratings is the ``choix``
library's; the intervals come from its curvature (Fisher information), computed here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import choix
import numpy as np

#: The two-sided 95 % quantile of the standard normal distribution.
Z95 = 1.959963984540054
#: Elo points per natural-log unit of strength: 400 points are a factor of ten in odds.
ELO_PER_NEPER = 400.0 / math.log(10.0)


class Interval(NamedTuple):
    """An estimate with the bounds of its confidence interval."""

    estimate: float
    low: float
    high: float


def wilson_interval(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a rate: unlike ``p ± z·se`` it stays inside [0, 1] and
    is not empty when every trial succeeded or failed, which is common between bots of
    very different strength.  ``successes`` may be fractional (a draw counts half).
    """
    if trials <= 0:
        return Interval(math.nan, 0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    p = successes / trials
    spread = z * z / trials
    centre = (p + spread / 2) / (1 + spread)
    half = z / (1 + spread) * math.sqrt(p * (1 - p) / trials + spread / (4 * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the ends, where
    high = 1.0 if successes == trials else min(1.0, centre + half)  # rounding would show
    return Interval(p, low, high)


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """The mean with a normal-approximation interval (sample standard deviation).

    Game returns are bounded, so with the hundreds of games a tournament plays the mean is
    close to normal.  Fewer than two values give no spread: the bounds are infinite.
    """
    if not values:
        return Interval(math.nan, -math.inf, math.inf)
    mean = math.fsum(values) / len(values)
    if len(values) < 2:
        return Interval(mean, -math.inf, math.inf)
    variance = math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)
    half = z * math.sqrt(variance / len(values))
    return Interval(mean, mean - half, mean + half)


def elo_ratings(
    outcomes: Iterable[tuple[str, str, float]],
    names: Sequence[str] | None = None,
    *,
    anchor: str | None = None,
    base: float = 1500.0,
    prior_draws: float = 1.0,
    z: float = Z95,
) -> dict[str, Interval]:
    """Elo ratings fitted by maximum likelihood to pairwise results (Bradley-Terry).

    Each outcome is ``(a, b, score of a)`` with score 1 (a won), 0.5 (draw) or 0; a draw
    counts as half a win for each side.  Ratings are only defined up to a shift, so they
    are pinned: ``anchor`` gets ``base`` if given, else the mean rating is ``base``.

    ``prior_draws`` virtual draws are added to every pair that met, so a bot that won (or
    lost) every game still gets a finite rating; it pulls ratings together a little, less
    and less as games accumulate.  The intervals come from the curvature of the
    log-likelihood at its maximum (Fisher information), relative to the anchor.
    """
    if prior_draws <= 0:
        raise ValueError("prior_draws must be positive, or unbeaten bots have no rating")
    scores, games, order = _tally(outcomes, names)
    if anchor is not None and anchor not in order:
        raise ValueError(f"the anchor {anchor!r} is not one of the rated bots")
    met = games > 0
    games = games + prior_draws * met
    scores = scores + prior_draws / 2 * met
    theta = _fit_strengths(scores, games)
    spread = _standard_errors(theta, games, order.index(anchor) if anchor else None)
    shift = theta[order.index(anchor)] if anchor else theta.mean()
    ratings = base + ELO_PER_NEPER * (theta - shift)
    errors = ELO_PER_NEPER * spread
    return {
        name: Interval(float(r), float(r - z * e), float(r + z * e))
        for name, r, e in zip(order, ratings, errors, strict=True)
    }


def _tally(
    outcomes: Iterable[tuple[str, str, float]], names: Sequence[str] | None
) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Matrices of total score (row against column) and games played, and the bot order."""
    order = list(names or ())
    seen: list[tuple[str, str, float]] = list(outcomes)
    for a, b, _ in seen:
        order.extend(n for n in (a, b) if n not in order)
    index = {name: i for i, name in enumerate(order)}
    scores = np.zeros((len(order), len(order)))
    games = np.zeros((len(order), len(order)))
    for a, b, score in seen:
        if a == b:
            raise ValueError(f"{a!r} cannot be rated against itself")
        if not 0 <= score <= 1:
            raise ValueError(f"a score is between 0 and 1, not {score}")
        i, j = index[a], index[b]
        scores[i, j] += score
        scores[j, i] += 1 - score
        games[i, j] += 1
        games[j, i] += 1
    return scores, games, order


def _fit_strengths(scores: np.ndarray, games: np.ndarray, tolerance: float = 1e-10) -> np.ndarray:
    """Log-strengths maximising the Bradley-Terry likelihood, fitted by ``choix`` (Maystre
    and Grossglauser's iterative Luce spectral ranking, which converges to the maximum
    likelihood estimate); fractional scores (draws) are fine.  A bot that never played
    keeps strength 1 (log 0): choix is given only the bots that did."""
    theta = np.zeros(len(scores))
    played = np.flatnonzero(games.sum(axis=1) > 0)
    if len(played) > 1:
        wins = scores[np.ix_(played, played)]
        theta[played] = choix.ilsr_pairwise_dense(wins, max_iter=10_000, tol=tolerance)
    return theta


def _standard_errors(theta: np.ndarray, games: np.ndarray, anchor: int | None) -> np.ndarray:
    """Standard errors of the log-strengths from the inverse Fisher information.

    The information matrix is singular (adding a constant changes nothing): with an anchor
    its row and column are dropped (the anchor's error is zero, the others' are relative
    to it); without one the pseudo-inverse gives the errors of the mean-centred strengths.
    """
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
    weight = games * p * p.T
    information = np.diag(weight.sum(axis=1)) - weight
    if anchor is None:
        covariance = np.linalg.pinv(information)
    else:
        keep = [i for i in range(len(theta)) if i != anchor]
        covariance = np.zeros_like(information)
        covariance[np.ix_(keep, keep)] = np.linalg.pinv(information[np.ix_(keep, keep)])
    return np.asarray(np.sqrt(np.clip(np.diag(covariance), 0.0, None)))


def win_shares(returns: Sequence[float]) -> list[float]:
    """Each seat's share of the win: the best return wins, a tie for it splits the win."""
    best = max(returns)
    top = [r == best for r in returns]
    return [1 / sum(top) if t else 0.0 for t in top]
