"""The table's comforts in a real browser: undo (button and ``z``), the log beside the
board or in a phone's drawer, names, the turn clock, the result dialog and the replay of
an unfinished game; in English at 1280×800 and in French on a 390-pixel phone."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest

from tests.web_browser_helpers import server_fixture
from tests.web_helpers import (
    CONTRAST_PROBLEMS,
    REASONS,
    UNREACHABLE,
    new_table,
    page_in_language,
    play_out,
)

try:
    from playwright.sync_api import Browser, Page, expect
except ImportError:  # pragma: no cover - .ci/run installs it
    pytest.skip("Playwright not found: pip install playwright", allow_module_level=True)

STATUS = '[data-testid="status"]'
# Piles smallest first: all three equal on the first; seats 0 and 1 up to the third; the
# fourth makes seat 0 the winner (seat 1's larger fifth pile does not count).
TIE_BREAK = """async () => {
  const { tieBreakText } = await import('/results.js');
  const words = ['first', 'second', 'third', 'fourth', 'fifth'].map((w) => ({ what: `the ${w}` }));
  const spec = { keys: [[0, 1, 1, 3, 3], [0, 1, 1, 2, 6], [0, 0, 0, 0, 3]], clear: 'x', words };
  return tieBreakText(spec, null, (s, i) => String(spec.keys[s][i]));
}"""
NOT_PENDING = (
    """() => document.querySelector('[data-testid="status"]')?.dataset.state !== 'pending'"""
)
UNDONE = """() => document.querySelector('[data-testid="undo"]')
  ?.getAttribute('aria-disabled') === 'true'"""
MY_TURN = (
    """() => document.querySelector('[data-testid="status"]')?.dataset.state === 'your-turn'"""
)


server = server_fixture("web-table")


def open_page(browser: Browser, width: int, height: int, lang: str) -> tuple[Page, list[str]]:
    return page_in_language(browser, width, height, lang, timeout_ms=15_000)


def seat_view(base: str, table_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    view: dict[str, Any] = httpx.get(f"{base}/api/tables/{table_id}", headers=headers).json()
    return view


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + min(box["height"], 20) <= size["height"]


def first_move(seats: list[int]) -> int:
    return next(i for i, seat in enumerate(seats) if seat >= 0)


def turn_ends(seats: list[int]) -> list[int]:
    """The step at which each player turn is over: the next other seat's first action."""
    ends, last = [], None
    for i, seat in enumerate(seats):
        if seat >= 0 and seat != last:
            if last is not None:
                ends.append(i)
            last = seat
    return [*ends, len(seats)]


def test_undo_log_names_and_clock_at_1280(browser: Browser, server: str) -> None:
    seats = [{"kind": "human", "name": "Amira"}, {"kind": "human", "name": "Bastien"}]
    created = new_table(server, seats, variant="short")
    tid, tokens = created["table"]["id"], created["tokens"]
    rng = random.Random(5)
    # the other seat plays until seat 0 is to move
    while seat_view(server, tid)["to_move"] != 0:
        mine = seat_view(server, tid, tokens["1"])
        httpx.post(
            f"{server}/api/tables/{tid}/actions",
            json={"seq": mine["seq"], "action": rng.choice(mine["legal_actions"])["action"]},
            headers={"X-Seat-Token": tokens["1"]},
        ).raise_for_status()
    page, problems = open_page(browser, 1280, 800, "en")
    page.goto(f"{server}/{created['links']['0']}")
    page.wait_for_function(MY_TURN)

    # the log: a role="log" region beside the board, newest entry in view without scrolling
    log = page.get_by_role("log")
    expect(log).to_be_visible()
    board = page.locator('[data-testid="board"]').bounding_box()
    side = log.bounding_box()
    assert board is not None and side is not None
    assert side["x"] >= board["x"] + board["width"], "the log is beside the board"
    assert in_viewport(page, '[data-testid="log"] li')
    # by turn: the newest turn's heading on top, then that turn's events, newest first
    events = log.locator("li").evaluate_all("items => items.map(li => li.dataset.event)")
    assert events[0] == "turn", events
    this_turn = events[1 : events.index("turn", 1)] if "turn" in events[1:] else events[1:]
    assert "flood" in this_turn, events[:12]  # the turn's own flood, under its heading
    # names on the table and in the log, the clock of the seat to move
    expect(page.locator(".seat-line")).to_contain_text("Amira")
    expect(page.locator('[data-testid="board"]')).to_contain_text("Bastien")
    expect(log).to_contain_text("Bastien")
    expect(log).not_to_contain_text("Seat 1")
    expect(page.get_by_role("timer")).to_contain_text("You · turn clock 0:")

    # undo is off at the start of the turn, and says why (tooltip and aria-describedby)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_have_attribute("aria-disabled", "true")
    why = "Nothing to take back: chance has acted since your last step (a card or tile was drawn)."
    expect(undo).to_have_attribute("title", f"{why} (z)")
    expect(undo).to_have_accessible_description(why)
    # a step taken back with the button, then with z: the table is as it was before
    market = page.locator('[data-testid="controls"] [data-control="market"]')
    offering = page.locator('[data-testid="controls"] [data-control="offering"]')
    for way in ("button", "key"):
        before = seat_view(server, tid, tokens["0"])
        market.click()
        page.wait_for_function(NOT_PENDING)
        expect(undo).to_have_attribute("aria-disabled", "false")
        expect(undo).to_have_accessible_description("Take back: trade: market")
        # a control that cannot be used says why, to the eye and to screen readers
        expect(offering).to_have_attribute("aria-disabled", "true")
        paying = "First pick the cards that pay for your Market (2 left)."
        expect(offering).to_have_accessible_description(paying)
        expect(offering).to_have_attribute("title", re.compile(re.escape(paying)))
        if way == "button":
            undo.click()
        else:
            page.locator("body").press("z")
        page.wait_for_function(UNDONE)
        back = seat_view(server, tid, tokens["0"])
        assert back["seq"] == before["seq"]
        assert back["observation"] == before["observation"]
        expect(offering).not_to_have_attribute("aria-disabled", "true")
    # every control the board shows as off explains itself
    described = page.evaluate(REASONS)
    assert all(described), described
    # chat: a message typed here and one from the other player arrive; the switch hides it
    chat = page.locator('[data-testid="chat"]')
    page.get_by_label("Message").fill("Good luck, Bastien!")
    page.keyboard.press("Enter")
    expect(chat.locator("li")).to_have_count(1)
    httpx.post(
        f"{server}/api/tables/{tid}/chat",
        json={"text": "Thanks Amira"},
        headers={"X-Seat-Token": tokens["1"]},
    ).raise_for_status()
    expect(chat.locator("li")).to_have_count(2)
    expect(chat.locator("li").nth(1)).to_contain_text("Bastien")
    expect(chat.locator("li").nth(1)).to_contain_text("Thanks Amira")
    expect(page.get_by_label("Message")).to_have_attribute("maxlength", "200")
    chat.get_by_label("Show the chat").uncheck()
    expect(chat.locator("li")).to_have_count(0)
    chat.get_by_label("Show the chat").check()
    expect(chat.locator("li")).to_have_count(2)
    # every card has the guide's tooltip; the Rules link opens the whole guide
    tips = httpx.get(f"{server}/api/games/nile/guide", params={"lang": "en"}).json()["tooltips"]
    card = page.locator('[data-testid="fields"] [data-crop="Papyrus"]').first
    expect(card).to_have_attribute("title", re.compile(re.escape(tips["Papyrus"])))
    page.get_by_role("link", name="Rules").click()
    rules = page.get_by_role("dialog", name="Rules of NILE")
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("smallest")
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    assert problems == []


def test_phone_in_french_drawer_name_and_unfinished_replay(browser: Browser, server: str) -> None:
    created = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid = created["table"]["id"]
    page, problems = open_page(browser, 390, 844, "fr")
    page.goto(f"{server}/{created['links']['0']}")
    page.wait_for_function(MY_TURN)
    # the invitation page asks the name ("Nom" in French)
    page.get_by_label("Nom", exact=True).fill("Chiara")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.locator(".seat-line")).to_contain_text("Chiara")
    assert seat_view(server, tid)["table"]["seats"][0]["name"] == "Chiara"
    # the log is a drawer: shut at first, opened by its button, newest entry in view
    expect(page.get_by_role("log")).to_be_hidden()
    toggle = page.locator('[data-testid="log-toggle"]')
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(page.get_by_role("log")).to_be_visible()
    expect(page.get_by_role("log")).to_contain_text("Ce qui s'est passé")
    assert in_viewport(page, '[data-testid="log"] li')
    page.keyboard.press("Escape")
    expect(page.get_by_role("log")).to_be_hidden()
    expect(page.get_by_role("button", name="Annuler")).to_have_attribute("aria-disabled", "true")
    expect(page.get_by_role("timer")).to_contain_text("chrono du tour")
    page.get_by_role("link", name="Règles").click()
    rules = page.get_by_role("dialog", name="Règles de NILE")
    expect(rules).to_contain_text("NILE : comment jouer")
    rules.get_by_role("button", name="Fermer").click()
    expect(rules).to_be_hidden()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    # a game still being played has no replay yet, and the page says so
    page.goto(f"{server}/#/replay/{tid}")
    expect(page.locator('[data-testid="message"]')).to_contain_text("pas encore finie")
    assert problems == []


def test_result_dialog_in_both_languages(browser: Browser, server: str) -> None:
    humans = new_table(server, [{"kind": "human"}] * 3, variant="short")
    tid = humans["table"]["id"]
    final = play_out(server, tid, humans["tokens"], seed=11)
    result = final["observation"]["result"]
    replay = httpx.get(f"{server}/api/tables/{tid}/replay").json()
    for lang, width, height in (("en", 1280, 800), ("fr", 390, 844)):
        page, problems = open_page(browser, width, height, lang)
        page.goto(f"{server}/{humans['links']['0']}")
        dialog = page.locator('[data-testid="result-dialog"]')
        expect(dialog).to_be_visible()
        # every seat's five piles, smallest first, as the rulebook counts them
        for seat, piles in enumerate(result["piles"]):
            row = dialog.locator(f'tr[data-seat="{seat}"] td')
            expect(row).to_have_text([str(n) for n in sorted(piles)])
        winners = dialog.locator("tr.winner")
        expect(winners).to_have_count(len(result["winners"]))
        text = dialog.inner_text()
        assert "score" not in text.lower() and "+1" not in text and "-1" not in text
        expect(dialog.locator('[data-testid="result-tiebreak"]')).not_to_be_empty()
        if lang == "en":  # the tie-break names the comparison that made the winner
            said = page.evaluate(TIE_BREAK)
            assert said == (
                "Seat 0 and Seat 1 are equal up to the third (1); "
                "next the rules compare the fourth: Seat 0 3, Seat 1 2."
            ), said
        word = "Close" if lang == "en" else "Fermer"
        page.get_by_role("button", name=word).click()
        expect(dialog).to_be_hidden()
        # the same dialog ends the replay
        page.goto(f"{server}/#/replay/{tid}")
        expect(dialog).to_be_visible()
        for seat, piles in enumerate(result["piles"]):
            row = dialog.locator(f'tr[data-seat="{seat}"] td')
            expect(row).to_have_text([str(n) for n in sorted(piles)])
        # the replay steps by player turn: set-up, then the end of each turn
        ends = turn_ends(replay["seats"])
        counter = page.locator('[data-testid="replay-step"]')
        page.click('[data-testid="replay-first"]')
        expect(dialog).to_be_hidden()
        page.click('[data-testid="replay-next"]')
        expect(counter).to_have_attribute("data-step", str(first_move(replay["seats"])))
        page.click('[data-testid="replay-next"]')
        expect(counter).to_have_attribute("data-step", str(ends[0]))
        expect(counter).to_contain_text(
            "After turn 1 of" if lang == "en" else "Après le tour 1 sur"
        )
        page.locator('[data-testid="move-list"] button[data-turn="3"]').click()
        expect(counter).to_have_attribute("data-step", str(ends[2]))
        expect(counter).to_have_attribute("data-turn", "3")
        page.check('[data-testid="replay-fine"]')  # finer steps on demand
        page.click('[data-testid="replay-next"]')
        expect(counter).to_have_attribute("data-step", str(ends[2] + 1))
        # the last action in the page's words: a player's move made at ends[2]
        english = httpx.get(f"{server}/api/tables/{tid}/replay/{ends[2] + 1}").json()
        last = page.locator('[data-testid="last-action"]')
        if lang == "fr":
            expect(last).to_contain_text("Dernière action : ")
            expect(last).not_to_contain_text(english["last_action"])
        else:
            expect(last).to_have_text(f"Last action: {english['last_action']}")
        assert problems == []
        page.context.close()


def test_lobby_name_goes_to_the_table(browser: Browser, server: str) -> None:
    page, problems = open_page(browser, 1280, 800, "en")
    page.goto(server)
    page.get_by_label("Name", exact=True).fill("Dalia")
    # each game in one line, with its player count
    games = page.locator('[data-testid="games"]')
    expect(games.locator("li")).to_have_count(4)
    expect(games.locator('li[data-game="nile"]')).to_contain_text("2–5 players")
    expect(games.locator('li[data-game="nile"]')).to_contain_text("smallest harvest pile")
    page.click('[data-testid="quick-play"]')
    page.wait_for_function(MY_TURN)
    expect(page.locator(".seat-line")).to_contain_text("as Dalia")
    # a table where an absent player's turn goes to a bot after five minutes
    page.goto(server)
    page.select_option('[data-testid="away"]', "5")
    page.click('[data-testid="create"]')
    page.click('[data-testid="open-seat"]')
    page.wait_for_function(MY_TURN)
    expect(page.get_by_role("timer")).to_contain_text("a bot plays after 5:00")
    table_id = page.url.split("/table/")[1].split("?")[0]
    assert seat_view(server, table_id)["table"]["seats"][0]["away"] == 300
    assert problems == []


def test_unknown_table_and_a_banner_that_leaves_on_reconnect(browser: Browser, server: str) -> None:
    page, problems = open_page(browser, 1280, 800, "en")
    page.goto(f"{server}/#/table/0123456789ab")
    unknown = page.locator('[data-testid="unknown-table"]')
    expect(unknown).to_contain_text("No such table")
    expect(unknown).to_contain_text("0123456789ab")
    expect(page.locator(STATUS)).to_have_count(0)  # no empty table page around it
    unknown.get_by_role("link", name="Back to the lobby").click()
    expect(page.locator('[data-testid="quick-play"]')).to_be_visible()
    problems.clear()  # the 404 of the unknown table was expected

    created = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    page.goto(f"{server}/{created['links']['0']}")
    page.wait_for_function(MY_TURN)
    message = page.locator('[data-testid="message"]')
    page.context.set_offline(True)
    page.locator('[data-testid="actions"] [data-action]').first.click()
    expect(message).to_contain_text("The server cannot be reached")
    page.context.set_offline(False)
    expect(page.locator('[data-testid="connection"]')).to_have_attribute(
        "data-state", "live", timeout=30_000
    )
    expect(message).to_be_hidden()
    assert [p for p in problems if "ERR_INTERNET_DISCONNECTED" not in p] == []


def test_keyboard_contrast_and_names_in_every_game(browser: Browser, server: str) -> None:
    for game, width, lang in (
        ("nile", 390, "fr"),
        ("pharaohs", 1280, "en"),
        ("artifacts", 1280, "en"),
        ("banks", 1280, "en"),
    ):
        seats = [{"kind": "human", "name": "Amira"}, {"kind": "bot", "bot": "random"}]
        created = new_table(server, seats, game=game)
        page, problems = open_page(browser, width, 844, lang)
        page.goto(f"{server}/{created['links']['0']}")
        page.wait_for_function(MY_TURN)
        assert page.evaluate(CONTRAST_PROBLEMS) == [], game
        reach = page.evaluate(UNREACHABLE)
        assert reach == {"unfocusable": [], "nameless": []}, game
        assert all(page.evaluate(REASONS)), game  # every greyed control says why
        if game == "pharaohs":  # choosing a tile redraws the board: reasons stay
            page.locator('[data-testid="rack"] button.playable').first.click()
            page.wait_for_timeout(200)
            assert all(page.evaluate(REASONS)), game
        assert problems == []
        page.context.close()
    # a whole move by keyboard: Tab reaches the board's actions in order, Enter plays one
    created = new_table(server, [{"kind": "human"}, {"kind": "human"}], variant="short")
    tid = created["table"]["id"]
    token = created["tokens"][str(seat_view(server, tid)["to_move"])]
    page, problems = open_page(browser, 1280, 800, "en")
    page.goto(f"{server}/#/table/{tid}?token={token}")
    page.wait_for_function(MY_TURN)
    seq = seat_view(server, tid)["seq"]
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.dataset.action !== undefined"):
            break
    else:
        raise AssertionError("Tab never reached a move")
    order = page.evaluate(
        "() => document.activeElement.compareDocumentPosition("
        "document.querySelector('[data-testid=undo]')) & Node.DOCUMENT_POSITION_PRECEDING"
    )
    assert order, "Undo comes before the board in the focus order"
    page.keyboard.press("Enter")
    page.wait_for_function(NOT_PENDING)
    assert seat_view(server, tid)["seq"] > seq
    assert problems == []


def test_an_open_table_is_joined_from_the_lobby(browser: Browser, server: str) -> None:
    # Amira opens a table with a free seat from the lobby's form
    page, problems = open_page(browser, 1280, 800, "en")
    page.goto(server)
    page.get_by_label("Name", exact=True).fill("Amira")
    page.select_option('[data-testid="seat-kind-1"]', "open")
    page.select_option('[data-testid="seat-kind-2"]', "bot")
    page.click('[data-testid="create"]')
    table_id = page.locator('[data-testid="created"]').get_attribute("data-table") or ""
    seats = seat_view(server, table_id)["table"]["seats"]
    assert [s["open"] for s in seats] == [False, True, False]
    # Bastien, on a phone in French, sees it among the open tables and joins it
    other, trouble = open_page(browser, 390, 844, "fr")
    other.goto(server)
    other.get_by_label("Nom", exact=True).fill("Bastien")
    entry = other.locator(f'[data-testid="open-tables"] li[data-table="{table_id}"]')
    expect(entry).to_contain_text("Avec : Amira")
    entry.get_by_role("button", name="Rejoindre (place 1)").click()
    other.wait_for_function(
        "() => document.querySelector('.seat-line')?.textContent.includes('place 1')"
    )
    expect(other.locator(".seat-line")).to_contain_text("Bastien")
    assert seat_view(server, table_id)["table"]["seats"][1]["open"] is False
    other.goto(server)
    expect(other.locator(f'[data-testid="open-tables"] li[data-table="{table_id}"]')).to_have_count(
        0
    )
    assert problems == [] and trouble == []
