"""Tournaments between bots: the schedule, reproducibility, the statistics and the command."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nilegames.ai import ask, make_bot, tournament
from nilegames.ai.journal import JOURNAL, SETTINGS, GameResult, JournalError, read_journal
from nilegames.ai.ratings import (
    ELO_PER_NEPER,
    Z95,
    elo_ratings,
    mean_interval,
    wilson_interval,
    win_shares,
)
from nilegames.ai.tournament import (
    comparisons,
    derive_seed,
    games_per_table,
    head_to_head,
    play_game,
    run_tournament,
    schedule,
    standings,
    tables,
    turn_order,
)
from nilegames.cli.main import app
from nilegames.core import GameOptionError, UnknownGameError, make, play_to_decision

ELO_75 = 400 * math.log10(3)  # the Elo gap at which the stronger side scores 75 %


# -- confidence intervals ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # 0 of n: [0, z²/(n+z²)]; z² = 3.841459, so 3.841459 / 13.841459
        (0, 10, 0.0, 0.277533),
        # 5 of 10: 0.5 ± z/(1+z²/n)·sqrt(p(1-p)/n + z²/4n²) = 0.5 ± 1.416010·0.186021
        (5, 10, 0.236593, 0.763407),
        # n of n mirrors 0 of n
        (10, 10, 0.722467, 1.0),
        # 3.841459 / 10.841459
        (0, 7, 0.0, 0.354330),
        # draws count half: 2.5 of 5 is 0.5 ± 1.108394·0.297346
        (2.5, 5, 0.5 - 0.329576, 0.5 + 0.329576),
    ],
)
def test_wilson_interval_matches_the_formula_by_hand(
    successes: float, trials: int, low: float, high: float
) -> None:
    interval = wilson_interval(successes, trials)
    assert interval.estimate == successes / trials
    assert interval.low == pytest.approx(low, abs=1e-6)
    assert interval.high == pytest.approx(high, abs=1e-6)
    # at the ends exactly (the formula's rounding leaves 1e-17 or 1 - 1e-16 there)
    assert (interval.low == 0.0) == (successes == 0)
    assert (interval.high == 1.0) == (successes == trials)


def test_wilson_interval_narrows_with_more_games_and_rejects_impossible_counts() -> None:
    few, many = wilson_interval(7, 10), wilson_interval(700, 1000)
    assert few.low < many.low < 0.7 < many.high < few.high
    with pytest.raises(ValueError, match="11 successes"):
        wilson_interval(11, 10)


def test_mean_interval_is_the_normal_interval_of_the_sample() -> None:
    # mean 0, sample variance 4/3, standard error sqrt(4/3 / 4) = 0.57735
    interval = mean_interval([1.0, -1.0, 1.0, -1.0])
    assert interval.estimate == 0.0
    assert interval.high == pytest.approx(Z95 * 0.577350, abs=1e-6)
    assert interval.low == pytest.approx(-interval.high)
    alone = mean_interval([0.5])
    assert alone.estimate == 0.5
    assert (alone.low, alone.high) == (-math.inf, math.inf)


# -- Elo -----------------------------------------------------------------------------------------
def record(a: str, b: str, wins: int, draws: int, losses: int) -> list[tuple[str, str, float]]:
    """Results of ``a`` against ``b`` as (a, b, score of a) triples."""
    return [(a, b, 1.0)] * wins + [(a, b, 0.5)] * draws + [(a, b, 0.0)] * losses


def test_scoring_75_percent_is_worth_about_191_elo() -> None:
    ratings = elo_ratings(record("strong", "weak", 750, 0, 250))
    gap = ratings["strong"].estimate - ratings["weak"].estimate
    assert gap == pytest.approx(ELO_75, abs=1.0)
    # exactly: the one virtual draw of the prior adds half a point to each side
    assert gap == pytest.approx(400 * math.log10(750.5 / 250.5), abs=1e-6)
    assert (ratings["strong"].estimate + ratings["weak"].estimate) / 2 == pytest.approx(1500)


def test_elo_interval_comes_from_the_binomial_variance() -> None:
    ratings = elo_ratings(record("strong", "weak", 750, 0, 250), anchor="weak", base=0.0)
    assert ratings["weak"] == (0.0, 0.0, 0.0)
    strong = ratings["strong"]
    # the gap's standard error in log-odds is 1/sqrt(n·p·(1-p)), prior game included
    p = 750.5 / 1001
    half = Z95 * ELO_PER_NEPER / math.sqrt(1001 * p * (1 - p))
    assert strong.high - strong.estimate == pytest.approx(half, rel=1e-6)
    assert strong.estimate - strong.low == pytest.approx(half, rel=1e-6)
    # Without an anchor each rating is measured from the mean of the two: half the gap,
    # so half its standard error.
    centred = elo_ratings(record("strong", "weak", 750, 0, 250))
    for name in ("strong", "weak"):
        assert centred[name].high - centred[name].estimate == pytest.approx(half / 2, rel=1e-6)


def test_elo_gaps_add_up_along_a_chain() -> None:
    outcomes = record("a", "b", 750, 0, 250) + record("b", "c", 750, 0, 250)
    ratings = elo_ratings(outcomes, anchor="c", base=0.0)
    assert ratings["b"].estimate == pytest.approx(ELO_75, abs=1.0)
    assert ratings["a"].estimate == pytest.approx(2 * ELO_75, abs=2.0)
    # a and c never met, so a's rating is less certain than b's
    assert ratings["a"].high - ratings["a"].low > ratings["b"].high - ratings["b"].low


def test_symmetric_results_give_equal_ratings() -> None:
    cycle = record("a", "b", 60, 0, 40) + record("b", "c", 60, 0, 40) + record("c", "a", 60, 0, 40)
    ratings = elo_ratings(cycle)
    for name in "abc":
        assert ratings[name].estimate == pytest.approx(1500, abs=1e-6)
    drawn = elo_ratings(record("a", "b", 0, 50, 0))
    assert drawn["a"].estimate == pytest.approx(drawn["b"].estimate, abs=1e-6)


def test_a_draw_counts_as_half_a_win() -> None:
    with_draws = elo_ratings(record("a", "b", 300, 200, 100))
    without = elo_ratings(record("a", "b", 400, 0, 200))
    assert with_draws["a"].estimate == pytest.approx(without["a"].estimate, abs=1e-6)
    assert with_draws["a"].estimate > with_draws["b"].estimate


def test_an_unbeaten_bot_still_gets_a_finite_rating() -> None:
    ratings = elo_ratings(record("a", "b", 20, 0, 0), anchor="b", base=0.0)
    assert 0 < ratings["a"].estimate < math.inf
    assert ratings["a"].low > 0


# -- the schedule ------------------------------------------------------------------------------
def test_tables_are_every_subset_or_every_full_multiset() -> None:
    assert tables(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert tables(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    # fewer bots than seats: every bot at every table, each repeated as often overall
    assert tables(2, 4) == [(0, 0, 0, 1), (0, 0, 1, 1), (0, 1, 1, 1)]
    assert tables(1, 3) == [(0, 0, 0)]
    assert games_per_table(5, 2) == 6
    assert games_per_table(6, 3) == 6


@pytest.mark.parametrize(("bots", "players"), [(3, 2), (4, 3), (2, 4), (5, 5), (2, 3)])
def test_the_schedule_gives_every_bot_every_seat_equally_often(bots: int, players: int) -> None:
    specs = [f"bot{i}" for i in range(bots)]
    per_table = games_per_table(4, players)
    tasks = schedule("nile", players, specs, per_table, seed=9, options={})
    assert len(tasks) == len(tables(bots, players)) * per_table
    seats = Counter((seat, who) for task in tasks for seat, who in enumerate(task.specs))
    assert len(set(seats.values())) == 1
    assert len(seats) == bots * players
    assert len({task.seed for task in tasks}) == len(tasks)


# -- real games --------------------------------------------------------------------------------
def test_results_do_not_depend_on_the_number_of_processes() -> None:
    one = run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3, jobs=1)
    two = run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3, jobs=2)
    assert one.games == two.games
    assert one.to_json()["results"] == two.to_json()["results"]
    assert [g.index for g in two.games] == [0, 1, 2, 3]
    # a game depends on nothing but its task, which is what makes the processes agree
    tasks = schedule("nile", 2, ["random", "greedy"], 4, seed=3, options={})
    assert play_game(tasks[2]) == one.games[2]
    other = run_tournament("nile", 2, ["random", "greedy"], games=4, seed=4)
    assert [(g.returns, g.decisions) for g in other.games] != [
        (g.returns, g.decisions) for g in one.games
    ]


def test_a_stopped_tournament_resumes_to_the_same_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal gets each game as it ends; a run stopped after two games (the third cut
    off mid-line by the kill) plays only the two missing ones and ends as a whole run."""
    whole_journal = tmp_path / "whole.jsonl"
    whole = run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3, journal=whole_journal)
    lines = whole_journal.read_text().splitlines()
    assert [json.loads(line)["index"] for line in lines] == [0, 1, 2, 3]
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:25])
    played: list[int] = []
    play_batch = tournament.play_batch

    def counting(tasks: list[Any]) -> list[GameResult]:
        played.extend(task.index for task in tasks)
        return play_batch(tasks)

    monkeypatch.setattr(tournament, "play_batch", counting)
    resumed = run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3, journal=stopped)
    assert sorted(played) == [2, 3]
    assert resumed.games == whole.games
    assert resumed.to_json()["results"] == whole.to_json()["results"]
    # the cut line is gone and the two games played again follow on their own lines
    assert stopped.read_text().splitlines() == lines
    tasks = schedule("nile", 2, ["random", "greedy"], 4, seed=3, options={})
    assert read_journal(stopped, tasks) == {game.index: game for game in whole.games}
    # everything played: a further resume plays nothing
    played.clear()
    again = run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3, journal=stopped)
    assert played == [] and again.games == whole.games
    # a longer run of the same schedule goes on from there: only the new games are played
    longer = run_tournament("nile", 2, ["random", "greedy"], games=6, seed=3, journal=stopped)
    assert sorted(played) == [4, 5] and longer.games[:4] == whole.games
    fresh = run_tournament("nile", 2, ["random", "greedy"], games=6, seed=3)
    assert longer.to_json()["results"] == fresh.to_json()["results"]
    assert json.loads((stopped.parent / SETTINGS).read_text())["games_per_table"] == 6


def test_a_journal_of_another_tournament_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    journal = tmp_path / JOURNAL
    run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3, journal=journal)
    kept = journal.read_bytes()
    settings = (tmp_path / SETTINGS).read_bytes()
    # the settings kept beside the journal say what differs
    with pytest.raises(JournalError, match=r"other settings .*seed: 3 there, 4 now"):
        run_tournament("nile", 2, ["random", "greedy"], games=4, seed=4, journal=journal)
    # a shorter run would leave games of the folder out of its schedule
    with pytest.raises(JournalError, match="games_per_table: 4 there, 2 now"):
        run_tournament("nile", 2, ["random", "greedy"], games=2, seed=3, journal=journal)
    # the same seeds and seats in another game: only the settings can tell
    with pytest.raises(JournalError, match="game: 'nile' there, 'artifacts' now"):
        run_tournament("artifacts", 2, ["random", "greedy"], games=4, seed=3, journal=journal)
    assert (tmp_path / SETTINGS).read_bytes() == settings
    # a journal without its settings (written before they were kept) is checked game by game
    (tmp_path / SETTINGS).unlink()
    with pytest.raises(JournalError, match=r"line 1: game 0 was played with seed \d+"):
        run_tournament("nile", 2, ["random", "greedy"], games=4, seed=4, journal=journal)
    with pytest.raises(JournalError, match="line 3: game 2 is not in this tournament of 2"):
        run_tournament("nile", 2, ["random", "greedy"], games=2, seed=3, journal=journal)
    assert not (tmp_path / SETTINGS).exists()  # a refused run leaves the folder as it was
    journal.write_bytes(b"not json\n" + kept)
    with pytest.raises(JournalError, match="line 1: not a game record"):
        run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3, journal=journal)
    assert journal.read_bytes() == b"not json\n" + kept


def test_three_player_round_robin_rotates_seats_and_shares_out_the_wins() -> None:
    bots = ["random", "greedy", "easy", "ismcts:2"]
    seen: list[tuple[int, int]] = []
    result = run_tournament(
        "nile", 3, bots, games=3, seed=5, progress=lambda done, total: seen.append((done, total))
    )
    assert len(result.games) == 4 * 3
    assert seen[-1] == (12, 12)
    assert [done for done, _ in seen] == list(range(1, 13))
    seats = Counter((seat, who) for g in result.games for seat, who in enumerate(g.bots))
    assert seats == {(seat, bot): 3 for seat in range(3) for bot in bots}
    for line in result.standings:
        assert line.seats == (3, 3, 3)
        assert line.games == line.wins + line.ties + line.losses == 9
    # every game hands out exactly one win (ties split it) and nile is zero-sum
    shares = sum(line.win_rate.estimate * line.games for line in result.standings)
    assert shares == pytest.approx(len(result.games))
    total = sum(line.mean_return.estimate * line.games for line in result.standings)
    assert total == pytest.approx(0.0, abs=1e-9)
    speed = {line.bot: line.iterations_per_second for line in result.standings}
    assert speed["ismcts:2"] is not None and speed["ismcts:2"] > 0
    assert speed["greedy"] is None and speed["random"] is None
    assert next(s for s in result.standings if s.bot == "random").elo.estimate == 0.0


def test_greedy_beats_random_clearly() -> None:
    result = run_tournament("nile", 2, ["greedy", "random"], games=40, seed=11)
    greedy = next(s for s in result.standings if s.bot == "greedy")
    assert result.standings[0].bot == "greedy"
    assert greedy.games == 40 and greedy.seats == (20, 20)
    assert greedy.win_rate.estimate > 0.7
    assert greedy.win_rate.low > 0.5
    assert greedy.elo.low > 0  # random is the anchor at 0
    score, count = result.pairwise[("greedy", "random")]
    assert count == 40 and score / count == greedy.win_rate.estimate


def test_a_game_keeps_its_points_and_how_it_ended(tmp_path: Path) -> None:
    """The journal keeps each game's own points and figures (how a NIL game ended, say), so
    a strength run can say how its games were won; journals written before read as ever."""
    journal = tmp_path / JOURNAL
    run = run_tournament("pharaohs", 2, ["greedy", "random"], games=2, seed=5, journal=journal)
    for game in run.games:
        state = replay_task(game)
        assert list(game.scores) == [float(score) for score in state.scores]
        ended = [event[1] for event in state.events if event[0] == "game_over"]
        assert game.figures["ended_blocked"] == float(ended == ["blocked"])
        assert game.figures["tiles_laid"] == sum(e[0] == "lay" for e in state.events)
    line = json.loads(journal.read_text().splitlines()[0])
    assert line["scores"] == list(run.games[0].scores)
    old = {key: value for key, value in line.items() if key not in ("scores", "figures")}
    assert GameResult.from_json(old).figures == {} and GameResult.from_json(old).scores == ()
    assert GameResult.from_json(line) == run.games[0]


def replay_task(game: GameResult) -> Any:
    """The final state of a tournament game of bots that do not read the clock."""
    task = schedule("pharaohs", 2, ["greedy", "random"], 2, seed=5, options={})[game.index]
    state = make("pharaohs", players=2)
    chance = random.Random(derive_seed(task.seed, "chance"))
    bots = [make_bot(spec, derive_seed(task.seed, "seat", s)) for s, spec in enumerate(task.specs)]
    play_to_decision(state, chance)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(ask(bots[seat], state, seat), player=seat)
        play_to_decision(state, chance)
    return state


def test_win_shares_and_pairwise_comparisons() -> None:
    assert win_shares([1.0, -1.0]) == [1.0, 0.0]
    assert win_shares([0.0, 0.0]) == [0.5, 0.5]
    assert win_shares([0.5, 0.5, -1.0]) == [0.5, 0.5, 0.0]
    game = GameResult(0, 1, ("a", "b", "a"), (1.0, 0.0, -1.0), 10, ((0, 0.0),) * 3)
    # two seats of the same bot are not compared
    assert list(comparisons(game)) == [("a", "b", 1.0), ("b", "a", 1.0)]
    assert head_to_head([game]) == {("a", "b"): (1.0, 2), ("b", "a"): (1.0, 2)}


def test_standings_turn_order_and_head_to_head_of_made_up_games() -> None:
    """Three games of three bots worked by hand, with ties for first place and first moves
    from different seats (the played games rarely tie and always start at the same seat)."""
    games = [
        # shares (1, 0, 0); a searched twice at 100 iterations/s each
        GameResult(0, 0, ("a", "b", "c"), (1.0, 0.0, -1.0), 9, ((2, 200.0), (0, 0.0), (0, 0.0))),
        # b and c tie for first: shares (0.5, 0.5, 0); seat 2 moved first
        GameResult(1, 1, ("b", "c", "a"), (1.0, 1.0, -2.0), 9, ((0, 0.0),) * 3, first=2),
        # a and b tie: shares (0, 0.5, 0.5); a searched four times at 25/s
        GameResult(2, 2, ("c", "a", "b"), (0.0, 3.0, 3.0), 9, ((0, 0.0), (4, 100.0), (0, 0.0)), 2),
    ]
    rows = {s.bot: s for s in standings(games, ["a", "b", "c"], 3)}
    # a: shares 1, 0, 0.5; b: 0, 0.5, 0.5; c: 0, 0.5, 0
    assert [(rows[x].wins, rows[x].ties, rows[x].losses) for x in "abc"] == [
        (1, 1, 1),
        (0, 2, 1),
        (0, 1, 2),
    ]
    assert all(rows[x].seats == (1, 1, 1) and rows[x].games == 3 for x in "abc")
    assert rows["a"].win_rate == wilson_interval(1.5, 3)
    assert rows["b"].win_rate == wilson_interval(1.0, 3)
    assert rows["c"].win_rate == wilson_interval(0.5, 3)
    assert rows["a"].mean_return == mean_interval([1.0, -2.0, 3.0])
    assert rows["a"].searches == 6
    assert rows["a"].iterations_per_second == pytest.approx(300 / 6)  # per search, not summed
    assert rows["b"].iterations_per_second is None
    # by position in the turn: the first mover of game 0 is seat 0 (share 1), of games 1
    # and 2 seat 2 (shares 0 and 0.5): 1.5; second movers 0 + 0.5 + 0; third 0 + 0.5 + 0.5
    assert turn_order(games, 3) == [
        wilson_interval(1.5, 3),
        wilson_interval(0.5, 3),
        wilson_interval(1.0, 3),
    ]
    # pairs: a-b 1, 0, 0.5 (a tie is half); a-c 1, 0, 1; b-c 1, 0.5, 1
    assert head_to_head(games) == {
        ("a", "b"): (1.5, 3),
        ("b", "a"): (1.5, 3),
        ("a", "c"): (2.0, 3),
        ("c", "a"): (1.0, 3),
        ("b", "c"): (2.5, 3),
        ("c", "b"): (0.5, 3),
    }


def test_a_forced_move_is_not_counted_as_a_search() -> None:
    """A search bot given one legal move plays it without searching: the game counts only
    the decisions where the bot had a choice (a replay of the same seeds counts them)."""
    task = schedule("nile", 2, ["ismcts:2", "random"], 2, seed=6, options={})[0]
    result = play_game(task)
    seat = task.specs.index("ismcts:2")
    state = make("nile", players=2)
    chance = random.Random(derive_seed(task.seed, "chance"))
    bots = [make_bot(spec, derive_seed(task.seed, "seat", s)) for s, spec in enumerate(task.specs)]
    choices = forced = 0
    play_to_decision(state, chance)
    while not state.is_terminal():
        mover = state.current_player()
        if mover == seat:
            choices += len(state.legal_actions()) > 1
            forced += len(state.legal_actions()) == 1
        state.apply_action(ask(bots[mover], state, mover), player=mover)
        play_to_decision(state, chance)
    assert list(state.returns()) == list(result.returns)  # the same game
    assert forced > 0 and result.search[seat][0] == choices
    assert result.search[1 - seat] == (0, 0.0)


@pytest.mark.parametrize(
    ("game", "specs", "players", "games", "jobs", "error", "message"),
    [
        ("nile", ["greedy", "wizard"], 2, 4, 1, GameOptionError, "no bot 'wizard'"),
        ("nile", ["greedy", "greedy"], 2, 4, 1, GameOptionError, "repeated: greedy"),
        ("nile", [" ", "random"], 2, 4, 1, GameOptionError, "name the bots"),
        ("nile", ["greedy", "random"], 9, 4, 1, GameOptionError, "2 to 5 players"),
        ("nile", ["greedy", "random"], 2, 0, 1, GameOptionError, "at least one game"),
        ("nile", ["greedy", "random"], 2, 4, 0, GameOptionError, "jobs must be 1 or more"),
        ("chess", ["greedy", "random"], 2, 4, 1, UnknownGameError, "no game is called"),
    ],
)
def test_bad_settings_are_refused_before_any_game(
    game: str,
    specs: list[str],
    players: int,
    games: int,
    jobs: int,
    error: type[Exception],
    message: str,
) -> None:
    with pytest.raises(error, match=message):
        run_tournament(game, players, specs, games=games, seed=1, jobs=jobs)


# -- the command ---------------------------------------------------------------------------------
runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["tournament", *args], env={"COLUMNS": "120"})
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_the_command_prints_the_standings_and_writes_json_and_png(tmp_path: Path) -> None:
    out = tmp_path / "results"
    code, text = run(
        "nile", "--players", "2", "--bots", "greedy,random", "--games", "4", "--seed", "1",
        "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert "Standings" in text and "Head to head" in text
    assert "greedy" in text and "random" in text
    data = json.loads((out / "results.json").read_text())
    assert data["settings"]["bots"] == ["greedy", "random"]
    assert data["settings"]["total_games"] == 4
    assert len(data["games"]) == 4
    assert {s["bot"]: s["games"] for s in data["results"]["standings"]} == {
        "greedy": 4,
        "random": 4,
    }
    assert all(s["seats"] == [2, 2] for s in data["results"]["standings"])
    assert data["results"]["pairwise"]["greedy"]["random"]["comparisons"] == 4
    assert all(len(g["returns"]) == 2 for g in data["games"])
    assert (out / "results.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_command_resumes_a_stopped_tournament_only_when_asked(tmp_path: Path) -> None:
    settings = ["nile", "--players", "2", "--bots", "greedy,random", "--games", "4", "--seed", "1"]
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    assert run(*settings, "--out", str(whole))[0] == 0
    lines = (whole / JOURNAL).read_text().splitlines()
    assert len(lines) == 4
    stopped.mkdir()
    (stopped / JOURNAL).write_text("\n".join(lines[:3]) + "\n")
    code, text = run(*settings, "--out", str(stopped))
    assert code == 2 and "--resume" in text and len(text.strip().splitlines()) == 1
    assert (stopped / JOURNAL).read_text().count("\n") == 3  # untouched
    code, text = run(*settings, "--out", str(stopped), "--resume")
    assert code == 0, text
    assert "Resuming" in text
    results = [json.loads((folder / "results.json").read_text()) for folder in (whole, stopped)]
    assert results[0]["games"] == results[1]["games"]
    assert results[0]["results"] == results[1]["results"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nile", "--bots", "greedy,wizard"], "no bot 'wizard'"),
        (["nile", "--bots", "ismcts:0"], "at least one iteration"),
        (["chess"], "no game is called 'chess'"),
        (["nile", "--games", "0"], "at least one game"),
        (["nile", "--jobs", "0"], "jobs must be 1 or more"),
        (["nile", "--players", "9"], "2 to 5 players, not 9"),
        (["nile", "-o", "variant=long"], "variant='long' is not one of"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "never"
    code, text = run(*args, "--out", str(out))
    assert code == 2
    assert message in text
    assert len(text.strip().splitlines()) == 1
    assert not out.exists()
