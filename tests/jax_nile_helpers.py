"""The JAX NILE engine against the reference engine, both ways, many games in lockstep.

Forward: seeded random games of the reference engine, every action and chance outcome fed
into a batch of JAX games; at every node the two must agree on the seat to move, every
seat's observation vector (the reference's through NileObservationEncoder), the legal
actions or the chance outcomes with their probabilities, and the returns.

Reverse: random JAX games played by ``step`` (chance drawn inside it, traced), replayed in
the reference engine, compared at every decision the same way.

``python -m tests.jax_nile_helpers --games 10000`` runs both for every configuration.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

import nilegames
from nilegames.core import CHANCE, TERMINAL
from nilegames.games.nile.state import NileState
from nilegames.games.nile.tensor import NileObservationEncoder
from nilegames.jax import nile

#: Every configuration the JAX engine plays: player count and options.
CONFIGS: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (2, {"variant": "short"}),
    (3, {"variant": "short"}),
    (2, {"open_stocks": True}),
)
ENCODER = NileObservationEncoder()
Views = tuple[np.ndarray, ...]


def config_id(players: int, options: dict[str, Any]) -> str:
    return "-".join([f"nile{players}", *(f"{k}={v}" for k, v in sorted(options.items()))])


def _views(s: nile.NileJaxState) -> tuple[jax.Array, ...]:
    seats = jnp.arange(s.players)
    observations = jax.vmap(lambda p: nile.observe(s, p))(seats)
    return (
        nile.current_player(s),
        observations,
        nile.legal_action_mask(s),
        nile.chance_weights(s),
        nile.returns(s),
    )


@cache
def batched() -> dict[str, Callable[..., Any]]:
    """The jitted, vmapped functions the comparisons call (compiled once per shape)."""
    return {
        "views": jax.jit(jax.vmap(_views)),
        "apply": jax.jit(jax.vmap(nile.apply)),
        "step": jax.jit(jax.vmap(nile.step_traced)),
        "chance": jax.jit(jax.vmap(nile.play_chance_traced)),
    }


def reference_views(state: NileState) -> Views:
    """The same five views, from the reference engine's public contract."""
    n = state.n
    player = state.current_player()
    observations = np.stack([ENCODER.encode(state.observation(p)) for p in range(n)])
    mask = np.zeros(38, bool)
    weights = np.zeros(16)
    if player == CHANCE:
        for outcome, probability in state.chance_outcomes():
            weights[outcome] = probability
    elif player != TERMINAL:
        mask[state.legal_actions()] = True
    return np.array(player), observations, mask, weights, np.array(state.returns())


def _differences(label: str, mine: Views, theirs: Views) -> Iterator[str]:
    """What differs between the JAX views (``mine``) and the reference's."""
    player, observations, mask, weights, results = mine
    if int(player) != int(theirs[0]):
        yield f"{label}: player {int(player)} != reference {int(theirs[0])}"
        return
    for seat in range(observations.shape[0]):
        if not np.array_equal(observations[seat], theirs[1][seat]):
            wrong = [
                piece.name
                for piece in ENCODER.layout.pieces
                if not np.array_equal(
                    observations[seat][ENCODER.layout.span(piece.name)],
                    theirs[1][seat][ENCODER.layout.span(piece.name)],
                )
            ]
            yield f"{label}: seat {seat}'s observation differs in {wrong}"
    if not np.array_equal(mask, theirs[2]):
        yield f"{label}: legal {np.flatnonzero(mask)} != {np.flatnonzero(theirs[2])}"
    total = weights.sum()
    chances = weights / total if total else weights
    if not np.allclose(chances, theirs[3], atol=1e-9):
        yield f"{label}: chance outcomes {chances} != {theirs[3]}"
    if not np.allclose(results, theirs[4], atol=1e-6):
        yield f"{label}: returns {results} != {theirs[4]}"


def _batch(state: nile.NileJaxState, size: int) -> nile.NileJaxState:
    return jax.tree.map(lambda x: jnp.broadcast_to(x, (size, *x.shape)), state)  # type: ignore[no-any-return]


def _unbatch(views: tuple[jax.Array, ...], index: int) -> Views:
    return tuple(np.asarray(v[index]) for v in views)


def forward(players: int, options: dict[str, Any], seeds: list[int]) -> Iterator[str]:
    """Reference games of ``seeds`` replayed in JAX: every mismatch, described."""
    fns = batched()
    games = [nilegames.make("nile", players=players, **options) for _ in seeds]
    rngs = [random.Random(seed) for seed in seeds]
    start = nile.initial_state(players, **options)
    state = _batch(start, len(seeds))
    live = list(range(len(seeds)))
    depth = 0
    while live:
        views = jax.device_get(fns["views"](state))
        actions = np.zeros(len(seeds), np.int32)
        still = []
        for b in live:
            game = games[b]
            assert isinstance(game, NileState)
            wrong = list(
                _differences(
                    f"seed {seeds[b]} step {depth}", _unbatch(views, b), reference_views(game)
                )
            )
            if wrong:
                yield from wrong
                continue  # this game's lockstep is lost: the first difference says why
            if game.is_terminal():
                continue
            if game.is_chance_node():
                outcomes, weights = zip(*game.chance_outcomes(), strict=True)
                action = rngs[b].choices(outcomes, weights)[0]
            else:
                action = rngs[b].choice(game.legal_actions())
            game.apply_action(action)
            actions[b] = action
            still.append(b)
        live = still
        if live:
            state = fns["apply"](state, jnp.asarray(actions))
        depth += 1


def reverse(players: int, options: dict[str, Any], seed: int, count: int) -> Iterator[str]:
    """``count`` random JAX games (chance inside ``step``) replayed in the reference engine."""
    fns = batched()
    key = jax.random.PRNGKey(seed)
    key, deal = jax.random.split(key)
    start = _batch(nile.initial_state(players, **options), count)
    state, outcomes = fns["chance"](start, jax.random.split(deal, count))
    games = [nilegames.make("nile", players=players, **options) for _ in range(count)]
    live = list(range(count))
    for b in live:
        _feed(games[b], np.asarray(outcomes[b]))
    depth = 0
    while live:
        views = jax.device_get(fns["views"](state))
        still = []
        for b in live:
            game = games[b]
            assert isinstance(game, NileState)
            wrong = list(
                _differences(
                    f"game {b} of key {seed} decision {depth}",
                    _unbatch(views, b),
                    reference_views(game),
                )
            )
            if wrong:
                yield from wrong
            elif not game.is_terminal():
                still.append(b)
        live = still
        if not live:
            break
        key, choose, draw = jax.random.split(key, 3)
        masks = jnp.asarray(views[2])
        logits = jnp.where(masks, 0.0, -jnp.inf)
        actions = jax.random.categorical(choose, logits)
        actions = jnp.where(masks.any(axis=1), actions, 0)
        state, outcomes = fns["step"](state, actions, jax.random.split(draw, count))
        actions_np, outcomes_np = np.asarray(actions), np.asarray(outcomes)
        for b in live:
            games[b].apply_action(int(actions_np[b]))
            _feed(games[b], outcomes_np[b])
        depth += 1


def _feed(game: nilegames.State, outcomes: np.ndarray) -> None:
    """Apply the traced chance outcomes (padded with -1) to a reference game."""
    for outcome in outcomes:
        if outcome < 0:
            break
        game.apply_action(int(outcome))
    assert not game.is_chance_node(), "the trace stopped before the next decision"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per direction")
    parser.add_argument("--batch", type=int, default=500)
    args = parser.parse_args()
    failures = 0
    for players, options in CONFIGS:
        started = time.perf_counter()
        per_config = -(-args.games // len(CONFIGS))  # at least --games in all
        for first in range(0, per_config, args.batch):
            seeds = list(range(first, min(first + args.batch, per_config)))
            for problem in forward(players, options, seeds):
                failures += 1
                print(problem)
            for problem in reverse(players, options, first, len(seeds)):
                failures += 1
                print(problem)
        took = time.perf_counter() - started
        print(f"{config_id(players, options)}: {per_config} games each way, {took:.0f} s")
    print("mismatches:", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
