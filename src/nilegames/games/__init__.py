"""Every game nilegames knows; importing this package registers them."""

from nilegames.games import nile

__all__ = ["nile"]
