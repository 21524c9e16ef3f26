"""NILE in a real browser against a real server: a whole game played by clicking.

The unit tests check the API; only a browser shows that the page turns the views into a
board whose clickable cards are exactly the legal moves, that it follows the bots live,
and that the end, the replay, French and a phone-sized screen work.  Debian's Chromium
is driven by Playwright (no browser download); ``nilegames serve`` runs as its own
process on loopback with a temporary SQLite file.  The fixtures and helpers the games'
browser tests share are in tests/web_browser_helpers.py.  NILEGAMES_WEB_SEED picks other
moves (default 2024) to try more games.
"""

from __future__ import annotations

import os
import random
import re
from typing import Any

import httpx
import pytest

from tests.web_browser_helpers import (
    ARTIFACTS,
    NOT_PENDING,
    PHONE,
    STATUS,
    WAIT_TURN,
    create_through_lobby,
    no_horizontal_scroll,
    open_page,
    server,  # noqa: F401 - a fixture
    table_of,
)
from tests.web_helpers import close_result_dialog, new_table, play_out

try:
    from playwright.sync_api import Browser, Page, expect
except ImportError:  # pragma: no cover - tests/web_browser_helpers.py skips first
    pytest.skip("Playwright not found: pip install playwright", allow_module_level=True)

MAX_CLICKS = 600  # a 2-player short game takes about 100 of one player's clicks
DONE, PLANT, SPECULATE = 0, 23, 28

# Everything the test compares with the server, read in one go so that it is one state.
SNAPSHOT = """() => {
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const status = document.querySelector('[data-testid="status"]');
  const hand = {};
  for (const card of all('[data-testid="hand"] [data-card]')) {
    const badge = card.querySelector('.card-count');
    hand[card.dataset.card] = badge ? Number(badge.textContent.replace('×', '')) : 1;
  }
  const allowed = '[data-testid="hand"], [data-testid="flood"], [data-testid="play"]';
  const stray = all('[data-card]').filter((el) => !el.closest(allowed));
  const handSizes = {};
  for (const seat of all('[data-testid="seats"] [data-seat]')) {
    const size = seat.querySelector('[data-testid="hand-size"]');
    handSizes[seat.dataset.seat] = Number((size?.textContent.match(/\\d+/) || ['-1'])[0]);
  }
  const message = document.querySelector('[data-testid="message"]');
  return {
    state: status?.dataset.state,
    statusText: status?.textContent || '',
    hand,
    board: all('[data-testid="board"] [data-action]').map((el) => Number(el.dataset.action)),
    list: all('[data-testid="actions"] [data-action]').map((el) => Number(el.dataset.action)),
    strayCards: stray.map((el) => el.dataset.card),
    handSizes,
    message: message && !message.hidden ? message.textContent : null,
  };
}"""


def choose(rng: random.Random, legal: list[int]) -> int:
    """Mostly plant, speculate or end the turn so the game moves on; sometimes anything
    (trades, discards from hand or stock) so every kind of button gets clicked."""
    if rng.random() < 0.15:
        return rng.choice(legal)
    for wanted in (range(PLANT, SPECULATE), range(SPECULATE, SPECULATE + 10), (DONE,)):
        found = [action for action in legal if action in wanted]
        if found:
            return rng.choice(found)
    return rng.choice(legal)


def check_turn(snapshot: dict[str, Any], view: dict[str, Any]) -> None:
    """The screen at one of our turns against the server's view of our seat."""
    obs = view["observation"]
    legal = sorted(action["action"] for action in view["legal_actions"])
    assert snapshot["state"] == "your-turn" and "Your turn" in snapshot["statusText"]
    assert snapshot["message"] is None, snapshot["message"]
    assert snapshot["hand"] == obs["hand"]
    assert len(snapshot["board"]) == len(legal)  # each legal move once on the board
    assert sorted(snapshot["board"]) == legal
    assert sorted(snapshot["list"]) == legal
    assert snapshot["strayCards"] == []  # no card outside our hand and the open table
    assert snapshot["handSizes"] == {str(s): n for s, n in enumerate(obs["hand_sizes"])}


def test_a_game_against_a_bot_played_by_clicking(browser: Browser, server: str) -> None:  # noqa: F811
    rng = random.Random(int(os.environ.get("NILEGAMES_WEB_SEED", "2024")))
    page, watch = open_page(browser)
    create_through_lobby(page, server, options={"variant": "short"})
    table_id, token = table_of(page)
    seat_headers = {"X-Seat-Token": token}
    with httpx.Client(base_url=server, timeout=10) as client:
        clicks = 0
        while True:
            page.wait_for_function(WAIT_TURN)
            snapshot = page.evaluate(SNAPSHOT)
            if snapshot["state"] == "finished":
                break
            # the page shows our turn: nobody else can move, so the server is at that view
            view = client.get(f"/api/tables/{table_id}", headers=seat_headers).json()
            assert view["seat"] == 0 and view["to_move"] == 0, view["to_move"]
            check_turn(snapshot, view)
            assert clicks < MAX_CLICKS, f"the game did not end within {MAX_CLICKS} clicks"
            action = choose(rng, [entry["action"] for entry in view["legal_actions"]])
            button = page.locator(f'[data-testid="board"] [data-action="{action}"]')
            with page.expect_response(lambda r: r.url.endswith("/actions")) as answer:
                button.click()
            assert answer.value.status == 200, answer.value.text()
            page.wait_for_function(NOT_PENDING)
            clicks += 1

        final = client.get(f"/api/tables/{table_id}", headers=seat_headers).json()
        assert final["table"]["status"] == "finished" and final["to_move"] is None
        check_result(page, final)
        ARTIFACTS.mkdir(exist_ok=True)
        page.evaluate("() => window.scrollTo(0, 0)")  # the status bar is sticky
        page.screenshot(path=str(ARTIFACTS / "web-final.png"), full_page=True)
        check_replay(page, client, table_id)
    assert clicks > 5
    assert watch.problems == []


def check_result(page: Page, final: dict[str, Any]) -> None:
    """The result panel: every seat's five piles and the winner(s), as the server says."""
    close_result_dialog(page)
    result = final["observation"]["result"]
    expect(page.locator(STATUS)).to_contain_text("Game over")
    panel = page.locator('[data-testid="result"]')
    expect(panel).to_be_visible()
    expect(panel.locator(".winners")).not_to_be_empty()
    for seat, piles in enumerate(result["piles"]):
        column = panel.locator(f'.result-seat[data-seat="{seat}"]')
        expect(column.locator(".pile-n")).to_have_text([str(n) for n in piles])
        winner = "true" if seat in result["winners"] else "false"
        expect(column).to_have_attribute("data-winner", winner)
    expect(page.locator('[data-testid="board"] [data-action]')).to_have_count(0)
    expect(page.locator('[data-testid="actions"]')).to_be_hidden()


def check_replay(page: Page, client: httpx.Client, table_id: str) -> None:
    """The replay opens at the end; first, then next steps move the counter and show the
    action that led there (the server's words); a seat's view shows that seat's hand."""
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    steps = replay["steps"]
    page.click('[data-testid="replay-link"]')
    counter = page.locator('[data-testid="replay-step"]')
    last_action = page.locator('[data-testid="last-action"]')

    def at(step: int) -> None:
        expect(counter).to_have_attribute("data-step", str(step))
        expect(counter).to_contain_text(f"Step {step} of {steps}")
        shown = client.get(f"/api/tables/{table_id}/replay/{step}").json()["last_action"]
        expect(last_action).to_have_text(f"Last action: {shown}" if shown else "Start of the game")

    at(steps)
    page.click('[data-testid="replay-first"]')
    at(0)
    page.check('[data-testid="replay-fine"]')  # by action, not by player turn
    for step in range(1, 4):
        page.click('[data-testid="replay-next"]')
        at(step)
    page.click('[data-testid="replay-last"]')
    at(steps)
    page.select_option('[data-testid="replay-seat"]', "1")  # the bot's hand, now revealed
    expect(page).to_have_url(re.compile(r"seat=1"))
    seen = client.get(f"/api/tables/{table_id}/replay/{steps}", params={"seat": 1}).json()
    cards = page.locator('[data-testid="hand"] [data-card]')
    expect(cards).to_have_count(len(seen["observation"]["hand"]))
    shown = cards.evaluate_all("cards => cards.map((card) => card.dataset.card)")
    assert sorted(shown) == sorted(seen["observation"]["hand"])


def test_french_on_a_phone(browser: Browser, server: str) -> None:  # noqa: F811
    page, watch = open_page(browser, width=PHONE, height=844)
    page.goto(f"{server}/#/")
    expect(page.locator('[data-testid="create"]')).to_have_text("Start the game")
    page.click('[data-testid="lang"]')
    expect(page.locator('[data-testid="lang"]')).to_have_text("English")
    expect(page.locator('[data-testid="create"]')).to_have_text("Lancer la partie")
    expect(page.locator("body")).to_contain_text("Nouvelle table")
    no_horizontal_scroll(page)

    created = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    page.goto(f"{server}/{created['links']['0']}")
    page.wait_for_function(WAIT_TURN)
    expect(page.locator(STATUS)).to_contain_text("À vous de jouer")
    fields = page.locator('[data-testid="fields"] .field-caption')
    expect(fields).to_have_text(["Papyrus", "Blé", "Laitue", "Ricin", "Lin"])
    expect(page.locator('[data-testid="controls"] [data-control="endTurn"]')).to_have_text(
        "Terminer le tour"
    )
    expect(page.locator('[data-testid="hand"] h2')).to_contain_text("Votre main")
    no_horizontal_scroll(page)

    humans = new_table(server, [{"kind": "human"}, {"kind": "human"}], variant="short")
    table_id = humans["table"]["id"]
    play_out(server, table_id, humans["tokens"], seed=7)
    page.goto(f"{server}/{humans['links']['0']}")
    expect(page.locator('[data-testid="result"] h2')).to_have_text("Scores finaux")
    close_result_dialog(page)
    expect(page.locator(STATUS)).to_contain_text("Partie terminée")
    no_horizontal_scroll(page)
    page.click('[data-testid="replay-link"]')
    expect(page.locator('[data-testid="replay-step"]')).to_contain_text("Étape")
    no_horizontal_scroll(page)
    assert watch.problems == []
