"""NILE ARTIFACTS (Dunstan & Gilbert, seed 002): boats collect artifacts for monuments."""

from nilegames.games.artifacts.game import ArtifactsGame
from nilegames.games.artifacts.state import ArtifactsState

__all__ = ["ArtifactsGame", "ArtifactsState"]
