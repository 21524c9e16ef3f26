"""Helpers of the browser tests: a real ``nilegames serve`` process and Debian's Chromium.

The server runs as its own process (as users start it) so that the page talks to it over
real sockets; Chromium is the system's, so Playwright never downloads a browser.
"""

from __future__ import annotations

import random
import shutil
from typing import Any

import httpx


def chromium_path() -> str | None:
    """Debian's Chromium, if installed (the tests skip without it)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


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
