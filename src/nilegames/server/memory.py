"""The garbage collector of a serving process: few and short pauses of the event loop.

A collection stops the event loop while it runs, and every move waiting meanwhile is late
by that much.  Under ``benchmarks/load.py`` (100 tables) CPython's full collections walked
every object of the process, the web stack's and the live tables', and each one paused
the loop for 80-150 ms: the p99 of the moves around it.  So, while a server runs:

* what exists once it has started (modules, the web stack, tables resumed at start-up) is
  frozen: collections never walk it again;
* young collections run after 10,000 new objects rather than 700, and the older ones
  far more rarely still (in the benchmark's 20 s: a dozen young pauses of about 2 ms,
  at most 7 ms, and no full collection).

Memory is still reclaimed: reference counting frees almost everything at once (most of a
move's objects never reach a collection), and the collector still finds cycles, less often.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: ``gc.set_threshold`` while serving: young collections, then how many of each
#: generation before the next is collected.
THRESHOLDS = (10_000, 20, 10)

_serving = 0  # servers running in this process (tests start several, one after another)
_before: tuple[int, int, int] = gc.get_threshold()


@contextmanager
def steady_collector() -> Iterator[None]:
    """Freeze what exists and space out collections while the body runs (a server's
    life); the process's own settings come back when the last server in it stops."""
    global _serving, _before
    if _serving == 0:
        _before = gc.get_threshold()
        gc.collect()  # garbage is not frozen: only what is alive now
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)
    _serving += 1
    try:
        yield
    finally:
        _serving -= 1
        if _serving == 0:
            gc.set_threshold(*_before)
            gc.unfreeze()
