"""NILE's rules one step at a time, as pure JAX functions over a :class:`NileJaxState`.

Each ``on_*`` handler plays one input at its phase (a chance outcome or a seat's action),
following ``NileState``'s method of the same name; where the reference engine calls on
(``_continue_draw`` -> ``_start_turn`` -> ``_flip_flood``), the handler here sets one of
the no-input phases and :func:`resolve` runs them.  :func:`nilegames.jax.nile.apply`
plays records through these; :mod:`.nile_draws` reuses the pieces for ``step``.
"""

from __future__ import annotations

from collections.abc import Callable
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
    CONTINUE_DRAW,
    DEAL,
    DRAW,
    FINISH_FLOOD,
    FIRST_PLAYER,
    FLIP_FLOOD,
    FLOOD,
    KIND_MASKS,
    KIND_SHOWS,
    NO_OWNER,
    OVER,
    PICK,
    PLANT,
    REMOVE,
    SPECULATE,
    START_TURN,
    TRADE,
    NileJaxState,
    loop_fields,
    pick,
)

State = NileJaxState
KINDS: Final = np.arange(NUM_KINDS)
Handler = Callable[[State, jax.Array], State]


# -- the deck ---------------------------------------------------------------------------
def one_hot(kind: jax.Array) -> jax.Array:
    """(16,) int: 1 at ``kind``.  Adding it instead of ``.at[kind].add`` (a scatter under
    ``vmap``, and a table read ``TABLE[kind]`` is a gather) keeps a batch's arithmetic in
    plain vector code."""
    return (kind == KINDS).astype(jnp.int32)


def take(s: State, kind: jax.Array) -> State:
    deck = s.deck - one_hot(kind)
    over = s.over | ((deck.sum() == 0) & (s.deck_number == s.players))
    return s._replace(deck=deck, over=over)


def reshuffle(s: State) -> State:
    """A new deck from the whole flood pile, the discards and the locust (seed 000)."""
    deck = s.deck + one_hot(jnp.maximum(s.flood, 0)) * s.flood_on_pile
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


def can_draw(s: State, active: jax.Array) -> tuple[State, jax.Array]:
    """If ``active``: rebuild an empty deck unless it was the last; whether a card is there."""

    def empty(state: State) -> jax.Array:
        return active & (state.deck.sum() == 0) & ~state.over

    def rebuild(state: State) -> State:
        # The last deck ran out: the game is over (and the loop stops).
        last = state.over | (state.deck_number == state.players)
        return pick(last, state._replace(over=jnp.bool_(True)), reshuffle(state))

    s = loop_fields(REBUILT, empty, rebuild, s)
    return s, active & ~s.over


#: The fields :func:`reshuffle` (and the game's end) change, and those a strike changes.
REBUILT: Final = (
    "deck",
    "flood_below",
    "discard",
    "flood_on_pile",
    "locust_aside",
    "deck_number",
    "over",
)
STRUCK: Final = ("discard", "size", "owner", "locust_pending")


def strike(s: State) -> State:
    """The locust destroys every field of the largest size (all of them on a tie)."""
    largest = s.size.max()
    hit = (s.size == largest) & (largest > 0)
    return s._replace(
        discard=s.discard.at[:NUM_CROPS].add(jnp.where(hit, s.size, 0)),
        size=jnp.where(hit, 0, s.size),
        owner=jnp.where(hit, NO_OWNER, s.owner),
    )


def start_draw(s: State, seat: jax.Array, count: int | jax.Array, reason: int) -> State:
    return s._replace(
        draw_seat=seat,
        draw_left=jnp.int32(count),
        draw_reason=jnp.int32(reason),
        phase=jnp.int32(CONTINUE_DRAW),
    )


# -- chance nodes -----------------------------------------------------------------------
def on_remove(s: State, kind: jax.Array) -> State:
    left = s.removing_left - 1
    return s._replace(
        deck=s.deck.at[kind].add(-1),
        removed=s.removed.at[kind].add(1),
        removing_left=left,
        phase=jnp.where(left == 0, DEAL, REMOVE),
    )


def on_deal(s: State, kind: jax.Array) -> State:
    s = take(s, kind)
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


def on_first_player(s: State, seat: jax.Array) -> State:
    return s._replace(next_seat=seat, phase=jnp.int32(START_TURN))


def on_flood(s: State, kind: jax.Array) -> State:
    s = take(s, kind)
    # The locust turned as the flood: it strikes and the next card is turned.
    locust = s._replace(locust_aside=jnp.bool_(True))
    locust = pick(
        s.over,
        locust._replace(phase=jnp.int32(OVER)),
        strike(locust)._replace(phase=jnp.int32(FLIP_FLOOD)),
    )
    return pick(kind == LOCUST, locust, lay_flood(s, kind))


def lay_flood(s: State, kind: jax.Array) -> State:
    """A card taken as the flood (not the locust): it floods its crops, pays speculations
    on them, and the harvest follows; nothing if it took the last card of the game."""
    blocked = (KIND_MASKS * one_hot(kind)).sum()
    matches = (s.speculations * jax.lax.population_count(KIND_MASKS & blocked)).sum()
    pays = matches > 0
    card = s._replace(
        flood_below=s.flood_below + one_hot(jnp.maximum(s.flood, 0)) * s.flood_on_pile,
        flood=kind,
        flood_on_pile=jnp.bool_(True),
        blocked=blocked,
    )
    paid = start_draw(card, s.speculation_seat, SPECULATION_PAYOUT * matches, BY_SPECULATION)
    return pick(pays & ~s.over, paid, card._replace(phase=jnp.where(s.over, OVER, FINISH_FLOOD)))


def on_draw(s: State, kind: jax.Array) -> State:
    s = take(s, kind)
    locust = kind == LOCUST
    return s._replace(
        hands=s.hands.at[s.draw_seat, kind].add(jnp.where(locust, 0, 1)),
        draw_left=s.draw_left - jnp.where(locust, 0, 1),
        locust_aside=s.locust_aside | locust,
        locust_pending=s.locust_pending + locust,
        phase=jnp.int32(CONTINUE_DRAW),
    )


# -- seat decisions ---------------------------------------------------------------------
def end_turn(s: State) -> State:
    return start_draw(s, s.seat, DRAW_PER_TURN, BY_TURN)


def lay_crop(s: State, action: jax.Array) -> State:
    crop = jnp.clip(action - act.PLANT, 0, NUM_CROPS - 1)
    return s._replace(
        hands=s.hands.at[s.seat, crop].add(-1),
        planted=s.planted.at[crop].add(1),
        phase=jnp.int32(PLANT),
    )


def lay_speculation(s: State, action: jax.Array) -> State:
    kind = jnp.clip(action - act.SPECULATE + FIRST_SPECULATION, FIRST_SPECULATION, LOCUST - 1)
    return s._replace(
        hands=s.hands.at[s.seat, kind].add(-1),
        speculations=s.speculations.at[kind].add(1),
        speculation_seat=s.seat,
        phase=jnp.int32(SPECULATE),
    )


def on_trade(s: State, action: jax.Array) -> State:
    branch = jnp.where(action == act.DONE, 0, jnp.where(action < act.DISCARD_HAND, 1, 2))
    branch = jnp.where(action >= act.SPECULATE, 3, branch)
    return jax.lax.switch(  # type: ignore[no-any-return]
        branch,
        (
            lambda: end_turn(s),
            lambda: s._replace(
                trade=action, picks_left=jnp.int32(TRADE_COST), phase=jnp.int32(PICK)
            ),
            lambda: lay_crop(s, action),
            lambda: lay_speculation(s, action),
        ),
    )


def on_pick(s: State, action: jax.Array) -> State:
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
    market = start_draw(s, s.seat, 1, BY_MARKET)
    paid = pick(s.trade == act.MARKET, market, s._replace(phase=jnp.int32(FLIP_FLOOD)))
    return pick(left == 0, paid, s)


def complete_planting(s: State) -> State:
    laid = s.planted > 0
    own = s.owner == s.seat
    overtaken = laid & ~own & (s.owner != NO_OWNER)  # the smaller field is discarded
    return s._replace(
        discard=s.discard.at[:NUM_CROPS].add(jnp.where(overtaken, s.size, 0)),
        size=jnp.where(laid, jnp.where(own, s.size + s.planted, s.planted), s.size),
        owner=jnp.where(laid, s.seat, s.owner),
        planted=jnp.zeros_like(s.planted),
    )


def on_plant(s: State, action: jax.Array) -> State:
    return jax.lax.cond(  # type: ignore[no-any-return]
        action == act.DONE,
        lambda: end_turn(complete_planting(s)),
        lambda: lay_crop(s, action),
    )


def on_speculate(s: State, action: jax.Array) -> State:
    return jax.lax.cond(  # type: ignore[no-any-return]
        action == act.DONE, lambda: end_turn(s), lambda: lay_speculation(s, action)
    )


def on_over(s: State, action: jax.Array) -> State:
    return s


# -- steps with no input ----------------------------------------------------------------
def continue_draw(s: State) -> State:
    """Draw on, or the drawing is over: owed locusts strike, and the turn goes on."""
    wanted = s.draw_left > 0
    s, ready = can_draw(s, wanted)
    drawing = wanted & ready
    finished = ~drawing & ~s.over

    def owed(state: State) -> jax.Array:
        return finished & (state.locust_pending > 0)

    def strike_once(state: State) -> State:
        return strike(state)._replace(locust_pending=state.locust_pending - 1)

    s = loop_fields(STRUCK, owed, strike_once, s)
    after = jnp.array([START_TURN, TRADE, FINISH_FLOOD], jnp.int32)[s.draw_reason]
    by_turn = finished & (s.draw_reason == BY_TURN)
    return s._replace(
        draw_left=jnp.where(drawing, s.draw_left, 0),
        next_seat=jnp.where(by_turn, (s.seat + 1) % s.players, s.next_seat),
        phase=jnp.where(drawing, DRAW, jnp.where(s.over, OVER, after)),
    )


def start_turn(s: State) -> State:
    started = s._replace(seat=s.next_seat, turn=s.turn + 1, phase=jnp.int32(FLIP_FLOOD))
    return pick(s.over, s._replace(phase=jnp.int32(OVER)), started)


def flip_flood(s: State) -> State:
    s, ready = can_draw(s, jnp.bool_(True))
    return s._replace(phase=jnp.where(ready, FLOOD, OVER))


def finish_flood(s: State) -> State:
    """Speculations are discarded, then each flooded crop's field yields one card."""
    flood = jnp.maximum(s.flood, 0) == KINDS
    shown = (KIND_SHOWS & flood[:, None]).any(axis=0) & (s.owner != NO_OWNER)
    size = s.size - shown
    return s._replace(
        discard=s.discard + s.speculations,
        speculations=jnp.zeros_like(s.speculations),
        speculation_seat=jnp.int32(-1),
        stocks=s.stocks + (shown & (s.owner == np.arange(s.players)[:, None])).astype(jnp.int32),
        size=size,
        owner=jnp.where(shown & (size == 0), NO_OWNER, s.owner),
        phase=jnp.where(s.over, OVER, TRADE),
    )


INPUT: Final[tuple[Handler, ...]] = (
    on_remove,
    on_deal,
    on_first_player,
    on_flood,
    on_draw,
    on_trade,
    on_pick,
    on_plant,
    on_speculate,
    on_over,
)
AUTOMATIC: Final[tuple[Callable[[State], State], ...]] = (
    continue_draw,
    start_turn,
    flip_flood,
    finish_flood,
)
#: The handlers of :func:`_play_chance`'s loop: chance nodes, then the no-input steps.
UNATTENDED: Final[tuple[Handler, ...]] = (
    *INPUT[:TRADE],
    *((lambda h: lambda s, _a: h(s))(handler) for handler in AUTOMATIC),
)


def resolve(s: State) -> State:
    """Run the no-input steps until a chance node, a seat or the end."""
    return jax.lax.while_loop(
        lambda s: s.phase >= CONTINUE_DRAW,
        lambda s: jax.lax.switch(s.phase - CONTINUE_DRAW, AUTOMATIC, s),
        s,
    )
