"""Players' guides to each game's rules, in several languages, for the browser and terminal.

A game ships its guide as package data beside its code, in ``games/<id>/guide/``:

- ``<lang>.md``: a ``# Title`` line, then sections headed ``## Section title {#key}``.
  The keys are the same in every language; one section per phase the game's
  observation reports (its ``phase`` field), plus ``overview``, ``setup``, ``scoring``,
  ``end`` and ``options``.
- ``tooltips.<lang>.json``: one sentence per thing a player sees (a card, a crop, a tile,
  a board space...), keyed by the name the observation and the drawings use.

Interfaces read them through :func:`load`; the texts are written for people, so the code
only splits and renders them (no game logic lives here).  The core cannot import the
games, so a guide is found by its package name, not through the registry.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Any

from markdown_it import MarkdownIt

from nilegames.core.errors import NilegamesError, UnknownGameError

__all__ = [
    "DEFAULT_LANGUAGE",
    "Guide",
    "GuideError",
    "Section",
    "games_with_guides",
    "languages",
    "load",
]

DEFAULT_LANGUAGE = "en"

_GAME_ID = re.compile(r"[a-z][a-z0-9_]*")
_LANG = re.compile(r"[a-z]{2,3}")
#: ``## Title {#key}``: a key is lower case words (a phase may be "game over").
_HEADING = re.compile(r"^## +(?P<title>.+?) +\{#(?P<key>[a-z0-9][a-z0-9 _-]*)\} *$")


class GuideError(NilegamesError, KeyError):
    """A guide file that is malformed, or a section that a guide does not have."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


def _markdown() -> MarkdownIt:
    """CommonMark with tables, and raw HTML shown as text: guides never inject markup."""
    return MarkdownIt("commonmark", {"html": False}).enable("table")


_MD = _markdown()


def _anchor(key: str) -> str:
    """An HTML id for a section key ("game over" -> "guide-game-over")."""
    return "guide-" + re.sub(r"[^a-z0-9_-]+", "-", key)


@dataclass(frozen=True)
class Section:
    """One part of a guide: its stable key, its title in the guide's language, its text."""

    key: str
    title: str
    markdown: str

    @property
    def anchor(self) -> str:
        """The id the section carries in :meth:`Guide.to_html` (for links into the rules)."""
        return _anchor(self.key)

    def to_html(self) -> str:
        """The section as an HTML ``<section>`` with its title as ``<h2>``."""
        return (
            f'<section id="{self.anchor}"><h2>{escape(self.title)}</h2>\n'
            f"{_MD.render(self.markdown)}</section>\n"
        )


@dataclass(frozen=True)
class Guide:
    """A game's rules for players in one language, split into keyed sections."""

    game_id: str
    lang: str
    title: str
    sections: tuple[Section, ...]
    tooltips: MappingProxyType[str, str] = field(repr=False)

    def keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.sections)

    def section(self, key: str) -> Section:
        """The section called ``key``; a clear error names the keys there are."""
        for section in self.sections:
            if section.key == key:
                return section
        raise GuideError(
            f"the {self.game_id} guide has no section {key!r}; its sections are "
            + ", ".join(self.keys())
        )

    def for_phase(self, phase: str) -> Section | None:
        """The section explaining ``phase`` (the observation's ``phase`` value), if any."""
        for section in self.sections:
            if section.key == phase:
                return section
        return None

    def tooltip(self, name: str) -> str | None:
        """What the item called ``name`` does (case and spacing do not matter), or None."""
        text = self.tooltips.get(name)
        if text is None:
            wanted = _fold(name)
            text = next((t for k, t in self.tooltips.items() if _fold(k) == wanted), None)
        return text

    def to_html(self) -> str:
        """The whole guide as an HTML fragment: a title and one ``<section>`` per part.

        Raw HTML in the texts is escaped, never passed through.
        """
        parts = [f'<article class="guide" lang="{self.lang}"><h1>{escape(self.title)}</h1>\n']
        parts.extend(section.to_html() for section in self.sections)
        parts.append("</article>\n")
        return "".join(parts)


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


def _check_game_id(game_id: object) -> str:
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise UnknownGameError(f"no game is called {game_id!r}")
    return game_id


def _guide_dir(game_id: str) -> Traversable:
    _check_game_id(game_id)
    try:
        package = resources.files(f"nilegames.games.{game_id}")
    except ModuleNotFoundError:
        package = None
    folder = package.joinpath("guide") if package is not None else None
    if folder is None or not folder.is_dir():
        known = ", ".join(games_with_guides()) or "none"
        raise UnknownGameError(f"no game is called {game_id!r}; games with a guide: {known}")
    return folder


def games_with_guides() -> tuple[str, ...]:
    """The ids of the games that ship a guide, sorted."""
    root = resources.files("nilegames.games")
    return tuple(
        sorted(
            entry.name
            for entry in root.iterdir()
            if entry.is_dir()
            and _GAME_ID.fullmatch(entry.name)
            and entry.joinpath("guide", f"{DEFAULT_LANGUAGE}.md").is_file()
        )
    )


def languages(game_id: str) -> tuple[str, ...]:
    """The languages ``game_id``'s guide is written in, English first, then alphabetical."""
    folder = _guide_dir(game_id)
    found = {
        entry.name[:-3]
        for entry in folder.iterdir()
        if entry.name.endswith(".md") and _LANG.fullmatch(entry.name[:-3])
    }
    return tuple(sorted(found, key=lambda lang: (lang != DEFAULT_LANGUAGE, lang)))


def _normalise_lang(lang: object) -> str:
    """ "fr-FR", "FR" and "fr_CA" all mean "fr"; anything unusable means English."""
    if not isinstance(lang, str):
        return DEFAULT_LANGUAGE
    base = re.split(r"[-_.]", lang.strip().lower(), maxsplit=1)[0]
    return base if _LANG.fullmatch(base) else DEFAULT_LANGUAGE


def load(game_id: str, lang: str = DEFAULT_LANGUAGE) -> Guide:
    """The guide of ``game_id`` in ``lang`` (cached); a language without a guide gets English.

    Raises :class:`UnknownGameError` for a game without a guide.
    """
    game_id = _check_game_id(game_id)
    wanted = _normalise_lang(lang)
    if wanted not in languages(game_id):
        wanted = DEFAULT_LANGUAGE
    return _load(game_id, wanted)


@lru_cache(maxsize=64)
def _load(game_id: str, lang: str) -> Guide:
    folder = _guide_dir(game_id)
    source = f"{game_id}/guide/{lang}.md"
    title, sections = parse(folder.joinpath(f"{lang}.md").read_text(encoding="utf-8"), source)
    tooltips = _tooltips(folder, lang)
    if lang != DEFAULT_LANGUAGE:
        # A tooltip missing in this language is better shown in English than not at all.
        tooltips = {**_tooltips(folder, DEFAULT_LANGUAGE), **tooltips}
    return Guide(game_id, lang, title, sections, MappingProxyType(tooltips))


def _tooltips(folder: Traversable, lang: str) -> dict[str, str]:
    path = folder.joinpath(f"tooltips.{lang}.json")
    if not path.is_file():
        return {}
    data: Any = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in data.items()
    ):
        raise GuideError(f"{path.name}: expected an object of non-empty strings")
    return dict(data)


def parse(text: str, source: str = "guide") -> tuple[str, tuple[Section, ...]]:
    """Split a guide's markdown into its ``# title`` and its ``## ... {#key}`` sections."""
    lines = text.splitlines()
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines or not lines[0].startswith("# "):
        raise GuideError(f"{source}: the first line must be the '# Title' of the guide")
    title = lines[0][2:].strip()
    sections: list[Section] = []
    key = heading = ""
    body: list[str] = []

    def close() -> None:
        if not key:
            if "".join(body).strip():
                raise GuideError(f"{source}: text before the first '## Title {{#key}}' section")
            return
        markdown = "\n".join(body).strip()
        if not markdown:
            raise GuideError(f"{source}: section {key!r} is empty")
        sections.append(Section(key, heading, markdown + "\n"))

    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("## "):
            match = _HEADING.match(line)
            if match is None:
                raise GuideError(f"{source}:{number}: a section heading needs a {{#key}}: {line}")
            close()
            key, heading, body = match["key"], match["title"], []
            if key in (s.key for s in sections):
                raise GuideError(f"{source}:{number}: section {key!r} appears twice")
        elif line.startswith("# "):
            raise GuideError(f"{source}:{number}: only the first line may be a '# ' title")
        else:
            body.append(line)
    close()
    if not sections:
        raise GuideError(f"{source}: no '## Title {{#key}}' section")
    return title, tuple(sections)
