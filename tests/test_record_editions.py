"""Saved games are data: a record keeps replaying under the rules it was played by."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import nilegames
from nilegames.core import GameOptionError, GameRecord, IllegalActionError, game_class, replay
from nilegames.core.options import RULES
from nilegames.games.artifacts.state import ArtifactsState

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "records").glob("*.json"))


def test_the_fixtures_cover_every_game() -> None:
    games = {json.loads(path.read_text())["game"] for path in FIXTURES}
    assert games == {g["id"] for g in nilegames.games()}


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_record_made_before_rules_editions_replays_to_its_result(path: Path) -> None:
    raw = json.loads(path.read_text())
    assert RULES not in raw["options"]  # written before the option existed
    record = GameRecord.loads(path.read_text())
    assert record.options[RULES] == 1  # ... so it was played under the first edition
    state = replay(record)
    assert state.is_terminal()
    assert state.returns() == raw["meta"]["expected_returns"]
    assert state.game.final_scores(state) == raw["meta"]["expected_final_scores"]
    assert state.game.turns(state) == raw["meta"]["expected_turns"]


@pytest.mark.parametrize("game_id", [g["id"] for g in nilegames.games()])
def test_a_new_game_plays_the_newest_edition_and_its_record_says_so(game_id: str) -> None:
    game = nilegames.new_game(game_id)
    assert game.rules == game.rules_edition == game.options[RULES]
    record = GameRecord.of(game.new_initial_state())
    again = GameRecord.loads(record.dumps())
    assert again.options[RULES] == game.rules_edition


@pytest.mark.parametrize("game_id", [g["id"] for g in nilegames.games()])
def test_an_edition_that_does_not_exist_is_refused(game_id: str) -> None:
    newest = game_class(game_id).rules_edition
    for bad in (0, newest + 1, "1", 1.0, True):
        with pytest.raises(GameOptionError, match="rules"):
            nilegames.new_game(game_id, rules=bad)


def test_option_values_must_match_in_type_not_only_in_value() -> None:
    # True == 1 == 1.0 in Python; a boolean option takes only booleans.
    for bad in (1, 0, 1.0, "true"):
        with pytest.raises(GameOptionError, match="joker_heal"):
            nilegames.new_game("banks", joker_heal=bad)
    assert nilegames.new_game("banks", joker_heal=True).options["joker_heal"] is True


#: An ARTIFACTS record written by the edition-1 code, picked because edition 2 changed how
#: it ends (a replacement revealed after the round limit had ended the game).
ARTIFACTS_ROUND_LIMIT = (
    Path(__file__).parent
    / "fixtures"
    / "records-artifacts-edition1"
    / "artifacts-2p-round-limit-reveal.json"
)


def test_an_artifacts_edition_1_record_replays_its_reveal_after_the_round_limit() -> None:
    raw = json.loads(ARTIFACTS_ROUND_LIMIT.read_text())
    record = GameRecord.loads(ARTIFACTS_ROUND_LIMIT.read_text())
    assert record.options == {RULES: 1}
    state = replay(record)
    assert isinstance(state, ArtifactsState)
    assert state.is_terminal() and state.round == 30
    assert state.returns() == raw["meta"]["expected_returns"]
    assert state.game.final_scores(state) == raw["meta"]["expected_final_scores"]
    assert state.game.turns(state) == raw["meta"]["expected_turns"]
    start = max(i for i, e in enumerate(state.events) if e[:2] == ("round", 30))
    kinds = ("round", "completed", "reveal", "last_round", "game_over")
    end = [e for e in state.events[start:] if e[0] in kinds]
    assert json.loads(json.dumps(end)) == raw["meta"]["expected_end_events"]
    # Its last action is that reveal: under edition 2 the game is over just before it,
    # with the same result, and the reveal is refused.
    assert [e[0] for e in end] == ["round", "completed", "reveal", "last_round", "game_over"]
    newer = GameRecord(record.game, record.players, {RULES: 2}, record.actions[:-1])
    state_2 = replay(newer)
    assert isinstance(state_2, ArtifactsState)
    assert state_2.is_terminal() and state_2.returns() == state.returns()
    assert state_2.game.final_scores(state_2) == state.game.final_scores(state)
    assert not any(e[0] == "last_round" for e in state_2.events)
    with pytest.raises(IllegalActionError):
        state_2.apply_action(record.actions[-1])
