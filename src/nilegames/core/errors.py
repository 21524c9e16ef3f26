"""One exception family, so callers can catch every rejection of bad input at once."""

from __future__ import annotations


class NilegamesError(Exception):
    """Base class of every error nilegames raises on bad input."""


class UnknownGameError(NilegamesError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class GameOptionError(NilegamesError, ValueError):
    """A player count or game option that the game does not accept."""


class IllegalActionError(NilegamesError, ValueError):
    """An action that is not legal in the state it was applied to; the state is unchanged."""


class RecordError(NilegamesError, ValueError):
    """A game record that is malformed, of another version, or does not replay."""
