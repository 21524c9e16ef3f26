"""The picture of a tournament's or a ladder's ratings: win rates and Elo with intervals."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nilegames.ai.tournament import Rated


def plot(result: Rated, path: str | Path) -> None:
    """Win rates and Elo ratings with their 95 % intervals, as a PNG.  Uses the Agg canvas
    directly (no pyplot), so it needs no display and touches no global state."""
    from matplotlib.figure import Figure

    rows = list(reversed(result.standings))  # the strongest at the top
    names = [s.bot for s in rows]
    places = list(range(len(rows)))
    figure = Figure(figsize=(10, 1.6 + 0.45 * len(rows)), layout="constrained")
    wins, elo = figure.subplots(1, 2, sharey=True)
    rates = [s.win_rate for s in rows]
    wins.barh(
        places,
        [r.estimate for r in rates],
        xerr=[[r.estimate - r.low for r in rates], [r.high - r.estimate for r in rates]],
        color="tab:blue",
        capsize=4,
    )
    wins.axvline(1 / result.players, color="grey", linestyle=":")  # an even share
    wins.set(xlim=(0, 1), xlabel="win rate (ties split), 95 % Wilson interval")
    wins.set_yticks(places, names)
    ratings = [s.elo for s in rows]
    elo.errorbar(
        [r.estimate for r in ratings],
        places,
        xerr=[
            [_finite(r.estimate - r.low) for r in ratings],
            [_finite(r.high - r.estimate) for r in ratings],
        ],
        fmt="o",
        color="tab:red",
        capsize=4,
    )
    elo.set(xlabel=f"Elo ({result.anchor}), 95 % interval")
    elo.grid(axis="x", alpha=0.3)
    figure.suptitle(result.title)
    figure.savefig(path, dpi=100)


def _finite(value: float) -> float:
    """An error bar cannot be infinite: draw none."""
    return value if math.isfinite(value) else 0.0
