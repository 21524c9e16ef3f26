"""NILE's rules as pure JAX functions: ``init(key)``, ``step(state, action, key)``.

Each function takes and returns a :class:`~.nile_state.NileJaxState` and works under
``jax.jit`` and ``jax.vmap``.  Actions are the reference engine's integers
(:mod:`nilegames.games.nile.actions`), and chance outcomes are its outcomes too (a card
kind drawn, a first seat, a speculation card removed), so a record of either engine
replays in the other.  :func:`step` plays a seat's action and then every chance node up
to the next decision, drawing each outcome from ``key``; :func:`apply` plays one action
or one given chance outcome, for replaying a record or checking against the reference.

The handlers follow ``NileState``'s methods of the same names; where the reference
engine calls on (``_continue_draw`` -> ``_start_turn`` -> ``_flip_flood``), a handler here
sets one of the no-input phases and :func:`_resolve` runs them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np

from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    DRAW_PER_TURN,
    FIRST_SPECULATION,
    HAND_SIZE,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
    SPECULATION_PAYOUT,
    TRADE_COST,
)
from nilegames.jax.nile_state import (
    BY_MARKET,
    BY_SPECULATION,
    BY_TURN,
    CHANCE,
    CONTINUE_DRAW,
    DEAL,
    DRAW,
    FINISH_FLOOD,
    FIRST_PLAYER,
    FLIP_FLOOD,
    FLOOD,
    IS_SPECULATION,
    KIND_MASKS,
    KIND_SHOWS,
    NO_OWNER,
    OVER,
    PICK,
    PLANT,
    POPCOUNT,
    REMOVE,
    SPECULATE,
    START_TURN,
    TERMINAL,
    TRADE,
    NileJaxState,
    initial_state,
    pick,
)
from nilegames.jax.nile_views import legal_action_mask, observe, returns

__all__ = [
    "NileJaxState",
    "apply",
    "chance_weights",
    "current_player",
    "init",
    "initial_state",
    "legal_action_mask",
    "observe",
    "play_chance_traced",
    "returns",
    "sample_chance",
    "step",
    "step_traced",
]

State = NileJaxState
Handler = Callable[[State, jax.Array], State]
#: The most chance outcomes one seat action can lead to before the next decision: a
#: turn's two cards, a flood, and a payout of six, each with locusts and rebuilt decks
#: around them, stays far below it (``step_traced`` checks).
MAX_TRACE: Final = 64
CROPS: Final = np.arange(NUM_CROPS)


# -- the deck ---------------------------------------------------------------------------
def _take(s: State, kind: jax.Array) -> State:
    deck = s.deck.at[kind].add(-1)
    over = s.over | ((deck.sum() == 0) & (s.deck_number == s.players))
    return s._replace(deck=deck, over=over)


def _reshuffle(s: State) -> State:
    """A new deck from the whole flood pile, the discards and the locust (seed 000)."""
    deck = s.deck.at[jnp.maximum(s.flood, 0)].add(s.flood_on_pile.astype(jnp.int32))
    deck = deck + s.flood_below + s.discard
    deck = deck.at[LOCUST].add(s.locust_aside.astype(jnp.int32))
    zero = jnp.zeros_like(s.discard)
    return s._replace(
        deck=deck,
        flood_below=zero,
        discard=zero,
        flood_on_pile=jnp.bool_(False),
        locust_aside=jnp.bool_(False),
        deck_number=s.deck_number + 1,
    )


def _can_draw(s: State, active: jax.Array) -> tuple[State, jax.Array]:
    """If ``active``: rebuild an empty deck unless it was the last; whether a card is there."""

    def empty(carry: tuple[State, jax.Array]) -> jax.Array:
        state, stop = carry
        return active & (state.deck.sum() == 0) & ~stop

    def rebuild(carry: tuple[State, jax.Array]) -> tuple[State, jax.Array]:
        state, _ = carry
        last = state.over | (state.deck_number == state.players)
        return pick(last, state._replace(over=jnp.bool_(True)), _reshuffle(state)), last

    s, _ = jax.lax.while_loop(empty, rebuild, (s, jnp.bool_(False)))
    return s, active & ~s.over


def _strike(s: State) -> State:
    """The locust destroys every field of the largest size (all of them on a tie)."""
    largest = s.size.max()
    hit = (s.size == largest) & (largest > 0)
    return s._replace(
        discard=s.discard.at[:NUM_CROPS].add(jnp.where(hit, s.size, 0)),
        size=jnp.where(hit, 0, s.size),
        owner=jnp.where(hit, NO_OWNER, s.owner),
    )


def _start_draw(s: State, seat: jax.Array, count: int | jax.Array, reason: int) -> State:
    return s._replace(
        draw_seat=seat,
        draw_left=jnp.int32(count),
        draw_reason=jnp.int32(reason),
        phase=jnp.int32(CONTINUE_DRAW),
    )


# -- chance nodes -----------------------------------------------------------------------
def _on_remove(s: State, kind: jax.Array) -> State:
    left = s.removing_left - 1
    return s._replace(
        deck=s.deck.at[kind].add(-1),
        removed=s.removed.at[kind].add(1),
        removing_left=left,
        phase=jnp.where(left == 0, DEAL, REMOVE),
    )


def _on_deal(s: State, kind: jax.Array) -> State:
    s = _take(s, kind)
    hands = s.hands.at[s.deal_seat, kind].add(1)
    full = hands[s.deal_seat].sum() == HAND_SIZE
    deal_seat = s.deal_seat + full
    dealt = full & (deal_seat == s.players)
    return s._replace(
        hands=hands,
        deal_seat=deal_seat,
        deck=s.deck.at[LOCUST].set(jnp.where(dealt, 1, s.deck[LOCUST])),
        locust_aside=s.locust_aside & ~dealt,
        phase=jnp.where(dealt, FIRST_PLAYER, DEAL),
    )


def _on_first_player(s: State, seat: jax.Array) -> State:
    return s._replace(next_seat=seat, phase=jnp.int32(START_TURN))


def _on_flood(s: State, kind: jax.Array) -> State:
    s = _take(s, kind)
    # The locust turned as the flood: it strikes and the next card is turned.
    locust = s._replace(locust_aside=jnp.bool_(True))
    locust = pick(
        s.over,
        locust._replace(phase=jnp.int32(OVER)),
        _strike(locust)._replace(phase=jnp.int32(FLIP_FLOOD)),
    )
    # A card: it floods its crops, pays speculations on them, and the harvest follows.
    blocked = KIND_MASKS[kind]
    matches = (s.speculations * POPCOUNT[KIND_MASKS & blocked]).sum()
    pays = matches > 0
    card = s._replace(
        flood_below=s.flood_below.at[jnp.maximum(s.flood, 0)].add(
            s.flood_on_pile.astype(jnp.int32)
        ),
        flood=kind,
        flood_on_pile=jnp.bool_(True),
        blocked=blocked,
    )
    paid = _start_draw(card, s.speculation_seat, SPECULATION_PAYOUT * matches, BY_SPECULATION)
    card = pick(pays & ~s.over, paid, card._replace(phase=jnp.where(s.over, OVER, FINISH_FLOOD)))
    return pick(kind == LOCUST, locust, card)


def _on_draw(s: State, kind: jax.Array) -> State:
    s = _take(s, kind)
    locust = kind == LOCUST
    return s._replace(
        hands=s.hands.at[s.draw_seat, kind].add(jnp.where(locust, 0, 1)),
        draw_left=s.draw_left - jnp.where(locust, 0, 1),
        locust_aside=s.locust_aside | locust,
        locust_pending=s.locust_pending + locust,
        phase=jnp.int32(CONTINUE_DRAW),
    )


# -- seat decisions ---------------------------------------------------------------------
def _end_turn(s: State) -> State:
    return _start_draw(s, s.seat, DRAW_PER_TURN, BY_TURN)


def _lay_crop(s: State, action: jax.Array) -> State:
    crop = jnp.clip(action - act.PLANT, 0, NUM_CROPS - 1)
    return s._replace(
        hands=s.hands.at[s.seat, crop].add(-1),
        planted=s.planted.at[crop].add(1),
        phase=jnp.int32(PLANT),
    )


def _lay_speculation(s: State, action: jax.Array) -> State:
    kind = jnp.clip(action - act.SPECULATE + FIRST_SPECULATION, FIRST_SPECULATION, LOCUST - 1)
    return s._replace(
        hands=s.hands.at[s.seat, kind].add(-1),
        speculations=s.speculations.at[kind].add(1),
        speculation_seat=s.seat,
        phase=jnp.int32(SPECULATE),
    )


def _on_trade(s: State, action: jax.Array) -> State:
    branch = jnp.where(action == act.DONE, 0, jnp.where(action < act.DISCARD_HAND, 1, 2))
    branch = jnp.where(action >= act.SPECULATE, 3, branch)
    return jax.lax.switch(  # type: ignore[no-any-return]
        branch,
        (
            lambda: _end_turn(s),
            lambda: s._replace(
                trade=action, picks_left=jnp.int32(TRADE_COST), phase=jnp.int32(PICK)
            ),
            lambda: _lay_crop(s, action),
            lambda: _lay_speculation(s, action),
        ),
    )


def _on_pick(s: State, action: jax.Array) -> State:
    from_hand = action < act.DISCARD_STOCK
    kind = jnp.where(from_hand, action - act.DISCARD_HAND, action - act.DISCARD_STOCK)
    left = s.picks_left - 1
    s = s._replace(
        hands=s.hands.at[s.seat, kind].add(-from_hand.astype(jnp.int32)),
        stocks=s.stocks.at[s.seat, jnp.clip(kind, 0, NUM_CROPS - 1)].add(
            -(~from_hand).astype(jnp.int32)
        ),
        discard=s.discard.at[kind].add(1),
        picks_left=left,
    )
    market = _start_draw(s, s.seat, 1, BY_MARKET)
    paid = pick(s.trade == act.MARKET, market, s._replace(phase=jnp.int32(FLIP_FLOOD)))
    return pick(left == 0, paid, s)


def _complete_planting(s: State) -> State:
    laid = s.planted > 0
    own = s.owner == s.seat
    overtaken = laid & ~own & (s.owner != NO_OWNER)  # the smaller field is discarded
    return s._replace(
        discard=s.discard.at[:NUM_CROPS].add(jnp.where(overtaken, s.size, 0)),
        size=jnp.where(laid, jnp.where(own, s.size + s.planted, s.planted), s.size),
        owner=jnp.where(laid, s.seat, s.owner),
        planted=jnp.zeros_like(s.planted),
    )


def _on_plant(s: State, action: jax.Array) -> State:
    return jax.lax.cond(  # type: ignore[no-any-return]
        action == act.DONE,
        lambda: _end_turn(_complete_planting(s)),
        lambda: _lay_crop(s, action),
    )


def _on_speculate(s: State, action: jax.Array) -> State:
    return jax.lax.cond(  # type: ignore[no-any-return]
        action == act.DONE, lambda: _end_turn(s), lambda: _lay_speculation(s, action)
    )


def _on_over(s: State, action: jax.Array) -> State:
    return s


# -- steps with no input ----------------------------------------------------------------
def _continue_draw(s: State) -> State:
    """Draw on, or the drawing is over: owed locusts strike, and the turn goes on."""
    wanted = s.draw_left > 0
    s, ready = _can_draw(s, wanted)
    drawing = wanted & ready
    finished = ~drawing & ~s.over

    def owed(state: State) -> jax.Array:
        return finished & (state.locust_pending > 0)

    def strike(state: State) -> State:
        return _strike(state)._replace(locust_pending=state.locust_pending - 1)

    s = jax.lax.while_loop(owed, strike, s)
    after = jnp.array([START_TURN, TRADE, FINISH_FLOOD], jnp.int32)[s.draw_reason]
    by_turn = finished & (s.draw_reason == BY_TURN)
    return s._replace(
        draw_left=jnp.where(drawing, s.draw_left, 0),
        next_seat=jnp.where(by_turn, (s.seat + 1) % s.players, s.next_seat),
        phase=jnp.where(drawing, DRAW, jnp.where(s.over, OVER, after)),
    )


def _start_turn(s: State) -> State:
    started = s._replace(seat=s.next_seat, turn=s.turn + 1, phase=jnp.int32(FLIP_FLOOD))
    return pick(s.over, s._replace(phase=jnp.int32(OVER)), started)


def _flip_flood(s: State) -> State:
    s, ready = _can_draw(s, jnp.bool_(True))
    return s._replace(phase=jnp.where(ready, FLOOD, OVER))


def _finish_flood(s: State) -> State:
    """Speculations are discarded, then each flooded crop's field yields one card."""
    shown = KIND_SHOWS[jnp.maximum(s.flood, 0)] & (s.owner != NO_OWNER)
    size = s.size - shown
    return s._replace(
        discard=s.discard + s.speculations,
        speculations=jnp.zeros_like(s.speculations),
        speculation_seat=jnp.int32(-1),
        stocks=s.stocks.at[jnp.maximum(s.owner, 0), CROPS].add(shown.astype(jnp.int32)),
        size=size,
        owner=jnp.where(shown & (size == 0), NO_OWNER, s.owner),
        phase=jnp.where(s.over, OVER, TRADE),
    )


_INPUT: Final[tuple[Handler, ...]] = (
    _on_remove,
    _on_deal,
    _on_first_player,
    _on_flood,
    _on_draw,
    _on_trade,
    _on_pick,
    _on_plant,
    _on_speculate,
    _on_over,
)
_AUTOMATIC: Final[tuple[Callable[[State], State], ...]] = (
    _continue_draw,
    _start_turn,
    _flip_flood,
    _finish_flood,
)
#: The handlers of :func:`_play_chance`'s loop: chance nodes, then the no-input steps.
_UNATTENDED: Final[tuple[Handler, ...]] = (
    *_INPUT[:TRADE],
    *((lambda h: lambda s, _a: h(s))(handler) for handler in _AUTOMATIC),
)
#: The same without the set-up's chance nodes, which no game meets after ``init``: under
#: ``vmap`` every branch is computed at every turn of the loop, so fewer is faster.
_IN_PLAY: Final = _UNATTENDED[FLOOD:]


def _resolve(s: State) -> State:
    """Run the no-input steps until a chance node, a seat or the end."""
    return jax.lax.while_loop(
        lambda s: s.phase >= CONTINUE_DRAW,
        lambda s: jax.lax.switch(s.phase - CONTINUE_DRAW, _AUTOMATIC, s),
        s,
    )


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
    ticket = (jax.random.bits(key, (), jnp.uint32) % total).astype(jnp.int32)
    return (jnp.cumsum(weights) <= ticket).sum().astype(jnp.int32)


def apply(s: State, action: jax.Array | int) -> State:
    """Play one action, or one chance outcome at a chance node; nothing once it is over.

    Legality is not checked (under ``jit`` nothing can be refused): an action outside
    :func:`legal_action_mask` (or a zero-weight outcome) leaves a state no game reaches.
    """
    action = jnp.asarray(action, jnp.int32)
    s = jax.lax.switch(jnp.clip(s.phase, 0, OVER), _INPUT, s, action)
    return _resolve(s)


def _play_chance(
    s: State, key: jax.Array, trace: bool, setup: bool = False
) -> tuple[State, jax.Array]:
    """Every chance node up to the next decision, outcomes drawn from ``key`` (the set-up's
    chance nodes only if ``setup``: a game past ``init`` has none)."""

    def unattended(carry: tuple[State, jax.Array, jax.Array, jax.Array]) -> jax.Array:
        state = carry[0]
        return (state.phase < TRADE) | (state.phase >= CONTINUE_DRAW)

    def advance(
        carry: tuple[State, jax.Array, jax.Array, jax.Array],
    ) -> tuple[State, jax.Array, jax.Array, jax.Array]:
        state, index, outcomes, count = carry
        draw = jax.random.fold_in(key, index)
        chance = state.phase < TRADE
        outcome = sample_chance(state, draw)
        branch = jnp.where(chance, state.phase, state.phase - CONTINUE_DRAW + TRADE)
        if setup:
            state = jax.lax.switch(branch, _UNATTENDED, state, outcome)
        else:
            state = jax.lax.switch(branch - FLOOD, _IN_PLAY, state, outcome)
        if trace:
            outcomes = outcomes.at[jnp.minimum(count, MAX_TRACE - 1)].set(
                jnp.where(chance, outcome, outcomes[jnp.minimum(count, MAX_TRACE - 1)])
            )
            count = count + chance
        return state, index + 1, outcomes, count

    outcomes = jnp.full(MAX_TRACE if trace else 1, -1, jnp.int32)
    s, _, outcomes, count = jax.lax.while_loop(
        unattended, advance, (s, jnp.uint32(0), outcomes, jnp.int32(0))
    )
    return s, jnp.where(jnp.arange(outcomes.shape[0]) < count, outcomes, -1)


# -- the fast path of ``step``: each kind of chance step run once, in the rules' order ----
Trace = tuple[jax.Array, jax.Array]  # outcomes drawn so far (-1 padded), and their count


def _sample_deck(deck: jax.Array, key: jax.Array, count: jax.Array) -> jax.Array:
    """A card kind drawn with the deck's counts as weights (as :func:`sample_chance`)."""
    total = jnp.maximum(deck.sum(), 1).astype(jnp.uint32)
    bits = jax.random.bits(jax.random.fold_in(key, count), (), jnp.uint32)
    ticket = (bits % total).astype(jnp.int32)
    return (jnp.cumsum(deck) <= ticket).sum().astype(jnp.int32)


def _record(trace: Trace, drawn: jax.Array, outcome: jax.Array) -> Trace:
    outcomes, count = trace
    at = jnp.minimum(count, outcomes.shape[0] - 1)
    outcomes = outcomes.at[at].set(jnp.where(drawn, outcome, outcomes[at]))
    return outcomes, count + drawn


def _drawing(s: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
    """A whole drawing into a hand (if one is under way): cards drawn one by one until the
    count is reached or the game ends, rebuilt decks and locusts included, then the owed
    strikes, then what the drawing leads to (the next turn, the trade, the harvest)."""
    entered = (s.phase == CONTINUE_DRAW) | (s.phase == DRAW)

    def more(carry: tuple[State, Trace, jax.Array]) -> jax.Array:
        return carry[2]

    def draw(carry: tuple[State, Trace, jax.Array]) -> tuple[State, Trace, jax.Array]:
        state, trace, active = carry
        state, ready = _can_draw(state, active & (state.draw_left > 0))
        kind = _sample_deck(state.deck, key, trace[1])
        drawn = _on_draw(state, kind)
        state = pick(ready, drawn, state)
        return state, _record(trace, ready, kind), ready & (state.draw_left > 0) & ~state.over

    s, trace, _ = jax.lax.while_loop(more, draw, (s, trace, entered & (s.draw_left > 0)))
    finished = entered & ~s.over

    def owed(state: State) -> jax.Array:
        return finished & (state.locust_pending > 0)

    def strike(state: State) -> State:
        return _strike(state)._replace(locust_pending=state.locust_pending - 1)

    s = jax.lax.while_loop(owed, strike, s)
    by_turn = finished & (s.draw_reason == BY_TURN)
    after = jnp.array([FLIP_FLOOD, TRADE, FINISH_FLOOD], jnp.int32)[s.draw_reason]
    next_seat = jnp.where(by_turn, (s.seat + 1) % s.players, s.next_seat)
    return s._replace(
        draw_left=jnp.where(entered, 0, s.draw_left),
        next_seat=next_seat,
        seat=jnp.where(by_turn, next_seat, s.seat),
        turn=s.turn + by_turn,
        phase=jnp.where(entered, jnp.where(s.over, OVER, after), s.phase),
    ), trace


def _flooding(s: State, key: jax.Array, trace: Trace) -> tuple[State, Trace]:
    """A flood card turned (if one is due), turned again after each locust."""

    def due(carry: tuple[State, Trace]) -> jax.Array:
        phase = carry[0].phase
        return (phase == FLIP_FLOOD) | (phase == FLOOD)

    def turn(carry: tuple[State, Trace]) -> tuple[State, Trace]:
        state, trace = carry
        state, ready = _can_draw(state, due(carry))
        kind = _sample_deck(state.deck, key, trace[1])
        state = pick(ready, _on_flood(state, kind), state._replace(phase=jnp.int32(OVER)))
        return state, _record(trace, ready, kind)

    return jax.lax.while_loop(due, turn, (s, trace))  # type: ignore[no-any-return]


def _act(s: State, action: jax.Array) -> State:
    """A seat's action, by the seats' handlers only (a finished game stays as it is)."""
    return jax.lax.switch(jnp.clip(s.phase - TRADE, 0, OVER - TRADE), _INPUT[TRADE:], s, action)


def _step(s: State, action: jax.Array | int, key: jax.Array, trace: bool) -> tuple[State, jax.Array]:
    """The seat's action, then each chance step it leads to, in the rules' order: the
    drawing (a turn's cards, a market's), the flood with its locusts, the speculation
    payout, the harvest.  No game needs more, so each runs once, not in a loop over phases."""
    s = _act(s, jnp.asarray(action, jnp.int32))
    record: Trace = (jnp.full(MAX_TRACE if trace else 1, -1, jnp.int32), jnp.int32(0))
    s, record = _drawing(s, key, record)
    s, record = _flooding(s, key, record)
    s, record = _drawing(s, key, record)
    s = pick(s.phase == FINISH_FLOOD, _finish_flood(s), s)
    outcomes, count = record
    return s, jnp.where(jnp.arange(outcomes.shape[0]) < count, outcomes, -1)


@partial(jax.jit, static_argnames=("players", "variant", "open_stocks"))
def init(
    key: jax.Array, players: int = 2, variant: str = "standard", open_stocks: bool = False
) -> State:
    """A new game dealt from ``key``, at its first decision."""
    s, _ = _play_chance(initial_state(players, variant, open_stocks), key, False, setup=True)
    return s


def step(s: State, action: jax.Array | int, key: jax.Array) -> State:
    """Play the seat's ``action``, then every chance node to the next decision from ``key``.

    For states at a decision (or over): :func:`init` plays the set-up's chance nodes.
    """
    s, _ = _step(s, action, key, trace=False)
    return s


def play_chance_traced(s: State, key: jax.Array) -> tuple[State, jax.Array]:
    """Every chance node up to the next decision (as :func:`step` and :func:`init` play
    them from ``key``), and the outcomes drawn, padded with -1."""
    return _play_chance(s, key, True, setup=True)


def step_traced(s: State, action: jax.Array | int, key: jax.Array) -> tuple[State, jax.Array]:
    """:func:`step`, and the chance outcomes it drew (padded with -1), to replay it elsewhere."""
    return _step(s, action, key, trace=True)
