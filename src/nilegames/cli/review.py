"""``nilegames review RECORD``: how each move of one seat changed its chances.

Registered on the app in :mod:`nilegames.cli.main`; the work is in
:mod:`nilegames.ai.review`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from nilegames.ai.review import DEFAULT_ITERATIONS, Review, review_record
from nilegames.core import NilegamesError, load


def review_command(
    record: Annotated[Path, typer.Argument(help="A game record (nilegames play --record).")],
    seat: Annotated[int, typer.Option("--seat", "-s", help="The seat whose moves to review.")] = 0,
    iterations: Annotated[
        int, typer.Option(help="Search iterations per move (about what 'hard' uses in 1 s).")
    ] = DEFAULT_ITERATIONS,
    seed: Annotated[int, typer.Option(help="Search seed: the same seed, the same review.")] = 0,
    out: Annotated[
        Path | None, typer.Option(help="Also write the review as JSON to this file.")
    ] = None,
    every: Annotated[
        bool, typer.Option("--all/--flagged", help="Every move, or only the flagged ones.")
    ] = False,
) -> None:
    """Review a seat's moves with the hard bot's search: its expected result before and
    after each move, the move it would have played, and the three costliest moves."""
    console = Console()
    try:
        game = load(record)
        columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn())
        with Progress(*columns, TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task(f"reviewing seat {seat}", total=None)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            review = review_record(game, seat, iterations=iterations, seed=seed, progress=advance)
    except NilegamesError as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(2) from None
    console.print(review_table(review, every))
    for rank, move in enumerate(review.flagged, 1):
        console.print(f"[bold]{rank}.[/bold] move {move.index + 1}: {move.note}")
    if not review.flagged:
        console.print("No move cost more than 2 % of a game: well played.")
    if out is not None:
        out.write_text(json.dumps(review.to_json(), indent=1) + "\n", encoding="utf-8")
        console.print(f"Wrote {out}")


def review_table(review: Review, every: bool) -> Table:
    """The reviewed moves: expected result before and after, what the search preferred."""
    flagged = {m.index for m in review.flagged}
    table = Table(
        title=f"{review.game}: seat {review.seat}'s moves ({review.iterations} iterations a move)",
        box=box.SIMPLE_HEAD,
    )
    for name, justify in (
        ("move", "right"),
        ("turn", "right"),
        ("played", "left"),
        ("expected result", "right"),
        ("search preferred", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for move in review.moves:
        if not every and move.index not in flagged:
            continue
        style = "bold red" if move.index in flagged else ""
        change = f"{move.before:.0%} → {move.after:.0%}"
        preferred = "" if move.best == move.played else move.best
        turn = "" if move.turn is None else str(move.turn)
        table.add_row(str(move.index + 1), turn, move.played, change, preferred, style=style)
    return table
