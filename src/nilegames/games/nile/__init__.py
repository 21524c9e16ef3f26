"""NILE, the Minion Games card game (seeds 000 and 004)."""

from nilegames.games.nile.game import NileGame
from nilegames.games.nile.state import NileState, Phase

__all__ = ["NileGame", "NileState", "Phase"]
