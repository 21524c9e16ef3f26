"""How fast ``nilegames simulate`` plays: games/s per game and player count, and scaling.

Two measurements, both with random bots (the engine's speed, not a bot's):

``speed``
    Every registered game at every player count, in this process (one core): games/s,
    actions and decisions per game, microseconds per action.
``scale``
    One configuration (default: NILE, 2 players) played ``--games`` times with 1 local
    process, 2 local processes and Ray on 2 CPUs, the three taking turns for ``--rounds``
    rounds so that load elsewhere on the machine hits them alike; medians and bests (other
    jobs only ever slow a run down), and Ray's games/s as a ratio to 2 local processes
    (the target is 0.85 or more from 10,000 games).  Also Ray's cost per task (the same
    games one per task and in batches) and the fixed costs: starting the local worker
    pool, starting Ray.

Run ``python benchmarks/simulate.py [speed|scale|all] [--games N] [--rounds R]
[--seconds S] [--json FILE]``; ``scale`` needs the ``ray`` extra.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import nilegames
from nilegames.analysis import check_simulation, simulate
from nilegames.parallel import require_ray

SEED = 20240601


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                key, _, value = line.partition(":")
                if key.strip() == "model name":
                    cpu = value.strip()
                    break
    except OSError:
        pass
    try:
        ray_version = require_ray().__version__
    except Exception:
        ray_version = None
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "ray": ray_version,
        "load_before": os.getloadavg(),
    }


def own_cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the local worker pools)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def ray_cpu_seconds() -> float:
    """CPU time of every Ray process on this machine (its workers, raylet, GCS and other
    daemons), read from /proc: Ray's workers are not our children."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                words = cmdline.read().replace(b"\0", b" ")
            if b"ray::" not in words and b"/ray/" not in words:
                continue
            with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, IndexError, ValueError):
            continue
    return total / tick


def speed(seconds: float) -> list[dict[str, Any]]:
    """Games/s of every game and player count, one process, random bots."""
    rows = []
    for described in nilegames.games():
        game_id = described["id"]
        for players in range(described["min_players"], described["max_players"] + 1):
            spec = check_simulation(game_id, players, ["random"], {}, seed=SEED)
            probe = simulate(spec, 5)
            games = max(10, int(seconds / 3 * 5 / max(probe.seconds, 1e-6)))
            # the best of three runs: other jobs on the machine only ever slow a run down
            run = min((simulate(spec, games) for _ in range(3)), key=lambda r: r.seconds)
            actions = sum(r.actions for r in run.records) / games
            decisions = sum(r.decisions for r in run.records) / games
            row = {
                "game": game_id,
                "players": players,
                "games": games,
                "seconds": run.seconds,
                "games_per_second": run.games_per_second,
                "actions_per_game": actions,
                "decisions_per_game": decisions,
                "microseconds_per_action": 1e6 * run.seconds / (games * actions),
                "load": os.getloadavg()[0],
            }
            rows.append(row)
            print(
                f"{game_id:10} {players}p  {row['games_per_second']:8,.0f} games/s"
                f"  {actions:6.0f} actions/game  {row['microseconds_per_action']:5.2f} µs/action",
                flush=True,
            )
    return rows


def start_ray() -> float:
    """Start a local Ray instance of 2 CPUs; the seconds it took."""
    start = time.perf_counter()
    require_ray().init(num_cpus=2, include_dashboard=False, logging_level="warning")
    return time.perf_counter() - start


def timed(spec: Any, games: int, settings: dict[str, Any]) -> tuple[Any, float]:
    """A simulation and the CPU seconds it took in all (this process, its pool, Ray)."""
    before = own_cpu_seconds() + ray_cpu_seconds()
    run = simulate(spec, games, **settings)
    return run, own_cpu_seconds() + ray_cpu_seconds() - before


def scale(game_id: str, players: int, games: int, rounds: int) -> dict[str, Any]:
    """1 and 2 local processes and Ray on 2 CPUs, interleaved; medians and the ratio.

    Each Ray run gets a fresh local instance, started before the clock starts and stopped
    after it stops, so that its idle daemons never slow the local runs; its workers then
    import nilegames during the run, as the local pool's processes do.
    """
    ray = require_ray()
    spec = check_simulation(game_id, players, ["random"], {}, seed=SEED)
    runs: dict[str, list[float]] = {"local 1": [], "local 2": [], "ray 2": []}
    loads: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    ray_starts: list[float] = []
    plans = [
        ("local 1", {"jobs": 1}),
        ("local 2", {"jobs": 2}),
        ("ray 2", {"jobs": 2, "backend": "ray"}),
    ]
    reference = None
    for round_ in range(rounds):
        order = plans[round_ % 3 :] + plans[: round_ % 3]
        for name, settings in order:
            if name.startswith("ray"):
                ray_starts.append(start_ray())
            load = os.getloadavg()[0]
            try:
                run, seconds = timed(spec, games, settings)
            finally:
                if name.startswith("ray"):
                    ray.shutdown()
            cpu[name].append(seconds)
            runs[name].append(run.seconds)
            loads[name].append(load)
            if reference is None:
                reference = run.records
            assert run.records == reference, f"{name} played other games"
            print(
                f"round {round_ + 1} {name:8} {run.seconds:7.2f} s"
                f" {run.games_per_second:8,.0f} games/s  {seconds:6.2f} CPU s"
                f"  (load {load:.1f})",
                flush=True,
            )
    # fixed and per-task costs
    small = min(games, 2000)
    pool_start = statistics.median(simulate(spec, 2, jobs=2, size=1).seconds for _ in range(3))
    start_ray()
    try:
        simulate(spec, 4, jobs=2, backend="ray", size=1)  # the workers import nilegames
        per_task = {
            "ray, 1 game a task": simulate(spec, small, jobs=2, backend="ray", size=1).seconds,
            "ray, 200 games a task": simulate(spec, small, jobs=2, backend="ray", size=200).seconds,
        }
    finally:
        ray.shutdown()
    median = {name: statistics.median(times) for name, times in runs.items()}
    best = {name: min(times) for name, times in runs.items()}
    rate = {name: games / seconds for name, seconds in median.items()}
    best_rate = {name: games / seconds for name, seconds in best.items()}
    cpu_median = {name: statistics.median(times) for name, times in cpu.items()}
    result = {
        "game": game_id,
        "players": players,
        "games": games,
        "rounds": rounds,
        "seconds": runs,
        "load_before_each_run": loads,
        "median_seconds": median,
        "best_seconds": best,
        "games_per_second": rate,
        "best_games_per_second": best_rate,
        "ray_over_local_2": rate["ray 2"] / rate["local 2"],
        "ray_over_local_2_best": best_rate["ray 2"] / best_rate["local 2"],
        "local_2_over_local_1": rate["local 2"] / rate["local 1"],
        "ray_overhead_per_game_us": 1e6 * (median["ray 2"] - median["local 2"]) / games,
        "ray_overhead_per_game_us_best": 1e6 * (best["ray 2"] - best["local 2"]) / games,
        # CPU time hardly depends on what else the machine runs: the steadier comparison
        "cpu_seconds": cpu,
        "median_cpu_ms_per_game": {name: 1e3 * t / games for name, t in cpu_median.items()},
        "ray_cpu_over_local_2_cpu": cpu_median["ray 2"] / cpu_median["local 2"],
        "ray_cpu_overhead_per_game_us": 1e6 * (cpu_median["ray 2"] - cpu_median["local 2"]) / games,
        "ray_start_seconds": ray_starts,
        "local_pool_start_seconds": pool_start,
        "per_task_games": small,
        "per_task_seconds": per_task,
        "ray_cost_per_task_ms": 1e3
        * 2  # two CPUs work at once: each task's cost, not the wall time's share
        * (per_task["ray, 1 game a task"] - per_task["ray, 200 games a task"])
        / small,
    }
    print(json.dumps(result, indent=1))
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="?", choices=("speed", "scale", "all"), default="all")
    parser.add_argument("--games", type=int, default=10_000, help="games per scaling run")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0, help="per speed row")
    parser.add_argument("--game", default="nile", help="the scaling run's game")
    parser.add_argument("--players", type=int, default=2, help="the scaling run's seats")
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"machine": machine()}
    print(report["machine"], flush=True)
    if args.what in ("speed", "all"):
        report["speed"] = speed(args.seconds)
    if args.what in ("scale", "all"):
        report["scale"] = scale(args.game, args.players, args.games, args.rounds)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
