"""Round-robin tournaments between bots: who beats whom, by how much, and how sure we are.

The schedule
    Every *table* is a set of bots for the seats: for two players every pair of bots, for
    more every N-subset.  With fewer bots than seats each table seats every bot at least
    once and repeats some: all such multisets are played, so no bot gets more seats than
    another overall.  Each table is played ``games_per_table`` times, rotating the seats
    one step every game, so each bot sits in each seat equally often (the count is rounded
    up to a multiple of the seat count for that).

Reproducibility
    Game ``i`` gets a seed derived only from the tournament seed and ``i``; the chance
    generator and every bot's seed derive from that.  Games are independent, so they can
    be played in any number of processes and are collected in index order: the results
    are the same whatever ``jobs`` is, for bots that do not read the clock (an ISMCTS bot
    with a time budget searches as far as the machine allows, so it varies).

Statistics (per seat taken, see :mod:`nilegames.ai.ratings`)
    Win rate: a seat with the best return wins, a tie for the best splits the win, with a
    Wilson interval; for two players it is the usual score (win 1, draw ½, loss 0).  Mean
    return with a normal interval.  Elo by maximum likelihood over pairwise comparisons
    (each pair of seats of different bots in a game is one; a tie is a draw), anchored so
    that ``random`` is 0 when it plays, else the mean is 1500.  With more than two players
    the comparisons of one game are not independent, so the Elo intervals are too narrow.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from nilegames.ai import ask, make_bot
from nilegames.ai.journal import (
    RESULTS,
    GameResult,
    GameTask,
    append_games,
    check_kept_settings,
    drop_cut_line,
    keep_settings,
    read_journal,
)
from nilegames.ai.outcomes import outcomes
from nilegames.ai.picture import plot
from nilegames.ai.ratings import (
    Interval,
    elo_ratings,
    mean_interval,
    wilson_interval,
    win_shares,
)
from nilegames.ai.sequential import Decision
from nilegames.ai.stopping import VerdictReader, check_stop
from nilegames.core import GameOptionError, new_game, play_to_decision
from nilegames.parallel import run_batches

#: Called after every finished game with (games done, games in all).
Progress = Callable[[int, int], None]

FORMAT = "nilegames-tournament"
VERSION = 1


@dataclass(frozen=True)
class Standing:
    """One bot's results over every seat it took."""

    bot: str
    games: int
    wins: int  # best return alone
    ties: int  # best return shared with another seat
    losses: int
    seats: tuple[int, ...]  # games played in each seat
    win_rate: Interval
    mean_return: Interval
    elo: Interval
    searches: int
    iterations_per_second: float | None

    def to_json(self) -> dict[str, Any]:
        """The machine-independent part (search speed goes to the performance section)."""
        return {
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "ties": self.ties,
            "losses": self.losses,
            "seats": list(self.seats),
            "win_rate": _interval_json(self.win_rate),
            "mean_return": _interval_json(self.mean_return),
            "elo": _interval_json(self.elo),
        }


@dataclass
class TournamentResult:
    """The settings and every game of a tournament, with the statistics drawn from them."""

    game_id: str
    players: int
    bots: tuple[str, ...]
    games_per_table: int
    seed: int
    options: dict[str, Any]
    games: list[GameResult]
    jobs: int = 1
    seconds: float = 0.0
    #: The bot indices of each table (default: :func:`tables`; one table for a lineup).
    layout: list[tuple[int, ...]] = field(default_factory=list)
    #: The first bot's score against a target, when the run stops once it is decided.
    decision: Decision | None = None
    anchor: str = field(init=False)
    standings: list[Standing] = field(init=False)
    #: (row bot, column bot) -> (row's total score in comparisons, comparisons)
    pairwise: dict[tuple[str, str], tuple[float, int]] = field(init=False)
    #: Win share of the seat moving first, second... in each game (whatever its bot).
    turn_order: list[Interval] = field(init=False)

    def __post_init__(self) -> None:
        self.layout = self.layout or tables(len(self.bots), self.players)
        self.anchor, self.pairwise, self.standings = rate(self.games, self.bots, self.players)
        self.turn_order = turn_order(self.games, self.players)

    @property
    def title(self) -> str:
        return f"{self.game_id}, {self.players} players, {len(self.games)} games, seed {self.seed}"

    def to_json(self) -> dict[str, Any]:
        """Settings, results, performance and per-game records, ready for ``json.dump``."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "settings": {
                "game": self.game_id,
                "players": self.players,
                "bots": list(self.bots),
                "options": self.options,
                "seed": self.seed,
                "games_per_table": self.games_per_table,
                "tables": [[self.bots[i] for i in table] for table in self.layout],
                "total_games": len(self.games),
            },
            **({"decision": self.decision.to_json()} if self.decision else {}),
            **({"outcomes": how.to_json()} if (how := outcomes(self.games, self.bots)) else {}),
            "results": {
                "elo_anchor": self.anchor,
                "turn_order": [
                    {"position": k + 1, "win_rate": _interval_json(interval)}
                    for k, interval in enumerate(self.turn_order)
                ],
                "standings": [s.to_json() for s in self.standings],
                "pairwise": {
                    row: {
                        column: {"score": score / count, "comparisons": count}
                        for (r, column), (score, count) in self.pairwise.items()
                        if r == row
                    }
                    for row in self.bots
                },
            },
            "performance": {
                "jobs": self.jobs,
                "seconds": self.seconds,
                "search": {
                    s.bot: {
                        "searches": s.searches,
                        "iterations_per_second": s.iterations_per_second,
                    }
                    for s in self.standings
                    if s.searches
                },
            },
            "games": [g.to_json() for g in self.games],
        }


def _interval_json(interval: Interval) -> dict[str, float | None]:
    """JSON has no infinity or NaN: an unknown bound is null."""
    return {
        key: value if math.isfinite(value) else None for key, value in interval._asdict().items()
    }


# -- the schedule ------------------------------------------------------------------------------
def derive_seed(*parts: object) -> int:
    """A seed from its parts by hashing, so it never depends on the process or the order in
    which games are played (48 bits: exact in JSON readers that use doubles)."""
    text = ":".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=6).digest(), "big")


def tables(bots: int, players: int) -> list[tuple[int, ...]]:
    """The bot indices of each table: every ``players``-subset, or with fewer bots than
    seats every multiset that seats each bot at least once (so all bots get as many seats)."""
    if bots >= players:
        return list(itertools.combinations(range(bots), players))
    return [
        table
        for table in itertools.combinations_with_replacement(range(bots), players)
        if len(set(table)) == bots
    ]


def schedule(
    game_id: str,
    players: int,
    specs: Sequence[str],
    games_per_table: int,
    seed: int,
    options: Mapping[str, Any],
    layout: Sequence[tuple[int, ...]] = (),
) -> list[GameTask]:
    """Every game in order: the tables (``layout``, default :func:`tables`) take turns, and
    each round rotates the seats by one, so a tournament cut short is still about balanced."""
    layout = layout or tables(len(specs), players)
    tasks = []
    for index in range(len(layout) * games_per_table):
        table = layout[index % len(layout)]
        shift = index // len(layout) % players
        seats = tuple(specs[table[(seat + shift) % players]] for seat in range(players))
        tasks.append(GameTask(index, derive_seed(seed, index), game_id, dict(options), seats))
    return tasks


# -- playing -----------------------------------------------------------------------------------
def play_game(task: GameTask) -> GameResult:
    """Play one game; each bot sees only its seat's view through :func:`nilegames.ai.ask`."""
    game = new_game(task.game_id, len(task.specs), **task.options)
    state = game.new_initial_state()
    chance = random.Random(derive_seed(task.seed, "chance"))
    bots = [
        make_bot(spec, derive_seed(task.seed, "seat", s), task.game_id)
        for s, spec in enumerate(task.specs)
    ]
    searches = [0] * len(bots)
    speeds = [0.0] * len(bots)
    decisions = 0
    play_to_decision(state, chance)
    first = max(state.current_player(), 0)
    while not state.is_terminal():
        seat = state.current_player()
        before = getattr(bots[seat], "stats", None)
        action = ask(bots[seat], state, seat)
        speed = _search_speed(before, getattr(bots[seat], "stats", None))
        if speed is not None:
            searches[seat] += 1
            speeds[seat] += speed
        state.apply_action(action, player=seat)
        decisions += 1
        play_to_decision(state, chance)
    return GameResult(
        index=task.index,
        seed=task.seed,
        bots=task.specs,
        returns=tuple(state.returns()),
        decisions=decisions,
        search=tuple(zip(searches, speeds, strict=True)),
        first=first,
        scores=tuple(game.final_scores(state)),
        figures=game.statistics(state),
    )


def _search_speed(before: object, after: object) -> float | None:
    """Iterations per second of the search a move just ran, if the bot reports one: a bot
    that searched replaces its ``stats`` (a forced move leaves the old one)."""
    if after is None or after is before:
        return None
    speed = getattr(after, "iterations_per_second", None)
    return float(speed) if isinstance(speed, int | float) else None


def play_batch(tasks: Sequence[GameTask]) -> list[GameResult]:
    """Play some games (the unit a worker process or a Ray task runs)."""
    return [play_game(task) for task in tasks]


def play_games(
    tasks: Sequence[GameTask],
    jobs: int,
    progress: Progress | None,
    *,
    backend: str = "local",
    address: str | None = None,
    journal: Path | None = None,
    settings: Mapping[str, Any] | None = None,
    enough: Callable[[list[GameResult]], bool] | None = None,
) -> list[GameResult]:
    """Play every task, in ``jobs`` processes if more than one (or as Ray tasks, see
    :mod:`nilegames.parallel`); results in index order.  With a ``journal``, the games
    it holds are taken as played and each new one is appended to it as it ends; the
    tournament's ``settings`` are kept beside it (checked against those there first).
    ``enough``, asked with every game played so far after each new one, stops the rest."""
    before = {}
    if journal is not None:
        if settings is not None:
            check_kept_settings(journal.parent, settings)
        before = read_journal(journal, tasks)
        if settings is not None:
            keep_settings(journal.parent, settings)
        drop_cut_line(journal)
    tasks_left = [task for task in tasks if task.index not in before]
    results = list(before.values())
    if progress is not None and results:
        progress(len(results), len(tasks))

    def finished(part: list[GameResult]) -> None:
        results.extend(part)
        if journal is not None:
            append_games(journal, part)
        if progress is not None:
            progress(len(results), len(tasks))

    def stop() -> bool:
        return enough is not None and enough(results)

    # One game a batch: tournament games are long (search bots), so sending them costs
    # nothing in comparison, and the progress bar moves with every game.
    if tasks_left and not stop():
        run_batches(
            play_batch,
            [(task,) for task in tasks_left],
            jobs=jobs,
            backend=backend,
            address=address,
            finished=finished,
            stop=stop,
        )
    return sorted(results, key=lambda result: result.index)


def run_tournament(
    game_id: str,
    players: int,
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
    journal: Path | None = None,
    lineup: Sequence[str] = (),
    until_decided: float | None = None,
) -> TournamentResult:
    """Play a round robin of ``games`` games per table (see the module docstring) and rate
    the bots, in ``jobs`` local processes or as Ray tasks (``backend="ray"``, on the
    cluster at ``address`` or a local instance of ``jobs`` CPUs).  With a ``journal``
    (:mod:`nilegames.ai.journal`) the games it holds are not played again and new ones
    are added to it.  A ``lineup`` (one bot spec per seat, repeats allowed) plays that one
    table instead of the round robin.  With ``until_decided``, play stops as soon as the
    first bot's score is known to lie above or below that target
    (:mod:`nilegames.ai.sequential`).  Bad input raises a
    :class:`~nilegames.core.NilegamesError` before any game."""
    options = dict(options or {})
    specs, layout = seating(players, bot_specs, lineup)
    check_settings(game_id, players, specs, games, jobs, options)
    check_stop(specs, until_decided)
    per_table = games_per_table(games, players)
    tasks = schedule(game_id, players, specs, per_table, seed, options, layout)
    settings = {
        "game": game_id,
        "players": players,
        "bots": list(specs),
        "options": options,
        "seed": seed,
        "games_per_table": per_table,
        **({"lineup": list(lineup)} if lineup else {}),
        **({"until_decided": until_decided} if until_decided is not None else {}),
    }
    reader = None
    if until_decided is not None:
        reader = VerdictReader(specs[0], len(layout) * players, until_decided)

    start = time.perf_counter()
    played = play_games(
        tasks,
        jobs,
        progress,
        backend=backend,
        address=address,
        journal=journal,
        settings=settings,
        enough=None if reader is None else lambda so_far: reader.read(so_far).verdict is not None,
    )
    return TournamentResult(
        game_id=game_id,
        players=players,
        bots=specs,
        games_per_table=per_table,
        seed=seed,
        options=options,
        games=played,
        jobs=jobs,
        seconds=time.perf_counter() - start,
        layout=layout,
        decision=None if reader is None else reader.read(played),
    )


def seating(
    players: int, bot_specs: Sequence[str], lineup: Sequence[str]
) -> tuple[tuple[str, ...], list[tuple[int, ...]]]:
    """The bots and the tables: a round robin of ``bot_specs``, or the one table of a
    ``lineup`` (its bots in order of first seat, so the first seat's bot is the first)."""
    if not lineup:
        specs = check_bots(bot_specs)
        return specs, tables(len(specs), players)
    seats = tuple(spec.strip() for spec in lineup)
    if len(seats) != players:
        raise GameOptionError(
            f"a lineup names one bot per seat: {len(seats)} named for {players} players"
        )
    specs = check_bots(list(dict.fromkeys(seats)))
    return specs, [tuple(specs.index(spec) for spec in seats)]


def check_settings(
    game_id: str,
    players: int,
    bot_specs: Sequence[str],
    games: int,
    jobs: int,
    options: Mapping[str, Any],
) -> tuple[str, ...]:
    """Reject bad settings up front (before hours of games); returns the cleaned bot specs."""
    specs = check_bots(bot_specs)
    new_game(game_id, players, **options)  # rejects a bad game, player count or option
    if games < 1:
        raise GameOptionError(f"a tournament needs at least one game per table, not {games}")
    if jobs < 1:
        raise GameOptionError(f"jobs must be 1 or more, not {jobs}")
    return specs


def games_per_table(games: int, players: int) -> int:
    """``games`` rounded up to whole rotations of the seats, so seats are shared evenly."""
    return -(-games // players) * players


def check_bots(specs: Sequence[str]) -> tuple[str, ...]:
    """The bot specs, stripped, each known and named once (a name labels a bot's results)."""
    cleaned = tuple(spec.strip() for spec in specs)
    if not cleaned or not all(cleaned):
        raise GameOptionError("name the bots, comma-separated, e.g. --bots greedy,random")
    for spec in cleaned:
        make_bot(spec, 0)  # raises GameOptionError on an unknown spec
    repeated = sorted({spec for spec in cleaned if cleaned.count(spec) > 1})
    if repeated:
        raise GameOptionError(f"each bot plays once in the list; repeated: {', '.join(repeated)}")
    return cleaned


# -- statistics --------------------------------------------------------------------------------
def turn_order(games: Sequence[GameResult], players: int) -> list[Interval]:
    """Win share (95 % interval) of the seat that moved first, second... in each game: the
    edge of playing first, which a fair game keeps near 1/players."""
    shares: list[list[float]] = [[] for _ in range(players)]
    for game in games:
        game_shares = win_shares(game.returns)
        for position in range(players):
            shares[position].append(game_shares[(game.first + position) % players])
    return [wilson_interval(math.fsum(s), len(s)) for s in shares]


def comparisons(game: GameResult) -> Iterator[tuple[str, str, float]]:
    """The game as pairwise results ``(bot, other bot, score of bot)``; two seats of the same
    bot say nothing about its strength, so they are skipped."""
    for i, j in itertools.combinations(range(len(game.bots)), 2):
        if game.bots[i] != game.bots[j]:
            a, b = game.returns[i], game.returns[j]
            yield game.bots[i], game.bots[j], 1.0 if a > b else 0.5 if a == b else 0.0


def head_to_head(games: Sequence[GameResult]) -> dict[tuple[str, str], tuple[float, int]]:
    """(row, column) -> row's total score against column and how many comparisons."""
    table: dict[tuple[str, str], tuple[float, int]] = {}
    for game in games:
        for a, b, score in comparisons(game):
            for key, value in (((a, b), score), ((b, a), 1 - score)):
                total, count = table.get(key, (0.0, 0))
                table[key] = (total + value, count + 1)
    return table


def rate(
    games: Sequence[GameResult], bots: Sequence[str], players: int
) -> tuple[str, dict[tuple[str, str], tuple[float, int]], list[Standing]]:
    """What pins the Elo scale (in words), the head-to-head table and the standings."""
    bot, rating = elo_anchor(bots)
    return f"{bot or 'mean'} = {rating:g}", head_to_head(games), standings(games, bots, players)


def elo_anchor(bots: Sequence[str]) -> tuple[str | None, float]:
    """What pins the Elo scale: ``random`` at 0 if it plays (a fixed, meaningful zero across
    tournaments), else the mean rating at 1500."""
    return ("random", 0.0) if "random" in bots else (None, 1500.0)


def standings(games: Sequence[GameResult], bots: Sequence[str], players: int) -> list[Standing]:
    """Each bot's record, rates and Elo, strongest first."""
    anchor, rating = elo_anchor(bots)
    outcomes = (c for game in games for c in comparisons(game))
    elo = elo_ratings(outcomes, bots, anchor=anchor, base=rating)
    rows = [_standing(bot, games, players, elo[bot]) for bot in bots]
    return sorted(rows, key=lambda s: -s.elo.estimate)


def _standing(bot: str, games: Sequence[GameResult], players: int, elo: Interval) -> Standing:
    """One bot's line of the standings, from every seat it took."""
    shares: list[float] = []
    returns: list[float] = []
    seats = [0] * players
    searches, speed = 0, 0.0
    for game in games:
        game_shares = win_shares(game.returns)
        for seat, who in enumerate(game.bots):
            if who == bot:
                shares.append(game_shares[seat])
                returns.append(game.returns[seat])
                seats[seat] += 1
                searches += game.search[seat][0]
                speed += game.search[seat][1]
    return Standing(
        bot=bot,
        games=len(shares),
        wins=sum(s == 1 for s in shares),
        ties=sum(0 < s < 1 for s in shares),
        losses=sum(s == 0 for s in shares),
        seats=tuple(seats),
        win_rate=wilson_interval(math.fsum(shares), len(shares)),
        mean_return=mean_interval(returns),
        elo=elo,
        searches=searches,
        iterations_per_second=speed / searches if searches else None,
    )


# -- the files ---------------------------------------------------------------------------------
class Rated(Protocol):
    """What the picture and the tables show: a tournament's or a ladder's ratings."""

    players: int
    anchor: str
    standings: list[Standing]
    pairwise: dict[tuple[str, str], tuple[float, int]]

    @property
    def title(self) -> str: ...


def save_results(result: TournamentResult, folder: str | Path) -> tuple[Path, Path]:
    """Write ``results.json`` and ``results.png`` into ``folder`` (made if missing)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    data, picture = folder / RESULTS, folder / "results.png"
    data.write_text(json.dumps(result.to_json(), indent=1) + "\n")
    plot(result, picture)
    return data, picture
