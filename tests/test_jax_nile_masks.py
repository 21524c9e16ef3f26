"""A batch's legal masks worked out with the games last, and the uniform random pick.

One game's mask (``legal_action_mask``) is checked against the reference engine by the
differential tests (tests/test_jax_nile.py); here the batched layout must give the very
same masks, and the pick must take each game's r-th legal action for its random word.
"""

from __future__ import annotations

from typing import Any

import pytest

jax = pytest.importorskip("jax")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

from nilegames.games.nile.actions import NUM_ACTIONS  # noqa: E402
from nilegames.jax import nile  # noqa: E402
from nilegames.jax.nile_state import PICK, PLANT, SPECULATE, TRADE  # noqa: E402
from tests import jax_nile_helpers as helpers  # noqa: E402

BATCH = 256
CALLS = 120


def random_batches(players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Batches of games at every stage: dealt, then played by the uniform pick (finished
    games dealt again), one batch kept per call."""
    deal = jax.jit(jax.vmap(lambda k: nile.init(k, players, **options)))

    def call(state: Any, key: Any) -> Any:
        pick, draw = jax.random.split(key)
        actions = nile.uniform_actions(nile.legal_action_masks(state, games_last=True), pick)
        keys = jax.random.split(draw, BATCH)
        state = jax.vmap(nile.step)(state, actions, keys)
        return jax.vmap(lambda s, k: nile.renew(s, k, **options))(state, keys)

    play = jax.jit(call)
    state = deal(jax.random.split(jax.random.PRNGKey(seed), BATCH))
    kept = []
    for number in range(CALLS):
        kept.append(state)
        state = play(state, jax.random.fold_in(jax.random.PRNGKey(seed + 1), number))
    return kept


#: Every seat count, and the short game (the mask does not read the open-stocks option).
CONFIGS = helpers.CONFIGS[:5]


@pytest.mark.parametrize(
    ("players", "options"), CONFIGS, ids=[helpers.config_id(n, o) for n, o in CONFIGS]
)
def test_a_batch_s_masks_are_each_game_s_mask(players: int, options: dict[str, Any]) -> None:
    one_by_one = jax.jit(jax.vmap(nile.legal_action_mask))
    games_last = jax.jit(lambda s: nile.legal_action_masks(s, games_last=True))
    games_first = jax.jit(nile.legal_action_masks)
    phases: set[int] = set()
    for state in random_batches(players, options, seed=players):
        expected = np.asarray(one_by_one(state))
        assert np.array_equal(np.asarray(games_last(state)), expected.T)
        assert np.array_equal(np.asarray(games_first(state)), expected)
        phases.update(np.asarray(state.phase).tolist())
    # The batches reached every kind of decision: trade, pick, plant, speculate.
    assert {TRADE, PICK, PLANT, SPECULATE} <= phases


def test_one_game_s_mask_is_a_batch_of_one() -> None:
    state = random_batches(3, {}, seed=11)[-1]
    masks = np.asarray(jax.jit(lambda s: nile.legal_action_masks(s, games_last=True))(state))
    mask = jax.jit(nile.legal_action_mask)
    for game in range(0, BATCH, 17):
        alone = jax.tree.map(lambda x, g=game: x[g], state)
        assert np.array_equal(np.asarray(mask(alone)), masks[:, game])


def test_the_pick_is_the_r_th_legal_action_for_its_word() -> None:
    rng = np.random.default_rng(3)
    legal = rng.random((NUM_ACTIONS, 4096)) < rng.random(4096)  # games from none to all legal
    legal[:, :8] = False  # games with no legal action
    legal[:, 8:16] = False
    legal[rng.integers(0, NUM_ACTIONS, 8), np.arange(8, 16)] = True  # exactly one
    key = jax.random.PRNGKey(4)
    got = np.asarray(jax.jit(nile.uniform_actions)(jnp.asarray(legal), key))
    words = np.asarray(jax.random.bits(key, (legal.shape[1],), jnp.uint32))
    for game in range(legal.shape[1]):
        actions = np.flatnonzero(legal[:, game])
        if len(actions) == 0:
            assert got[game] == 0
        else:
            assert got[game] == actions[int(words[game]) % len(actions)], game


def test_the_pick_is_uniform_over_the_legal_actions() -> None:
    """Chi-square of 40,000 picks on one mask with 7 legal actions (p = 1e-6 bound)."""
    legal = np.zeros((NUM_ACTIONS, 40_000), bool)
    chosen = [0, 3, 17, 18, 25, 28, 37]
    legal[chosen] = True
    got = np.asarray(jax.jit(nile.uniform_actions)(jnp.asarray(legal), jax.random.PRNGKey(5)))
    assert set(got.tolist()) == set(chosen)
    counts = np.bincount(got, minlength=NUM_ACTIONS)[chosen]
    expected = legal.shape[1] / len(chosen)
    chi_square = float(((counts - expected) ** 2 / expected).sum())
    assert chi_square < 38.26  # the 1 - 1e-6 quantile of chi-square with 6 degrees of freedom


@pytest.mark.parametrize("shape", [(100, NUM_ACTIONS), (NUM_ACTIONS,), (NUM_ACTIONS, 4, 2)])
def test_masks_in_another_layout_are_refused(shape: tuple[int, ...]) -> None:
    """Masks with the games first, as vmap gives them, would be read along the wrong axis."""
    with pytest.raises(ValueError, match=r"\(38, games\).*games_last=True"):
        nile.uniform_actions(jnp.ones(shape, bool), jax.random.PRNGKey(0))
