"""Declared game options: their kinds, defaults and checks, as data a UI can show."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nilegames.core.errors import GameOptionError


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts: a name, a default and the values allowed."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str

    def check(self, value: Any) -> Any:
        if value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise GameOptionError(f"option {self.name}={value!r} is not one of {allowed}")
        return value

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "help": self.help,
        }


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
