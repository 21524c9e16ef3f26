"""What :func:`nilegames.jax.nile.step` plays after a seat's action, in few operations.

A seat's action leads to at most this chain of chance steps, in this order: a drawing
into a hand (a turn's two cards or a market's one), the flood card turned (again after
a locust), the speculation payout drawn, the harvest.  Each is run once here, for every
game of a batch at the same time, instead of one card per turn of a loop over phases
(under ``vmap`` every turn of such a loop costs every phase's work, and a batch waits
for its longest chain).  The seat's action itself is written out as one piece of array
code (:func:`take_action`) rather than a ``switch`` over the seats' handlers.  Under
``vmap``, the chance steps, and within them the payout, are played only for the games
that have them, gathered into a sub-batch (:func:`compacted`).

A drawing takes all the cards it needs from one deck in one go (:func:`deal_from`): a
uniformly random set of that many of the deck's counted cards (Floyd's sampling, then
each card's kind), which is the multivariate hypergeometric law of drawing them one by
one; the locust, which does not count, comes up with the probability that it lies
before the last card needed.  A rebuilt deck in the middle of a drawing, or a flood
turned again after a locust that was the deck's last card, takes another go in a
``while_loop`` played (as the strikes of locusts drawn) only for the games that need
it.  The outcomes are traced in an order the rules allow (per deck: the locust first,
then the cards), so a record replays one outcome at a time through
:func:`nilegames.jax.nile.apply`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.custom_batching import custom_vmap

from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    DRAW_PER_TURN,
    FIRST_SPECULATION,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
    SPECULATION_PAYOUT,
    TRADE_COST,
)
from nilegames.jax import nile_random as rnd
from nilegames.jax.nile_rules import STRUCK, can_draw, finish_flood, lay_flood, strike, take
from nilegames.jax.nile_state import (
    BY_MARKET,
    BY_TURN,
    CONTINUE_DRAW,
    DRAW,
    FINISH_FLOOD,
    FLIP_FLOOD,
    FLOOD,
    NO_OWNER,
    OVER,
    PICK,
    PLANT,
    SPECULATE,
    TRADE,
    NileJaxState,
    loop_fields,
    pick,
)

State = NileJaxState
#: The most counted cards one drawing takes: a payout of two matching speculations.
MOST: Final = 2 * SPECULATION_PAYOUT
#: Cards a turn's drawing and a market's take at most (one deck at a time).
TURN_MOST: Final = 2
KINDS: Final = np.arange(NUM_KINDS)
CROPS: Final = np.arange(NUM_CROPS)
#: ``UPPER[i, j]`` is 1 where i <= j: prefix sums as a product (``cumsum`` is slow on CPU).
UPPER: Final = jnp.asarray(np.triu(np.ones((NUM_KINDS, NUM_KINDS), np.int32)))
#: Random words every step draws: a turn's drawing (up to 2 cards, n + 1 words for n) and
#: the flood (2).  A payout draws its own, only in the games that have one.
WORDS: Final = (TURN_MOST + 1) + 2
#: ``fold_in`` of the key for a payout's words; the further goes at a rebuilt deck fold in
#: the count of outcomes drawn so far, always below ``MAX_TRACE`` (64), so never this.
PAYOUT_STREAM: Final = 1 << 16
#: Under ``vmap`` (:func:`compacted`), the chance steps are played for a gathered
#: sub-batch of the games that have some (1 / ``CHANCE_SHARE`` of the batch at a time:
#: 7/16, as in random play 38 to 42 % of the games have some at a call, so one sub-batch
#: nearly always takes them all; there were half), and the payout for a sub-batch of
#: those that have one (1 / ``PAYOUT_SHARE``).
CHANCE_SHARE: Final = Fraction(16, 7)
PAYOUT_SHARE: Final = 32
CHUNK_MIN: Final = 16
#: The seldom further steps (a drawing going on from a rebuilt deck, a flood turned
#: again, locusts striking) are played for a gathered sub-batch of the games that need
#: them (1 / ``RARE_SHARE`` of the batch at a time): as loops over the whole batch, one
#: such game in a call made every game pay for a turn of the loop.
RARE_SHARE: Final = 64


class Trace(NamedTuple):
    """The chance outcomes drawn so far, in order (-1 padded; one slot if not traced)."""

    outcomes: jax.Array
    total: jax.Array


class Drawn(NamedTuple):
    """One go at a deck: the counted cards by kind, their kinds in order, the locust."""

    counts: jax.Array  # (16,)
    kinds: jax.Array  # (most,), -1 padded
    locust: jax.Array  # bool


def deal_from(deck: jax.Array, want: jax.Array, words: jax.Array, most: int) -> Drawn:
    """``want`` (at most ``most``) counted cards from ``deck``, or all it has if fewer.

    Laying the deck's counted cards out by kind, Floyd's algorithm picks a uniform random
    set of ``m`` positions (one random word each); each position's kind follows from the
    counts.  The locust comes up if it lies before the last card needed (probability
    ``want / (n + 1)`` with ``n`` counted cards), or always when the deck runs out.  Each
    word is taken modulo at most 91, as :func:`nilegames.jax.nile.sample_chance` does.
    """
    counted = jnp.where(KINDS == LOCUST, 0, deck)
    n = counted.sum()
    m = jnp.minimum(want, n)
    ends = (counted[:, None] * UPPER).sum(axis=0)
    chosen: list[jax.Array] = []
    kinds = []
    for j in range(most):
        top = n - m + j
        position = (words[j] % jnp.maximum(top + 1, 1).astype(jnp.uint32)).astype(jnp.int32)
        for earlier in chosen:
            position = jnp.where(position == earlier, top, position)
        live = j < m
        chosen.append(jnp.where(live, position, -1))
        kinds.append(jnp.where(live, (ends <= position).sum(), -1))
    kind = jnp.stack(kinds)
    ticket = (words[most] % (n + 1).astype(jnp.uint32)).astype(jnp.int32)
    locust = (deck[LOCUST] > 0) & (want > 0) & ((want > n) | (ticket < m))
    counts = (kind[:, None] == KINDS).sum(axis=0, dtype=jnp.int32)
    return Drawn(counts=counts, kinds=kind, locust=locust)


def _record(trace: Trace, drawn: Drawn) -> Trace:
    """Add one go's outcomes: the locust first (it came up before the last card), then
    the cards (the order of cards drawn together does not change the game)."""
    outcomes, count = trace
    if outcomes.shape[0] > 1:
        last = outcomes.shape[0] - 1
        at = jnp.minimum(count, last)
        outcomes = outcomes.at[at].set(jnp.where(drawn.locust, LOCUST, outcomes[at]))
        start = count + drawn.locust
        for j, kind in enumerate(drawn.kinds):
            at = jnp.minimum(start + j, last)
            outcomes = outcomes.at[at].set(jnp.where(kind >= 0, kind, outcomes[at]))
    return Trace(outcomes, count + drawn.locust + (drawn.kinds >= 0).sum())


def _take_locust(s: State, locust: jax.Array) -> State:
    deck = s.deck.at[LOCUST].add(-locust.astype(jnp.int32))
    over = s.over | (locust & (deck.sum() == 0) & (s.deck_number == s.players))
    return s._replace(deck=deck, over=over, locust_aside=s.locust_aside | locust)


def _words(key: jax.Array, count: jax.Array, most: int) -> jax.Array:
    """Words for a further go at a deck (a rebuilt one): from ``key`` and the outcomes so
    far, which differ at every go, so no two goes share their words."""
    return rnd.bits(rnd.fold_in(key, count), most + 1)


def _drawing_now(s: State) -> jax.Array:
    return (s.phase == CONTINUE_DRAW) | (s.phase == DRAW)


def _owed(s: State) -> jax.Array:
    """A drawing is over (the game not) and locusts drawn in it are still to strike."""
    return _drawing_now(s) & ~s.over & (s.locust_pending > 0)


def _strike_owed(s: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
    """The locusts drawn in a drawing strike, one at a time, once it is over."""

    def strike_once(state: State) -> State:
        return strike(state)._replace(locust_pending=state.locust_pending - 1)

    return loop_fields(STRUCK, _owed, strike_once, s), trace


def _drawing(
    s: State, key: jax.Array, words: jax.Array, trace: Trace, most: int
) -> tuple[State, Trace]:
    """A whole drawing into a hand, if one is due: its cards (rebuilding an empty deck
    when a card is needed, the game over if the last one is), the locust strikes it owes,
    then what it leads to (the next turn's flood, the trade, the harvest)."""
    entered = _drawing_now(s)

    def go(
        state: State, trace: Trace, words: jax.Array, active: jax.Array
    ) -> tuple[State, Trace, jax.Array]:
        state, ready = can_draw(state, active & (state.draw_left > 0))
        drawn = deal_from(
            state.deck, jnp.where(ready, jnp.minimum(state.draw_left, most), 0), words, most
        )
        state = _take_locust(state._replace(deck=state.deck - drawn.counts), drawn.locust)
        emptied = (drawn.counts.sum() > 0) & (state.deck.sum() == 0)
        over = state.over | (emptied & (state.deck_number == state.players))
        seat = jnp.arange(state.hands.shape[0]) == state.draw_seat
        state = state._replace(
            over=over,
            hands=state.hands + jnp.where(seat[:, None], drawn.counts, 0),
            draw_left=state.draw_left - drawn.counts.sum(),
            locust_pending=state.locust_pending + drawn.locust,
        )
        trace = _record(trace, drawn)
        return state, trace, ready & (state.draw_left > 0) & ~state.over

    def goes_on(state: State) -> jax.Array:
        return _drawing_now(state) & (state.draw_left > 0) & ~state.over

    def further(state: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
        """Further goes at a rebuilt deck, in the games that need them."""

        def again(carry: tuple[State, Trace, jax.Array]) -> tuple[State, Trace, jax.Array]:
            state, trace, active = carry
            return go(state, trace, _words(key, trace.total, most), active)

        carry = (state, trace, goes_on(state))
        state, trace, _ = jax.lax.while_loop(lambda carry: carry[2], again, carry)
        return state, trace

    s, trace, _ = go(s, trace, words, entered)
    s, trace = compacted(further, goes_on, RARE_SHARE)(s, key, trace)
    s, trace = compacted(_strike_owed, _owed, RARE_SHARE)(s, key, trace)
    finished = entered & ~s.over
    by_turn = finished & (s.draw_reason == BY_TURN)
    after = jnp.where(
        s.draw_reason == BY_TURN,
        FLIP_FLOOD,
        jnp.where(s.draw_reason == BY_MARKET, TRADE, FINISH_FLOOD),
    )
    next_seat = jnp.where(by_turn, (s.seat + 1) % s.players, s.next_seat)
    s = s._replace(
        draw_left=jnp.where(entered, 0, s.draw_left),
        next_seat=next_seat,
        seat=jnp.where(by_turn, next_seat, s.seat),
        turn=s.turn + by_turn,
        phase=jnp.where(entered, jnp.where(s.over, OVER, after), s.phase),
    )
    return s, trace


def _flooding(s: State, key: jax.Array, words: jax.Array, trace: Trace) -> tuple[State, Trace]:
    """The flood card, if one is due: a locust before it strikes at once (none once it
    took the last card of the game), and a locust that was its deck's last card has the
    flood turned again from the rebuilt deck."""

    def due(state: State) -> jax.Array:
        return (state.phase == FLIP_FLOOD) | (state.phase == FLOOD)

    def go(state: State, trace: Trace, words: jax.Array) -> tuple[State, Trace]:
        flipping = due(state)
        turned, ready = can_draw(state, flipping)
        drawn = deal_from(turned.deck, ready.astype(jnp.int32), words, 1)
        turned = _take_locust(turned, drawn.locust)
        ended = drawn.locust & turned.over
        turned = pick(drawn.locust & ~ended, strike(turned), turned)
        card = jnp.maximum(drawn.kinds[0], 0)
        flooded = lay_flood(take(turned, card), card)
        again = turned._replace(phase=jnp.where(ended | ~ready, OVER, FLIP_FLOOD))
        turned = pick(drawn.kinds[0] >= 0, flooded, again)
        return pick(flipping, turned, state), _record(trace, drawn)

    def further(state: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
        """The flood turned again, in the games whose locust was the deck's last card."""

        def again(carry: tuple[State, Trace]) -> tuple[State, Trace]:
            state, trace = carry
            return go(state, trace, _words(key, trace.total, 1))

        return jax.lax.while_loop(lambda carry: due(carry[0]), again, (state, trace))

    s, trace = go(s, trace, words)
    return compacted(further, due, RARE_SHARE)(s, key, trace)


def take_action(s: State, action: jax.Array) -> State:
    """A seat's action, written out as one piece (a finished game stays as it is).

    It gives the state that the seats' handlers of :mod:`.nile_rules` give (``apply``
    plays those), but under ``vmap`` a ``switch`` over them computes each one in full;
    here every field is worked out once from which of them applies.
    """
    a = action
    done = a == act.DONE
    trading, picking = s.phase == TRADE, s.phase == PICK
    planting, speculating = s.phase == PLANT, s.phase == SPECULATE
    ends = (trading | planting | speculating) & done
    opens = trading & ~done & (a < act.DISCARD_HAND)
    lays_crop = (trading & ~done & (a >= act.DISCARD_HAND) & (a < act.SPECULATE)) | (
        planting & ~done
    )
    lays_speculation = (trading & (a >= act.SPECULATE)) | (speculating & ~done)
    completes = planting & done
    # The card that leaves the hand (laid or traded), or the stock (traded).
    from_hand = a < act.DISCARD_STOCK
    traded = jnp.where(from_hand, a - act.DISCARD_HAND, a - act.DISCARD_STOCK)
    crop = jnp.clip(a - act.PLANT, 0, NUM_CROPS - 1)
    speculation = jnp.clip(a - act.SPECULATE + FIRST_SPECULATION, FIRST_SPECULATION, LOCUST - 1)
    kind = jnp.where(lays_crop, crop, jnp.where(lays_speculation, speculation, traded))
    mine = (jnp.arange(s.hands.shape[0]) == s.seat)[:, None]
    leaves_hand = lays_crop | lays_speculation | (picking & from_hand)
    leaves_stock = picking & ~from_hand
    hands = s.hands - (mine & leaves_hand & (kind == KINDS)).astype(jnp.int32)
    stocks = s.stocks - (mine & leaves_stock & (traded == CROPS)).astype(jnp.int32)
    # A trade paid in full: a market's card is drawn, an offering's flood turned.
    left = s.picks_left - 1
    paid = picking & (left == 0)
    market = paid & (s.trade == act.MARKET)
    # A planting closed: fields grow, start or overtake (the smaller one discarded).
    laid = completes & (s.planted > 0)
    own = s.owner == s.seat
    overtaken = laid & ~own & (s.owner != NO_OWNER)
    discard = s.discard + (picking & (traded == KINDS)).astype(jnp.int32)
    discard = discard.at[:NUM_CROPS].add(jnp.where(overtaken, s.size, 0))
    planted = s.planted + (lays_crop & (crop == CROPS)).astype(jnp.int32)
    draws = ends | market
    phase = jnp.where(draws, CONTINUE_DRAW, s.phase)
    phase = jnp.where(paid & ~market, FLIP_FLOOD, phase)
    phase = jnp.where(opens, PICK, jnp.where(lays_crop, PLANT, phase))
    return s._replace(
        hands=hands,
        stocks=stocks,
        discard=discard,
        planted=jnp.where(completes, 0, planted),
        size=jnp.where(laid, jnp.where(own, s.size + s.planted, s.planted), s.size),
        owner=jnp.where(laid, s.seat, s.owner),
        speculations=s.speculations + (lays_speculation & (speculation == KINDS)),
        speculation_seat=jnp.where(lays_speculation, s.seat, s.speculation_seat),
        trade=jnp.where(opens, a, s.trade),
        picks_left=jnp.where(opens, TRADE_COST, jnp.where(picking, left, s.picks_left)),
        draw_seat=jnp.where(draws, s.seat, s.draw_seat),
        draw_left=jnp.where(ends, DRAW_PER_TURN, jnp.where(market, 1, s.draw_left)),
        draw_reason=jnp.where(ends, BY_TURN, jnp.where(market, BY_MARKET, s.draw_reason)),
        phase=jnp.where(lays_speculation, SPECULATE, phase),
    )


Section = Callable[[State, jax.Array, Trace], tuple[State, Trace]]


def compacted(draw: Section, due: Callable[[State], jax.Array], share: int | Fraction) -> Section:
    """``draw`` for the games where ``due`` holds; nothing changes in the others.

    Alone, a game runs ``draw`` only if it is due (``lax.cond``).  Under ``vmap``, where
    ``cond`` would compute ``draw`` for every game, the due games are gathered into a
    sub-batch (``1 / share`` of the batch, at least ``CHUNK_MIN`` games, another chunk
    while any is left), drawn for and put back: ``draw`` costs what the due games need.

    The rule is a ``custom_vmap``, whose function must close over no array: a ``vmap`` of
    a ``cond`` on a batched predicate (Pgx's ``Env.step``) batches every array a branch
    reads, and ``custom_vmap`` refuses batched closed-over arrays.  So the function is
    traced first and runs as that trace, its arrays handed to it as arguments; the rule
    never reads them (it calls ``draw`` itself).
    """

    def alone(s: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
        return jax.lax.cond(  # type: ignore[no-any-return]
            due(s), draw, lambda s, _key, trace: (s, trace), s, key, trace
        )

    def rule(
        size: int, in_batched: list[Any], _arrays: Any, args: tuple[State, jax.Array, Trace]
    ) -> tuple[tuple[State, Trace], tuple[Any, Any]]:
        s, key, trace = jax.tree.map(
            lambda x, b: x if b else jnp.broadcast_to(x, (size, *x.shape)), args, in_batched[1]
        )
        chunk = min(size, max(CHUNK_MIN, math.ceil(size / share)))

        def body(carry: tuple[State, Trace, jax.Array]) -> tuple[State, Trace, jax.Array]:
            s, trace, left = carry
            (rows,) = jnp.nonzero(left, size=chunk, fill_value=size)
            inside = jnp.minimum(rows, size - 1)  # filler rows read a game, put nothing back
            done = jax.vmap(draw)(*jax.tree.map(lambda x: x[inside], (s, key, trace)))
            s, trace = jax.tree.map(lambda x, y: x.at[rows].set(y, mode="drop"), (s, trace), done)
            return s, trace, left.at[rows].set(False, mode="drop")

        s, trace, _ = jax.lax.while_loop(lambda carry: carry[2].any(), body, (s, trace, due(s)))
        return (s, trace), jax.tree.map(lambda _: True, (s, trace))

    def run(s: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
        traced, shape = jax.make_jaxpr(alone, return_shape=True)(s, key, trace)
        out_tree = jax.tree.structure(shape)

        def replay(arrays: list[Any], args: tuple[State, jax.Array, Trace]) -> Any:
            out = jax.core.eval_jaxpr(traced.jaxpr, arrays, *jax.tree.leaves(args))
            return jax.tree.unflatten(out_tree, out)

        one = custom_vmap(replay)
        one.def_vmap(rule)
        return one(list(traced.consts), (s, key, trace))  # type: ignore[no-any-return]

    return run


def _draw_payout(s: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
    words = rnd.bits(rnd.fold_in(key, PAYOUT_STREAM), MOST + 1)
    return _drawing(s, key, words, trace, MOST)


#: The speculation payout's drawing, if the flood paid one (about one step in a hundred).
_payout = compacted(
    _draw_payout, lambda s: (s.phase == CONTINUE_DRAW) | (s.phase == DRAW), PAYOUT_SHARE
)


def _chance_steps(s: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
    """After a seat's action: the drawing into a hand, the flood, the payout, the harvest."""
    words = rnd.bits(key, WORDS)
    first = TURN_MOST + 1
    s, trace = _drawing(s, key, words[:first], trace, TURN_MOST)
    s, trace = _flooding(s, key, words[first:], trace)
    s, trace = _payout(s, key, trace)
    return pick(s.phase == FINISH_FLOOD, finish_flood(s), s), trace


#: The chance steps, in the games whose action leads to any (a turn's end, a trade paid:
#: about a third of the steps of a random game).
_chance = compacted(
    _chance_steps,
    lambda s: (s.phase == DRAW) | (s.phase == FLOOD) | (s.phase >= CONTINUE_DRAW),
    CHANCE_SHARE,
)


def play(s: State, action: jax.Array | int, key: jax.Array, slots: int) -> tuple[State, jax.Array]:
    """The seat's ``action``, then every chance step up to the next decision, drawn from
    ``key``; and the outcomes (``slots`` of them, -1 padded; no trace for one slot)."""
    s = take_action(s, jnp.asarray(action, jnp.int32))
    trace = Trace(jnp.full(slots, -1, jnp.int32), jnp.int32(0))
    s, trace = _chance(s, key, trace)
    outcomes = jnp.where(jnp.arange(slots) < trace.total, trace.outcomes, -1)
    return s, outcomes
