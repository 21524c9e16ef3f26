"""What the commands share: game options and seat counts read from the command line, the
backend checked, and bad input turned into one line on stderr with exit code 2."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from nilegames.core import GameOptionError, NilegamesError
from nilegames.parallel import BACKENDS, require_ray

#: The options several commands take, declared once so that they read alike everywhere.
GameOptions = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
]
Backend = Annotated[str, typer.Option(help=f"Where games run: {' or '.join(BACKENDS)}.")]
RayAddress = Annotated[
    str | None,
    typer.Option(help="Ray cluster to join (ray://HOST:10001 or auto); default: a local one."),
]

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


def check_backend(backend: str, address: str | None) -> None:
    """Refuse an unknown backend, an address without Ray, or Ray where it is missing."""
    if backend not in BACKENDS:
        raise GameOptionError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise GameOptionError("--address is for --backend ray")
    if backend == "ray":
        require_ray()
