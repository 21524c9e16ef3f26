"""Search speed and strength: our ISMCTS beside OpenSpiel's own ISMCTSBot on the same game.

``speed`` times both searches on the same positions of random games of each game
and player count (iterations per second on one core, and where ours spends its time).
``match`` plays two-player games between them through the OpenSpiel adapter, seats
alternating: once at an equal number of simulations, once at equal time (ours gets the
seconds per move OpenSpiel's bot took).

Run ``python benchmarks/search.py speed`` (part of ``make bench``) or
``python benchmarks/search.py match --games 40 --simulations 50``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from rich import box
from rich.console import Console
from rich.table import Table

import nilegames
from nilegames.ai import ISMCTSBot, ask
from nilegames.ai.ratings import wilson_interval
from nilegames.core import State
from nilegames.envs.openspiel import load_game

UCT_C = 2.0  # OpenSpiel's usual constant for returns in [-1, 1]


def positions(game_id: str, players: int, count: int, seed: int) -> list[State]:
    """Decision points with a real choice, spread over random games."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = nilegames.make(game_id, players=players)
        picks = set(rng.sample(range(20, 200), 3))
        step = 0
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                nilegames.resolve_chance(state, rng)
                continue
            if step in picks and len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    return found


def openspiel_bot(game: Any, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=UCT_C,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed + 1),
    )


def speed(
    game_ids: Sequence[str],
    count: int,
    iterations: int,
    simulations: int,
    seed: int,
    console: Console,
) -> None:
    out = Table(title="Search speed on one core (median over positions)", box=box.SIMPLE)
    columns = ("game", "players", "ours it/s", "resample", "tree", "playout", "OpenSpiel it/s")
    for column in (*columns, "×"):
        out.add_column(column, justify="right")
    for game_id, players in (
        (info["id"], n)
        for info in nilegames.games()
        if info["id"] in game_ids
        for n in range(info["min_players"], info["max_players"] + 1)
    ):
        states = positions(game_id, players, count, seed + players)
        rates, shares = [], []
        for index, state in enumerate(states):
            bot = ISMCTSBot(index, iterations=iterations, profile=True)
            ask(bot, state)
            s = bot.stats
            rates.append(s.iterations_per_second)
            parts = [s.resample_seconds, s.tree_seconds, s.playout_seconds]
            shares.append([part / s.seconds for part in parts])
        theirs = []
        game = load_game(game_id, players=players)
        for index, state in enumerate(states[: max(1, count // 2)]):
            spiel = game.state_from_history(state.history())
            start = time.perf_counter()
            openspiel_bot(game, simulations, index).step(spiel)
            theirs.append(simulations / (time.perf_counter() - start))
        ours, other = statistics.median(rates), statistics.median(theirs)
        share = np.mean(shares, axis=0)
        out.add_row(
            game_id,
            str(players),
            f"{ours:,.0f}",
            *(f"{x:.0%}" for x in share),
            f"{other:,.0f}",
            f"{ours / other:.1f}",
        )
    console.print(out)


@dataclass
class Match:
    label: str
    games: int = 0
    score: float = 0.0
    our_seconds: float = 0.0
    their_seconds: float = 0.0
    our_moves: int = 0
    their_moves: int = 0


def play(game: Any, ours_first: bool, ours: ISMCTSBot, theirs: Any, seed: int, m: Match) -> None:
    """One game, ours in seat 0 or 1; chance from ``seed``; adds to ``m``."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    our_seat = 0 if ours_first else 1
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        start = time.perf_counter()
        if state.current_player() == our_seat:
            action = ask(ours, state.nilegames_state, our_seat)
            m.our_seconds += time.perf_counter() - start
            m.our_moves += len(state.legal_actions()) > 1
        else:
            action = theirs.step(state)
            m.their_seconds += time.perf_counter() - start
            m.their_moves += len(state.legal_actions()) > 1
        state.apply_action(action)
    mine = state.returns()[our_seat]
    m.games += 1
    m.score += 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0


def series(games: int, simulations: int, seed: int, m: Match, **budget: Any) -> Match:
    """``games`` games of our bot (with ``budget``) against OpenSpiel's, seats alternating."""
    game = load_game("nile", players=2)
    for index in range(games):
        ours = ISMCTSBot(seed + index, **budget)
        theirs = openspiel_bot(game, simulations, index)
        play(game, index % 2 == 0, ours, theirs, seed + index, m)
    return m


def match(games: int, simulations: int, seed: int, console: Console) -> None:
    label = f"equal simulations ({simulations})"
    equal_sims = series(games, simulations, seed, Match(label), iterations=simulations)
    per_move = equal_sims.their_seconds / max(equal_sims.their_moves, 1)
    label = f"equal time ({per_move:.2f} s/move)"
    equal_time = series(games, simulations, seed, Match(label), seconds=per_move)
    title = "nilegames ISMCTS against OpenSpiel's ISMCTSBot, 2-player NILE"
    out = Table(title=title, box=box.SIMPLE)
    for column in ("setting", "games", "our score", "95% CI", "our s/move", "their s/move"):
        out.add_column(column, justify="right")
    for m in (equal_sims, equal_time):
        low, high = wilson_interval(m.score, m.games)[1:]
        out.add_row(
            m.label,
            str(m.games),
            f"{m.score / m.games:.0%}",
            f"{low:.0%}–{high:.0%}",
            f"{m.our_seconds / max(m.our_moves, 1):.3f}",
            f"{m.their_seconds / max(m.their_moves, 1):.3f}",
        )
    console.print(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("what", choices=("speed", "match"))
    parser.add_argument("--positions", type=int, default=8, help="positions per seat count")
    parser.add_argument("--iterations", type=int, default=300, help="our iterations per search")
    parser.add_argument("--simulations", type=int, default=30, help="OpenSpiel's simulations")
    parser.add_argument("--games", type=int, default=20, help="games per match setting")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument(
        "--game", action="append", help="a game id for speed (repeat; default: every game)"
    )
    args = parser.parse_args(argv)
    console = Console(highlight=False)
    if args.what == "speed":
        game_ids = args.game or [info["id"] for info in nilegames.games()]
        speed(game_ids, args.positions, args.iterations, args.simulations, args.seed, console)
    else:
        match(args.games, args.simulations, args.seed, console)
    return 0


if __name__ == "__main__":
    sys.exit(main())
