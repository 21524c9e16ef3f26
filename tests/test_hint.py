"""Hints: the hard bot's move from the asking seat's view only, reproducible by seed."""

from __future__ import annotations

import random

import pytest

import nilegames
from nilegames.ai import LEVELS, ISMCTSBot, make_bot, search_bot
from nilegames.ai.base import ask, resampler
from nilegames.ai.hint import hint, ranked_moves
from nilegames.ai.ismcts import Node
from nilegames.core import NilegamesError, State
from tests.conftest import random_game

ITERATIONS = 60


def decisions(
    game_id: str, seed: int, every: int, limit: int = 120, **options: object
) -> list[State]:
    """Copies of states where a seat must choose among several moves, every ``every``th."""
    found = []
    for index, state in enumerate(random_game(game_id, 2, seed, None, **options)):
        if index >= limit:
            break
        if index % every or state.is_chance_node() or state.is_terminal():
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
    return found


#: Per game: options that give it secrets (banks keeps bids secret only in its auctions;
#: NILE ARTIFACTS has none: its table is open), and whether some are expected.
SECRETS = {
    "nile": ({}, True),
    "pharaohs": ({}, True),
    "artifacts": ({}, False),
    "banks": ({"bid_start": True, "hippo_auction": True}, True),
}


@pytest.mark.parametrize("game_id", sorted(SECRETS))
def test_a_hint_sees_only_what_the_seat_sees(game_id: str) -> None:
    """Re-deal everything the asking seat cannot see: the hint must not change."""
    options, secret = SECRETS[game_id]
    rng = random.Random(3)
    hidden_differed = plain = 0
    positions = [s for seed in (5, 6) for s in decisions(game_id, seed, 1, limit=400, **options)]
    for index, state in enumerate(positions):
        seat = state.current_player()
        world = state.clone().resample_from_infostate(seat, rng)  # no cached worlds kept
        assert world.observation(seat) == state.observation(seat)
        if any(
            world.observation(other) != state.observation(other)
            for other in range(state.game.players)
            if other != seat
        ):
            if hidden_differed >= 4:
                continue
            hidden_differed += 1
        else:
            if index % 9 or plain >= 4:
                continue
            plain += 1
        assert hint(state, iterations=ITERATIONS, seed=9) == hint(
            world, iterations=ITERATIONS, seed=9
        )
    assert hidden_differed + plain >= 4
    if secret:  # the check re-dealt real secrets, not an open table
        assert hidden_differed >= 2


def test_a_hint_is_the_hard_bots_most_searched_move() -> None:
    state = decisions("nile", 2, 11)[3]
    seat = state.current_player()
    advice = hint(state, iterations=200, seed=4)
    root = search_bot(4, iterations=200).search(state.legal_actions(), resampler(state, seat))
    visits = {a: child.visits for a, child in root.children.items()}
    assert visits[advice.action] == max(visits.values())
    assert advice.iterations == 200
    assert advice.move == state.action_to_string(advice.action)
    assert advice.move in advice.text and f"{advice.estimate:.0%}" in advice.text
    # The same seed and budget search the same tree: every figure of the hint follows from
    # it by hand.  Three options, most visited first; an estimate maps the mean return from
    # the game's utility range onto 0..1; a share is the move's part of the root's visits.
    low, high = state.game.utility_range()
    by_visits = sorted(visits, key=lambda a: -visits[a])
    assert len(by_visits) >= 4 and visits[by_visits[2]] > visits[by_visits[3]]
    assert len(advice.options) == 3
    for (words, estimate, share), action in zip(advice.options, by_visits, strict=False):
        assert words == state.action_to_string(action)
        mean = root.children[action].mean()
        assert estimate == pytest.approx((mean - low) / (high - low))
        assert share == pytest.approx(visits[action] / sum(visits.values()))
    assert advice.options[0][:2] == (advice.move, advice.estimate)


def test_moves_rank_by_visits_then_mean_then_id() -> None:
    """A hand-made root, where the most visited move is not the one of highest mean."""
    root = Node(0)
    for action, visits, total in [(7, 10, 2.0), (3, 40, 8.0), (5, 10, 6.0), (2, 10, 2.0)]:
        child = root.children[action] = Node(0)
        child.visits, child.total = visits, total
    assert ranked_moves(root, [2, 3, 5, 7, 9]) == [3, 5, 2, 7]
    assert ranked_moves(root, [7, 2]) == [2, 7]  # only the legal ones
    with pytest.raises(NilegamesError, match="tried no move"):
        ranked_moves(root, [9])


def test_a_hint_rates_a_winning_seat_above_a_losing_one() -> None:
    """Late in a game greedy leads random: the hint's estimate must say so for both seats."""
    state = nilegames.make("nile", players=2)
    rng = random.Random(8)
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    estimates: dict[int, float] = {}
    while not nilegames.play_to_decision(state, rng).is_terminal():
        seat = state.current_player()
        if len(state.history()) > 150 and len(state.legal_actions()) > 1:
            estimates[seat] = hint(state, iterations=150, seed=1).estimate
            if len(estimates) == 2:
                break
        state.apply_action(ask(bots[seat], state, seat), player=seat)
    assert estimates[0] > 0.6 > 0.4 > estimates[1]


def test_the_default_budget_is_the_hard_levels() -> None:
    bot = search_bot(1)
    hard = make_bot("hard", 1)
    assert isinstance(bot, ISMCTSBot) and isinstance(hard, ISMCTSBot)
    assert (bot.iterations, bot.seconds, bot.name) == (hard.iterations, hard.seconds, hard.name)
    assert LEVELS["hard"].startswith("ismcts")
    timed = hint(decisions("nile", 2, 11)[0], seconds=0.05, seed=1)
    # the iterations the clock allowed, as the search counted them (a few dozen at least)
    assert timed.iterations > 1


def test_hints_are_refused_with_the_reason() -> None:
    state = decisions("nile", 2, 11)[0]
    mover = state.current_player()
    with pytest.raises(NilegamesError, match=f"seat {mover}'s turn, not seat {1 - mover}'s"):
        hint(state, 1 - mover, iterations=5)
    with pytest.raises(NilegamesError, match="no seat 4"):
        hint(state, 4, iterations=5)
    last = list(random_game("nile", 2, 1))[-1]
    with pytest.raises(NilegamesError, match="game is over"):
        hint(last, iterations=5)
