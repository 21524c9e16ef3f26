"""The ``nilegames`` command: list the games, play or watch one, replay a record.

Bad input (an unknown game, a bad option or player count, a broken record) ends with
one clear line and exit code 2, never a traceback: every such error is a
:class:`~nilegames.core.NilegamesError`.

The commands with many options have their own modules (:mod:`~nilegames.cli.tournament`,
:mod:`~nilegames.cli.simulate`, :mod:`~nilegames.cli.review`, :mod:`~nilegames.cli.serve`),
registered here in the order ``--help`` lists them; what they share is in
:mod:`~nilegames.cli.options`.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from nilegames.ai import make_bot
from nilegames.cli.options import (
    BOOLS,
    GameOptions,
    check_backend,
    clear_errors,
    option_value,
    parse_options,
    player_count,
)
from nilegames.cli.prompt import Quit, Reader
from nilegames.cli.review import review_command
from nilegames.cli.screen import LOG_LINES, Screen, seat_label
from nilegames.cli.serve import serve_command
from nilegames.cli.session import Session
from nilegames.cli.simulate import simulate_command
from nilegames.cli.tournament import ladder_command, runs_command, tournament_command
from nilegames.cli.words import LANGUAGES
from nilegames.core import (
    GameOptionError,
    GameRecord,
    game_class,
    games,
    load,
    new_game,
    replay,
    replay_states,
)

__all__ = [
    "BOOLS",
    "app",
    "cast",
    "check_backend",
    "clear_errors",
    "option_value",
    "parse_options",
    "player_count",
    "record_labels",
]

app = typer.Typer(
    help="Play, watch and replay the nilegames board games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.command("games")
def list_games() -> None:
    """List the games, their player counts and their options."""
    table = Table(title="Games")
    for column in ("id", "title", "players", "options (--option name=value)"):
        table.add_column(column)
    for game in games():
        options = "\n".join(
            f"{o['name']}: {' | '.join(map(str, o['choices']))} (default {o['default']})"
            f"\n  {o['help']}"
            for o in game["options"]
        )
        table.add_row(
            game["id"],
            game["title"],
            f"{game['min_players']}-{game['max_players']}",
            options or "-",
        )
    console = Console(highlight=False)
    console.print(table)
    console.print("Play one:  nilegames play GAME --players 3 --you 0")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id (see: nilegames games).")],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Seats.")] = None,
    you: Annotated[
        list[int] | None,
        typer.Option(
            "--you", help="A seat you play (repeat for hot-seat) [0; none with --bots alone]."
        ),
    ] = None,
    bots: Annotated[int | None, typer.Option(help="Bot seats (alone: watch N bots).")] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            help="Bot kind: easy, medium (default), hard, random, greedy, ismcts:1s ..."
            " (repeat to give the bot seats, in order, their own).",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of chance and bots.")] = None,
    option: GameOptions = None,
    record: Annotated[Path | None, typer.Option(help="Save the game record here.")] = None,
    delay: Annotated[
        float | None, typer.Option(min=0.0, help="Seconds between screens when watching.")
    ] = None,
    pause: Annotated[
        float | None,
        typer.Option(min=0.0, help="Seconds to show each bot move when you play [0.4]."),
    ] = None,
    name: Annotated[
        list[str] | None,
        typer.Option("--name", help="Your name (repeat for each of your seats, in order)."),
    ] = None,
    lang: Annotated[str, typer.Option(help=f"Language: {', '.join(LANGUAGES)}.")] = "en",
    hints: Annotated[
        bool | None,
        typer.Option(
            "--hints/--no-hints",
            help="h asks the hard bot for a move (default: on when you play alone).",
        ),
    ] = None,
) -> None:
    """Play GAME against bots, hot-seat with friends, or watch bots play."""
    # A newcomer who types only the game's name came to play: seat 0 is theirs. Watching
    # bots is asked for with --bots.
    seats = sorted(set(you or ())) or ([0] if bots is None else [])
    kinds = bot or ["medium"]
    with clear_errors():
        if lang not in LANGUAGES:
            raise GameOptionError(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        for kind in kinds:
            make_bot(kind)  # a bad spec is refused before the game starts
        description = game_class(game).describe()
        options = parse_options(description, option or ())
        configured = new_game(game, player_count(description, players, bots, seats), **options)
        for seat in seats:
            if not 0 <= seat < configured.players:
                raise GameOptionError(
                    f"there is no seat {seat} in a {configured.players}-player game"
                    f" (seats are 0 to {configured.players - 1})"
                )
        names = list(name or ())
        if len(names) > len(seats):
            raise GameOptionError(
                f"{len(names)} --name for {len(seats)} seat(s) of yours: give one per --you"
            )
    if record is not None and not record.parent.is_dir():
        typer.echo(f"nilegames: cannot save a record in {record.parent}: no such folder", err=True)
        raise typer.Exit(2)
    console = Console(highlight=False)
    screen = Screen(console, lang=lang)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    if delay is None:
        delay = 0.8 if not seats and console.is_terminal else 0.0
    if pause is None:
        pause = 0.4 if console.is_terminal else 0.0
    session = Session(
        configured.new_initial_state(),
        humans=frozenset(seats),
        seed=seed,
        screen=screen,
        read=Reader(screen),
        delay=delay,
        pause=pause,
        bot=kinds,
        names=dict(zip(seats, names, strict=False)),
        hints=hints,
    )
    screen.banner = f"{configured.title} · seed {seed} · {cast(session.cast())}"
    if not seats:
        screen.banner += " · Ctrl-C stops"
    console.print(f"{configured.title}, {configured.players} players: {cast(session.cast())}")
    console.print(f"Seed {seed} (play this game again with --seed {seed})")
    code = 0
    try:
        session.run()
    except Quit:
        console.print(screen.say("left", seed=seed))
    except KeyboardInterrupt:
        console.print("\nInterrupted.")
        code = 130
    if record is not None:
        try:
            session.save(record)
        except OSError as error:
            typer.echo(f"nilegames: cannot save the record: {error}", err=True)
            raise typer.Exit(2) from None
    if code:
        raise typer.Exit(code)


def cast(labels: Mapping[int, str]) -> str:
    """Who plays where, in one short line: ``seat 0: you; seats 1, 2: random``."""
    groups: dict[str, list[str]] = {}
    for seat in sorted(labels):
        groups.setdefault(labels[seat], []).append(str(seat))
    return "; ".join(
        f"seat{'s' if len(seats) > 1 else ''} {', '.join(seats)}: {who}"
        for who, seats in groups.items()
    )


def record_labels(record: GameRecord) -> dict[int, str]:
    """Who played each seat, from the record's meta if it says so."""
    seats = record.meta.get("seats")
    if not isinstance(seats, list) or len(seats) != record.players:
        return {}
    return {s: "human" if who == "you" else str(who) for s, who in enumerate(seats)}


@app.command("replay")
def replay_record(
    file: Annotated[Path, typer.Argument(help="A record saved with play --record.")],
    seat: Annotated[
        int | None, typer.Option(help="Replay as this seat saw it (default: spectator).")
    ] = None,
    step: Annotated[bool, typer.Option(help="Stop at every decision; Enter goes on.")] = False,
) -> None:
    """Replay a record: the game's log as one seat (or a spectator) saw it, and the end."""
    console = Console(highlight=False)
    screen = Screen(console, log_lines=LOG_LINES if step else None)
    screen.log_key = False
    with clear_errors():
        record = load(file)
        final = replay(record)  # every action is checked before anything is shown
        players = final.num_players()
        if seat is not None and not 0 <= seat < players:
            raise GameOptionError(f"there is no seat {seat} in this {players}-player game")
    labels = record_labels(record)
    total = len(record.actions)
    seed = record.meta.get("seed")
    screen.banner = (
        f"{final.game.title}, {players} players, {total} action{'s' * (total != 1)}"
        + (f", seed {seed}" if seed is not None else "")
        + (f" · as seat {seat} saw it" if seat is not None else " · spectator's view")
    )
    console.print(screen.banner)
    if step:
        try:
            step_through(record, screen, seat, labels)
        except Quit:
            return
        except KeyboardInterrupt:
            raise typer.Exit(130) from None
    screen.show(final, seat, "End of the record")
    if final.is_terminal():
        screen.result(final, labels)
    else:
        console.print("The record stops before the game is over.")


def step_through(
    record: GameRecord, screen: Screen, seat: int | None, labels: Mapping[int, str]
) -> None:
    """Show the viewer's screen at every seat's decision and wait for Enter."""
    read = Reader(screen)
    for done, state in enumerate(replay_states(record)):
        if not state.is_chance_node() and not state.is_terminal():
            mover = seat_label(state.current_player(), labels)
            screen.show(state, seat, f"action {done + 1} of {len(record.actions)}: {mover} to play")
            read("Enter: next, q: stop ")


def summary(command: Callable[..., object]) -> str:
    """The first paragraph of a command's docstring on one line: the list of commands in
    ``--help`` keeps a docstring's line breaks, which wrap mid-sentence in a narrow column."""
    return " ".join(inspect.getdoc(command).partition("\n\n")[0].split())  # type: ignore[union-attr]


# After the commands above: ``--help`` lists the commands in the order they are registered.
for name, command in (
    ("tournament", tournament_command),
    ("ladder", ladder_command),
    ("runs", runs_command),
    ("simulate", simulate_command),
    ("review", review_command),
    ("serve", serve_command),
):
    app.command(name, short_help=summary(command))(command)
