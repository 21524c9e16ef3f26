"""NILE ARTIFACTS in a real browser against a real server, played by clicking.

The page must draw the river, the boats, every seat's coins, favour and cards, the
monuments and the piles as the server's view says, and make every legal move clickable
exactly once, where it belongs; a game against a random bot is played to its end, and
the page is checked in French on a phone.  The fixtures and helpers are those of
tests/web_browser_helpers.py.  NILEGAMES_WEB_SEED picks other moves (default 2024).
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


def test_artifacts_against_a_bot_played_by_clicking(browser: Browser, server: str) -> None:  # noqa: F811
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


def test_artifacts_in_french_on_a_phone(browser: Browser, server: str) -> None:  # noqa: F811
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
