"""``nilegames simulate``: many games of one configuration (or two side by side), a report.

Registered on the app in :mod:`nilegames.cli.main`; the work is in
:mod:`nilegames.analysis`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from nilegames.analysis.report import difference, interval, p_value, write_report
from nilegames.analysis.runner import Simulation, SimulationSpec, check_simulation, simulate
from nilegames.analysis.summary import GROUPS, Comparison, Figures, fair_test, figures
from nilegames.cli.options import (
    Backend,
    GameOptions,
    RayAddress,
    check_backend,
    clear_errors,
    parse_options,
)
from nilegames.core import GameOptionError, game_class
from nilegames.parallel import session


class SpeedColumn(ProgressColumn):
    """Games per second, over the last seconds of the run."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("… games/s" if speed is None else f"{speed:,.0f} games/s", style="cyan")


def configurations(
    description: Mapping[str, Any], options: Mapping[str, Any], compare: Sequence[str]
) -> list[tuple[str, dict[str, Any]]]:
    """The configurations to play, labelled: the options alone, or with each of two
    ``--compare key=value`` settings."""
    if not compare:
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
        return [(label, dict(options))]
    if len(compare) != 2:
        raise GameOptionError(
            f"--compare takes two configurations, e.g. --compare variant=standard"
            f" --compare variant=short; got {len(compare)}"
        )
    out = []
    for item in compare:
        extra = parse_options(description, [item])
        fixed = sorted(set(extra) & set(options))
        if fixed:
            raise GameOptionError(f"option {fixed[0]} is both set with --option and compared")
        label = ", ".join(f"{k}={v}" for k, v in extra.items())
        out.append((label, {**options, **extra}))
    if out[0][1] == out[1][1]:
        raise GameOptionError(
            f"--compare needs two different configurations, not {out[0][0]} twice"
        )
    return out


def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id (see: nilegames games).")],
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Seats (default: fewest).")
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="The bot of every seat, or one per seat comma-separated (seat 0 first):"
            " random, greedy, ismcts[:BUDGET[:PLAYOUT]], easy, medium, hard."
        ),
    ] = "random",
    games: Annotated[int, typer.Option(help="Games per configuration.")] = 1000,
    option: GameOptions = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            help="A configuration to compare, key=value; give two (e.g. --compare"
            " variant=standard --compare variant=short)."
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", help="Local processes (ray: CPUs of the local Ray instance)."),
    ] = 1,
    seed: Annotated[int | None, typer.Option(help="Simulation seed (default: random).")] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder of the report (default: simulate-GAME-Np-SEED)."),
    ] = None,
    backend: Backend = "local",
    address: RayAddress = None,
) -> None:
    """Play many games and report win rates by seat and turn order, scores, game length and
    the game's own statistics, with 95 % intervals (and two configurations compared)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    with clear_errors():
        description = game_class(game).describe()
        options = parse_options(description, option or ())
        labelled = configurations(description, options, compare or ())
        specs = [
            check_simulation(
                game,
                players,
                bots.split(","),
                opts,
                seed=seed,
                games=games,
                jobs=jobs,
                backend=backend,
            )
            for _, opts in labelled
        ]
        check_backend(backend, address)
    labels = [label for label, _ in labelled]
    seats = specs[0].players
    folder = out if out is not None else Path(f"simulate-{game}-{seats}p-{seed}")
    console = Console(highlight=False)
    where = f"Ray at {address}" if address else "local Ray" if backend == "ray" else "local"
    console.print(
        f"{description['title']}, {seats} players, bots {', '.join(specs[0].bots)}:"
        f" {games:,} games × {len(specs)} configuration(s), seed {seed},"
        f" {jobs} job(s), {where}"
    )
    simulations = run_all(console, specs, labels, games, jobs, backend, address)
    try:
        configs = figures(simulations, labels)
        compared, files = write_report(configs, folder)
    except OSError as error:
        typer.echo(f"nilegames: cannot write the report: {error}", err=True)
        raise typer.Exit(2) from None
    console.print(figures_table(configs))
    if compared is not None:
        console.print(comparison_table(compared, labels))
    console.print(f"Wrote {files[0]} ({', '.join(f.name for f in files[1:])} beside it)")


def run_all(
    console: Console,
    specs: Sequence[SimulationSpec],
    labels: Sequence[str],
    games: int,
    jobs: int,
    backend: str,
    address: str | None,
) -> list[Simulation]:
    """Every configuration under one progress bar each; Ctrl-C stops with exit code 130."""
    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        SpeedColumn(),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
    )
    done: list[Simulation] = []
    try:
        with (
            clear_errors(),
            session(backend, jobs, address),
            Progress(*columns, console=console) as bar,
        ):
            for spec, label in zip(specs, labels, strict=True):
                task = bar.add_task(label, total=games)

                def advance(count: int, total: int, task: Any = task) -> None:
                    bar.update(task, completed=count, total=total)

                done.append(
                    simulate(
                        spec,
                        games,
                        jobs=jobs,
                        backend=backend,
                        address=address,
                        progress=advance,
                    )
                )
    except KeyboardInterrupt:
        console.print("Interrupted.")
        raise typer.Exit(130) from None
    return done


def figures_table(configs: Sequence[Figures]) -> Table:
    """Every figure of every configuration, with its 95 % interval, by group."""
    spec = configs[0].simulation.spec
    table = Table(title="Figures, 95 % intervals", box=box.SIMPLE_HEAD)
    table.add_column("figure")
    for config in configs:
        table.add_column(config.label if len(configs) > 1 else "estimate", justify="right")
    table.add_column("p vs fair" if len(configs) == 1 else "", justify="right")
    group = ""
    for sample in configs[0].samples:
        if sample.group != group:
            group = sample.group
            table.add_row(Text(GROUPS[group], style="bold"))
        fair = ""
        if sample.fair is not None and len(configs) == 1:
            fair = p_value(fair_test(sample, configs[0].summaries[sample.key]))
        table.add_row(
            f"  {sample.label}", *(interval(c.summaries[sample.key]) for c in configs), fair
        )
    table.caption = (
        f"{len(configs[0].simulation.records):,} games each; a fair share of the wins is"
        f" {100 / spec.players:.1f} %"
    )
    return table


def comparison_table(compared: Sequence[Comparison], labels: Sequence[str]) -> Table:
    """The differences, their intervals and significance (Holm-adjusted)."""
    a, b = labels
    table = Table(
        title=f"{b} − {a}",
        caption="* significant: p < 0.05 after Holm's adjustment for every figure tested",
        box=box.SIMPLE_HEAD,
    )
    for column in ("figure", "difference (95 % interval)", "p", "p (Holm)", ""):
        table.add_column(column, justify="left" if column == "figure" else "right")
    group = ""
    for row in compared:
        if row.group != group:
            group = row.group
            table.add_row(Text(GROUPS[group], style="bold"))
        d, kind = row.difference, row.kind
        table.add_row(
            f"  {row.label}",
            difference(d, kind),
            p_value(d.p_value),
            p_value(row.p_holm),
            "*" if row.significant else "",
        )
    return table
