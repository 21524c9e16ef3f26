"""AN DEN UFERN DES NILS (Kuhn, Abacus 1994, seed 003): sow and harvest between flood and desert."""

from nilegames.games.banks.game import BanksGame
from nilegames.games.banks.state import BanksState

__all__ = ["BanksGame", "BanksState"]
