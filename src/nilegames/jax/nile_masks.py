"""The seat's legal actions, worked out with the games as the last axis of every array.

One game and a batch share one implementation: every function here takes the fields
the mask reads (:class:`Columns`) with a trailing axis of games, one game being a batch
of one.  For a batch this is the fast layout on a CPU: XLA lays the last axis out
contiguously, so each 5- or 16-wide row of a game becomes one vector operation along
the games, where under ``vmap`` (games first) every game's short rows are worked out
one game at a time, and the 38 columns of the mask are laid side by side with a
branch per number.  :func:`legal_action_masks` moves the batch's fields once and gives
the masks of all its games (+23 % decisions per CPU second in the benchmark's call at
32,768 games, docs/performance.md); :func:`legal_action_mask` is one game's mask, and
``vmap`` of it stays correct for any caller.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import jax
import jax.numpy as jnp

from nilegames.games.nile.actions import NUM_ACTIONS
from nilegames.games.nile.cards import FIRST_SPECULATION, LOCUST, NUM_CROPS, TRADE_COST
from nilegames.jax.nile_state import (
    CROP_BITS,
    KIND_MASKS,
    NO_OWNER,
    PICK,
    PLANT,
    SPECULATE,
    TRADE,
    NileJaxState,
)

#: Bit masks of the crops each speculation card shows, as a column (10, 1).
SPECULATION_MASKS: Final = KIND_MASKS[FIRST_SPECULATION:LOCUST, None]
#: Each crop's bit, as a column (5, 1).
CROP_COLUMN: Final = CROP_BITS[:, None]


class Columns(NamedTuple):
    """What the mask reads of some games, the games on the last axis of every array."""

    phase: jax.Array  # (g,)
    seat: jax.Array  # (g,)
    blocked: jax.Array  # (g,) bit mask of the flooded crops
    hands: jax.Array  # (n, 16, g)
    stocks: jax.Array  # (n, 5, g)
    owner: jax.Array  # (5, g)
    size: jax.Array  # (5, g)
    planted: jax.Array  # (5, g)
    speculations: jax.Array  # (16, g)


def columns(s: NileJaxState, batch_axis: int | None) -> Columns:
    """The mask's fields of ``s``: one game (``batch_axis`` None) or a batch whose games
    lie on ``batch_axis`` of every field, moved to the last axis."""
    fields = Columns(*(getattr(s, name) for name in Columns._fields))
    if batch_axis is None:
        return Columns(*(x[..., None] for x in fields))
    return Columns(*(jnp.moveaxis(x, batch_axis, -1) for x in fields))


def _first_laid(laid: jax.Array) -> jax.Array:
    """(5, g): the first crop of each planting, row by row (a ``cumsum`` or ``argmax`` is a
    slow kernel of its own on the CPU)."""
    seen = jnp.zeros_like(laid[0])
    rows = []
    for crop in range(NUM_CROPS):
        rows.append(laid[crop] & ~seen)
        seen = seen | laid[crop]
    return jnp.stack(rows)


def masks(t: Columns) -> jax.Array:
    """(38, g) bool: each game's legal actions (all False at chance nodes and at the end).

    Each range of actions is worked out once from the phases that allow it: a decision's
    first action (end, trade, plant, speculate), a trade's pick (discard), planting (done,
    plant), speculating (done, speculate).
    """
    mine = jnp.arange(t.hands.shape[0])[:, None] == t.seat  # (n, g)
    hand = jnp.where(mine[:, None, :], t.hands, 0).sum(axis=0)  # (16, g)
    stock = jnp.where(mine[:, None, :], t.stocks, 0).sum(axis=0)  # (5, g)
    trading, picking = t.phase == TRADE, t.phase == PICK
    planting, speculating = t.phase == PLANT, t.phase == SPECULATE
    can_trade = trading & (hand.sum(axis=0) + stock.sum(axis=0) >= TRADE_COST)

    own = t.owner == t.seat  # (5, g)
    free = t.owner == NO_OWNER
    welcome = free | own  # fields the seat may plant into without overtaking
    laid = t.planted > 0
    foreign = laid & ~own
    first = _first_laid(laid)
    crops = laid.sum(axis=0)
    first_planted = jnp.where(first, t.planted, 0).sum(axis=0)
    first_size = jnp.where(first, t.size, 0).sum(axis=0)
    first_free = (first & free).any(axis=0)
    first_welcome = (first & welcome).any(axis=0)

    # The cards laid are one whole planting (rules.planting_is_complete).
    one_crop = (crops == 1) & (first_planted >= 2) & (first_free | (first_planted > first_size))
    two_singles = (crops == 2) & (t.planted.sum(axis=0) == 2) & ~(foreign & ~free).any(axis=0)
    complete = (crops > 0) & (~foreign.any(axis=0) | one_crop | two_singles)
    done = trading | speculating | (planting & complete)

    count = hand[:NUM_CROPS]
    usable = (count > 0) & ((t.blocked & CROP_COLUMN) == 0)
    # A decision's first card planted: a single card of a new field needs a second,
    # different crop beside it; a field held by another needs more cards than it has.
    pairs = (usable & welcome).sum(axis=0) >= 2
    plant_first = usable & (
        own | (free & ((count >= 2) | pairs)) | (~own & ~free & (count > t.size))
    )
    # While planting: each crop whose next card keeps the planting completable.
    crop_count = jnp.where(laid, crops, crops + 1)
    foreigners = foreign.sum(axis=0)
    foreign_count = jnp.where(laid, foreigners, foreigners + ~own)
    needed = jnp.where(free, 2, t.size + 1)
    possible = (
        (foreign_count == 0)
        | ((crop_count == 1) & (t.planted + count >= needed))
        | ((crop_count == 2) & ~laid & (first_planted == 1) & welcome & first_welcome)
    )
    plant_next = usable & possible
    plant = (trading & plant_first) | (planting & plant_next)

    second = t.speculations.sum(axis=0) < 2
    dry = (SPECULATION_MASKS & t.blocked) == 0
    speculate = (trading | (speculating & second)) & dry & (hand[FIRST_SPECULATION:LOCUST] > 0)
    return jnp.concatenate(
        [
            jnp.stack([done, can_trade, can_trade]),
            picking & (hand[:LOCUST] > 0),
            picking & (stock > 0),
            plant,
            speculate,
        ]
    )


def legal_action_mask(s: NileJaxState) -> jax.Array:
    """(38,) bool: the seat's legal actions; all False at chance nodes and at the end."""
    return masks(columns(s, None))[:, 0]


def legal_action_masks(batch: NileJaxState, games_last: bool = False) -> jax.Array:
    """The legal actions of every game of a batch (a state whose arrays have a leading
    axis of games, as ``vmap`` makes them): (games, 38) bool, as
    ``vmap(legal_action_mask)`` gives them; or, with ``games_last``, (38, games) worked
    out in that layout, the batch's fields moved once: the fast way on a CPU for a caller
    that reads the masks along the games, as :func:`uniform_actions` does (a transpose
    back to (games, 38) would cost more than the mask itself).
    """
    if not games_last:
        return jax.vmap(legal_action_mask)(batch)
    return masks(columns(batch, 0))


def uniform_actions(legal: jax.Array, key: jax.Array) -> jax.Array:
    """(g,) int32: a uniformly random legal action of each game, from its (38, g) mask
    (:func:`legal_action_masks` with ``games_last``); 0 where a game has none.

    Each game's action is its r-th legal one for one random 32-bit word r taken modulo
    its count of legal actions (the words of ``jax.random.bits(key, (g,), uint32)``).
    A draw from ``categorical`` would take a logarithm per action and cost more than a
    step of the game.  The running count is added row by row, one vector along the games
    per action; ending with a ``where`` on the count instead of the remainder made XLA
    split that chain and tripled the benchmark's call (docs/performance.md).
    """
    if legal.ndim != 2 or legal.shape[0] != NUM_ACTIONS:
        raise ValueError(
            f"uniform_actions wants masks of shape ({NUM_ACTIONS}, games), not"
            f" {tuple(legal.shape)}: take them from legal_action_masks(batch, games_last=True)"
        )
    count = legal.sum(axis=0)
    words = jax.random.bits(key, count.shape, jnp.uint32)
    rank = (words % jnp.maximum(count, 1).astype(jnp.uint32)).astype(jnp.int32)
    running = jnp.zeros_like(rank)
    action = jnp.zeros_like(rank)
    for row in range(NUM_ACTIONS):
        running = running + legal[row]
        action = action + (running <= rank)
    return action % NUM_ACTIONS  # 38 (so 0) where no action is legal
