"""The anytime-valid match test (ai/sequential.py) and tournaments that stop on it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nilegames.ai import tournament
from nilegames.ai.journal import JOURNAL, SETTINGS, GameResult
from nilegames.ai.sequential import ALPHA, decide, evidence
from nilegames.ai.stopping import VerdictReader, first_scores, first_verdict
from nilegames.ai.tournament import run_tournament
from nilegames.cli.main import app
from nilegames.core import GameOptionError


def simulated_match(chance: random.Random, mean: float, target: float, games: int) -> Any:
    """The verdict and game count a match of Bernoulli(``mean``) games stops on, if any."""
    scores: list[float] = []
    for _ in range(games):
        scores.append(1.0 if chance.random() < mean else 0.0)
        decision = decide(scores, target)
        if decision.verdict is not None:
            return decision.verdict, len(scores)
    return None, games


def test_a_match_at_the_target_is_rarely_declared_either_way_however_often_one_looks() -> None:
    """Looking after every one of 200 games, a fixed 95 % interval would call about 40 % of
    such matches; the e-processes keep each side under ALPHA / 2 over the whole run."""
    chance = random.Random(20261127)
    runs = 1500
    verdicts = [simulated_match(chance, 0.6, 0.6, 200)[0] for _ in range(runs)]
    assert verdicts.count("above") / runs <= ALPHA / 2 + 0.01
    assert verdicts.count("below") / runs <= ALPHA / 2 + 0.01


def test_clear_gaps_are_decided_early_and_the_right_way() -> None:
    chance = random.Random(7)
    far_above = [simulated_match(chance, 0.9, 0.65, 200) for _ in range(200)]
    assert all(verdict == "above" for verdict, _ in far_above)
    assert sorted(n for _, n in far_above)[100] <= 40  # the median match stops by 40 games
    far_below = [simulated_match(chance, 0.3, 0.6, 200) for _ in range(200)]
    assert all(verdict == "below" for verdict, _ in far_below)


def test_the_evidence_follows_the_closed_form_and_the_score_direction() -> None:
    # no games: both wealths start at 1
    assert evidence([], 0.6) == pytest.approx((1.0, 1.0))
    # one win at target 1/2: the mixture of 2q over q uniform on (1/2, 1) is 3/2, and of
    # 2q over (0, 1/2) is 1/2
    assert evidence([1.0], 0.5) == pytest.approx((1.5, 0.5))
    # two ties weigh as a win and a loss: only the total score counts
    assert evidence([0.5, 0.5], 0.7) == pytest.approx(evidence([1.0, 0.0], 0.7))
    above, below = evidence([1.0] * 30 + [0.0] * 2, 0.6)
    assert above > 2 / ALPHA > below
    above, below = evidence([1.0] * 10 + [0.0] * 30, 0.6)
    assert below > 2 / ALPHA > above
    assert decide([1.0] * 43 + [0.0] * 31, 0.6).verdict is None  # 58 % of 74: not clear


def test_bad_targets_and_scores_are_refused() -> None:
    for target in (0.0, 1.0, -0.2, 1.5):
        with pytest.raises(GameOptionError, match="between 0 and 1"):
            decide([1.0], target)
    with pytest.raises(ValueError, match="between 0 and 1"):
        evidence([1.5], 0.5)


def result(index: int, bots: tuple[str, ...], returns: tuple[float, ...]) -> GameResult:
    return GameResult(index, index, bots, returns, 10, tuple((0, 0.0) for _ in bots), 0)


def test_the_test_reads_games_in_index_order_and_whole_rotations_only() -> None:
    """Games that end out of order (several jobs) count only once every earlier game has
    ended, so short games cannot jump the queue; a seat shared by one bot adds its shares."""
    games = [
        result(0, ("a", "b"), (1.0, -1.0)),
        result(1, ("b", "a"), (1.0, -1.0)),
        result(3, ("b", "a"), (-1.0, 1.0)),  # game 2 still running
    ]
    assert first_scores(games, "a", 2) == [1.0, 0.0]
    games.append(result(2, ("a", "b"), (0.0, 0.0)))  # a tie
    assert first_scores(games, "a", 2) == [1.0, 0.0, 0.5, 1.0]
    assert first_scores(games, "a", 3) == [1.0, 0.0, 0.5]
    three = [result(0, ("a", "b", "b"), (0.0, 1.0, -1.0)), result(1, ("b", "a", "a"), (1, 1, 1))]
    assert first_scores(three, "b", 1) == pytest.approx([1.0, 1 / 3])


def test_a_tournament_stops_once_decided_and_a_resume_plays_nothing_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / JOURNAL
    run = run_tournament(
        "nile", 2, ["greedy", "random"], games=200, seed=3, journal=journal, until_decided=0.6
    )
    assert run.decision is not None and run.decision.verdict == "above"
    played = len(run.games)
    assert played == run.decision.games < 200 and played % 2 == 0
    assert len(journal.read_text().splitlines()) == played
    assert run.to_json()["decision"]["verdict"] == "above"
    calls: list[Any] = []

    def play_batch(tasks: list[Any]) -> list[GameResult]:
        calls.append(tasks)
        return []

    monkeypatch.setattr(tournament, "play_batch", play_batch)
    again = run_tournament(
        "nile", 2, ["greedy", "random"], games=200, seed=3, journal=journal, until_decided=0.6
    )
    assert calls == [] and again.games == run.games


def test_a_lineup_plays_one_table_with_the_seats_rotating(tmp_path: Path) -> None:
    run = run_tournament(
        "nile",
        3,
        [],
        games=6,
        seed=4,
        lineup=["greedy", "random", "random"],
        journal=tmp_path / JOURNAL,
    )
    assert run.bots == ("greedy", "random")
    assert [game.bots.index("greedy") for game in run.games] == [0, 2, 1, 0, 2, 1]
    assert all(game.bots.count("random") == 2 for game in run.games)
    assert run.to_json()["settings"]["tables"] == [["greedy", "random", "random"]]
    kept = json.loads((tmp_path / SETTINGS).read_text())
    assert kept["lineup"] == ["greedy", "random", "random"]
    with pytest.raises(GameOptionError, match="one bot per seat: 2 named for 3 players"):
        run_tournament("nile", 3, [], games=3, seed=4, lineup=["greedy", "random"])
    with pytest.raises(GameOptionError, match="no bot 'nobody'"):
        run_tournament("nile", 3, [], games=3, seed=4, lineup=["greedy", "nobody", "random"])


def test_the_command_takes_a_lineup_and_a_target(tmp_path: Path) -> None:
    out = tmp_path / "run"
    runner = CliRunner()
    answer = runner.invoke(
        app,
        [
            "tournament",
            "nile",
            "--lineup",
            "greedy,random,random",
            "--games",
            "90",
            "--seed",
            "5",
            "--until-decided",
            "0.34",
            "--out",
            str(out),
        ],
    )
    assert answer.exit_code == 0, answer.output
    assert "greedy: above 34 % after" in " ".join(answer.output.split())
    assert json.loads((out / "results.json").read_text())["decision"]["verdict"] == "above"
    bad = runner.invoke(
        app,
        [
            "tournament",
            "nile",
            "--bots",
            "greedy,random",
            "--until-decided",
            "1.5",
            "--out",
            str(tmp_path / "bad"),
        ],
    )
    assert bad.exit_code == 2 and "between 0 and 1" in bad.output


def test_in_a_round_robin_only_the_games_of_the_first_bot_count() -> None:
    """A table without the bot says nothing of its score: counting it as a loss would push
    every round robin of three or more bots towards "below"."""
    games = [
        result(0, ("a", "b"), (1.0, -1.0)),
        result(1, ("a", "c"), (1.0, -1.0)),
        result(2, ("b", "c"), (1.0, -1.0)),  # a's table-less game
        result(3, ("b", "a"), (1.0, -1.0)),
        result(4, ("c", "a"), (-1.0, 1.0)),
        result(5, ("c", "b"), (1.0, -1.0)),
    ]
    assert first_scores(games, "a", 6) == [1.0, 1.0, 0.0, 1.0]
    assert first_scores(games[:5], "a", 6) == []


def test_the_verdict_is_the_first_rotation_that_decides_whatever_arrives_at_once() -> None:
    """With several jobs many games can join the run in order at once; the verdict read is
    the one at the first whole rotation that decides, as one job would have stopped on."""
    wins = [  # a wins every game, in either seat
        result(i, ("a", "b"), (1.0, -1.0)) if i % 2 == 0 else result(i, ("b", "a"), (-1.0, 1.0))
        for i in range(40)
    ]
    one_by_one = None
    for end in range(2, 41, 2):
        one_by_one = first_verdict(wins[:end], "a", 2, 0.65)
        if one_by_one.verdict is not None:
            break
    all_at_once = first_verdict(wins, "a", 2, 0.65)
    assert one_by_one is not None and one_by_one.verdict == "above"
    assert all_at_once == one_by_one and all_at_once.games < 40


def verdict_afresh(played: list[GameResult], rotation: int, target: float) -> Any:
    """The test read from scratch at every whole rotation, up to the first that decides."""
    decision = decide([], target)
    indices = {game.index for game in played}
    rotations = 0
    while all(
        index in indices for index in range(rotations * rotation, (rotations + 1) * rotation)
    ):
        rotations += 1
        upto = [game for game in played if game.index < rotations * rotation]
        decision = decide(first_scores(upto, "a", rotation), target)
        if decision.verdict is not None:
            break
    return decision


def test_the_reader_fed_games_as_they_end_gives_the_verdict_read_afresh() -> None:
    """Several jobs end games out of order and in bursts; the kept reader, asked after each
    burst, must say what a reading of everything from the start says."""
    chance = random.Random(11)
    decided = 0
    for run in range(40):
        bots = ("a", "b", "c")
        seats = 3 if run % 2 else 2
        games = []
        for index in range(90):
            at_table = tuple(chance.sample(bots, seats))
            returns = tuple(chance.choice((1.0, -1.0, 0.0)) for _ in at_table)
            games.append(result(index, at_table, returns))
        ended = sorted(games, key=lambda game: game.index + chance.uniform(0, 6))
        rotation = chance.choice((1, 2, 3, 6))
        target = chance.choice((0.1, 0.35, 0.8))
        reader = VerdictReader("a", rotation, target)
        end = 0
        while end < len(ended):
            end += chance.randint(1, 5)
            assert reader.read(ended[:end]) == verdict_afresh(ended[:end], rotation, target)
        decided += reader.decision.verdict is not None
        with pytest.raises(ValueError, match="only grow"):
            reader.read(ended[:3])
    assert 10 <= decided <= 35  # both kinds of run are in the sample


def test_a_stop_on_a_verdict_needs_two_bots_and_a_lineup_names_every_seat(tmp_path: Path) -> None:
    with pytest.raises(GameOptionError, match="name two bots or more"):
        run_tournament(
            "nile", 2, [], games=4, seed=1, lineup=["greedy", "greedy"], until_decided=0.5
        )
    runner = CliRunner()
    both = runner.invoke(
        app,
        [
            "tournament",
            "nile",
            "--bots",
            "greedy,random",
            "--lineup",
            "greedy,random",
            "--out",
            str(tmp_path / "both"),
        ],
    )
    assert both.exit_code == 2 and "leave --bots out" in both.output


def test_a_lineup_with_spaces_is_the_same_lineup_on_resume(tmp_path: Path) -> None:
    """Settings keep the bots' names stripped, so a resume typed without the spaces goes on."""
    out = tmp_path / "run"
    runner = CliRunner()
    common = ["tournament", "nile", "--seed", "3", "--out", str(out)]
    first = runner.invoke(app, [*common, "--lineup", "greedy, random", "--games", "2"])
    assert first.exit_code == 0, first.output
    assert json.loads((out / SETTINGS).read_text())["lineup"] == ["greedy", "random"]
    again = runner.invoke(app, [*common, "--lineup", "greedy,random", "--games", "4", "--resume"])
    assert again.exit_code == 0, again.output
    assert len((out / JOURNAL).read_text().splitlines()) == 4
