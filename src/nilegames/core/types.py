"""Player ids and aliases shared by every game, with OpenSpiel's values."""

from __future__ import annotations

from typing import Any, Final

#: ``current_player()`` of a chance node (OpenSpiel's ``PlayerId.CHANCE``).
CHANCE: Final = -1
#: ``current_player()`` of a finished game (OpenSpiel's ``PlayerId.TERMINAL``).
TERMINAL: Final = -4

Action = int
#: A plain, JSON-serialisable view of a state: what one seat (or a spectator) may see.
Observation = dict[str, Any]
