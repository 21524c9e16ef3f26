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
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from nilegames.ai.review import DEFAULT_ITERATIONS, MoveReview, Review, percent, review_record
from nilegames.core import NilegamesError, load
from nilegames.core.translate import LANGUAGES

#: The review's frame (the moves' and the game's words come with the review).
WORDS = {
    "en": {
        "progress": "reviewing seat {seat}",
        "title": "{game}: seat {seat}'s moves ({n} iterations a move)",
        "move": "move",
        "turn": "turn",
        "played": "played",
        "result": "expected result",
        "preferred": "search preferred",
        "flagged": "[bold]{rank}.[/bold] move {n}: {note}",
        "none": "No move cost more than 2 % of a game: well played.",
        "wrote": "Wrote {out}",
    },
    "fr": {
        "progress": "analyse de la place {seat}",
        "title": "{game} : coups de la place {seat} ({n} explorations par coup)",
        "move": "coup",
        "turn": "tour",
        "played": "joué",
        "result": "résultat espéré",
        "preferred": "préféré par la recherche",
        "flagged": "[bold]{rank}.[/bold] coup {n} : {note}",
        "none": "Aucun coup n’a coûté plus de 2\u00a0% d’une partie : bien joué.",
        "wrote": "Écrit : {out}",
    },
}


def said(move: MoveReview, lang: str, key: str) -> str:
    """One of a reviewed move's words (played, best, note) in ``lang``, if the review has
    them in it (English otherwise)."""
    english: str = getattr(move, key)
    return move.words.get(lang, {}).get(key) or english


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
    lang: Annotated[str, typer.Option(help=f"Language: {', '.join(LANGUAGES)}.")] = "en",
) -> None:
    """Review a seat's moves with the hard bot's search: its expected result before and
    after each move, the move it would have played, and the three costliest moves."""
    console = Console()
    words = WORDS.get(lang, WORDS["en"])
    try:
        if lang not in LANGUAGES:
            raise NilegamesError(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        game = load(record)
        columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn())
        with Progress(*columns, TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task(words["progress"].format(seat=seat), total=None)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            review = review_record(game, seat, iterations=iterations, seed=seed, progress=advance)
    except NilegamesError as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(2) from None
    console.print(review_table(review, every, lang))
    for rank, move in enumerate(review.flagged, 1):
        note = escape(said(move, lang, "note"))
        console.print(words["flagged"].format(rank=rank, n=move.index + 1, note=note))
    if not review.flagged:
        console.print(words["none"])
    if out is not None:
        out.write_text(json.dumps(review.to_json(), indent=1) + "\n", encoding="utf-8")
        console.print(words["wrote"].format(out=out))


def review_table(review: Review, every: bool, lang: str = "en") -> Table:
    """The reviewed moves: expected result before and after, what the search preferred."""
    flagged = {m.index for m in review.flagged}
    words = WORDS.get(lang, WORDS["en"])
    table = Table(
        title=words["title"].format(game=review.game, seat=review.seat, n=review.iterations),
        box=box.SIMPLE_HEAD,
    )
    for name, justify in (
        ("move", "right"),
        ("turn", "right"),
        ("played", "left"),
        ("result", "right"),
        ("preferred", "left"),
    ):
        table.add_column(words[name], justify=justify)  # type: ignore[arg-type]
    for move in review.moves:
        if not every and move.index not in flagged:
            continue
        style = "bold red" if move.index in flagged else ""
        change = f"{percent(move.before, lang)} → {percent(move.after, lang)}"
        preferred = "" if move.best == move.played else said(move, lang, "best")
        turn = "" if move.turn is None else str(move.turn)
        played = said(move, lang, "played")
        table.add_row(str(move.index + 1), turn, played, change, preferred, style=style)
    return table
