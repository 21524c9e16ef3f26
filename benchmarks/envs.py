"""PettingZoo turns per second of every nilegames game beside PettingZoo's own card games.

A learner pays for more than the engine: observation vectors, action masks, the AEC
bookkeeping.  This steps each environment by one loop (a random action allowed by the
mask, as ``nilegames.envs.pettingzoo.random_turns_per_second`` does) in rounds that take
turns, and reports NILE as a ratio to ``leduc_holdem_v4`` and ``texas_holdem_v4``.

Run it with ``make bench`` or ``python benchmarks/envs.py [--seconds S] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from nilegames.envs.pettingzoo import env as nile_env
from nilegames.envs.pettingzoo import random_turns_per_second

PEERS = ("leduc_holdem_v4", "texas_holdem_v4")


def environments() -> dict[str, Callable[[], Any]]:
    """Makers of every environment to time, by label."""
    makers: dict[str, Callable[[], Any]] = {
        f"nilegames nile {n}p": (lambda n=n: nile_env("nile", players=n)) for n in (2, 3, 4, 5)
    }
    for name in PEERS:
        module = importlib.import_module(f"pettingzoo.classic.{name}")
        makers[f"PettingZoo {name}"] = module.env
    return makers


def measure(seconds: float, rounds: int, seed: int) -> dict[str, list[float]]:
    """Turns/s of every environment, one figure per round, the order turning each round."""
    made = {label: make() for label, make in environments().items()}
    labels = list(made)
    rates: dict[str, list[float]] = {label: [] for label in labels}
    for number in range(rounds):
        turn = number % len(labels)
        for label in labels[turn:] + labels[:turn]:
            rates[label].append(random_turns_per_second(made[label], seconds / rounds, seed))
    return rates


def table(rates: dict[str, list[float]]) -> Table:
    medians = {label: statistics.median(values) for label, values in rates.items()}
    peers = {name: medians[f"PettingZoo {name}"] for name in PEERS}
    out = Table(title="PettingZoo AEC turns/s, random legal actions", box=box.SIMPLE)
    out.add_column("environment")
    out.add_column("turns/s", justify="right")
    out.add_column("±", justify="right")
    for name in PEERS:
        out.add_column(f"÷ {name.split('_')[0]}", justify="right")
    for label, values in rates.items():
        spread = (max(values) - min(values)) / 2 / medians[label]
        ratios = [f"{medians[label] / peer:.2f}×" for peer in peers.values()]
        out.add_row(label, f"{medians[label]:,.0f}", f"{spread:.0%}", *ratios)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="budget per environment")
    parser.add_argument("--rounds", type=int, default=5, help="rounds that take turns")
    parser.add_argument("--seed", type=int, default=20240601, help="seed of actions and deals")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    console = Console(highlight=False)
    console.print(table(measure(args.seconds, args.rounds, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
