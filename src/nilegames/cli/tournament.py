"""``nilegames tournament GAME``: a round robin between bots, its standings and tables;
``nilegames ladder FOLDER...``: one Elo ladder from several tournaments' games;
``nilegames runs FOLDER...``: where strength runs stand.

Registered on the app in :mod:`nilegames.cli.main`; the work is in
:mod:`nilegames.ai.tournament`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from nilegames.ai.journal import JOURNAL, JournalError
from nilegames.ai.ladder import build_ladder
from nilegames.ai.outcomes import Outcomes, outcomes
from nilegames.ai.picture import plot
from nilegames.ai.ratings import Interval
from nilegames.ai.runs import markdown, summarise
from nilegames.ai.stopping import check_stop
from nilegames.ai.tournament import (
    Rated,
    TournamentResult,
    check_settings,
    games_per_table,
    run_tournament,
    save_results,
    seating,
    tables,
)
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


def tournament_command(
    game: Annotated[str, typer.Argument(help="Game id (see: nilegames games).")],
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bots, comma-separated: random, greedy, ismcts[:ITERATIONS|:SECONDSs"
            "|:SECONDScpu[:random|greedy|game]], easy, medium, hard (SECONDScpu counts the"
            " search's CPU time: the same bot on a busy machine).  [default: greedy,random]",
            show_default=False,
        ),
    ] = None,
    lineup: Annotated[
        str | None,
        typer.Option(
            help="Instead of a round robin, one table: a bot per seat, comma-separated,"
            " repeats allowed (e.g. hard,greedy,greedy); the seats rotate every game.",
            show_default=False,
        ),
    ] = None,
    until_decided: Annotated[
        float | None,
        typer.Option(
            help="Stop once the first bot's score (its share of first place) is known to be"
            " above or below this target, e.g. 0.6 (an anytime-valid test at 5 %);"
            " --games is then the most played.",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Seats per game (default: fewest).")
    ] = None,
    games: Annotated[
        int,
        typer.Option(help="Games per table of bots, rounded up to a multiple of the seats."),
    ] = 100,
    seed: Annotated[int | None, typer.Option(help="Tournament seed (default: random).")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Games played at once.")] = 1,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder for results.json and results.png [tournament-GAME-Np-SEED]."),
    ] = None,
    option: GameOptions = None,
    backend: Backend = "local",
    address: RayAddress = None,
    resume: Annotated[
        bool,
        typer.Option(
            help="Go on with the games already in the --out folder's games.jsonl (same"
            " settings; --games may grow), playing only the rest."
        ),
    ] = False,
) -> None:
    """Round robin between bots with seat rotation: win rates, Elo and head-to-head scores."""
    with clear_errors():
        description = game_class(game).describe()
        options = parse_options(description, option or ())
        # "hard, greedy" and "hard,greedy" are one lineup: a resume compares them as text
        seats_named = [name.strip() for name in lineup.split(",")] if lineup else []
        if players is None:
            players = len(seats_named) or int(description["min_players"])
        seats = players
        if bots is not None and lineup:
            raise GameOptionError("--lineup names every seat's bot: leave --bots out")
        specs, layout = seating(
            seats, [name.strip() for name in (bots or "greedy,random").split(",")], seats_named
        )
        check_settings(game, seats, specs, games, jobs, options)
        check_stop(specs, until_decided)
        check_backend(backend, address)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    folder = out if out is not None else Path(f"tournament-{game}-{seats}p-{seed}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        typer.echo(f"nilegames: cannot make the folder {folder}: {error}", err=True)
        raise typer.Exit(2) from None
    journal = folder / JOURNAL
    if journal.exists() and journal.stat().st_size and not resume:
        typer.echo(
            f"nilegames: {folder} already holds a tournament's games ({JOURNAL}):"
            " --resume goes on with them, or choose another --out folder",
            err=True,
        )
        raise typer.Exit(2)
    console = Console(highlight=False)
    per_table = games_per_table(games, seats)
    console.print(
        f"{description['title']}, {seats} players: {len(layout)} table(s) × {per_table} games"
        f" = {len(layout) * per_table} games, seed {seed}, {jobs} job(s)"
    )
    if per_table != games:
        console.print(f"(--games {games} rounded up to {per_table}: every bot sits in every seat)")
    if resume and journal.exists():
        console.print(f"Resuming: the games in {journal} are not played again")
    if until_decided is not None:
        console.print(
            f"Stops once {specs[0]}'s score is known to be above or below {100 * until_decided:g} %"
        )
    plan = Plan(game, seats, specs, per_table, seed, jobs, options, seats_named, until_decided)
    result = play_tournament(console, plan, backend, address, journal)
    console.print(standings_table(result))
    if len(specs) > 1:
        console.print(head_to_head_table(result))
    console.print(turn_order_table(result))
    how = outcomes(result.games, result.bots)
    if how is not None:
        console.print(outcomes_table(how))
    if result.decision is not None:
        console.print(f"{specs[0]}: {result.decision.describe()}")
    try:
        data, picture = save_results(result, folder)
    except OSError as error:
        typer.echo(f"nilegames: cannot write the results: {error}", err=True)
        raise typer.Exit(2) from None
    console.print(f"Wrote {data} and {picture}")


@dataclass(frozen=True)
class Plan:
    """What a tournament command asked for, checked."""

    game: str
    seats: int
    specs: tuple[str, ...]
    games: int  # per table
    seed: int
    jobs: int
    options: Mapping[str, Any]
    lineup: Sequence[str]
    until_decided: float | None


def play_tournament(
    console: Console,
    plan: Plan,
    backend: str = "local",
    address: str | None = None,
    journal: Path | None = None,
) -> TournamentResult:
    """Run the tournament under a progress bar, each game written to ``journal`` as it
    ends; Ctrl-C stops it with exit code 130 (``--resume`` goes on from there)."""
    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn())
    tables_played = 1 if plan.lineup else len(tables(len(plan.specs), plan.seats))
    try:
        with (
            clear_errors(),
            session(backend, plan.jobs, address),
            Progress(*columns, TimeRemainingColumn(), console=console) as bar,
        ):
            task = bar.add_task("games", total=tables_played * plan.games)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            return run_tournament(
                plan.game,
                plan.seats,
                plan.specs,
                plan.games,
                plan.seed,
                jobs=plan.jobs,
                options=plan.options,
                progress=advance,
                backend=backend,
                address=address,
                journal=journal,
                lineup=plan.lineup,
                until_decided=plan.until_decided,
            )
    except KeyboardInterrupt:
        console.print("Interrupted: --resume with the same settings goes on from here.")
        raise typer.Exit(130) from None


def standings_table(result: Rated) -> Table:
    """One line per bot, strongest first, every figure with its 95 % interval."""
    searched = any(s.searches for s in result.standings)
    table = Table(
        title=f"Standings, 95 % intervals (Elo: {result.anchor})",
        caption="W-T-L: games won, tied for first, lost",
        box=box.SIMPLE_HEAD,
    )
    columns = ["W-T-L", "win %", "mean return", "Elo"] + ["iter/s"] * searched
    table.add_column("bot")
    for column in columns:
        table.add_column(column, justify="right")
    for s in result.standings:
        rate = s.win_rate
        speed = "-" if s.iterations_per_second is None else f"{s.iterations_per_second:,.0f}"
        table.add_row(
            s.bot,
            f"{s.wins}-{s.ties}-{s.losses}",
            f"{100 * rate.estimate:.1f} ({100 * rate.low:.1f}–{100 * rate.high:.1f})",
            plus_minus(s.mean_return, "+.2f"),
            plus_minus(s.elo, ".0f"),
            *([speed] if searched else []),
        )
    return table


def turn_order_table(result: TournamentResult) -> Table:
    """Win share by turn order: how much moving first is worth (fair: 1/players each)."""
    fair = 100 / result.players
    table = Table(title=f"Win % by turn order (fair: {fair:.1f} %)", box=box.SIMPLE_HEAD)
    table.add_column("moves")
    table.add_column("win %", justify="right")
    for position, rate in enumerate(result.turn_order, start=1):
        table.add_row(
            ordinal(position),
            f"{100 * rate.estimate:.1f} ({100 * rate.low:.1f}–{100 * rate.high:.1f})",
        )
    return table


def outcomes_table(how: Outcomes) -> Table:
    """The games' own figures (how they ended...), over all games and by winning bot."""
    table = Table(title="How the games went: mean of each game figure", box=box.SIMPLE_HEAD)
    table.add_column("figure")
    for column in how.columns:
        table.add_column(f"{column} ({how.games[column]})", justify="right")
    for figure, by_column in how.means.items():
        table.add_row(
            figure,
            *(
                f"{by_column[c].estimate:.3g}" if c in by_column and how.games[c] else "-"
                for c in how.columns
            ),
        )
    return table


def ordinal(number: int) -> str:
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number, 'th')}"


def plus_minus(interval: Interval, style: str) -> str:
    """``estimate ± half-width`` of a symmetric interval; ``?`` if too few games to say."""
    half = (interval.high - interval.low) / 2
    spread = f"{half:{style.lstrip('+')}}" if abs(half) != float("inf") else "?"
    return f"{interval.estimate:{style}} ± {spread}"


def head_to_head_table(result: Rated) -> Table:
    """Row bot's score against column bot (win 1, tie ½, loss 0 per pair of seats)."""
    order = [s.bot for s in result.standings]
    table = Table(title="Head to head: row's score vs column", box=box.SIMPLE_HEAD)
    table.add_column("")
    for bot in order:
        table.add_column(bot, justify="right")
    for row in order:
        cells = []
        for column in order:
            score, count = result.pairwise.get((row, column), (0.0, 0))
            cells.append(f"{score / count:.1%}" if count else "-")
        table.add_row(row, *cells)
    return table


def ladder_command(
    folders: Annotated[
        list[Path],
        typer.Argument(help="Tournament folders (--out of each run) of one game and player count."),
    ],
    out: Annotated[
        Path | None, typer.Option(help="Write ladder.json and ladder.png into this folder.")
    ] = None,
) -> None:
    """Rate the bots of several tournaments together: every game of every folder (finished
    or still running) in one Elo fit, with win rates and head-to-head scores."""
    try:
        ladder = build_ladder(folders)
    except JournalError as error:
        typer.echo(f"nilegames: {error}", err=True)
        raise typer.Exit(2) from None
    console = Console(highlight=False)
    for source in ladder.sources:
        console.print(f"{source.folder}: {len(source.games)} games")
    console.print(standings_table(ladder))
    console.print(head_to_head_table(ladder))
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
            (out / "ladder.json").write_text(json.dumps(ladder.to_json(), indent=1) + "\n")
            plot(ladder, out / "ladder.png")
        except OSError as error:
            typer.echo(f"nilegames: cannot write the ladder: {error}", err=True)
            raise typer.Exit(2) from None
        console.print(f"Wrote {out / 'ladder.json'} and {out / 'ladder.png'}")


def runs_command(
    folders: Annotated[
        list[Path], typer.Argument(help="Tournament folders (--out of each run), any games.")
    ],
    markdown_table: Annotated[
        bool, typer.Option("--markdown", help="Print a Markdown table (for docs/ai.md).")
    ] = False,
) -> None:
    """Where strength runs stand: per folder, the first bot's score so far with its 95 %
    interval, and the anytime test's verdict for a run with --until-decided."""
    try:
        summaries = [summarise(folder) for folder in folders]
    except JournalError as error:
        typer.echo(f"nilegames: {error}", err=True)
        raise typer.Exit(2) from None
    if markdown_table:
        typer.echo(markdown(summaries), nl=False)
        return
    table = Table(box=box.SIMPLE_HEAD, title="Strength runs")
    for column in ("folder", "seats", "first bot", "against", "games", "score", "95 %", "verdict"):
        table.add_column(
            column, justify="right" if column in ("seats", "games", "score") else "left"
        )
    for run in summaries:
        table.add_row(
            Path(run.folder).name,
            str(run.players),
            run.first,
            ", ".join(run.rivals),
            f"{run.played}/{run.planned}",
            f"{run.score:g}/{run.counted} {run.mean:.1%}",
            f"{run.interval.low:.1%}–{run.interval.high:.1%}",
            run.verdict(),
        )
    Console(highlight=False).print(table)
