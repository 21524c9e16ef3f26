"""Machine instructions per step of seeded random playouts, counted by valgrind's callgrind.

CPU-time ratios (``speed.py``) move by a few hundredths with the load of a shared machine;
instruction counts repeat exactly, so they steer engine work.  The loop is ``engines.py``'s
(chance drawn by probability, seat actions uniformly, every applied action a step), over
whole games from a fixed seed.  Python's start-up and imports are left out by counting two
runs, one with ``--games 0`` (a warm-up game only) and one with ``--games N``, and dividing
their difference by the difference in steps.

    python benchmarks/instructions.py --game banks --players 3 --games 40 [--pure]

prints ``instructions/step``; ``--run`` plays the games once, without valgrind (what each
counted run does).  numpy's BLAS threads are held to one and string hashing to one seed
(``PYTHONHASHSEED``), so that counts repeat exactly.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).parent
SEED = 20240601


def play(game_id: str, players: int, games: int, seed: int) -> int:
    """Steps of a warm-up game and then ``games`` games (the warm-up counts in both runs)."""
    import nilegames

    game = nilegames.make(game_id, players=players).game
    rng = random.Random(seed)
    choice, draw = rng.choice, rng.random
    steps = 0
    for _ in range(games + 1):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                total = 0.0
                point = draw()
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    total += probability
                    if point < total:
                        action = outcome
                        break
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return steps


def counted(args: argparse.Namespace, games: int) -> tuple[int, int]:
    """(instructions, steps) of one run under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--run",
            f"--game={args.game}",
            f"--players={args.players}",
            f"--games={games}",
            f"--seed={args.seed}",
            *(["--pure"] if args.pure else []),
        ]
        env = {
            **os.environ,
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "PYTHONHASHSEED": "0",
        }
        done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
        steps = int(done.stdout.split()[-1])
        totals = re.search(r"^(?:summary|totals): (\d+)", Path(out).read_text(), re.M)
        assert totals, "no totals in callgrind's output"
        return int(totals.group(1)), steps


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="banks")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--pure", action="store_true", help="every module from its source")
    parser.add_argument("--run", action="store_true", help="play once, print the steps")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.run:
        if args.pure:
            sys.path.insert(0, str(HERE))
            from speed import force_pure_python

            force_pure_python()
        print(play(args.game, args.players, args.games, args.seed))
        return 0
    base, base_steps = counted(args, 0)
    full, full_steps = counted(args, args.games)
    steps = full_steps - base_steps
    print(f"{args.game} {args.players} players, {'pure' if args.pure else 'as installed'}:")
    print(f"{(full - base) / steps:,.0f} instructions/step over {steps:,} steps")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
