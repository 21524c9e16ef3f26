"""Every game nilegames knows; importing this package registers them."""

from nilegames.games import nile, pharaohs

__all__ = ["nile", "pharaohs"]
