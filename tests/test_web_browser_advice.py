"""Hints and reviews in a real browser: the Hint button and the key ``h`` against a bot,
the greyed button of a table of two people and why, the hint in every seat's log, and the
Review of a finished game from the result dialog and from the replay, with its progress
bar; in English at 1280×800 and in French on a 390-pixel phone.

Screenshots of the hint and the review go to the test's folder (``NILEGAMES_SHOTS``:
another folder) for a person to look at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web_browser_helpers import server_fixture
from tests.web_helpers import CONTRAST_PROBLEMS, new_table, page_in_language, play_out

try:
    from playwright.sync_api import Browser, Page, expect
except ImportError:  # pragma: no cover - .ci/run installs it
    pytest.skip("Playwright not found: pip install playwright", allow_module_level=True)

MY_TURN = (
    """() => document.querySelector('[data-testid="status"]')?.dataset.state === 'your-turn'"""
)
HINT_ITERATIONS = 150
REVIEW_ITERATIONS = 16


server = server_fixture(
    "web-advice",
    *("--hint-iterations", str(HINT_ITERATIONS)),
    *("--review-iterations", str(REVIEW_ITERATIONS)),
)


def open_page(browser: Browser, width: int, height: int, lang: str) -> tuple[Page, list[str]]:
    return page_in_language(browser, width, height, lang, timeout_ms=30_000)


def shot(page: Page, folder: Path, name: str) -> None:
    where = Path(os.environ.get("NILEGAMES_SHOTS") or folder)
    where.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(where / f"{name}.png"))


def api_view(base: str, table_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    view: dict[str, Any] = httpx.get(f"{base}/api/tables/{table_id}", headers=headers).json()
    return view


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] if page.viewport_size else True


def test_a_hint_against_a_bot_with_the_key_h_and_played(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    made = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table_id, token = made["table"]["id"], made["tokens"]["0"]
    page, problems = open_page(browser, 1280, 800, "en")
    watcher, _ = open_page(browser, 1280, 800, "en")  # a spectator sees the log too
    page.goto(f"{server}/#/table/{table_id}?token={token}")
    watcher.goto(f"{server}/#/table/{table_id}")
    page.wait_for_function(MY_TURN)
    button = page.locator('[data-testid="hint"]')
    expect(button).to_have_attribute("aria-disabled", "false")
    expect(button).to_have_attribute("title", "The hard bot suggests a move for this position. (h)")
    page.keyboard.press("h")
    panel = page.locator('[data-testid="hint-panel"]')
    expect(panel).to_be_visible()
    mine = api_view(server, table_id, token)
    legal = {a["action"]: a["text"] for a in mine["legal_actions"]}
    move = panel.locator('[data-testid="hint-move"]')
    action = int(move.get_attribute("data-hint-action") or "-1")
    assert action in legal
    expect(move).to_contain_text(legal[action])
    expect(panel.locator('[data-testid="hint-chance"]')).to_contain_text(
        "Your chance of winning with it:"
    )
    expect(panel).to_contain_text(f"From {HINT_ITERATIONS} searches")
    # the suggested move stands out in the list of moves
    expect(page.locator(f'[data-testid="actions"] [data-action="{action}"]')).to_have_class(
        "action hinted"
    )
    for who, words in ((page, "You asked for a hint."), (watcher, "Seat 0 asked for a hint.")):
        expect(who.locator('[data-testid="log"] [data-event="hint"]')).to_have_text(words)
    # in its turn, as the newest event: just under the turn's heading
    lines = page.locator('[data-testid="log"] li')
    expect(lines.nth(0)).to_have_attribute("data-event", re.compile("turn|round"))
    expect(lines.nth(1)).to_have_attribute("data-event", "hint")
    assert page.evaluate(CONTRAST_PROBLEMS) == []
    shot(page, tmp_path, "hint-1280")
    seq = mine["seq"]
    page.locator('[data-testid="hint-play"]').click()
    expect(panel).to_have_count(0)
    after = api_view(server, table_id)
    assert after["seq"] > seq
    assert [u["seq"] for u in after["hints_used"]] == [seq]
    assert problems == []


def test_hints_are_off_with_two_people_in_french_on_a_phone(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    made = new_table(server, [{"kind": "human"}, {"kind": "human"}])
    table_id, tokens = made["table"]["id"], made["tokens"]
    mover = str(api_view(server, table_id)["to_move"])
    page, problems = open_page(browser, 390, 844, "fr")
    page.goto(f"{server}/#/table/{table_id}?token={tokens[mover]}")
    page.wait_for_function(MY_TURN)
    button = page.locator('[data-testid="hint"]')
    expect(button).to_have_text("Conseil")
    expect(button).to_have_attribute("aria-disabled", "true")
    expect(button).to_have_attribute("data-code", "off")
    reason = "Pas de conseils à cette table : plusieurs personnes jouent"
    assert reason in (button.get_attribute("title") or "")
    page.keyboard.press("h")  # nothing is asked
    button.click(force=True)  # a phone has no tooltip: pressing it says why
    expect(page.locator('[data-testid="hint-refusal"]')).to_contain_text(reason)
    expect(page.locator('[data-testid="hint-panel"]')).to_have_count(0)
    assert api_view(server, table_id)["hints_used"] == []
    no_horizontal_scroll(page)
    shot(page, tmp_path, "hint-off-390")
    assert problems == []


def test_a_hint_in_french_on_a_phone(browser: Browser, server: str, tmp_path: Path) -> None:
    made = new_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table_id, token = made["table"]["id"], made["tokens"]["0"]
    page, problems = open_page(browser, 390, 844, "fr")
    page.goto(f"{server}/#/table/{table_id}?token={token}")
    page.wait_for_function(MY_TURN)
    page.locator('[data-testid="hint"]').click()
    panel = page.locator('[data-testid="hint-panel"]')
    expect(panel).to_contain_text("Le robot fort jouerait :")
    expect(panel).to_contain_text("Votre chance de gagner avec ce coup :")
    expect(panel.locator('[data-testid="hint-chance"]')).to_contain_text("\u00a0%")
    page.locator('[data-testid="log-toggle"]').click()
    expect(page.locator('[data-testid="log"] [data-event="hint"]')).to_have_text(
        "Vous avez demandé un conseil."
    )
    page.locator('[data-testid="log-toggle"]').click()
    no_horizontal_scroll(page)
    assert page.evaluate(CONTRAST_PROBLEMS) == []
    shot(page, tmp_path, "hint-390")
    assert problems == []


def finished_table(base: str, seed: int) -> tuple[str, dict[str, str], int]:
    """A short NILE game of two people who allowed hints, one of them used, played out."""
    body = {
        "game": "nile",
        "options": {"variant": "short"},
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "hints": True,
    }
    made = httpx.post(f"{base}/api/tables", json=body, timeout=10).json()
    table_id, tokens = made["table"]["id"], made["tokens"]
    view = api_view(base, table_id)
    mover = str(view["to_move"])
    headers = {"X-Seat-Token": tokens[mover]}
    asked = httpx.post(
        f"{base}/api/tables/{table_id}/hint", json={"seq": view["seq"]}, headers=headers, timeout=60
    )
    assert asked.status_code == 200, asked.text
    play_out(base, table_id, tokens, seed)
    return table_id, tokens, int(mover)


def check_review(page: Page, base: str, table_id: str, seat: int, lang: str = "en") -> None:
    """The review shown is the server's: each move a row, the flagged ones in words (what
    a move led to in the page's language)."""
    results = page.locator('[data-testid="review-results"]')
    expect(results).to_be_visible(timeout=120_000)
    job = httpx.get(f"{base}/api/tables/{table_id}/reviews/{seat}").json()
    review = job["review"]
    rows = page.locator('[data-testid="review-table"] tbody tr')
    expect(rows).to_have_count(len(review["moves"]))
    expect(page.locator('[data-testid="review-table"] tr.flagged')).to_have_count(
        len(review["flagged"])
    )
    flags = page.locator('[data-testid="review-flags"] li')
    expect(flags).to_have_count(len(review["flagged"]))
    moves = {move["index"]: move for move in review["moves"]}
    if lang != "en":  # every move in the server's words in the page's language
        said = [move["words"][lang]["played"] for move in review["moves"]]
        expect(page.locator('[data-testid="review-table"] td.review-played')).to_have_text(said)
        assert said != [move["played"] for move in review["moves"]]
    for rank, index in enumerate(review["flagged"]):
        expect(flags.nth(rank)).to_have_attribute("data-index", str(index))
        move = moves[index]
        # a move before the first turn the game counts is said so, not "turn 0"
        first = {"en": "Before turn 1", "fr": "Avant le tour 1"}[lang]
        if move["turn"] == 0:
            expect(flags.nth(rank).locator("p").first).to_contain_text(first)
        expect(flags.nth(rank)).not_to_contain_text(re.compile(r"\b(Turn|Tour) 0\b"))
        why = flags.nth(rank).locator('[data-testid="review-why"] span')
        if not move["why"]:
            expect(why).to_have_count(0)
        elif lang == "en":
            expect(why).to_have_text(move["why"])
        else:  # the server's French, not marked as English
            expect(why).to_have_text(move["words"][lang]["why"])
            assert move["words"][lang]["why"] != move["why"]
            assert why.get_attribute("lang") is None


def test_the_review_from_the_result_dialog(browser: Browser, server: str, tmp_path: Path) -> None:
    table_id, tokens, hinted = finished_table(server, 3)
    page, problems = open_page(browser, 1280, 800, "en")
    page.goto(f"{server}/#/table/{table_id}?token={tokens['0']}")
    dialog = page.locator('[data-testid="result-dialog"]')
    expect(dialog).to_be_visible()
    dialog.locator('[data-testid="review-open"]').click()
    expect(dialog).to_be_hidden()
    review = page.locator('[data-testid="review-dialog"]')
    expect(review).to_be_visible()
    expect(review.locator('[data-testid="review-seat"]')).to_have_value("0")
    # the progress bar shows until the job is done (polled)
    progress = review.locator('[data-testid="review-progress"] progress')
    expect(progress).to_be_attached()
    check_review(page, server, table_id, 0)
    flags = review.locator('[data-testid="review-flags"]')
    if review.locator('[data-testid="review-flags"] li').count():
        expect(flags).to_contain_text("your chance of winning from")
        expect(flags).to_contain_text("the hard bot would have played")
    else:
        expect(flags).to_have_text("No move cost more than 2 % of a game: well played.")
    assert page.evaluate(CONTRAST_PROBLEMS) == []
    shot(page, tmp_path, "review-1280")
    review.locator('[data-testid="review-close"]').click()
    expect(review).to_have_count(0)
    # the replay's log says who asked for a hint, at the step it was asked
    seq = api_view(server, table_id)["hints_used"][0]["seq"]
    page.goto(f"{server}/#/replay/{table_id}?step={seq}")
    words = "Seat 0 asked for a hint." if hinted == 0 else "Seat 1 asked for a hint."
    expect(page.locator('[data-testid="log"] [data-event="hint"]')).to_have_text(words)
    page.goto(f"{server}/#/replay/{table_id}?step={max(0, seq - 1)}")
    expect(page.locator('[data-testid="replay-step"]')).to_have_attribute(
        "data-step", str(max(0, seq - 1))
    )
    expect(page.locator('[data-testid="log"] [data-event="hint"]')).to_have_count(0)
    assert problems == []


def test_the_review_in_the_replay_in_french_on_a_phone(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    table_id, _, _ = finished_table(server, 5)
    page, problems = open_page(browser, 390, 844, "fr")
    page.goto(f"{server}/#/replay/{table_id}")
    expect(page.locator('[data-testid="replay-step"]')).to_be_visible()
    page.locator('[data-testid="result-close"]').click()
    page.locator('[data-testid="review-open"]').click()
    review = page.locator('[data-testid="review-dialog"]')
    expect(review.locator("h2")).to_have_text("Analyse de la partie")
    check_review(page, server, table_id, 0, "fr")
    review.locator('[data-testid="review-seat"]').select_option("1")  # the other seat
    expect(review.locator('[data-testid="review-progress"]')).to_be_attached()
    check_review(page, server, table_id, 1, "fr")
    if review.locator('[data-testid="review-why"]').count():
        expect(review.locator('[data-testid="review-why"]').first).to_contain_text(
            ", avant votre tour suivant :"  # spoken to the seat reviewed, as its words are
        )
    expect(review.locator("h3")).to_have_text("Les coups les plus coûteux")
    no_horizontal_scroll(page)
    shot(page, tmp_path, "review-390")
    see = review.locator('[data-testid="review-see"]')
    if see.count():  # a flagged move opens the replay just before it
        index = review.locator('[data-testid="review-flags"] li').first.get_attribute("data-index")
        see.first.click()
        expect(review).to_have_count(0)
        expect(page.locator('[data-testid="replay-step"]')).to_have_attribute(
            "data-step", str(index)
        )
    assert problems == []


def test_a_review_of_a_game_in_play_is_refused_plainly(server: str) -> None:
    made = new_table(server, [{"kind": "human"}, {"kind": "human"}])
    answer = httpx.post(f"{server}/api/tables/{made['table']['id']}/reviews", json={"seat": 0})
    assert answer.status_code == 409
    assert answer.json() == {"error": "the game is not over: a review opens at the end"}


def test_the_lobby_offers_the_hint_option(browser: Browser, server: str) -> None:
    page, problems = open_page(browser, 1280, 800, "en")
    page.goto(f"{server}/#/")
    select = page.locator('[data-testid="hints"]')
    expect(select).to_have_value("auto")
    select.select_option("off")  # a table against bots that wants no hints
    with page.expect_response("**/api/tables") as created:
        page.locator('[data-testid="create"]').click()
    table = created.value.json()["table"]
    shown = api_view(server, table["id"])
    assert shown["hints_allowed"] is False
    assert problems == []
