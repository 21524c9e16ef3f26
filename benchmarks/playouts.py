"""How search playouts play a game: whole two-player games played by one playout policy on
every seat, and the mean of the game's own statistics (docs/ai.md, "Playout policies").

    python benchmarks/playouts.py banks --policies random,game --games 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import nilegames
from nilegames.ai.policy import POLICIES


def policy_games(game_id: str, policy: str, games: int, players: int) -> dict[str, float]:
    """Mean statistics (and final score, actions) of ``games`` games played by ``policy``."""
    play = POLICIES[policy]()
    figures: dict[str, list[float]] = {}
    for seed in range(games):
        state = nilegames.make(game_id, players=players)
        rng = random.Random(seed)
        choices: list[int] = []  # legal moves at each decision that is a choice
        while not nilegames.play_to_decision(state, rng).is_terminal():
            legal = len(state.legal_actions())
            if legal > 1:
                choices.append(legal)
            state.apply_action(play(state, rng))
        stats = state.game.statistics(state)
        # how wide a search's tree is: progressive widening pays only where this is large
        stats["choices"] = len(choices)
        stats["moves per choice"] = statistics.mean(choices)
        stats["most moves at a choice"] = max(choices)
        stats["score"] = statistics.mean(state.game.final_scores(state))
        stats["actions"] = len(state.history())
        for name, value in stats.items():
            figures.setdefault(name, []).append(value)
    return {name: statistics.mean(values) for name, values in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--policies", default="random,game")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    for policy in args.policies.split(","):
        start = time.perf_counter()
        means = policy_games(args.game, policy, args.games, args.players)
        seconds = time.perf_counter() - start
        shown = ", ".join(f"{name} {value:.2f}" for name, value in sorted(means.items()))
        print(f"{policy} ({seconds:.1f} s): {shown}")


if __name__ == "__main__":
    main()
