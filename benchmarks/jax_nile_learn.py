"""A short policy-gradient run on the JAX NILE engine: seat 0 learns against the random bot.

REINFORCE with a batch-mean baseline and an entropy bonus; a two-layer network reads seat
0's observation vector and scores the 38 actions, illegal ones masked.  Each iteration
plays ``--batch`` whole 2-player games in lockstep (one ``lax.scan`` over decisions, the
random bot choosing for seat 1), then takes one Adam step.  The curve is seat 0's mean
return in those games (+1 a win, -1 a loss): the random bot against itself scores 0.

``python benchmarks/jax_nile_learn.py [--iterations N] [--plot FILE]``
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp

from nilegames.jax import nile
from nilegames.jax.nile_state import OVER

LEARNER = 0
LENGTH = 400  # decisions per game at most (2-player random games take about 150)


def new_params(key: jax.Array, sizes: tuple[int, ...] = (202, 128, 128, 38)) -> list[Any]:
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        (jax.random.normal(k, (a, b)) * (2 / a) ** 0.5 * (0.01 if b == 38 else 1), jnp.zeros(b))
        for k, a, b in zip(keys, sizes[:-1], sizes[1:], strict=True)
    ]


def logits_of(params: list[Any], observation: jax.Array) -> jax.Array:
    x = jnp.sign(observation) * jnp.log1p(jnp.abs(observation))  # counts up to ~90: squashed
    for weights, bias in params[:-1]:
        x = jax.nn.relu(x @ weights + bias)
    return x @ params[-1][0] + params[-1][1]  # type: ignore[no-any-return]


def play(params: list[Any], key: jax.Array, batch: int) -> tuple[jax.Array, ...]:
    """``batch`` games: the learner's observations, legal masks, actions and turns, and
    each game's return for the learner."""
    deal, key = jax.random.split(key)
    state = jax.vmap(lambda k: nile.init(k, 2))(jax.random.split(deal, batch))

    def decide(state: Any, key: jax.Array) -> tuple[Any, tuple[jax.Array, ...]]:
        mine, random_bot, draw = jax.random.split(key, 3)
        legal = jax.vmap(nile.legal_action_mask)(state)
        seen = jax.vmap(nile.observe)(state, jnp.full(batch, LEARNER))
        ours = legal.any(axis=1) & (state.seat == LEARNER)
        scores = jnp.where(legal, logits_of(params, seen), -1e9)
        action = jnp.where(
            ours,
            jax.random.categorical(mine, scores),
            jax.random.categorical(random_bot, jnp.where(legal, 0.0, -1e9)),
        )
        state = jax.vmap(nile.step)(state, action, jax.random.split(draw, batch))
        return state, (seen, legal, action, ours)

    state, (seen, legal, action, ours) = jax.lax.scan(decide, state, jax.random.split(key, LENGTH))
    results = jax.vmap(nile.returns)(state)[:, LEARNER]
    return seen, legal, action, ours, results, (state.phase == OVER).mean()


def loss(params: list[Any], seen, legal, action, ours, results, entropy_weight=0.01):
    scores = jnp.where(legal, logits_of(params, seen), -1e9)
    logp = jax.nn.log_softmax(scores)
    taken = jnp.take_along_axis(logp, action[..., None], axis=-1)[..., 0]
    advantage = results - results.mean()
    turns = jnp.maximum(ours.sum(), 1)
    entropy = -(jnp.exp(logp) * jnp.where(legal, logp, 0.0)).sum(-1)
    return -((taken * advantage[None, :] + entropy_weight * entropy) * ours).sum() / turns


@jax.jit
def adam(params, grads, moments, count, rate=1e-3, b1=0.9, b2=0.999):
    first, second = moments
    first = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, first, grads)
    second = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, second, grads)
    fix1, fix2 = 1 - b1**count, 1 - b2**count
    params = jax.tree.map(
        lambda p, m, v: p - rate * (m / fix1) / (jnp.sqrt(v / fix2) + 1e-8), params, first, second
    )
    return params, (first, second)


def reference_check(params: list[Any], games: int, seed: int) -> float:
    """The trained seat 0 in the reference engine against its random bot: mean return.

    Its observation comes from the reference's own encoder, so this also shows the policy
    learnt nothing that only the JAX engine has."""
    import random

    import nilegames
    from nilegames.games.nile.tensor import NileObservationEncoder

    encoder, rng, total = NileObservationEncoder(), random.Random(seed), 0.0
    policy = jax.jit(logits_of)
    for game in range(games):
        state = nilegames.make("nile", players=2)
        while not state.is_terminal():
            if state.is_chance_node():
                nilegames.resolve_chance(state, rng)
                continue
            legal = state.legal_actions()
            if state.current_player() == LEARNER:
                scores = policy(params, jnp.asarray(encoder.encode(state.observation(LEARNER))))
                masked = jnp.full(38, -1e9).at[jnp.asarray(legal)].set(scores[jnp.asarray(legal)])
                action = int(jax.random.categorical(jax.random.PRNGKey(seed + game), masked))
                seed += 1
            else:
                action = rng.choice(legal)
            state.apply_action(action)
        total += state.returns()[LEARNER]
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path)
    parser.add_argument("--reference-games", type=int, default=100)
    args = parser.parse_args()
    key = jax.random.PRNGKey(args.seed)
    params = new_params(key)
    moments = (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params))
    rollout = jax.jit(play, static_argnums=2)
    gradient = jax.jit(jax.grad(loss))
    curve, start = [], time.perf_counter()
    for iteration in range(1, args.iterations + 1):
        key, games = jax.random.split(key)
        *batch, finished = rollout(params, games, args.batch)
        params, moments = adam(params, gradient(params, *batch), moments, iteration)
        curve.append((time.perf_counter() - start, float(batch[4].mean())))
        wins = float((batch[4] > 0).mean())
        print(
            f"{iteration:3d} {curve[-1][0]:6.0f} s  return {curve[-1][1]:+.3f}"
            f"  wins {wins:.0%}  finished {float(finished):.0%}"
        )
    if args.reference_games:
        mean = reference_check(params, args.reference_games, args.seed)
        print(f"in the reference engine, {args.reference_games} games: mean return {mean:+.3f}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(6, 3.2))
        seconds, returns = zip(*curve, strict=True)
        axes.plot([s / 60 for s in seconds], returns, marker=".")
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_xlabel("minutes on 2 shared CPU cores (compiling included)")
        axes.set_ylabel(f"mean return vs random ({args.batch} games)")
        axes.set_title("2-player NILE: policy gradient against the random bot")
        figure.tight_layout()
        figure.savefig(args.plot, dpi=110)


if __name__ == "__main__":
    main()
