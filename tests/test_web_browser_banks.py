"""AN DEN UFERN DES NILS in a real browser against a real server, played by clicking.

The page must draw every field, plant, market row, the boat, the score track and the
seats as the server's view says, and make exactly the legal moves clickable, each once:
on the drawing (fields, plants, water cards, market rows, boat, jokers, the desert pile,
the supply) or as a button (end actions, bids).  Sowing and harvesting take two clicks:
a field or a ripe plant (``data-select``), then a plant of the supply or a market row.
The fixtures and helpers are those of tests/web_browser_helpers.py.  NILEGAMES_WEB_SEED
picks other moves (default 2024).
"""

from __future__ import annotations

import os
import random
import time
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
from tests.web_helpers import close_result_dialog, new_table

try:
    from playwright.sync_api import Browser, Page, expect
except ImportError:  # pragma: no cover - tests/web_browser_helpers.py skips first
    pytest.skip("Playwright not found: pip install playwright", allow_module_level=True)

# The action ranges (actions.py).
PLANT, GROW, HARVEST, BUY_SEED = 49, 189, 217, 329
BUY_JOKER, USE_JOKER, END_ACTIONS, BID = 354, 355, 376, 394
CROPS = ("flax", "wheat", "grapes", "onion", "aubergine")
MAX_MOVES = 400  # a 2-player game against a random bot takes about 60-150 of our moves
MAX_SECONDS = 420  # past this the game stops being played (it is checked up to there)

# The drawing as the page shows it, read in one go.
BK_SNAPSHOT = """() => {
  const all = (root, selector) => Array.from(root.querySelectorAll(selector));
  const board = document.querySelector('[data-testid="board"]');
  const status = document.querySelector('[data-testid="status"]');
  const message = document.querySelector('[data-testid="message"]');
  const fields = {};
  for (const f of all(board, '[data-testid="banks-svg"] [data-field]')) {
    fields[f.dataset.field] = {
      ground: f.dataset.ground,
      plants: all(f, '[data-plant]').map((p) => {
        const token = p.querySelector('.bk-token');
        return [Number(token.dataset.seat), token.dataset.crop, p.dataset.ripe === 'true'];
      }),
    };
  }
  const market = all(board, '[data-testid="market-svg"] [data-market-row]').map((row) => ({
    row: Number(row.dataset.marketRow),
    plants: all(row, '[data-condition]').map((p) => {
      const token = p.querySelector('.bk-token');
      return [Number(token.dataset.seat), token.dataset.crop, p.dataset.condition];
    }),
  }));
  const seats = {};
  for (const seat of all(board, '[data-testid="seats"] .bk-seat[data-seat]')) {
    const supply = {};
    for (const chip of all(seat, '[data-supply-crop]')) {
      if (Number(chip.dataset.count)) supply[chip.dataset.supplyCrop] = Number(chip.dataset.count);
    }
    seats[seat.dataset.seat] = {
      score: Number(seat.querySelector('[data-testid="score"]').dataset.score),
      lost: Number(seat.querySelector('[data-testid="lost"]').dataset.lost),
      jokers: Number(seat.querySelector('[data-testid="jokers"]').dataset.count),
      stacks: all(seat, '[data-stack]').map((x) => Number(x.dataset.cards)),
      supply,
    };
  }
  const boat = {};
  for (const chip of all(board, '[data-testid="boat-svg"] [data-boat-seat]')) {
    boat[`${chip.dataset.boatSeat}:${chip.dataset.crop}`] = Number(chip.dataset.count);
  }
  const pawns = {};
  for (const pawn of all(board, '[data-pawn]')) {
    pawns[pawn.dataset.pawn] = Number(pawn.dataset.score);
  }
  // what can be clicked: inert elements must carry no role="button"
  const clickable = all(board, '[role="button"], button');
  const stray = clickable.filter((el) => !el.dataset.action && !el.dataset.select
    && el.dataset.control !== 'cancel').map((el) => el.outerHTML.slice(0, 80));
  const turn = board.querySelector('[data-testid="turn-info"]');
  return {
    state: status?.dataset.state,
    statusText: status?.textContent || '',
    message: message && !message.hidden ? message.textContent : null,
    fields, market, seats, boat, pawns, stray,
    obelisk: Number(board.querySelector('[data-testid="obelisk"]')?.dataset.space ?? -1),
    pile: Number(board.querySelector('[data-testid="desert-pile"]')?.dataset.count ?? -1),
    circle: board.querySelector('[data-testid="circle"]')?.dataset.circle,
    points: turn ? Number(turn.dataset.points) : null,
    covered: all(board, '[data-covered-row]').map((x) => Number(x.dataset.coveredRow)),
    selected: all(board, '[data-select][aria-pressed="true"]').map((x) => x.dataset.select),
  };
}"""
# Every clickable move: those on show, then those each selector (a field to sow on, a
# ripe plant to harvest) shows once picked, picked and dropped again in the page.
BK_TARGETS = """() => {
  const board = document.querySelector('[data-testid="board"]');
  const ids = () => Array.from(board.querySelectorAll('[data-action]'))
    .map((el) => Number(el.dataset.action));
  const press = (key) => board.querySelector(`[data-select="${key}"]`)
    .dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const base = ids();
  const picks = {};
  const keys = Array.from(board.querySelectorAll('[data-select]')).map((el) => el.dataset.select);
  for (const key of keys) {
    press(key);
    const pressed = board.querySelector(`[data-select="${key}"]`).getAttribute('aria-pressed');
    picks[key] = { shown: ids(), pressed };
    press(key);
  }
  return { base, picks };
}"""


def selector_of(action: int) -> str | None:
    """The field or plant to pick before a two-click move (sow, harvest), if any."""
    if PLANT <= action < GROW:
        return f"sow:{(action - PLANT) // len(CROPS)}"
    if HARVEST <= action < BUY_SEED:
        return f"harvest:{(action - HARVEST) // 4}"
    return None


def bk_check_drawing(snapshot: dict[str, Any], obs: dict[str, Any]) -> None:
    """The fields, market, boat, track and seats on screen against the observation."""
    assert snapshot["fields"] == {
        str(f["field"]): {
            "ground": f["ground"],
            "plants": [[p["seat"], p["crop"], p["ripe"]] for p in f["plants"]],
        }
        for f in obs["fields"]
    }
    assert sorted(snapshot["covered"]) == sorted(obs["covered_rows"])
    assert snapshot["market"] == [
        {"row": m, "plants": [[p["seat"], p["crop"], p["condition"]] for p in row]}
        for m, row in enumerate(obs["market"])
    ]
    assert snapshot["boat"] == {
        f"{seat}:{crop}": n for seat, counts in enumerate(obs["boat"]) for crop, n in counts.items()
    }
    assert snapshot["seats"] == {
        str(seat): {
            "score": obs["scores"][seat],
            "lost": obs["lost"][seat],
            "jokers": obs["jokers"][seat],
            "stacks": [stack["cards"] for stack in obs["stacks"][seat]],
            "supply": obs["supply"][seat],
        }
        for seat in range(obs["players"])
    }
    assert snapshot["pawns"] == {str(s): n for s, n in enumerate(obs["scores"])}
    assert snapshot["obelisk"] == obs["obelisk"]
    assert snapshot["pile"] == obs["desert_pile"]
    assert snapshot["circle"] == obs["circle"]
    assert snapshot["points"] == (obs["turn"]["points"] if obs["turn"] else None)


def bk_check_targets(targets: dict[str, Any], legal: list[int]) -> None:
    """Every legal move can be clicked, once: on show, or once its selector is picked."""
    base = targets["base"]
    assert len(base) == len(set(base)), base
    shown = list(base)
    for key, pick in targets["picks"].items():
        assert pick["pressed"] == "true", key
        extra = [a for a in pick["shown"] if a not in base]
        assert sorted(pick["shown"]) == sorted(base + extra), key  # nothing else goes away
        assert extra, f"{key} offers nothing"
        assert all(selector_of(a) == key for a in extra), (key, extra)
        shown += extra
    assert sorted(shown) == legal


def bk_choose(rng: random.Random, legal: list[int], obs: dict[str, Any]) -> int:
    """Mostly harvest, grow and sow so that the market fills and scores move on; buy
    seeds back sometimes; end the actions when nothing else is wanted; sometimes
    anything, so that every kind of target gets clicked."""
    if rng.random() < 0.12:
        return rng.choice(legal)
    for wanted in (
        range(HARVEST, BUY_SEED),
        range(GROW, HARVEST),
        range(PLANT, GROW),
        range(BUY_SEED, BUY_JOKER),
    ):
        found = [action for action in legal if action in wanted]
        if found and (wanted.start != BUY_SEED or rng.random() < 0.5):
            return rng.choice(found)
    if END_ACTIONS in legal:
        return END_ACTIONS
    return rng.choice(legal)


def click_move(page: Page, action: int) -> None:
    """Make a move by clicking the drawing (two clicks for sowing and harvesting)."""
    key = selector_of(action)
    board = page.locator('[data-testid="board"]')
    if key is not None:
        picker = board.locator(f'[data-select="{key}"]')
        if picker.get_attribute("aria-pressed") != "true":
            picker.click()
        expect(picker).to_have_attribute("aria-pressed", "true")
    target = board.locator(f'[data-action="{action}"]')
    expect(target).to_have_count(1)
    with page.expect_response(lambda r: r.url.endswith("/actions")) as answer:
        target.click()
    assert answer.value.status == 200, answer.value.text()


def play_by_clicking(
    page: Page, base: str, rng: random.Random, max_moves: int, max_seconds: float
) -> tuple[int, set[str], dict[str, Any]]:
    """Play seat 0 of the open table by clicking, checking the drawing and the targets at
    every turn, until the game ends or ``max_moves`` / ``max_seconds`` pass; returns the
    moves made, their kinds and the last view of seat 0."""
    table_id, token = table_of(page)
    headers = {"X-Seat-Token": token}
    started = time.monotonic()
    moves = 0
    kinds: set[str] = set()
    with httpx.Client(base_url=base, timeout=10) as client:
        while True:
            page.wait_for_function(WAIT_TURN)
            snapshot = page.evaluate(BK_SNAPSHOT)
            if snapshot["state"] == "finished":
                break
            view = client.get(f"/api/tables/{table_id}", headers=headers).json()
            assert view["seat"] == 0 and view["to_move"] == 0, view["to_move"]
            assert snapshot["state"] == "your-turn" and "Your turn" in snapshot["statusText"]
            assert snapshot["message"] is None, snapshot["message"]
            assert snapshot["stray"] == [], snapshot["stray"]
            assert snapshot["selected"] == []
            obs = view["observation"]
            bk_check_drawing(snapshot, obs)
            # rounds without progress are shown from the first one where a game can be
            # blocked (edition 1, at six); edition 2 ends only on a proved deadlock
            quiet = page.get_by_test_id("quiet-rounds")
            if obs["quiet_rounds"] and obs["blocked_at"]:
                assert quiet.inner_text().startswith(f"{obs['quiet_rounds']} ")
            else:
                assert quiet.count() == 0
            legal = sorted(action["action"] for action in view["legal_actions"])
            bk_check_targets(page.evaluate(BK_TARGETS), legal)
            if moves >= max_moves or time.monotonic() - started > max_seconds:
                break  # long enough: the rest of the game is the bot's and chance's
            action = bk_choose(rng, legal, obs)
            kinds.add(kind_of(action))
            click_move(page, action)
            page.wait_for_function(NOT_PENDING)
            moves += 1
        final: dict[str, Any] = client.get(f"/api/tables/{table_id}", headers=headers).json()
    return moves, kinds, final


def test_banks_against_a_bot_played_by_clicking(browser: Browser, server: str) -> None:  # noqa: F811
    rng = random.Random(int(os.environ.get("NILEGAMES_WEB_SEED", "2024")))
    page, watch = open_page(browser)
    create_through_lobby(page, server, game="banks", rules="Ufern des Nils")
    moves, kinds, final = play_by_clicking(page, server, rng, MAX_MOVES, MAX_SECONDS)
    if final["to_move"] is None:
        assert final["table"]["status"] == "finished"
        bk_check_result(page, final)
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("() => window.scrollTo(0, 0)")  # the status bar is sticky
    page.screenshot(path=str(ARTIFACTS / "web-banks-final.png"), full_page=True)
    assert moves > 20
    assert {"plant", "actions"} <= kinds, kinds
    assert watch.problems == []


def test_banks_variants_played_by_clicking(browser: Browser, server: str) -> None:  # noqa: F811
    """Three players, every variant: secret bids for the first player and the
    hippopotamus, other players' seeds in the boat, jokers that heal."""
    rng = random.Random(int(os.environ.get("NILEGAMES_WEB_SEED", "2024")) + 1)
    page, watch = open_page(browser)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2
    variants = ("seed_trade", "joker_heal", "hippo_auction", "bid_start")
    created = httpx.post(
        f"{server}/api/tables",
        json={"game": "banks", "options": dict.fromkeys(variants, True), "seats": seats},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    page.goto(f"{server}/{created.json()['links']['0']}")
    moves, kinds, _final = play_by_clicking(page, server, rng, 80, 150)
    assert moves > 10
    assert "bid" in kinds, kinds  # the first player is bid for at once
    assert watch.problems == []


def kind_of(action: int) -> str:
    if action < 28:
        return "desert"
    if action < 49:
        return "water"
    if action < GROW:
        return "plant"
    if action < END_ACTIONS + 1:
        return "actions"
    if action < BID:
        return "tide"
    return "bid"


def bk_check_result(page: Page, final: dict[str, Any]) -> None:
    """The result panel: scores, plants lost and the winner(s), as the server says."""
    close_result_dialog(page)
    result = final["observation"]["result"]
    expect(page.locator(STATUS)).to_contain_text("Game over")
    panel = page.locator('[data-testid="result"]')
    expect(panel).to_be_visible()
    expect(panel.locator(".winners")).not_to_be_empty()
    for seat, score in enumerate(result["scores"]):
        column = panel.locator(f'.result-seat[data-seat="{seat}"]')
        expect(column.locator('[data-testid="final-score"]')).to_have_text(str(score))
        expect(column.locator('[data-testid="final-lost"]')).to_have_attribute(
            "data-lost", str(result["lost"][seat])
        )
        winner = "true" if seat in result["winners"] else "false"
        expect(column).to_have_attribute("data-winner", winner)
    expect(page.locator('[data-testid="reason"]')).not_to_be_empty()
    expect(page.locator('[data-testid="board"] [data-action]')).to_have_count(0)
    expect(page.locator('[data-testid="board"] [data-select]')).to_have_count(0)
    expect(page.locator('[data-testid="actions"]')).to_be_hidden()


def play_seat(base: str, table_id: str, token: str, seed: int, until: str) -> dict[str, Any]:
    """Play seat 0 (a human seat) over REST with random moves until its view reaches
    phase ``until`` in the second round or later, with a field to sow on."""
    rng = random.Random(seed)
    headers = {"X-Seat-Token": token}
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(400):
            view: dict[str, Any] = client.get(f"/api/tables/{table_id}", headers=headers).json()
            obs = view["observation"]
            if view["to_move"] is None:
                return view
            if view["to_move"] != 0:
                time.sleep(0.05)
                continue
            legal = [a["action"] for a in view["legal_actions"]]
            sow = [a for a in legal if PLANT <= a < GROW]
            if obs["phase"] == until and sow and obs["round"] >= 2:
                return view
            action = rng.choice(legal)
            answer = client.post(
                f"/api/tables/{table_id}/actions",
                json={"seq": view["seq"], "action": action},
                headers=headers,
            )
            assert answer.status_code == 200, answer.text
    raise AssertionError(f"no {until} phase in 400 moves")


def test_banks_in_french_on_a_phone(browser: Browser, server: str) -> None:  # noqa: F811
    page, watch = open_page(browser, width=PHONE, height=844)
    page.goto(f"{server}/#/")
    page.click('[data-testid="lang"]')
    expect(page.locator('[data-testid="lang"]')).to_have_text("English")
    page.select_option('[data-testid="game"]', "banks")
    expect(page.locator('[data-testid="rules"]')).to_contain_text("Ufern des Nils")
    expect(page.locator("body")).to_contain_text("Commerce de semences")  # an option's name
    no_horizontal_scroll(page)

    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = new_table(server, seats, "banks")
    table_id = created["table"]["id"]
    view = play_seat(server, table_id, created["tokens"]["0"], seed=5, until="actions")
    page.goto(f"{server}/{created['links']['0']}")
    page.wait_for_function(WAIT_TURN)
    expect(page.locator(STATUS)).to_contain_text("À vous de jouer")
    expect(page.locator(STATUS)).to_contain_text("point")  # the hint: action points
    board = page.locator('[data-testid="board"]')
    expect(board.locator('[data-testid="market"] h2')).to_have_text("Marché")
    expect(board.locator('[data-testid="boat"] h2')).to_have_text("Le bateau")
    expect(board.locator('[data-testid="track"] h2')).to_contain_text("Obélisque")
    expect(board.locator('[data-testid="track"]')).to_contain_text("Cercle des crues")
    expect(board.locator('[data-testid="seats"] h2')).to_have_text("Joueurs")
    expect(board.locator(".bk-legend")).to_contain_text("L lin · B blé · R raisin")
    expect(board.locator(".bk-legend")).to_contain_text("O oignon · A aubergine")
    expect(board.locator('[data-testid="banks-svg"]')).to_contain_text("Nil")
    expect(board.locator('[data-control="end-actions"]')).to_have_text("Terminer les actions")
    expect(page.locator('[data-testid="log"]')).to_contain_text("points d’action")
    no_horizontal_scroll(page)

    legal = [a["action"] for a in view["legal_actions"]]
    sow = sorted(a for a in legal if PLANT <= a < GROW)
    if sow:  # a field, then a plant of the supply: both big enough for a finger
        field = board.locator(f'[data-select="{selector_of(sow[0])}"]')
        box = field.bounding_box()
        assert box and box["width"] >= 40 and box["height"] >= 30, box
        field.click()
        expect(board.locator('[data-testid="selected"]')).to_contain_text("Semer sur le champ")
        chip = board.locator(f'[data-action="{sow[0]}"]')
        box = chip.bounding_box()
        assert box and box["width"] >= 20, box
        expect(chip.locator("title")).to_contain_text("semer")
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "web-banks-phone-fr.png"), full_page=True)
    if sow:
        with page.expect_response(lambda r: r.url.endswith("/actions")) as answer:
            board.locator(f'[data-action="{sow[0]}"]').click()
        assert answer.value.status == 200, answer.value.text()
        page.wait_for_function(NOT_PENDING)
        expect(page.locator('[data-testid="log"]')).to_contain_text("Vous semez une semence")
    no_horizontal_scroll(page)
    assert watch.problems == []
