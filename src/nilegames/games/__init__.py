"""Every game nilegames knows; importing this package registers them."""

from nilegames.games import artifacts, banks, nile, pharaohs

__all__ = ["artifacts", "banks", "nile", "pharaohs"]
