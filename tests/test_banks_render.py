"""The AN DEN UFERN DES NILS text and terminal views: random games drawn at every step."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from nilegames.games.banks import actions
from nilegames.games.banks.render import (
    market_mark,
    plant_mark,
    render_rich,
    render_text,
    water_mark,
)
from tests.conftest import random_game

WORDS_JS = (
    Path(__file__).resolve().parents[1]
    / "src"
    / "nilegames"
    / "server"
    / "static"
    / "games"
    / "banks-words.js"
)


def rich_text(observation: Any) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(render_rich(observation))
    return out.getvalue()


def field_cells(text: str) -> list[str]:
    """The contents of every field cell on the banks, in the text's order."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("North bank"))
    end = next(i for i, line in enumerate(lines) if line.startswith("Fields:"))
    return re.findall(r"\[\dp ([^\]]*)\]", "\n".join(lines[start:end]))


def expected_cell(field: dict[str, Any]) -> str:
    if field["ground"] == "water":
        return water_mark(field["water"])
    if field["ground"] == "desert":
        return "desert"
    return " ".join(plant_mark(p) for p in field["plants"]) or "."


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (5, 11)])
def test_a_random_game_is_drawn_to_the_end(players: int, seed: int) -> None:
    final = None
    for step, state in enumerate(random_game("banks", players, seed)):
        final = state
        if step % 20 or state.is_chance_node():
            continue
        seat = state.current_player() if state.current_player() >= 0 else 0
        obs = state.observation(seat)
        text = state.game.render_text(obs)
        assert text == render_text(obs)
        assert text.startswith(f"AN DEN UFERN DES NILS - round {obs['round']}")
        covered = set(obs["covered_rows"])
        shown = [
            expected_cell(obs["fields"][spot["field"]])
            for bank in ("north", "south")
            for row in obs["layout"]["rows"]
            if row["bank"] == bank and row["row"] not in covered
            for spot in row["fields"]
        ]
        assert [cell.strip() for cell in field_cells(text)] == shown
        assert text.count("covered") == len(covered)
        for m, row in enumerate(obs["market"]):
            line = next(x for x in text.splitlines() if x.startswith(f"  row {m + 1} ("))
            empty = obs["layout"]["market_sizes"][m] - len(row)
            assert line.split(": ", 1)[1].split() == [market_mark(p) for p in row] + [".."] * empty
        assert f"the obelisk at {obs['obelisk']}" in text
        if obs["turn"]:
            assert f"{obs['turn']['points']} action point" in text
        assert "AN DEN UFERN DES NILS" in rich_text(obs)
        assert render_text(state.public_observation())  # a spectator's view
    assert final is not None and final.is_terminal()
    obs = final.observation(0)
    text = final.game.render_text(obs)
    assert "Market (" in text
    assert f"Score track (0 to 29): the obelisk at {obs['obelisk']}" in text
    scores = ", ".join(
        f"{'you' if s == 0 else f'seat {s}'} {n}" for s, n in enumerate(obs["scores"])
    )
    assert f"scores: {scores}" in text
    winners = ", ".join("you" if s == 0 else f"seat {s}" for s in obs["result"]["winners"])
    assert re.search(rf"Game over( \([^)]*\))?\. Winner: {re.escape(winners)}\.", text)
    drawn = rich_text(obs)
    assert "Game over" in drawn and "Market" in drawn and "obelisk" in drawn


def test_marks() -> None:
    assert plant_mark({"seat": 2, "crop": "wheat", "ripe": False}) == "2w"
    assert plant_mark({"seat": 0, "crop": "aubergine", "ripe": True}) == "0A"
    assert market_mark({"seat": 1, "crop": "grapes", "condition": "spoiled"}) == "1G~"
    assert market_mark({"seat": 1, "crop": "onion", "condition": "rotten"}) == "1Ox"
    assert water_mark({"inner": "single", "outer": "none"}) == "W~>-"


def test_the_web_page_knows_the_action_ids() -> None:
    """banks-words.js spells the action ranges of actions.py: they must agree."""
    source = WORDS_JS.read_text()
    block = re.search(r"export const A = \{(.*?)\};", source, re.S)
    assert block, "no action table in banks-words.js"
    found = dict(re.findall(r"(\w+): (\d+)", block.group(1)))
    names = [n for n in found if n.isupper()]
    assert names
    for name in names:
        assert int(found[name]) == getattr(actions, name), name
