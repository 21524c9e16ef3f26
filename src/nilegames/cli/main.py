"""The ``nilegames`` command: list the games, play or watch one, replay a record.

Bad input (an unknown game, a bad option or player count, a broken record) ends with
one clear line and exit code 2, never a traceback: every such error is a
:class:`~nilegames.core.NilegamesError`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from nilegames.ai import make_bot
from nilegames.ai.ratings import Interval
from nilegames.ai.tournament import (
    TournamentResult,
    check_settings,
    games_per_table,
    run_tournament,
    save_results,
    tables,
)
from nilegames.cli.prompt import Quit, Reader
from nilegames.cli.screen import LOG_LINES, Screen, seat_label
from nilegames.cli.session import Session
from nilegames.cli.words import LANGUAGES
from nilegames.core import (
    GameOptionError,
    GameRecord,
    NilegamesError,
    game_class,
    games,
    load,
    new_game,
    replay,
    replay_states,
)
from nilegames.parallel import BACKENDS, require_ray, session

app = typer.Typer(
    help="Play, watch and replay the nilegames board games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

BOOLS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


@contextmanager
def clear_errors() -> Iterator[None]:
    """Turn a rejection of bad input into one line on stderr and exit code 2."""
    try:
        yield
    except NilegamesError as error:
        typer.echo(f"nilegames: {error}", err=True)
        raise typer.Exit(2) from None


def option_value(text: str, choices: Sequence[Any]) -> Any:
    """An option's value from its text: one of the declared choices if it names one,
    else a bool, an int or the string itself (the game then says what it accepts)."""
    for choice in choices:
        shown = str(choice).lower()
        if shown == text.lower() or (
            isinstance(choice, bool) and BOOLS.get(text.lower()) == choice
        ):
            return choice
    if text.lower() in BOOLS:
        return BOOLS[text.lower()]
    try:
        return int(text)
    except ValueError:
        return text


def parse_options(description: Mapping[str, Any], items: Sequence[str]) -> dict[str, Any]:
    """``key=value`` strings as game options, typed by the game's declared choices."""
    specs = {spec["name"]: spec for spec in description["options"]}
    options: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise GameOptionError(f"--option takes key=value, not {item!r}")
        spec = specs.get(key.strip(), {})
        options[key.strip()] = option_value(text.strip(), spec.get("choices", ()))
    return options


def player_count(
    description: Mapping[str, Any], players: int | None, bots: int | None, you: Sequence[int]
) -> int | None:
    """How many seats: ``--players``, else your seats plus ``--bots``, else enough for you."""
    if bots is not None:
        if bots < 0:
            raise GameOptionError(f"--bots must be 0 or more, not {bots}")
        total = len(set(you)) + bots
        if players is not None and players != total:
            yours = f"your {len(set(you))} seat(s) plus " if you else ""
            raise GameOptionError(f"--players {players} does not match {yours}--bots {bots}")
        return total
    if players is None and you:
        return max(int(description["min_players"]), max(you) + 1)
    return players


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
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
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


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="Game id (see: nilegames games).")],
    bots: Annotated[
        str,
        typer.Option(
            help="Bots, comma-separated: random, greedy, ismcts[:ITERATIONS|:SECONDSs"
            "[:random|greedy]], easy, medium, hard."
        ),
    ] = "greedy,random",
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
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
    backend: Annotated[
        str, typer.Option(help=f"Where games run: {' or '.join(BACKENDS)}.")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(help="Ray cluster to join (ray://HOST:10001 or auto); default: a local one."),
    ] = None,
) -> None:
    """Round robin between bots with seat rotation: win rates, Elo and head-to-head scores."""
    with clear_errors():
        description = game_class(game).describe()
        options = parse_options(description, option or ())
        seats = int(description["min_players"]) if players is None else players
        specs = check_settings(game, seats, bots.split(","), games, jobs, options)
        check_backend(backend, address)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    folder = out if out is not None else Path(f"tournament-{game}-{seats}p-{seed}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        typer.echo(f"nilegames: cannot make the folder {folder}: {error}", err=True)
        raise typer.Exit(2) from None
    console = Console(highlight=False)
    per_table, layout = games_per_table(games, seats), tables(len(specs), seats)
    console.print(
        f"{description['title']}, {seats} players: {len(layout)} table(s) × {per_table} games"
        f" = {len(layout) * per_table} games, seed {seed}, {jobs} job(s)"
    )
    if per_table != games:
        console.print(f"(--games {games} rounded up to {per_table}: every bot sits in every seat)")
    result = play_tournament(
        console, game, seats, specs, per_table, seed, jobs, options, backend, address
    )
    console.print(standings_table(result))
    if len(specs) > 1:
        console.print(head_to_head_table(result))
    console.print(turn_order_table(result))
    try:
        data, picture = save_results(result, folder)
    except OSError as error:
        typer.echo(f"nilegames: cannot write the results: {error}", err=True)
        raise typer.Exit(2) from None
    console.print(f"Wrote {data} and {picture}")


def play_tournament(
    console: Console,
    game: str,
    seats: int,
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    options: Mapping[str, Any],
    backend: str = "local",
    address: str | None = None,
) -> TournamentResult:
    """Run the tournament under a progress bar; Ctrl-C stops it with exit code 130."""
    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn())
    try:
        with (
            clear_errors(),
            session(backend, jobs, address),
            Progress(*columns, TimeRemainingColumn(), console=console) as bar,
        ):
            task = bar.add_task("games", total=len(tables(len(specs), seats)) * games)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            return run_tournament(
                game,
                seats,
                specs,
                games,
                seed,
                jobs=jobs,
                options=options,
                progress=advance,
                backend=backend,
                address=address,
            )
    except KeyboardInterrupt:
        console.print("Interrupted.")
        raise typer.Exit(130) from None


def check_backend(backend: str, address: str | None) -> None:
    """Refuse an unknown backend, an address without Ray, or Ray where it is missing."""
    if backend not in BACKENDS:
        raise GameOptionError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise GameOptionError("--address is for --backend ray")
    if backend == "ray":
        require_ray()


def standings_table(result: TournamentResult) -> Table:
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


def ordinal(number: int) -> str:
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number, 'th')}"


def plus_minus(interval: Interval, style: str) -> str:
    """``estimate ± half-width`` of a symmetric interval; ``?`` if too few games to say."""
    half = (interval.high - interval.low) / 2
    spread = f"{half:{style.lstrip('+')}}" if abs(half) != float("inf") else "?"
    return f"{interval.estimate:{style}} ± {spread}"


def head_to_head_table(result: TournamentResult) -> Table:
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


def _register_simulate() -> None:
    from nilegames.cli.simulate import simulate_command

    app.command("simulate")(simulate_command)


_register_simulate()


def _register_review() -> None:
    from nilegames.cli.review import review_command

    app.command("review")(review_command)


_register_review()


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="Database URL (sqlite:///FILE or postgresql+psycopg://USER@HOST/DB);"
            " default: $NILEGAMES_DATABASE_URL, else ./data/nilegames.sqlite3."
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(min=0.0, help="Seconds a bot waits before it moves.")
    ] = 0.4,
    workers: Annotated[
        int,
        typer.Option(min=1, help="Server processes on this port (PostgreSQL only for >1)."),
    ] = 1,
    behind_proxy: Annotated[
        bool,
        typer.Option(
            help="A reverse proxy on this machine forwards the clients (docs/deploy.md):"
            " trust its X-Forwarded-For and leave per-address connection caps to it."
        ),
    ] = False,
    limit_tables: Annotated[
        float, typer.Option(min=0.0, help="New tables a client may open a minute (0: any).")
    ] = 30.0,
    limit_moves: Annotated[
        float, typer.Option(min=0.0, help="Moves a client may send a second (0: any).")
    ] = 10.0,
    limit_messages: Annotated[
        float,
        typer.Option(min=0.0, help="WebSocket messages a client may send a second (0: any)."),
    ] = 10.0,
    limit_sockets: Annotated[
        int, typer.Option(min=0, help="WebSockets a client may hold open (0: any).")
    ] = 64,
    limit_connections: Annotated[
        int,
        typer.Option(
            min=0, help="Connections one address may hold at once (0: any; off --behind-proxy)."
        ),
    ] = 256,
    header_timeout: Annotated[
        float, typer.Option(min=0.0, help="Seconds a client has to send its request headers.")
    ] = 10.0,
    bot_processes: Annotated[
        int, typer.Option(min=0, help="Bot searches at once, each in its own process.")
    ] = 1,
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=0.5,
            help="PostgreSQL: seconds before another process takes the bots of a dead one.",
        ),
    ] = 6.0,
    hint_iterations: Annotated[
        int, typer.Option(min=2, help="Search iterations of a hint (about 1 s at 1000).")
    ] = 1000,
    review_iterations: Annotated[
        int,
        typer.Option(min=2, help="Most search iterations a move of a review (and its default)."),
    ] = 1500,
) -> None:
    """Serve the web app: a lobby of tables, play in the browser, bots and spectators."""
    # Imported here: the other commands should not pay for the web stack.
    from nilegames.server.db import database_url, prepare_database
    from nilegames.server.limits import Limits
    from nilegames.server.run import Settings, run

    settings = Settings(
        url=database_url(database),
        host=host,
        port=port,
        bot_delay=bot_delay,
        workers=workers,
        behind_proxy=behind_proxy,
        header_timeout=header_timeout,
        per_client=limit_connections,
        bot_processes=bot_processes,
        lease_ttl=lease_seconds,
        hint_iterations=hint_iterations,
        review_iterations=review_iterations,
        limits=Limits.from_command_line(limit_tables, limit_moves, limit_messages, limit_sockets),
    )
    with clear_errors():
        settings.check()
        prepare_database(settings.url).dispose()  # a bad or unreachable database stops us here
        typer.echo(f"nilegames: serving on http://{host}:{port}/ (Ctrl-C stops)")
        run(settings)
