"""Observation tensors: layouts, what they hold, and that they hide what a seat cannot see."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

import nilegames
from nilegames.core.tensor import TensorLayout, TensorPiece
from nilegames.games.nile import NileState
from nilegames.games.nile.cards import CROPS, KIND_NAMES, LOCUST
from nilegames.games.pharaohs import PharaohsState
from tests.conftest import random_game

DOCS = Path(__file__).resolve().parent.parent / "docs" / "interfaces.md"


def test_layout_offsets_and_refusals():
    layout = TensorLayout([TensorPiece("a", 2, "first"), TensorPiece("b", 3, "second")])
    assert layout.size == 5
    assert layout.span("b") == slice(2, 5)
    writer = layout.new()
    writer.set("b", [1.0, 2.0], start=1)
    writer.put("a", 1)
    assert writer.array().tolist() == [0.0, 1.0, 0.0, 1.0, 2.0]
    with pytest.raises(ValueError, match="overflow piece 'a'"):
        writer.set("a", [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="outside piece 'b'"):
        writer.put("b", 3)
    with pytest.raises(ValueError, match="two tensor pieces"):
        TensorLayout([TensorPiece("a", 1, ""), TensorPiece("a", 1, "")])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_nile_tensors_read_the_observation(players):
    game = nilegames.new_game("nile", players=players)
    encoders = [game.observation_encoder(), game.information_state_encoder()]
    for index, state in enumerate(random_game("nile", players, players)):
        if index % 31:
            continue
        assert isinstance(state, NileState)
        for seat in range(players):
            observation = state.observation(seat)
            for encoder in encoders:
                vector = encoder.encode(observation)
                assert vector.dtype == np.float32 and vector.shape == encoder.shape
                layout = encoder.layout
                hand = vector[layout.span("hand")]
                assert hand.tolist() == state.hands[seat][:LOCUST]
                stocks = vector[layout.span("stocks")].reshape(5, len(CROPS))
                assert stocks[0].tolist() == state.stocks[seat]  # the viewer comes first
                assert stocks[1].tolist() == state.stocks[(seat + 1) % players]
                unseen = vector[layout.span("unseen")]
                assert (unseen >= 0).all()
                others = sum(state.hand_size[s] for s in range(players) if s != seat)
                specs_removed = sum(state.removed[len(CROPS) : LOCUST])
                assert unseen.sum() == state.deck_size + others + specs_removed
                assert vector[layout.span("players")][players - 2] == 1


def test_seats_see_the_same_tensor_whatever_the_hidden_cards():
    game = nilegames.new_game("nile", players=3)
    encoders = [game.observation_encoder(), game.information_state_encoder()]
    rng = random.Random(4)
    differed = 0
    for index, state in enumerate(random_game("nile", 3, 21)):
        if index % 17 or state.is_terminal():
            continue
        assert isinstance(state, NileState)
        for seat in range(3):
            world = state.resample_from_infostate(seat, rng)
            assert isinstance(world, NileState)
            differed += world.hands != state.hands
            for encoder in encoders:
                mine = encoder.encode(state.observation(seat))
                assert np.array_equal(mine, encoder.encode(world.observation(seat)))
    assert differed > 10  # the hidden cards really moved


def test_a_spectator_tensor_has_no_hand():
    state = nilegames.make("nile", players=2)
    nilegames.play_to_decision(state, random.Random(2))
    encoder = state.game.observation_encoder()
    vector = encoder.encode(state.public_observation())
    assert not vector[encoder.layout.span("hand")].any()


@pytest.mark.parametrize("game_id", [g["id"] for g in nilegames.games()])
def test_docs_give_the_layouts(game_id):
    """docs/interfaces.md shows the layouts the code uses, piece by piece, for every game."""
    text = DOCS.read_text(encoding="utf-8")
    game = nilegames.new_game(game_id)
    for encoder in (game.observation_encoder(), game.information_state_encoder()):
        assert encoder.layout.markdown() in text
        assert f"({encoder.layout.size} floats)" in text
    assert re.search(rf"\b{len(KIND_NAMES)}\b", text)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pharaohs_tensors_read_the_observation(players):
    game = nilegames.new_game("pharaohs", players=players)
    encoders = [game.observation_encoder(), game.information_state_encoder()]
    rng = random.Random(players)
    differed = 0
    for index, state in enumerate(random_game("pharaohs", players, players)):
        if index % 23 or state.is_terminal():
            continue
        assert isinstance(state, PharaohsState)
        for seat in range(players):
            observation = state.observation(seat)
            world = state.resample_from_infostate(seat, rng)
            differed += world.racks != state.racks
            for encoder in encoders:
                vector = encoder.encode(observation)
                assert vector.dtype == np.float32 and vector.shape == encoder.shape
                layout = encoder.layout
                assert vector[layout.span("rack")].tolist() == state.racks[seat]
                exits = vector[layout.span("river_exits")].reshape(-1, 8)
                assert [int("".join(str(int(b)) for b in row[::-1]), 2) for row in exits] == (
                    state.exits
                )
                owners = vector[layout.span("tile_owner")].reshape(-1, 4)
                for cell, owner in enumerate(state.owners):
                    expected = [0.0] * 4
                    if owner >= 0:
                        expected[(owner - seat) % players] = 1.0
                    assert owners[cell].tolist() == expected
                scores = vector[layout.span("scores")]
                assert scores[0] * 100 == pytest.approx(state.scores[seat])
                assert np.array_equal(vector, encoder.encode(world.observation(seat)))
    assert differed  # the hidden racks really moved
