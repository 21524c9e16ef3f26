"""The core contract: making games, applying actions, errors, records."""

from __future__ import annotations

import importlib
import json
import os
import random
import re
from pathlib import Path

import pytest

import nilegames
from nilegames.core import (
    CHANCE,
    TERMINAL,
    GameOptionError,
    GameRecord,
    IllegalActionError,
    RecordError,
    UnknownGameError,
    replay_states,
)
from tests.conftest import play_random


def test_games_lists_nile_with_players_and_options():
    listing = {g["id"]: g for g in nilegames.games()}
    nile = listing["nile"]
    assert (nile["min_players"], nile["max_players"]) == (2, 5)
    variant = next(o for o in nile["options"] if o["name"] == "variant")
    assert variant["default"] == "standard"
    assert set(variant["choices"]) == {"standard", "short"}


def test_unknown_game_names_the_id_and_the_known_ones():
    with pytest.raises(UnknownGameError, match=r"'chess'.*nile"):
        nilegames.make("chess")


@pytest.mark.parametrize("players", [1, 6, "3", 2.5])
def test_bad_player_count_is_refused(players):
    with pytest.raises(GameOptionError, match="2 to 5 players"):
        nilegames.make("nile", players=players)


def test_unknown_option_is_named():
    with pytest.raises(GameOptionError, match="no option speed"):
        nilegames.make("nile", players=3, speed="fast")


def test_bad_option_value_is_named():
    with pytest.raises(GameOptionError, match="variant='long'"):
        nilegames.make("nile", players=3, variant="long")


def test_root_state_starts_with_chance_and_no_history():
    state = nilegames.make("nile", players=4)
    assert state.current_player() == CHANCE
    assert state.is_chance_node() and not state.is_terminal()
    assert state.history() == []
    assert state.returns() == [0.0] * 4


def test_chance_outcomes_are_sorted_and_sum_to_one(rng):
    for state in _states(seed=3, players=3, every=7):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == sorted(a for a, _ in outcomes)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(p > 0 for _, p in outcomes)
        else:
            legal = state.legal_actions()
            assert legal == sorted(set(legal)) and legal
            assert state.chance_outcomes() == []


def _states(seed, players, every):
    rng = random.Random(seed)
    state = nilegames.make("nile", players=players)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        step += 1
        if state.is_chance_node():
            nilegames.resolve_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _decision_state(seed=1, players=3):
    state = nilegames.make("nile", players=players)
    return nilegames.play_to_decision(state, random.Random(seed))


def _snapshot(state):
    return (
        state.history(),
        [state.observation(p) for p in range(state.num_players())],
        state.current_player(),
    )


def test_illegal_action_is_refused_and_changes_nothing():
    state = _decision_state()
    before = _snapshot(state)
    illegal = next(
        a for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions()
    )
    with pytest.raises(IllegalActionError, match=f"action {illegal} is not legal for seat"):
        state.apply_action(illegal)
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply_action(10_000)
    with pytest.raises(IllegalActionError, match="an action is an int"):
        state.apply_action("0")
    assert _snapshot(state) == before


def test_action_out_of_turn_is_refused():
    state = _decision_state()
    seat = state.current_player()
    other = (seat + 1) % 3
    before = _snapshot(state)
    with pytest.raises(
        IllegalActionError, match=f"seat {other} cannot act: it is seat {seat}'s turn"
    ):
        state.apply_action(state.legal_actions()[0], player=other)
    assert _snapshot(state) == before
    state.apply_action(state.legal_actions()[0], player=seat)  # the right seat may


def test_seat_action_at_a_chance_node_is_refused():
    state = nilegames.make("nile", players=2)
    with pytest.raises(IllegalActionError, match="chance outcome is due"):
        state.apply_action(0, player=0)
    with pytest.raises(IllegalActionError, match="not a possible chance outcome"):
        state.apply_action(15)  # the locust is set aside while dealing
    assert state.history() == []


def test_terminal_state_refuses_actions_and_has_zero_sum_returns():
    state = play_random("nile", 3, seed=5)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert sum(state.returns()) == pytest.approx(0.0)
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_action(0)


def test_clone_is_independent_and_continues_identically():
    state = _decision_state(seed=4)
    copy = state.clone()
    assert _snapshot(copy) == _snapshot(state)
    action = state.legal_actions()[-1]
    copy.apply_action(action)
    assert copy.history() != state.history()
    state.apply_action(action)
    assert _snapshot(copy) == _snapshot(state)


def test_string_to_action_inverts_action_to_string():
    for state in _states(seed=8, players=2, every=3):
        for action in state.legal_actions():
            assert state.string_to_action(state.action_to_string(action)) == action
    with pytest.raises(IllegalActionError, match="no legal action is called 'fly'"):
        _decision_state().string_to_action("fly")


def test_observation_is_plain_json():
    state = _decision_state(seed=2)
    for seat in range(3):
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs
    assert json.loads(json.dumps(state.public_observation())) == state.public_observation()
    with pytest.raises(ValueError, match="no seat 3"):
        state.observation(3)


# -- records -------------------------------------------------------------------------


def test_record_round_trips_through_a_file(tmp_path):
    state = play_random("nile", 2, seed=11, variant="short")
    path = tmp_path / "game.json"
    nilegames.save(state, path)
    record = nilegames.load(path)
    assert record == GameRecord.of(state)
    again = nilegames.replay(record)
    assert again.history() == state.history()
    assert again.returns() == state.returns()
    assert again.observation(1) == state.observation(1)


def _record_text(**changes):
    data = GameRecord("nile", 2, {}, []).to_json()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "a record is a JSON object"),
        (_record_text(format="chess-pgn"), "not a nilegames record"),
        (_record_text(version=99), "version 99 is not supported"),
        (_record_text(game=7), "'game' must be a game id"),
        (_record_text(players="2"), "'players' must be an integer"),
        (_record_text(actions=[1, "x"]), "'actions' must be a list of integers"),
        (_record_text(options=[]), "'options' must be an object"),
    ],
)
def test_malformed_records_are_refused_with_the_reason(text, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(text)


def test_record_of_an_unknown_game_or_bad_option_is_refused():
    with pytest.raises(RecordError, match=r"cannot be set up.*no game is called 'go'"):
        nilegames.replay(GameRecord("go", 2, {}, []))
    with pytest.raises(RecordError, match=r"cannot be set up.*short variant"):
        nilegames.replay(GameRecord("nile", 5, {"variant": "short"}, []))


def test_mismatched_record_names_the_action_that_does_not_replay():
    state = play_random("nile", 3, seed=2)
    actions = state.history()
    actions[40] = 99
    with pytest.raises(RecordError, match=r"action #40 \(99\) does not replay"):
        nilegames.replay(GameRecord("nile", 3, {}, actions))
    # The same actions under another player count do not replay either.
    with pytest.raises(RecordError, match="does not replay"):
        nilegames.replay(GameRecord("nile", 2, {}, state.history()))


def test_missing_record_file_is_a_record_error(tmp_path):
    with pytest.raises(RecordError, match="cannot read record"):
        nilegames.load(tmp_path / "absent.json")


def test_replay_states_walks_every_action():
    state = play_random("nile", 2, seed=9)
    count = sum(1 for _ in replay_states(GameRecord.of(state)))
    assert count == len(state.history()) + 1


def test_ci_runs_the_compiled_kernel():
    """A kernel module that fails to compile falls back to Python quietly (setup.py): CI
    makes sure every module setup.py lists really is compiled."""
    if not os.environ.get("NILEGAMES_REQUIRE_ALL") or os.environ.get("NILEGAMES_PURE_PYTHON"):
        pytest.skip("only CI (.ci/run) requires the compiled kernel")
    setup = (Path(__file__).resolve().parent.parent / "setup.py").read_text(encoding="utf-8")
    sources = re.findall(r'"src/(nilegames/[\w/]+)\.py"', setup)
    assert sources
    for source in sources:
        module = importlib.import_module(source.replace("/", "."))
        assert module.__file__ is not None and module.__file__.endswith(".so"), source
