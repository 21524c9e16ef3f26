"""Declared game options: their kinds, defaults and checks, as data a UI can show."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nilegames.core.errors import GameOptionError

#: The option every game has: the edition of its rules a game is played under.
RULES = "rules"


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts: a name, a default and the values allowed."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    #: Whether a person choosing a new table sees it: the rules edition is kept for stored
    #: games and research, not offered in the lobby.
    advanced: bool = False

    def check(self, value: Any) -> Any:
        # ``True == 1`` and ``1 == 1.0`` in Python: a choice must match in type as well.
        if not any(type(value) is type(c) and value == c for c in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices)
            raise GameOptionError(f"option {self.name}={value!r} is not one of {allowed}")
        return value

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "help": self.help,
            "advanced": self.advanced,
        }


def rules_spec(newest: int) -> OptionSpec:
    """The ``rules`` option of a game whose newest rules edition is ``newest``."""
    return OptionSpec(
        RULES,
        newest,
        tuple(range(1, newest + 1)),
        "the edition of the rules: the newest for a new game; a stored game keeps its own",
        advanced=True,
    )


def resolve_options(
    game_id: str, specs: tuple[OptionSpec, ...], given: Mapping[str, Any]
) -> dict[str, Any]:
    """The full option set: defaults filled in, unknown names and bad values rejected."""
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise GameOptionError(
            f"{game_id} has no option {', '.join(unknown)}; its options are: {names}"
        )
    return {name: spec.check(given.get(name, spec.default)) for name, spec in known.items()}
