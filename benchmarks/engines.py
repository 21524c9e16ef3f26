"""Random-playout throughput of nilegames (all four games) beside OpenSpiel and RLCard games.

Absolute steps per second say more about the machine than about the engine, so every engine
is measured in the same run, by the same kind of loop, and NILE is reported as a ratio to
OpenSpiel's ``hearts`` and RLCard's ``uno``.  Each engine's budget is split into rounds that
take turns, so a burst of load elsewhere on the machine hits every engine alike.  What a
"step" is for each engine, and what the figures do not say, is in ``benchmarks/README.md``.

Run it with ``make bench`` or ``python benchmarks/engines.py [--seconds S] [--rounds R]
[--seed N] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

from rich import box
from rich.console import Console
from rich.table import Table

DEFAULT_SECONDS = 5.0
DEFAULT_ROUNDS = 5
DEFAULT_SEED = 20240601
NILE_PLAYERS = (2, 3, 4, 5)
PHARAOHS_PLAYERS = (2, 3, 4)
ARTIFACTS_PLAYERS = (2, 3, 4)
BANKS_PLAYERS = (2, 3, 4, 5)
#: A random game longer than this never ends (a bug to report); it is not a measurement.
MAX_STEPS_PER_GAME = 100_000
#: NILE's targets, reported and never asserted: load and hardware move every figure.
UNO_TARGET = 5.0
HEARTS_TARGET = 0.5
#: The table needs about 115 columns: wrapped lines beat numbers cut short with "…".
MIN_WIDTH = 120
LIBRARIES = ("nilegames", "open_spiel", "rlcard", "numpy", "rich")

NILE = "nilegames"
OPENSPIEL = "OpenSpiel"
RLCARD = "RLCard"


class SpielState(Protocol):
    """The OpenSpiel method names that ``pyspiel`` states and ``nilegames`` states share."""

    def is_terminal(self) -> bool: ...

    def is_chance_node(self) -> bool: ...

    def chance_outcomes(self) -> Sequence[tuple[int, float]]: ...

    def legal_actions(self) -> Sequence[int]: ...

    def apply_action(self, action: int) -> None: ...


class RLCardEnv(Protocol):
    """The part of RLCard's ``Env`` that a random playout needs."""

    def reset(self) -> tuple[dict[str, Any], int]: ...

    def step(self, action: int) -> tuple[dict[str, Any], int]: ...

    def is_over(self) -> bool: ...


@dataclass(frozen=True)
class Tally:
    """What one engine did in some wall-clock time, counted over whole games only."""

    games: int
    steps: int
    chance_steps: int
    seconds: float

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.games + other.games,
            self.steps + other.steps,
            self.chance_steps + other.chance_steps,
            self.seconds + other.seconds,
        )

    @property
    def decision_steps(self) -> int:
        return self.steps - self.chance_steps

    def per_second(self, count: int) -> float:
        return count / self.seconds if self.seconds > 0 else float("nan")

    @property
    def steps_per_second(self) -> float:
        return self.per_second(self.steps)

    @property
    def decision_steps_per_second(self) -> float:
        return self.per_second(self.decision_steps)

    @property
    def games_per_second(self) -> float:
        return self.per_second(self.games)

    @property
    def steps_per_game(self) -> float:
        return self.steps / self.games

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "steps": self.steps,
            "chance_steps": self.chance_steps,
            "decision_steps": self.decision_steps,
            "seconds": self.seconds,
            "steps_per_second": self.steps_per_second,
            "decision_steps_per_second": self.decision_steps_per_second,
            "games_per_second": self.games_per_second,
            "steps_per_game": self.steps_per_game,
        }


#: Plays random whole games for at least the given seconds (0: exactly one game).
Runner = Callable[[float], Tally]


@dataclass(frozen=True)
class Engine:
    """A game of a library, and how to get it ready to run from a seed."""

    library: str
    game: str
    players: int
    prepare: Callable[[int], Runner]

    @property
    def label(self) -> str:
        return f"{self.library} {self.game}"


@dataclass
class Row:
    """One engine through the run: its rounds so far, or why it stopped."""

    engine: Engine
    run: Runner | None = None
    rounds: list[Tally] = field(default_factory=list)
    error: str | None = None

    def start(self, seed: int) -> None:
        """Build the engine and play one untimed game, so first-call costs stay off the clock."""
        try:
            self.run = self.engine.prepare(seed)
            self.run(0.0)
        except Exception as exc:  # a broken engine is a row to report, not a crash
            self.error = f"{type(exc).__name__}: {exc}"

    def play(self, seconds: float) -> None:
        """One timed round; a failure ends this row and no other."""
        if self.run is None or self.error is not None:
            return
        gc.collect()  # the previous engine's garbage is not this one's to pay for
        try:
            self.rounds.append(self.run(seconds))
        except Exception as exc:  # a broken engine is a row to report, not a crash
            self.error = f"{type(exc).__name__}: {exc}"

    @property
    def tally(self) -> Tally | None:
        if self.error is not None or not self.rounds:
            return None
        total = self.rounds[0]
        for more in self.rounds[1:]:
            total += more
        return total

    @property
    def spread(self) -> float:
        """Half the range of the rounds' steps/s, over the median: how noisy the run was."""
        rates = [t.steps_per_second for t in self.rounds]
        return (max(rates) - min(rates)) / 2 / statistics.median(rates)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "library": self.engine.library,
            "game": self.engine.game,
            "players": self.engine.players,
        }
        tally = self.tally
        if tally is None:
            out["error"] = self.error
            return out
        out.update(tally.as_dict())
        out["steps_per_second_spread"] = self.spread
        out["rounds"] = [t.as_dict() for t in self.rounds]
        return out


# -- the loops ----------------------------------------------------------------------------

#: The loops' clock: CPU time of the thread that steps the engines.  On a shared machine
#: other jobs stretch wall time but not CPU time, and since ours and the peers' loops take
#: turns in one thread, their ratio holds either way.
clock = time.thread_time


def _pick_outcome(outcomes: Sequence[tuple[int, float]], point: float) -> int:
    """The outcome whose probability interval holds ``point`` (as nilegames.core.chance)."""
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return outcome
    return outcomes[-1][0]


def play_spiel(new_state: Callable[[], SpielState], rng: random.Random, seconds: float) -> Tally:
    """Random whole games until ``seconds`` pass: the one loop for ours and for pyspiel's.

    Chance outcomes are drawn by their probabilities, seat actions uniformly; every applied
    action is a step, and chance steps are counted apart so they can be left out.
    """
    choice, draw = rng.choice, rng.random
    games = steps = chance_steps = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = new_state()
        for taken in range(MAX_STEPS_PER_GAME + 1):  # noqa: B007 - read after the loop
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = _pick_outcome(state.chance_outcomes(), draw())
                chance_steps += 1
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
        else:
            raise RuntimeError(f"a random game did not end within {MAX_STEPS_PER_GAME} steps")
        steps += taken
        games += 1
        now = clock()
        if now >= deadline:
            return Tally(games, steps, chance_steps, now - start)


def play_rlcard(env: RLCardEnv, rng: random.Random, seconds: float) -> Tally:
    """Random whole games until ``seconds`` pass, through RLCard's own env API.

    RLCard deals inside ``reset()`` and draws inside ``step()``, so it has no chance steps:
    every step is a seat's decision.
    """
    choice = rng.choice
    games = steps = 0
    start = clock()
    deadline = start + seconds
    while True:
        state, _ = env.reset()
        for taken in range(MAX_STEPS_PER_GAME + 1):  # noqa: B007 - read after the loop
            if env.is_over():
                break
            # ``legal_actions`` is an OrderedDict keyed by action id: choice() needs a list.
            state, _ = env.step(choice(list(state["legal_actions"])))
        else:
            raise RuntimeError(f"a random game did not end within {MAX_STEPS_PER_GAME} steps")
        steps += taken
        games += 1
        now = clock()
        if now >= deadline:
            return Tally(games, steps, 0, now - start)


# -- the engines ----------------------------------------------------------------------------
# Each library is imported only when its rows start, so one that is missing or broken costs
# its own rows and no others.  pyspiel and rlcard ship no types: import_module keeps them Any.


def _nilegames(game_id: str, players: int) -> Callable[[int], Runner]:
    def prepare(seed: int) -> Runner:
        import nilegames

        # Built once, like pyspiel.load_game; each game then starts from a fresh root.
        game = nilegames.make(game_id, players=players).game
        rng = random.Random(seed)
        return lambda seconds: play_spiel(game.new_initial_state, rng, seconds)

    return prepare


def _openspiel(name: str) -> Callable[[int], Runner]:
    def prepare(seed: int) -> Runner:
        game = importlib.import_module("pyspiel").load_game(name)
        rng = random.Random(seed)
        return lambda seconds: play_spiel(game.new_initial_state, rng, seconds)

    return prepare


def _rlcard(name: str) -> Callable[[int], Runner]:
    def prepare(seed: int) -> Runner:
        env = importlib.import_module("rlcard").make(name, config={"seed": seed})
        rng = random.Random(seed)
        return lambda seconds: play_rlcard(env, rng, seconds)

    return prepare


ENGINES: tuple[Engine, ...] = (
    *(Engine(NILE, "nile", n, _nilegames("nile", n)) for n in NILE_PLAYERS),
    *(Engine(NILE, "pharaohs", n, _nilegames("pharaohs", n)) for n in PHARAOHS_PLAYERS),
    *(Engine(NILE, "artifacts", n, _nilegames("artifacts", n)) for n in ARTIFACTS_PLAYERS),
    *(Engine(NILE, "banks", n, _nilegames("banks", n)) for n in BANKS_PLAYERS),
    Engine(OPENSPIEL, "hearts", 4, _openspiel("hearts")),
    Engine(OPENSPIEL, "gin_rummy", 2, _openspiel("gin_rummy")),
    Engine(RLCARD, "uno", 2, _rlcard("uno")),
)


def measure(
    engines: Sequence[Engine], seed: int, seconds: float, rounds: int, console: Console
) -> list[Row]:
    """Every engine's rows, in rounds that take turns (the order turning each round)."""
    rows = [Row(engine) for engine in engines]
    for row in rows:
        row.start(seed)
    for number in range(rounds):
        live = [row for row in rows if row.error is None]
        turn = number % len(live) if live else 0
        for row in live[turn:] + live[:turn]:
            row.play(seconds / rounds)
        console.print(f"  round {number + 1}/{rounds} done", style="dim")
    return rows


# -- the machine ------------------------------------------------------------------------------


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Hardware", "cpu model"):
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def machine() -> dict[str, Any]:
    """What the figures were measured on: they mean little without it."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "libraries": {dist: _version(dist) for dist in LIBRARIES},
    }


# -- the report ---------------------------------------------------------------------------------


def ratios(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """NILE's speed over uno's and hearts', for all steps and for decisions alone."""
    refs = {(r.engine.library, r.engine.game): r.tally for r in rows if r.tally is not None}
    uno, hearts = refs.get((RLCARD, "uno")), refs.get((OPENSPIEL, "hearts"))
    out: list[dict[str, Any]] = []
    for row in rows:
        nile = row.tally
        if row.engine.library != NILE or nile is None:
            continue
        entry: dict[str, Any] = {"game": row.engine.game, "players": row.engine.players}
        for name, ref, target in (("uno", uno, UNO_TARGET), ("hearts", hearts, HEARTS_TARGET)):
            if ref is None:
                continue
            steps = nile.steps_per_second / ref.steps_per_second
            entry[f"vs_{name}_steps"] = steps
            entry[f"vs_{name}_decision_steps"] = (
                nile.decision_steps_per_second / ref.decision_steps_per_second
            )
            if row.engine.game == "nile":  # the targets are NILE's (issue 2)
                entry[f"vs_{name}_target"] = target
                entry[f"vs_{name}_target_met"] = steps >= target
        out.append(entry)
    return out


def _n(value: float, digits: int = 0) -> str:
    return f"{value:,.{digits}f}"


def results_table(rows: Sequence[Row], seconds: float, rounds: int) -> Table:
    table = Table(
        title=f"Random playouts: {seconds:g} s of whole games per engine, in {rounds} rounds",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("engine", no_wrap=True)
    headers = ("seats", "games", "steps", "chance", "steps/s", "±", "decisions/s", "games/s")
    for header in (*headers, "steps/game"):
        table.add_column(header, justify="right", no_wrap=True)
    for row in rows:
        head = (row.engine.label, str(row.engine.players))
        t = row.tally
        if t is None:
            table.add_row(*head, *["[red]-[/red]"] * 8)
            continue
        table.add_row(
            *head,
            _n(t.games),
            _n(t.steps),
            _n(t.chance_steps),
            f"[bold]{_n(t.steps_per_second)}[/bold]",
            f"{row.spread:.0%}",
            _n(t.decision_steps_per_second),
            _n(t.games_per_second, 1),
            _n(t.steps_per_game, 1),
        )
    return table


def ratios_table(entries: Sequence[dict[str, Any]]) -> Table:
    table = Table(
        title="nilegames' speed as a multiple of the others' (NILE's targets, not enforced)",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("game")
    table.add_column("seats", justify="right")
    for name, target in (("uno", UNO_TARGET), ("hearts", HEARTS_TARGET)):
        table.add_column(f"÷ {name} steps/s", justify="right")
        table.add_column("÷ decisions/s", justify="right")
        table.add_column(f"≥ {target:g}×?", justify="center")
    for entry in entries:
        cells = [entry["game"], str(entry["players"])]
        for name in ("uno", "hearts"):
            if f"vs_{name}_steps" not in entry:
                cells += ["n/a", "n/a", "n/a"]
                continue
            met = entry.get(f"vs_{name}_target_met")
            cells += [
                f"{entry[f'vs_{name}_steps']:.2f}×",
                f"{entry[f'vs_{name}_decision_steps']:.2f}×",
                "-" if met is None else "[green]yes[/green]" if met else "[red]no[/red]",
            ]
        table.add_row(*cells)
    return table


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help=f"wall-clock budget per engine, whole games only (default {DEFAULT_SECONDS:g})",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=DEFAULT_ROUNDS,
        help=f"turns the engines take to spend their budgets (default {DEFAULT_ROUNDS})",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"seed of every engine's random moves and deals (default {DEFAULT_SEED})",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures here")
    args = parser.parse_args(argv)
    if args.seconds < 0:
        parser.error("--seconds cannot be negative")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    return args


def missing_peers() -> str | None:
    """A clear message if a peer engine is not installed (they come with the `bench` extra),
    instead of a traceback halfway through a run."""
    missing = [name for name in ("pyspiel", "rlcard") if importlib.util.find_spec(name) is None]
    if not missing:
        return None
    return (
        f"the peer engine(s) {', '.join(missing)} not installed: run `make bench`, or"
        " `pip install -e '.[bench]'`, which installs them"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if (problem := missing_peers()) is not None:
        print(f"engines.py: {problem}", file=sys.stderr)
        return 2
    console = Console(highlight=False)
    console.width = max(console.width, MIN_WIDTH)
    host = machine()
    console.print(
        f"[bold]seed[/bold] {args.seed}   [bold]budget[/bold] {args.seconds:g} s per engine"
        f" in {args.rounds} rounds"
    )
    console.print(
        f"[bold]machine[/bold] {host['cpu']}, {host['cores']} cores"
        f" ({host['usable_cores']} usable), {host['python']}, {host['platform']}"
    )
    console.print(
        "[bold]libraries[/bold] " + ", ".join(f"{k} {v}" for k, v in host["libraries"].items())
    )

    rows = measure(ENGINES, args.seed, args.seconds, args.rounds, console)
    entries = ratios(rows)
    console.print(results_table(rows, args.seconds, args.rounds))
    for row in rows:
        if row.error is not None:
            console.print(
                f"[red]{row.engine.label} ({row.engine.players} seats) did not run:"
                f" {row.error}[/red]"
            )
    if entries:
        console.print(ratios_table(entries))
    else:
        console.print("[yellow]no ratios: NILE, or both uno and hearts, did not run[/yellow]")

    if args.json is not None:
        figures = {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "seed": args.seed,
            "seconds_per_engine": args.seconds,
            "rounds": args.rounds,
            "machine": host,
            "results": [row.as_dict() for row in rows],
            "ratios": entries,
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        console.print(f"figures written to {args.json}")
    return 1 if any(row.error is not None for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
