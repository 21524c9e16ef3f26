"""NILE as a Pgx environment: ``NileEnv(players=3)`` is a ``pgx.core.Env``.

Pgx's loops, wrappers and examples call ``env.init(key)``, ``env.step(state, action,
key)`` and read the state's ``current_player``, ``observation``, ``legal_action_mask``,
``rewards`` and ``terminated``; this class supplies Pgx's three hooks (``_init``,
``_step``, ``_observe``) over :mod:`nilegames.jax.nile`, and Pgx's own ``Env.step``
does the rest: a finished game stays as it is with zero rewards, and an illegal action
ends the game with a penalty for its seat (made zero-sum here, as NILE's returns are).
Chance is NILE's: ``step`` needs a key, as Pgx's 2048 and backgammon do.  Rewards are
the game's returns, paid on the step that ends it.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import pgx.core
from pgx._src.struct import dataclass

from nilegames.games.nile.actions import NUM_ACTIONS
from nilegames.jax import nile
from nilegames.jax.nile_state import OVER, check_options
from nilegames.jax.nile_views import OBSERVATION_SIZE

#: What Pgx's ``id`` and ``state.env_id`` say: not one of Pgx's own ids.
ENV_ID = "nile"


@dataclass
class NileEnvState(pgx.core.State):  # type: ignore[misc]
    """Pgx's common fields, and the whole game (hidden cards included) in ``_game``."""

    current_player: jax.Array = jnp.int32(0)
    observation: jax.Array = jnp.zeros(OBSERVATION_SIZE, jnp.float32)
    rewards: jax.Array = jnp.zeros(2, jnp.float32)
    terminated: jax.Array = jnp.bool_(False)
    truncated: jax.Array = jnp.bool_(False)
    legal_action_mask: jax.Array = jnp.ones(NUM_ACTIONS, jnp.bool_)
    _step_count: jax.Array = jnp.int32(0)
    _game: Any = None

    @property
    def env_id(self) -> str:
        return ENV_ID


class NileEnv(pgx.core.Env):  # type: ignore[misc]
    """NILE for ``players`` seats, with the reference game's ``variant`` and ``open_stocks``."""

    def __init__(
        self, players: int = 2, variant: str = "standard", open_stocks: bool = False
    ) -> None:
        super().__init__()
        check_options(players, variant)
        self.players = players
        self.variant = variant
        self.open_stocks = open_stocks

    def _wrap(self, game: nile.NileJaxState, state: NileEnvState) -> NileEnvState:
        terminated = game.phase == OVER
        return state.replace(  # type: ignore[no-any-return]
            current_player=game.seat,
            rewards=nile.returns(game),
            terminated=terminated,
            legal_action_mask=nile.legal_action_mask(game),
            _game=game,
        )

    def _init(self, key: jax.Array) -> NileEnvState:
        game = nile.init(
            key, players=self.players, variant=self.variant, open_stocks=self.open_stocks
        )
        start = NileEnvState(rewards=jnp.zeros(self.players, jnp.float32))
        return self._wrap(game, start)

    def step(
        self, state: NileEnvState, action: jax.Array, key: jax.Array | None = None
    ) -> NileEnvState:
        if key is None:
            raise ValueError("NILE draws cards at random: NileEnv.step needs a key")
        return super().step(state, action, key)  # type: ignore[no-any-return]

    def _step(self, state: NileEnvState, action: jax.Array, key: jax.Array) -> NileEnvState:
        return self._wrap(nile.step(state._game, action, key), state)

    def _step_with_illegal_action(self, state: NileEnvState, loser: jax.Array) -> NileEnvState:
        """Pgx's rule, zero-sum as NILE's returns are: the seat that played an illegal
        action gets -1 and the others share +1 (Pgx's own gives each other seat n - 1)."""
        rewards = jnp.full(self.players, 1.0 / (self.players - 1), jnp.float32)
        return state.replace(  # type: ignore[no-any-return]
            rewards=rewards.at[loser].set(-1.0), terminated=jnp.bool_(True)
        )

    def _observe(self, state: NileEnvState, player_id: jax.Array) -> jax.Array:
        return nile.observe(state._game, player_id)

    @property
    def id(self) -> str:
        return ENV_ID

    @property
    def version(self) -> str:
        return "v0"

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (OBSERVATION_SIZE,)
