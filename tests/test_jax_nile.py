"""The JAX NILE engine (``nilegames.jax.nile``) plays exactly as the reference engine.

``NILEGAMES_JAX_GAMES`` games per configuration and direction (20 by default: 280 games
in all, about two CPU minutes with compiling); ``make differential-jax`` plays 10,000
each way.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

jax = pytest.importorskip("jax")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import nilegames  # noqa: E402
from nilegames.games.nile import actions as act  # noqa: E402
from nilegames.games.nile.state import NileState  # noqa: E402
from nilegames.jax import nile  # noqa: E402
from nilegames.jax.nile_state import OVER  # noqa: E402
from tests import jax_nile_helpers as helpers  # noqa: E402

GAMES = int(os.environ.get("NILEGAMES_JAX_GAMES", "20"))


@pytest.mark.parametrize(
    ("players", "options"),
    helpers.CONFIGS,
    ids=[helpers.config_id(n, o) for n, o in helpers.CONFIGS],
)
def test_reference_games_replay_alike_in_jax_and_back(players: int, options: dict[str, Any]):
    seeds = list(range(1000, 1000 + GAMES))
    wrong = list(helpers.forward(players, options, seeds))
    assert not wrong, "\n".join(wrong[:10])
    wrong = list(helpers.reverse(players, options, 2000 + players, GAMES))
    assert not wrong, "\n".join(wrong[:10])


def test_the_comparison_sees_one_changed_number() -> None:
    original = helpers.reference_views

    def one_off(state: NileState) -> helpers.Views:
        views = list(original(state))
        if len(state.history()) == 40:
            views[1] = views[1].copy()
            views[1][1, 60] += 1  # a count in seat 1's view
        return tuple(views)

    helpers.reference_views = one_off
    try:
        wrong = list(helpers.forward(2, {}, [5]))
    finally:
        helpers.reference_views = original
    assert len(wrong) == 1 and "seat 1's observation" in wrong[0] and "step 40" in wrong[0]


def test_step_is_apply_then_the_chance_nodes_it_traces() -> None:
    step, step_traced, apply = jax.jit(nile.step), jax.jit(nile.step_traced), jax.jit(nile.apply)
    mask, weights = jax.jit(nile.legal_action_mask), jax.jit(nile.chance_weights)
    key = jax.random.PRNGKey(3)
    state = nile.init(key, players=3)
    traced, outcomes = jax.jit(nile.play_chance_traced)(nile.initial_state(3), key)
    assert all(jax.tree.leaves(jax.tree.map(jnp.array_equal, state, traced)))
    assert int((outcomes >= 0).sum()) == 3 * 5 + 2  # the deal, the first seat, a flood
    for turn in range(30):
        legal = np.flatnonzero(np.asarray(mask(state)))
        action = int(legal[turn % len(legal)])
        draw = jax.random.PRNGKey(100 + turn)
        after = step(state, action, draw)
        again, drawn = step_traced(state, action, draw)
        assert all(jax.tree.leaves(jax.tree.map(jnp.array_equal, after, again)))
        replayed = apply(state, action)
        for outcome in np.asarray(drawn):
            if outcome < 0:
                break
            assert int(weights(replayed)[outcome]) > 0
            replayed = apply(replayed, int(outcome))
        assert all(jax.tree.leaves(jax.tree.map(jnp.array_equal, after, replayed)))
        state = after


def test_init_and_step_run_batched_under_jit_and_vmap() -> None:
    batch = 16
    keys = jax.random.split(jax.random.PRNGKey(0), batch)
    state = jax.vmap(lambda k: nile.init(k, players=4))(keys)
    assert state.hands.shape == (batch, 4, 16)
    assert (state.hands.sum(axis=(1, 2)) == 4 * 5).all()
    step = jax.jit(jax.vmap(nile.step))
    mask = jax.jit(jax.vmap(nile.legal_action_mask))(state)
    assert mask[:, act.DONE].all()
    state = step(state, jnp.zeros(batch, jnp.int32), keys)  # everyone ends the turn
    assert (state.turn == 2).all()
    assert (jax.jit(jax.vmap(nile.current_player))(state) >= 0).all()
    # Different keys deal different games.
    assert len({tuple(np.asarray(h).ravel()) for h in state.hands}) > 1


def test_step_batched_beyond_one_sub_batch_plays_each_game_as_alone() -> None:
    """Under ``vmap`` the chance steps are played for a sub-batch of 7/16 of the batch at a
    time (``CHANCE_SHARE``), another while any game is left: with every game of 64 ending
    its turn, three sub-batches, and each game must be what ``step`` gives it alone."""
    import math

    from nilegames.jax.nile_draws import CHANCE_SHARE

    batch = 64
    assert 2 * math.ceil(batch / CHANCE_SHARE) < batch  # three sub-batches at least
    state = jax.vmap(lambda k: nile.init(k, 2))(jax.random.split(jax.random.PRNGKey(3), batch))
    keys = jax.random.split(jax.random.PRNGKey(4), batch)
    ends = jnp.zeros(batch, jnp.int32)  # everyone ends the turn: every game draws
    stepped = jax.jit(jax.vmap(nile.step))(state, ends, keys)
    alone = jax.jit(nile.step)
    for game in range(batch):
        one = alone(jax.tree.map(lambda x, g=game: x[g], state), ends[game], keys[game])
        for name, got, want in zip(stepped._fields, stepped, one, strict=True):
            assert np.array_equal(np.asarray(got[game]), np.asarray(want)), (game, name)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 6}, "2 to 5 players"),
        ({"players": 4, "variant": "short"}, "short variant is for 2 or 3"),
        ({"variant": "long"}, "unknown variant 'long'"),
    ],
)
def test_options_the_game_refuses_are_refused_with_the_reason(
    options: dict[str, Any], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        nile.initial_state(**options)


def test_only_the_current_rules_edition_is_played() -> None:
    from nilegames.jax.nile_state import check_options

    with pytest.raises(ValueError, match="edition 2 only, not 1"):
        check_options(2, "standard", rules=1)
    assert nilegames.new_game("nile", 2).rules == 2


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (5, {}), (2, {"variant": "short"}), (3, {"variant": "short"})]
)
def test_init_deals_as_the_loop_over_the_set_up_turns(
    players: int, options: dict[str, Any]
) -> None:
    """``init`` writes the set-up's turns out one after the other; from the same key it
    must give what the loop over phases gives (``play_chance_traced``), games whose
    first flood card is the locust (they go on in the loop) included."""
    from nilegames.games.nile.cards import LOCUST

    keys = jax.random.split(jax.random.PRNGKey(players + 10 * len(options)), 400)
    dealt = jax.jit(jax.vmap(lambda k: nile.init(k, players, **options)))(keys)
    start = nile.initial_state(players, **options)
    looped, outcomes = jax.jit(jax.vmap(lambda k: nile.play_chance_traced(start, k)))(keys)
    for name, got, want in zip(dealt._fields, dealt, looped, strict=True):
        assert np.array_equal(np.asarray(got), np.asarray(want)), name
    assert int((np.asarray(outcomes) == LOCUST).any(axis=1).sum()) > 0


@pytest.mark.parametrize(
    ("players", "options"), [(2, {"variant": "short"}), (3, {"open_stocks": True})]
)
def test_renew_deals_the_finished_games_again_and_leaves_the_others(
    players: int, options: dict[str, Any]
) -> None:
    """Batched (a sub-batch of the finished games) and alone (a ``cond``), ``renew`` gives
    ``init(fold_in(key, RENEW_STREAM))`` for a finished game and the game itself otherwise."""
    size = 40
    keys = jax.random.split(jax.random.PRNGKey(7), size)
    state = jax.vmap(lambda k: nile.init(k, players, **options))(keys)
    step = jax.jit(jax.vmap(nile.step))
    key = jax.random.PRNGKey(8)
    while not bool((state.phase == OVER).any()):  # play until some (not all) games are over
        key, pick, draw = jax.random.split(key, 3)
        legal = jax.vmap(nile.legal_action_mask)(state)
        actions = jax.vmap(lambda m, k: jax.random.choice(k, 38, p=m / m.sum()))(
            legal, jax.random.split(pick, size)
        )
        state = step(state, actions, jax.random.split(draw, size))
    over = np.asarray(state.phase == OVER)
    assert 0 < over.sum() < size
    fresh = jax.random.split(key, size)
    renewed = jax.jit(jax.vmap(lambda s, k: nile.renew(s, k, **options)))(state, fresh)
    dealt = jax.vmap(
        lambda k: nile.init(jax.random.fold_in(k, nile.RENEW_STREAM), players, **options)
    )(fresh)
    renew_one = jax.jit(lambda s, k: nile.renew(s, k, **options))
    for index in range(size):
        expected = dealt if over[index] else state
        alone = renew_one(jax.tree.map(lambda x, i=index: x[i], state), fresh[index])
        for name, got, want, single in zip(state._fields, renewed, expected, alone, strict=True):
            assert np.array_equal(got[index], want[index]), (index, name)
            assert np.array_equal(single, want[index]), (index, name)
