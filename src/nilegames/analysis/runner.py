"""Playing many games of one configuration and keeping what each one says.

Reproducibility
    Game ``i`` of a simulation with seed ``s`` draws its chance outcomes and its bots'
    choices from seeds derived only from ``(s, i)`` (by hashing, the same scheme as the
    tournaments).  Games are independent, so they are played in batches of consecutive
    indices by any number of processes, locally or on Ray, and put back in index order:
    the figures are the same whatever ``jobs``, the batch size or the backend (for bots
    that do not read the clock: an ISMCTS bot with a time budget searches as far as the
    machine lets it).

What a game says
    A :class:`GameRecord`: each seat's return and final score (:meth:`Game.final_scores`),
    the seat that decided first, the length in actions (chance outcomes included),
    decisions and turns (:meth:`Game.turns`, or the runs of decisions by one seat when
    the game has no notion of its own), and the game's own figures
    (:meth:`Game.statistics`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from nilegames.ai import make_bot
from nilegames.ai.base import ask
from nilegames.ai.tournament import derive_seed
from nilegames.core import Game, GameOptionError, new_game, play_to_decision
from nilegames.parallel import BACKENDS, run_batches

#: Called after every finished batch with (games done, games in all).
Progress = Callable[[int, int], None]

#: Games per batch by the slowest bot of the table.  A batch should take a good fraction
#: of a second, so that sending it (a Ray task costs about 5 ms, docs/scaling.md) is a
#: percent or less of the work, and not much more, so that the progress bar moves: random
#: bots play a NILE game in about a millisecond, greedy ones in 40 ms (NIL: 200 ms), and a
#: searching bot takes seconds a game, so one game is a batch.
BATCH_BY_BOT = {"random": 200, "greedy": 10, "easy": 10}
SEARCH_BATCH = 1
#: Batches per worker at least, so the last ones finish together.
BATCHES_PER_WORKER = 16


@dataclass(frozen=True)
class SimulationSpec:
    """One configuration to simulate: everything a worker needs, picklable."""

    game_id: str
    players: int
    bots: tuple[str, ...]  # one bot spec per seat
    options: Mapping[str, Any]
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.players,
            "bots": list(self.bots),
            "options": dict(self.options),
            "seed": self.seed,
        }


@dataclass(frozen=True)
class Batch:
    """Games ``start`` to ``stop - 1`` of a configuration."""

    spec: SimulationSpec
    start: int
    stop: int


@dataclass(frozen=True)
class GameRecord:
    """What one finished game says (see the module docstring)."""

    index: int
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    first: int  # the seat of the first decision
    actions: int
    decisions: int
    turns: int
    statistics: dict[str, float]


@dataclass
class Simulation:
    """A configuration and every game played of it, in index order."""

    spec: SimulationSpec
    records: list[GameRecord]
    jobs: int = 1
    backend: str = "local"
    seconds: float = 0.0
    statistic_names: list[str] = field(init=False)

    def __post_init__(self) -> None:
        names: dict[str, None] = {}
        for record in self.records:
            names.update(dict.fromkeys(record.statistics))
        self.statistic_names = sorted(names)

    @property
    def games_per_second(self) -> float:
        return len(self.records) / self.seconds if self.seconds > 0 else 0.0


# -- one game ------------------------------------------------------------------------------------
def play_one(game: Game, spec: SimulationSpec, index: int) -> GameRecord:
    """Play game ``index`` of ``spec`` to the end; bots see only their seat's view."""
    seed = derive_seed(spec.seed, index)
    chance = random.Random(derive_seed(seed, "chance"))
    bots = [
        make_bot(kind, derive_seed(seed, "seat", s), spec.game_id)
        for s, kind in enumerate(spec.bots)
    ]
    # A bot that ignores what it is shown (random) is not shown anything: building a
    # seat's view costs more than the rules themselves, and its choice is the same.
    blind = [not getattr(bot, "reads_observation", True) for bot in bots]
    state = game.new_initial_state()
    decisions = runs = 0
    last = first = -1
    play_to_decision(state, chance)
    while not state.is_terminal():
        seat = state.current_player()
        if blind[seat]:
            action = bots[seat].step({}, state.legal_actions())
        else:
            action = ask(bots[seat], state, seat)
        state.apply_action(action, player=seat)
        decisions += 1
        if seat != last:
            runs += 1
            last = seat
            if first < 0:
                first = seat
        play_to_decision(state, chance)
    turns = game.turns(state)
    return GameRecord(
        index=index,
        returns=tuple(state.returns()),
        scores=tuple(game.final_scores(state)),
        first=max(first, 0),
        actions=len(state.history()),
        decisions=decisions,
        turns=runs if turns is None else turns,
        statistics=game.statistics(state),
    )


def play_batch(batch: Batch) -> list[GameRecord]:
    """Play the games of one batch (the unit a worker process or a Ray task runs)."""
    spec = batch.spec
    game = new_game(spec.game_id, spec.players, **spec.options)
    return [play_one(game, spec, index) for index in range(batch.start, batch.stop)]


# -- many games ----------------------------------------------------------------------------------
def check_simulation(
    game_id: str,
    players: int | None,
    bots: Sequence[str],
    options: Mapping[str, Any],
    *,
    seed: int = 0,
    games: int = 1,
    jobs: int = 1,
    backend: str = "local",
) -> SimulationSpec:
    """The configuration, checked before any game is played: a bad game, player count,
    option, bot, game count or backend raises a :class:`~nilegames.core.NilegamesError`."""
    game = new_game(game_id, players, **options)
    specs = [bot.strip() for bot in bots]
    if not specs or not all(specs):
        raise GameOptionError("name the bots, comma-separated, e.g. --bots random or greedy,random")
    if len(specs) == 1:
        specs *= game.players
    if len(specs) != game.players:
        raise GameOptionError(
            f"--bots names one bot for every seat or one for all: {len(specs)} bots"
            f" for {game.players} seats"
        )
    for spec in specs:
        make_bot(spec, 0)  # raises GameOptionError on an unknown bot
    if games < 1:
        raise GameOptionError(f"a simulation needs at least one game, not {games}")
    if jobs < 1:
        raise GameOptionError(f"jobs must be 1 or more, not {jobs}")
    if backend not in BACKENDS:
        raise GameOptionError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")
    return SimulationSpec(game_id, game.players, tuple(specs), dict(game.options), seed)


def batch_size(spec: SimulationSpec, games: int, workers: int) -> int:
    """Games per batch: many for fast bots, one for searching bots (see BATCH_BY_BOT),
    and never more than a sixteenth of a worker's share."""
    limit = min(BATCH_BY_BOT.get(bot, SEARCH_BATCH) for bot in spec.bots)
    return max(1, min(limit, -(-games // (workers * BATCHES_PER_WORKER))))


def batches(spec: SimulationSpec, games: int, size: int) -> list[Batch]:
    """Games 0 to ``games - 1`` cut into batches of ``size`` consecutive indices."""
    return [Batch(spec, start, min(start + size, games)) for start in range(0, games, size)]


def simulate(
    spec: SimulationSpec,
    games: int,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    size: int | None = None,
    progress: Progress | None = None,
) -> Simulation:
    """Play ``games`` games of ``spec`` (see the module docstring) with ``jobs`` local
    processes, or as Ray tasks (``backend="ray"``, on the cluster at ``address`` or a local
    instance of ``jobs`` CPUs); ``size`` games per batch (default: :func:`batch_size`)."""
    if games < 1:
        raise GameOptionError(f"a simulation needs at least one game, not {games}")
    work = batches(spec, games, size or batch_size(spec, games, jobs))
    done = 0

    def finished(part: list[GameRecord]) -> None:
        nonlocal done
        done += len(part)
        if progress is not None:
            progress(done, games)

    start = time.perf_counter()
    records = run_batches(
        play_batch, work, jobs=jobs, backend=backend, address=address, finished=finished
    )
    seconds = time.perf_counter() - start
    records.sort(key=lambda record: record.index)
    return Simulation(spec, records, jobs=jobs, backend=backend, seconds=seconds)
