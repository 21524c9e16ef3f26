"""Gymnasium single-agent environments: a learner holds one seat, bots hold the others.

Importing this module registers one id per game, ``nilegames/<Game>-v0`` (``nile`` becomes
``nilegames/Nile-v0``):

>>> import gymnasium, nilegames.envs.gymnasium
>>> env = gymnasium.make("nilegames/Nile-v0", players=3, opponents=["random", "random"])
>>> observation, info = env.reset(seed=1)
>>> observation.dtype.name, sorted(info)
('float32', ['action_mask', 'legal_actions'])

Decisions a user should know about:

* **Seats.** The learner sits at ``seat`` (default 0).  The game's own chance decides who
  starts (NILE draws the first player), and the encoding counts seats from the viewer, so a
  fixed seat costs the learner nothing.  ``opponents`` fill the other seats in increasing
  seat order; each is a bot name for :func:`nilegames.ai.make_bot` or a bot object
  (default: random bots).  Named bots are rebuilt at every reset with seeds drawn from the
  environment's generator, so a seed repeats a whole episode; bot objects you pass keep
  their own randomness.
* **What bots see.** A bot is called with the observation of its own seat and its legal
  actions, never the state.  A bot whose ``step`` has a ``resample`` parameter also gets
  ``resample(rng)``, which draws a full state its seat cannot tell from the real one.
* **Observations** are ``game.observation_encoder().encode(state.observation(seat))`` for
  the learner's seat, float32 in an unbounded ``Box`` (the encoder declares no bounds).
  ``info["action_mask"]`` (int8) and ``info["legal_actions"]`` give the legal moves; both
  are empty once the episode is over, when ``info["returns"]`` holds every seat's result.
* **Reward** is 0 until the game ends, then the learner's ``state.returns()`` value (NILE:
  +1 first, -1 last, linear between, ties share; every game's rewards add up to zero).
  Episodes end by ``terminated``; they are never truncated.
* **Illegal actions.** Gymnasium treats every element of the action space as a valid
  input (``check_env`` and plain, unmasked agents send any of them), so the default
  ``illegal_action="penalize"`` ends the episode at once with the game's lowest return
  (-1 for NILE) as the reward, sets ``info["illegal_action"]`` and leaves the state as it
  was.  ``illegal_action="raise"`` instead raises :class:`nilegames.IllegalActionError`
  naming the action, with nothing changed, which suits masked agents where an illegal
  move can only be a bug.  A step after the episode has ended raises ``ResetNeeded``.
* **Rendering** (``"ansi"`` returns the text, ``"human"`` prints it) shows the learner's
  view while the game runs and the public view once it is over: never a bot's hand.
"""

from __future__ import annotations

import functools
import inspect
import operator
import random
import re
from collections.abc import Sequence
from typing import Any, Literal, Protocol, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import nilegames
from nilegames.ai import Bot, make_bot
from nilegames.core import (
    Action,
    Game,
    GameOptionError,
    IllegalActionError,
    Observation,
    State,
)

Tensor = npt.NDArray[np.float32]
Info = dict[str, Any]
IllegalPolicy = Literal["penalize", "raise"]


class SeatBot(Protocol):
    """What an opponent must offer: a :class:`nilegames.ai.Bot`, or any object whose
    ``step`` takes just the observation and the legal actions (it then gets no resampler)."""

    name: str

    def step(self, observation: Observation, legal_actions: list[Action]) -> Action: ...


Opponent = str | SeatBot


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``nile`` -> ``nilegames/Nile-v0``."""
    name = "".join(part.capitalize() for part in re.split(r"[^0-9A-Za-z]+", game_id) if part)
    return f"nilegames/{name}-v0"


def _takes_resample(bot: SeatBot) -> bool:
    """Whether ``bot.step`` has a ``resample`` parameter (search bots do, plain ones not)."""
    try:
        return "resample" in inspect.signature(bot.step).parameters
    except (TypeError, ValueError):
        return False


class NilegamesEnv(gymnasium.Env[Tensor, np.int64]):
    """One seat of a game for a single learner; the other seats are played by bots."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str = "nile",
        players: int | None = None,
        opponents: Sequence[Opponent] | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        illegal_action: IllegalPolicy = "penalize",
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(
                f"illegal_action must be 'penalize' or 'raise', not {illegal_action!r}"
            )
        if players is None and opponents is not None:
            players = len(opponents) + 1
        self.game: Game = nilegames.new_game(game_id, players, **options)
        n = self.game.players
        if opponents is None:
            opponents = ["random"] * (n - 1)
        if len(opponents) != n - 1:
            raise GameOptionError(
                f"{n} players need {n - 1} opponents, not {len(opponents)}: {list(opponents)!r}"
            )
        if type(seat) is not int or not 0 <= seat < n:
            raise GameOptionError(f"seat must be an int from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_action: IllegalPolicy = illegal_action
        self.opponents: list[Opponent] = list(opponents)
        #: The seat of each opponent, in the order given.
        self.bot_seats = [s for s in range(n) if s != seat]
        self._encoder = self.game.observation_encoder()
        self._num_actions = self.game.num_distinct_actions()
        self.observation_space = spaces.Box(
            -np.inf, np.inf, shape=self._encoder.shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(self._num_actions)
        self._rng = random.Random()
        self._bots: dict[int, tuple[SeatBot, bool]] = {}
        self._state: State | None = None
        self._over = False

    @property
    def game_state(self) -> State:
        """The full state, hidden cards included: for analysis and tests, never the learner."""
        if self._state is None:
            raise gymnasium.error.ResetNeeded("call reset() first")
        return self._state

    # -- the episode --------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, Info]:
        """Deal a new game and let the bots play up to the learner's first turn.

        ``options`` is accepted for the API and ignored: game options go to the constructor.
        """
        super().reset(seed=seed)
        # Chance and the named bots draw from generators seeded by np_random, which
        # Gymnasium seeds here, so reset(seed=s) repeats an episode and reset() varies it.
        self._rng = random.Random(int(self.np_random.integers(2**62)))
        self._bots = {}
        for bot_seat, opponent in zip(self.bot_seats, self.opponents, strict=True):
            bot = (
                make_bot(opponent, self._rng.getrandbits(62), self.game.id)
                if isinstance(opponent, str)
                else opponent
            )
            self._bots[bot_seat] = (bot, _takes_resample(bot))
        self._state = self.game.new_initial_state()
        self._over = False
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Tensor, float, bool, bool, Info]:
        state = self.game_state
        if self._over or state.is_terminal():
            raise gymnasium.error.ResetNeeded("the episode is over; call reset()")
        try:
            move = operator.index(action)
            state.apply_action(move, player=self.seat)
        except (TypeError, IllegalActionError) as error:
            shown = int(action) if isinstance(action, int | np.integer) else action
            if self.illegal_action == "raise":
                raise IllegalActionError(
                    f"the learner (seat {self.seat}) cannot play action {shown!r}: {error}"
                ) from error
            self._over = True
            info = self._info()
            info["illegal_action"] = shown
            return self._observe(), self.game.utility_range()[0], True, False, info
        self._play_others()
        terminated = state.is_terminal()
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        self._over = terminated
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, False, self._info()

    def _play_others(self) -> None:
        """Resolve chance and let the bots move until the learner decides or the game ends."""
        state = self.game_state
        nilegames.play_to_decision(state, self._rng)
        while not state.is_terminal() and state.current_player() != self.seat:
            seat = state.current_player()
            bot, takes_resample = self._bots[seat]
            observation = state.observation(seat)
            legal = state.legal_actions()
            if takes_resample:
                resample = functools.partial(state.resample_from_infostate, seat)
                choice = cast(Bot, bot).step(observation, legal, resample=resample)
            else:
                choice = bot.step(observation, legal)
            try:
                state.apply_action(operator.index(choice), player=seat)
            except (TypeError, IllegalActionError) as error:
                name = getattr(bot, "name", type(bot).__name__)
                raise IllegalActionError(
                    f"bot {name!r} at seat {seat} chose {choice!r}: {error}"
                ) from error
            nilegames.play_to_decision(state, self._rng)

    # -- what the learner gets ----------------------------------------------------------
    def _learner_to_move(self) -> bool:
        return not self._over and self.game_state.current_player() == self.seat

    def _legal(self) -> list[Action]:
        return self.game_state.legal_actions() if self._learner_to_move() else []

    def _observe(self) -> Tensor:
        return self._encoder.encode(self.game_state.observation(self.seat))

    def _info(self) -> Info:
        legal = self._legal()
        mask = np.zeros(self._num_actions, dtype=np.int8)
        mask[legal] = 1
        info: Info = {"action_mask": mask, "legal_actions": legal}
        state = self.game_state
        if state.is_terminal():
            info["returns"] = state.returns()
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (the hook sb3-contrib's MaskablePPO looks for)."""
        return self._info()["action_mask"].astype(bool)  # type: ignore[no-any-return]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; nothing to show")
            return None
        state = self.game_state
        view = state.public_observation() if state.is_terminal() else state.observation(self.seat)
        text = self.game.render_text(view)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register_envs() -> list[str]:
    """Register every game's id with Gymnasium (again after new games appear); safe to repeat."""
    ids = []
    for described in nilegames.games():
        game_env_id = env_id(described["id"])
        if game_env_id not in gymnasium.registry:
            gymnasium.register(
                id=game_env_id,
                entry_point="nilegames.envs.gymnasium:NilegamesEnv",
                kwargs={"game_id": described["id"]},
            )
        ids.append(game_env_id)
    return ids


register_envs()
