"""The page in a real browser against a real server: a whole game played by clicking.

The unit tests check the API; only a browser shows that the page turns the views into a
board whose clickable cards are exactly the legal moves, that it follows the bots live,
and that the end, the replay, French and a phone-sized screen work.  Debian's Chromium
is driven by Playwright (no browser download); ``nilegames serve`` runs as its own
process on loopback with a temporary SQLite file.  NILEGAMES_WEB_SEED picks other moves
(default 2024) to try more games.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.server_helpers import serve
from tests.web_helpers import chromium_path, new_table, play_out

try:
    from playwright.sync_api import Browser, Page, expect, sync_playwright
except ImportError:  # pragma: no cover - .ci/run installs it
    pytest.skip("Playwright not found: pip install playwright", allow_module_level=True)

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
MAX_CLICKS = 600  # a 2-player short game takes about 100 of one player's clicks
TIMEOUT_MS = 15_000
PHONE = 390
DONE, PLANT, SPECULATE = 0, 23, 28

STATUS = '[data-testid="status"]'
WAIT_TURN = """() => {
  const state = document.querySelector('[data-testid="status"]')?.dataset.state;
  return state === 'your-turn' || state === 'finished';
}"""
NOT_PENDING = """() => {
  const state = document.querySelector('[data-testid="status"]')?.dataset.state;
  return state !== undefined && state !== 'pending';
}"""
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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server for the module: starting it costs more than a game."""
    with serve(tmp_path_factory.mktemp("web")) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium_path()
    if executable is None:
        pytest.skip("Chromium not found: install Debian's chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


class Watch:
    """The page's JavaScript errors and failed requests: a passing game must have none."""

    def __init__(self, page: Page) -> None:
        self.problems: list[str] = []
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on(
            "console",
            lambda message: (
                self.problems.append(f"console: {message.text}")
                if message.type == "error"
                else None
            ),
        )
        page.on(
            "response",
            lambda response: (
                self.problems.append(f"{response.status} {response.url}")
                if response.status >= 400
                else None
            ),
        )


def open_page(browser: Browser, width: int = 1280, height: int = 900) -> tuple[Page, Watch]:
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="en-US", reduced_motion="reduce"
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    return page, Watch(page)


def table_of(page: Page) -> tuple[str, str]:
    """The table id and the seat token from the page's address (#/table/<id>?token=...)."""
    fragment = urlsplit(page.url).fragment
    match = re.fullmatch(r"/table/([^?]+)\?(.*)", fragment)
    assert match, page.url
    return match.group(1), parse_qs(match.group(2))["token"][0]


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


def create_through_lobby(page: Page, base: str) -> None:
    """You against a random bot, two players, the short variant: all by clicking."""
    page.goto(f"{base}/#/")
    page.select_option('[data-testid="players"]', "2")
    page.select_option('[data-testid="option-variant"]', "short")
    page.select_option('[data-testid="seat-kind-1"]', "bot")
    page.select_option('[data-testid="seat-bot-1"]', "random")
    expect(page.locator('[data-testid^="seat-kind-"]')).to_have_count(2)
    page.click('[data-testid="create"]')
    links = page.locator('[data-testid="created"] [data-link]')
    expect(links).to_have_count(2)  # our seat's invitation and the spectators'
    page.click('[data-testid="open-seat"]')
    page.wait_for_url(re.compile(r"#/table/[^?]+\?token="))


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


def test_a_game_against_a_bot_played_by_clicking(browser: Browser, server: str) -> None:
    rng = random.Random(int(os.environ.get("NILEGAMES_WEB_SEED", "2024")))
    page, watch = open_page(browser)
    create_through_lobby(page, server)
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


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE, f"{page.url} is {width} px wide on a {PHONE} px screen"


def test_french_on_a_phone(browser: Browser, server: str) -> None:
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
    expect(page.locator(STATUS)).to_contain_text("Partie terminée")
    no_horizontal_scroll(page)
    page.click('[data-testid="replay-link"]')
    expect(page.locator('[data-testid="replay-step"]')).to_contain_text("Étape")
    no_horizontal_scroll(page)
    assert watch.problems == []
