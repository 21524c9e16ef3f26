"""What ``benchmarks/load.py`` reports: percentiles, the summary of one run (also its
JSON) and the tables printed from it, beside the p99 target.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from load_clients import Figures

TARGET_P99_MS = 50.0


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of sorted values, in milliseconds (NaN if none)."""
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1] * 1000


def summary(
    figures: Figures,
    elapsed: float,
    server_cpu: float,
    client_cpu: float,
    args: argparse.Namespace,
) -> dict[str, Any]:
    latency = sorted(figures.latencies)
    trips = sorted(figures.round_trips)
    p99 = percentile(latency, 0.99)

    def spread(values: Sequence[float]) -> dict[str, float]:
        return {
            "p50_ms": percentile(values, 0.50),
            "p90_ms": percentile(values, 0.90),
            "p99_ms": percentile(values, 0.99),
            "max_ms": values[-1] * 1000 if values else math.nan,
        }

    return {
        "tables": args.tables,
        "seconds": round(elapsed, 3),
        "variant": args.variant,
        "think_seconds": args.think,
        "games_started": figures.games_started,
        "games_finished": figures.games_finished,
        "actions": figures.actions,
        "actions_per_second": figures.actions / elapsed,
        "latency": {"samples": len(latency), **spread(latency)},
        "post_round_trip": {"samples": len(trips), **spread(trips)},
        "errors": sum(figures.errors.values()),
        "resent": figures.resent,
        "error_kinds": dict(figures.errors),
        "server_cpu_share": server_cpu / elapsed,
        "client_cpu_share": client_cpu / elapsed,
        # What a move costs the servers, all processes together: unlike moves/s, it hardly
        # depends on what else the machine runs, so it shows how fan-out scales.
        "server_cpu_ms_per_action": server_cpu / max(figures.actions, 1) * 1000,
        "target_p99_ms": TARGET_P99_MS,
        "target_met": p99 < TARGET_P99_MS,
    }


def report(console: Console, result: dict[str, Any]) -> None:
    load = f"{result['tables']} tables × 2 seats for {result['seconds']:.1f} s"
    load += f" on {result['workers']} server process(es)"
    pause = result["think_seconds"]
    load += f", {pause:g} s pause before a move" if pause else ", no pause between moves"
    console.print(f"[bold]load[/bold] {load}")
    out = Table(box=box.SIMPLE)
    for column in ("games (finished)", "actions", "actions/s", "errors"):
        out.add_column(column, justify="right")
    out.add_row(
        f"{result['games_started']} ({result['games_finished']})",
        f"{result['actions']:,}",
        f"{result['actions_per_second']:,.0f}",
        str(result["errors"]),
    )
    console.print(out)
    times = Table(title="milliseconds", box=box.SIMPLE)
    times.add_column("")
    for column in ("samples", "p50", "p90", "p99", "max"):
        times.add_column(column, justify="right")
    for key, label in (("latency", "submit → broadcast"), ("post_round_trip", "POST round trip")):
        row = result[key]
        cells = [f"{row[name]:.1f}" for name in ("p50_ms", "p90_ms", "p99_ms", "max_ms")]
        times.add_row(label, f"{row['samples']:,}", *cells)
    console.print(times)
    if len(result.get("by_process", {})) > 1:
        per = Table(title="submit → broadcast by receiving process (ms)", box=box.SIMPLE)
        for column in ("process", "samples", "p50", "p99"):
            per.add_column(column, justify="right")
        for index, row in result["by_process"].items():
            per.add_row(
                index, f"{row['samples']:,}", f"{row['p50_ms']:.1f}", f"{row['p99_ms']:.1f}"
            )
        console.print(per)
    if "slowloris" in result:
        slow = result["slowloris"]
        console.print(
            f"slowloris: {slow['connections']} half-sent requests to {slow['target']},"
            f" {slow['refused_at_once']} refused at once, {slow['open_at_the_end']} still"
            " open at the end"
        )
    if result["resent"]:
        console.print(
            f"{result['resent']} move(s) sent again: the server had closed an idle connection"
        )
    for kind, count in sorted(result["error_kinds"].items()):
        console.print(f"[red]{count} × {kind}[/red]")
    if not result["think_seconds"] and result["actions_per_second"]:
        queued = result["tables"] / result["actions_per_second"] * 1000
        console.print(
            f"[dim]no pause: every table always has a move under way, one every tables ÷"
            f" actions/s = {queued:.0f} ms, most of it queued in the server;"
            f" --think SECONDS paces the players[/dim]"
        )
    met = "[green]yes[/green]" if result["target_met"] else "[red]no[/red]"
    console.print(
        f"p99 submit → broadcast under {TARGET_P99_MS:g} ms: {met}   "
        f"(CPU: server {result['server_cpu_share']:.0%} of a core,"
        f" clients {result['client_cpu_share']:.0%};"
        f" {result['server_cpu_ms_per_action']:.2f} ms of server CPU per action)"
    )
