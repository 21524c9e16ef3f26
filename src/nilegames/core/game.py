"""A game: its identity, player range and options, and the factory of its root state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar, cast

from nilegames.core.errors import GameOptionError
from nilegames.core.options import RULES, OptionSpec, resolve_options, rules_spec
from nilegames.core.state import State
from nilegames.core.tensor import ObservationEncoder
from nilegames.core.types import Observation

#: A game's own kind of state, for :meth:`Game.copy_of_first_state`.
StateT = TypeVar("StateT", bound=State)


class Game(ABC):
    """One configured game (an id, a player count, options) that makes root states."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: The newest edition of the game's rules, the one a new game plays.  A change that
    #: would alter the moves or the result of a stored game adds an edition and keeps the
    #: older ones playable, so that every record replays under the rules it was played by
    #: (the ``rules`` option; docs/rules/<id>.md lists what each edition changed).
    rules_edition: ClassVar[int] = 1
    #: The value a stored game is taken to have for an option it predates: records and
    #: tables written before the option existed ("rules" is 1 for every game).
    legacy_options: ClassVar[Mapping[str, Any]] = {}
    #: Whether every terminal's returns add up to zero (OpenSpiel's ZERO_SUM utility).
    zero_sum: ClassVar[bool] = True
    #: Where search playouts should stop and call :meth:`evaluate` (None: play to the end).
    #: Random play to the end says little in some games (a river that wanders into a
    #: dead end), and there the evaluation after a few moves is the better guess.
    playout_depth: ClassVar[int | None] = None
    #: The game's own bot spec for a level where the common one (``nilegames.ai.LEVELS``)
    #: does not keep the levels apart in this game (docs/ai.md, "Levels").
    levels: ClassVar[Mapping[str, str]] = {}

    def __init__(self, players: int | None = None, **options: Any) -> None:
        if players is None:
            players = self.min_players
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise GameOptionError(
                f"{self.id} is for {self.min_players} to {self.max_players} players,"
                f" not {players!r}"
            )
        self.players: int = players
        self.options: dict[str, Any] = resolve_options(self.id, self.all_option_specs(), options)
        #: The rules edition this game follows (the ``rules`` option), read once here.
        self.rules: int = self.options[RULES]
        self._check_options()

    @classmethod
    def all_option_specs(cls) -> tuple[OptionSpec, ...]:
        """The game's own options and the rules edition every game has."""
        return (*cls.option_specs, rules_spec(cls.rules_edition))

    @classmethod
    def stored_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a stored game, with what it predates filled in as it was then:
        a record without a ``rules`` option was played under the first edition."""
        return {RULES: 1, **cls.legacy_options, **options}

    def _check_options(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Checks that tie options to the player count; games override it."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """The root of a new game: its set-up chance nodes still to resolve."""

    def copy_of_first_state(self, make: Callable[[], StateT]) -> StateT:
        """A copy of the first state ``make`` builds, built once per game: for games whose
        set-up costs more than a copy (random playouts start a new game every few hundred
        steps).  The kept state never leaves: only copies do."""
        start = self.__dict__.get("_start")
        if start is None:
            start = self.__dict__["_start"] = make()
        return cast(StateT, start.clone())

    def __getstate__(self) -> dict[str, Any]:
        """The game without a kept first state (made again when next needed)."""
        return {name: value for name, value in self.__dict__.items() if name != "_start"}

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the fixed action space: every seat action is below it."""

    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """Every chance outcome is below it."""

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the actions of one game, chance outcomes included."""

    def commits(self, state: State, action: int) -> bool:
        """Whether the seat's ``action``, taken in ``state``, is final: no undo may take it
        back (:mod:`nilegames.core.undo`).

        Steps followed by chance are final anyway; a game marks the others that must
        stand, such as a step that shows its seat something hidden.  None by default.
        """
        return False

    def utility_range(self) -> tuple[float, float]:
        """The lowest and highest value a seat's return can take."""
        return (-1.0, 1.0)

    def evaluate(self, state: State, player: int) -> float:
        """A quick estimate of ``player``'s return in ``state``, within the utility range.

        Greedy bots and cut-off playouts use it.  It must read only what ``player`` may
        see of ``state`` (the public table and its own hand), so that it leaks nothing when
        a bot calls it on a world it resampled.
        """
        raise NotImplementedError(f"{self.id} has no evaluation function")

    def playout_action(self, state: State, rng: random.Random) -> int:
        """The move a search's ``game`` playout policy plays for the seat to move in a
        world it sampled: a cheap, game-informed guess (uniformly random by default).

        It reads the whole (sampled) state, which is fine only inside a search.
        """
        return rng.choice(state.legal_actions())

    def explain_move(
        self, before: Observation, played: str, after: Observation, lang: str = "en"
    ) -> str:
        """Words for what a seat's move led to, for a game review: ``played`` is the move in
        (English) words, ``before`` and ``after`` are the seat's observations when it chose
        and at its next choice (or the end), so the words use only what it saw; ``lang``,
        the language of the words (one of :data:`nilegames.core.translate.LANGUAGES`; a
        game that does not speak it says it in English).  Empty by default.
        """
        return ""

    # -- reading a finished game (analysis: ``nilegames simulate``) -----------------------
    def final_scores(self, state: State) -> list[float]:
        """One score per seat at the end of a finished game, in the game's own points.

        Simulations report their distribution.  Games with points override it; the
        default is the returns, which every game has.
        """
        return [float(r) for r in state.returns()]

    def turns(self, state: State) -> int | None:
        """How many turns a finished game lasted, as the game counts them; None if the game
        has no notion of its own (a simulation then counts the runs of decisions by one
        seat)."""
        return None

    def statistics(self, state: State) -> dict[str, float]:
        """Figures of one finished game that only this game knows (NILE: locust strikes,
        overtakes...), read from its event log, by name.

        A simulation averages each over the games that report it, with a 95 % interval; a
        figure a game leaves out (a success rate with nothing tried) is not counted as
        zero.  Names are ``snake_case``; a figure that is 0 or 1 in every game is read as
        a rate.  The default is none.
        """
        return {}

    def observation_encoder(self) -> ObservationEncoder:
        """The fixed-shape encoding of what a seat sees now (for learning code)."""
        raise NotImplementedError(f"{self.id} has no observation encoder")

    def information_state_encoder(self) -> ObservationEncoder:
        """The fixed-shape encoding of what a seat sees now and has seen before."""
        raise NotImplementedError(f"{self.id} has no information-state encoder")

    def render_text(self, observation: Observation) -> str:
        """Plain-text view of an observation (the terminal and ``ansi`` render mode)."""
        return repr(observation)

    def render_rich(self, observation: Observation) -> Any:
        """A ``rich`` renderable of an observation; plain text unless the game draws more."""
        return self.render_text(observation)

    @classmethod
    def describe(cls) -> dict[str, Any]:
        """The game's id, title, player range and options, as plain data."""
        return {
            "id": cls.id,
            "title": cls.title,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "options": [spec.describe() for spec in cls.all_option_specs()],
            "rules_edition": cls.rules_edition,
        }

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"<{type(self).__name__} {self.id} players={self.players}{opts}>"
