"""``step`` draws several cards in one go: the law must be that of drawing them one by one.

The JAX engine's ``step`` takes a drawing's cards from a deck together (Floyd's sampling of
positions, the locust placed among them), while ``apply`` and the reference engine take
one card per chance node.  These tests compare what the one-go draw gives over many keys
with the exact law of one-by-one draws (enumerated), by a chi-square test, and check that
the same test rejects a law that is slightly wrong.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

jax = pytest.importorskip("jax")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

from nilegames.games.nile import actions as act  # noqa: E402
from nilegames.games.nile.cards import LOCUST, NUM_KINDS  # noqa: E402
from nilegames.jax import nile  # noqa: E402
from nilegames.jax.nile_draws import deal_from  # noqa: E402
from nilegames.jax.nile_state import TRADE  # noqa: E402

SAMPLES = 40_000
Law = dict[Any, float]


def chi_square(seen: Counter[Any], law: Law, samples: int) -> tuple[float, float]:
    """The statistic, and its critical value at p = 1e-6 (Wilson-Hilferty): cells expected
    fewer than 5 times are pooled, and an outcome the law forbids fails at once."""
    assert set(seen) <= set(law), f"outcomes of probability zero: {set(seen) - set(law)}"
    statistic, pooled_seen, pooled_expected, cells = 0.0, 0, 0.0, 0
    for outcome, probability in law.items():
        expected = probability * samples
        if expected < 5:
            pooled_seen += seen[outcome]
            pooled_expected += expected
            continue
        statistic += (seen[outcome] - expected) ** 2 / expected
        cells += 1
    if pooled_expected > 0:
        statistic += (pooled_seen - pooled_expected) ** 2 / pooled_expected
        cells += 1
    freedom = max(cells - 1, 1)
    z = 4.753  # the normal quantile of 1 - 1e-6
    critical = freedom * (1 - 2 / (9 * freedom) + z * math.sqrt(2 / (9 * freedom))) ** 3
    return statistic, critical


def one_by_one(deck: tuple[int, ...], want: int, replace: bool = False) -> Law:
    """The exact law of (counted cards drawn by kind, locust drawn) when the cards are drawn
    one at a time until ``want`` count or the deck is empty (with ``replace``, a wrong law:
    each card put back, for the test's power)."""

    @cache
    def go(deck: tuple[int, ...], left: int) -> tuple[tuple[tuple[int, ...], bool, float], ...]:
        total = sum(deck)
        if left == 0 or total == 0 or (replace and deck[:LOCUST] == (0,) * LOCUST):
            return (((0,) * NUM_KINDS, False, 1.0),)
        ways: dict[tuple[tuple[int, ...], bool], float] = defaultdict(float)
        for kind, cards in enumerate(deck):
            if not cards:
                continue
            after = list(deck)
            if not replace or kind == LOCUST:
                after[kind] -= 1
            rest = go(tuple(after), left - (kind != LOCUST))
            for drawn, locust, chance in rest:
                counts = list(drawn)
                if kind != LOCUST:
                    counts[kind] += 1
                ways[(tuple(counts), locust or kind == LOCUST)] += cards / total * chance
        return tuple((drawn, locust, chance) for (drawn, locust), chance in ways.items())

    return {(drawn, locust): chance for drawn, locust, chance in go(deck, want)}


def _deck(cards: dict[int, int]) -> tuple[int, ...]:
    return tuple(cards.get(kind, 0) for kind in range(NUM_KINDS))


CASES = [
    (_deck({0: 3, 2: 2, 7: 1, 11: 2, LOCUST: 1}), 1, 1),  # a flood card
    (_deck({0: 3, 2: 2, 7: 1, 11: 2, LOCUST: 1}), 2, 2),  # a turn's two cards
    (_deck({1: 4, 3: 1, 9: 2, LOCUST: 1}), 3, 6),  # a payout of three
    (_deck({0: 2, 4: 3, 5: 1, 12: 1, 14: 2, LOCUST: 1}), 6, 6),  # a payout of six
    (_deck({1: 2, 4: 1, LOCUST: 1}), 6, 6),  # more than the deck holds: all of it
    (_deck({2: 1, LOCUST: 1}), 2, 2),
    (_deck({3: 5, 6: 1}), 2, 2),  # no locust in the deck
]


@pytest.mark.parametrize(("deck", "want", "most"), CASES)
def test_one_go_draw_has_the_law_of_drawing_one_card_at_a_time(deck, want, most) -> None:
    keys = jax.random.split(jax.random.PRNGKey(want * 100 + sum(deck)), SAMPLES)

    def draw(key: Any) -> tuple[Any, Any]:
        words = jax.random.bits(key, (most + 1,), jnp.uint32)
        drawn = deal_from(jnp.asarray(deck, jnp.int32), jnp.int32(want), words, most)
        return drawn.counts, drawn.locust

    counts, locusts = jax.device_get(jax.jit(jax.vmap(draw))(keys))
    seen = Counter(
        (tuple(int(c) for c in row), bool(b)) for row, b in zip(counts, locusts, strict=True)
    )
    statistic, critical = chi_square(seen, one_by_one(deck, want), SAMPLES)
    assert statistic < critical, (statistic, critical)
    # The same samples are far from a law that is slightly off (cards put back).
    wrong = one_by_one(deck, want, replace=True)
    if wrong != one_by_one(deck, want):
        seen_possible = Counter({k: v for k, v in seen.items() if k in wrong})
        assert chi_square(seen_possible, wrong, SAMPLES)[0] > critical


def _leaves(state: nile.NileJaxState) -> bytes:
    return b"".join(np.asarray(leaf).tobytes() for leaf in jax.tree.leaves(state))


def _exact_after(state: nile.NileJaxState, action: int) -> Law:
    """Every state ``action`` leads to at the next decision, with its probability, by
    ``apply`` one chance outcome at a time (states reached twice merged)."""
    apply = jax.jit(nile.apply)
    weights = jax.jit(nile.chance_weights)
    frontier = {_leaves(state): (apply(state, action), 1.0)}
    done: dict[bytes, float] = defaultdict(float)
    while frontier:
        after: dict[bytes, tuple[nile.NileJaxState, float]] = {}
        for key, (here, chance) in frontier.items():
            if int(here.phase) >= TRADE:
                done[key] += chance
                continue
            w = np.asarray(weights(here))
            for outcome in np.flatnonzero(w):
                there = apply(here, int(outcome))
                mark = _leaves(there)
                previous = after.get(mark, (there, 0.0))[1]
                after[mark] = (there, previous + chance * w[outcome] / w.sum())
        frontier = after
    return dict(done)


def test_a_turns_end_drawn_by_step_has_the_law_of_one_outcome_at_a_time() -> None:
    """From a real position, a seat ends its turn: the two cards, the next seat's flood
    (locust or not) and harvest; the states ``step`` reaches over many keys against the
    exact law of the same chain played one outcome at a time."""
    state = nile.init(jax.random.PRNGKey(11), players=2)
    assert bool(nile.legal_action_mask(state)[act.DONE])
    law = _exact_after(state, act.DONE)
    keys = jax.random.split(jax.random.PRNGKey(12), SAMPLES)
    step: Callable[..., nile.NileJaxState] = jax.jit(
        jax.vmap(lambda key: nile.step(state, act.DONE, key))
    )
    reached = jax.device_get(step(keys))
    seen = Counter(
        _leaves(jax.tree.map(lambda leaf, i=i: leaf[i], reached)) for i in range(SAMPLES)
    )
    statistic, critical = chi_square(seen, law, SAMPLES)
    assert len(law) > 50 and statistic < critical, (len(law), statistic, critical)


def test_written_out_threefry_gives_jax_random_words() -> None:
    """``nile_random`` (Threefry written out, so that XLA fuses it) gives the words of
    ``jax.random`` for raw and typed keys, so a key draws what it drew before."""
    from nilegames.jax import nile_random

    raw = jax.random.split(jax.random.PRNGKey(7), 32)
    for data in (0, 1, 5, 1 << 16, 1 << 17, 2**32 - 1):
        expected = jax.vmap(lambda k, d=data: jax.random.fold_in(k, d))(raw)
        assert (jax.vmap(lambda k, d=data: nile_random.fold_in(k, d))(raw) == expected).all()
    expected = jax.vmap(lambda k: jax.random.bits(k, (5,), jnp.uint32))(raw)
    assert (jax.jit(jax.vmap(lambda k: nile_random.bits(k, 5)))(raw) == expected).all()
    expected = jax.vmap(lambda k: jax.random.bits(k, (), jnp.uint32))(raw)
    assert (jax.vmap(nile_random.word)(raw) == expected).all()
    typed = jax.random.key(3)
    assert (nile_random.bits(typed, 13) == jax.random.bits(typed, (13,), jnp.uint32)).all()
    folded = nile_random.fold_in(typed, 9)
    assert jax.random.key_data(folded).tolist() == (
        jax.random.key_data(jax.random.fold_in(typed, 9)).tolist()
    )
