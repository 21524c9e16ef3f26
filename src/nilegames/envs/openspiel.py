"""Every nilegames game as an OpenSpiel (``pyspiel``) Python game.

Importing this module registers each game of the nilegames registry under the name
``python_nilegames_<id>``, so that::

    import nilegames.envs.openspiel  # noqa: F401
    game = pyspiel.load_game("python_nilegames_nile(players=3,variant=standard)")

works, and OpenSpiel's Python algorithms (MCTS, IS-MCTS, CFR on small games, ...) run on
it.  The adapter only uses the core contract (``Game``, ``State``, the observation dicts
and their encoders), so a game added to the registry later is served without code here.

Decisions worth knowing:

* **Strings.**  The information-state string is the canonical JSON (sorted keys, no
  spaces) of ``state.observation(player)``.  That dict holds the whole log the seat saw,
  so two states give the same string exactly when the seat cannot tell them apart.  The
  observation string is the same JSON without the ``"log"`` key: what the seat sees *now*,
  exact and stable, where ``render_text`` is meant for people, may drop detail, and may
  change whenever a game's looks do.  Both are kept until the next action, as searches
  ask for the same string many times (so act through the pyspiel state, not the core one).
* **Tensors.**  ``game.information_state_encoder()`` and ``game.observation_encoder()``
  encode the whole ``observation(player)`` dict, which is what they are defined on; the
  observer's ``dict`` holds one view into ``tensor`` per named piece of the encoder's
  layout, in layout order (which is also the order OpenSpiel's C++ side reads).
* **Spectators.**  An observer with no private information (``private_info`` NONE) reads
  ``state.public_observation()`` and ignores the player it is given.
* **Resampling.**  ``resample_from_infostate(player, sampler)`` seeds a ``random.Random``
  from two draws of ``sampler`` and hands it to the game's own resampler.  A seeded sampler
  (``pyspiel.UniformProbabilitySampler(seed, 0, 1)``) therefore gives reproducible worlds,
  and the unseeded samplers IS-MCTS creates give fresh ones each call.  The world is
  rebuilt by replaying its history through OpenSpiel, so ``history()`` is the sampled one.
  Only Python callers reach it (OpenSpiel's C++ ``ResampleFromInfostate`` cannot be
  overridden from Python), which is what ``open_spiel.python.algorithms.ismcts`` uses.
* **Serialisation.**  OpenSpiel stores a Python state as its C++ history plus the pickled
  ``__dict__``.  The only entry there is a holder of the nilegames state that pickles as
  ``(game id, players, options, history)`` and unpickles by replaying it, and that clones
  with ``State.clone()`` when OpenSpiel deep-copies it: exact, small and fast.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import numpy as np
import pyspiel

import nilegames
from nilegames.core.errors import GameOptionError
from nilegames.core.game import Game
from nilegames.core.options import OptionSpec
from nilegames.core.record import GameRecord, replay
from nilegames.core.registry import game_class
from nilegames.core.state import State
from nilegames.core.tensor import ObservationEncoder, Tensor
from nilegames.core.types import CHANCE, TERMINAL, Action, Observation

PREFIX = "python_nilegames_"

# Our player ids are OpenSpiel's, so ``current_player()`` passes through unchanged.
if (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)) != (CHANCE, TERMINAL):
    raise ImportError("nilegames and pyspiel disagree on the CHANCE/TERMINAL player ids")


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a nilegames game id."""
    return PREFIX + game_id


def _parameter(value: Any) -> Any:
    """A value OpenSpiel can hold as a game parameter (bool, int, float or str)."""
    return value if isinstance(value, bool | int | float | str) else str(value)


def _option_value(spec: OptionSpec, value: Any) -> Any:
    """The choice of ``spec`` that the OpenSpiel parameter ``value`` stands for.

    Choices that are not bool, int, float or str travel as their ``str``; anything that
    matches no choice is passed on, for the game to reject with its own message.
    """
    for choice in spec.choices:
        if type(choice) is type(value) and choice == value:
            return choice
    for choice in spec.choices:
        if not isinstance(choice, bool | int | float | str) and str(choice) == value:
            return choice
    return value


def _overrides(cls: type[Game], method: str) -> bool:
    return getattr(cls, method) is not getattr(Game, method)


@cache
def game_type(game_id: str) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a nilegames game: what kind of game it is, its options."""
    cls = game_class(game_id)
    specification: dict[str, Any] = {"players": cls.min_players}  # as nilegames.new_game
    for spec in cls.all_option_specs():
        specification[spec.name] = _parameter(spec.default)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=openspiel_name(game_id),
        long_name=f"{cls.title} (nilegames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if cls.zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=_overrides(cls, "information_state_encoder"),
        provides_observation_string=True,
        provides_observation_tensor=_overrides(cls, "observation_encoder"),
        parameter_specification=specification,
    )


def game_info(game: Game) -> pyspiel.GameInfo:
    """The OpenSpiel ``GameInfo`` of one configured game: its true sizes and bounds."""
    low, high = game.utility_range()
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        max_chance_outcomes=game.max_chance_outcomes(),
        num_players=game.players,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=0.0 if game.zero_sum else None,
        max_game_length=game.max_game_length(),
    )


def register_all() -> list[str]:
    """Register every nilegames game not registered yet; returns all their short names.

    Safe to call again (for instance after a new game joined the registry).
    """
    known = set(pyspiel.registered_names())
    names = []
    for entry in nilegames.games():
        game_id = entry["id"]
        name = openspiel_name(game_id)
        if name not in known:
            pyspiel.register_game(game_type(game_id), _factory(game_id))
        names.append(name)
    return names


def _factory(game_id: str) -> type[NilegamesGame]:
    """A ``NilegamesGame`` subclass bound to ``game_id``, for ``pyspiel.register_game``.

    A class rather than a ``functools.partial``: OpenSpiel's registry drops its reference
    only after the interpreter has shut down, and a partial freed then aborts the process,
    whereas a class (it refers to itself through its ``__mro__``) is never freed then.
    """

    base = NilegamesGame  # bound now: a reload of this module must not change the base

    def init(self: NilegamesGame, params: Mapping[str, Any] | None = None) -> None:
        base.__init__(self, game_id, params)

    name = "NilegamesGame_" + "".join(c if c.isalnum() else "_" for c in game_id)
    return type(name, (base,), {"__init__": init, "__module__": __name__})


def load_game(game_id: str, players: int | None = None, **options: Any) -> NilegamesGame:
    """``pyspiel.load_game`` by nilegames id, players and options, as ``nilegames.new_game``."""
    params = {name: _parameter(value) for name, value in options.items()}
    if players is not None:
        params["players"] = players
    game: NilegamesGame = pyspiel.load_game(openspiel_name(game_id), params)
    return game


class NilegamesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """One configured nilegames game behind OpenSpiel's ``Game`` interface."""

    def __init__(self, game_id: str, params: Mapping[str, Any] | None = None) -> None:
        cls = game_class(game_id)
        given = dict(params or {})
        players = given.pop("players", None)
        specs = {spec.name: spec for spec in cls.all_option_specs()}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            raise GameOptionError(
                f"{openspiel_name(game_id)} has no parameter {', '.join(unknown)};"
                f" its parameters are: players, {', '.join(specs) or '(no options)'}"
            )
        options = {name: _option_value(specs[name], value) for name, value in given.items()}
        game = nilegames.new_game(game_id, players, **options)
        resolved = {"players": game.players}
        resolved.update({name: _parameter(value) for name, value in game.options.items()})
        super().__init__(game_type(game_id), game_info(game), resolved)
        #: The nilegames game this OpenSpiel game serves.
        self.nilegames_game: Game = game

    def new_initial_state(self) -> NilegamesState:
        """The root state, its set-up chance nodes still to resolve."""
        return NilegamesState(self)

    def state_from_history(self, actions: list[Action]) -> NilegamesState:
        """The state reached by applying ``actions`` from the root (OpenSpiel history too)."""
        state = NilegamesState(self)
        for action in actions:
            state.apply_action(action)
        return state

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> NilegamesObserver:
        """An observer of the requested kind (OpenSpiel's default observation if none)."""
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel passes only params in one path
            iig_obs_type, params = None, iig_obs_type
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return NilegamesObserver(self.nilegames_game, iig_obs_type, params)


class _Held:
    """The nilegames state inside a pyspiel state, with the views already computed.

    OpenSpiel deep-copies a Python state's ``__dict__`` to clone it and pickles it to
    serialise it; this holder makes the first a ``State.clone()`` and the second a replay
    of the action history, so neither depends on how a game stores its state.  Searches
    ask for the same information-state string several times per state, so views and
    strings are kept until the next action (a clone keeps them too: it is the same state).
    """

    __slots__ = ("cache", "state")

    def __init__(self, state: State, cache: dict[tuple[str, int | None], Any] | None = None):
        self.state = state
        self.cache: dict[tuple[str, int | None], Any] = {} if cache is None else cache

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), dict(self.cache))

    def __reduce__(self) -> tuple[Callable[..., _Held], tuple[Any, ...]]:
        game = self.state.game
        return (_replayed, (game.id, game.players, dict(game.options), self.state.history()))

    def apply(self, action: Action) -> None:
        self.state.apply_action(action)  # raises before any change on a bad action
        self.cache.clear()

    def view(self, player: int | None) -> Observation:
        """``observation(player)``, or ``public_observation()`` for ``None``; do not mutate."""
        key = ("view", player)
        if key not in self.cache:
            state = self.state
            self.cache[key] = (
                state.public_observation() if player is None else state.observation(player)
            )
        view: Observation = self.cache[key]
        return view

    def text(self, player: int | None, recall: bool) -> str:
        """The canonical JSON of a view: whole with ``recall``, else without its ``"log"``."""
        key = ("recall" if recall else "now", player)
        if key not in self.cache:
            view = self.view(player)
            if not recall:
                view = {name: value for name, value in view.items() if name != "log"}
            self.cache[key] = json.dumps(view, sort_keys=True, separators=(",", ":"))
        text: str = self.cache[key]
        return text


def _replayed(game_id: str, players: int, options: dict[str, Any], actions: list[int]) -> _Held:
    """Unpickling a :class:`_Held`: the game rebuilt from its record."""
    return _Held(replay(GameRecord(game_id, players, options, list(actions))))


def _rng_from(probability_sampler: Callable[[], float]) -> random.Random:
    """A generator seeded by two draws of an OpenSpiel probability sampler.

    A string seed is hashed with SHA-512 by ``random``, so every bit of both draws counts
    and the result does not depend on ``PYTHONHASHSEED``.
    """
    first, second = float(probability_sampler()), float(probability_sampler())
    return random.Random(f"{first!r}/{second!r}")


class NilegamesState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type hints
    """A nilegames state behind OpenSpiel's ``State`` interface.

    Every action goes through OpenSpiel's ``apply_action`` (which keeps OpenSpiel's history)
    and then through the nilegames state's validating ``apply_action``.
    """

    def __init__(self, game: NilegamesGame) -> None:
        super().__init__(game)
        self._held = _Held(game.nilegames_game.new_initial_state())

    @property
    def nilegames_state(self) -> State:
        """The wrapped nilegames state (read it; act through this object to stay in step)."""
        return self._held.state

    def current_player(self) -> int:
        return self._held.state.current_player()

    def _legal_actions(self, player: int) -> list[Action]:
        # OpenSpiel only asks for the seat to move; other seats get [] on its side.
        return self._held.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return self._held.state.chance_outcomes()

    def _apply_action(self, action: Action) -> None:
        self._held.apply(int(action))

    def _action_to_string(self, player: int, action: Action) -> str:
        # The core words an action as the one to move (a seat or chance) would take it here,
        # which is what OpenSpiel asks for in play; ``player`` adds nothing to that.
        return self._held.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        return [float(value) for value in self._held.state.returns()]

    def rewards(self) -> list[float]:
        # Terminal rewards; OpenSpiel's default refuses to answer at a chance node.
        return self.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> NilegamesState:
        """A state ``player_id`` cannot tell from this one, the hidden rest drawn anew."""
        rng = _rng_from(probability_sampler)
        sampled = self._held.state.resample_from_infostate(int(player_id), rng)
        game: NilegamesGame = self.get_game()
        return game.state_from_history(sampled.history())

    def __str__(self) -> str:
        return str(self._held.state)


class NilegamesObserver:
    """An OpenSpiel Python observer built only from the game's observation dicts.

    Perfect recall uses the information-state encoder and the full dict as the string;
    otherwise the observation encoder and the dict without its ``"log"``.  Both encoders
    get the whole dict, as the game defines them on it.  With no private information the
    spectator's ``public_observation()`` is used instead of a seat's view.
    """

    def __init__(
        self,
        game: Game,
        iig_obs_type: pyspiel.IIGObservationType,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info:
            raise ValueError("an observation without the public information is not supported")
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation of every seat's private information is not supported")
        self.public_only: bool = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        self.encoder: ObservationEncoder | None
        try:
            if self.perfect_recall:
                self.encoder = game.information_state_encoder()
            else:
                self.encoder = game.observation_encoder()
        except NotImplementedError:
            self.encoder = None
        self.tensor: Tensor | None = None
        self.dict: dict[str, Tensor] = {}
        if self.encoder is not None:
            layout = self.encoder.layout
            tensor = np.zeros(layout.size, dtype=np.float32)
            self.dict = {piece.name: tensor[layout.span(piece.name)] for piece in layout.pieces}
            self.tensor = tensor

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: NilegamesState, player: int) -> None:
        """Fill ``tensor`` (and so ``dict``) with ``state`` as ``player`` sees it."""
        if self.encoder is None or self.tensor is None:
            return
        self.tensor[:] = self.encoder.encode(state._held.view(self._seat(player)))

    def string_from(self, state: NilegamesState, player: int) -> str:
        """The canonical JSON of ``state`` as ``player`` sees it (now only, without recall)."""
        return state._held.text(self._seat(player), self.perfect_recall)


register_all()
