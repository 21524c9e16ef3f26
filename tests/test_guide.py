"""The players' rules guides: complete for every phase a game reaches, in every language,
with tooltips that name real things, and HTML that never passes markup through."""

from __future__ import annotations

import fnmatch
import inspect
import random
import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import MappingProxyType

import pytest

import nilegames
from nilegames.core import UnknownGameError, guide
from nilegames.core.guide import Guide, GuideError, Section, languages, load, parse

ROOT = Path(__file__).resolve().parent.parent
#: The games whose guide is written in full, and the languages each must have.
GAMES = ["nile", "pharaohs", "artifacts", "banks"]
LANGUAGES = ("en", "fr")
REQUIRED = {"overview", "setup", "scoring", "end", "options"}
#: Words each French guide must use: the seeds' own vocabulary for the game's things.
FRENCH_WORDS = {
    "nile": [
        "carte Inondation",
        "Offrande à Hâpi",
        "Invasion de locustes",
        "Marché",
        "stock",
        "Spéculation",
        "Blé",
        "Laitue",
        "Ricin",
        "Lin",
        "champ",
        "pioche",
        "défausse",
    ],
    "pharaohs": [
        "tuile universelle",
        "chevalet",
        "sac",
        "case verte",
        "cases rouges",
        "case bleue",
        "croisement du fleuve",
        "boucle",
        "zone",
        "Aucune tuile possible",
    ],
    "artifacts": [
        "Faveur divine",
        "cartes Artefact",
        "pion Fidèle",
        "pièces",
        "bateau",
        "port",
        "demi-tour",
        "commerce",
        "offrande",
        "joker",
        "scarabée",
        "masque",
        "région",
    ],
    "banks": [
        "cartes eau",
        "carte désert",
        "joker",
        "bateau",
        "semences",
        "plante mûre",
        "gâtée",
        "pourrie",
        "points d'action",
        "palmiers",
        "obélisque",
        "tableau de décompte",
        "Faire pousser",
        "Récolter",
        "Hippopotame",
        "flux",
        "reflux",
    ],
}
ENGLISH_ONLY = re.compile(r"\b(the|and|of|with|you|your|card|cards|field|turn|player)\b", re.I)
FRENCH_COMMON = re.compile(r"\b(le|la|les|des|une?|vous|votre|et|est|de)\b", re.I)


def observations(state: nilegames.State) -> Iterator[dict[str, object]]:
    yield state.public_observation()
    for seat in range(state.num_players()):
        yield state.observation(seat)


@cache
def reached_phases(game_id: str) -> frozenset[str]:
    """Every ``phase`` an observation reports in random games of every size and option."""
    phases: set[str] = set()
    described = next(g for g in nilegames.games() if g["id"] == game_id)
    configs: list[dict[str, object]] = [{}]
    for option in described["options"]:
        configs += [{option["name"]: c} for c in option["choices"] if c != option["default"]]
    seed = 0
    for players in range(described["min_players"], described["max_players"] + 1):
        for options in configs:
            try:
                state = nilegames.make(game_id, players=players, **options)
            except nilegames.GameOptionError:
                continue
            seed += 1
            rng = random.Random(seed)
            while True:
                phases.update(str(obs["phase"]) for obs in observations(state))
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    nilegames.resolve_chance(state, rng)
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
    return frozenset(phases)


def item_names(game_id: str) -> set[str]:
    """The names of the things a player sees, from the game's own data modules and views."""
    state = nilegames.make(game_id, players=2)
    nilegames.play_to_decision(state, random.Random(1))
    names: set[str] = set(state.observation(0))
    if game_id == "nile":
        from nilegames.games.nile import cards as nile_cards

        names |= set(nile_cards.KIND_NAMES) | {"market", "offering"}
    elif game_id == "pharaohs":
        from nilegames.games.pharaohs import observe, render, tiles

        # Tiles by the keys the views use; board parts by the layout's keys and the colours
        # the drawings give the cells.
        names |= set(tiles.KIND_KEYS) | set(observe.layout())
        names |= {c for c in ("green", "red") if f'"{c}"' in inspect.getsource(render)}
    elif game_id == "artifacts":
        from nilegames.games.artifacts import cards as ar_cards
        from nilegames.games.artifacts import monuments
        from nilegames.games.artifacts import observe as artifacts_observe

        names |= {m.name for m in monuments.MONUMENTS} | {"?"}
        names |= set(ar_cards.TYPE_KEYS) | set(ar_cards.REGION_KEYS)
        names |= {ar_cards.card_key(card) for card in ar_cards.CARDS}
        names |= set(artifacts_observe.river_layout()[0])
    elif game_id == "banks":
        from nilegames.games.banks import board as banks_board
        from nilegames.games.banks import cards as banks_cards
        from nilegames.games.banks import observe as banks_observe

        names |= set(banks_board.CROP_KEYS) | set(banks_board.CIRCLE_KEYS)
        names |= set(banks_cards.EVENT_KEYS)
        names |= set(banks_observe.CONDITION_KEYS) | set(banks_observe.GROUND_KEYS)
        names |= set(banks_observe.layout()["rows"][0]["fields"][0])
        names.add("seed")  # the other side of a plant (the view's "opening" step names it)
    return names


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_its_guide_in_every_language_with_the_same_sections(game_id: str) -> None:
    assert set(LANGUAGES) <= set(languages(game_id))
    assert languages(game_id)[0] == "en"
    english = load(game_id, "en")
    assert set(english.keys()) >= REQUIRED
    for lang in languages(game_id):
        text = load(game_id, lang)
        assert text.lang == lang
        assert text.keys() == english.keys(), lang
        assert text.title and all(s.title and s.markdown.strip() for s in text.sections)
        assert set(text.tooltips) >= set(english.tooltips), lang


@pytest.mark.parametrize("game_id", GAMES)
def test_every_phase_a_game_reaches_has_a_section(game_id: str) -> None:
    phases = reached_phases(game_id)
    assert "game over" in phases and len(phases) >= 3
    for lang in languages(game_id):
        text = load(game_id, lang)
        missing = {p for p in phases if text.for_phase(p) is None}
        assert not missing, (lang, missing)
        for phase in phases:
            section = text.for_phase(phase)
            assert section is not None and section == text.section(phase)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_tooltip_names_a_real_item(game_id: str) -> None:
    real = {name.casefold() for name in item_names(game_id)}
    for lang in languages(game_id):
        tooltips = load(game_id, lang).tooltips
        assert tooltips, lang
        unknown = {k for k in tooltips if k.casefold() not in real}
        assert not unknown, (lang, sorted(unknown))


@pytest.mark.parametrize("game_id", GAMES)
def test_french_guides_are_written_in_french(game_id: str) -> None:
    english, french = load(game_id, "en"), load(game_id, "fr")
    whole = "\n".join(s.markdown for s in french.sections)
    for word in FRENCH_WORDS[game_id]:
        assert word in whole, word
    for en, fr in zip(english.sections, french.sections, strict=True):
        assert fr.markdown != en.markdown, fr.key
        assert not ENGLISH_ONLY.search(fr.title + " " + fr.markdown), (
            fr.key,
            ENGLISH_ONLY.search(fr.markdown),
        )
        assert len(FRENCH_COMMON.findall(fr.markdown)) >= 5, fr.key
    for name, text in french.tooltips.items():
        assert text != english.tooltips[name], name
        assert not ENGLISH_ONLY.search(text), (name, text)
        assert FRENCH_COMMON.search(text), (name, text)


def must_have_tooltips(game_id: str) -> list[str]:
    """The pieces every guide must explain: each card, tile, artifact..."""
    if game_id == "nile":
        from nilegames.games.nile.cards import KIND_NAMES

        return list(KIND_NAMES)
    if game_id == "pharaohs":
        from nilegames.games.pharaohs.tiles import KIND_KEYS

        return [*KIND_KEYS, "green", "red", "u_zones", "goal_column", "open_end", "rack"]
    if game_id == "artifacts":
        from nilegames.games.artifacts import cards as ar_cards
        from nilegames.games.artifacts import monuments

        doubles = {ar_cards.card_key(c) for c in ar_cards.CARDS if c.artifacts == 2}
        return [
            *(m.name for m in monuments.MONUMENTS),
            *ar_cards.TYPE_KEYS,
            *ar_cards.REGION_KEYS,
            "?",
            *sorted(doubles),
        ]
    if game_id == "banks":
        from nilegames.games.banks import board as banks_board
        from nilegames.games.banks import cards as banks_cards
        from nilegames.games.banks import observe as banks_observe

        return [
            *banks_board.CROP_KEYS,
            *banks_board.CIRCLE_KEYS,
            *banks_cards.EVENT_KEYS,
            *banks_observe.CONDITION_KEYS,
            *banks_observe.GROUND_KEYS,
            "seed",
            "palms",
            "boat",
            "market",
            "obelisk",
            "jokers",
        ]
    raise AssertionError(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_piece_has_a_tooltip_in_every_language(game_id: str) -> None:
    for lang in languages(game_id):
        text = load(game_id, lang)
        for name in must_have_tooltips(game_id):
            assert text.tooltip(name), (lang, name)


def test_tooltips_are_found_whatever_the_case_and_spacing() -> None:
    english = load("nile")
    assert english.tooltip("papyrus") == english.tooltip("Papyrus") is not None
    assert english.tooltip("  Plague   of locusts ") == english.tooltip("Plague of Locusts")
    assert english.tooltip("Papyrus/Wheat") is None
    assert load("nile", "fr").tooltip("Wheat") != english.tooltip("Wheat")


def test_load_is_cached_falls_back_to_english_and_refuses_unknown_games() -> None:
    assert load("nile") is load("nile", "en")
    assert load("nile", "xx").lang == "en"
    assert load("nile", "EN-gb").lang == "en"
    assert load("nile", "").lang == "en"
    for lang in languages("nile"):
        assert load("nile", f"{lang.upper()}-XX") is load("nile", lang)
    with pytest.raises(UnknownGameError, match=r"no game is called 'chess'.*nile"):
        load("chess")
    with pytest.raises(UnknownGameError, match="no game is called"):
        load("../nile")
    with pytest.raises(UnknownGameError):
        languages("chess")
    assert set(GAMES) <= set(guide.games_with_guides())


def test_section_lookup_names_the_missing_key_and_the_keys_there_are() -> None:
    nile = load("nile")
    assert nile.section("flood").title
    assert nile.for_phase("no such phase") is None
    with pytest.raises(GuideError, match=r"no section 'nope'; its sections are overview, "):
        nile.section("nope")


def test_a_guide_text_is_split_into_keyed_sections() -> None:
    title, sections = parse(
        "\n# My game\n\n## First part {#overview}\nHello\n\n### A detail\nMore\n"
        "## The end {#game over}\n- done\n"
    )
    assert title == "My game"
    assert [s.key for s in sections] == ["overview", "game over"]
    assert sections[0] == Section("overview", "First part", "Hello\n\n### A detail\nMore\n")
    assert sections[1].anchor == "guide-game-over"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("## No title {#a}\nx\n", "first line"),
        ("# T\nintro\n## A {#a}\nx\n", "before the first"),
        ("# T\n## A without key\nx\n", "needs a"),
        ("# T\n## A {#a}\nx\n## B {#a}\ny\n", "appears twice"),
        ("# T\n## A {#a}\n\n## B {#b}\ny\n", "'a' is empty"),
        ("# T\n## A {#a}\nx\n# Another title\n", "only the first line"),
        ("# T\n", "no '## Title"),
    ],
)
def test_a_malformed_guide_is_refused_with_a_clear_error(text: str, error: str) -> None:
    with pytest.raises(GuideError, match=error):
        parse(text, "test.md")


def test_html_renders_markdown_and_escapes_raw_html() -> None:
    title, sections = parse(
        "# A <b>bold</b> game\n## Set <i>up</i> {#setup}\n"
        "Take **two** cards.\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    )
    text = Guide("test", "en", title, sections, MappingProxyType({}))
    html = text.to_html()
    assert "<strong>two</strong>" in html
    assert "<table>" in html and "<td>1</td>" in html
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<b>" not in html and "<i>" not in html
    assert "<h1>A &lt;b&gt;bold&lt;/b&gt; game</h1>" in html
    assert '<section id="guide-setup"><h2>Set &lt;i&gt;up&lt;/i&gt;</h2>' in html


@pytest.mark.parametrize("game_id", GAMES)
def test_every_guide_renders_to_html_with_one_section_per_key(game_id: str) -> None:
    for lang in languages(game_id):
        text = load(game_id, lang)
        html = text.to_html()
        assert html.startswith(f'<article class="guide" lang="{lang}">')
        for section in text.sections:
            assert html.count(f'<section id="{section.anchor}">') == 1
        assert "{#" not in html and "<p>" in html and "<li>" in html


def test_guide_files_ship_as_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["nilegames.games"]
    games_dir = ROOT / "src" / "nilegames" / "games"
    files = sorted(games_dir.glob("*/guide/*"))
    assert files
    for path in files:
        relative = path.relative_to(games_dir).as_posix()
        assert any(fnmatch.fnmatch(relative, p) for p in patterns), relative
    dependencies = config["project"]["dependencies"]
    assert any(d.startswith("markdown-it-py>=") for d in dependencies)


def test_malformed_tooltips_are_refused(tmp_path: Path) -> None:
    (tmp_path / "tooltips.en.json").write_text('{"Papyrus": ""}', encoding="utf-8")
    with pytest.raises(GuideError, match=r"tooltips\.en\.json: expected an object"):
        guide._tooltips(tmp_path, "en")
    (tmp_path / "tooltips.en.json").write_text('["Papyrus"]', encoding="utf-8")
    with pytest.raises(GuideError, match="expected an object"):
        guide._tooltips(tmp_path, "en")
    assert guide._tooltips(tmp_path, "fr") == {}
