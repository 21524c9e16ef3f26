"""The fixed-shape state of a NILE game in JAX, and the card tables the rules read.

The fields mirror :class:`nilegames.games.nile.state.NileState` one for one (zones are
counts per card kind, never ordered decks), with three changes that fixed shapes ask
for: the speculation cards in play are counts per kind, the reasons of drawings are small
integers, and the steps the reference engine takes inside one call (drawing on, starting
a turn, turning the flood, harvesting) are phases of their own, which :mod:`.nile` runs
in a loop until a chance node, a seat or the end is reached.  The number of players is
the first dimension of ``hands`` and ``stocks``: a static shape, so one compiled
function serves one player count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from nilegames.games.nile.cards import (
    CROP_CARDS_PER_KIND,
    FIRST_SPECULATION,
    KIND_CROPS,
    KIND_MASK,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
    full_deck,
)
from nilegames.games.nile.state import SPECULATIONS_REMOVED_SHORT_2P

# The reference engine's phases, with its numbers.
REMOVE: Final = 0
DEAL: Final = 1
FIRST_PLAYER: Final = 2
FLOOD: Final = 3
DRAW: Final = 4
TRADE: Final = 5
PICK: Final = 6
PLANT: Final = 7
SPECULATE: Final = 8
OVER: Final = 9
# Steps with no input, made inside one call of the reference engine.
CONTINUE_DRAW: Final = 10
START_TURN: Final = 11
FLIP_FLOOD: Final = 12
FINISH_FLOOD: Final = 13
NUM_PHASES: Final = 14

# Why a seat is drawing.
BY_TURN: Final = 0
BY_MARKET: Final = 1
BY_SPECULATION: Final = 2

NO_OWNER: Final = -1
#: ``current_player`` of a chance node and of a finished game (OpenSpiel's values).
CHANCE: Final = -1
TERMINAL: Final = -4
#: The only rules edition this engine plays (docs/rules/nile.md, "Editions").
EDITION: Final = 2
VARIANTS: Final = ("standard", "short")

#: Bit mask of the crops each kind shows, and the same as a kind x crop table.
KIND_MASKS: Final = jnp.array(KIND_MASK, jnp.int32)
KIND_SHOWS: Final = jnp.array(
    [[crop in KIND_CROPS[kind] for crop in range(NUM_CROPS)] for kind in range(NUM_KINDS)]
)
IS_SPECULATION: Final = jnp.array([FIRST_SPECULATION <= k < LOCUST for k in range(NUM_KINDS)])
CROP_BITS: Final = jnp.array([1 << c for c in range(NUM_CROPS)], jnp.int32)
FULL_DECK: Final = np.array(full_deck(), np.int32)
assert int(FULL_DECK.max()) == CROP_CARDS_PER_KIND


class NileJaxState(NamedTuple):
    """A whole game, hidden cards included; every leaf is a JAX array (a pytree)."""

    phase: jax.Array
    deck: jax.Array  # (16,) cards of each kind in the deck
    removed: jax.Array  # (16,) out of the game (short variant)
    hands: jax.Array  # (n, 16)
    stocks: jax.Array  # (n, 5)
    owner: jax.Array  # (5,) seat owning each crop's field, or NO_OWNER
    size: jax.Array  # (5,)
    flood: jax.Array  # kind of the current flood card, -1 before the first
    blocked: jax.Array  # bit mask of the flooded crops
    flood_on_pile: jax.Array  # bool
    flood_below: jax.Array  # (16,) the flood pile under the current card
    discard: jax.Array  # (16,)
    locust_aside: jax.Array  # bool: the locust is out of the deck
    locust_pending: jax.Array  # strikes owed once the drawing is over
    speculations: jax.Array  # (16,) speculation cards in play, per kind
    speculation_seat: jax.Array
    deck_number: jax.Array
    over: jax.Array  # bool: the last deck ran out
    seat: jax.Array  # the seat whose turn it is
    turn: jax.Array
    deal_seat: jax.Array
    draw_seat: jax.Array
    draw_left: jax.Array
    draw_reason: jax.Array
    trade: jax.Array  # MARKET or OFFERING, the last trade chosen
    picks_left: jax.Array
    planted: jax.Array  # (5,) the planting under way
    removing_left: jax.Array
    next_seat: jax.Array  # who starts the turn START_TURN begins
    open_stocks: jax.Array  # bool: the table shows every stock (an option)

    @property
    def players(self) -> int:
        return int(self.hands.shape[-2])


def check_options(players: int, variant: str, rules: int = EDITION) -> None:
    """Refuse, with the reason, what this engine does not play."""
    if players not in range(2, 6):
        raise ValueError(f"NILE is for 2 to 5 players, not {players}")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    if variant == "short" and players not in (2, 3):
        raise ValueError(f"the short variant is for 2 or 3 players, not {players}")
    if rules != EDITION:
        raise ValueError(
            f"the JAX engine plays NILE's rules edition {EDITION} only, not {rules}"
            " (play older records with the reference engine)"
        )


def initial_state(
    players: int = 2, variant: str = "standard", open_stocks: bool = False
) -> NileJaxState:
    """A new game before its first chance node: cards removed (short variant), none dealt."""
    check_options(players, variant)
    per_crop = 0 if variant == "standard" else (2 if players == 2 else 1)
    removing = SPECULATIONS_REMOVED_SHORT_2P if variant == "short" and players == 2 else 0
    deck = FULL_DECK.copy()
    deck[:NUM_CROPS] -= per_crop
    deck[LOCUST] = 0  # set aside while the hands are dealt
    removed = np.zeros(NUM_KINDS, np.int32)
    removed[:NUM_CROPS] = per_crop

    def scalar(value: Any) -> jax.Array:
        return jnp.asarray(value, dtype=jnp.bool_ if isinstance(value, bool) else jnp.int32)

    return NileJaxState(
        phase=scalar(REMOVE if removing else DEAL),
        deck=jnp.asarray(deck),
        removed=jnp.asarray(removed),
        hands=jnp.zeros((players, NUM_KINDS), jnp.int32),
        stocks=jnp.zeros((players, NUM_CROPS), jnp.int32),
        owner=jnp.full(NUM_CROPS, NO_OWNER, jnp.int32),
        size=jnp.zeros(NUM_CROPS, jnp.int32),
        flood=scalar(-1),
        blocked=scalar(0),
        flood_on_pile=scalar(False),
        flood_below=jnp.zeros(NUM_KINDS, jnp.int32),
        discard=jnp.zeros(NUM_KINDS, jnp.int32),
        locust_aside=scalar(True),
        locust_pending=scalar(0),
        speculations=jnp.zeros(NUM_KINDS, jnp.int32),
        speculation_seat=scalar(-1),
        deck_number=scalar(1),
        over=scalar(False),
        seat=scalar(-1),
        turn=scalar(0),
        deal_seat=scalar(0),
        draw_seat=scalar(-1),
        draw_left=scalar(0),
        draw_reason=scalar(BY_TURN),
        trade=scalar(-1),
        picks_left=scalar(0),
        planted=jnp.zeros(NUM_CROPS, jnp.int32),
        removing_left=scalar(removing),
        next_seat=scalar(0),
        open_stocks=scalar(bool(open_stocks)),
    )


def pick(condition: jax.Array, when_true: NileJaxState, when_false: NileJaxState) -> NileJaxState:
    """Field by field, ``when_true`` where ``condition`` holds, else ``when_false``."""
    return jax.tree.map(lambda a, b: jnp.where(condition, a, b), when_true, when_false)  # type: ignore[no-any-return]


def loop_fields(
    names: tuple[str, ...],
    condition: Callable[[NileJaxState], jax.Array],
    body: Callable[[NileJaxState], NileJaxState],
    s: NileJaxState,
) -> NileJaxState:
    """``lax.while_loop(condition, body, s)`` for a ``body`` that changes only the fields
    ``names``: the loop carries those alone, and reads the others from ``s``.

    A loop is a barrier to XLA's fusion: whatever it carries is written out in full
    before it and read back after, for every game of a batch, even when no game turns
    it (most of these loops turn for one game in dozens).  Carrying a few fields instead
    of the whole state saves that traffic.
    """

    def whole(fields: tuple[jax.Array, ...]) -> NileJaxState:
        return s._replace(**dict(zip(names, fields, strict=True)))

    def part(state: NileJaxState) -> tuple[jax.Array, ...]:
        return tuple(getattr(state, name) for name in names)

    fields = jax.lax.while_loop(
        lambda fields: condition(whole(fields)), lambda fields: part(body(whole(fields))), part(s)
    )
    return whole(fields)
