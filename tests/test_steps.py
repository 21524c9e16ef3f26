"""Moves in short steps (core.steps): every menu of random games fits on a screen, reaches
every legal action exactly once, and keys a kind of move the same way every time."""

from __future__ import annotations

import random

import pytest

from nilegames.core import games, new_game, play_to_decision
from nilegames.core.steps import MAX_CHOICES, RESERVED, Moves, in_order, words_of
from nilegames.games.banks.actions import BID

GAMES = [g["id"] for g in games()]


def walk(moves: Moves) -> list[int]:
    """Every action reached through the menus, checking each menu on the way."""
    reached: list[int] = []
    stack = [moves.start()]
    while stack:
        prefix = stack.pop()
        choices = moves.choices(prefix)
        assert 0 < len(choices) <= MAX_CHOICES, (prefix, [c.label for c in choices])
        keys = [c.key for c in choices]
        assert len(set(keys)) == len(keys), keys
        assert not set(keys) & RESERVED, keys
        for choice in choices:
            if choice.action is not None:
                reached.append(choice.action)
            else:
                assert len(choice.path) > len(prefix)
                stack.append(choice.path)
    return reached


@pytest.mark.parametrize("game_id", GAMES)
def test_every_menu_fits_and_reaches_each_move_once(game_id: str) -> None:
    rng = random.Random(f"steps/{game_id}")
    description = new_game(game_id).describe()
    keys: dict[str, str] = {}
    for players in (int(description["min_players"]), int(description["max_players"])):
        state = new_game(game_id, players).new_initial_state()
        while not play_to_decision(state, rng).is_terminal():
            legal = state.legal_actions()
            moves = Moves(state, legal)
            assert sorted(walk(moves)) == sorted(legal)
            for family, key in moves.keys.items():
                assert keys.setdefault(family, key) == key, f"{family} changed its key"
            state.apply_action(rng.choice(legal))


def test_a_bid_is_keyed_by_its_number_not_its_place() -> None:
    state = new_game("banks", 2, hippo_auction=True).new_initial_state()
    rng = random.Random(2)
    while not play_to_decision(state, rng).is_terminal():
        legal = state.legal_actions()
        if any(a >= BID for a in legal):
            break
        state.apply_action(rng.choice(legal))
    else:
        pytest.fail("no auction in this game")
    moves = Moves(state, legal)
    choices = moves.choices(moves.start())
    for choice in choices:
        assert choice.action is not None
        assert moves.words[choice.action].startswith(f"bid {choice.key} plant")


def test_typed_words_match_in_order_from_their_start() -> None:
    assert in_order(words_of("pl pap"), words_of("plant Papyrus"))
    assert in_order(words_of("sow flax north 3"), words_of("sow flax on the north 4-row field 3"))
    assert not in_order(words_of("pap pl"), words_of("plant Papyrus"))
    state = play_to_decision(new_game("nile", 3).new_initial_state(), random.Random(3))
    moves = Moves(state, state.legal_actions())
    assert [moves.words[a] for a in moves.match("end")] == ["end turn"]
    assert len(moves.match("trade")) == 2
    assert moves.match("fly") == []
