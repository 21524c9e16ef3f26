"""The OpenSpiel adapter: registration, GameType/GameInfo, OpenSpiel's own random-simulation
test, resampling, serialisation, observers, and OpenSpiel's MCTS and IS-MCTS bots."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")  # the optional ``rl`` extra

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import nilegames  # noqa: E402
from nilegames.core import game_class  # noqa: E402
from nilegames.envs import openspiel as adapter  # noqa: E402

# (players, variant) of NILE: every player count, and the short variant where it exists.
CONFIGS = [(2, "standard"), (3, "standard"), (4, "standard"), (5, "standard")]
CONFIGS += [(2, "short"), (3, "short")]
#: The newest NILE rules edition: what a game loaded without a ``rules`` parameter plays.
NEWEST = game_class("nile").rules_edition
CONFIG_IDS = [f"{players}p-{variant}" for players, variant in CONFIGS]

INFO_STATE = pyspiel.IIGObservationType(perfect_recall=True)
OBSERVATION = pyspiel.IIGObservationType(perfect_recall=False)
NO_PRIVATE = pyspiel.PrivateInfoType.NONE
PUBLIC_RECALL = pyspiel.IIGObservationType(
    public_info=True, perfect_recall=True, private_info=NO_PRIVATE
)
PUBLIC_NOW = pyspiel.IIGObservationType(
    public_info=True, perfect_recall=False, private_info=NO_PRIVATE
)


def load(players: int, variant: str = "standard") -> Any:
    return pyspiel.load_game(f"python_nilegames_nile(players={players},variant={variant})")


def canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def random_states(game: Any, seed: int) -> Iterator[Any]:
    """The state before every action of one random game (chance by its odds), then the end."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


def decision_states(game: Any, seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th decision state of a random game, and its final state."""
    decisions = 0
    for state in random_states(game, seed):
        if state.is_terminal():
            yield state
        elif not state.is_chance_node():
            decisions += 1
            if decisions % every == 1:
                yield state


# -- registration ----------------------------------------------------------------------


def test_every_registered_game_is_loadable_by_its_short_name() -> None:
    names = set(pyspiel.registered_names())
    for described in nilegames.games():
        name = f"python_nilegames_{described['id']}"
        assert name in names
        game = pyspiel.load_game(name)
        assert game.num_players() == described["min_players"]
    assert adapter.register_all() == adapter.register_all()
    assert adapter.register_all() == [f"python_nilegames_{d['id']}" for d in nilegames.games()]


def test_importing_twice_and_exiting_is_clean() -> None:
    """A reload re-registers nothing, and the interpreter shuts down without aborting."""
    code = (
        "import importlib, pyspiel\n"
        "import nilegames.envs.openspiel as m\n"
        "importlib.reload(m)\n"
        "m.register_all()\n"
        "game = pyspiel.load_game('python_nilegames_nile(players=3)')\n"
        "print(game.new_initial_state().get_game())\n"
        "print(game.nilegames_game.rules_edition)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    name, newest = done.stdout.split()
    assert name == (
        f"python_nilegames_nile(open_stocks=False,players=3,rules={newest},variant=standard)"
    )
    assert "Fatal" not in done.stderr


def test_game_type() -> None:
    game = pyspiel.load_game("python_nilegames_nile(players=3)")
    kind = game.get_type()
    assert kind.short_name == "python_nilegames_nile"
    assert "NILE" in kind.long_name
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 5)
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    defaults = {"open_stocks": False, "rules": NEWEST, "variant": "standard"}
    assert kind.parameter_specification == {"players": 2, **defaults}
    assert game.get_parameters() == {"players": 3, **defaults}
    assert str(game) == (
        f"python_nilegames_nile(open_stocks=False,players=3,rules={NEWEST},variant=standard)"
    )
    older = pyspiel.load_game("python_nilegames_nile(players=3,rules=1)")
    assert older.nilegames_game.rules == 1
    assert pyspiel.load_game("python_nilegames_nile").num_players() == 2
    assert isinstance(game, adapter.NilegamesGame)
    assert game.nilegames_game.players == 3


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=CONFIG_IDS)
def test_game_info_has_the_true_bounds(players: int, variant: str) -> None:
    game = load(players, variant)
    ours = nilegames.new_game("nile", players=players, variant=variant)
    assert game.num_players() == players
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.max_chance_outcomes() == ours.max_chance_outcomes()
    assert game.max_game_length() == ours.max_game_length()
    assert (game.min_utility(), game.max_utility()) == ours.utility_range()
    assert game.utility_sum() == 0.0
    options = {"variant": variant, "open_stocks": False, "rules": NEWEST}
    assert game.get_parameters() == {"players": players, **options}
    assert game.nilegames_game.options == options


def test_load_game_helper_matches_the_game_string() -> None:
    game = adapter.load_game("nile", players=3, variant="short")
    assert str(game) == (
        f"python_nilegames_nile(open_stocks=False,players=3,rules={NEWEST},variant=short)"
    )
    assert game.nilegames_game.options == {
        "variant": "short",
        "open_stocks": False,
        "rules": NEWEST,
    }
    assert adapter.load_game("nile", open_stocks=True).nilegames_game.options["open_stocks"]


@pytest.mark.parametrize(
    ("parameters", "error", "words"),
    [
        ("players=7", nilegames.GameOptionError, "2 to 5 players, not 7"),
        ("players=1", nilegames.GameOptionError, "2 to 5 players, not 1"),
        ("variant=long", nilegames.GameOptionError, "variant='long' is not one of"),
        ("players=4,variant=short", nilegames.GameOptionError, "short variant is for 2 or 3"),
        ("colour=red", pyspiel.SpielError, "Unknown parameter 'colour'"),
        ("players=two", pyspiel.SpielError, "Wrong type for parameter players"),
    ],
)
def test_bad_parameters_are_refused_clearly(parameters: str, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        pyspiel.load_game(f"python_nilegames_nile({parameters})")


def test_a_directly_built_game_refuses_unknown_parameters() -> None:
    with pytest.raises(nilegames.GameOptionError, match="no parameter colour"):
        adapter.NilegamesGame("nile", {"players": 2, "colour": "red"})


# -- OpenSpiel's own consistency test -----------------------------------------------------


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_random_sim_test_with_serialization(players: int, variant: str) -> None:
    # Clones, serialises and deserialises, and reads every observation of every seat at
    # every step; one game per configuration keeps the run short.
    pyspiel.random_sim_test(load(players, variant), num_sims=1, serialize=True, verbose=False)


# -- the state --------------------------------------------------------------------------


def test_state_passes_the_nilegames_state_through() -> None:
    game = load(3)
    for state in decision_states(game, seed=3, every=9):
        inner = state.nilegames_state
        assert state.history() == inner.history()
        assert state.current_player() == inner.current_player()
        assert state.is_terminal() == inner.is_terminal()
        assert state.returns() == inner.returns()
        if state.is_terminal():
            assert state.current_player() == pyspiel.PlayerId.TERMINAL
            assert sum(state.returns()) == pytest.approx(0.0)
            assert state.rewards() == state.returns()
            assert state.legal_actions() == []
            continue
        player = state.current_player()
        assert state.legal_actions() == inner.legal_actions()
        assert state.legal_actions(player) == inner.legal_actions()
        assert state.legal_actions((player + 1) % 3) == []
        assert state.rewards() == [0.0, 0.0, 0.0]
        action = state.legal_actions()[-1]
        assert state.action_to_string(player, action) == inner.action_to_string(action)
        assert str(state) == str(inner)


def test_chance_nodes_match_the_core() -> None:
    state = load(2).new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.is_chance_node()
    assert state.chance_outcomes() == state.nilegames_state.chance_outcomes()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert state.rewards() == [0.0, 0.0]  # OpenSpiel's default would refuse at chance


def test_illegal_action_raises_and_changes_nothing() -> None:
    game = load(2, "short")
    state = next(s for s in random_states(game, seed=5) if not s.is_chance_node())
    before = (state.history(), state.information_state_string(0))
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(nilegames.IllegalActionError):
        state.apply_action(illegal)
    assert (state.history(), state.information_state_string(0)) == before
    assert state.nilegames_state.history() == state.history()


def test_clone_is_independent() -> None:
    game = load(3)
    state = next(s for s in random_states(game, seed=8) if len(s.history()) > 40)
    copy = state.clone()
    assert isinstance(copy, adapter.NilegamesState)
    assert copy.nilegames_state is not state.nilegames_state
    assert copy.history() == state.history()
    strings = [state.information_state_string(p) for p in range(3)]
    assert [copy.information_state_string(p) for p in range(3)] == strings
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() == copy.history()[:-1]
    assert state.nilegames_state.history() == state.history()
    assert [state.information_state_string(p) for p in range(3)] == strings
    assert copy.information_state_string(0) != strings[0]


# -- serialisation ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "variant"), [(3, "standard"), (2, "short")])
def test_serialization_round_trips(players: int, variant: str) -> None:
    game = load(players, variant)
    for state in decision_states(game, seed=11, every=15):
        strings = [state.information_state_string(p) for p in range(players)]
        observed = [state.observation_string(p) for p in range(players)]

        text = pyspiel.serialize_game_and_state(game, state)
        game_copy, copy = pyspiel.deserialize_game_and_state(text)
        assert str(game_copy) == str(game)
        assert copy.history() == state.history() == copy.nilegames_state.history()
        assert [copy.information_state_string(p) for p in range(players)] == strings
        assert [copy.observation_string(p) for p in range(players)] == observed
        assert copy.returns() == state.returns()

        again = game.deserialize_state(state.serialize())
        assert again.history() == state.history()
        assert again.nilegames_state is not state.nilegames_state
        assert [again.information_state_string(p) for p in range(players)] == strings
        if not state.is_terminal():  # the copy goes on exactly like the original
            action = state.legal_actions()[0]
            twin = state.clone()
            twin.apply_action(action)
            again.apply_action(action)
            assert again.information_state_string(0) == twin.information_state_string(0)


# -- resampling -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "variant", "every"), [(2, "short", 3), (3, "standard", 8)])
def test_resample_keeps_the_information_state(players: int, variant: str, every: int) -> None:
    """In the spirit of OpenSpiel's ResampleInfostateTest, with tensors and strings."""
    game = load(players, variant)
    sampler = pyspiel.UniformProbabilitySampler(17, 0.0, 1.0)
    info_state = make_observation(game, INFO_STATE)
    other = make_observation(game, INFO_STATE)
    worlds_differ = 0
    for state in decision_states(game, seed=players, every=every):
        if state.is_terminal():
            continue
        for player in range(players):
            sampled = state.resample_from_infostate(player, sampler)
            assert isinstance(sampled, adapter.NilegamesState)
            assert sampled.current_player() == state.current_player()
            assert sampled.information_state_string(player) == state.information_state_string(
                player
            )
            assert sampled.observation_string(player) == state.observation_string(player)
            info_state.set_from(state, player)
            other.set_from(sampled, player)
            np.testing.assert_array_equal(other.tensor, info_state.tensor)
            assert sampled.information_state_tensor(player) == state.information_state_tensor(
                player
            )
            assert sampled.history() == sampled.nilegames_state.history()
            assert len(sampled.history()) == len(state.history())
            if player == state.current_player():
                assert sampled.legal_actions() == state.legal_actions()
            worlds_differ += sampled.history() != state.history()
    assert worlds_differ > 0  # hidden cards really are drawn anew


def test_resample_is_reproducible_with_a_seeded_sampler() -> None:
    game = load(3)
    state = next(s for s in random_states(game, seed=4) if len(s.history()) > 120)
    worlds = []
    for _ in range(2):
        fresh = game.deserialize_state(state.serialize())  # no resampling work cached yet
        sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
        worlds.append(fresh.resample_from_infostate(1, sampler).history())
    assert worlds[0] == worlds[1]
    unseeded = [
        state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0)).history()
        for _ in range(5)
    ]
    assert len({tuple(h) for h in unseeded}) > 1


# -- observers --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=CONFIG_IDS)
def test_tensors_come_from_the_game_encoders(players: int, variant: str) -> None:
    game = load(players, variant)
    ours = game.nilegames_game
    encoders = {
        "info": (INFO_STATE, ours.information_state_encoder()),
        "obs": (OBSERVATION, ours.observation_encoder()),
    }
    assert game.information_state_tensor_shape() == list(encoders["info"][1].shape)
    assert game.observation_tensor_shape() == list(encoders["obs"][1].shape)
    observers = {name: make_observation(game, kind) for name, (kind, _) in encoders.items()}
    for state in decision_states(game, seed=21, every=40):
        for player in range(players):
            view = state.nilegames_state.observation(player)
            for name, (_, encoder) in encoders.items():
                observer = observers[name]
                observer.set_from(state, player)
                tensor = observer.tensor
                assert tensor.dtype == np.float32
                assert tensor.shape == encoder.shape
                assert np.all(np.isfinite(tensor))
                np.testing.assert_array_equal(tensor, encoder.encode(view))
                # The dict holds views into the tensor, one per piece, in layout order.
                layout = encoder.layout
                assert list(observer.dict) == [piece.name for piece in layout.pieces]
                for piece in layout.pieces:
                    part = observer.dict[piece.name]
                    assert np.shares_memory(part, tensor)
                    np.testing.assert_array_equal(part, tensor[layout.span(piece.name)])
            # OpenSpiel's C++ side reads the same numbers, in the same order.
            observers["info"].set_from(state, player)
            assert np.array_equal(state.information_state_tensor(player), observers["info"].tensor)
            observers["obs"].set_from(state, player)
            assert np.array_equal(state.observation_tensor(player), observers["obs"].tensor)


def test_strings_are_canonical_json_of_the_observation() -> None:
    game = load(3)
    public_recall = make_observation(game, PUBLIC_RECALL)
    public_now = make_observation(game, PUBLIC_NOW)
    default = make_observation(game)
    for state in decision_states(game, seed=9, every=30):
        inner = state.nilegames_state
        for player in range(3):
            view = inner.observation(player)
            assert state.information_state_string(player) == canonical(view)
            now = json.loads(state.observation_string(player))
            assert "log" not in now
            assert now == {k: v for k, v in view.items() if k != "log"}
            assert default.string_from(state, player) == state.observation_string(player)
        # A spectator's observer ignores the seat and shows the public view.
        public = inner.public_observation()
        assert {public_recall.string_from(state, p) for p in range(3)} == {canonical(public)}
        public_recall.set_from(state, 1)
        encoder = game.nilegames_game.information_state_encoder()
        np.testing.assert_array_equal(public_recall.tensor, encoder.encode(public))
        assert json.loads(public_now.string_from(state, 2)) == {
            k: v for k, v in public.items() if k != "log"
        }


def test_hidden_cards_stay_out_of_other_seats_strings() -> None:
    """Seats see different information states, and a seat's string ignores others' hands."""
    game = load(2)
    state = next(s for s in random_states(game, seed=6) if len(s.history()) > 60)
    assert state.information_state_string(0) != state.information_state_string(1)
    sampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    assert sampled.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize(
    "kind",
    [
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        ),
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    ],
)
def test_unsupported_observers_are_refused(kind: Any) -> None:
    with pytest.raises(ValueError, match="not supported"):
        make_observation(load(2), kind)
    with pytest.raises(ValueError, match="parameters are not supported"):
        make_observation(load(2), INFO_STATE, {"detail": 1})


# -- OpenSpiel's bots ---------------------------------------------------------------------------


def play_against_random(game: Any, bot: Any, seed: int) -> tuple[Any, int]:
    """Seat 0 is ``bot``, seat 1 picks uniformly; returns the final state and bot moves."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    bot_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif state.current_player() == 0 and len(state.legal_actions()) > 1:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            bot_moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, bot_moves


def test_ismcts_bot_plays_a_whole_game() -> None:
    game = load(2, "short")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(2)
    )
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    calls = []

    def resample(state: Any, player: int) -> Any:
        # What ISMCTSBot does by default, with a seeded sampler to make the run repeatable.
        calls.append(player)
        return state.resample_from_infostate(player, sampler)

    bot.set_resampler(resample)
    state, bot_moves = play_against_random(game, bot, seed=4)
    assert state.is_terminal()
    assert sum(state.returns()) == pytest.approx(0.0)
    assert all(-1.0 <= value <= 1.0 for value in state.returns())
    assert bot_moves > 10
    assert len(calls) == 20 * bot_moves and set(calls) == {0}


def test_mcts_bot_plays_a_whole_game() -> None:
    game = load(2, "short")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(5))
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=20,
        evaluator=evaluator,
        random_state=np.random.RandomState(6),
    )
    state, bot_moves = play_against_random(game, bot, seed=7)
    assert state.is_terminal()
    assert sum(state.returns()) == pytest.approx(0.0)
    assert all(-1.0 <= value <= 1.0 for value in state.returns())
    assert bot_moves > 10
