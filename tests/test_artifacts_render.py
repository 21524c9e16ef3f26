"""The NILE ARTIFACTS text and terminal views: random games drawn at every step."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

import nilegames
from nilegames.games.artifacts.cards import NUM_CARDS
from nilegames.games.artifacts.observe import card_data
from nilegames.games.artifacts.render import card_mark, card_name, render_rich, render_text
from tests.conftest import random_game


def rich_text(observation: Any) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(render_rich(observation))
    return out.getvalue()


def river_cells(text: str) -> list[str]:
    """The card marks in the river grid's card lines (from "cards" to the legend)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("cards"))
    end = next(i for i, line in enumerate(lines) if line.startswith("Cards:"))
    return [mark for line in lines[start:end] for mark in line.removeprefix("cards").split()]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 11)])
def test_a_random_game_is_drawn_to_the_end(players: int, seed: int) -> None:
    final = None
    for step, state in enumerate(random_game("artifacts", players, seed)):
        final = state
        if step % 25 or state.is_chance_node():
            continue
        seat = state.current_player() if state.current_player() >= 0 else 0
        obs = state.observation(seat)
        text = state.game.render_text(obs)
        assert text == render_text(obs)
        assert text.startswith("NILE ARTIFACTS - round")
        for monument in obs["monuments"]:
            assert monument["name"] in text
            for level in monument["levels"]:
                assert level["text"] in text
        under = [card for stop in obs["river"] for card in stop["cards"]]
        assert sorted(river_cells(text)) == sorted(card_mark(card) for card in under)
        for cards in obs["tableaux"]:
            for card in cards:
                assert card_name(card) in text
        if obs["offering"]["cards"]:
            assert "Offering by" in text
        assert "NILE ARTIFACTS" in rich_text(obs)
        assert render_text(state.public_observation())  # a spectator's view
    assert final is not None and final.is_terminal()
    obs = final.observation(0)
    text = final.game.render_text(obs)
    assert "your boat" in text
    for seat in range(1, players):
        assert f"boat {seat}" in text
        assert f"seat {seat}: {obs['coins'][seat]} coin" in text
    assert f"you: {obs['coins'][0]} coin" in text
    for monument in obs["monuments"]:
        assert monument["name"] in text
    winners = ", ".join("you" if s == 0 else f"seat {s}" for s in obs["result"]["winners"])
    assert f"Game over. Winner: {winners}." in text
    drawn = rich_text(obs)
    assert "Game over. Winner:" in drawn and "Monuments" in drawn and "Players" in drawn


def test_a_wild_card_in_an_offering_shows_its_type() -> None:
    game = nilegames.new_game("artifacts", 2)
    state = game.new_initial_state()
    obs: dict[str, Any] = state.public_observation()
    # real cards of the deck: the first blue wild, and the red double vase
    wild = next(card_data(c) for c in range(NUM_CARDS) if card_data(c)["type"] == "?")
    double = next(
        card_data(c)
        for c in range(NUM_CARDS)
        if card_data(c)["artifacts"] == 2 and card_data(c)["type"] == "vase"
    )
    assert wild["region"] == "blue" and double["region"] == "red"
    obs.update(
        phase="offerings",
        active_seat=1,
        seat=0,
        offering={"cards": [wild, double], "declared": [None, "vase"], "used": []},
    )
    obs["river"][wild["space"]]["cards"] = [wild]
    obs["river"][double["space"]]["cards"] = [double]
    text = render_text(obs)
    assert "Offering by seat 1: blue wild (type not named yet), red vase x2" in text
    assert sorted(river_cells(text)) == ["?", "Vax2"]
    obs["offering"]["declared"] = ["mask", "vase"]
    assert "blue wild (as mask)" in render_text(obs)
