"""The games' English words (log lines, moves) in another language, for front ends.

A game that speaks a language ships ``games/<id>/words_<lang>.py`` with a
``translate(text) -> str | None`` that turns one of its English sentences (a log line, a
move's words) into that language, or says it does not know it (None: the English stays,
better than a wrong sentence).  Front ends call :func:`translate`; English needs nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

from nilegames.core.game import Game

#: The languages front ends speak (the terminal's ``--lang``, the page's choice).
LANGUAGES = ("en", "fr")

Translator = Callable[[str], "str | None"]


@cache
def _words(module: str, lang: str) -> Any:
    package = module.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.words_{lang}")
    except ModuleNotFoundError:
        return None


def _translator(module: str, lang: str, name: str = "translate") -> Translator | None:
    found = _words(module, lang)
    function: Translator | None = getattr(found, name, None)
    return function


def speaks(game: Game, lang: str) -> bool:
    """Whether the game has its words in ``lang`` (English always)."""
    return lang == "en" or _translator(type(game).__module__, lang) is not None


def translate(game: Game, lang: str, text: str) -> str:
    """``text`` (the game's English) in ``lang`` if the game knows it, else unchanged."""
    if lang == "en":
        return text
    translator = _translator(type(game).__module__, lang)
    if translator is None:
        return text
    return translator(text) or text


def view(game: Game, lang: str, text: str) -> str:
    """A line of the game's drawing (its result lines too) in ``lang``, where the game's
    words module knows its fixed words (``view``); else unchanged."""
    if lang == "en":
        return text
    translator = _translator(type(game).__module__, lang, "view")
    return text if translator is None else translator(text) or text
