"""Game-agnostic bots that see only a seat's observation and its legal actions."""

from __future__ import annotations

from nilegames.ai.base import Bot
from nilegames.ai.random_bot import RandomBot
from nilegames.core import GameOptionError

BOTS = {"random": RandomBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name, e.g. ``random``."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise GameOptionError(f"no bot is called {name!r}; bots: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
