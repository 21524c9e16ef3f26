"""The statistics of a simulation: confidence intervals, and tests of a difference.

Pure functions of plain numbers, kept apart from the games so that each can be checked
against a hand computation.  No SciPy: the Student t distribution comes from the
regularised incomplete beta function (a continued fraction, as in Numerical Recipes).

Rates (a seat's share of the wins, a figure that is 0 or 1 in every game) get Wilson
intervals (:func:`nilegames.ai.ratings.wilson_interval`), means Student t intervals.  A
difference between two configurations is tested with the two-proportion z-test (rates)
or Welch's t-test (means); its interval is Newcombe's (rates, from the two Wilson
intervals) or Welch's.  Many figures are tested at once, so Holm's adjustment of the
p-values is given too: a difference that stays below 0.05 after it is not a fluke of the
number of figures.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from nilegames.ai.ratings import Z95, Interval, wilson_interval

__all__ = [
    "Z95",
    "Difference",
    "Interval",
    "Kind",
    "Summary",
    "compare",
    "holm",
    "is_rate",
    "mean_t_interval",
    "normal_sf",
    "proportion_test",
    "student_t_quantile",
    "student_t_sf",
    "summarise",
    "welch_test",
    "wilson_interval",
]

#: A rate is read with Wilson intervals and z-tests, a mean with t intervals and Welch.
Kind = Literal["rate", "mean"]


# -- distributions -------------------------------------------------------------------------------
def normal_sf(z: float) -> float:
    """``P(Z > z)`` for a standard normal ``Z``."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 100_000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            step = c * d
            result *= step
        if abs(step - 1.0) < 1e-15:
            break
    return result


def regularized_beta(a: float, b: float, x: float) -> float:
    """``I_x(a, b)``: the regularised incomplete beta function, for ``0 <= x <= 1``."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1.0 - x) / b


def student_t_sf(t: float, df: float) -> float:
    """``P(T > t)`` for Student's t with ``df`` degrees of freedom (any real ``df > 0``)."""
    if math.isinf(t):
        return 0.0 if t > 0 else 1.0
    tail = 0.5 * regularized_beta(df / 2.0, 0.5, df / (df + t * t))
    return tail if t >= 0 else 1.0 - tail


@lru_cache(maxsize=256)
def student_t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (``0.5 <= p < 1``).

    Found by bisection on :func:`student_t_sf`, to about 1e-12.
    """
    if not 0.5 <= p < 1.0:
        raise ValueError(f"p must be in [0.5, 1), not {p}")
    target = 1.0 - p
    low, high = 0.0, 1.0
    while student_t_sf(high, df) > target:
        low, high = high, high * 2.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if student_t_sf(middle, df) > target:
            low = middle
        else:
            high = middle
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2.0


# -- one sample ----------------------------------------------------------------------------------
def mean_t_interval(values: Sequence[float], confidence: float = 0.95) -> Interval:
    """The mean with its Student t interval (``mean ± t·s/√n``); infinite bounds below two
    values, where there is no spread to go by."""
    n = len(values)
    if not n:
        return Interval(math.nan, -math.inf, math.inf)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = student_t_quantile((1 + confidence) / 2, n - 1) * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


def is_rate(values: Sequence[float]) -> bool:
    """Whether a figure reads as a rate: every game says 0 or 1 (did it happen)."""
    return bool(values) and all(v == 0.0 or v == 1.0 for v in values)


@dataclass(frozen=True)
class Summary:
    """One figure over the games that report it: its estimate and 95 % interval, and the
    shape of its distribution (quantiles of the values, not of the estimate)."""

    kind: Kind
    n: int
    estimate: float
    low: float
    high: float
    std: float
    minimum: float
    p5: float
    median: float
    p95: float
    maximum: float

    def to_json(self) -> dict[str, float | int | str | None]:
        return {
            "kind": self.kind,
            "n": self.n,
            **{
                key: finite(getattr(self, key))
                for key in (
                    "estimate",
                    "low",
                    "high",
                    "std",
                    "minimum",
                    "p5",
                    "median",
                    "p95",
                    "maximum",
                )
            },
        }


def finite(value: float) -> float | None:
    """JSON has no infinity or NaN: an unknown figure is null."""
    return value if math.isfinite(value) else None


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolated linearly (numpy's default)."""
    if not ordered:
        return math.nan
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def summarise(values: Sequence[float], kind: Kind) -> Summary:
    """A figure's estimate, interval and distribution from its value in every game."""
    n = len(values)
    rate = kind == "rate"
    interval = wilson_interval(math.fsum(values), n) if rate else mean_t_interval(values)
    ordered = sorted(values)
    mean = interval.estimate
    std = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan
    return Summary(
        kind=kind,
        n=n,
        estimate=interval.estimate,
        low=interval.low,
        high=interval.high,
        std=std,
        minimum=ordered[0] if ordered else math.nan,
        p5=quantile(ordered, 0.05),
        median=quantile(ordered, 0.5),
        p95=quantile(ordered, 0.95),
        maximum=ordered[-1] if ordered else math.nan,
    )


# -- two samples ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Difference:
    """``b - a`` for one figure of two configurations, its 95 % interval and its test."""

    test: str  # "z" (two proportions) or "welch"
    difference: float
    low: float
    high: float
    statistic: float
    p_value: float

    def to_json(self) -> dict[str, float | str | None]:
        return {
            "test": self.test,
            "difference": finite(self.difference),
            "low": finite(self.low),
            "high": finite(self.high),
            "statistic": finite(self.statistic),
            "p_value": finite(self.p_value),
        }


def proportion_test(
    successes_a: float, trials_a: int, successes_b: float, trials_b: int
) -> Difference:
    """The two-proportion z-test (pooled standard error) of ``p_b - p_a``, with Newcombe's
    hybrid score interval of the difference (from both Wilson intervals)."""
    if trials_a < 1 or trials_b < 1:
        return Difference("z", math.nan, -math.inf, math.inf, math.nan, math.nan)
    wa = wilson_interval(successes_a, trials_a)
    wb = wilson_interval(successes_b, trials_b)
    pa, pb = wa.estimate, wb.estimate
    difference = pb - pa
    low = difference - math.sqrt((pb - wb.low) ** 2 + (wa.high - pa) ** 2)
    high = difference + math.sqrt((wb.high - pb) ** 2 + (pa - wa.low) ** 2)
    pooled = (successes_a + successes_b) / (trials_a + trials_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / trials_a + 1 / trials_b))
    if se == 0.0:  # every game alike on both sides: nothing to test (nor to count in Holm)
        return Difference("z", difference, low, high, math.nan, math.nan)
    z = difference / se
    return Difference("z", difference, low, high, z, 2 * normal_sf(abs(z)))


def welch_test(a: Sequence[float], b: Sequence[float]) -> Difference:
    """Welch's t-test of ``mean(b) - mean(a)`` (unequal variances), with its interval."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        nan = math.nan
        mean_gap = (math.fsum(b) / nb - math.fsum(a) / na) if na and nb else nan
        return Difference("welch", mean_gap, -math.inf, math.inf, nan, nan)
    ma, mb = math.fsum(a) / na, math.fsum(b) / nb
    va = math.fsum((x - ma) ** 2 for x in a) / (na - 1) / na
    vb = math.fsum((x - mb) ** 2 for x in b) / (nb - 1) / nb
    difference = mb - ma
    se = math.sqrt(va + vb)
    if se == 0.0:  # one value on each side: the same (nothing to test) or certainly not
        if difference == 0.0:
            return Difference("welch", 0.0, 0.0, 0.0, math.nan, math.nan)
        statistic = math.copysign(math.inf, difference)
        return Difference("welch", difference, difference, difference, statistic, 0.0)
    df = (va + vb) ** 2 / (va**2 / (na - 1) + vb**2 / (nb - 1))
    t = difference / se
    half = student_t_quantile(0.975, df) * se
    p = min(1.0, 2 * student_t_sf(abs(t), df))
    return Difference("welch", difference, difference - half, difference + half, t, p)


def compare(a: Sequence[float], b: Sequence[float], kind: Kind) -> Difference:
    """The difference ``b - a`` of a figure between two configurations, tested by kind."""
    if kind == "rate":
        return proportion_test(math.fsum(a), len(a), math.fsum(b), len(b))
    return welch_test(a, b)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of p-values tested together (NaN stays NaN and does
    not count): the family-wise error stays under the level without Bonferroni's cost."""
    order = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    adjusted = [math.nan] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (len(order) - rank) * p))
        adjusted[i] = running
    return adjusted
