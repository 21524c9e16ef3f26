"""The place rule every game ends with (``core.ranking``), held to a second reading of it.

``place_returns`` is written as plain loops for the compiled kernel; here the same rule
is computed the way a person would: sort the seats, number the places 0 (first) to n-1
(last), give tied seats the mean of the places they cover, and map place p to
1 - 2p/(n-1).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nilegames.core.ranking import expected_return, place_returns


def by_sorting(keys: list[int]) -> list[Fraction]:
    """Each seat's return from the sorted order, exactly (fractions, no rounding)."""
    n = len(keys)
    order = sorted(keys, reverse=True)
    returns = []
    for key in keys:
        places = [place for place, other in enumerate(order) if other == key]
        mean = Fraction(sum(places), len(places))
        returns.append(1 - 2 * mean / (n - 1))
    return returns


@given(st.lists(st.integers(0, 4), min_size=2, max_size=5))
def test_place_returns_agree_with_the_sorted_reading(keys: list[int]) -> None:
    got = place_returns(keys)
    assert got == pytest.approx([float(value) for value in by_sorting(keys)], abs=1e-12)
    assert sum(got) == pytest.approx(0.0, abs=1e-12)  # zero-sum, ties included


@given(st.lists(st.integers(0, 4), min_size=2, max_size=5), st.randoms())
def test_seats_in_another_order_keep_their_returns(keys: list[int], rng: random.Random) -> None:
    order = list(range(len(keys)))
    rng.shuffle(order)
    returns = place_returns(keys)
    assert place_returns([keys[i] for i in order]) == [returns[i] for i in order]


def test_examples_first_last_and_ties() -> None:
    assert place_returns([3, 9]) == [-1.0, 1.0]
    assert place_returns([5, 5]) == [0.0, 0.0]
    assert place_returns([1, 2, 3]) == [-1.0, 0.0, 1.0]
    assert place_returns([7, 7, 1]) == [0.5, 0.5, -1.0]
    assert place_returns([(2, 0), (2, 1), (1, 5), (2, 1)]) == pytest.approx(
        [-1 / 3, 2 / 3, -1.0, 2 / 3]
    )  # tuples compare as the games' tie-breaks do


def test_expected_return_is_even_at_equal_standings_and_follows_the_lead() -> None:
    assert expected_return([10.0, 10.0, 10.0], 1, 5.0) == pytest.approx(0.0)
    ahead = expected_return([15.0, 10.0], 0, 5.0)
    # a lead of one scale is a 73 % chance of finishing ahead: 0.73 - 0.27 on the scale
    assert ahead == pytest.approx(2 * 0.7311 - 1, abs=1e-3)
    assert expected_return([15.0, 10.0], 1, 5.0) == pytest.approx(-ahead)
    assert expected_return([1000.0, 0.0, 0.0], 0, 1.0) == pytest.approx(1.0)
