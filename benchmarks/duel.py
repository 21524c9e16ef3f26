"""Two bots head to head, seats alternating, one line per game as it ends, so that a run
cut short (a busy machine) still gives its tally with a 95 % interval.

    python benchmarks/duel.py pharaohs ismcts:100:game greedy --games 60 --seed 11
"""

from __future__ import annotations

import argparse
import random

import nilegames
from nilegames.ai import ask, make_bot
from nilegames.ai.ratings import wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    score = 0.0
    for index in range(args.games):
        seed = args.seed * 100_003 + index
        specs = [args.first, args.second] if index % 2 == 0 else [args.second, args.first]
        bots = [make_bot(spec, seed * 7 + seat) for seat, spec in enumerate(specs)]
        state = nilegames.make(args.game, players=2)
        rng = random.Random(seed)
        while not nilegames.play_to_decision(state, rng).is_terminal():
            seat = state.current_player()
            state.apply_action(ask(bots[seat], state, seat), player=seat)
        mine = index % 2
        returns = state.returns()
        score += (
            1.0 if returns[mine] > returns[1 - mine] else 0.5 if returns[0] == returns[1] else 0.0
        )
        low, high = wilson_interval(score, index + 1)[1:]
        print(
            f"game {index + 1}: {args.first} {score:g}/{index + 1}"
            f" ({score / (index + 1):.0%}, 95 % {low:.0%}-{high:.0%})",
            flush=True,
        )


if __name__ == "__main__":
    main()
