"""``nilegames runs``: where strength runs stand, read from their folders as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nilegames.ai.journal import JOURNAL, SETTINGS, JournalError
from nilegames.ai.runs import markdown, summarise
from nilegames.ai.tournament import run_tournament, save_results
from nilegames.cli.main import app


def test_a_run_with_a_target_reports_the_verdict_the_tournament_stopped_on(tmp_path: Path) -> None:
    folder = tmp_path / "nile-3p-greedy-random"
    folder.mkdir()
    lineup = ["greedy", "random", "random"]
    run = run_tournament(
        "nile", 3, [], 90, seed=5, lineup=lineup, until_decided=0.34, journal=folder / JOURNAL
    )
    assert run.decision is not None and run.decision.verdict == "above"
    summary = summarise(folder)
    assert summary.decision == run.decision  # no results.json: the target is in the settings
    assert (summary.first, summary.rivals, summary.players) == ("greedy", ("random", "random"), 3)
    assert (summary.played, summary.planned) == (len(run.games), 90)
    greedy = next(s for s in run.standings if s.bot == "greedy")
    assert summary.interval == greedy.win_rate and summary.counted == len(run.games)
    row = markdown([summary]).splitlines()[2]
    assert row.startswith("| nile-3p-greedy-random | nile | 3 | `greedy` | `random`, `random` |")
    assert row.endswith(f"| above 34 % after {run.decision.games} |")


def test_a_run_without_a_target_says_how_many_games_are_left(tmp_path: Path) -> None:
    run_tournament("nile", 2, ["random", "greedy"], 6, seed=3, journal=tmp_path / JOURNAL)
    games = (tmp_path / JOURNAL).read_text().splitlines()
    (tmp_path / JOURNAL).write_text("\n".join(games[:4]) + "\n")  # stopped after four
    summary = summarise(tmp_path)
    assert summary.decision is None and summary.verdict() == "2 games to play"
    assert (summary.first, summary.rivals, summary.played) == ("random", ("greedy",), 4)


def test_a_resume_may_add_a_target_but_not_change_one(tmp_path: Path) -> None:
    journal = tmp_path / JOURNAL
    run_tournament("nile", 2, ["greedy", "random"], 4, seed=3, journal=journal)
    # a fixed run goes on with a target: the test reads it from its first game
    run_tournament("nile", 2, ["greedy", "random"], 6, seed=3, journal=journal, until_decided=0.9)
    assert json.loads((tmp_path / SETTINGS).read_text())["until_decided"] == 0.9
    with pytest.raises(JournalError, match=r"until_decided: 0\.9 there, 0\.5 now"):
        run_tournament(
            "nile", 2, ["greedy", "random"], 6, seed=3, journal=journal, until_decided=0.5
        )
    with pytest.raises(JournalError, match=r"until_decided: 0\.9 there, None now"):
        run_tournament("nile", 2, ["greedy", "random"], 6, seed=3, journal=journal)


def test_the_command_prints_each_folder_and_refuses_one_that_is_not_a_run(tmp_path: Path) -> None:
    folder = tmp_path / "nile-2p-greedy-random"
    folder.mkdir()
    run_tournament("nile", 2, ["greedy", "random"], 4, seed=3, journal=folder / JOURNAL)
    runner = CliRunner()
    answer = runner.invoke(app, ["runs", str(folder)], env={"COLUMNS": "200"})
    assert answer.exit_code == 0, answer.output
    assert "nile-2p-greedy-random" in answer.output and "all played" in answer.output
    answer = runner.invoke(app, ["runs", "--markdown", str(folder)])
    assert answer.output.startswith("| folder | game |") and "| 4 of 4 |" in answer.output
    empty = tmp_path / "empty"
    empty.mkdir()
    answer = runner.invoke(app, ["runs", str(folder), str(empty)])
    assert answer.exit_code == 2 and "no settings.json" in answer.output


def test_a_run_whose_first_game_has_not_ended_has_played_none(tmp_path: Path) -> None:
    """The settings are kept when a run starts, its journal when its first game ends (hours
    for a slow bot): meanwhile the folder is a run of no games yet, not an error."""
    folder = tmp_path / "nile-2p-greedy-random"
    folder.mkdir()
    run_tournament("nile", 2, ["greedy", "random"], 4, seed=3, journal=folder / JOURNAL)
    (folder / JOURNAL).unlink()
    summary = summarise(folder)
    assert (summary.played, summary.planned, summary.counted) == (0, 4, 0)
    assert summary.verdict() == "4 games to play"


def test_a_lineup_known_from_its_results_alone_is_read_as_one_table(tmp_path: Path) -> None:
    """A folder with only results.json: its settings name the tables, not the lineup."""
    folder = tmp_path / "nile-3p-greedy-random"
    lineup = ["greedy", "random", "random"]
    run = run_tournament("nile", 3, [], 90, seed=5, lineup=lineup, until_decided=0.34)
    save_results(run, folder)
    summary = summarise(folder)
    assert (summary.rivals, summary.planned) == (("random", "random"), 90)
    assert summary.decision == run.decision


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        ({"game": "nile"}, "players"),
        ({"game": "nile", "players": 2, "bots": [], "seed": 1, "games_per_table": 2}, "no bot"),
        (
            {"game": "nile", "players": 2, "bots": ["a", "b"], "seed": 1, "games_per_table": 2}
            | {"until_decided": 1.5},
            "between 0 and 1",
        ),
        (
            {"game": "nile", "players": 2, "bots": ["a", "b"], "seed": 1, "games_per_table": 2}
            | {"until_decided": "x"},
            "could not convert",
        ),
    ],
)
def test_bad_settings_are_named_not_a_traceback(
    tmp_path: Path, settings: dict[str, object], said: str
) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps(settings))
    (tmp_path / JOURNAL).write_text("")
    with pytest.raises(JournalError, match=said):
        summarise(tmp_path)


def test_a_target_known_from_an_older_runs_results_is_kept_on_resume(tmp_path: Path) -> None:
    """Folders begun before settings.json kept the target name it in results.json only
    (``nilegames runs`` reads it there): a resume may not swap it for another or drop it."""
    journal = tmp_path / JOURNAL
    bots = ["greedy", "random"]
    run = run_tournament("nile", 2, bots, 40, seed=3, journal=journal, until_decided=0.6)
    save_results(run, tmp_path)
    kept = json.loads((tmp_path / SETTINGS).read_text())
    del kept["until_decided"]  # as an older version wrote it
    (tmp_path / SETTINGS).write_text(json.dumps(kept))
    with pytest.raises(JournalError, match=r"until_decided: 0\.6 there, 0\.5 now"):
        run_tournament("nile", 2, bots, 40, seed=3, journal=journal, until_decided=0.5)
    with pytest.raises(JournalError, match=r"until_decided: 0\.6 there, None now"):
        run_tournament("nile", 2, bots, 40, seed=3, journal=journal)
    again = run_tournament("nile", 2, bots, 40, seed=3, journal=journal, until_decided=0.6)
    assert again.decision == run.decision
    assert json.loads((tmp_path / SETTINGS).read_text())["until_decided"] == 0.6
