"""Properties of NIL (pharaohs) that hold in every game, for hidden information and
copies: checked over random games (tests/pharaohs_helpers.py's ``games``).

A world resampled for a seat keeps that seat's view and its rack and replays legally
from the start, also at the bag's last tiles, and the plan the resampler carries along
a game is the plan made afresh; a clone, a pickle or a deep copy shares nothing with
the original and plays on like it.
"""

from __future__ import annotations

import ast
import copy
import pickle
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from nilegames.core import resolve_chance
from nilegames.games.pharaohs import resample as resample_module
from nilegames.games.pharaohs import state as state_module
from nilegames.games.pharaohs.game import PharaohsGame
from nilegames.games.pharaohs.state import PICKLED_FIELDS, PLAY, PharaohsState
from tests.pharaohs_helpers import SETTINGS, Config, configs, crowded_games, games, snapshot

# -- hidden information -------------------------------------------------------------------------


def replay(state: PharaohsState) -> PharaohsState:
    """A fresh game with ``state``'s history applied move for move (each must be legal)."""
    fresh = PharaohsGame(state.n).new_initial_state()
    for action in state.history():
        player = fresh.current_player()
        fresh.apply_action(action, player=player if player >= 0 else None)
    return fresh


def world(state: PharaohsState) -> tuple[Any, ...]:
    return (
        [list(r) for r in state.racks],
        list(state.bag),
        list(state.exits),
        list(state.tiles),
        list(state.scores),
        list(state.river),
        list(state.events),
        state.phase,
        state.seat,
    )


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs())
@example((3, 2860, 0.95))  # a seat laid a tile into a loop: it held a universal then
@example((4, 229651, 0.95))  # three seats kept universals for loops, one showed its own
def test_resample_is_consistent(config: Config) -> None:
    rng = random.Random(config[1])
    checked = varied = 0
    for state in games(config):
        if state.phase < PLAY or (rng.random() > 0.04 and not state.is_terminal()):
            continue
        player = rng.randrange(state.n)
        seen = state.observation(player)
        others = set()
        for _ in range(4):
            sample = state.resample_from_infostate(player, rng)
            assert sample.observation(player) == seen
            assert sample.racks[player] == state.racks[player]
            assert world(replay(sample)) == world(sample)  # legal, and the same world
            assert sample.bag_size == sum(sample.bag) == state.bag_size
            assert sample.rack_size == state.rack_size
            others.add(tuple(tuple(r) for s, r in enumerate(sample.racks) if s != player))
        if state.is_terminal():  # every rack is shown at the end
            assert others == {tuple(tuple(r) for s, r in enumerate(state.racks) if s != player)}
            continue
        checked += 1
        varied += len(others) > 1
    assert varied >= checked // 2, "resampling should usually change the other racks"


#: The bag's last tiles: below this many, a state counts as the end of the bag.
LAST_TILES = 6


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.booleans())
@example((4, 47, 1.0), False)  # a game ended with the bag empty: the search gave up
def test_resample_at_the_end_of_the_bag(config: Config, crowded: bool) -> None:
    """Every seat, at every decision and at the end once the bag is nearly empty: the
    hidden draws left are then few and forced, which a sampler must still find."""
    rng = random.Random(config[1])
    for state in (crowded_games if crowded else games)(config):
        if state.bag_size > LAST_TILES or state.phase < PLAY or state.is_chance_node():
            continue
        for player in range(state.n):
            seen = state.observation(player)
            for _ in range(3):
                sample = state.resample_from_infostate(player, rng)
                assert sample.observation(player) == seen
                assert sample.racks[player] == state.racks[player]
                assert sample.bag_size == sum(sample.bag) == state.bag_size
            assert world(replay(sample)) == world(sample)  # legal, and the same world


@SETTINGS
@given(configs())
@example((3, 2, 0.95))  # loops: seats kept universal tiles
def test_a_plan_carried_along_the_game_is_the_plan_made_afresh(config: Config) -> None:
    """The resampler replays the board once per state, going on from the plan it made
    for the same state earlier in the game: the same holds as a replay from the start."""
    rng = random.Random(config[1])
    for state in crowded_games(config):
        if state.phase != PLAY or rng.random() > 0.3:
            continue
        seat = state.seat
        state.resample_from_infostate(seat, rng)
        kept = state.resample_plans[seat]
        assert isinstance(kept, resample_module._Plan)
        assert kept.holds == resample_module._Plan(state, seat).holds


# -- copies ------------------------------------------------------------------------------------


def play_out(state: PharaohsState, rng: random.Random) -> list[int]:
    actions = []
    while not state.is_terminal():
        if state.is_chance_node():
            actions.append(resolve_chance(state, rng))
        else:
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions.append(action)
    return actions


@SETTINGS
@given(configs())
def test_clone_is_independent(config: Config) -> None:
    rng = random.Random(config[1])
    for state in games(config):
        if rng.random() > 0.02 or state.is_terminal():
            continue
        before = snapshot(state)
        views = [state.observation(p) for p in range(state.n)]
        clone = state.clone()
        actions = play_out(clone, rng)
        assert snapshot(state) == before  # the clone shares nothing it changed
        assert [state.observation(p) for p in range(state.n)] == views
        again = state.clone()
        for action in actions:
            again.apply_action(action)
        assert world(again) == world(clone) and again.returns() == clone.returns()


def test_pickled_fields_are_every_field_but_the_caches() -> None:
    """Read from the source: a compiled build (mypyc) keeps no ``__slots__`` at run time."""
    source = (Path(state_module.__file__ or "").parent / "state.py").read_text()
    slots = next(
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets)
    )
    names = set(ast.literal_eval(slots))
    caches = {"legal_cache", "log_views", "reach", "resample_plans", "shared_board"}
    assert set(PICKLED_FIELDS) == names - caches


@SETTINGS
@given(configs())
def test_pickled_state_plays_on_like_the_original(config: Config) -> None:
    rng = random.Random(config[1])
    for state in games(config):
        if rng.random() > 0.02 or state.is_terminal():
            continue
        state.observation(0)  # fill the kept log words, which are not pickled
        for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert isinstance(copied, PharaohsState)
            assert snapshot(copied) == snapshot(state)
            assert [copied.observation(p) for p in range(state.n)] == [
                state.observation(p) for p in range(state.n)
            ]
            assert copied.legal_actions() == state.legal_actions()
            mine = copied.clone()
            actions = play_out(mine, random.Random(config[1]))
            theirs = state.clone()
            for action in actions:
                theirs.apply_action(action)
            assert world(mine) == world(theirs)
