"""The bots' pool: off the event loop, bounded, and fair between tables."""

from __future__ import annotations

import asyncio
import time

import pytest

from nilegames.core import new_game
from nilegames.server.bots import BotPool, budget


def test_budgets_of_the_lobby_bots() -> None:
    assert budget("random") is None and budget("greedy") is None and budget("easy") is None
    assert budget("medium") == pytest.approx(0.1) and budget("hard") == pytest.approx(1.0)
    # NILE's medium searches two hundred iterations, not a tenth of a second
    assert budget("medium", "nile") == 1.0 and budget("medium", "pharaohs") == pytest.approx(0.1)


def search(seconds: float) -> float:
    """A stand-in for a search of ``seconds``: it holds its worker that long."""
    time.sleep(seconds)
    return seconds


@pytest.mark.parametrize("processes", [0, 1])
def test_a_short_search_does_not_wait_for_the_long_ones(processes: int) -> None:
    """One worker, four tables' 0.6 s searches queued, then another table's 0.05 s
    search and a random bot: in arrival order the short search would wait 2.4 s."""

    async def scenario() -> tuple[float, float, list[float]]:
        pool = BotPool(processes)
        try:
            await pool.run(0.01, search, 0.0)  # the worker is up (a process starts once)
            long = [asyncio.create_task(pool.run(0.6, search, 0.6)) for _ in range(4)]
            await asyncio.sleep(0.05)
            asked = time.monotonic()
            short = asyncio.create_task(pool.run(0.05, search, 0.05))
            world = new_game("nile", 2).new_initial_state()
            while world.is_chance_node():
                world.apply_action(world.legal_actions()[0])
            seat = world.current_player()
            await pool.choose("random", world, seat, 1)
            cheap = time.monotonic() - asked
            await short
            waited = time.monotonic() - asked
            return cheap, waited, await asyncio.gather(*long)
        finally:
            pool.close()

    cheap, waited, long = asyncio.run(scenario())
    assert cheap < 0.3  # a random bot never queues behind a search
    assert waited < 1.2  # at most the one search already running, then its own
    assert long == [0.6] * 4  # the long ones still ran


def test_searches_run_in_another_process() -> None:
    async def scenario() -> int:
        pool = BotPool(1)
        try:
            import os

            pid: int = await pool.run(0.01, os.getpid)
            return pid
        finally:
            pool.close()

    import os

    assert asyncio.run(scenario()) != os.getpid()
