"""Where batches of games run: in this process, in local worker processes, or on Ray.

A layer below the tournament and analysis code that both use; it knows nothing of games.

Every backend takes the same thing, a picklable function and a list of picklable
batches, calls ``finished`` with each batch's results as soon as it is back (for a
progress bar), and returns every result.  Results come back in the order batches finish;
callers put them in order by their index, so the outcome never depends on the backend.

``local``
    ``jobs == 1`` plays in this process; more start that many fresh interpreters
    (``spawn``: safe whatever threads the parent runs) that take batches as they free up.
``ray``
    Batches become Ray tasks (one CPU each), submitted a few per CPU ahead of the results
    so the workers never wait; ``address`` joins a running cluster (``ray://HOST:10001``
    through Ray Client, or ``auto``), else a local Ray instance of ``jobs`` CPUs is started
    for the run and stopped after it.  An instance already started in this process (by
    ``ray.init``) is used as it is.  Needs the ``ray`` extra: ``pip install nilegames[ray]``.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import signal
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from nilegames.core import NilegamesError

B = TypeVar("B")
R = TypeVar("R")

BACKENDS = ("local", "ray")
#: Ray tasks in flight per CPU of the cluster: enough that a CPU never waits for the next.
RAY_TASKS_PER_CPU = 2


class BackendError(NilegamesError, RuntimeError):
    """A backend that cannot run: Ray missing, or a cluster that does not answer."""


def run_batches(
    function: Callable[[B], list[R]],
    batches: Sequence[B],
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    finished: Callable[[list[R]], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[R]:
    """Every result of ``function`` over ``batches``, in the order the batches finished;
    ``stop``, asked after each batch, ends the run early (the batches still running are
    dropped)."""
    results: list[R] = []
    if backend == "local":
        parts = _local(function, batches, jobs)
    elif backend == "ray":
        parts = _ray(function, batches, jobs, address)
    else:
        raise BackendError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")
    try:
        for part in parts:
            results.extend(part)
            if finished is not None:
                finished(part)
            if stop is not None and stop():
                break
    finally:
        parts.close()  # stops the workers now, even on Ctrl-C or an error
    return results


def ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them all at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local(
    function: Callable[[B], list[R]], batches: Sequence[B], jobs: int
) -> Generator[list[R], None, None]:
    if jobs == 1 or len(batches) < 2:
        for batch in batches:
            yield function(batch)
        return
    pool = multiprocessing.get_context("spawn").Pool(
        min(jobs, len(batches)), initializer=ignore_interrupts
    )
    try:
        yield from pool.imap_unordered(function, batches)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def ray_available() -> bool:
    """Whether Ray can be imported here (the ``ray`` extra)."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def require_ray() -> Any:
    """The ``ray`` module, or a clear error saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendError(
            "the ray backend needs Ray: pip install 'nilegames[ray]'"
            " (in a checkout: .venv/bin/pip install -e '.[ray]')"
        ) from None
    return ray


def start_ray(jobs: int, address: str | None) -> bool:
    """Connect to Ray unless this process already is; True if we did (and so must stop it)."""
    ray = require_ray()
    if ray.is_initialized():
        return False
    settings: dict[str, Any] = {"include_dashboard": False, "logging_level": "warning"}
    try:
        if address:
            ray.init(address=address, **settings)
        else:
            ray.init(num_cpus=jobs, **settings)
    except Exception as error:  # Ray raises many kinds: unreachable, refused, version...
        where = address or "a local instance"
        raise BackendError(f"cannot start Ray ({where}): {error}") from None
    return True


@contextmanager
def session(backend: str, jobs: int = 1, address: str | None = None) -> Iterator[None]:
    """Keep one Ray connection for several runs (``backend == "ray"``; else nothing):
    starting a local instance takes seconds, so a comparison of two configurations or a
    tournament should pay it once.  Stops Ray after if it started it."""
    started = backend == "ray" and start_ray(jobs, address)
    try:
        yield
    finally:
        if started:
            require_ray().shutdown()


def _ray(
    function: Callable[[B], list[R]], batches: Sequence[B], jobs: int, address: str | None
) -> Generator[list[R], None, None]:
    ray = require_ray()
    started = start_ray(jobs, address)
    pending: list[Any] = []  # tasks sent, results not yet read
    try:
        remote = ray.remote(num_cpus=1)(function)
        cpus = int(ray.cluster_resources().get("CPU", jobs)) or 1
        window = max(2, RAY_TASKS_PER_CPU * cpus)
        waiting = iter(batches)
        pending = [remote.remote(batch) for batch in itertools.islice(waiting, window)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for batch in waiting:
                pending.append(remote.remote(batch))
                break
            yield ray.get(ready[0])
    finally:
        # Stopped early (a decided match, Ctrl-C, an error): the tasks sent ahead would go
        # on playing on a connection the caller keeps, for results nobody reads.
        for task in pending:
            with contextlib.suppress(Exception):  # a task just finished, a cluster gone...
                ray.cancel(task)
        if started:
            ray.shutdown()
