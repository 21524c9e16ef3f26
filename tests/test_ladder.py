"""Elo ladders from several tournaments' folders (nilegames.ai.ladder, ``nilegames ladder``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nilegames.ai.journal import JOURNAL, SETTINGS, JournalError
from nilegames.ai.ladder import build_ladder
from nilegames.ai.ratings import elo_ratings
from nilegames.ai.tournament import comparisons, run_tournament
from nilegames.cli.main import app


def tournament(folder: Path, bots: list[str], seed: int, game: str = "nile", players: int = 2):
    folder.mkdir(parents=True, exist_ok=True)
    return run_tournament(game, players, bots, games=4, seed=seed, journal=folder / JOURNAL)


def test_a_ladder_rates_every_game_of_every_folder_once(tmp_path: Path) -> None:
    first = tournament(tmp_path / "greedy-random", ["greedy", "random"], seed=1)
    second = tournament(tmp_path / "ismcts-greedy", ["ismcts:10", "greedy"], seed=2)
    ladder = build_ladder([tmp_path / "greedy-random", tmp_path / "ismcts-greedy"])
    games = first.games + second.games
    assert ladder.games == games
    assert set(ladder.bots) == {"greedy", "random", "ismcts:10"}
    # the ratings are one fit over all the games, random pinned at 0
    expected = elo_ratings(
        (c for game in games for c in comparisons(game)), ladder.bots, anchor="random", base=0
    )
    assert {s.bot: s.elo for s in ladder.standings} == expected
    assert ladder.anchor == "random = 0"
    greedy = next(s for s in ladder.standings if s.bot == "greedy")
    assert greedy.games == 8  # four in each folder
    # bots of different folders meet only through a common one
    assert ("ismcts:10", "random") not in ladder.pairwise
    assert ladder.pairwise[("greedy", "random")][1] == 4


def test_a_running_tournament_counts_with_the_games_it_has_finished(tmp_path: Path) -> None:
    tournament(tmp_path / "a", ["greedy", "random"], seed=1)
    journal = tmp_path / "a" / JOURNAL
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])  # being written
    assert len(build_ladder([tmp_path / "a"]).games) == 3


def test_folders_of_different_games_or_player_counts_are_refused(tmp_path: Path) -> None:
    tournament(tmp_path / "nile", ["greedy", "random"], seed=1)
    tournament(tmp_path / "artifacts", ["greedy", "random"], seed=1, game="artifacts")
    tournament(tmp_path / "nile3", ["greedy", "random"], seed=1, players=3)
    with pytest.raises(JournalError, match=r"artifacts with 2 players.*nile with 2 players"):
        build_ladder([tmp_path / "nile", tmp_path / "artifacts"])
    with pytest.raises(JournalError, match="nile with 3 players"):
        build_ladder([tmp_path / "nile", tmp_path / "nile3"])
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(JournalError, match=f"no {SETTINGS} or results.json"):
        build_ladder([tmp_path / "nile", empty])
    with pytest.raises(JournalError, match="at least one"):
        build_ladder([])


def test_a_finished_tournament_without_a_journal_is_read_from_its_results(
    tmp_path: Path,
) -> None:
    runner = CliRunner()
    out = tmp_path / "done"
    args = ["tournament", "nile", "--bots", "greedy,random", "--games", "4", "--seed", "5"]
    assert runner.invoke(app, [*args, "--out", str(out)]).exit_code == 0
    assert json.loads((out / SETTINGS).read_text())["game"] == "nile"
    kept = build_ladder([out]).games
    (out / JOURNAL).unlink()
    (out / SETTINGS).unlink()
    assert build_ladder([out]).games == kept


def test_the_command_prints_the_ladder_and_writes_json_and_png(tmp_path: Path) -> None:
    tournament(tmp_path / "a", ["greedy", "random"], seed=1)
    tournament(tmp_path / "b", ["ismcts:10", "greedy"], seed=2)
    out = tmp_path / "ladder"
    result = CliRunner().invoke(
        app, ["ladder", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "Standings" in result.output and "ismcts:10" in result.output
    data = json.loads((out / "ladder.json").read_text())
    assert data["game"] == "nile" and data["players"] == 2
    assert [source["games"] for source in data["sources"]] == [4, 4]
    assert {row["bot"] for row in data["standings"]} == {"greedy", "random", "ismcts:10"}
    assert (out / "ladder.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    missing = CliRunner().invoke(app, ["ladder", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2
    assert "nowhere" in missing.output and len(missing.output.strip().splitlines()) == 1
