"""The state contract every game implements, in OpenSpiel's names.

A state is the full truth of one game in progress.  Everything a person or a bot may
learn from it goes through :meth:`State.observation` (one seat) or
:meth:`State.public_observation` (a spectator).  Randomness is never drawn inside a
state: a chance node lists its outcomes with their probabilities and whoever holds the
random generator (a test, a bot, a server) applies one of them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, NoReturn

from nilegames.core.errors import IllegalActionError
from nilegames.core.types import CHANCE, TERMINAL, Action, Observation

if TYPE_CHECKING:
    from nilegames.core.game import Game


class State(ABC):
    """One game in progress: whose turn, what is legal, and what each seat may see."""

    __slots__ = ("_history", "game", "legal_cache")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[Action] = []
        #: The legal actions of the seat to move, listed once and kept until the state
        #: changes: a game sets it to None in every move (or to the list it already found).
        self.legal_cache: list[Action] | None = None

    # -- whose turn -----------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A seat number, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def num_players(self) -> int:
        return self.game.players

    # -- what may happen ------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        """Sorted legal actions of the seat to move (only called at a decision node): a
        copy of the kept list, which the caller may change."""
        if self.legal_cache is None:
            self.legal_cache = self._compute_legal_actions()
        return self.legal_cache[:]

    @abstractmethod
    def _compute_legal_actions(self) -> list[Action]:
        """Sorted legal actions of the seat to move, listed afresh."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node, sorted; empty elsewhere."""

    def legal_actions(self) -> list[Action]:
        """Sorted legal actions: the seat's at a decision node, the outcomes at chance."""
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return self._legal_actions()

    def _is_legal(self, action: Action) -> bool:
        """Whether the seat to move may take ``action``: in the kept list, without a copy."""
        if self.legal_cache is None:
            self.legal_cache = self._compute_legal_actions()
        return action in self.legal_cache

    def _is_chance_outcome(self, action: Action) -> bool:
        return any(outcome == action for outcome, _ in self.chance_outcomes())

    # -- making it happen -------------------------------------------------------------
    def apply_action(self, action: object, player: int | None = None) -> None:
        """Apply one action (or chance outcome), or raise and change nothing.

        ``player`` names the seat that submits the action, so that a move out of turn is
        refused; leave it out when the caller is the one who resolves chance.
        """
        current = self.current_player()
        if type(action) is not int:  # ``object`` above: a compiled build checks here too
            self._refuse(action, player, current)
        if current >= 0:
            ok = (player is None or player == current) and self._is_legal(action)
        elif current == CHANCE:
            ok = (player is None or player == CHANCE) and self._is_chance_outcome(action)
        else:
            ok = False
        if not ok:
            self._refuse(action, player, current)
        self._apply_action(action)
        self._history.append(action)

    def _refuse(self, action: object, player: int | None, current: int) -> NoReturn:
        """Raise the error that says why ``action`` cannot be applied (the slow path)."""
        if type(action) is not int:
            raise IllegalActionError(f"an action is an int, not {type(action).__name__}")
        if current == TERMINAL:
            raise IllegalActionError(f"the game is over; action {action} cannot be applied")
        if player is not None and player != current:
            if current == CHANCE:
                raise IllegalActionError(
                    f"seat {player} cannot act: a chance outcome is due, not a seat's move"
                )
            raise IllegalActionError(f"seat {player} cannot act: it is seat {current}'s turn")
        if current == CHANCE:
            raise IllegalActionError(f"{action} is not a possible chance outcome here")
        raise IllegalActionError(
            f"action {action} is not legal for seat {current} now (legal: {self._legal_actions()})"
        )

    @abstractmethod
    def _apply_action(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    # -- results and words --------------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[float]:
        """One float per seat: the final result at a terminal state, zeros before."""

    @abstractmethod
    def action_to_string(self, action: Action) -> str:
        """Words for ``action`` as the seat to move (or chance) would take it here."""

    def string_to_action(self, text: str) -> Action:
        """The legal action whose words are ``text`` (case and spaces do not matter)."""
        wanted = " ".join(text.lower().split())
        for action in self.legal_actions():
            if " ".join(self.action_to_string(action).lower().split()) == wanted:
                return action
        raise IllegalActionError(f"no legal action is called {text!r} here")

    def history(self) -> list[Action]:
        """Every action applied since the root, chance outcomes included."""
        return list(self._history)

    @abstractmethod
    def clone(self) -> State:
        """An independent copy that continues identically."""

    # -- views ------------------------------------------------------------------------
    def check_seat(self, player: object) -> None:
        """Refuse anything but a seat of this game, before a view or a world is built for it."""
        if type(player) is not int or not 0 <= player < self.game.players:
            raise ValueError(f"no seat {player!r} in a {self.game.players}-player game")

    @abstractmethod
    def observation(self, player: int) -> Observation:
        """Exactly what ``player`` may see, with perfect recall, as plain data."""

    @abstractmethod
    def public_observation(self) -> Observation:
        """What a spectator may see."""

    @abstractmethod
    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        """A full state that ``player`` cannot tell from this one, hidden rest drawn at random."""

    def __str__(self) -> str:
        return self.game.render_text(self.public_observation())
