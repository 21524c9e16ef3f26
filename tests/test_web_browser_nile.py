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
from tests.web_helpers import close_result_dialog, new_table, play_out

try:
    from playwright.sync_api import Browser, Page, expect
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


def create_through_lobby(
    page: Page,
    base: str,
    *,
    game: str | None = None,
    rules: str = "",
    options: dict[str, str] | None = None,
) -> None:
    """You against a random bot, two players: all by clicking in the lobby.

    ``game`` is picked when given (the lobby opens on NILE), its rules summary must show
    ``rules``, and each of ``options`` is chosen by name.
    """
    page.goto(f"{base}/#/")
    if game is not None:
        page.select_option('[data-testid="game"]', game)
        expect(page.locator('[data-testid="rules"] summary')).to_contain_text(rules)
    page.select_option('[data-testid="players"]', "2")
    for name, value in (options or {}).items():
        page.select_option(f'[data-testid="option-{name}"]', value)
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
    close_result_dialog(page)
    expect(page.locator(STATUS)).to_contain_text("Partie terminée")
    no_horizontal_scroll(page)
    page.click('[data-testid="replay-link"]')
    expect(page.locator('[data-testid="replay-step"]')).to_contain_text("Étape")
    no_horizontal_scroll(page)
    assert watch.problems == []


# ---- NIL – Le Jeu des Pharaons ----

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


def test_pharaohs_against_a_bot_played_by_clicking(browser: Browser, server: str) -> None:
    rng = random.Random(int(os.environ.get("NILEGAMES_WEB_SEED", "2024")))
    page, watch = open_page(browser)
    create_through_lobby(page, server, game="pharaohs", rules="Pharaons")
    table_id, token = table_of(page)
    headers = {"X-Seat-Token": token}
    segments = 0
    moves = 0
    with httpx.Client(base_url=server, timeout=10) as client:
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
    # Random tiles may lead the river into a pocket where no tile fits, and the game then
    # ends after two rounds without a tile, a few moves in (CI saw one at 5): a legal end.
    assert moves > 0
    assert watch.problems == []


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


def test_pharaohs_in_french_on_a_phone(browser: Browser, server: str) -> None:
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


# ---- NILE ARTIFACTS ----

AR_SAIL, AR_TAKE, AR_OFFER, AR_DECLARE, AR_BUY, AR_TURN, AR_DONE = 0, 11, 65, 119, 123, 124, 125
AR_MAX_MOVES = 700  # a 2-player game against a random bot takes about 120-280 of our moves
# The artifacts table as the page shows it, read in one go.
AR_SNAPSHOT = """() => {
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const num = (el, key) => Number(el.dataset[key]);
  const ids = (selector) => all(selector).map((el) => num(el, 'action'));
  const status = document.querySelector('[data-testid="status"]');
  const svg = '[data-testid="river-svg"]';
  const river = {};
  for (const card of all(`${svg} [data-card]`)) {
    (river[card.dataset.stop] ||= []).push([num(card, 'card'), num(card, 'count')]);
  }
  const seats = {};
  for (const seat of all('[data-testid="seats"] [data-seat]')) {
    seats[seat.dataset.seat] = {
      coins: num(seat.querySelector('[data-testid="coins"]'), 'coins'),
      favour: num(seat.querySelector('[data-testid="favour"]'), 'favour'),
      tableau: num(seat.querySelector('[data-testid="tableau"]'), 'size'),
      cards: all(`[data-testid="seats"] [data-seat="${seat.dataset.seat}"] [data-card]`)
        .reduce((n, el) => n + num(el, 'count'), 0),
    };
  }
  const monuments = all('[data-testid="monuments"] [data-monument]').map((m) => [
    num(m, 'monument'),
    Array.from(m.querySelectorAll('[data-follower]')).map((f) => [num(f, 'seat'), num(f, 'level')])
      .sort((a, b) => a[0] - b[0]).map((f) => f[1]),
  ]);
  const piles = document.querySelector('[data-testid="piles"]');
  const message = document.querySelector('[data-testid="message"]');
  return {
    state: status?.dataset.state,
    statusText: status?.textContent || '',
    board: ids('[data-testid="board"] [data-action]'),
    river: ids(`${svg} [data-action]`),
    mine: ids('[data-testid="seats"] [data-seat="0"] [data-action]'),
    declare: ids('[data-testid="declare"] [data-action]'),
    controls: ids('[data-testid="controls"] [data-action]'),
    list: ids('[data-testid="actions"] [data-action]'),
    boats: all(`${svg} [data-boat]`).map((b) =>
      [num(b, 'seat'), num(b, 'stop'), b.dataset.facing, b.dataset.inPort === 'true']),
    stops: all(`${svg} .ar-stop[data-stop]`).length,
    coinMarks: all(`${svg} [data-stop][data-coin="true"]`).map((el) => num(el, 'stop')),
    riverCards: river,
    seats,
    monuments,
    piles: piles ? ['deck', 'discard', 'pile', 'reserve'].map((key) => num(piles, key)) : null,
    offered: all('[data-testid="offering"] .ar-offered').map((el) => num(el, 'card')),
    message: message && !message.hidden ? message.textContent : null,
  };
}"""


def ar_groups(cards: list[dict[str, Any]]) -> list[list[int]]:
    """Alike cards as the page groups them: [lowest id, how many], by lowest id."""
    groups: dict[tuple[str, str, int], list[int]] = {}
    for card in sorted(cards, key=lambda c: c["id"]):
        key = (card["region"], card["type"], card["artifacts"])
        groups.setdefault(key, [card["id"], 0])[1] += 1
    return sorted(groups.values())


def ar_check_turn(snapshot: dict[str, Any], view: dict[str, Any]) -> None:
    """Our turn on screen against the server's view of our seat: the river, the boats,
    every seat's coins, favour and cards, the monuments and followers, the piles; and
    every legal move clickable exactly once, where it belongs, and nothing else."""
    obs = view["observation"]
    legal = sorted(action["action"] for action in view["legal_actions"])
    assert snapshot["state"] == "your-turn" and "Your turn" in snapshot["statusText"]
    assert snapshot["message"] is None, snapshot["message"]
    assert sorted(snapshot["board"]) == legal  # each legal move once, nothing else
    assert sorted(snapshot["list"]) == legal
    assert sorted(snapshot["river"]) == [a for a in legal if a < AR_OFFER]
    assert sorted(snapshot["mine"]) == [a for a in legal if AR_OFFER <= a < AR_DECLARE]
    assert sorted(snapshot["declare"]) == [a for a in legal if AR_DECLARE <= a < AR_BUY]
    assert sorted(snapshot["controls"]) == [a for a in legal if a >= AR_BUY]
    assert snapshot["stops"] == len(obs["river"]) == 11
    assert snapshot["coinMarks"] == [s["stop"] for s in obs["river"] if s["coin"]]
    river = {str(s["stop"]): ar_groups(s["cards"]) for s in obs["river"] if s["cards"]}
    assert {k: sorted(v) for k, v in snapshot["riverCards"].items()} == river
    assert snapshot["boats"] == [
        [b["seat"], b["stop"], b["facing"], b["in_port"]] for b in obs["boats"]
    ]
    offered = [card["id"] for card in obs["offering"]["cards"]]
    assert snapshot["offered"] == offered
    for seat, cards in enumerate(obs["tableaux"]):
        shown = snapshot["seats"][str(seat)]
        assert shown["coins"] == obs["coins"][seat]
        assert shown["favour"] == obs["favour"][seat]
        out = len(offered) if seat == obs["active_seat"] else 0  # in the offering instead
        assert shown["tableau"] == shown["cards"] == len(cards) - out
    assert snapshot["monuments"] == [[m["id"], m["followers"]] for m in obs["monuments"]]
    assert snapshot["piles"] == [
        obs["deck"],
        len(obs["discard"]),
        obs["monument_pile"],
        obs["reserve"],
    ]


def ar_choose(rng: random.Random, legal: list[int]) -> int:
    """Mostly sail, take, and offer every card before "done" (so that monuments rise and
    the game ends); buy and turn around now and then so that every button gets clicked."""
    declare = [a for a in legal if AR_DECLARE <= a < AR_BUY]
    if declare:
        return rng.choice(declare)
    if AR_DONE in legal:
        offers = [a for a in legal if AR_OFFER <= a < AR_DECLARE]
        if offers and rng.random() < 0.85:
            return rng.choice(offers)
        if AR_BUY in legal and rng.random() < 0.1:
            return AR_BUY
        return AR_DONE
    if AR_BUY in legal and rng.random() < 0.08:
        return AR_BUY
    if AR_TURN in legal and rng.random() < 0.08:
        return AR_TURN
    return rng.choice([a for a in legal if a < AR_BUY])


def ar_target(page: Page, action: int) -> Any:
    """Where an action is clicked: the river, our cards, the wild's types or a button."""
    if action < AR_OFFER:
        where = '[data-testid="river-svg"]'
    elif action < AR_DECLARE:
        where = '[data-testid="seats"] [data-seat="0"]'
    elif action < AR_BUY:
        where = '[data-testid="declare"]'
    else:
        where = '[data-testid="controls"]'
    return page.locator(f'{where} [data-action="{action}"]')


def test_artifacts_against_a_bot_played_by_clicking(browser: Browser, server: str) -> None:
    rng = random.Random(int(os.environ.get("NILEGAMES_WEB_SEED", "2024")))
    page, watch = open_page(browser)
    create_through_lobby(page, server, game="artifacts", rules="NILE ARTIFACTS")
    table_id, token = table_of(page)
    headers = {"X-Seat-Token": token}
    moves = 0
    kinds: set[str] = set()
    with httpx.Client(base_url=server, timeout=10) as client:
        while True:
            page.wait_for_function(WAIT_TURN)
            snapshot = page.evaluate(AR_SNAPSHOT)
            if snapshot["state"] == "finished":
                break
            view = client.get(f"/api/tables/{table_id}", headers=headers).json()
            assert view["seat"] == 0 and view["to_move"] == 0, view["to_move"]
            assert watch.problems == []
            ar_check_turn(snapshot, view)
            assert moves < AR_MAX_MOVES, f"the game did not end within {AR_MAX_MOVES} moves"
            action = ar_choose(rng, [entry["action"] for entry in view["legal_actions"]])
            kinds.add(
                "sail"
                if action < AR_TAKE
                else "take"
                if action < AR_OFFER
                else "offer"
                if action < AR_DECLARE
                else "declare"
                if action < AR_BUY
                else str(action)
            )
            with page.expect_response(lambda r: r.url.endswith("/actions")) as answer:
                ar_target(page, action).click()
            assert answer.value.status == 200, answer.value.text()
            page.wait_for_function(NOT_PENDING)
            moves += 1

        final = client.get(f"/api/tables/{table_id}", headers=headers).json()
        assert final["table"]["status"] == "finished" and final["to_move"] is None
        ar_check_result(page, final)
        ARTIFACTS.mkdir(exist_ok=True)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / "web-artifacts-final.png"), full_page=True)
    assert moves > 5
    assert {"sail", "take", "offer", str(AR_DONE)} <= kinds, kinds
    assert watch.problems == []


def ar_check_result(page: Page, final: dict[str, Any]) -> None:
    """The result panel: favour, cards kept and the winner(s), as the server says; the
    river and the monuments stay drawn, and nothing can be clicked."""
    close_result_dialog(page)
    obs = final["observation"]
    result = obs["result"]
    expect(page.locator(STATUS)).to_contain_text("Game over")
    panel = page.locator('[data-testid="result"]')
    expect(panel).to_be_visible()
    expect(panel.locator(".winners")).not_to_be_empty()
    for seat, favour in enumerate(result["favour"]):
        column = panel.locator(f'.result-seat[data-seat="{seat}"]')
        expect(column.locator('[data-testid="final-favour"]')).to_have_attribute(
            "data-favour", str(favour)
        )
        kept = column.locator('[data-testid="cards-kept"]')
        expect(kept).to_have_attribute("data-kept", str(result["cards_kept"][seat]))
        winner = "true" if seat in result["winners"] else "false"
        expect(column).to_have_attribute("data-winner", winner)
    expect(page.locator('[data-testid="river-svg"] [data-boat]')).to_have_count(obs["players"])
    expect(page.locator('[data-testid="monuments"] [data-monument]')).to_have_count(
        len(obs["monuments"])
    )
    expect(page.locator('[data-testid="board"] [data-action]')).to_have_count(0)
    expect(page.locator('[data-testid="actions"]')).to_be_hidden()


def test_artifacts_in_french_on_a_phone(browser: Browser, server: str) -> None:
    page, watch = open_page(browser, width=PHONE, height=844)
    page.goto(f"{server}/#/")
    page.click('[data-testid="lang"]')
    expect(page.locator('[data-testid="lang"]')).to_have_text("English")
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = new_table(server, seats, "artifacts")
    page.goto(f"{server}/{created['links']['0']}")
    page.wait_for_function(WAIT_TURN)
    expect(page.locator(STATUS)).to_contain_text("À vous de jouer")
    expect(page.locator(STATUS)).to_contain_text("Naviguez")
    svg = page.locator('[data-testid="river-svg"]')
    expect(svg).to_have_attribute("data-orientation", "vertical")  # the river top to bottom
    expect(page.locator('[data-testid="river"] h2')).to_have_text("Le fleuve")
    legend = page.locator(".ar-legend")
    for word in ("scarabée", "ankh", "vase", "masque", "joker", "bleu", "vert", "rouge"):
        expect(legend).to_contain_text(word)
    expect(svg.locator('.ar-stop[data-stop="0"]')).to_contain_text("Port")
    expect(svg.locator('.ar-stop[data-stop="0"]')).to_contain_text("gauche")
    expect(page.locator('[data-testid="seats"] h2')).to_have_text("Joueurs")
    expect(page.locator('[data-testid="seats"] [data-testid="coins"]').first).to_contain_text(
        "pièce"
    )
    expect(page.locator('[data-testid="seats"] [data-testid="favour"]').first).to_contain_text(
        "faveur"
    )
    expect(page.locator('[data-testid="monuments"] h2')).to_have_text("Monuments")
    level = page.locator('[data-testid="monuments"] .ar-level-n').first
    expect(level).to_have_attribute("title", "Niveau 3")
    no_horizontal_scroll(page)

    view = httpx.get(
        f"{server}/api/tables/{created['table']['id']}",
        headers={"X-Seat-Token": created["tokens"]["0"]},
    ).json()
    sail = min(a["action"] for a in view["legal_actions"] if a["action"] < AR_TAKE)
    target = svg.locator(f'[data-action="{sail}"]')
    expect(target).to_have_attribute("aria-label", re.compile("^Naviguer vers "))
    box = target.bounding_box()
    assert box and box["width"] >= 30 and box["height"] >= 24, box  # big enough for a finger
    with page.expect_response(lambda r: r.url.endswith("/actions")) as answer:
        target.click()
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function(NOT_PENDING)
    expect(page.locator('[data-testid="log"]')).to_contain_text("Vous naviguez vers")
    no_horizontal_scroll(page)
    page.evaluate("() => window.scrollTo(0, 0)")  # the status bar is sticky
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-artifacts-phone-fr.png"), full_page=True)

    humans = new_table(server, [{"kind": "human"}, {"kind": "human"}], "artifacts")
    play_out(server, humans["table"]["id"], humans["tokens"], seed=7)
    page.goto(f"{server}/{humans['links']['0']}")
    expect(page.locator('[data-testid="result"] h2')).to_have_text("Scores finaux")
    close_result_dialog(page)
    expect(page.locator(STATUS)).to_contain_text("Partie terminée")
    expect(
        page.locator('[data-testid="result"] [data-testid="final-favour"]').first
    ).to_contain_text("faveur")
    expect(page.locator('[data-testid="log"]')).to_contain_text("Fin de la partie")
    no_horizontal_scroll(page)
    assert watch.problems == []
