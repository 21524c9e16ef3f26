"""Helpers of the browser tests: a real ``nilegames serve`` process and Debian's Chromium.

The server runs as its own process (as users start it) so that the page talks to it over
real sockets; Chromium is the system's, so Playwright never downloads a browser.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest


def chromium_path() -> str | None:
    """Debian's Chromium, if installed (the tests skip without it)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextmanager
def chromium_browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a downloaded browser); the test
    skips without it, which CI turns into a failure."""
    executable = chromium_path()
    if executable is None:
        pytest.skip("Chromium not found: install Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


def page_in_language(
    browser: Any, width: int, height: int, lang: str, *, timeout_ms: int
) -> tuple[Any, list[str]]:
    """A new page of that size in that language, and the list its errors go to (page
    errors and console errors, which a test asserts empty)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('nilegames.lang', '{lang}')")
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None,
    )
    page.set_default_timeout(timeout_ms)
    return page, problems


def new_table(
    base: str, seats: list[dict[str, str]], game: str = "nile", **options: str
) -> dict[str, Any]:
    """Create a table (NILE unless ``game`` says otherwise) through the API: the answer
    of ``POST /api/tables``."""
    body = {"game": game, "options": options, "seats": seats}
    response = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def play_out(base: str, table_id: str, tokens: dict[str, str], seed: int) -> dict[str, Any]:
    """Play a table whose seats are all human to the end with random legal moves over
    REST (fast, no browser); returns the final public view."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(5000):
            view: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
            if view["to_move"] is None:
                return view
            token = tokens[str(view["to_move"])]
            mine = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
            action = rng.choice(mine["legal_actions"])["action"]
            answer = client.post(
                f"/api/tables/{table_id}/actions",
                json={"seq": mine["seq"], "action": action},
                headers={"X-Seat-Token": token},
            )
            assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end in 5000 moves")


def close_result_dialog(page: Any) -> None:
    """The result dialog opens by itself at the end of a game: check it names a winner,
    then close it with its button (it is modal: the page behind is inert meanwhile)."""
    from playwright.sync_api import expect

    dialog = page.locator('[data-testid="result-dialog"]')
    expect(dialog).to_be_visible()
    expect(dialog.locator('[data-testid="result-winner"]')).not_to_be_empty()
    dialog.locator('[data-testid="result-close"]').click()
    expect(dialog).to_be_hidden()


#: Text whose colour is too close to its background (WCAG AA: 4.5:1, 3:1 for large
#: text), in the page's #app: a list of "ratio tag.class text" (disabled controls, SVG
#: drawings and screen-reader-only text are left out).
CONTRAST_PROBLEMS = r"""() => {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(',').map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const channel = (v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0.9) return c;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const skip = 'svg, [aria-disabled="true"], :disabled, .sr-only, [hidden], dialog:not([open])';
  const bad = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.querySelector('#app'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    const text = walker.currentNode.textContent.trim();
    if (!el || seen.has(el) || !text) continue;
    seen.add(el);
    const st = getComputedStyle(el);
    if (el.closest(skip) || st.visibility === 'hidden' || opacity(el) < 0.99) continue;
    const [a, b] = [lum(parse(st.color)), lum(background(el))].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(st.fontSize);
    const large = size >= 24 || (Number(st.fontWeight) >= 700 && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) {
      bad.push(`${ratio.toFixed(2)} ${el.tagName}.${el.className} "${text.slice(0, 30)}"`);
    }
  }
  return bad;
}"""

#: Board actions the keyboard cannot reach (no copy is a button or focusable with a role),
#: and buttons or links without an accessible name.
UNREACHABLE = """() => {
  const named = (e) => e.getAttribute('aria-label') || e.textContent.trim() || e.title;
  const actions = Array.from(document.querySelectorAll('[data-testid=board] [data-action]'));
  const controls = document.querySelectorAll('#app button, #app [role=button], #app a');
  const reachable = (e) => e.tagName === 'BUTTON' || (e.tabIndex >= 0 && e.getAttribute('role'));
  // a move drawn twice (a board and its loupe) needs one copy the keyboard reaches
  const reached = new Set(actions.filter(reachable).map((e) => e.dataset.action));
  return {
    unfocusable: actions
      .filter((e) => !reached.has(e.dataset.action))
      .map((e) => e.outerHTML.slice(0, 80)),
    nameless: Array.from(controls).filter((e) => !named(e)).map((e) => e.outerHTML.slice(0, 80)),
  };
}"""


#: The reasons of the board's greyed controls: one text per disabled control or inert
#: card (an empty text is one that does not say why).
REASONS = """() => Array.from(document.querySelectorAll(['[aria-disabled="true"]',
    'button:disabled', '[data-why]'].map((x) => `[data-testid="board"] ${x}`).join(', ')))
  .map((el) => (el.getAttribute('aria-describedby') || '').split(' ')
    .map((id) => document.getElementById(id)?.textContent || '').join(''))"""
