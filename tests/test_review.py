"""Reviews: reproducible, blind to what the reviewed seat could not see, and useful."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import nilegames
from nilegames.ai import make_bot
from nilegames.ai.base import ask
from nilegames.ai.review import best_move, decisions, review_move, review_record
from nilegames.cli.main import app
from nilegames.core import GameRecord, NilegamesError

ITERATIONS = 60


def bot_game(game_id: str, specs: list[str], seed: int, limit: int | None = None) -> GameRecord:
    """A game between bots (or its first ``limit`` actions), as a record."""
    state = nilegames.make(game_id, players=len(specs))
    rng = random.Random(seed)
    bots = [make_bot(spec, seed + seat) for seat, spec in enumerate(specs)]
    while not state.is_terminal() and (limit is None or len(state.history()) < limit):
        if state.is_chance_node():
            nilegames.resolve_chance(state, rng)
        else:
            seat = state.current_player()
            state.apply_action(ask(bots[seat], state, seat), player=seat)
    return GameRecord.of(state)


def test_the_same_record_and_seed_give_the_same_review() -> None:
    record = bot_game("nile", ["random", "greedy"], 3, limit=120)
    first = review_record(record, 0, iterations=ITERATIONS, seed=5)
    again = review_record(record, 0, iterations=ITERATIONS, seed=5)
    assert first.to_json() == again.to_json()
    assert len(first.moves) == len(list(decisions(record, 0)))


@pytest.mark.parametrize("game_id", ["nile", "pharaohs", "artifacts", "banks"])
def test_a_review_sees_only_what_the_seat_saw(game_id: str) -> None:
    """Re-deal everything the seat could not see: its review must not change."""
    record = bot_game(game_id, ["random", "random"], 7, limit=80)
    rng = random.Random(1)
    checked = 0
    for index, state in decisions(record, 0):
        if index % 3:
            continue
        world = state.clone().resample_from_infostate(0, rng)  # leaves no cached worlds
        played = record.actions[index]
        mine = review_move(state, played, index, ITERATIONS, seed=2)
        theirs = review_move(world, played, index, ITERATIONS, seed=2)
        assert mine == theirs
        assert best_move(state, ITERATIONS, 4) == best_move(world, ITERATIONS, 4)
        checked += 1
    assert checked


def test_a_random_players_costliest_moves_are_flagged_with_what_to_play_instead() -> None:
    record = bot_game("nile", ["random", "greedy"], 4, limit=160)
    review = review_record(record, 0, iterations=ITERATIONS, seed=1)
    assert review.flagged
    for move in review.flagged:
        assert move.loss >= 0.02 and move.best != move.played
        assert f"'{move.played}'" in move.note and f"'{move.best}'" in move.note
    assert [m.loss for m in review.flagged] == sorted(
        (m.loss for m in review.flagged), reverse=True
    )
    for move in review.moves:
        if move.best == move.played:
            assert move.loss == 0.0


def test_a_review_of_a_seat_that_is_not_there_is_refused() -> None:
    record = bot_game("nile", ["random", "random"], 2, limit=30)
    with pytest.raises(NilegamesError, match="no seat 5"):
        review_record(record, 5)


def test_the_review_command_prints_the_flagged_moves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    nilegames.save(bot_game("nile", ["random", "greedy"], 4, limit=160), path)
    out = tmp_path / "review.json"
    runner = CliRunner()
    done = runner.invoke(
        app, ["review", str(path), "--seat", "0", "--iterations", "40", "--out", str(out)]
    )
    assert done.exit_code == 0, done.output
    assert "1. move" in done.output and "took your expected result" in done.output
    saved = json.loads(out.read_text())
    assert saved["seat"] == 0 and saved["flagged"]
    bad = runner.invoke(app, ["review", str(path), "--seat", "9"])
    assert bad.exit_code == 2 and "no seat 9" in bad.output
