"""Where the bots think: off the event loop, in a bounded pool, fairly.

A search bot (``medium``, ``hard``: ISMCTS with a time budget) is pure Python: in a thread
it would hold the GIL the event loop needs, so it runs in a pool of worker *processes*,
at most ``processes`` searches at once.  Searches wait in a queue ordered by deadline,
their arrival plus four times their budget: a 0.3 s search that arrives behind forty 1 s
ones goes before every one that arrived more than ~3 s before it, so one table's long
search never holds up another's short one, and a long one still runs in its turn (no
starvation).  The cheap bots (``random``, ``greedy``, ``easy``) answer in milliseconds and
run at once in a thread of their own, never behind a search.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from nilegames.ai import ask, level_spec, make_bot
from nilegames.core import Action, State

#: A search's place in the queue: its arrival plus this many times its budget.
DEADLINE_FACTOR = 4.0
#: The budget assumed for a search given in iterations rather than seconds.
UNKNOWN_BUDGET = 1.0


def choose_move(spec: str, world: State, seat: int, seed: int) -> Action:
    """A bot's move, asked with the seat's view only (runs in a worker)."""
    return ask(make_bot(spec, seed, world.game.id), world, seat)


def budget(spec: str, game: str | None = None) -> float | None:
    """Seconds a bot's move may take in ``game``; None for the cheap bots that do not
    search."""
    spec = level_spec(spec, game)
    name, *args = spec.split(":")
    if name != "ismcts":
        return None
    if args and args[0].endswith("s"):
        try:
            return float(args[0][:-1])
        except ValueError:
            return UNKNOWN_BUDGET
    return UNKNOWN_BUDGET


@dataclass(order=True)
class Job:
    deadline: float
    order: int
    call: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    done: asyncio.Future[Any] = field(compare=False)


class BotPool:
    """Searches in at most ``processes`` worker processes, earliest deadline first;
    cheap bots in one thread.  ``processes=0`` runs searches in threads instead (tests,
    and platforms without a usable process pool)."""

    def __init__(self, processes: int = 1) -> None:
        self.slots = max(1, processes)
        self.use_processes = processes > 0
        self.queue: list[Job] = []
        self.running = 0
        self.working: set[asyncio.Future[None]] = set()
        self.counter = itertools.count()
        self.light = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nilegames-bot")
        self.heavy: ProcessPoolExecutor | ThreadPoolExecutor | None = None
        self.closed = False

    def warm_up(self) -> None:
        """Start the worker processes now (a spawned worker takes a second or two to import
        the games), so that the first search does not wait for them."""
        if self.use_processes and not self.closed:
            heavy = self._heavy()
            for _ in range(self.slots):
                heavy.submit(budget, "random")

    async def choose(self, spec: str, world: State, seat: int, seed: int) -> Action:
        """The bot's move, computed off the event loop."""
        seconds = budget(spec, world.game.id)
        action: Action = await self.run(seconds, choose_move, spec, world, seat, seed)
        return action

    async def run(self, seconds: float | None, call: Callable[..., Any], *args: Any) -> Any:
        """``call(*args)`` in the pool: at once in the thread if ``seconds`` is None, else
        queued as a search of that budget."""
        if self.closed:
            raise RuntimeError("the bot pool is closed")
        loop = asyncio.get_running_loop()
        if seconds is None:
            return await loop.run_in_executor(self.light, call, *args)
        job = Job(
            time.monotonic() + DEADLINE_FACTOR * seconds,
            next(self.counter),
            call,
            args,
            loop.create_future(),
        )
        heapq.heappush(self.queue, job)
        self._dispatch()
        return await job.done

    def _dispatch(self) -> None:
        while self.running < self.slots and self.queue:
            job = heapq.heappop(self.queue)
            if job.done.done():  # its table stopped waiting
                continue
            self.running += 1
            task = asyncio.ensure_future(self._work(job))
            self.working.add(task)  # a reference, so the task is not collected mid-way
            task.add_done_callback(self.working.discard)

    async def _work(self, job: Job) -> None:
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(self._heavy(), job.call, *job.args)
        except BrokenProcessPool as error:  # a worker died (killed, out of memory)
            self.heavy = None  # a new pool for the next search
            if not job.done.done():
                job.done.set_exception(RuntimeError(f"a bot worker died: {error}"))
        except BaseException as error:
            if not job.done.done():
                if isinstance(error, asyncio.CancelledError):
                    job.done.cancel()
                else:
                    job.done.set_exception(error)
        else:
            if not job.done.done():
                job.done.set_result(result)
        finally:
            self.running -= 1
            if not self.closed:
                self._dispatch()

    def _heavy(self) -> ProcessPoolExecutor | ThreadPoolExecutor:
        if self.heavy is None:
            if self.use_processes:
                # spawn: a forked child would inherit the server's threads and sockets
                context = multiprocessing.get_context("spawn")
                self.heavy = ProcessPoolExecutor(self.slots, mp_context=context)
            else:
                self.heavy = ThreadPoolExecutor(self.slots, thread_name_prefix="nilegames-search")
        return self.heavy

    def close(self) -> None:
        self.closed = True
        for job in self.queue:
            job.done.cancel()
        self.queue.clear()
        self.light.shutdown(wait=False, cancel_futures=True)
        if self.heavy is not None:
            self.heavy.shutdown(wait=False, cancel_futures=True)
