"""Shared helpers: play random games through the public contract only."""

from __future__ import annotations

import copy
import os
import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import nilegames
from nilegames.core import Action, State
from tests.server_helpers import BACKENDS, fresh_database

#: How a test's player picks among the legal actions (uniformly at random by default).
Choose = Callable[[State, list[Action], random.Random], Action]


def random_game(
    game_id: str, players: int, seed: int, choose: Choose | None = None, **options: object
) -> Iterator[State]:
    """Yield the state before every action of one random game, then the final state.

    ``choose`` biases the moves (property tests that want long turns or much spending);
    it draws from the game's generator, so a seed still fixes the whole game.
    """
    rng = random.Random(seed)
    state = nilegames.make(game_id, players=players, **options)
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            nilegames.resolve_chance(state, rng)
        else:
            legal = state.legal_actions()
            state.apply_action(rng.choice(legal) if choose is None else choose(state, legal, rng))
    yield state


def state_snapshot(state: State, fields: Iterable[str]) -> tuple[Any, ...]:
    """Everything an action could change: the history and a deep copy of each named field
    (a game's ``PICKLED_FIELDS``, the fields a saved state keeps)."""
    return (state.history(), *(copy.deepcopy(getattr(state, name)) for name in fields))


def play_random(game_id: str, players: int, seed: int, **options: object) -> State:
    state: State | None = None
    for state in random_game(game_id, players, seed, None, **options):  # noqa: B007
        pass
    assert state is not None
    return state


def configurations() -> Iterator[Any]:
    """Every game at every player count, default options and each other option value."""
    for described in nilegames.games():
        game_id = described["id"]
        for players in range(described["min_players"], described["max_players"] + 1):
            yield pytest.param(game_id, players, {}, id=f"{game_id}-{players}")
            for option in described["options"]:
                for choice in option["choices"]:
                    if choice == option["default"]:
                        continue
                    options = {option["name"]: choice}
                    try:
                        nilegames.new_game(game_id, players, **options)
                    except nilegames.GameOptionError:
                        continue
                    yield pytest.param(
                        game_id, players, options, id=f"{game_id}-{players}-{choice}"
                    )


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, migrated-from-nothing database of each backend (SQLite, PostgreSQL)."""
    with fresh_database(request.param, tmp_path) as database:
        yield database


@pytest.fixture
def sqlite_url(tmp_path: Path) -> Iterator[str]:
    with fresh_database("sqlite", tmp_path) as database:
        yield database


@pytest.fixture
def rng() -> random.Random:
    return random.Random(12345)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """With NILEGAMES_REQUIRE_ALL set (CI), a skipped test fails: a PostgreSQL server or a
    browser that is missing there is a broken machine, not a reason to test less."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.skipped and os.environ.get("NILEGAMES_REQUIRE_ALL"):
        report.outcome = "failed"
        report.longrepr = f"skipped, but NILEGAMES_REQUIRE_ALL is set: {report.longrepr}"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium for a module's browser tests (tests/web_helpers.py)."""
    from tests.web_helpers import chromium_browser

    with chromium_browser() as launched:
        yield launched
