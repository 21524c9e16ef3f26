"""NILE's rules as pure JAX functions: ``init(key)``, ``step(state, action, key)``.

Each function takes and returns a :class:`~.nile_state.NileJaxState` and works under
``jax.jit`` and ``jax.vmap``.  Actions are the reference engine's integers
(:mod:`nilegames.games.nile.actions`), and chance outcomes are its outcomes too (a card
kind drawn, a first seat, a speculation card removed), so a record of either engine
replays in the other.  :func:`step` plays a seat's action and then every chance node up
to the next decision, drawing the outcomes from ``key`` (:mod:`.nile_draws`);
:func:`apply` plays one action or one given chance outcome (:mod:`.nile_rules`), for
replaying a record or checking against the reference.
"""

from __future__ import annotations

from functools import partial
from typing import Final

import jax
import jax.numpy as jnp

from nilegames.games.nile.cards import HAND_SIZE, NUM_KINDS
from nilegames.games.nile.state import SPECULATIONS_REMOVED_SHORT_2P
from nilegames.jax import nile_draws as draws
from nilegames.jax import nile_random as rnd
from nilegames.jax import nile_rules as rules
from nilegames.jax.nile_masks import legal_action_mask, legal_action_masks, uniform_actions
from nilegames.jax.nile_state import (
    CHANCE,
    CONTINUE_DRAW,
    DEAL,
    DRAW,
    FINISH_FLOOD,
    FIRST_PLAYER,
    FLOOD,
    IS_SPECULATION,
    OVER,
    REMOVE,
    TERMINAL,
    TRADE,
    NileJaxState,
    initial_state,
    pick,
)
from nilegames.jax.nile_views import observe, returns

__all__ = [
    "NileJaxState",
    "apply",
    "chance_weights",
    "current_player",
    "init",
    "initial_state",
    "legal_action_mask",
    "legal_action_masks",
    "observe",
    "play_chance_traced",
    "renew",
    "returns",
    "sample_chance",
    "step",
    "step_traced",
    "uniform_actions",
]

State = NileJaxState
#: The most chance outcomes one seat action can lead to before the next decision: a
#: turn's two cards, a flood, and a payout of six, each with locusts and rebuilt decks
#: around them, stays far below it (``step_traced`` checks).
MAX_TRACE: Final = 64
#: ``renew`` deals a new game from ``fold_in(key, RENEW_STREAM)``, so that it may be given
#: the key ``step`` was given (``step`` folds in only counts below ``MAX_TRACE`` and
#: ``draws.PAYOUT_STREAM``).
RENEW_STREAM: Final = 1 << 17
#: Under ``vmap``, ``renew`` deals for a sub-batch of 1 / RENEW_SHARE of the batch at a time.
RENEW_SHARE: Final = 64


# -- the public functions ---------------------------------------------------------------
def current_player(s: State) -> jax.Array:
    """The seat to move, CHANCE (-1) at a chance node, TERMINAL (-4) at the end."""
    return jnp.where(s.phase < TRADE, CHANCE, jnp.where(s.phase == OVER, TERMINAL, s.seat))


def chance_weights(s: State) -> jax.Array:
    """(16,) int: each outcome's weight at a chance node (zeros elsewhere).

    A draw weighs each kind by its cards in the deck; the first seat is uniform over the
    seats; a removed speculation card is uniform over the kinds still in the deck.
    """
    kinds = jnp.arange(NUM_KINDS)
    deck_phase = (s.phase == DEAL) | (s.phase == FLOOD) | (s.phase == DRAW)
    weights = jnp.where(deck_phase, s.deck, 0)
    weights = jnp.where(s.phase == FIRST_PLAYER, (kinds < s.players).astype(jnp.int32), weights)
    removable = (IS_SPECULATION & (s.deck > 0)).astype(jnp.int32)
    return jnp.where(s.phase == REMOVE, removable, weights)


def sample_chance(s: State, key: jax.Array) -> jax.Array:
    """A chance outcome drawn with :func:`chance_weights`' probabilities.

    One 32-bit draw modulo the total weight (at most 91): each outcome's probability is
    off by less than 91 / 2**32, half what ``jax.random.randint``'s two draws would cost.
    """
    weights = chance_weights(s)
    total = jnp.maximum(weights.sum(), 1).astype(jnp.uint32)
    ticket = (rnd.word(key) % total).astype(jnp.int32)
    return (jnp.cumsum(weights) <= ticket).sum().astype(jnp.int32)


def apply(s: State, action: jax.Array | int) -> State:
    """Play one action, or one chance outcome at a chance node; nothing once it is over.

    Legality is not checked (under ``jit`` nothing can be refused): an action outside
    :func:`legal_action_mask` (or a zero-weight outcome) leaves a state no game reaches.
    """
    action = jnp.asarray(action, jnp.int32)
    s = jax.lax.switch(jnp.clip(s.phase, 0, OVER), rules.INPUT, s, action)
    return rules.resolve(s)


def _play_chance(
    s: State, key: jax.Array, trace: bool, first: int | jax.Array = 0
) -> tuple[State, jax.Array]:
    """Every chance node up to the next decision, one per turn of a loop over phases,
    outcomes drawn from ``key`` (turn ``i`` from ``fold_in(key, first + i)``): the
    set-up's (``step`` has a faster way for the rest)."""

    def unattended(carry: tuple[State, jax.Array, jax.Array, jax.Array]) -> jax.Array:
        state = carry[0]
        return (state.phase < TRADE) | (state.phase >= CONTINUE_DRAW)

    def advance(
        carry: tuple[State, jax.Array, jax.Array, jax.Array],
    ) -> tuple[State, jax.Array, jax.Array, jax.Array]:
        state, index, outcomes, count = carry
        draw = rnd.fold_in(key, index)
        chance = state.phase < TRADE
        outcome = sample_chance(state, draw)
        branch = jnp.where(chance, state.phase, state.phase - CONTINUE_DRAW + TRADE)
        state = jax.lax.switch(branch, rules.UNATTENDED, state, outcome)
        if trace:
            outcomes = outcomes.at[jnp.minimum(count, MAX_TRACE - 1)].set(
                jnp.where(chance, outcome, outcomes[jnp.minimum(count, MAX_TRACE - 1)])
            )
            count = count + chance
        return state, index + 1, outcomes, count

    outcomes = jnp.full(MAX_TRACE if trace else 1, -1, jnp.int32)
    index = jnp.asarray(first, jnp.uint32)
    s, _, outcomes, count = jax.lax.while_loop(
        unattended, advance, (s, index, outcomes, jnp.int32(0))
    )
    return s, jnp.where(jnp.arange(outcomes.shape[0]) < count, outcomes, -1)


@partial(jax.jit, static_argnames=("players", "variant", "open_stocks"))
def init(
    key: jax.Array, players: int = 2, variant: str = "standard", open_stocks: bool = False
) -> State:
    """A new game dealt from ``key``, at its first decision.

    It is what :func:`play_chance_traced` plays from :func:`initial_state` (the same
    outcomes from the same key), but the set-up's turns are written out one after the
    other, each with its own handler, instead of turning a loop that computes every
    phase's handler at each turn (under ``vmap``, where ``renew`` deals, that loop ran
    about half the XLA kernels of a call of the benchmark): the cards removed (short
    variant, 2 players), the hands, the first seat, the turn's start and its flood.  Only
    a game whose first flood card is the locust goes on in the loop, from the turn it is
    at.
    """
    s = initial_state(players, variant, open_stocks)
    index = 0

    def outcome(state: State) -> jax.Array:
        nonlocal index
        drawn = sample_chance(state, rnd.fold_in(key, index))
        index += 1
        return drawn

    removing = SPECULATIONS_REMOVED_SHORT_2P if variant == "short" and players == 2 else 0
    for _ in range(removing):
        s = rules.on_remove(s, outcome(s))
    for _ in range(HAND_SIZE * players):
        s = rules.on_deal(s, outcome(s))
    s = rules.on_first_player(s, outcome(s))
    s = rules.start_turn(s)
    s = rules.flip_flood(s)
    index += 2  # the two turns without a chance outcome
    s = rules.on_flood(s, outcome(s))
    finishing = s.phase == FINISH_FLOOD
    s = pick(finishing, rules.finish_flood(s), s)
    # The locust turned as the flood: the loop goes on at the turn that turns it again.
    s, _ = _play_chance(s, key, False, jnp.where(finishing, index + 1, index))
    return s


def step(s: State, action: jax.Array | int, key: jax.Array) -> State:
    """Play the seat's ``action``, then every chance node to the next decision from ``key``.

    For states at a decision (or over): :func:`init` plays the set-up's chance nodes.
    """
    s, _ = draws.play(s, action, key, 1)
    return s


def renew(s: State, key: jax.Array, variant: str = "standard", open_stocks: bool = False) -> State:
    """A finished game replaced by a new one, dealt as ``init`` deals it from
    ``fold_in(key, RENEW_STREAM)`` (with the players of ``s``); a running game unchanged.

    Under ``vmap`` only the finished games are dealt, gathered into a sub-batch (a
    sixty-fourth of the batch at a time, :func:`.nile_draws.compacted`), so a batch of
    games played without end (``step`` then ``renew``, with the same key) pays for the
    deals it needs and no more.
    """
    players = s.players

    def deal(s: State, key: jax.Array, trace: draws.Trace) -> tuple[State, draws.Trace]:
        fresh = init(rnd.fold_in(key, RENEW_STREAM), players, variant, open_stocks)
        return fresh, trace

    renewal = draws.compacted(deal, lambda s: s.phase == OVER, RENEW_SHARE)
    trace = draws.Trace(jnp.full(1, -1, jnp.int32), jnp.int32(0))
    s, _ = renewal(s, key, trace)
    return s


def play_chance_traced(s: State, key: jax.Array) -> tuple[State, jax.Array]:
    """Every chance node up to the next decision, one at a time (as :func:`init` plays
    them from ``key``), and the outcomes drawn, padded with -1."""
    return _play_chance(s, key, True)


def step_traced(s: State, action: jax.Array | int, key: jax.Array) -> tuple[State, jax.Array]:
    """:func:`step`, and the chance outcomes it drew (padded with -1), to replay it elsewhere."""
    return draws.play(s, action, key, MAX_TRACE)
