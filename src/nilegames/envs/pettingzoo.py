"""PettingZoo AEC environments for every registered game, built on the core contract alone.

>>> from nilegames.envs.pettingzoo import env
>>> table = env("nile", players=3)
>>> table.reset(seed=7)
>>> observation, reward, terminated, truncated, info = table.last()
>>> sorted(observation)
['action_mask', 'observation']

Decisions a user should know about:

* **Agents** are ``player_0`` … ``player_{N-1}``; ``player_i`` is seat ``i``.
* **Observations** are ``{"observation": float32 vector, "action_mask": int8 vector}``.  The
  vector is ``game.observation_encoder().encode(state.observation(seat))``, so it can only
  hold what that seat may see.  The mask is all zeros for every agent but the one to move.
  The encoder declares no value bounds, so the ``Box`` is unbounded (``-inf`` to ``inf``).
  ``infos[agent]["legal_actions"]`` lists the mover's legal actions (empty for the rest).
* **Chance** (deals, draws, who starts) is resolved inside ``reset`` and ``step`` with the
  environment's own ``random.Random``, seeded by ``reset(seed=...)``; a reset without a seed
  goes on with the generator as it is, so it deals a new game.  Nothing else draws random
  numbers, so a seed and a list of actions fix the whole game.
* **Rewards** are 0 until the game ends; then every agent gets ``state.returns()`` for its
  seat and every agent is terminated (never truncated).  For NILE that is +1 for first
  place and -1 for last, linear in between, tied seats sharing the average of their places:
  the rewards of a game add up to zero.
* **Illegal actions** raise :class:`nilegames.IllegalActionError` naming the action, and
  change nothing (the same agent is still to move).  We do not add PettingZoo's
  ``TerminateIllegalWrapper``: with the action mask in every observation an illegal move is
  a bug in the caller, and ending the game would hide it.  Wrap :class:`raw_env` in that
  wrapper yourself if you want classic PettingZoo behaviour.  An action outside the
  action space fails the ``AssertOutOfBoundsWrapper`` of :func:`env` first.
* **Rendering** (``"ansi"`` returns the text, ``"human"`` prints it) shows the view of the
  agent to move while the game runs (hot-seat play: nobody else's hand is shown), and the
  public view once it is over.
* ``copy.deepcopy`` and ``pickle`` give an independent environment, random generator
  included, that continues exactly as the original would.
"""

from __future__ import annotations

import operator
import random
import time
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import nilegames
from nilegames.core import Game, IllegalActionError, State

Observation = dict[str, npt.NDArray[Any]]


def agent_name(seat: int) -> str:
    """PettingZoo's conventional agent name for ``seat``."""
    return f"player_{seat}"


def as_action(action: Any) -> int:
    """A plain ``int`` from any integer (numpy included), as the core contract requires."""
    try:
        return operator.index(action)
    except TypeError:
        raise IllegalActionError(f"an action is an integer, not {action!r}") from None


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's conventional name
    """One game as a PettingZoo AEC environment, without the checking wrappers."""

    # Replaced per instance (its name names the game); never mutated in place.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["human", "ansi"],
        "name": "nilegames_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.game: Game = nilegames.new_game(game_id, players, **options)
        self.metadata = {**type(self).metadata, "name": f"nilegames_{self.game.id}_v0"}
        self.render_mode = render_mode
        self._encoder = self.game.observation_encoder()
        self._num_actions = self.game.num_distinct_actions()
        self.possible_agents: list[str] = [agent_name(s) for s in range(self.game.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One space object per agent, returned as is every time (PettingZoo seeds them).
        self.observation_spaces = {
            agent: self._observation_space() for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._num_actions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._state: State | None = None

    # -- spaces -------------------------------------------------------------------------
    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, shape=self._encoder.shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(self._num_actions,), dtype=np.int8),
            }
        )

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> State:
        """The full state, hidden cards included: for analysis and tests, never for agents."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # -- the AEC cycle ------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``options`` is accepted for the API and ignored (game options
        belong to the constructor, since they fix the spaces)."""
        if seed is not None:
            self._rng.seed(seed)
        state = self.game.new_initial_state()
        nilegames.play_to_decision(state, self._rng)
        self._state = state
        self.agents = self.possible_agents[:]
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[0]
        self._after_move()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        move = as_action(action)
        try:
            state.apply_action(move, player=self._seats[agent])
        except IllegalActionError as error:
            raise IllegalActionError(f"{agent}: {error}") from error
        self._cumulative_rewards[agent] = 0.0
        nilegames.play_to_decision(state, self._rng)
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        """Rewards, terminations, infos and the next agent, from the state after a move."""
        state = self.game_state
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {agent: float(returns[self._seats[agent]]) for agent in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos: dict[str, dict[str, Any]] = {
                agent: {"legal_actions": []} for agent in self.agents
            }
            return
        mover = agent_name(state.current_player())
        legal = state.legal_actions()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos = {
            agent: {"legal_actions": legal[:] if agent == mover else []} for agent in self.agents
        }
        self.agent_selection = mover

    def observe(self, agent: str) -> Observation:
        state = self.game_state
        seat = self._seats[agent]
        mask = np.zeros(self._num_actions, dtype=np.int8)
        if state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return {
            "observation": self._encoder.encode(state.observation(seat)),
            "action_mask": mask,
        }

    # -- showing it ---------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; nothing to show")
            return None
        state = self.game_state
        if state.is_terminal():
            view = state.public_observation()
        else:
            view = state.observation(state.current_player())
        text = self.game.render_text(view)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""


def env(
    game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> AECEnv:
    """The environment in PettingZoo's usual checks: in-bounds actions and call order."""
    environment: AECEnv = raw_env(game_id, players, render_mode=render_mode, **options)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


def random_turns_per_second(environment: AECEnv, seconds: float, seed: int) -> float:
    """Decisions per second of any AEC env whose observations carry an ``action_mask``.

    Each agent to move picks a random action allowed by its mask; finished games are
    reset at once.  Only decisions count (not the ``None`` steps of finished agents), and
    the time covers resets, observations and masks, as a learner would pay them.
    """
    rng = random.Random(seed)
    environment.reset(seed=seed)
    turns = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.randrange(len(legal))]))
            turns += 1
            if time.perf_counter() >= deadline:
                return turns / (time.perf_counter() - start)
        environment.reset()


def turns_per_second(
    game_id: str, players: int, seconds: float = 5.0, seed: int = 0, **options: Any
) -> float:
    """Random-play decisions per second through the wrapped AEC env (for the benchmark)."""
    return random_turns_per_second(env(game_id, players, **options), seconds, seed)
