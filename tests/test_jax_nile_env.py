"""The JAX NILE engine keeps hidden cards hidden, and runs as a Pgx environment."""

from __future__ import annotations

from typing import Any, get_args

import pytest

jax = pytest.importorskip("jax")
pgx = pytest.importorskip("pgx")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import pgx._src.api_test as pgx_api_test  # noqa: E402
from pgx.experimental.utils import act_randomly  # noqa: E402

from nilegames.games.nile.cards import FIRST_SPECULATION, LOCUST, NUM_CROPS  # noqa: E402
from nilegames.jax import nile  # noqa: E402
from nilegames.jax.nile_state import OVER  # noqa: E402
from nilegames.jax.nile_views import LAYOUT  # noqa: E402
from nilegames.jax.pgx_nile import NileEnv, NileEnvState  # noqa: E402


# -- hidden information -----------------------------------------------------------------
def _positions(players: int, options: dict[str, Any], seed: int) -> list[nile.NileJaxState]:
    """Positions of eight random games (every 10th decision, the last one too)."""
    batch = 8
    keys = jax.random.split(jax.random.PRNGKey(seed), batch)
    state = jax.vmap(lambda k: nile.init(k, players, **options))(keys)
    step = jax.jit(jax.vmap(nile.step))
    mask = jax.jit(jax.vmap(nile.legal_action_mask))
    key = jax.random.PRNGKey(seed + 1)
    found = []
    for depth in range(2000):
        if depth % 10 == 0 or bool((state.phase == OVER).all()):
            here = jax.device_get(state)
            found += [jax.tree.map(lambda x, b=b: x[b], here) for b in range(batch)]
        if bool((state.phase == OVER).all()):
            break
        key, choose, draw = jax.random.split(key, 3)
        legal = mask(state)
        actions = jax.random.categorical(choose, jnp.where(legal, 0.0, -jnp.inf), axis=1)
        state = step(state, jnp.where(legal.any(axis=1), actions, 0), jax.random.split(draw, batch))
    return found


def _redeal(state: nile.NileJaxState, seat: int, rng: np.random.Generator) -> nile.NileJaxState:
    """Another world ``seat`` cannot tell apart: others' hands, the deck, the unseen removed
    speculation cards and (face down) others' stocks dealt again from what is hidden."""
    game = jax.tree.map(np.array, state)
    n = game.hands.shape[0]
    others = [s for s in range(n) if s != seat]
    stocks_hidden = not (game.open_stocks or game.phase == OVER)
    pool = game.deck[:LOCUST].copy()
    for other in others:
        pool += game.hands[other, :LOCUST]
        if stocks_hidden:
            pool[:NUM_CROPS] += game.stocks[other]
    pool[FIRST_SPECULATION:LOCUST] += game.removed[FIRST_SPECULATION:LOCUST]

    def deal(count: int, kinds: slice) -> np.ndarray:
        cards = np.repeat(np.arange(LOCUST), pool)
        cards = cards[(cards >= (kinds.start or 0)) & (cards < kinds.stop)]
        chosen = rng.choice(cards, size=count, replace=False)
        counts = np.bincount(chosen, minlength=LOCUST).astype(np.int32)
        pool[:] -= counts
        return counts

    removed = game.removed.copy()
    unseen_removed = int(game.removed[FIRST_SPECULATION:LOCUST].sum())
    removed[FIRST_SPECULATION:LOCUST] = deal(unseen_removed, slice(FIRST_SPECULATION, LOCUST))[
        FIRST_SPECULATION:LOCUST
    ]
    stocks, hands = game.stocks.copy(), game.hands.copy()
    for other in others:
        if stocks_hidden:
            stocks[other] = deal(int(game.stocks[other].sum()), slice(0, 5))[:NUM_CROPS]
        hands[other, :LOCUST] = deal(int(game.hands[other].sum()), slice(0, LOCUST))
    deck = game.deck.copy()
    deck[:LOCUST] = pool
    return game._replace(hands=hands, stocks=stocks, deck=deck, removed=removed)  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"variant": "short"}), (2, {"variant": "short"}), (4, {"open_stocks": True})],
)
def test_a_seat_sees_nothing_of_others_hands_stocks_or_the_deck(players, options):
    observe = jax.jit(jax.vmap(nile.observe))
    rng = np.random.default_rng(players)
    worlds, others, seats = [], [], []
    for state in _positions(players, options, seed=players * 7):
        for seat in range(players):
            other_world = _redeal(state, seat, rng)
            # What the seat may count stays as it was: the same number of hidden cards.
            assert other_world.deck.sum() == state.deck.sum()
            assert (other_world.hands.sum(axis=1) == state.hands.sum(axis=1)).all()
            worlds.append(state)
            others.append(other_world)
            seats.append(seat)

    def stack(states: list[nile.NileJaxState]) -> nile.NileJaxState:
        return jax.tree.map(lambda *xs: np.stack(xs), *states)  # type: ignore[no-any-return]

    worlds_b, others_b, seats_b = stack(worlds), stack(others), jnp.asarray(seats)
    assert np.array_equal(observe(worlds_b, seats_b), observe(others_b, seats_b))
    # The redeal does change what the other seats hold, and they see it.
    neighbours = (seats_b + 1) % players
    differs = (observe(worlds_b, neighbours) != observe(others_b, neighbours)).any(axis=1)
    assert int(differs.sum()) > len(seats) // 4


def test_the_hand_and_a_face_down_stock_reach_only_their_seat() -> None:
    state = nile.init(jax.random.PRNGKey(11), players=3)
    hands = np.array(state.hands)
    hands[1, :5] += 1  # seat 1 holds one card more of each crop
    stocks = np.array(state.stocks)
    stocks[2, 0] += 3  # and seat 2 three Papyrus in its stock
    changed = state._replace(hands=jnp.asarray(hands), stocks=jnp.asarray(stocks))
    views = [np.asarray(nile.observe(state, p)) for p in range(3)]
    after = [np.asarray(nile.observe(changed, p)) for p in range(3)]
    layout = LAYOUT
    for seat in range(3):
        differs = {
            piece.name
            for piece in layout.pieces
            if not np.array_equal(
                views[seat][layout.span(piece.name)], after[seat][layout.span(piece.name)]
            )
        }
        # Everyone sees the sizes; only seat 1 its hand, only seat 2 its stock (and each
        # of them fewer cards it cannot place).
        expected = {"hand_sizes", "stock_sizes"}
        if seat == 1:
            expected |= {"hand", "unseen"}
        if seat == 2:
            expected |= {"stocks", "unseen"}
        assert differs == expected, seat


# -- Pgx --------------------------------------------------------------------------------
def test_pgx_batch_api_test_runs_on_nile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pgx's own API test, batched. Two of its checks are about Pgx's own games: that the
    id is one of its ids, and its SVG drawing (NILE has none there); both are bypassed."""
    monkeypatch.setattr(pgx_api_test, "get_args", lambda ids: (*get_args(ids), "nile"))
    monkeypatch.setattr(NileEnvState, "save_svg", lambda self, filename, **kw: None)
    pgx_api_test.api_test_batch(NileEnv(3), num=1, use_key=True)


def test_a_single_game_meets_pgx_state_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pgx_api_test, "get_args", lambda ids: (*get_args(ids), "nile"))
    env = NileEnv(2, variant="short")
    assert isinstance(env, pgx.core.Env)
    assert (env.id, env.version, env.num_players) == ("nile", "v0", 2)
    assert (env.num_actions, env.observation_shape) == (38, (202,))
    init, step = jax.jit(env.init), jax.jit(env.step)
    state = init(jax.random.PRNGKey(4))
    pgx_api_test._validate_init_reward(state)
    key = jax.random.PRNGKey(5)
    total = jnp.zeros(2)
    while not bool(state.terminated):
        pgx_api_test._validate_state(state)
        pgx_api_test._validate_current_player(state)
        assert state.legal_action_mask.any()
        assert jnp.array_equal(state.observation, nile.observe(state._game, state.current_player))
        key, choose, draw = jax.random.split(key, 3)
        action = act_randomly(choose, state.legal_action_mask[None])[0]
        state = step(state, action, draw)
        total = total + state.rewards
    pgx_api_test._validate_legal_actions(state)
    assert jnp.array_equal(total, nile.returns(state._game))
    assert sorted(np.asarray(total).tolist()) in ([-1.0, 1.0], [0.0, 0.0])
    # A finished game stays finished, with zero rewards.
    after = step(state, jnp.int32(0), key)
    assert bool(after.terminated) and not after.rewards.any()


def test_an_illegal_action_ends_the_game_with_pgx_penalty() -> None:
    env = NileEnv(3)
    state = env.init(jax.random.PRNGKey(0))
    illegal = int(np.flatnonzero(~np.asarray(state.legal_action_mask))[0])
    seat = int(state.current_player)
    after = jax.jit(env.step)(state, illegal, jax.random.PRNGKey(1))
    assert bool(after.terminated)
    assert float(after.rewards[seat]) == -1.0 and float(after.rewards.sum()) == pytest.approx(0)


def test_step_without_a_key_is_refused() -> None:
    env = NileEnv(2)
    state = env.init(jax.random.PRNGKey(0))
    with pytest.raises(ValueError, match="needs a key"):
        env.step(state, jnp.int32(0))
