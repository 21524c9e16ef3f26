"""Root parallelism: several seeded searches of one move, in other processes or here, with
their roots summed (nilegames.ai.root_parallel)."""

from __future__ import annotations

import pickle
import random
import time
from concurrent.futures import Future
from typing import Any

import pytest

from nilegames.ai import ISMCTSBot, RootParallelBot, ask, make_bot, resampler, root_parallel
from nilegames.ai.base import SeatResampler
from nilegames.ai.ismcts import Node
from nilegames.core import State
from tests.conftest import random_game

#: What a root holds per first move: visits, availability and total reward.
Counts = dict[int, tuple[int, int, float]]


def position(game: str, seed: int) -> State:
    """A decision with several legal moves, some way into a random game."""
    for index, state in enumerate(random_game(game, 2, seed)):
        if index > 40 and not state.is_chance_node() and len(state.legal_actions()) > 2:
            return state
    raise AssertionError("no such position")


def search_root(bot: ISMCTSBot, state: State) -> Node:
    seat = state.current_player()
    fresh = state.clone()  # a state keeps a resampling cache: each search starts without one
    return bot.search(fresh.legal_actions(), resampler(fresh, seat))


def counts(root: Node) -> Counts:
    return {a: (c.visits, c.available, round(c.total, 9)) for a, c in root.children.items()}


def root_counts(bot: ISMCTSBot, state: State) -> Counts:
    return counts(search_root(bot, state))


def summed(roots: list[Node]) -> Counts:
    """The roots' statistics added up move by move, as root parallelism should."""
    total: dict[int, list[Any]] = {}
    for root in roots:
        for action, child in root.children.items():
            entry = total.setdefault(action, [0, 0, 0.0])
            entry[0] += child.visits
            entry[1] += child.available
            entry[2] += child.total
    return {a: (v, n, round(t, 9)) for a, (v, n, t) in total.items()}


def the_bots_seeds(seed: int, workers: int) -> list[int]:
    """The seeds a root-parallel bot made with ``seed`` gives its first move's searches."""
    draws = random.Random(seed)
    return [draws.getrandbits(63) for _ in range(workers)]


@pytest.mark.parametrize("game", ["nile", "artifacts"])
def test_searches_in_other_processes_sum_to_what_they_give_one_after_the_other(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each search is fixed by its seed: run in the pool or in this process, the summed
    root is the same, and it is the sum, move by move, of plain searches seeded with the
    bot's draws (visits, availability and rewards alike)."""
    state = position(game, 3)
    pools: list[int] = []
    real_pool = root_parallel._pool

    def counted_pool(size: int) -> Any:
        pools.append(size)
        return real_pool(size)

    monkeypatch.setattr(root_parallel, "_pool", counted_pool)
    pooled = search_root(RootParallelBot(9, workers=3, iterations=60), state)
    assert pools == [2]  # two searches went to other processes, one ran here
    monkeypatch.setattr(root_parallel, "can_start_processes", lambda resample: False)
    here = search_root(RootParallelBot(9, workers=3, iterations=60), state)
    assert pools == [2]
    assert counts(pooled) == counts(here)
    parts = [search_root(ISMCTSBot(seed, iterations=60), state) for seed in the_bots_seeds(9, 3)]
    assert len({tuple(sorted(counts(part).items())) for part in parts}) == 3  # all differ
    assert counts(here) == summed(parts)
    assert sum(visits for visits, _, _ in counts(here).values()) == here.visits == 3 * 60


def test_one_worker_is_the_plain_search_with_the_seed_it_draws() -> None:
    state = position("nile", 5)
    seed = random.Random(4).getrandbits(63)
    parallel = root_counts(RootParallelBot(4, workers=1, iterations=50), state)
    plain = root_counts(ISMCTSBot(seed, iterations=50), state)
    assert parallel == plain


class RecordingPool:
    """Stands in for the process pool: keeps each job it is given and runs it here."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, ...]] = []

    def submit(self, function: Any, *job: Any) -> Future[Any]:
        self.jobs.append(job)
        future: Future[Any] = Future()
        future.set_result(function(*job))
        return future


@pytest.mark.parametrize("budget", ["0.2s", "0.2cpu"])
def test_what_goes_to_the_other_processes_seeds_the_state_and_the_budget(
    budget: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every search but the first goes to the pool with its own seed of the bot's draws, a
    resampler that can travel and the legal moves; a wall-clock budget goes as one deadline
    shared by every search, a CPU budget as each search's own seconds of CPU."""
    state = position("nile", 6)
    pool = RecordingPool()
    monkeypatch.setattr(root_parallel, "_pool", lambda size: pool)
    bot = make_bot(f"ismcts:3x{budget}", seed=2)
    asked = time.time()
    ask(bot, state)
    assert [job[3] for job in pool.jobs] == the_bots_seeds(2, 3)[1:]
    for settings, legal, resample, _seed, deadline in pool.jobs:
        assert legal == state.legal_actions()
        assert isinstance(resample, SeatResampler) and resample.player == state.current_player()
        assert pickle.loads(pickle.dumps(resample)).state.history() == state.history()
        if budget.endswith("cpu"):
            assert settings["seconds"] == 0.2 and settings["cpu_clock"] is True
            assert deadline is None
        else:
            assert settings["seconds"] is None and settings["cpu_clock"] is False
            assert asked + 0.2 <= deadline < asked + 0.2 + 0.1
    assert len({job[4] for job in pool.jobs}) == 1  # one deadline (or none) for all


def test_a_time_budget_is_kept_with_the_searches_in_other_processes() -> None:
    state = position("nile", 6)
    bot = make_bot("ismcts:2x0.3s", seed=1)
    ask(bot, state)  # the first move also starts the pool
    ask(bot, state)
    assert isinstance(bot, RootParallelBot)
    assert 0.3 <= bot.stats.seconds < 0.3 + 0.5
    assert bot.stats.iterations > 2


def test_a_time_budget_is_one_deadline_even_for_searches_one_after_the_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where no process can be started, the searches share the move's wall-clock budget:
    the move takes that budget, not three times it."""
    monkeypatch.setattr(root_parallel, "can_start_processes", lambda resample: False)
    state = position("nile", 6)
    bot = make_bot("ismcts:3x0.2s", seed=1)
    assert isinstance(bot, RootParallelBot)
    ask(bot, state)
    assert 0.2 <= bot.stats.seconds < 0.2 + 0.2  # three budgets in a row: 0.6 s


@pytest.mark.parametrize("processes", [True, False])
def test_a_cpu_budget_is_each_searchs_own_cpu_time(
    processes: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a CPU budget every search, here or in the pool, thinks that many CPU seconds
    of its own thread, however busy the machine is; one after the other as well (a wall
    deadline shared by the searches would leave the later ones almost nothing)."""
    if not processes:
        monkeypatch.setattr(root_parallel, "can_start_processes", lambda resample: False)
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
