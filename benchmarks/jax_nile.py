"""Issue 23's figures: the JAX NILE engine's random playouts, batched, beside the peers.

For each player count, and batch sizes 1, 64, 1,024 and 8,192 by default: a batch of
games is played by one jitted function that picks a uniformly random legal action for
every game, calls ``step`` (chance drawn inside) on the whole batch and deals the games
that just ended again (``renew``, on the clock), called again and again until the time
is up.  The batch is first played off the clock until its games are at every stage (as
in a long run, where some end in every call).  With ``--between`` (the protocol of the
tables before 2026-11-28) nothing is dealt inside the call: a new batch is dealt off the
clock once every game of one is over, and only games still running count.  A decision is
one seat's action in one game.  Compile time is timed apart (the first call).

In the same run, the compiled reference engine and OpenSpiel hearts play random games by
``engines.py``'s loop, which counts every applied action a step, chance outcomes included.
So that units match, the JAX rate is given twice: decisions/s, and steps/s as the reference
counts them (decisions times the reference's steps per decision, from its own playouts);
the ratio to hearts divides steps by steps.  Every rate is per second of CPU time, as
``engines.py`` measures the peers (a loaded machine slows the clock on the wall, not
that), the JAX one over all its threads; the JAX rate per wall-clock second is beside it.
With ``--processes N``, N batches play at once, each in its own process pinned to its own
core, and their rates add up: per CPU second, that is N cores' worth.  With ``--windows W``, each
batch is timed in W windows and hearts again before each window and after the last, the
batches waiting: the host's speed drifts by a third within minutes, so a window's ratio to
hearts timed just beside it is the figure to trust, not one to hearts timed at the start.
With ``--interleave S`` as well, each JAX process plays hearts itself, in slices of S
seconds taking turns with slices of its batch's calls: both on the same core at the same
moments, the ratio left to drift only within a slice.

Run with ``make bench`` or ``python benchmarks/jax_nile.py [--players N ...] [--batch B ...]
[--seconds S] [--between] [--processes N] [--windows W] [--interleave S] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from engines import Tally, machine, play_spiel

BATCHES = (1, 64, 1024, 8192)
DEFAULT_SECONDS = 3.0
DEFAULT_SEED = 20261126
#: Calls played off the clock before timing a batch whose games are dealt again inside the
#: call: a 2-player game lasts 100 to 210 decisions, so by then the batch holds games at
#: every stage, some ending in each call.
WARMUP = 250


def jax_rate(
    players: int,
    batch: int,
    seconds: float,
    seed: int,
    renew: bool = True,
    ready: Callable[[], None] | None = None,
    windows: int = 1,
    report: Callable[[dict[str, float]], None] | None = None,
    interleave: float = 0.0,
) -> dict[str, Any]:
    """Decisions per CPU second (and per wall second) of ``batch`` games in lockstep, and
    the seconds the first call took.  With ``renew``, a finished game is dealt again inside
    the jitted call (``nile.renew``, on the clock); without, a new batch is dealt off the
    clock once every game of one is over; with it, the batch is first played for
    ``WARMUP`` calls off the clock, so that its games are at every stage of a game (as
    they are in a long run) and as many end in a call as in a long run.  The clock runs
    ``windows`` times, ``seconds`` each, the batch going on from one to the next;
    ``ready`` is called just before each window and ``report`` with each window's rates
    just after it (so a caller can time a peer between windows, on the same host at
    nearly the same moment).  With ``interleave`` > 0, hearts is played in this process
    too, in slices of that many seconds taking turns with slices of the batch's calls, so
    both are timed on the same core at the same moments; each window then reports
    hearts' steps per CPU second beside the batch's decisions (``peer_steps_per_s``)."""
    import jax
    import jax.numpy as jnp

    from nilegames.jax import nile

    def decide(state: Any, key: jax.Array) -> tuple[Any, jax.Array]:
        """A uniformly random legal action in every game, read from the batch's masks laid
        out with the games last (``legal_action_masks``, ``uniform_actions``: the fast
        layout on a CPU), then the step and the deals of the games that ended."""
        pick, draw = jax.random.split(key)
        legal = nile.legal_action_masks(state, games_last=True)
        live = legal.any(axis=0)
        actions = nile.uniform_actions(legal, pick)
        keys = jax.random.split(draw, live.shape[0])
        state = jax.vmap(nile.step)(state, actions, keys)
        if renew:  # the games that just ended are dealt again (a different key stream)
            state = jax.vmap(nile.renew)(state, keys)
        return state, live.sum()

    def decide_one(state: Any, key: jax.Array) -> tuple[Any, jax.Array]:
        """Batch 1 without vmap: a lone game branches for real (vmap computes every branch)."""
        pick, draw = jax.random.split(key)
        legal = nile.legal_action_mask(state)
        state = nile.step(state, nile.uniform_actions(legal[:, None], pick)[0], draw)
        if renew:
            state = nile.renew(state, draw)
        return state, legal.any().astype(jnp.int32)

    if batch == 1:
        deal = jax.jit(lambda keys: nile.init(keys[0], players))
        decide = decide_one
    else:
        deal = jax.jit(jax.vmap(lambda k: nile.init(k, players)))

    start = time.perf_counter()
    state = jax.block_until_ready(deal(jax.random.split(jax.random.PRNGKey(seed), batch)))
    init_seconds = time.perf_counter() - start
    play = jax.jit(decide, donate_argnums=0)  # the new state takes the old one's buffers
    key = jax.random.PRNGKey(seed + 1)
    start = time.perf_counter()
    compiled = play.lower(state, key).compile()
    # The first call finishes compiling (XLA's CPU backend builds some kernels then).
    state, _ = jax.block_until_ready(compiled(state, jax.random.fold_in(key, 1)))
    compile_seconds = time.perf_counter() - start
    if renew:
        for _ in range(WARMUP):
            key, sub = jax.random.split(key)
            state, _ = compiled(state, sub)
        jax.block_until_ready(state)
    per_window: list[float] = []
    decisions, spent, cpu, batches = 0, 0.0, 0.0, 1
    hearts = importlib.import_module("pyspiel").load_game("hearts") if interleave else None
    hearts_rng = random.Random(seed)
    for window in range(windows):
        if ready is not None:
            ready()
        counted, cpu_before, wall_before = decisions, cpu, spent
        peer = Tally(0, 0, 0, 0.0)
        limit = seconds * (window + 1)
        while spent < limit:
            stop = min(limit, spent + interleave) if interleave else limit
            over = False
            start, cpu_start = time.perf_counter(), time.process_time()
            while spent + time.perf_counter() - start < stop:
                key, sub = jax.random.split(key)
                state, live = compiled(state, sub)
                done = int(live)  # waits for the step: the clock sees finished work only
                decisions += done
                if not done:
                    over = True  # every game of the batch is over
                    break
            spent += time.perf_counter() - start
            cpu += time.process_time() - cpu_start
            if hearts is not None:  # hearts' turn on this core, right after the batch's
                peer += play_spiel(hearts.new_initial_state, hearts_rng, interleave)
            if over:  # a new batch, dealt off the clock, as the first one
                state = deal(jax.random.split(jax.random.PRNGKey(seed + batches + 1), batch))
                state = jax.block_until_ready(state)
                batches += 1
        rates = {
            "decisions_per_s": (decisions - counted) / (cpu - cpu_before),
            "wall_decisions_per_s": (decisions - counted) / (spent - wall_before),
        }
        if hearts is not None:
            rates["peer_steps_per_s"] = peer.steps / peer.seconds
        per_window.append(rates["decisions_per_s"])
        if report is not None:
            report(rates)
    return {
        "decisions_per_s": decisions / cpu,
        "wall_decisions_per_s": decisions / spent,
        "compile_s": compile_seconds,
        "init_s": init_seconds,
        "decisions": decisions,
        "batches": batches,
        "windows": per_window,
    }


def _pinned(
    core: int,
    arguments: tuple[int, int, float, int, bool, int, float],
    start: Any,
    results: Any,
) -> None:
    os.sched_setaffinity(0, {core})  # before JAX starts its threads, so they inherit it
    players, batch, seconds, seed, renew, windows, interleave = arguments
    total = jax_rate(
        players,
        batch,
        seconds,
        seed,
        renew,
        ready=start.wait,
        windows=windows,
        report=lambda rates: results.put(("window", rates)),
        interleave=interleave,
    )
    results.put(("total", total))


def pinned_rates(
    players: int,
    batch: int,
    seconds: float,
    seed: int,
    renew: bool,
    processes: int,
    windows: int = 1,
    peer: Callable[[], float] | None = None,
    interleave: float = 0.0,
) -> dict[str, Any]:
    """:func:`jax_rate`, in this process (one), or in ``processes`` processes at once, each
    pinned to a core of its own, their clocks started together: their rates added up (per
    CPU second: each process's decisions over its own CPU time), compile and deal times the
    slowest's.  ``peer`` (a rate, e.g. hearts' steps per CPU second) is measured before
    each of the ``windows`` and after the last, while the batches wait, so that each
    window has a peer's figure from just before and just after it (``peers``).  With
    ``interleave``, each process also times hearts in turns with its batch
    (:func:`jax_rate`): ``window_peers`` holds, per window, each process's pairs of (JAX
    decisions, hearts steps) per CPU second."""
    peers: list[float] = []
    window_peers: list[list[tuple[float, float]]] = []

    def measure_peer() -> None:
        if peer is not None:
            peers.append(peer())

    if processes == 1:
        rates = jax_rate(
            players,
            batch,
            seconds,
            seed,
            renew,
            measure_peer,
            windows,
            lambda got: window_peers.append(
                [(got["decisions_per_s"], got.get("peer_steps_per_s", 0.0))]
            ),
            interleave,
        )
        measure_peer()
        return {**rates, "peers": peers, "window_peers": window_peers}
    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(processes + 1), context.Queue()
    workers = [
        context.Process(
            target=_pinned,
            args=(
                core,
                (players, batch, seconds, seed + 7919 * core, renew, windows, interleave),
                start,
                results,
            ),
        )
        for core in range(processes)
    ]
    for worker in workers:
        worker.start()
    totals: list[dict[str, Any]] = []
    window_rates: list[float] = []
    for _ in range(windows):
        measure_peer()
        start.wait()  # every batch compiled and warmed up: the window starts
        pairs: list[tuple[float, float]] = []
        while len(pairs) < processes:
            kind, rates = results.get()
            if kind == "total":
                totals.append(rates)
            else:
                pairs.append((rates["decisions_per_s"], rates.get("peer_steps_per_s", 0.0)))
        window_rates.append(sum(jax for jax, _ in pairs))
        window_peers.append(pairs)
    measure_peer()
    while len(totals) < processes:
        kind, rates = results.get()
        if kind == "total":
            totals.append(rates)
    for worker in workers:
        worker.join()
    added = {key: sum(rate[key] for rate in totals) for key in ("decisions_per_s", "decisions")}
    added["wall_decisions_per_s"] = sum(rate["wall_decisions_per_s"] for rate in totals)
    for key in ("compile_s", "init_s"):
        added[key] = max(rate[key] for rate in totals)
    return {**added, "windows": window_rates, "peers": peers, "window_peers": window_peers}


def reference_tally(players: int, seconds: float, seed: int) -> Tally:
    import nilegames

    game = nilegames.new_game("nile", players)
    return play_spiel(game.new_initial_state, random.Random(seed), seconds)


def hearts_tally(seconds: float, seed: int) -> Tally:
    pyspiel = importlib.import_module("pyspiel")
    return play_spiel(pyspiel.load_game("hearts").new_initial_state, random.Random(seed), seconds)


def beside(ratios: list[float]) -> str:
    """The median of the windows' ratios to hearts timed beside them, and their range."""
    if not ratios:
        return ""
    if len(ratios) == 1:
        return f"{ratios[0]:.2f}×"
    return f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"


def kernel_build() -> str:
    module = importlib.import_module("nilegames.games.nile.state")
    return "compiled" if str(module.__file__).endswith((".so", ".pyd")) else "pure Python"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--batch", type=int, action="append")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument(
        "--between",
        action="store_true",
        help="deal a new batch off the clock when every game of one is over (the tables"
        " before 2026-11-28), instead of dealing each finished game again inside the call",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="play that many batches at once, each in a process of its own pinned to a core"
        " of its own (Linux); rates add up",
    )
    parser.add_argument(
        "--windows",
        type=int,
        default=1,
        help="time each batch in that many windows of --seconds, hearts timed again before"
        " each and after the last (the batches waiting), and give each window's ratio to"
        " the mean of the hearts figures just before and after it",
    )
    parser.add_argument(
        "--interleave",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="in each JAX process, time hearts too, in slices of SECONDS taking turns with"
        " the batch's calls (the same core at the same moments; the host's speed drifts)",
    )
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    players_list = args.players or [2, 4]
    batches = args.batch or list(BATCHES)

    hearts = hearts_tally(args.seconds, args.seed)
    hearts_steps = hearts.steps / hearts.seconds
    hearts_runs = [hearts_steps]

    def hearts_again() -> float:
        tally = hearts_tally(args.seconds, args.seed + len(hearts_runs))
        hearts_runs.append(tally.steps / tally.seconds)
        return hearts_runs[-1]

    hearts_decisions = (hearts.steps - hearts.chance_steps) / hearts.seconds
    rows: list[dict[str, Any]] = []
    for players in players_list:
        reference = reference_tally(players, args.seconds, args.seed)
        decisions = reference.steps - reference.chance_steps
        per_decision = reference.steps / decisions
        rows.append(
            {
                "engine": f"reference ({kernel_build()})",
                "players": players,
                "batch": 1,
                "decisions_per_s": decisions / reference.seconds,
                "steps_per_s": reference.steps / reference.seconds,
            }
        )
        for batch in batches:
            measured = pinned_rates(
                players,
                batch,
                args.seconds,
                args.seed,
                not args.between,
                args.processes,
                args.windows,
                hearts_again,
                args.interleave,
            )
            measured["steps_per_s"] = measured["decisions_per_s"] * per_decision
            peers = measured["peers"]
            measured["window_ratios"] = [
                rate * per_decision / ((peers[i] + peers[i + 1]) / 2)
                for i, rate in enumerate(measured["windows"])
            ]
            if args.interleave:  # hearts timed in the same processes, in turns with JAX
                pairs = measured["window_peers"]
                measured["interleaved_ratios"] = [
                    sum(jax for jax, _ in window)
                    * per_decision
                    / statistics.mean(hearts for _, hearts in window)
                    for window in pairs
                ]
                measured["per_core_ratios"] = [
                    statistics.mean(jax * per_decision / hearts for jax, hearts in window)
                    for window in pairs
                ]
            rows.append({"engine": "JAX", "players": players, "batch": batch, **measured})
    for row in rows:
        row["steps_vs_hearts"] = row["steps_per_s"] / hearts_steps
        row["decisions_vs_hearts"] = row["decisions_per_s"] / hearts_decisions

    table = Table(title="NILE random playouts: JAX engine, reference engine, OpenSpiel hearts")
    columns: tuple[str, ...] = (
        "engine",
        "players",
        "batch",
        "decisions/s",
        "steps/s",
        "÷ hearts",
        "÷ hearts beside",
        "wall dec/s",
    )
    if args.interleave:
        columns += ("÷ hearts, same cores", "per core")
    for column in (*columns, "compile s"):
        table.add_column(column, justify="right")
    table.add_row("OpenSpiel hearts", "4", "1", f"{hearts_decisions:,.0f}", f"{hearts_steps:,.0f}")
    for row in rows:
        table.add_row(
            row["engine"],
            str(row["players"]),
            f"{row['batch']:,}",
            f"{row['decisions_per_s']:,.0f}",
            f"{row['steps_per_s']:,.0f}",
            f"{row['steps_vs_hearts']:.2f}×",
            beside(row.get("window_ratios", [])),
            f"{row['wall_decisions_per_s']:,.0f}" if "wall_decisions_per_s" in row else "",
            *(
                (beside(row.get("interleaved_ratios", [])), beside(row.get("per_core_ratios", [])))
                if args.interleave
                else ()
            ),
            f"{row['compile_s']:.1f}" if "compile_s" in row else "",
        )
    console = Console(width=150)
    console.print(table)
    console.print(
        "Rates per CPU second (JAX: all its threads), wall dec/s per second on the wall."
        " steps: every applied action, chance outcomes included (the reference's count; the"
        " JAX figure is decisions × the reference's steps per decision); ÷ hearts: steps/s"
        " over hearts' steps/s at the start of this run; ÷ hearts beside: each window's steps/s"
        " over the mean of hearts' figures just before and after it, the median of the"
        " windows (their range). Compile: the first call of the jitted step."
    )
    if args.interleave:
        console.print(
            f"With --interleave {args.interleave:g}: each JAX process also plays hearts, in"
            " turns with its batch, so both are timed on the same core at the same moments;"
            " ÷ hearts, same cores: the processes' JAX steps added up over their mean hearts"
            " figure (N cores of JAX against hearts' one thread, as OpenSpiel runs it); per"
            " core: each process's own ratio, their mean; medians of the windows (range)."
        )
    if args.json:
        report = {
            "machine": machine(),
            "hearts": {
                "steps_per_s": hearts_steps,
                "decisions_per_s": hearts_decisions,
                "steps_per_s_runs": hearts_runs,
            },
            "rows": rows,
        }
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
