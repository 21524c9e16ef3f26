"""``nilegames serve``: the web app, its database, limits and processes.

Registered on the app in :mod:`nilegames.cli.main`; the work is in
:mod:`nilegames.server.run`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from nilegames.cli.options import clear_errors


def serve_command(
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
    seed: Annotated[
        int | None,
        typer.Option(
            help="For tests and demos only: each table's cards, dice and bot seeds follow from"
            " this seed and the table's number, so anyone who knows it can foresee them"
            " (bots with a time budget, medium and hard, may still move differently).",
            show_default=False,
        ),
    ] = None,
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
        seed=seed,
        limits=Limits.from_command_line(limit_tables, limit_moves, limit_messages, limit_sockets),
    )
    with clear_errors():
        settings.check()
        prepare_database(settings.url).dispose()  # a bad or unreachable database stops us here
        if seed is not None:
            typer.echo(f"nilegames: --seed {seed}: chance is predictable; never for real games")
        typer.echo(f"nilegames: serving on http://{host}:{port}/ (Ctrl-C stops)")
        run(settings)
