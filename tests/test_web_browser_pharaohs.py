"""NIL – Le Jeu des Pharaons in a real browser against a real server, played by clicking.

The page must draw the river, its open end, the rack, the bag and the scores as the
server's view says, and show for each tile of the rack exactly its legal exits, on the
board and in the loupe, and nothing else clickable; a game against a random bot is
played to its end, and the page is checked in French on a phone.  The fixtures and
helpers are those of tests/web_browser_helpers.py.  NILEGAMES_WEB_SEED picks other moves
(default 2024).
"""

from __future__ import annotations

import os
import random
from typing import Any

import httpx
import pytest

from tests.web_browser_helpers import (
    ARTIFACTS,
    NOT_PENDING,
    PHONE,
    STATUS,
    WAIT_TURN,
    Watch,
    create_through_lobby,
    no_horizontal_scroll,
    open_page,
    server,  # noqa: F401 - a fixture
    table_of,
)
from tests.web_helpers import close_result_dialog, new_table

try:
    from playwright.sync_api import Browser, Page, expect
except ImportError:  # pragma: no cover - tests/web_browser_helpers.py skips first
    pytest.skip("Playwright not found: pip install playwright", allow_module_level=True)

PH_END_TURN = 72
PH_KINDS = (
    "straight",
    "diagonal",
    "center90",
    "corner90",
    "left45",
    "right45",
    "left135",
    "right135",
    "universal",
)
PH_MAX_MOVES = 300  # a 2-player game against a random bot takes about 20-80 of our moves
# The pharaohs board as the page shows it, read in one go.
PH_SNAPSHOT = """() => {
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const status = document.querySelector('[data-testid="status"]');
  const open = document.querySelector('[data-testid="board-svg"] [data-testid="open-end"]');
  const rack = {};
  for (const tile of all('[data-testid="rack"] [data-kind]')) {
    const badge = tile.querySelector('.ph-count');
    rack[tile.dataset.kind] = badge ? Number(badge.textContent.replace('×', '')) : 1;
  }
  const seats = {};
  for (const seat of all('[data-testid="seats"] [data-seat]')) {
    seats[seat.dataset.seat] = {
      score: Number(seat.querySelector('[data-testid="score"]').dataset.score),
      rack: Number(seat.querySelector('[data-testid="rack-size"]').dataset.size),
    };
  }
  const message = document.querySelector('[data-testid="message"]');
  return {
    state: status?.dataset.state,
    statusText: status?.textContent || '',
    open: open ? [Number(open.dataset.row), Number(open.dataset.column)] : null,
    segments: all('[data-testid="board-svg"] [data-seg]').length,
    crossings: all('[data-testid="board-svg"] [data-seg][data-crossing]').length,
    rack,
    playable: all('[data-testid="rack"] button[data-kind]:not([aria-disabled="true"])')
      .map((b) => b.dataset.kind),
    selected: all('[data-testid="rack"] [aria-pressed="true"]').map((b) => b.dataset.kind),
    controls: all('[data-testid="controls"] [data-action]').map((el) => Number(el.dataset.action)),
    seats,
    bag: Number(document.querySelector('[data-testid="bag"]')?.dataset.bag ?? -1),
    message: message && !message.hidden ? message.textContent : null,
  };
}"""
PH_TARGETS = """(where) => Array.from(document.querySelectorAll(
  `[data-testid="${where}"] [data-action]`)).map((el) => Number(el.dataset.action))"""


def ph_pick(page: Page, kind: str, where: str = "board-svg") -> list[int]:
    """Select a rack tile (unless it is already) and read the targets it shows."""
    tile = page.locator(f'[data-testid="rack"] [data-kind="{kind}"]')
    if tile.get_attribute("aria-pressed") != "true":
        tile.click()
        expect(tile).to_have_attribute("aria-pressed", "true")
    targets: list[int] = page.evaluate(PH_TARGETS, where)
    return targets


def ph_check_turn(page: Page, snapshot: dict[str, Any], view: dict[str, Any]) -> None:
    """Our turn on screen against the server's view of our seat: the open end, the river,
    the rack, the scores; and every legal move is clickable, nothing else."""
    obs = view["observation"]
    legal = sorted(action["action"] for action in view["legal_actions"])
    assert snapshot["state"] == "your-turn" and "Your turn" in snapshot["statusText"]
    assert snapshot["message"] is None, snapshot["message"]
    end = obs["open_end"]
    assert snapshot["open"] == [end["row"], end["column"]]
    assert snapshot["segments"] == len(obs["river"])
    assert snapshot["crossings"] == sum(1 for tile in obs["river"] if tile["crossing"])
    assert snapshot["rack"] == obs["rack"]
    assert snapshot["bag"] == obs["bag"]
    assert snapshot["seats"] == {
        str(seat): {"score": score, "rack": obs["rack_sizes"][seat]}
        for seat, score in enumerate(obs["scores"])
    }
    tiles = [action for action in legal if action != PH_END_TURN]
    kinds = sorted({PH_KINDS[action // 8] for action in tiles})
    assert sorted(snapshot["playable"]) == kinds  # a tile that cannot go on is disabled
    assert snapshot["controls"] == ([PH_END_TURN] if PH_END_TURN in legal else [])
    shown: list[int] = []
    for kind in kinds:  # each tile shows exactly its own legal exits, on the board and enlarged
        on_board = ph_pick(page, kind)
        assert sorted(on_board) == [a for a in tiles if PH_KINDS[a // 8] == kind], kind
        assert sorted(page.evaluate(PH_TARGETS, "loupe")) == sorted(on_board)
        shown += on_board
    assert sorted(shown + snapshot["controls"]) == legal


def ph_choose(rng: random.Random, legal: list[int]) -> int:
    """Mostly lay tiles towards the east (the goal) so that the game ends; end the turn
    now and then when allowed."""
    tiles = [action for action in legal if action != PH_END_TURN]
    if not tiles or (PH_END_TURN in legal and rng.random() < 0.3):
        return PH_END_TURN
    east = [action for action in tiles if action % 8 in (1, 2, 3)]  # NE, E, SE
    return rng.choice(east if east and rng.random() < 0.8 else tiles)


def test_pharaohs_against_a_bot_played_by_clicking(browser: Browser, server: str) -> None:  # noqa: F811
    rng = random.Random(int(os.environ.get("NILEGAMES_WEB_SEED", "2024")))
    page, watch = open_page(browser)
    # Random tiles may lead the river into a pocket where no tile fits, and the game then
    # ends after two rounds without a tile: a legal end, rarely before our first move
    # (the bot may start). Such a game says nothing of clicking: another table is opened.
    for _ in range(3):
        moves = play_a_table(page, watch, server, rng)
        if moves > 0:
            break
    assert moves > 0
    assert watch.problems == []


def play_a_table(page: Page, watch: Watch, base: str, rng: random.Random) -> int:
    """One game against a random bot from the lobby to its result, every move of ours
    clicked and the page checked against the server's view; returns our moves."""
    create_through_lobby(page, base, game="pharaohs", rules="Pharaons")
    table_id, token = table_of(page)
    headers = {"X-Seat-Token": token}
    segments = 0
    moves = 0
    with httpx.Client(base_url=base, timeout=10) as client:
        while True:
            page.wait_for_function(WAIT_TURN)
            snapshot = page.evaluate(PH_SNAPSHOT)
            if snapshot["state"] == "finished":
                break
            view = client.get(f"/api/tables/{table_id}", headers=headers).json()
            assert view["seat"] == 0 and view["to_move"] == 0, view["to_move"]
            assert watch.problems == []
            ph_check_turn(page, snapshot, view)
            assert snapshot["segments"] >= segments  # the river only grows
            segments = snapshot["segments"]
            assert moves < PH_MAX_MOVES, f"the game did not end within {PH_MAX_MOVES} moves"
            action = ph_choose(rng, [entry["action"] for entry in view["legal_actions"]])
            if action == PH_END_TURN:
                button = page.locator(f'[data-testid="controls"] [data-action="{action}"]')
            else:
                ph_pick(page, PH_KINDS[action // 8])
                button = page.locator(f'[data-testid="board-svg"] [data-action="{action}"]')
            with page.expect_response(lambda r: r.url.endswith("/actions")) as answer:
                button.click()
            assert answer.value.status == 200, answer.value.text()
            page.wait_for_function(NOT_PENDING)
            if action != PH_END_TURN:  # our tile is on the board at once
                laid = page.locator('[data-testid="board-svg"] [data-seg]')
                assert laid.count() > segments, watch.problems
            moves += 1

        final = client.get(f"/api/tables/{table_id}", headers=headers).json()
        assert final["table"]["status"] == "finished" and final["to_move"] is None
        ph_check_result(page, final)
        ARTIFACTS.mkdir(exist_ok=True)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / "web-pharaohs-final.png"), full_page=True)
    return moves


def ph_check_result(page: Page, final: dict[str, Any]) -> None:
    """The result panel: scores, racks left and the winner(s), as the server says."""
    close_result_dialog(page)
    obs = final["observation"]
    result = obs["result"]
    expect(page.locator(STATUS)).to_contain_text("Game over")
    panel = page.locator('[data-testid="result"]')
    expect(panel).to_be_visible()
    expect(panel.locator(".winners")).not_to_be_empty()
    for seat, score in enumerate(result["scores"]):
        column = panel.locator(f'.result-seat[data-seat="{seat}"]')
        expect(column.locator('[data-testid="final-score"]')).to_have_text(str(score))
        winner = "true" if seat in result["winners"] else "false"
        expect(column).to_have_attribute("data-winner", winner)
        left = column.locator('[data-testid="racks-left"] [data-kind]')
        expect(left).to_have_count(len(result["racks_left"][seat]))
    segments = page.locator('[data-testid="board-svg"] [data-seg]')
    expect(segments).to_have_count(len(obs["river"]))
    expect(page.locator('[data-testid="board"] [data-action]')).to_have_count(0)
    expect(page.locator('[data-testid="actions"]')).to_be_hidden()


def test_pharaohs_in_french_on_a_phone(browser: Browser, server: str) -> None:  # noqa: F811
    page, watch = open_page(browser, width=PHONE, height=844)
    page.goto(f"{server}/#/")
    page.click('[data-testid="lang"]')
    expect(page.locator('[data-testid="lang"]')).to_have_text("English")
    created = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "pharaohs")
    page.goto(f"{server}/{created['links']['0']}")
    page.wait_for_function(WAIT_TURN)
    expect(page.locator(STATUS)).to_contain_text("À vous de jouer")
    expect(page.locator('[data-testid="rack"] h3')).to_contain_text("Votre chevalet")
    expect(page.locator('[data-testid="open-end"]')).to_have_count(2)  # board and loupe
    no_horizontal_scroll(page)
    view = httpx.get(
        f"{server}/api/tables/{created['table']['id']}",
        headers={"X-Seat-Token": created["tokens"]["0"]},
    ).json()
    action = min(a["action"] for a in view["legal_actions"] if a["action"] != PH_END_TURN)
    targets = ph_pick(page, PH_KINDS[action // 8], "loupe")
    assert action in targets
    target = page.locator(f'[data-testid="loupe"] [data-action="{action}"]')
    box = target.bounding_box()
    assert box and box["width"] >= 20, box  # big enough for a finger
    with page.expect_response(lambda r: r.url.endswith("/actions")) as answer:
        target.click()
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function(NOT_PENDING)
    expect(page.locator('[data-testid="log"]')).to_contain_text("Vous posez une tuile")
    end_turn = page.locator('[data-testid="controls"] [data-control="end-turn"]')
    expect(end_turn).to_have_text("Terminer le tour")
    no_horizontal_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("() => window.scrollTo(0, 0)")  # the status bar is sticky
    page.screenshot(path=str(ARTIFACTS / "web-pharaohs-phone-fr.png"), full_page=True)
    assert watch.problems == []
