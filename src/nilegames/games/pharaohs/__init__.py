"""NIL - Le Jeu des Pharaons (Spear-Spiele, seed 001): a river of tiles across a board."""

from nilegames.games.pharaohs.game import PharaohsGame
from nilegames.games.pharaohs.state import PharaohsState

__all__ = ["PharaohsGame", "PharaohsState"]
