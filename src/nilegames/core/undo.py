"""Taking back the last step of a composite move, honestly.

A move made of several atomic actions (cards chosen for a trade, a planting laid card by
card, a tile placed before the turn ends) may be taken back one step at a time while it
is still open: the seat that made the step is still the one to move and nothing has
happened since.  Undoing is replaying the game without its last action, so the state
that comes back is exactly the one the seat had before, and every view of it is the view
everyone had then: an undo reveals nothing that was not already shown.

A step cannot be taken back once chance has acted after it (a card was drawn, a tile
turned: the world has moved on and the draw would otherwise be repeatable), once another
seat is to move, or when the game marks the step final (``State.commits``: an action that
shows its seat something hidden, or closes a move on purpose).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar, cast

from nilegames.core.errors import IllegalActionError
from nilegames.core.state import State
from nilegames.core.types import CHANCE, TERMINAL

S = TypeVar("S", bound=State)

#: Why a step can or cannot be taken back, as a code a UI translates.
UndoCode = Literal["ok", "nothing", "over", "chance", "turn", "final"]


@dataclass(frozen=True)
class UndoStatus:
    """Whether ``seat`` may take back the last step now, and the reason in words."""

    code: UndoCode
    reason: str
    #: The words of the step that would be taken back (None when there is none).
    step: str | None = None

    @property
    def possible(self) -> bool:
        return self.code == "ok"

    def to_json(self) -> dict[str, object]:
        return {
            "possible": self.possible,
            "code": self.code,
            "reason": self.reason,
            "step": self.step,
        }


def undo_status(state: State, seat: int) -> UndoStatus:
    """Whether ``seat`` may take back the last action of ``state`` now, and why (not)."""
    history = state.history()
    if state.current_player() == TERMINAL:
        return UndoStatus("over", "the game is over")
    if not history:
        return UndoStatus("nothing", "there is nothing to take back yet")
    before = state.game.new_initial_state()
    for action in history[:-1]:
        before.apply_action(action)
    actor = before.current_player()
    last = history[-1]
    if actor == CHANCE:
        return UndoStatus("chance", "chance has acted since the last move: it stands")
    if actor != seat or state.current_player() != seat:
        return UndoStatus(
            "turn", "only the seat that made the last move may take it back, on its turn"
        )
    words = before.action_to_string(last)
    if state.game.commits(before, last):
        return UndoStatus("final", f"'{words}' is final: it cannot be taken back", words)
    return UndoStatus("ok", f"take back '{words}'", words)


def undo(state: S, seat: int) -> S:
    """The state before ``seat``'s last step, replayed afresh; raises and changes nothing
    when that step cannot be taken back (the error says why)."""
    status = undo_status(state, seat)
    if not status.possible:
        raise IllegalActionError(f"seat {seat} cannot undo: {status.reason}")
    before = state.game.new_initial_state()
    for action in state.history()[:-1]:
        before.apply_action(action)
    return cast(S, before)
