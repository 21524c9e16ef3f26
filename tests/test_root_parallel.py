"""Root parallelism: several seeded searches of one move, in other processes or here, with
their roots summed (nilegames.ai.root_parallel)."""

from __future__ import annotations

import random

import pytest

from nilegames.ai import ISMCTSBot, RootParallelBot, ask, make_bot, resampler, root_parallel
from nilegames.ai.root_parallel import search_once
from nilegames.core import State
from tests.conftest import random_game


def position(game: str, seed: int) -> State:
    """A decision with several legal moves, some way into a random game."""
    for index, state in enumerate(random_game(game, 2, seed)):
        if index > 40 and not state.is_chance_node() and len(state.legal_actions()) > 2:
            return state
    raise AssertionError("no such position")


def root_counts(bot: ISMCTSBot, state: State) -> dict[int, tuple[int, int, float]]:
    seat = state.current_player()
    fresh = state.clone()  # a state keeps a resampling cache: each search starts without one
    root = bot.search(fresh.legal_actions(), resampler(fresh, seat))
    return {a: (c.visits, c.available, round(c.total, 9)) for a, c in root.children.items()}


@pytest.mark.parametrize("game", ["nile", "artifacts"])
def test_searches_in_other_processes_sum_to_what_they_give_one_after_the_other(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each search is fixed by its seed: run in the pool or in this process, the summed
    root is the same, and it holds every search's iterations."""
    state = position(game, 3)
    pooled = root_counts(RootParallelBot(9, workers=3, iterations=60), state)
    monkeypatch.setattr(root_parallel, "can_start_processes", lambda resample: False)
    here = root_counts(RootParallelBot(9, workers=3, iterations=60), state)
    assert pooled == here
    assert sum(visits for visits, _, _ in here.values()) == 3 * 60
    # and each part is an ordinary search with its own seed
    seeds = [random.Random(9).getrandbits(63) for _ in range(1)]
    one, iterations = search_once(
        {"iterations": 60, "playout": "random", "exploration": 0.7, "playout_depth": "game"},
        state.legal_actions(),
        resampler(state.clone(), state.current_player()),
        seeds[0],
        None,
    )
    assert iterations == 60
    assert all(here[action][0] >= visits for action, (_, visits, _, _) in one.items())


def test_one_worker_is_the_plain_search_with_the_seed_it_draws() -> None:
    state = position("nile", 5)
    seed = random.Random(4).getrandbits(63)
    parallel = root_counts(RootParallelBot(4, workers=1, iterations=50), state)
    plain = root_counts(ISMCTSBot(seed, iterations=50), state)
    assert parallel == plain


def test_a_time_budget_is_kept_with_the_searches_in_other_processes() -> None:
    state = position("nile", 6)
    bot = make_bot("ismcts:2x0.3s", seed=1)
    ask(bot, state)  # the first move also starts the pool
    ask(bot, state)
    assert isinstance(bot, RootParallelBot)
    assert 0.3 <= bot.stats.seconds < 0.3 + 0.5
    assert bot.stats.iterations > 2


def test_a_cpu_budget_is_each_searchs_own_cpu_time() -> None:
    """With a CPU budget every search, here or in the pool, thinks that many CPU seconds
    of its own thread, however busy the machine is."""
    state = position("nile", 6)
    bot = make_bot("ismcts:2x0.2cpu", seed=1)
    assert isinstance(bot, RootParallelBot) and bot.cpu_clock
    assert bot.name == "ismcts:2x0.2cpu"
    ask(bot, state)
    alone = make_bot("ismcts:0.2cpu", seed=1)
    assert isinstance(alone, ISMCTSBot)
    ask(alone, state)
    # two searches of 0.2 CPU seconds each run about twice the iterations of one
    assert bot.stats.iterations > 1.4 * alone.stats.iterations
