"""What the JAX NILE engine shows: a seat's observation and the returns (the legal
actions are in :mod:`.nile_masks`).

:func:`observe` gives the very vector that
:class:`nilegames.games.nile.tensor.NileObservationEncoder` makes from the reference
engine's ``observation(player)`` (the layout is in docs/interfaces.md), so a network
trained on one engine reads the other.  It reads only what that seat may see: its own
hand, sizes of the other hands and stocks, its own stock (every stock with
``open_stocks`` and at the end), and the public table.
"""

from __future__ import annotations

from typing import Final

import jax
import jax.numpy as jnp
import numpy as np

from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import FIRST_SPECULATION, LOCUST, NUM_CROPS
from nilegames.games.nile.tensor import MAX_SEATS, NileObservationEncoder
from nilegames.jax.nile_state import (
    CHANCE,
    FULL_DECK,
    OVER,
    TERMINAL,
    TRADE,
    NileJaxState,
)

State = NileJaxState
#: The encoder's phase names ("setup", "flood", ...) by engine phase.
PHASE_NAME: Final = jnp.array([0, 0, 0, 1, 2, 3, 3, 4, 5, 6], jnp.int32)
LAYOUT: Final = NileObservationEncoder().layout
OBSERVATION_SIZE: Final = LAYOUT.size
SPECULATION_KINDS: Final = slice(FIRST_SPECULATION, LOCUST)


def returns(s: State) -> jax.Array:
    """(n,) float32: each seat's result once the game is over (zeros before).

    Piles are compared smallest first (rules.score_key): as base-32 digits, a pile of at
    most 16 cards is one digit, so one integer per seat orders them.
    """
    n = s.players
    piles = jnp.sort(s.stocks, axis=1)
    keys = (piles * (32 ** np.arange(NUM_CROPS - 1, -1, -1))).sum(axis=1)
    better = (keys[None, :] > keys[:, None]).sum(axis=1)
    equal = (keys[None, :] == keys[:, None]).sum(axis=1)
    # 1 - 2 * place / (n - 1), place = better + (equal - 1) / 2, as one exact division.
    result = (n - 2 * better - equal).astype(jnp.float32) / (n - 1)
    return jnp.where(s.phase == OVER, result, 0.0)


def observe(s: State, player: jax.Array | int) -> jax.Array:
    """(202,) float32: ``player``'s view, laid out as NileObservationEncoder's vector."""
    n = s.players
    player = jnp.asarray(player, jnp.int32)
    seats = jnp.arange(n)
    where_is = (seats - player) % n  # each seat's place counted from the viewer
    over = s.phase == OVER
    pieces: dict[str, jax.Array] = {}

    def one_hot(index: jax.Array | int, size: int) -> jax.Array:
        return (jnp.arange(size) == index).astype(jnp.float32)

    def by_place(values: jax.Array) -> jax.Array:
        """Per-seat values in the viewer's order, padded to MAX_SEATS."""
        placed = jnp.zeros((MAX_SEATS, *values.shape[1:]), jnp.float32)
        return placed.at[where_is].set(values.astype(jnp.float32))

    to_move = jnp.where(s.phase < TRADE, CHANCE, jnp.where(over, TERMINAL, s.seat))
    trading = s.picks_left > 0
    pieces["players"] = one_hot(n - 2, MAX_SEATS - 1)
    pieces["phase"] = one_hot(PHASE_NAME[jnp.clip(s.phase, 0, OVER)], 7)
    pieces["to_move"] = one_hot(jnp.where(to_move >= 0, (to_move - player) % n, MAX_SEATS), 6)
    pieces["trade"] = jnp.where(
        trading,
        jnp.stack([s.trade == act.MARKET, s.trade == act.OFFERING, s.picks_left]).astype(
            jnp.float32
        ),
        0.0,
    )
    pieces["flood"] = one_hot(jnp.where(s.flood >= 0, s.flood, LOCUST), LOCUST + 1)
    hand = s.hands[player, :LOCUST]
    pieces["hand"] = hand.astype(jnp.float32)
    pieces["hand_sizes"] = by_place(s.hands.sum(axis=1))
    shown = s.open_stocks | over | (seats == player)
    visible_stocks = jnp.where(shown[:, None], s.stocks, 0)
    pieces["stocks"] = by_place(visible_stocks).reshape(-1)
    pieces["stock_sizes"] = by_place(s.stocks.sum(axis=1))
    owned = jnp.where(s.size > 0, (s.owner - player) % n, MAX_SEATS)
    pieces["field_owner"] = (jnp.arange(MAX_SEATS + 1)[None, :] == owned[:, None]).reshape(-1)
    pieces["field_size"] = s.size.astype(jnp.float32)
    pieces["planting"] = s.planted.astype(jnp.float32)
    pieces["speculations"] = s.speculations[SPECULATION_KINDS].astype(jnp.float32)
    speculating = s.speculations.sum() > 0
    pieces["speculator"] = jnp.where(
        speculating, one_hot((s.speculation_seat - player) % n, MAX_SEATS), 0.0
    )
    top = (jnp.arange(LOCUST) == s.flood) & s.flood_on_pile
    flood_pile = s.flood_below[:LOCUST] + top
    pieces["flood_pile"] = flood_pile.astype(jnp.float32)
    pieces["discard"] = s.discard[:LOCUST].astype(jnp.float32)
    pieces["deck"] = jnp.stack([s.deck.sum(), s.deck_number, jnp.int32(n)]).astype(jnp.float32)
    locust_in_deck = ~s.locust_aside
    pieces["locust_in_deck"] = locust_in_deck[None].astype(jnp.float32)
    removed = s.removed[:NUM_CROPS]
    pieces["removed"] = jnp.concatenate([removed, s.removed[SPECULATION_KINDS].sum()[None]]).astype(
        jnp.float32
    )
    placed = hand + flood_pile + s.discard[:LOCUST] + s.speculations[:LOCUST]
    placed = placed.at[:NUM_CROPS].add(s.size + s.planted + removed + visible_stocks.sum(axis=0))
    pieces["unseen"] = jnp.concatenate(
        [FULL_DECK[:LOCUST] - placed, locust_in_deck[None].astype(jnp.int32)]
    ).astype(jnp.float32)
    pieces["returns"] = by_place(returns(s))
    return jnp.concatenate(
        [pieces[piece.name].astype(jnp.float32).reshape(-1) for piece in LAYOUT.pieces]
    )
