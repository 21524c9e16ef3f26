"""The Gymnasium adapter: Gymnasium's checker, registration, seeding, rewards, masks, what
the bots see, illegal actions and rendering."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import nilegames
from nilegames.core import Action, Observation, State
from nilegames.envs.gymnasium import NilegamesEnv, env_id, register_envs
from tests.conftest import configurations

# The encoders declare no value bounds, so the observation Box is unbounded on purpose;
# check_env warns about that, about a wrapped env when given gymnasium.make's result, and
# about a directly built env having no spec (the registered one is checked as well).
pytestmark = [
    pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes"),
    pytest.mark.filterwarnings("ignore:.*Box observation space m.* is .*infinity"),
    pytest.mark.filterwarnings("ignore:.*is different from the unwrapped version"),
]


CONFIGS = list(configurations())


def episode(env: Any, seed: int, play_seed: int) -> list[tuple[Any, ...]]:
    """Observations, rewards and infos of one episode of random legal learner moves."""
    rng = random.Random(play_seed)
    observation, info = env.reset(seed=seed)
    steps: list[tuple[Any, ...]] = [(observation.tolist(), info["legal_actions"])]
    terminated = False
    while not terminated:
        action = rng.choice(info["legal_actions"])
        observation, reward, terminated, truncated, info = env.step(action)
        assert truncated is False
        steps.append((observation.tolist(), reward, terminated, info["legal_actions"]))
    return steps


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_check_env_passes(game_id: str, players: int, options: dict[str, Any]) -> None:
    check_env(NilegamesEnv(game_id, players, **options))
    # Made through the registry the env has a spec, so both render modes get checked too.
    check_env(gymnasium.make(env_id(game_id), players=players, **options).unwrapped)


def test_every_game_is_registered_and_made_with_keyword_arguments() -> None:
    assert env_id("nile") == "nilegames/Nile-v0"
    assert env_id("nile_deluxe") == "nilegames/NileDeluxe-v0"
    for described in nilegames.games():
        made = gymnasium.make(env_id(described["id"]))
        assert made.unwrapped.game.id == described["id"]  # type: ignore[attr-defined]
        check_env(made.unwrapped)  # with a spec, so both render modes are checked too
        check_env(made)

    made = gymnasium.make("nilegames/Nile-v0", players=3, opponents=["random", "random"])
    check_env(made)
    inner = made.unwrapped
    assert isinstance(inner, NilegamesEnv)
    assert inner.game.players == 3
    assert inner.bot_seats == [1, 2]
    # Registering again (for instance after more games appear) neither fails nor warns.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert register_envs() == [env_id(d["id"]) for d in nilegames.games()]


def test_players_follow_the_opponents_and_bad_tables_are_refused() -> None:
    assert NilegamesEnv("nile", opponents=["random"] * 4).game.players == 5
    with pytest.raises(nilegames.GameOptionError, match="need 2 opponents"):
        NilegamesEnv("nile", players=3, opponents=["random"])
    with pytest.raises(nilegames.GameOptionError, match="seat"):
        NilegamesEnv("nile", players=3, seat=3)
    with pytest.raises(nilegames.GameOptionError, match="no bot"):
        NilegamesEnv("nile", players=2, opponents=["nobody"]).reset(seed=0)
    with pytest.raises(ValueError, match="illegal_action"):
        NilegamesEnv("nile", illegal_action="ignore")  # type: ignore[arg-type]


def test_a_seed_repeats_an_episode_and_another_seed_changes_it() -> None:
    env = gymnasium.make("nilegames/Nile-v0", players=3)
    inner = env.unwrapped
    assert isinstance(inner, NilegamesEnv)
    first = episode(env, seed=11, play_seed=0)
    history = inner.game_state.history()
    random.seed(99)  # the global generator must not matter
    assert episode(env, seed=11, play_seed=0) == first
    assert inner.game_state.history() == history
    episode(env, seed=12, play_seed=0)
    assert inner.game_state.history() != history


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_each_step_shows_the_learners_view_and_mask_and_the_end_pays_its_return(
    seat: int,
) -> None:
    env = NilegamesEnv("nile", players=3, seat=seat)
    encoder = env.game.observation_encoder()
    rng = random.Random(seat)
    observation, info = env.reset(seed=30 + seat)
    reward, terminated = 0.0, False
    while True:
        state = env.game_state
        np.testing.assert_array_equal(observation, encoder.encode(state.observation(seat)))
        assert info["action_mask"].dtype == np.int8
        assert np.flatnonzero(info["action_mask"]).tolist() == info["legal_actions"]
        assert (env.action_masks() == info["action_mask"].astype(bool)).all()
        if terminated:
            break
        assert reward == 0.0
        assert state.current_player() == seat  # the bots have moved up to the learner
        assert info["legal_actions"] == state.legal_actions()
        observation, reward, terminated, _, info = env.step(rng.choice(info["legal_actions"]))
    assert state.is_terminal()
    assert reward == state.returns()[seat]
    assert info["returns"] == state.returns()
    assert info["legal_actions"] == []
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


class SpyBot:
    """A random bot that checks it is only ever shown its own seat's view."""

    name = "spy"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.env: NilegamesEnv | None = None
        self.calls = 0
        self.rng = random.Random(seat)

    def step(self, observation: Observation, legal_actions: list[Action]) -> Action:
        assert self.env is not None
        state = self.env.game_state
        assert state.current_player() == self.seat
        assert observation["seat"] == self.seat
        assert observation == state.observation(self.seat)  # its view, nothing more
        assert legal_actions == state.legal_actions()
        self.calls += 1
        return self.rng.choice(legal_actions)


class ResamplingSpyBot(SpyBot):
    """A spy whose ``step`` takes a resampler, as search bots do."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.resampled = 0

    def step(
        self, observation: Observation, legal_actions: list[Action], resample: Any = None
    ) -> Action:
        assert resample is not None
        if not self.resampled:
            world = resample(random.Random(0))
            assert isinstance(world, State)
            assert world.observation(self.seat) == observation
            self.resampled += 1
        return super().step(observation, legal_actions)


def test_bots_get_only_their_own_seats_observation() -> None:
    spies = [SpyBot(0), ResamplingSpyBot(2), SpyBot(3)]
    env = NilegamesEnv("nile", players=4, seat=1, opponents=spies)
    assert env.bot_seats == [0, 2, 3]
    for spy in spies:
        spy.env = env
    episode(env, seed=4, play_seed=4)
    assert all(spy.calls > 0 for spy in spies)
    assert spies[1].resampled == 1  # type: ignore[attr-defined]


def test_an_illegal_action_is_penalised_by_default_or_raised_on_request() -> None:
    env = NilegamesEnv("nile", players=2)
    _, info = env.reset(seed=6)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    history = env.game_state.history()
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (env.game.utility_range()[0], True, False)
    assert info["illegal_action"] == illegal
    assert info["legal_actions"] == []
    assert env.game_state.history() == history
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)

    strict = NilegamesEnv("nile", players=2, illegal_action="raise")
    _, info = strict.reset(seed=6)
    with pytest.raises(nilegames.IllegalActionError, match=rf"cannot play action {illegal}\b"):
        strict.step(illegal)
    assert strict.game_state.history() == history
    strict.step(np.int64(info["legal_actions"][0]))  # still in play; numpy ints accepted
    assert len(strict.game_state.history()) > len(history)


def test_render_shows_the_learners_view_then_the_public_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = NilegamesEnv("nile", players=2, seat=1, render_mode="ansi")
    env.reset(seed=2)
    state = env.game_state
    text = env.render()
    assert text == env.game.render_text(state.observation(1))
    assert text != env.game.render_text(state.observation(0))
    episode(env, seed=2, play_seed=2)
    assert env.render() == env.game.render_text(env.game_state.public_observation())

    shown = NilegamesEnv("nile", players=2, seat=1, render_mode="human")
    shown.reset(seed=2)
    capsys.readouterr()
    assert shown.render() is None
    assert capsys.readouterr().out == text + "\n"
