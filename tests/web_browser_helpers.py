"""What the browser tests of every game share: a real server per test module, a page that
records its errors and failed requests, the lobby clicked through, and the waits and
checks they all use.

Chromium comes from tests/conftest.py's ``browser`` fixture; starting the server and the
helpers that need no page are in tests/server_helpers.py and tests/web_helpers.py.  A
test module imports :func:`server` to have its own server, or makes one with other
options with :func:`server_fixture`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.server_helpers import SEEDED, serve

try:
    from playwright.sync_api import Browser, Page, expect
except ImportError:  # pragma: no cover - .ci/run installs it
    pytest.skip("Playwright not found: pip install playwright", allow_module_level=True)

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
TIMEOUT_MS = 15_000
PHONE = 390

STATUS = '[data-testid="status"]'
WAIT_TURN = """() => {
  const state = document.querySelector('[data-testid="status"]')?.dataset.state;
  return state === 'your-turn' || state === 'finished';
}"""
NOT_PENDING = """() => {
  const state = document.querySelector('[data-testid="status"]')?.dataset.state;
  return state !== undefined && state !== 'pending';
}"""


def server_fixture(folder: str, *options: str) -> Callable[..., Iterator[str]]:
    """A module's ``server`` fixture: one seeded server for the module (starting it costs
    more than a game), in a new folder named ``folder``, run with ``options``."""

    @pytest.fixture(scope="module")
    def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
        with serve(tmp_path_factory.mktemp(folder), *SEEDED, *options) as base:
            yield base

    return server


server = server_fixture("web")


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


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE, f"{page.url} is {width} px wide on a {PHONE} px screen"
