"""The core contract, checked the same way for every registered game.

Each game's own rules have their own tests; these are the promises every game makes to
the bots, the adapters, the CLI and the server: sorted legal actions and chance outcomes
inside the declared sizes, words that name actions both ways, JSON views, clear refusals
that change nothing, copies and pickles that continue identically, records that replay,
resampled worlds a seat cannot tell apart, and bots that finish a game.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import nilegames
from nilegames.ai import ask, make_bot
from nilegames.cli.main import app
from nilegames.core import (
    CHANCE,
    TERMINAL,
    GameRecord,
    IllegalActionError,
    State,
    load,
    replay,
    sample_chance_outcome,
)
from tests.conftest import configurations, random_game

GAME_IDS = [game["id"] for game in nilegames.games()]


def snapshot(state: State) -> tuple[Any, ...]:
    return (
        state.history(),
        [state.observation(p) for p in range(state.num_players())],
        state.public_observation(),
        state.current_player(),
        state.legal_actions(),
    )


def decision_state(game_id: str, players: int, seed: int) -> State:
    state = nilegames.make(game_id, players=players)
    return nilegames.play_to_decision(state, random.Random(seed))


@pytest.mark.parametrize(("game_id", "players", "options"), list(configurations()))
def test_a_random_game_keeps_the_contract(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = nilegames.new_game(game_id, players, **options)
    low, high = game.utility_range()
    steps = 0
    state: State | None = None
    for index, state in enumerate(random_game(game_id, players, 5, **options)):
        player = state.current_player()
        assert player in (CHANCE, TERMINAL) or 0 <= player < players
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            assert actions == sorted(set(actions))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(p > 0 for _, p in outcomes)
            assert all(0 <= a < game.max_chance_outcomes() for a in actions)
        elif player >= 0:
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal))
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            assert state.chance_outcomes() == []
            if index % 5 == 0:
                words = [state.action_to_string(a) for a in legal]
                assert len(set(words)) == len(words), words
                for action, text in zip(legal, words, strict=True):
                    assert state.string_to_action(text) == action
        if index % 11 == 0:
            for viewer in [*range(players), None]:
                view = state.public_observation() if viewer is None else state.observation(viewer)
                assert json.loads(json.dumps(view)) == view
        steps = index
    assert state is not None and state.is_terminal()
    assert steps <= game.max_game_length()
    returns = state.returns()
    assert all(low <= r <= high for r in returns)
    if game.zero_sum:
        assert sum(returns) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_actions_are_refused_and_change_nothing(game_id: str) -> None:
    state = decision_state(game_id, 2, 1)
    before = snapshot(state)
    seat = state.current_player()
    illegal = next(
        a for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions()
    )
    with pytest.raises(IllegalActionError, match=f"action {illegal} is not legal for seat"):
        state.apply_action(illegal)
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply_action(10_000)
    with pytest.raises(IllegalActionError, match="an action is an int"):
        state.apply_action("0")
    with pytest.raises(IllegalActionError, match=f"it is seat {seat}'s turn"):
        state.apply_action(state.legal_actions()[0], player=1 - seat)
    with pytest.raises(IllegalActionError, match=f"it is seat {seat}'s turn"):
        state.apply_action(state.legal_actions()[0], 1 - seat)  # the seat by position
    assert snapshot(state) == before
    root = nilegames.make(game_id, players=2)
    with pytest.raises(IllegalActionError, match="chance outcome is due"):
        root.apply_action(0, player=0)
    with pytest.raises(ValueError, match="no seat 2"):
        state.observation(2)
    assert root.history() == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_new_game_starts_alike_whatever_was_played_before(game_id: str) -> None:
    """Games that hand out copies of a kept first state (Game.copy_of_first_state) must
    give each new game the same start, untouched by the games played from earlier copies,
    and a pickled game carries no kept state."""
    game = nilegames.new_game(game_id, 3)
    first = snapshot(game.new_initial_state())
    played = game.new_initial_state()
    rng = random.Random(5)
    while not played.is_terminal():
        if played.is_chance_node():
            played.apply_action(sample_chance_outcome(played, rng))
        else:
            played.apply_action(rng.choice(played.legal_actions()))
    again = game.new_initial_state()
    assert snapshot(again) == first
    assert again.chance_outcomes() == game.new_initial_state().chance_outcomes()
    thawed = pickle.loads(pickle.dumps(game))
    assert "_start" not in thawed.__dict__
    assert snapshot(thawed.new_initial_state()) == first
    assert played.history() and not again.history()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_copies_and_pickles_continue_identically_and_independently(game_id: str) -> None:
    state = decision_state(game_id, 3, 4)
    copies = [state.clone(), pickle.loads(pickle.dumps(state))]
    rng = random.Random(9)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = sample_chance_outcome(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        for copy in copies:
            assert snapshot(copy) == snapshot(state)
            copy.apply_action(action)
        state.apply_action(action)
    fresh = decision_state(game_id, 3, 4)
    assert len(fresh.history()) < len(state.history())  # the copies left the original alone


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_record_replays_exactly(game_id: str, tmp_path: Path) -> None:
    final: State | None = None
    for final in random_game(game_id, 2, 3):  # noqa: B007
        pass
    assert final is not None
    record = GameRecord.of(final)
    path = tmp_path / "game.json"
    nilegames.save(record, path)
    again = replay(load(path))
    assert again.is_terminal()
    assert snapshot(again) == snapshot(final)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resampled_worlds_look_the_same_and_replay_legally(game_id: str) -> None:
    rng = random.Random(2)
    checked = 0
    for index, state in enumerate(random_game(game_id, 3, 7)):
        if index % 29 or state.is_terminal():
            continue
        for seat in range(3):
            world = state.resample_from_infostate(seat, rng)
            assert world.observation(seat) == state.observation(seat)
            assert world.public_observation() == state.public_observation()
            again = nilegames.make(game_id, players=3)
            for action in world.history():
                again.apply_action(action)
            assert snapshot(again) == snapshot(world)
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("specs", [["random", "greedy"], ["ismcts:8", "greedy", "random"]])
def test_bots_finish_a_game_from_their_seats_view(game_id: str, specs: list[str]) -> None:
    state = nilegames.make(game_id, players=len(specs))
    rng = random.Random(6)
    bots = [make_bot(spec, seed) for seed, spec in enumerate(specs)]
    while not nilegames.play_to_decision(state, rng).is_terminal():
        seat = state.current_player()
        state.apply_action(ask(bots[seat], state, seat), player=seat)
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_terminal_plays_and_replays_every_game(game_id: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner = CliRunner()
    args = ["play", game_id, "--bots", "2", "--seed", "3", "--delay", "0", "--record", str(path)]
    result = runner.invoke(app, [*args, "--bot", "greedy"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output or "Game over" in result.output
    assert replay(load(path)).is_terminal()
    shown = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
