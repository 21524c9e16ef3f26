"""The figures of a simulation, and of two configurations side by side.

Every figure is a *sample*: one value per game (a seat's share of the win, a score, a
length, a game's own statistic), read as a rate or a mean (:mod:`.metrics`).  The same
samples feed the summary of one configuration and the comparison of two, by key:

``win_rate.seat_S``
    Seat ``S``'s share of the win: 1 for the best return alone, split among the seats tied
    for it (so for two players the usual score, a draw counting half).
``win_rate.order_K``
    The same for the seat that moved ``K``-th (1: the first decision of the game): the
    edge of moving first, fair at 1/players.  Each is tested against that fair share.
``ties``
    Games where the best return was shared.
``score.seat_S``, ``score.winner``
    Final scores (:meth:`Game.final_scores`): of each seat, and of the winner (the first
    of the seats with the best return).
``length.turns``, ``length.actions``, ``length.decisions``
    Turns as the game counts them (or runs of decisions by one seat), every action
    applied (chance outcomes included) and the seats' decisions alone.
``stat.NAME``
    The game's own figures (:meth:`Game.statistics`), over the games that report them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nilegames.ai.ratings import win_shares
from nilegames.analysis.metrics import (
    Difference,
    Kind,
    Summary,
    compare,
    finite,
    holm,
    is_rate,
    normal_sf,
    summarise,
)
from nilegames.analysis.runner import GameRecord, Simulation

GROUPS = {
    "win_rate": "Win rate (ties split)",
    "ties": "Shared wins",
    "score": "Final score",
    "length": "Game length",
    "stat": "Game statistics",
}


@dataclass(frozen=True)
class Sample:
    """One figure's value in every game that reports it."""

    key: str
    label: str
    group: str
    kind: Kind
    values: list[float]
    fair: float | None = None  # a rate's value in a fair game (turn order)


def ordinal(number: int) -> str:
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number, 'th')}"


def samples(
    records: Sequence[GameRecord], players: int, statistic_names: Sequence[str]
) -> list[Sample]:
    """Every figure of a simulation as a sample (see the module docstring)."""
    shares = [win_shares(r.returns) for r in records]
    out = [
        Sample(f"win_rate.seat_{s}", f"seat {s}", "win_rate", "rate", [g[s] for g in shares])
        for s in range(players)
    ]
    out += [
        Sample(
            f"win_rate.order_{k + 1}",
            f"{ordinal(k + 1)} to move",
            "win_rate",
            "rate",
            [g[(r.first + k) % players] for g, r in zip(shares, records, strict=True)],
            fair=1 / players,
        )
        for k in range(players)
    ]
    out.append(
        Sample("ties", "best return shared", "ties", "rate", [float(max(g) < 1) for g in shares])
    )
    out += [
        Sample(f"score.seat_{s}", f"seat {s}", "score", "mean", [r.scores[s] for r in records])
        for s in range(players)
    ]
    out.append(
        Sample(
            "score.winner",
            "winner",
            "score",
            "mean",
            [r.scores[r.returns.index(max(r.returns))] for r in records],
        )
    )
    out += [
        Sample("length.turns", "turns", "length", "mean", [float(r.turns) for r in records]),
        Sample("length.actions", "actions", "length", "mean", [float(r.actions) for r in records]),
        Sample(
            "length.decisions", "decisions", "length", "mean", [float(r.decisions) for r in records]
        ),
    ]
    for name in statistic_names:
        values = [r.statistics[name] for r in records if name in r.statistics]
        out.append(Sample(f"stat.{name}", name, "stat", "mean", values))
    return out


def with_kinds(*configurations: list[Sample]) -> list[list[Sample]]:
    """The game statistics read as rates where every value of every configuration is 0 or
    1 (so two configurations always read a figure the same way)."""
    pooled: dict[str, list[float]] = {}
    for config in configurations:
        for sample in config:
            if sample.group == "stat":
                pooled.setdefault(sample.key, []).extend(sample.values)
    rates = {key for key, values in pooled.items() if is_rate(values)}
    return [
        [
            Sample(s.key, s.label, s.group, "rate", s.values, s.fair) if s.key in rates else s
            for s in config
        ]
        for config in configurations
    ]


def fair_test(sample: Sample, summary: Summary) -> float:
    """Two-sided p-value of a rate against its fair value (one-sample z-test)."""
    if sample.fair is None or not summary.n:
        return math.nan
    p0 = sample.fair
    z = (summary.estimate - p0) / math.sqrt(p0 * (1 - p0) / summary.n)
    return 2 * normal_sf(abs(z))


@dataclass
class Figures:
    """One configuration's figures: a summary per sample, in sample order."""

    label: str
    simulation: Simulation
    samples: list[Sample]
    summaries: dict[str, Summary]

    def to_json(self) -> dict[str, Any]:
        figures: dict[str, Any] = {}
        for sample in self.samples:
            summary = self.summaries[sample.key]
            entry: dict[str, Any] = {"label": sample.label, "group": sample.group}
            entry.update(summary.to_json())
            if sample.fair is not None:
                entry["fair"] = sample.fair
                entry["p_fair"] = finite(fair_test(sample, summary))
            figures[sample.key] = entry
        return figures


def figures(simulations: Sequence[Simulation], labels: Sequence[str]) -> list[Figures]:
    """The figures of each configuration, every statistic read the same way in all."""
    names = sorted({name for sim in simulations for name in sim.statistic_names})
    raw = [samples(sim.records, sim.spec.players, names) for sim in simulations]
    out = []
    for label, sim, config in zip(labels, simulations, with_kinds(*raw), strict=True):
        summaries = {s.key: summarise(s.values, s.kind) for s in config}
        out.append(Figures(label, sim, config, summaries))
    return out


@dataclass(frozen=True)
class Comparison:
    """One figure of two configurations, their difference and its significance."""

    key: str
    label: str
    group: str
    kind: Kind
    a: Summary
    b: Summary
    difference: Difference
    p_holm: float

    @property
    def significant(self) -> bool:
        """Below 0.05 after Holm's adjustment for the number of figures tested."""
        return self.p_holm < 0.05

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "group": self.group,
            "kind": self.kind,
            "a": finite(self.a.estimate),
            "b": finite(self.b.estimate),
            **self.difference.to_json(),
            "p_holm": finite(self.p_holm),
            "significant": self.significant,
        }


def comparisons(a: Figures, b: Figures) -> list[Comparison]:
    """Every figure both configurations have, ``b - a``, with Holm-adjusted p-values."""
    others = {s.key: s for s in b.samples}
    pairs = [(s, others[s.key]) for s in a.samples if s.key in others]
    tests = [compare(x.values, y.values, x.kind) for x, y in pairs]
    adjusted = holm([t.p_value for t in tests])
    return [
        Comparison(x.key, x.label, x.group, x.kind, a.summaries[x.key], b.summaries[y.key], t, p)
        for (x, y), t, p in zip(pairs, tests, adjusted, strict=True)
    ]
