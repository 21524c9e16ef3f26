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


def undo_status(
    state: State, seat: int, *, actor: int | None = None, before: State | None = None
) -> UndoStatus:
    """Whether ``seat`` may take back the last action of ``state`` now, and why (not).

    A caller that knows who made the last action (``actor``, ``CHANCE`` for an outcome)
    or holds the state before it (``before``) saves the replay that finds them out: a
    server asks this for every view of the seat to move.
    """
    history = state.history()
    if state.current_player() == TERMINAL:
        return UndoStatus("over", "the game is over")
    if not history:
        return UndoStatus("nothing", "there is nothing to take back yet")
    if before is None and (actor is None or actor == seat):
        before = _replayed(state, len(history) - 1)
    if before is not None:
        actor = before.current_player()
    last = history[-1]
    if actor == CHANCE:
        return UndoStatus("chance", "chance has acted since the last move: it stands")
    if actor != seat or state.current_player() != seat or before is None:
        return UndoStatus(
            "turn", "only the seat that made the last move may take it back, on its turn"
        )
    words = before.action_to_string(last)
    if state.game.commits(before, last):
        return UndoStatus("final", f"'{words}' is final: it cannot be taken back", words)
    return UndoStatus("ok", f"take back '{words}'", words)


def _replayed(state: State, steps: int) -> State:
    """The game of ``state`` replayed through its first ``steps`` actions."""
    again = state.game.new_initial_state()
    for action in state.history()[:steps]:
        again.apply_action(action)
    return again


def undo(state: S, seat: int) -> S:
    """The state before ``seat``'s last step, replayed afresh; raises and changes nothing
    when that step cannot be taken back (the error says why)."""
    status = undo_status(state, seat)
    if not status.possible:
        raise IllegalActionError(f"seat {seat} cannot undo: {status.reason}")
    return cast(S, _replayed(state, len(state.history()) - 1))
