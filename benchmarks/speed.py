"""Issue 21's figures: each game's engine speed as a ratio to OpenSpiel hearts and RLCard uno.

Per game and player count, with the compiled kernel and with pure Python:

- **steps/s**: random playouts to the end, every applied action a step (``engines.py``'s loop);
- **clone/s**: ``clone()`` of decision nodes taken from random games;
- **legal/s**: ``legal_actions()`` of a decision node asked for the first time (on a fresh
  clone, so that no cache answers);
- **ISMCTS it/s**: our search with the game's own playout depth (what the bots run), 300
  iterations on each of those nodes, per second of the process's CPU time (a shared
  machine stretches wall time, not CPU time); the peer is OpenSpiel's Python ``ISMCTSBot``
  (random rollouts) on hearts, timed the same way.

Every figure is divided by the same figure of the peers measured in the same process, in
rounds that take turns with ours (load elsewhere hits both alike).  RLCard has no search, so
ISMCTS has no uno ratio; a uno "clone" is ``copy.deepcopy`` of its game, what a user would do.

The pure-Python figures come from a child process that imports every nilegames module from
its source even where a compiled one sits beside it; it measures its own peers.  Then the
time of a 10,000-game simulation per game (``nilegames simulate``, one core), extrapolated
from the games measured (random bots: the engine; greedy bots: what balance studies run).

Run with ``make bench`` or ``python benchmarks/speed.py [--seconds S] [--rounds R]
[--game G] [--build compiled|pure] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from engines import clock, machine, missing_peers, play_rlcard, play_spiel

METRICS = ("steps", "clone", "legal", "ismcts")
PEERS = ("hearts", "uno")
DEFAULT_SECONDS = 0.6  # per engine and metric
DEFAULT_ROUNDS = 3
DEFAULT_SEED = 20240601
#: Decision nodes per configuration for clone, legal actions and search.
POSITIONS = 24
#: Fresh clones per node for one pass of the legal-actions timing.
CLONES = 20
#: Games a simulation row plays, and the size it is extrapolated to.
SIM_RANDOM_GAMES = 500
SIM_GREEDY_GAMES = 20
SIM_TARGET = 10_000
#: Issue 21's targets: steps/s as a multiple of hearts, compiled and pure; search it/s.
STEP_TARGETS = {
    "nile": (1.5, 0.5),
    "pharaohs": (0.5, 0.15),
    "artifacts": (1.0, 0.3),
    "banks": (1.0, 0.3),
}
ISMCTS_TARGET = 1000.0
#: One search's budget, in iterations (a wall-clock budget would let a loaded machine cut
#: the search short, down to the fixed cost of its first world, which NILE pays to bind
#: the cards others showed to decks): 300, about what the bots run in 0.1-0.3 s.
SEARCH_ITERATIONS = 300
#: Hearts' first trick: after the pass direction, 52 cards dealt and 12 passed.
HEARTS_PLAY_STARTS = 65

#: Measures for about ``seconds``: returns (how many, seconds spent).
Timer = Callable[[float], tuple[int, float]]


# -- pure Python: every nilegames module from its source ------------------------------------


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds ``nilegames.*`` modules as ``.py`` files, never as compiled extensions."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("nilegames.") or not path:
            return None
        stem = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, stem + ".py")
            if os.path.exists(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def force_pure_python() -> None:
    if "nilegames" in sys.modules:
        raise RuntimeError("nilegames is imported already: too late to choose its build")
    sys.meta_path.insert(0, _FromSource())


def build() -> str:
    """Which build of the kernel this process runs."""
    module = importlib.import_module("nilegames.games.nile.state")
    return "compiled" if str(module.__file__).endswith((".so", ".pyd")) else "pure"


# -- what is measured -------------------------------------------------------------------------


def _pick(outcomes: Sequence[tuple[int, float]], point: float) -> int:
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return outcome
    return outcomes[-1][0]


def decision_nodes(new_state: Callable[[], Any], count: int, seed: int, skip: int = 0) -> list[Any]:
    """Decision nodes with a choice, spread over random games (a few from each), after the
    first ``skip`` actions of each."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = new_state()
        taken = 0
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                action = _pick(state.chance_outcomes(), rng.random())
            else:
                legal = state.legal_actions()
                if len(legal) > 1 and taken >= skip and rng.random() < 0.08:
                    found.append(state.clone())
                action = rng.choice(legal)
            state.apply_action(action)
            taken += 1
    return found


def _clock(seconds: float, batch: Callable[[], int]) -> tuple[int, float]:
    """Repeat ``batch`` (which returns its count) until ``seconds`` of CPU time pass."""
    done = 0
    start = clock()
    deadline = start + seconds
    while True:
        done += batch()
        now = clock()
        if now >= deadline:
            return done, now - start


def clone_timer(nodes: list[Any], clone: Callable[[Any], Any]) -> Timer:
    def batch() -> int:
        for node in nodes:
            clone(node)
        return len(nodes)

    return lambda seconds: _clock(seconds, batch)


def legal_timer(
    nodes: list[Any], clone: Callable[[Any], Any], legal: Callable[[Any], Any]
) -> Timer:
    """Legal actions of fresh copies: the clones are made off the clock."""

    def run(seconds: float) -> tuple[int, float]:
        done, spent = 0, 0.0
        # The clones are slow for some (uno's deepcopy): the whole round is capped too.
        deadline = time.perf_counter() + 4 * seconds
        while spent < seconds and time.perf_counter() < deadline:
            for node in nodes:
                fresh = [clone(node) for _ in range(CLONES)]
                start = clock()
                for state in fresh:
                    legal(state)
                spent += clock() - start
                done += CLONES
        return done, spent

    return run


def ours_ismcts_timer(nodes: list[Any], seed: int) -> Timer:
    from nilegames.ai import ISMCTSBot, ask

    turn = [0]

    def run(seconds: float) -> tuple[int, float]:
        done, spent = 0, 0.0
        while spent < seconds:
            node = nodes[turn[0] % len(nodes)]
            turn[0] += 1
            bot = ISMCTSBot(seed + turn[0], iterations=SEARCH_ITERATIONS)
            start = time.process_time()
            ask(bot, node)
            spent += time.process_time() - start
            done += bot.stats.iterations
        return done, spent

    return run


def openspiel_ismcts_timer(game: Any, nodes: list[Any], seed: int) -> Timer:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    simulations = 40
    turn = [0]

    def run(seconds: float) -> tuple[int, float]:
        done, spent = 0, 0.0
        while spent < seconds:
            node = nodes[turn[0] % len(nodes)]
            turn[0] += 1
            evaluator = mcts.RandomRolloutEvaluator(
                n_rollouts=1, random_state=np.random.RandomState(seed + turn[0])
            )
            bot = ismcts.ISMCTSBot(
                game,
                evaluator,
                uct_c=2.0,
                max_simulations=simulations,
                random_state=np.random.RandomState(seed + turn[0] + 1),
            )
            start = time.process_time()
            bot.step(node)
            spent += time.process_time() - start
            done += simulations
        return done, spent

    return run


@dataclass
class Subject:
    """One engine (a configuration of ours, or a peer) and its timers by metric."""

    label: str
    game: str
    players: int
    timers: dict[str, Timer]
    rounds: dict[str, list[tuple[int, float]]] = field(default_factory=dict)

    def rate(self, metric: str) -> float | None:
        done = self.rounds.get(metric)
        if not done:
            return None
        return sum(n for n, _ in done) / sum(s for _, s in done)


def ours(game_id: str, players: int, seed: int) -> Subject:
    import nilegames

    game = nilegames.new_game(game_id, players)
    nodes = decision_nodes(game.new_initial_state, POSITIONS, seed)
    rng = random.Random(seed)
    return Subject(
        f"{game_id} {players}p",
        game_id,
        players,
        {
            "steps": lambda s: _steps(play_spiel(game.new_initial_state, rng, s)),
            "clone": clone_timer(nodes, lambda state: state.clone()),
            "legal": legal_timer(nodes, lambda state: state.clone(), lambda st: st.legal_actions()),
            "ismcts": ours_ismcts_timer(nodes, seed),
        },
    )


def _steps(tally: Any) -> tuple[int, float]:
    return tally.steps, tally.seconds


def hearts(seed: int) -> Subject:
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("hearts")
    # Tricks only: OpenSpiel's search fails on resampled worlds of the passing phase.
    nodes = decision_nodes(game.new_initial_state, POSITIONS, seed, skip=HEARTS_PLAY_STARTS)
    rng = random.Random(seed)
    return Subject(
        "OpenSpiel hearts (C++)",
        "hearts",
        4,
        {
            "steps": lambda s: _steps(play_spiel(game.new_initial_state, rng, s)),
            "clone": clone_timer(nodes, lambda state: state.clone()),
            "legal": legal_timer(nodes, lambda state: state.clone(), lambda st: st.legal_actions()),
            "ismcts": openspiel_ismcts_timer(game, nodes, seed),
        },
    )


def uno(seed: int) -> Subject:
    env = importlib.import_module("rlcard").make("uno", config={"seed": seed})
    rng = random.Random(seed)
    games = []
    while len(games) < POSITIONS:
        state, _ = env.reset()
        while not env.is_over() and len(games) < POSITIONS:
            if rng.random() < 0.15:
                games.append(copy.deepcopy(env.game))
            state, _ = env.step(rng.choice(list(state["legal_actions"])))

    def legal(game: Any) -> Any:
        env.game = game  # the env asks its current game for the legal action ids
        return env._get_legal_actions()

    return Subject(
        "RLCard uno (Python)",
        "uno",
        2,
        {
            "steps": lambda s: _steps(play_rlcard(env, rng, s)),
            "clone": clone_timer(games, copy.deepcopy),
            "legal": legal_timer(games, copy.deepcopy, legal),
        },
    )


def measure(
    subjects: list[Subject],
    seconds: float,
    rounds: int,
    console: Console,
    metrics: Sequence[str] = METRICS,
) -> None:
    """Every metric of every subject, in rounds that take turns."""
    for metric in metrics:
        takers = [s for s in subjects if metric in s.timers]
        for s in takers:  # warm-up, off the record
            s.timers[metric](0.0)
        for number in range(rounds):
            turn = number % len(takers)
            for s in takers[turn:] + takers[:turn]:
                gc.collect()
                s.rounds.setdefault(metric, []).append(s.timers[metric](seconds / rounds))
        console.print(f"  {metric}: done", style="dim")


def configurations(game_ids: Sequence[str] | None) -> list[tuple[str, int]]:
    import nilegames

    return [
        (info["id"], n)
        for info in nilegames.games()
        if not game_ids or info["id"] in game_ids
        for n in range(info["min_players"], info["max_players"] + 1)
    ]


def simulations(game_ids: Sequence[str] | None, seed: int) -> list[dict[str, Any]]:
    """Seconds of a 10,000-game simulation per game and player count, one core,
    extrapolated from the games played here."""
    from nilegames.analysis import check_simulation, simulate

    rows = []
    for game_id, players in configurations(game_ids):
        for bots, games in (("random", SIM_RANDOM_GAMES), ("greedy", SIM_GREEDY_GAMES)):
            if bots == "greedy" and players != 2:
                continue
            spec = check_simulation(game_id, players, [bots], {}, seed=seed)
            run = simulate(spec, games)
            rows.append(
                {
                    "game": game_id,
                    "players": players,
                    "bots": bots,
                    "games": games,
                    "seconds": run.seconds,
                    "extrapolated_seconds": run.seconds * SIM_TARGET / games,
                }
            )
    return rows


def run_build(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    """Everything this process measures with the build it imported."""
    kind = build()
    console.print(f"[bold]{kind}[/bold] kernel: measuring", style="dim")
    subjects = [hearts(args.seed), uno(args.seed)]
    subjects += [ours(g, n, args.seed + n) for g, n in configurations(args.game)]
    measure(subjects, args.seconds, args.rounds, console, args.metric or METRICS)
    peers = {s.game: s for s in subjects[:2]}
    rows = []
    for s in subjects:
        row: dict[str, Any] = {"label": s.label, "game": s.game, "players": s.players}
        for metric in METRICS:
            rate = s.rate(metric)
            row[metric] = rate
            for peer_name, peer in peers.items():
                ref = peer.rate(metric)
                if rate is not None and ref:
                    row[f"{metric}_vs_{peer_name}"] = rate / ref
        row["rounds"] = s.rounds
        rows.append(row)
    out: dict[str, Any] = {"build": kind, "rows": rows}
    if not args.no_simulations:
        console.print("  simulations ...", style="dim")
        out["simulations"] = simulations(args.game, args.seed)
    return out


def pure_in_child(args: argparse.Namespace, console: Console) -> dict[str, Any] | None:
    """The same measurements by a child process that imports nilegames from source."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "pure.json"
        command = [sys.executable, __file__, "--build", "pure", "--json", str(target)]
        command += ["--seconds", str(args.seconds), "--rounds", str(args.rounds)]
        command += ["--seed", str(args.seed)]
        for game_id in args.game or []:
            command += ["--game", game_id]
        for metric in args.metric or []:
            command += ["--metric", metric]
        if args.no_simulations:
            command.append("--no-simulations")
        done = subprocess.run(command, check=False)
        if done.returncode or not target.exists():
            console.print("[red]the pure-Python run failed[/red]")
            return None
        result: dict[str, Any] = json.loads(target.read_text())["builds"][0]
        return result


# -- the report ---------------------------------------------------------------------------


def _x(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}×"


def _n(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def ratio_table(builds: list[dict[str, Any]], peer: str) -> Table:
    kinds = [b["build"] for b in builds]
    table = Table(title=f"Speed ÷ {peer} (same run, one core)", box=box.SIMPLE_HEAD)
    table.add_column("game")
    table.add_column("seats", justify="right")
    for kind in kinds:
        for metric in METRICS:
            if peer == "uno" and metric == "ismcts":
                continue
            table.add_column(f"{metric} {kind}", justify="right")
    by_kind = {b["build"]: {r["label"]: r for r in b["rows"]} for b in builds}
    labels = [r["label"] for r in builds[0]["rows"] if r["game"] not in PEERS]
    for label in labels:
        first = by_kind[kinds[0]][label]
        cells = [first["game"], str(first["players"])]
        for kind in kinds:
            row = by_kind[kind].get(label, {})
            for metric in METRICS:
                if peer == "uno" and metric == "ismcts":
                    continue
                cells.append(_x(row.get(f"{metric}_vs_{peer}")))
        table.add_row(*cells)
    return table


def absolute_table(builds: list[dict[str, Any]]) -> Table:
    table = Table(title="Absolute rates (per second)", box=box.SIMPLE_HEAD)
    table.add_column("engine")
    table.add_column("build")
    for metric in METRICS:
        table.add_column(metric, justify="right")
    table.add_column("targets", justify="left")
    for b in builds:
        for row in b["rows"]:
            note = ""
            game = row["game"]
            if game in STEP_TARGETS:
                compiled, pure = STEP_TARGETS[game]
                want = compiled if b["build"] == "compiled" else pure
                got = row.get("steps_vs_hearts")
                steps_ok = got is not None and got >= want
                search_ok = row["players"] != 2 or (row["ismcts"] or 0) >= ISMCTS_TARGET
                note = f"steps ≥ {want:g}× hearts: {'yes' if steps_ok else 'no'}"
                if row["players"] == 2:
                    note += f"; ISMCTS ≥ 1,000/s: {'yes' if search_ok else 'no'}"
            table.add_row(row["label"], b["build"], *(_n(row[m]) for m in METRICS), note)
    return table


def simulation_table(builds: list[dict[str, Any]]) -> Table:
    table = Table(
        title=f"A {SIM_TARGET:,}-game simulation on one core (extrapolated from the games played)",
        box=box.SIMPLE_HEAD,
    )
    for column in ("game", "seats", "bots", "build", "games played", "seconds", "10,000 games"):
        table.add_column(column, justify="right")
    for b in builds:
        for row in b.get("simulations", []):
            minutes = row["extrapolated_seconds"] / 60
            table.add_row(
                row["game"],
                str(row["players"]),
                row["bots"],
                b["build"],
                str(row["games"]),
                f"{row['seconds']:.1f}",
                f"{minutes:.1f} min",
            )
    return table


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="per metric")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--game", action="append", help="a game id (repeat; default: all)")
    parser.add_argument(
        "--build",
        choices=("both", "compiled", "pure"),
        default="both",
        help="compiled: this process's build; pure: from the sources; both (default)",
    )
    parser.add_argument("--metric", action="append", choices=METRICS, help="(repeat; default: all)")
    parser.add_argument("--no-simulations", action="store_true", help="skip the simulations")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures here")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if (problem := missing_peers()) is not None:
        print(f"speed.py: {problem}", file=sys.stderr)
        return 2
    console = Console(highlight=False)
    console.width = max(console.width, 140)
    if args.build == "pure":
        force_pure_python()
    host = machine()
    console.print(
        f"[bold]machine[/bold] {host['cpu']}, {host['cores']} cores, {host['python']};"
        f" load {os.getloadavg()[0]:.1f}; seed {args.seed}; {args.seconds:g} s per engine"
        f" and metric in {args.rounds} rounds"
    )
    builds = [run_build(args, console)]
    if args.build == "both":
        if builds[0]["build"] != "compiled":
            console.print("[yellow]no compiled kernel here: only pure Python is measured[/yellow]")
        else:
            pure = pure_in_child(args, console)
            if pure is not None:
                builds.append(pure)
    if args.json is not None:
        figures = {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": host,
            "seconds_per_metric": args.seconds,
            "rounds": args.rounds,
            "seed": args.seed,
            "builds": builds,
        }
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    if args.build == "pure":
        return 0  # the parent prints
    console.print(absolute_table(builds))
    for peer in PEERS:
        console.print(ratio_table(builds, peer))
    if any(b.get("simulations") for b in builds):
        console.print(simulation_table(builds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
