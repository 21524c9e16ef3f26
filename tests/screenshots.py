"""``make screenshots``: each game's table mid-game, its result dialog and a replay, at
1280 and 390 pixels wide, as PNG files in docs/screenshots/ (named
``<game>-{table,result,replay}-{1280,390}.png``); for NILE also a hint and a review
(``nile-{hint,review}-{1280,390}.png``).

A real ``nilegames serve`` process and Debian's Chromium, as in the browser tests; the
games are played with random legal moves from a fixed seed, so a run draws the same
positions (the chance outcomes come from the server, so not the same cards).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, sync_playwright

from tests.server_helpers import serve
from tests.web_helpers import chromium_path, new_table

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
GAMES = ("nile", "pharaohs", "artifacts", "banks")
WIDTHS = {1280: 800, 390: 844}


def play_until(
    base: str, table_id: str, tokens: dict[str, str], rng: random.Random, stop: Any
) -> dict[str, Any]:
    """Random legal moves of the human seats until ``stop(view)`` or the end."""
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(5000):
            view: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
            if view["to_move"] is None or stop(view):
                return view
            token = tokens[str(view["to_move"])]
            mine = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
            action = rng.choice(mine["legal_actions"])["action"]
            answer = client.post(
                f"/api/tables/{table_id}/actions",
                json={"seq": mine["seq"], "action": action},
                headers={"X-Seat-Token": token},
            )
            answer.raise_for_status()
    raise RuntimeError("the game did not end in 5000 moves")


def name_seats(base: str, table_id: str, tokens: dict[str, str]) -> None:
    """Three players with names, as the invitation page asks them."""
    with httpx.Client(base_url=base, timeout=10) as client:
        for seat, name in enumerate(["Amira", "Bastien", "Chiara"]):
            answer = client.post(
                f"/api/tables/{table_id}/seats/{seat}/name",
                json={"name": name},
                headers={"X-Seat-Token": tokens[str(seat)]},
            )
            answer.raise_for_status()


def tables(base: str, game: str, seed: int) -> tuple[str, str, str]:
    """A table mid-game (seat 0 to move), a finished one and its id for the replay:
    (table link, finished table link, finished table id)."""
    rng = random.Random(seed)
    seats = [{"kind": "human"}] * 3
    created = new_table(base, seats, game=game)
    tid, tokens = created["table"]["id"], created["tokens"]
    name_seats(base, tid, tokens)
    played = 0

    def mid(view: dict[str, Any]) -> bool:
        nonlocal played
        played += 1
        return played > 40 and view["to_move"] == 0

    play_until(base, tid, tokens, rng, mid)
    done = new_table(base, seats, game=game)
    did, dtokens = done["table"]["id"], done["tokens"]
    name_seats(base, did, dtokens)
    play_until(base, did, dtokens, rng, lambda view: False)
    return (
        f"{base}/#/table/{tid}?token={tokens['0']}",
        f"{base}/#/table/{did}?token={dtokens['0']}",
        did,
    )


def shoot(browser: Browser, base: str, games: tuple[str, ...], lang: str, seed: int) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for game in games:
        table, finished, did = tables(base, game, seed)
        for width, height in WIDTHS.items():
            context = browser.new_context(viewport={"width": width, "height": height})
            context.add_init_script(f"localStorage.setItem('nilegames.lang', '{lang}')")
            page = context.new_page()
            page.goto(table)
            page.wait_for_selector('[data-testid="status"][data-state="your-turn"]')
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"{game}-table-{width}.png"))
            page.goto(finished)
            page.wait_for_selector('[data-testid="result-dialog"]')
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"{game}-result-{width}.png"))
            page.goto(f"{base}/#/replay/{did}")
            page.wait_for_selector('[data-testid="replay-step"]')
            page.keyboard.press("Home")
            for _ in range(12):
                page.keyboard.press("ArrowRight")
            page.wait_for_timeout(500)
            page.screenshot(path=str(OUT / f"{game}-replay-{width}.png"))
            context.close()
            print(f"{game} at {width}: done", file=sys.stderr)


def shoot_advice(browser: Browser, base: str, lang: str, seed: int) -> None:
    """NILE's hint at a table against a bot (``nile-hint-*``) and the review of a finished
    game of two (``nile-review-*``), at both sizes."""
    rng = random.Random(seed)
    against = new_table(base, [{"kind": "human"}, {"kind": "bot", "bot": "medium"}])
    table = f"{base}/#/table/{against['table']['id']}?token={against['tokens']['0']}"
    pair = new_table(base, [{"kind": "human"}, {"kind": "human"}], variant="short")
    pid, ptokens = pair["table"]["id"], pair["tokens"]
    play_until(base, pid, ptokens, rng, lambda view: False)
    for width, height in WIDTHS.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_init_script(f"localStorage.setItem('nilegames.lang', '{lang}')")
        page = context.new_page()
        page.set_default_timeout(180_000)
        page.goto(table)
        page.wait_for_selector('[data-testid="status"][data-state="your-turn"]')
        page.keyboard.press("h")
        page.wait_for_selector('[data-testid="hint-panel"]')
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"nile-hint-{width}.png"))
        page.goto(f"{base}/#/table/{pid}?token={ptokens['0']}")
        page.click('[data-testid="result-dialog"] [data-testid="review-open"]')
        page.wait_for_selector('[data-testid="review-results"]')
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"nile-review-{width}.png"))
        context.close()
        print(f"nile hint and review at {width}: done", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", help="a running server (default: start one)")
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    parser.add_argument("--lang", default="en", choices=("en", "fr"))
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    executable = chromium_path()
    if executable is None:
        raise SystemExit("Chromium not found: install Debian's chromium")
    games = tuple(args.game or GAMES)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            if args.base:
                shoot(browser, args.base, games, args.lang, args.seed)
                if "nile" in games:
                    shoot_advice(browser, args.base, args.lang, args.seed)
            else:
                # reviews search less than a server's default: a whole game in about a minute
                cheap = ("--review-iterations", "200")
                with tempfile.TemporaryDirectory() as folder, serve(Path(folder), *cheap) as base:
                    shoot(browser, base, games, args.lang, args.seed)
                    if "nile" in games:
                        shoot_advice(browser, base, args.lang, args.seed)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
