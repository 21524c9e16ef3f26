"""Root parallelism: several independent searches of one move, one per core, whose root
statistics are summed before the most visited move is played (Chaslot, Winands and van
den Herik 2008; Cazenave and Jouandeau 2007).

Each search has its own seed, draws its own worlds from the seat's information set and
grows its own tree, so the searches share nothing while they run: on a machine with
spare cores the bot thinks ``workers`` times as much in the same time.  The extra
searches run in a pool of spawned processes kept for the life of the program; the
resampler travels to them (:class:`~nilegames.ai.base.SeatResampler`), and they see the
game only through it, as the search in this process does.

Where processes cannot be started (a resampler that cannot travel, or a daemonic worker
process, which may not have children: the tournament's pool) the searches run one after
the other here.  With an iteration budget the move is the same either way, since every
search is fixed by its seed; only the time differs.
"""

from __future__ import annotations

import atexit
import multiprocessing
import time
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Literal

from nilegames.ai.base import Resampler, SeatResampler
from nilegames.ai.ismcts import ISMCTSBot, Node, SearchStats
from nilegames.core import Action, NilegamesError
from nilegames.parallel import ignore_interrupts

#: What one search found at the root: per first move (mover, visits, availability,
#: total reward), and the iterations it ran.
RootCounts = tuple[dict[Action, tuple[int, int, int, float]], int]

_POOLS: dict[int, ProcessPoolExecutor] = {}


class RootParallelBot(ISMCTSBot):
    """ISMCTS with ``workers`` root-parallel searches, each on the whole budget."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        workers: int,
        iterations: int | None = None,
        seconds: float | None = None,
        playout: str = "random",
        exploration: float = 0.7,
        playout_depth: int | Literal["game"] | None = "game",
        cpu_clock: bool = False,
    ) -> None:
        super().__init__(
            seed,
            iterations=iterations,
            seconds=seconds,
            playout=playout,
            exploration=exploration,
            playout_depth=playout_depth,
            cpu_clock=cpu_clock,
        )
        if workers < 1:
            raise NilegamesError(f"root parallelism needs at least one search, not {workers}")
        self.workers = workers
        prefix, budget = self.name.split(":", 1)
        self.name = f"{prefix}:{workers}x{budget}"

    def search(
        self,
        legal_actions: list[Action],
        resample: Resampler | None,
        *,
        stop_when_decided: bool = False,
    ) -> Node:
        """Run the searches (this process's and the others') and sum their roots; each
        runs its whole budget, as none knows how the others' visits stand."""
        if resample is None:
            raise NilegamesError("ismcts needs a resampler to draw worlds from its seat's view")
        start = time.perf_counter()
        # a wall-clock budget is one deadline for every search; a CPU budget is each
        # search's own, counted by the thread that runs it
        wall = self.seconds is not None and not self.cpu_clock
        deadline = time.time() + self.seconds if wall and self.seconds is not None else None
        seeds = [self.rng.getrandbits(63) for _ in range(self.workers)]
        # each search starts from the state as it travels to a process (pickled, which
        # drops the search aids a state keeps), so a search is the same wherever it runs
        settings = {
            "iterations": self.iterations,
            "seconds": None if wall else self.seconds,
            "cpu_clock": self.cpu_clock,
            "playout": self.policy.name,
            "exploration": self.exploration,
            "playout_depth": self.playout_depth,
            "widening": self.widening,
        }
        jobs = [(settings, legal_actions, resample, seed, deadline) for seed in seeds]
        elsewhere: list[Future[RootCounts]] = []
        if self.workers > 1 and can_start_processes(resample):
            pool = _pool(self.workers - 1)
            elsewhere = [pool.submit(search_once, *job) for job in jobs[1:]]
            found = [search_once(*_fresh(jobs[0])), *(future.result() for future in elsewhere)]
        else:
            found = [search_once(*_fresh(job)) for job in jobs]
        root = merge(found, legal_actions)
        self.stats = SearchStats(
            iterations=sum(iterations for _, iterations in found),
            seconds=time.perf_counter() - start,
        )
        return root


def search_once(
    settings: Mapping[str, Any],
    legal_actions: list[Action],
    resample: Resampler,
    seed: int,
    deadline: float | None,
) -> RootCounts:
    """One search of the root (in any process); a wall-clock budget ends at ``deadline``,
    a CPU budget is in ``settings``."""
    seconds = None if deadline is None else max(deadline - time.time(), 1e-3)
    budget = {"iterations": None, "seconds": seconds} if seconds is not None else {}
    bot = ISMCTSBot(seed, **{**settings, **budget})
    root = bot.search(legal_actions, resample)
    counts = {
        action: (child.mover, child.visits, child.available, child.total)
        for action, child in root.children.items()
    }
    return counts, bot.stats.iterations


def _fresh(job: tuple[Any, ...]) -> tuple[Any, ...]:
    """A job with a resampler of its own, as a search in another process has."""
    settings, legal_actions, resample, seed, deadline = job
    if isinstance(resample, SeatResampler):
        resample = resample.fresh()
    return settings, legal_actions, resample, seed, deadline


def merge(found: list[RootCounts], legal_actions: list[Action]) -> Node:
    """A root whose children hold the sums of every search's statistics."""
    root = Node(mover=-1, allowed=set(legal_actions))
    for counts, iterations in found:
        root.visits += iterations
        for action, (mover, visits, available, total) in counts.items():
            child = root.children.get(action)
            if child is None:
                child = root.children[action] = Node(mover)
            child.visits += visits
            child.available += available
            child.total += total
    return root


def can_start_processes(resample: Resampler) -> bool:
    """Whether the other searches can go to a process pool from here."""
    return (
        isinstance(resample, SeatResampler)
        and not multiprocessing.current_process().daemon  # a pool's worker has no children
    )


def _pool(size: int) -> ProcessPoolExecutor:
    """The program's pool of ``size`` search processes, started on first use."""
    pool = _POOLS.get(size)
    if pool is None:
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(size, mp_context=context, initializer=ignore_interrupts)
        _POOLS[size] = pool
    return pool


@atexit.register
def _close_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()
