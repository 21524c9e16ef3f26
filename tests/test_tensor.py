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
                over = state.is_terminal()  # every stock is shown for the scoring
                nxt = (seat + 1) % players
                assert stocks[1].tolist() == (state.stocks[nxt] if over else [0] * len(CROPS))
                sizes = vector[layout.span("stock_sizes")]
                assert sizes[1] == sum(state.stocks[nxt])
                unseen = vector[layout.span("unseen")]
                assert (unseen >= 0).all()
                others = sum(state.hand_size[s] for s in range(players) if s != seat)
                if not over:
                    others += sum(sum(state.stocks[s]) for s in range(players) if s != seat)
                specs_removed = sum(state.removed[len(CROPS) : LOCUST])
                assert unseen.sum() == state.deck_size + others + specs_removed
                if encoder is encoders[1]:  # a seat that remembers knows every stock
                    harvested = vector[layout.span("harvested")].reshape(5, len(CROPS))
                    traded = vector[layout.span("stock_discards")].reshape(5, len(CROPS))
                    recalled = (harvested - traded)[1].tolist()
                    assert recalled == state.stocks[nxt]
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


def _artifact_classes(cards):
    from nilegames.games.artifacts.tensor import CARD_CLASS, NUM_CLASSES

    counts = [0.0] * NUM_CLASSES
    for card in cards:
        counts[CARD_CLASS[card]] += 1
    return counts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_artifacts_tensors_read_the_observation(players):
    from nilegames.games.artifacts import ArtifactsState
    from nilegames.games.artifacts.cards import CARDS, NUM_STOPS
    from nilegames.games.artifacts.state import DECLARING, TAKING
    from nilegames.games.artifacts.tensor import CARD_FACE, NUM_CLASSES, NUM_FACES

    game = nilegames.new_game("artifacts", players=players)
    observer = game.observation_encoder()
    recaller = game.information_state_encoder()
    assert observer.shape == (480,) and recaller.shape == (554,)
    taking = declaring = 0
    for index, state in enumerate(random_game("artifacts", players, players)):
        assert isinstance(state, ArtifactsState)
        taking += state.phase == TAKING
        declaring += state.phase == DECLARING
        if index % 7 and state.phase not in (TAKING, DECLARING):
            continue
        for seat in range(players):
            observation = state.observation(seat)
            without_log = {key: value for key, value in observation.items() if key != "log"}
            assert np.array_equal(observer.encode(observation), observer.encode(without_log))
            for encoder in (observer, recaller):
                vector = encoder.encode(observation)
                assert vector.dtype == np.float32 and vector.shape == encoder.shape
                layout = encoder.layout
                assert vector[layout.span("players")][players - 2] == 1
                tableaux = vector[layout.span("tableaux")].reshape(4, NUM_CLASSES)
                for other in range(players):
                    mine = tableaux[(other - seat) % players].tolist()
                    assert mine == _artifact_classes(state.tableaux[other])
                assert vector[layout.span("deck_cards")].tolist() == _artifact_classes(state.deck)
                assert vector[layout.span("deck")][0] == len(state.deck)
                boats = vector[layout.span("boat_stop")].reshape(4, NUM_STOPS)
                assert boats[0].tolist().index(1.0) == state.boats[seat]
                coins = vector[layout.span("coins")]
                assert coins[1] * 10 == pytest.approx(state.coins[(seat + 1) % players])
                river = vector[layout.span("river")].reshape(9, NUM_FACES)
                assert river.sum() == sum(len(cards) for cards in state.under)
                for stop, cards in enumerate(state.under):
                    for card in cards:
                        assert river[stop - 1][CARD_FACE[card]] >= 1
                        assert CARDS[card].space == stop
                shown = vector[layout.span("monuments")].reshape(5, -1)
                levels = vector[layout.span("monument_levels")].reshape(5, 4, 4)
                for slot, monument in enumerate(state.shown):
                    assert shown[slot].tolist().index(1.0) == monument
                    assert levels[slot][0].tolist().index(1.0) == state.levels[slot][seat]
                assert not shown[len(state.shown) :].any()
                pending = vector[layout.span("offering_wilds")][-1]
                assert pending == float(state.phase == DECLARING)
            extra = recaller.encode(observation)
            revealed = np.flatnonzero(extra[recaller.layout.span("revealed")]).tolist()
            assert revealed == sorted(state.revealed)
            completed = np.flatnonzero(extra[recaller.layout.span("completed")]).tolist()
            assert completed == sorted(set(state.revealed) - set(state.shown))
            choosing = extra[recaller.layout.span("choosing")][0]
            assert choosing == float(state.phase == TAKING)
    assert taking and declaring  # the steps the phase names do not tell apart were met


def test_an_artifacts_spectator_tensor_keeps_the_table_order():
    state = nilegames.make("artifacts", players=3)
    nilegames.play_to_decision(state, random.Random(5))
    encoder = state.game.observation_encoder()
    spectator = encoder.encode(state.public_observation())
    seat0 = encoder.encode(state.observation(0))
    assert np.array_equal(spectator, seat0)


def _banks_tables(state, seat, players):
    """The state's plants and market as the banks tensors lay them out for ``seat``."""
    from nilegames.games.banks.tensor import PLANT_FLOATS, SPACE_FLOATS

    plants = np.zeros((28, 5, PLANT_FLOATS), dtype=np.float32)
    for field, here in enumerate(state.plants):
        for owner, crop, ripe in here:
            plants[field, (owner - seat) % players, [0, 1, 2 + crop]] = [1, ripe, 1]
    market = np.zeros((4, 5, SPACE_FLOATS), dtype=np.float32)
    for m, row in enumerate(state.market):
        for space, (owner, crop, condition) in enumerate(row):
            market[m, space, [(owner - seat) % players, 5 + crop, 10 + condition]] = 1
    return plants, market


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"hippo_auction": True}), (4, {"seed_trade": True}), (5, {"joker_heal": True})],
)
def test_banks_tensors_read_the_observation(players, options):
    import itertools

    from nilegames.games.banks import BanksState
    from nilegames.games.banks.cards import desert_counts, water_counts
    from nilegames.games.banks.state import ACTIONS, EBBING, FLOODING, ROT_WHICH

    game = nilegames.new_game("banks", players=players, **options)
    observer = game.observation_encoder()
    recaller = game.information_state_encoder()
    assert observer.shape == (1738,) and recaller.shape == (1911,)
    met: set[str] = set()
    games = (random_game("banks", players, seed, **options) for seed in range(8))
    for index, state in enumerate(itertools.chain.from_iterable(games)):
        assert isinstance(state, BanksState)
        if state.is_terminal() and len(met) == 3:
            break  # a rot that must choose its plants is rare: play on until one came
        seat = index % players
        observation = state.observation(seat)
        without_log = {key: value for key, value in observation.items() if key != "log"}
        vector = recaller.encode(observation)
        assert vector.dtype == np.float32 and vector.shape == recaller.shape
        now = observer.encode(without_log)
        assert np.array_equal(vector[: observer.layout.size], now)

        def piece(name, vector=vector):
            return vector[recaller.layout.span(name)]

        # What the log alone remembers: the odds of every draw, and the tide, rot and turn.
        seen = piece("faces_seen")
        assert (seen == [sum(c) for c in water_counts()] - np.array(state.face_weights())).all()
        backs = piece("water_backs").reshape(6, -1)
        assert (np.array(water_counts()) - backs == np.array(state.water_unseen)).all()
        assert (np.array(desert_counts()) - piece("desert_backs") == state.desert_unseen).all()
        tide = piece("tide")
        assert tide[2] == float(state.tide_stopped)
        if state.phase in (FLOODING, EBBING):
            met.add("tide")
            assert tide[0 if state.phase == FLOODING else 1] == state.tide_count
        if state.phase == ROT_WHICH:
            met.add("rot")
            assert np.flatnonzero(piece("rot_picked")).tolist() == sorted(state.rot_picked)
        if state.phase == ACTIONS:
            met.add("actions")
            assert piece("fresh").tolist() == state.fresh
            assert piece("points")[0] == state.points
        if index % 5:
            continue
        plants, market = _banks_tables(state, seat, players)
        assert np.array_equal(piece("plants").reshape(plants.shape), plants)
        assert np.array_equal(piece("market").reshape(market.shape), market)
        assert piece("players")[players - 2] == 1
        for other in range(players):
            at = (other - seat) % players
            assert piece("boat").reshape(5, 5)[at].tolist() == state.boat[other]
            assert piece("supply").reshape(5, 5)[at].tolist() == state.supply[other]
            assert piece("scores")[at] * 10 == pytest.approx(state.scores[other])
            stacks = piece("stacks").reshape(5, 2, 7)[at]
            assert stacks[:, 0].tolist() == state.stacks[other]
            for stack, face in enumerate(state.tops[other]):
                assert stacks[stack, 1:].tolist() == [float(f == face) for f in range(6)]
        assert not piece("boat").reshape(5, 5)[players:].any()
        grounds = piece("ground").reshape(28, 3)
        assert np.argmax(grounds, axis=1).tolist() == state.fields_ground
        water = piece("water").reshape(28, 2, 3)
        assert water.sum() == 2 * sum(face >= 0 for face in state.fields_face)
    assert met == {"tide", "rot", "actions"}


def test_banks_tensors_hide_only_the_other_seats_bids():
    """In an auction (variant) a seat's vectors show its own bid, and no one else's."""
    from nilegames.games.banks import BanksState
    from nilegames.games.banks.state import BIDDING

    game = nilegames.new_game("banks", players=3, hippo_auction=True)
    encoders = [game.observation_encoder(), game.information_state_encoder()]
    rng = random.Random(1)
    differed = bids = 0
    for seed in range(6):
        for state in random_game("banks", 3, seed, hippo_auction=True):
            assert isinstance(state, BanksState)
            if state.phase != BIDDING:
                continue
            for seat in range(3):
                world = state.resample_from_infostate(seat, rng)
                differed += world.bids != state.bids
                for encoder in encoders:
                    vector = encoder.encode(state.observation(seat))
                    assert np.array_equal(vector, encoder.encode(world.observation(seat)))
                    own = vector[encoder.layout.span("own_bid")][0]
                    assert own == max(state.bids[seat], 0)
                    placed = vector[encoder.layout.span("bids_placed")]
                    assert placed[0] == float(state.bids[seat] >= 0)
                    bids += state.bids[seat] > 0
    assert differed and bids  # secret bids were made and really redrawn


def test_banks_spectator_tensor_keeps_the_table_order_and_phases_are_all_named():
    from nilegames.games.banks.state import PHASE_NAMES
    from nilegames.games.banks.tensor import PHASES

    assert set(PHASES) == set(PHASE_NAMES)
    state = nilegames.make("banks", players=4)
    nilegames.play_to_decision(state, random.Random(5))
    for encoder in (state.game.observation_encoder(), state.game.information_state_encoder()):
        spectator = encoder.encode(state.public_observation())
        assert np.array_equal(spectator, encoder.encode(state.observation(0)))
