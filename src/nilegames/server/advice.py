"""Hints at the table and reviews after the game, computed off the event loop.

Both are the hard bot's search (:mod:`nilegames.ai.hint`, :mod:`nilegames.ai.review`),
which reads only what the seat could see: its own legal moves and worlds drawn from its
information set.  They run in the hub's :class:`~nilegames.server.bots.BotPool`, queued by
deadline with the bots' own searches, so one table's hint or review never holds up another
table.  A hint is given once per position and seat (asked again, the same answer, from a
seed made of the table and the position), and each hint used is stored with the game and
shown in every seat's log.  A review runs as a job, one move at a time, whose progress the
page polls; a finished game never changes, so its reviews are kept and served again.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from nilegames.ai.hint import hint
from nilegames.ai.review import DEFAULT_ITERATIONS, MoveReview, Review, choices, review_move
from nilegames.core import Action, GameRecord, Observation, State
from nilegames.server import views
from nilegames.server.errors import (
    ApiError,
    conflict,
    forbidden,
    not_found,
    too_many,
    unavailable,
    unprocessable,
)
from nilegames.server.live import Hub, LiveTable
from nilegames.server.store import FINISHED, HintUse, now

log = logging.getLogger("nilegames.server")

#: A hint's search: iterations, not seconds, so that a position gives the same hint on a
#: busy server as on a quiet one (about the hard level's second; as the terminal's ``h``).
HINT_ITERATIONS = 1000
#: Iterations the queue counts as a second of search (its deadline order).
ITERATIONS_A_SECOND = 1000
#: Hints kept for a repeated ask, and reviews kept (finished or running), per process.
HINTS_KEPT = 512
REVIEWS_KEPT = 64
#: Reviews running at once in one process; past this a new one is refused with 429.
REVIEWS_AT_ONCE = 4


def suggest(world: State, seat: int, iterations: int, seed: int) -> dict[str, Any]:
    """The hint as the page shows it (runs in a worker; ``world`` is a copy)."""
    given = hint(world, seat, iterations=iterations, seed=seed)
    ids = {world.action_to_string(a): a for a in world.legal_actions()}
    return {
        "seat": seat,
        "action": given.action,
        "move": given.move,
        "estimate": given.estimate,
        "iterations": given.iterations,
        "options": [
            {"action": ids.get(words), "move": words, "estimate": value, "share": share}
            for words, value, share in given.options
        ],
    }


def review_one(
    state: State,
    played: Action,
    index: int,
    iterations: int,
    seed: int,
    later: Observation,
) -> tuple[MoveReview, Action | None]:
    """One move of a review, and the id of the move the search preferred (runs in a
    worker): :func:`~nilegames.ai.review.review_move` as ``review_record`` calls it."""
    move = review_move(state, played, index, iterations, seed, later=later)
    ids = {state.action_to_string(a): a for a in state.legal_actions()}
    return move, ids.get(move.best)


def hint_seed(table_id: str, seq: int, seat: int) -> int:
    """The search seed of a hint: the same position, the same hint."""
    return random.Random(f"{table_id}:{seq}:{seat}").randrange(2**32)


@dataclass
class ReviewJob:
    """A review being made or made: its progress, then its result (or why it failed)."""

    table_id: str
    seat: int
    iterations: int
    seed: int
    status: str = "running"  # running, done or failed
    done: int = 0
    total: int | None = None
    review: dict[str, Any] | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table_id,
            "seat": self.seat,
            "iterations": self.iterations,
            "seed": self.seed,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "review": self.review,
            "error": self.error,
        }


class Advisor:
    """The hints and reviews of one server process."""

    def __init__(
        self,
        hub: Hub,
        *,
        hint_iterations: int = HINT_ITERATIONS,
        review_iterations: int = DEFAULT_ITERATIONS,
    ) -> None:
        self.hub = hub
        self.hint_iterations = hint_iterations
        self.review_iterations = review_iterations
        self.given: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self.asking: dict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = {}
        self.reviews: OrderedDict[tuple[str, int, int, int], ReviewJob] = OrderedDict()

    async def stop(self) -> None:
        tasks: list[asyncio.Future[Any]] = list(self.asking.values())
        tasks += [job.task for job in self.reviews.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- hints --------------------------------------------------------------------------
    async def hint(self, table_id: str, token: str | None, seq: int) -> dict[str, Any]:
        """The hard bot's move for the token's seat at ``seq``; logged for every seat."""
        live = await self.hub.table(table_id)
        seat = self.hub.seat_of(live, token)
        if seat is None:
            raise forbidden("a hint needs its seat's token (header X-Seat-Token)")
        if seq != live.seq:
            raise conflict(f"stale seq {seq}: the table is at seq {live.seq}; reload it")
        status = views.hint_status(live.record, live.state, seat)
        if not status["possible"]:
            raise conflict(f"no hint: {status['reason']}")
        key = (table_id, seq, seat)
        answer = self.given.get(key)
        if answer is None:
            pending = self.asking.get(key)
            if pending is None:  # one search per position, however many ask
                pending = asyncio.ensure_future(self._search(live, seat, seq))
                self.asking[key] = pending
                pending.add_done_callback(lambda _: self.asking.pop(key, None))
            answer = await asyncio.shield(pending)
        return {**answer, "seq": seq}

    async def _search(self, live: LiveTable, seat: int, seq: int) -> dict[str, Any]:
        executor = self.hub.executor
        if executor is None:
            raise unavailable("the server is stopping; try again shortly")
        table_id = live.record.id
        world = live.state.clone()
        seconds = self.hint_iterations / ITERATIONS_A_SECOND
        seed = hint_seed(table_id, seq, seat)
        answer: dict[str, Any] = await executor.run(
            seconds, suggest, world, seat, self.hint_iterations, seed
        )
        if live.seq != seq:
            raise conflict("the table moved on while the hint was searched; ask again")
        if not any(use.seat == seat and use.seq == seq for use in live.hints):
            # (another server process may have given and logged the same hint already)
            log_at = len(live.state.public_observation().get("log") or [])
            await self.hub.note_hint(live, HintUse(seat, seq, log_at, now()))
        self.given[(table_id, seq, seat)] = answer
        while len(self.given) > HINTS_KEPT:
            self.given.popitem(last=False)
        return answer

    # -- reviews ------------------------------------------------------------------------
    def check_iterations(self, iterations: int | None) -> int:
        if iterations is None:
            return self.review_iterations
        if not 2 <= iterations <= self.review_iterations:
            raise unprocessable(
                f"iterations: a review searches 2 to {self.review_iterations} iterations"
                f" a move, not {iterations}"
            )
        return iterations

    async def start_review(
        self, table_id: str, seat: int, iterations: int | None, seed: int
    ) -> ReviewJob:
        """A review of ``seat``'s moves in a finished game: the one asked before if any."""
        iterations = self.check_iterations(iterations)
        live = await self.hub.table(table_id)
        if live.record.status != FINISHED:
            raise conflict("the game is not over: a review opens at the end")
        players = live.record.players
        if not 0 <= seat < players:
            raise unprocessable(f"seat: no seat {seat}; seats are 0 to {players - 1}")
        key = (table_id, seat, iterations, seed)
        job = self.reviews.get(key)
        if job is not None and job.status != "failed":
            self.reviews.move_to_end(key)
            return job
        if sum(j.status == "running" for j in self.reviews.values()) >= REVIEWS_AT_ONCE:
            raise too_many("reviews running at once on this server", 10)
        job = ReviewJob(table_id, seat, iterations, seed)
        job.task = asyncio.create_task(self._review(job, live))
        self.reviews[key] = job
        self._forget_old_reviews()
        return job

    async def review_job(
        self, table_id: str, seat: int, iterations: int | None, seed: int
    ) -> ReviewJob:
        """The review asked before with these settings (404 if none was)."""
        iterations = self.check_iterations(iterations)
        live = await self.hub.table(table_id)
        players = live.record.players
        if not 0 <= seat < players:
            raise not_found(f"table {table_id} has no seat {seat} (seats 0 to {players - 1})")
        job = self.reviews.get((table_id, seat, iterations, seed))
        if job is None:
            raise not_found(
                f"no review of seat {seat} with {iterations} iterations and seed {seed}"
                f" was asked here: POST /api/tables/{table_id}/reviews starts one"
            )
        return job

    def _forget_old_reviews(self) -> None:
        for key in list(self.reviews):
            if len(self.reviews) <= REVIEWS_KEPT:
                break
            if self.reviews[key].status != "running":
                del self.reviews[key]

    async def _review(self, job: ReviewJob, live: LiveTable) -> None:
        """Review the seat's choices one by one in the pool, counting them done."""
        record = GameRecord(
            live.record.game,
            live.record.players,
            dict(live.record.options),
            [entry.action for entry in live.log],
        )
        seconds = job.iterations * 1.5 / ITERATIONS_A_SECOND  # two searches for most moves
        try:
            steps = await asyncio.to_thread(choices, record, job.seat)
            job.total = len(steps)
            moves: list[MoveReview] = []
            best: list[Action | None] = []
            for index, state, later in steps:
                executor = self.hub.executor
                if executor is None:
                    raise unavailable("the server is stopping; ask for the review again")
                move, best_action = await executor.run(
                    seconds,
                    review_one,
                    state,
                    record.actions[index],
                    index,
                    job.iterations,
                    job.seed,
                    later,
                )
                moves.append(move)
                best.append(best_action)
                job.done += 1
            review = Review(record.game, record.players, job.seat, job.iterations, job.seed, moves)
            data = review.to_json()
            for shown, move, best_action in zip(data["moves"], moves, best, strict=True):
                shown["played_action"] = record.actions[move.index]
                shown["best_action"] = best_action
            job.review = data
            job.status = "done"
        except asyncio.CancelledError:
            job.status, job.error = "failed", "the server stopped"
            raise
        except ApiError as error:
            job.status, job.error = "failed", error.message
        except Exception as error:
            log.exception("review of table %s seat %d failed", job.table_id, job.seat)
            job.status, job.error = "failed", f"the review failed: {error}"
