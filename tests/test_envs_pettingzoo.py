"""The PettingZoo adapter: PettingZoo's own checks, copies that continue identically, and
observations, masks, rewards, seeding, illegal moves and rendering, for every game."""

from __future__ import annotations

import copy
import functools
import pickle
import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import nilegames
from nilegames.envs.pettingzoo import agent_name, env, raw_env, turns_per_second
from tests.conftest import configurations

# PettingZoo's api_test warns about any observation that is a dict rather than an array
# unless the env's name is on its own list of classic games; ours are dicts by design
# (observation + action_mask, the classic-game layout).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


CONFIGS = list(configurations())


def test_configurations_cover_the_nile_set() -> None:
    ids = {param.id for param in CONFIGS}
    assert {"nile-2", "nile-3", "nile-4", "nile-5", "nile-2-short", "nile-3-short"} <= ids


def random_legal(observation: dict[str, Any], rng: random.Random) -> int:
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[rng.randrange(len(legal))])


def play_out(environment: Any, seed: int, limit: int = 10**6) -> list[tuple[Any, ...]]:
    """Everything each agent sees until the game ends (or ``limit`` decisions)."""
    rng = random.Random(seed)
    seen: list[tuple[Any, ...]] = []
    decisions = 0
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        seen.append(
            (
                agent,
                observation["observation"].tolist(),
                observation["action_mask"].tolist(),
                reward,
                terminated,
                truncated,
                info,
            )
        )
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(random_legal(observation, rng))
        decisions += 1
        if decisions == limit:  # leave right after a step, as agent_iter requires
            break
    return seen


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_pettingzoo_api_test(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = nilegames.new_game(game_id, players, **options)
    # Enough cycles for a whole game, so the end of a game is checked too.
    api_test(env(game_id, players, **options), num_cycles=game.max_game_length())


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_pettingzoo_seed_test(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = nilegames.new_game(game_id, players, **options)
    make = functools.partial(env, game_id, players, **options)
    seed_test(make, num_cycles=game.max_game_length())


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_copies_continue_identically_and_independently(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    original = env(game_id, players, **options)
    original.reset(seed=21)
    play_out(original, seed=1, limit=12)  # mid-game: cards are still to be drawn
    before = original.unwrapped.game_state.history()
    copies = [copy.deepcopy(original), pickle.loads(pickle.dumps(original))]
    for duplicate in copies:
        assert duplicate.unwrapped is not original.unwrapped
        assert duplicate.unwrapped.game_state.history() == before

    # The copies play first: had they shared the state or the generator with the
    # original, the original would then be somewhere else or draw other cards.
    runs = [play_out(duplicate, seed=2) for duplicate in copies]
    assert original.unwrapped.game_state.history() == before
    runs.append(play_out(original, seed=2))

    assert runs[0] == runs[1] == runs[2]
    assert runs[0][-1][4] is True  # each ran to the end of the game
    histories = [e.unwrapped.game_state.history() for e in (*copies, original)]
    assert histories[0] == histories[1] == histories[2]
    assert len(histories[0]) > len(before)


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_observations_masks_and_infos_come_from_each_seats_view(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    environment = env(game_id, players, **options)
    environment.reset(seed=5)
    game = environment.unwrapped.game
    encoder = game.observation_encoder()
    rng = random.Random(5)
    assert environment.possible_agents == [f"player_{s}" for s in range(players)]
    for agent in environment.possible_agents:
        assert environment.action_space(agent).n == game.num_distinct_actions()
        assert environment.observation_space(agent)["observation"].shape == encoder.shape
    for _ in range(25):
        state = environment.unwrapped.game_state
        mover = state.current_player()
        assert environment.agent_selection == agent_name(mover)
        legal = state.legal_actions()
        for seat, agent in enumerate(environment.possible_agents):
            observation = environment.observe(agent)
            assert observation in environment.observation_space(agent)
            expected = encoder.encode(state.observation(seat))
            np.testing.assert_array_equal(observation["observation"], expected)
            assert observation["action_mask"].dtype == np.int8
            shown = np.flatnonzero(observation["action_mask"]).tolist()
            assert shown == (legal if seat == mover else [])
            assert environment.infos[agent]["legal_actions"] == (legal if seat == mover else [])
        environment.step(rng.choice(legal))


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_rewards_are_zero_until_the_end_then_the_games_returns(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    environment = env(game_id, players, **options)
    environment.reset(seed=9)
    seen = play_out(environment, seed=9)
    live = [entry for entry in seen if not entry[4]]
    final = {entry[0]: entry for entry in seen if entry[4]}
    assert all(entry[3] == 0 for entry in live)
    assert sorted(final) == sorted(environment.possible_agents)  # every agent saw the end
    state = environment.unwrapped.game_state
    assert state.is_terminal()
    returns = state.returns()
    for seat, agent in enumerate(environment.possible_agents):
        assert final[agent][3] == returns[seat]
        assert final[agent][5] is False  # never truncated
        assert final[agent][2] == [0] * environment.unwrapped.game.num_distinct_actions()
    if environment.unwrapped.game.zero_sum:
        assert sum(returns) == pytest.approx(0.0)
    assert not environment.agents


def test_a_seed_fixes_the_game_and_an_unseeded_reset_deals_a_new_one() -> None:
    environment = raw_env("nile", players=3)

    def history_after(seed: int | None, noise: int) -> list[int]:
        random.seed(noise)  # the global generator must not matter
        environment.reset(seed=seed)
        return environment.game_state.history()

    first = history_after(4, noise=1)
    assert history_after(4, noise=2) == first
    assert history_after(5, noise=1) != first
    following = history_after(None, noise=3)
    assert following != first
    other = raw_env("nile", players=3)
    other.reset(seed=5)
    other.reset()
    assert other.game_state.history() == following


def test_an_illegal_action_raises_naming_it_and_changes_nothing() -> None:
    environment = env("nile", players=3)
    environment.reset(seed=3)
    observation, *_ = environment.last()
    mask = observation["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    agent = environment.agent_selection
    before = environment.unwrapped.game_state.history()
    with pytest.raises(nilegames.IllegalActionError, match=rf"{agent}: action {illegal} "):
        environment.step(illegal)
    assert environment.agent_selection == agent
    assert environment.unwrapped.game_state.history() == before
    after, *_ = environment.last()
    np.testing.assert_array_equal(after["observation"], observation["observation"])

    with pytest.raises(AssertionError, match="action space"):
        environment.step(len(mask))  # outside the space: the wrapper refuses it first
    bare = raw_env("nile", players=2)
    bare.reset(seed=0)
    with pytest.raises(nilegames.IllegalActionError, match="integer"):
        bare.step(1.5)

    environment.step(np.int64(np.flatnonzero(mask)[0]))  # numpy integers are accepted
    assert len(environment.unwrapped.game_state.history()) > len(before)


def test_render_shows_the_movers_view_then_the_public_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    environment = env("nile", players=2, render_mode="ansi")
    environment.reset(seed=8)
    game = environment.unwrapped.game
    state = environment.unwrapped.game_state
    mover = state.current_player()
    text = environment.render()
    assert text == game.render_text(state.observation(mover))
    assert text != game.render_text(state.observation(1 - mover))
    play_out(environment, seed=8)
    assert environment.render() == game.render_text(state.public_observation())

    shown = env("nile", players=2, render_mode="human")
    shown.reset(seed=8)
    capsys.readouterr()
    assert shown.render() is None
    assert capsys.readouterr().out == text + "\n"

    with pytest.raises(ValueError, match="render_mode"):
        env("nile", players=2, render_mode="rgb_array")


def test_turns_per_second_plays_random_legal_games() -> None:
    assert turns_per_second("nile", 2, seconds=0.2, seed=0) > 10
