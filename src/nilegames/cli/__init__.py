"""The terminal front end, ``nilegames games | play | replay``, for every registered game."""

from nilegames.cli.main import app

__all__ = ["app"]
