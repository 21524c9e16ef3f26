"""The page's French move words against the server's French ones, in a real browser.

The page words an action in French from its id and the view (games/<id>-words.js
``actionText``); the terminal and the reviews say it in French from the game's English
(``core.translate``).  The two need not be the same sentence, but they must mean the same
move: for random positions of each game, the words that tell the move (a crop, a seed or a
ripe plant, a field, a market row, a cost, a colour, a tile, a direction, a number) must
agree.  Said from the id alone (a view without an observation, as an old review's moves
are), the page's words must claim nothing the id cannot tell (in banks: no cost, no seed
or ripe plant).  The fixtures are those of tests/conftest.py (browser) and
tests/server_helpers.py (serve).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from nilegames.core.registry import make
from nilegames.core.translate import translate
from tests.web_browser_helpers import server_fixture
from tests.web_helpers import page_in_language

try:
    from playwright.sync_api import Browser
except ImportError:  # pragma: no cover - .ci/run installs it
    pytest.skip("Playwright not found: pip install playwright", allow_module_level=True)

#: The page's words for each sample: with the view, and from the id alone.
WORDS = """async (rows) => {
  const out = [];
  for (const r of rows) {
    const mod = await import(`/games/${r.game}-words.js`);
    if (mod.rememberLayout && r.obs.layout) mod.rememberLayout(r.obs.layout);
    const view = { observation: r.obs, seat: r.seat, legal_actions: [] };
    const bare = { observation: {}, seat: r.seat, legal_actions: [] };
    out.push([mod.actionText(r.action, view, r.en), mod.actionText(r.action, bare, r.en)]);
  }
  return out;
}"""

BANKS_FIELD = r"champ \d de la rangée de \d (?:nord|sud) \(\d palmiers?\)"
BANKS_CROP = r"\b(?:lin|blé|raisin|oignon|aubergine)\b"
BANKS_COST = r"\(\d (?:pt|points?)\)"
#: What must agree, per game: patterns whose matches (in order, case aside) are the same.
MEANING: dict[str, list[str]] = {
    "banks": [
        BANKS_FIELD,
        BANKS_CROP,
        BANKS_COST,
        r"\b(semence|mûr)e?\b",  # a seed or a ripe plant
        r"\brangée \d du marché\b",
        r"\bpile \d\b",
        r"\bjoker\b",
    ],
    "nile": [r"\d+", r"\b(?:lin|blé|papyrus|laitue|ricin|oignon|grain)\b"],
    "artifacts": [
        r"\d+",
        r"\b(rouge|bleu|vert|jaune|noir|blanc|gauche|droite)(?:e|he)?\b",
        r"\b(?:vase|scarabée|joker|statue|collier|masque|papyrus|ankh)\b",
    ],
    "pharaohs": [
        r"\b[A-Z]\d+\b",
        r"(?<![\w'])(?:NE|NO|SE|SO|N|E|S|O)(?![\w'])",
        r"\b(?:45|135)°",
        r"\b(?:Ligne droite|Coude de coin|Coude|Diagonale|Gauche|Droite|Universelle)\b",
    ],
}
GAMES = (("banks", 2), ("banks", 3), ("nile", 2), ("artifacts", 3), ("pharaohs", 2))


server = server_fixture("web-words")


def samples(game_id: str, players: int, seed: int, limit: int = 160) -> list[dict[str, Any]]:
    """Actions of random positions of one random game: the seat's view (no log), the
    action, its English and the server's French."""
    rng = random.Random(seed)
    state = make(game_id, players)
    rows: list[dict[str, Any]] = []
    while not state.is_terminal() and len(rows) < limit:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        mover = state.current_player()
        legal = state.legal_actions()
        if rng.random() < 0.4:
            observation = {**state.observation(mover), "log": []}
            for action in rng.sample(legal, min(2, len(legal))):
                english = state.action_to_string(action)
                rows.append({
                    "game": game_id, "obs": observation, "seat": mover, "action": action,
                    "en": english, "fr": translate(state.game, "fr", english),
                })  # fmt: skip
        state.apply_action(rng.choice(legal))
    return rows


def told(game: str, text: str) -> list[list[str]]:
    return [[m.lower() for m in re.findall(p, text)] for p in MEANING[game]]


def test_the_pages_french_move_words_mean_what_the_servers_say(
    browser: Browser, server: str
) -> None:
    page, problems = page_in_language(browser, 1280, 800, "fr", timeout_ms=60_000)
    page.goto(f"{server}/")
    rows = [
        row for seed, (game, players) in enumerate(GAMES) for row in samples(game, players, seed)
    ]
    said: list[list[str]] = []
    for start in range(0, len(rows), 80):
        said += page.evaluate(WORDS, rows[start : start + 80])
    wrong = []
    for row, (words, bare) in zip(rows, said, strict=True):
        game, french = row["game"], row["fr"]
        if told(game, words) != told(game, french):
            wrong.append((row["en"], french, words))
        if game == "banks":
            # from the id alone: the field (a water card: its row, the field it floods
            # depends on the row's water), nothing the id cannot tell
            if not bare.startswith("eau de la pile"):
                assert re.findall(BANKS_FIELD, bare) == re.findall(BANKS_FIELD, french), bare
            assert not re.search(BANKS_COST.replace(r"pt|points?", "pt"), bare), bare
            if "semence" in bare or "mûr" in bare:
                assert told(game, bare)[3] == told(game, french)[3], (bare, french)
            assert "Vous" not in bare, bare  # never "de Vous"
    assert not wrong, "\n".join(map(str, wrong[:20]))
    assert {row["game"] for row in rows} == {game for game, _ in GAMES}
    # the moves that tell a seed from a ripe plant were among the samples
    banks = " ".join(row["fr"] for row in rows if row["game"] == "banks")
    assert "semence" in banks and "mûr" in banks and "(2 pt)" in banks
    assert problems == []


def test_a_reviews_banks_move_from_its_id_alone_claims_no_seed_or_cost(
    browser: Browser, server: str
) -> None:
    """An opening move reviewed (a seed laid) and a bought seed, said from the id alone."""
    page, problems = page_in_language(browser, 1280, 800, "fr", timeout_ms=30_000)
    page.goto(f"{server}/")
    said = page.evaluate("""async () => {
      const mod = await import('/games/banks-words.js');
      const bare = (action, seat) => mod.actionText(
        action, { observation: {}, seat, legal_actions: [] }, null);
      // PLANT + field 3 * 5 + onion (3); BUY_SEED + seat 1 * 5 + onion, by seat 1 and by seat 0
      return [bare(49 + 15 + 3, 1), bare(329 + 5 + 3, 1), bare(329 + 5 + 3, 0)];
    }""")
    plant, own, other = said
    assert plant.startswith("une plante d’oignon sur le champ"), plant
    assert "semer" not in plant and "pt)" not in plant, plant
    assert own.startswith("racheter votre semence d’oignon"), own
    assert other.startswith("acheter la semence d’oignon de Place 1"), other
    assert problems == []


LOG = """async ([game, events, layout]) => {
  const mod = await import(`/games/${game}-words.js`);
  if (mod.rememberLayout && layout) mod.rememberLayout(layout);
  return events.map((ev) => mod.eventText(ev, 0));
}"""


def test_the_pages_french_banks_log_means_what_the_servers_says(
    browser: Browser, server: str
) -> None:
    """Every line of random games' logs (seat 0's), and each way a game ends."""
    page, problems = page_in_language(browser, 1280, 800, "fr", timeout_ms=60_000)
    page.goto(f"{server}/")
    wrong = []
    for players, seed in ((2, 3), (3, 4)):
        rng = random.Random(seed)
        state = make("banks", players)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices([a for a, _ in outcomes], weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        view = state.observation(0)
        said = page.evaluate(LOG, ["banks", view["log"], view["layout"]])
        for event, words in zip(view["log"], said, strict=True):
            french = translate(state.game, "fr", event["text"])
            if told("banks", words) != told("banks", french) or "de Vous" in words:
                wrong.append((event["text"], french, words))
    assert not wrong, "\n".join(map(str, wrong[:20]))
    ends = [
        {"event": "game_over", "reason": reason, "text": "Game over"}
        for reason in ("obelisk", "blocked", "round limit", "deadlock")
    ]
    said = page.evaluate(LOG, ["banks", ends, None])
    assert "obélisque" in said[0] and "bloquée" in said[1], said
    assert "limite de manches" in said[2] and "plus aucune rangée" in said[3], said
    assert problems == []
