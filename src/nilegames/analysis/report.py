"""The report of a simulation: ``report.json``, PNG plots and one self-contained HTML page.

``report.json``
    ``settings``; for each configuration its ``figures`` (every figure of
    :mod:`.summary` with its estimate, 95 % interval and distribution); the
    ``comparison`` of two configurations (``b - a`` with its interval, test, p-value and
    Holm-adjusted p-value) or null; ``games``: every game's raw figures as columns, in
    game order; and ``performance`` (seconds, games/s, backend, jobs), the only part that
    depends on the machine: everything else is the same for a seed whatever the backend
    and the number of jobs.
``win_rates.png``, ``scores.png``, ``length.png``, ``statistics.png``
    Win rates by seat and by turn order, final scores, game lengths and the game's own
    figures; two configurations share each plot.  Drawn on matplotlib's Agg canvas
    (no pyplot, no display).
``report.html``
    The figures as tables and the plots, embedded: one file to open or send.
"""

from __future__ import annotations

import base64
import html
import json
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from nilegames.analysis.metrics import Difference, Summary
from nilegames.analysis.summary import GROUPS, Comparison, Figures, comparisons, fair_test
from nilegames.core import game_class

FORMAT = "nilegames-simulation"
VERSION = 1
COLOURS = ("tab:blue", "tab:orange")
PLOTS = ("win_rates.png", "scores.png", "length.png", "statistics.png")


# -- numbers in words ------------------------------------------------------------------------------
def number(value: float, kind: str, like: float | None = None) -> str:
    """A figure as shown: a rate in percent, a mean with as many decimals as its size
    (or the size of ``like``, so that an interval's bounds match its estimate) calls for."""
    if math.isnan(value):
        return "–"
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    if kind == "rate":
        return f"{100 * value:.1f} %"
    size = abs(value if like is None or not math.isfinite(like) else like)
    if size >= 100:
        return f"{value:,.1f}"
    return f"{value:.2g}" if size < 0.01 and value else f"{value:.2f}"


def interval(summary: Summary) -> str:
    """``estimate (low – high)``."""
    kind, estimate = summary.kind, summary.estimate
    low, high = number(summary.low, kind, estimate), number(summary.high, kind, estimate)
    return f"{number(estimate, kind)} ({low} – {high})"


def p_value(value: float) -> str:
    if math.isnan(value):
        return "–"
    return "< 0.0001" if value < 1e-4 else f"{value:.4f}"


def signed(value: float, kind: str, like: float | None = None) -> str:
    text = number(value, kind, like)
    return text if text.startswith(("-", "−", "–")) or value == 0 else f"+{text}"


def difference(d: Difference, kind: str) -> str:
    """``+difference (low – high)``."""
    size = d.difference
    return f"{signed(size, kind)} ({number(d.low, kind, size)} – {number(d.high, kind, size)})"


# -- JSON ------------------------------------------------------------------------------------------
def to_json(
    configurations: Sequence[Figures], compared: Sequence[Comparison] | None
) -> dict[str, Any]:
    """Everything the report says, as plain data (see the module docstring)."""
    first = configurations[0].simulation.spec
    game = game_class(first.game_id)
    names = sorted({n for c in configurations for n in c.simulation.statistic_names})
    return {
        "format": FORMAT,
        "version": VERSION,
        "settings": {
            "game": first.game_id,
            "title": game.title,
            "players": first.players,
            "bots": list(first.bots),
            "seed": first.seed,
            "games": len(configurations[0].simulation.records),
        },
        "configurations": [
            {
                "label": c.label,
                "options": dict(c.simulation.spec.options),
                "figures": c.to_json(),
            }
            for c in configurations
        ],
        "comparison": None
        if compared is None
        else {
            "a": configurations[0].label,
            "b": configurations[1].label,
            "figures": [row.to_json() for row in compared],
        },
        "games": [games_json(c, names) for c in configurations],
        "performance": {
            "backend": configurations[0].simulation.backend,
            "jobs": configurations[0].simulation.jobs,
            "configurations": [
                {
                    "label": c.label,
                    "seconds": c.simulation.seconds,
                    "games_per_second": c.simulation.games_per_second,
                }
                for c in configurations
            ],
            "nilegames": _version(),
            "written": datetime.now(UTC).isoformat(timespec="seconds"),
        },
    }


def dump(report: dict[str, Any]) -> str:
    """The report as JSON text: indented to read, except the per-game columns, one line
    each (a hundred thousand games would otherwise take millions of lines)."""
    rest = {key: value for key, value in report.items() if key != "games"}
    text = json.dumps(rest, indent=1)
    columns = ",\n  ".join(json.dumps(g, separators=(",", ":")) for g in report["games"])
    return f'{text[:-2]},\n "games": [\n  {columns}\n ]\n}}\n'


def games_json(figures: Figures, names: Sequence[str]) -> dict[str, Any]:
    """Every game's raw figures as columns (a statistic a game left out is null)."""
    records = figures.simulation.records
    return {
        "label": figures.label,
        "returns": [list(r.returns) for r in records],
        "scores": [list(r.scores) for r in records],
        "first": [r.first for r in records],
        "turns": [r.turns for r in records],
        "actions": [r.actions for r in records],
        "decisions": [r.decisions for r in records],
        "statistics": {name: [r.statistics.get(name) for r in records] for name in names},
    }


def _version() -> str:
    try:
        return metadata.version("nilegames")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return "unknown"


# -- plots -----------------------------------------------------------------------------------------
def _bins(pooled: Any, rate: bool = False) -> Any:
    """Bin edges: whole numbers (one or a few a bin) for counts, else numpy's choice."""
    import numpy as np

    if rate:
        return np.array([-0.5, 0.5, 1.5])
    values = np.asarray(pooled, dtype=float)
    if not len(values):
        return 10
    low, high = float(values.min()), float(values.max())
    edges = np.histogram_bin_edges(values, bins="auto")
    count = min(60, len(edges) - 1)  # numpy's choice for the sample's size, at most 60
    if np.all(values == np.round(values)):  # whole numbers: bins of whole numbers
        width = max(1, math.ceil((high - low + 1) / count))
        return np.arange(low - 0.5, high + width + 0.5, width)
    return edges if len(edges) <= 61 else np.histogram_bin_edges(values, bins=60)


def _histograms(
    axes: Any, series: Sequence[tuple[str, Sequence[float]]], rate: bool = False
) -> None:
    """Step histograms (share of games) of one figure in each configuration."""
    import numpy as np
    from matplotlib.ticker import MaxNLocator

    arrays = [np.asarray(values, dtype=float) for _, values in series]
    pooled = np.concatenate(arrays) if arrays else np.zeros(0)
    bins = _bins(pooled, rate)
    for (label, _), values, colour in zip(series, arrays, COLOURS, strict=False):
        if len(values):
            counts, edges = np.histogram(values, bins=bins)
            axes.stairs(counts / len(values), edges, lw=1.6, color=colour, label=label)
    axes.set_ylabel("share")
    if rate:
        axes.set_xticks([0, 1], ["no", "yes"])
    elif len(pooled) and bool(np.all(pooled == np.round(pooled))):
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))


def _rate_points(axes: Any, configurations: Sequence[Figures], keys: Sequence[str]) -> None:
    """Rates with their Wilson intervals, configurations side by side."""
    for k, (config, colour) in enumerate(zip(configurations, COLOURS, strict=False)):
        rows = [config.summaries[key] for key in keys]
        shift = 0.1 * (2 * k - 1) if len(configurations) > 1 else 0.0
        axes.errorbar(
            [i + shift for i in range(len(keys))],
            [r.estimate for r in rows],
            yerr=[
                [_bar(r.estimate - r.low) for r in rows],
                [_bar(r.high - r.estimate) for r in rows],
            ],
            fmt="o",
            color=colour,
            capsize=4,
            label=config.label,
        )


def plot_win_rates(configurations: Sequence[Figures], path: Path) -> None:
    from matplotlib.figure import Figure

    players = configurations[0].simulation.spec.players
    figure = Figure(figsize=(10, 4), layout="constrained")
    seats, order = figure.subplots(1, 2, sharey=True)
    _rate_points(seats, configurations, [f"win_rate.seat_{s}" for s in range(players)])
    seats.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    seats.set(ylabel="win rate (ties split), 95 % Wilson interval", title="By seat")
    seats.set_xlim(-0.5, players - 0.5)
    order.set_xlim(-0.5, players - 0.5)
    _rate_points(order, configurations, [f"win_rate.order_{k + 1}" for k in range(players)])
    order.set_xticks(range(players), [f"{k + 1}." for k in range(players)])
    order.set(title="By turn order (who moved first, second...)")
    for axes in (seats, order):
        axes.axhline(1 / players, color="grey", linestyle=":", label="fair share")
        axes.grid(axis="y", alpha=0.3)
    order.legend(loc="upper right", fontsize="small")
    figure.suptitle(_title(configurations))
    figure.savefig(path, dpi=100)


def plot_scores(configurations: Sequence[Figures], path: Path) -> None:
    from matplotlib.figure import Figure

    players = configurations[0].simulation.spec.players
    figure = Figure(figsize=(11, 4), layout="constrained")
    means, spread = figure.subplots(1, 2)
    for k, (config, colour) in enumerate(zip(configurations, COLOURS, strict=False)):
        keys = [f"score.seat_{s}" for s in range(players)] + ["score.winner"]
        rows = [config.summaries[key] for key in keys]
        means.errorbar(
            [i + (0.1 * (2 * k - 1) if len(configurations) > 1 else 0.0) for i in range(len(keys))],
            [r.estimate for r in rows],
            yerr=[
                [_bar(r.estimate - r.low) for r in rows],
                [_bar(r.high - r.estimate) for r in rows],
            ],
            fmt="o",
            color=colour,
            capsize=4,
            label=config.label,
        )
    means.set_xticks(range(players + 1), [f"seat {s}" for s in range(players)] + ["winner"])
    means.set(title="Mean final score, 95 % t interval")
    means.grid(axis="y", alpha=0.3)
    _histograms(
        spread,
        [
            (c.label, [v for s in range(players) for v in _values(c, f"score.seat_{s}")])
            for c in configurations
        ],
    )
    spread.set(title="Final scores of every seat", xlabel="score")
    spread.legend(fontsize="small")
    figure.suptitle(_title(configurations))
    figure.savefig(path, dpi=100)


def plot_length(configurations: Sequence[Figures], path: Path) -> None:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(13, 3.8), layout="constrained")
    panels = figure.subplots(1, 3)
    for axes, what in zip(panels, ("turns", "actions", "decisions"), strict=True):
        key = f"length.{what}"
        _histograms(axes, [(c.label, _values(c, key)) for c in configurations])
        means = ", ".join(number(c.summaries[key].estimate, "mean") for c in configurations)
        axes.set(title=f"{what} (mean {means})", xlabel=what)
    panels[0].legend(fontsize="small")
    figure.suptitle(_title(configurations))
    figure.savefig(path, dpi=100)


def plot_statistics(configurations: Sequence[Figures], path: Path) -> bool:
    """One panel per statistic of the game; False (and no file) if it declares none."""
    from matplotlib.figure import Figure

    keys = [s.key for s in configurations[0].samples if s.group == "stat"]
    if not keys:
        return False
    columns = min(3, len(keys))
    rows = -(-len(keys) // columns)
    figure = Figure(figsize=(4.2 * columns, 3.1 * rows + 0.6), layout="constrained")
    panels = figure.subplots(rows, columns, squeeze=False)
    for axes, key in zip(panels.flat, keys, strict=False):
        rate = configurations[0].summaries[key].kind == "rate"
        _histograms(axes, [(c.label, _values(c, key)) for c in configurations], rate)
        shown = " vs ".join(interval(c.summaries[key]) for c in configurations)
        axes.set_title(f"{key[5:]}\n{shown}", fontsize="small")
    for axes in list(panels.flat)[len(keys) :]:
        axes.set_axis_off()
    if len(configurations) > 1:
        panels.flat[0].legend(fontsize="small")
    figure.suptitle(f"{_title(configurations)}: the game's own figures, mean (95 % interval)")
    figure.savefig(path, dpi=100)
    return True


def _values(config: Figures, key: str) -> list[float]:
    return next(s.values for s in config.samples if s.key == key)


def _bar(value: float) -> float:
    """An error bar cannot be infinite or NaN: draw none."""
    return value if math.isfinite(value) else 0.0


def _title(configurations: Sequence[Figures]) -> str:
    spec = configurations[0].simulation.spec
    games = len(configurations[0].simulation.records)
    bots = ",".join(spec.bots) if len(set(spec.bots)) > 1 else spec.bots[0]
    return f"{spec.game_id}, {spec.players} players, {bots}, {games:,} games, seed {spec.seed}"


# -- the page --------------------------------------------------------------------------------------
STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1150px;
       padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.8em; }
table { border-collapse: collapse; margin: .6em 0 1.2em; }
th, td { padding: .25em .7em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f4f4f4; }
td.yes { color: #b00; font-weight: 600; }
img { max-width: 100%; border: 1px solid #eee; margin: .5em 0; }
.note { color: #555; font-size: .92em; }
code { background: #f4f4f4; padding: 0 .25em; }
"""


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], classes: Any = None) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = []
    for i, row in enumerate(rows):
        cells = []
        for j, cell in enumerate(row):
            css = classes[i][j] if classes else ""
            attr = f' class="{css}"' if css else ""
            cells.append(f"<td{attr}>{html.escape(cell)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _group_tables(configurations: Sequence[Figures]) -> str:
    parts = []
    first = configurations[0]
    for group, title in GROUPS.items():
        samples = [s for s in first.samples if s.group == group]
        if not samples:
            continue
        header = ["figure"]
        for c in configurations:
            prefix = f"{c.label}: " if len(configurations) > 1 else ""
            header += [f"{prefix}estimate (95 % interval)", f"{prefix}n"]
        single = len(configurations) == 1
        if group == "win_rate" and single:
            header.append("p vs fair share")
        elif single:
            header += ["sd", "median", "5 %–95 %"]
        rows = []
        for sample in samples:
            row = [sample.label]
            for c in configurations:
                summary = c.summaries[sample.key]
                row += [interval(summary), f"{summary.n:,}"]
            if group == "win_rate" and single:
                fair = sample.fair is not None
                row.append(p_value(fair_test(sample, first.summaries[sample.key])) if fair else "")
            elif single:
                s = first.summaries[sample.key]
                kind = "mean"
                wide = max(abs(s.p5), abs(s.p95))
                row += [
                    number(s.std, kind),
                    number(s.median, kind),
                    f"{number(s.p5, kind, wide)} – {number(s.p95, kind, wide)}",
                ]
            rows.append(row)
        parts.append(f"<h2>{html.escape(title)}</h2>{_table(header, rows)}")
        if group == "win_rate":
            parts.append(
                '<p class="note">A seat with the best return wins; seats tied for it share the'
                " win. Turn order counts from the seat that made the game's first decision; a"
                f" fair game gives each position 1/{first.simulation.spec.players} (p: the"
                " two-sided one-sample z-test against that share).</p>"
            )
    return "".join(parts)


def _comparison_table(compared: Sequence[Comparison], a: str, b: str) -> str:
    header = ["figure", a, b, f"{b} − {a} (95 % interval)", "test", "p", "p (Holm)"]
    rows, classes = [], []
    for row in compared:
        kind = row.kind
        d = row.difference
        rows.append(
            [
                f"{GROUPS[row.group].lower()}: {row.label}",
                number(row.a.estimate, kind),
                number(row.b.estimate, kind),
                difference(d, kind),
                "two-proportion z" if d.test == "z" else "Welch t",
                p_value(d.p_value),
                p_value(row.p_holm),
            ]
        )
        classes.append([""] * 6 + ["yes" if row.significant else ""])
    note = (
        '<p class="note">Differences are the second configuration minus the first. p is the'
        " two-sided p-value of its test; Holm's adjustment accounts for every figure tested"
        " at once, and a p (Holm) under 0.05 (in red) is a significant difference. Both"
        " configurations play games from the same seeds, which the tests treat as independent"
        " samples (cautious when the shared seeds make the results alike).</p>"
    )
    return f"<h2>Comparison</h2>{_table(header, rows, classes)}{note}"


def _image(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def write_html(
    configurations: Sequence[Figures],
    compared: Sequence[Comparison] | None,
    plots: Sequence[Path],
    path: Path,
) -> None:
    spec = configurations[0].simulation.spec
    game = game_class(spec.game_id)
    games = len(configurations[0].simulation.records)
    options = ", ".join(f"{k}={v}" for k, v in spec.options.items()) or "none"
    configs = " and ".join(c.label for c in configurations)
    speed = "; ".join(
        f"{c.label}: {c.simulation.seconds:,.1f} s, {c.simulation.games_per_second:,.0f} games/s"
        for c in configurations
    )
    sim = configurations[0].simulation
    each = " per configuration" if len(configurations) > 1 else ""
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{html.escape(game.title)}: simulation of {games:,} games</title>
<style>{STYLE}</style></head><body>
<h1>{html.escape(game.title)}: {games:,} games{each}</h1>
<p>{spec.players} players; bots by seat: {html.escape(", ".join(spec.bots))};
options: {html.escape(options if len(configurations) == 1 else configs)}; seed {spec.seed}.
Figures are estimates with 95 % confidence intervals (Wilson for rates, Student t for
means). The same seed gives the same figures whatever the number of jobs or the backend.</p>
<p class="note">Played with the {html.escape(sim.backend)} backend, {sim.jobs} job(s):
{html.escape(speed)}. Raw figures: <code>report.json</code>.</p>
{_comparison_table(compared, configurations[0].label, configurations[1].label) if compared else ""}
{_group_tables(configurations)}
<h2>Plots</h2>
{"".join(_image(p, p.stem) for p in plots)}
</body></html>
"""
    path.write_text(page, encoding="utf-8")


# -- all of it -------------------------------------------------------------------------------------
def write_report(
    configurations: Sequence[Figures], folder: str | Path
) -> tuple[list[Comparison] | None, list[Path]]:
    """Write ``report.json``, the PNG plots and ``report.html`` into ``folder`` (made if
    missing); returns the comparison (two configurations) and the files written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    compared = (
        comparisons(configurations[0], configurations[1]) if len(configurations) > 1 else None
    )
    data = folder / "report.json"
    data.write_text(dump(to_json(configurations, compared)))
    plots = [folder / name for name in PLOTS[:3]]
    plot_win_rates(configurations, plots[0])
    plot_scores(configurations, plots[1])
    plot_length(configurations, plots[2])
    if plot_statistics(configurations, folder / PLOTS[3]):
        plots.append(folder / PLOTS[3])
    page = folder / "report.html"
    write_html(configurations, compared, plots, page)
    return compared, [page, data, *plots]
