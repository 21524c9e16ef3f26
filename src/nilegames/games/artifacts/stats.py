"""What one finished game of NILE ARTIFACTS says, for simulations
(``nilegames simulate artifacts``).

Every figure is read from the event log (``state.events``), the full truth of the game,
so the designer's questions (which monuments are never worth it? how many coins go on
buying?) can be answered over thousands of games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nilegames.games.artifacts.cards import CARDS, WILD
from nilegames.games.artifacts.monuments import MONUMENTS
from nilegames.games.artifacts.state import PRICE

if TYPE_CHECKING:
    from nilegames.games.artifacts.state import ArtifactsState


def final_scores(state: ArtifactsState) -> list[float]:
    """Each seat's divine favour at the end (unfinished monuments already paid)."""
    return [float(favour) for favour in state.favour]


def monument_key(monument: int) -> str:
    """A figure name for one monument: ``completed_`` and its name in snake case."""
    name = MONUMENTS[monument].name.lower()
    return "completed_" + "".join(c if c.isalnum() else "_" for c in name).strip("_")


def statistics(state: ArtifactsState) -> dict[str, float]:
    """The game's figures by name (see :meth:`nilegames.core.Game.statistics`).

    - ``rounds``: rounds played; ``ended_round_limit``: 1 if the safety limit ended it;
    - ``monuments_completed``: monuments whose top level someone reached;
    - ``coins_spent``: coins paid for turn-arounds and bought cards, all seats together;
      ``turn_arounds`` and ``cards_bought`` count each;
    - ``levels_climbed``: monument levels climbed by all seats; ``wilds_offered``: wild
      cards used in offerings;
    - per monument revealed in the game, ``completed_<name>``: 1 if it was completed, 0
      if it was still standing at the end (left out when the monument never came out), so
      the simulation's mean is the rate at which that monument gets completed.
    """
    rounds = turn_arounds = bought = climbed = wilds = 0
    completed: set[int] = set()
    revealed: list[int] = []
    reason = ""
    for event in state.events:
        kind = event[0]
        if kind == "round":
            rounds = max(rounds, int(event[1]))
        elif kind == "turn_around":
            turn_arounds += 1
        elif kind == "bought":
            bought += 1
        elif kind == "offered":
            climbed += len(event[4])
            wilds += sum(1 for card in event[2] if CARDS[card].type == WILD)
        elif kind == "completed":
            completed.add(int(event[1]))
        elif kind == "reveal":
            revealed.append(int(event[1]))
        elif kind == "game_over":
            reason = str(event[1])
    figures = {
        "rounds": float(rounds),
        "ended_round_limit": float(reason == "round limit"),
        "monuments_completed": float(len(completed)),
        "coins_spent": float(PRICE * (turn_arounds + bought)),
        "turn_arounds": float(turn_arounds),
        "cards_bought": float(bought),
        "levels_climbed": float(climbed),
        "wilds_offered": float(wilds),
    }
    for monument in revealed:
        figures[monument_key(monument)] = float(monument in completed)
    return figures
