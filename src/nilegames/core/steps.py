"""A decision's legal actions as short steps: what, then where, then how many.

A move is offered the way a person thinks of it: first the kind of move (plant, sow,
sail...), under a key that always means that kind in that game, then, only when there are
too many to read at once, where or which, then how many.  The steps come from the
actions' own words, split by a per-game hook (``games/<id>/steps.py``: ``path(words)``,
``KEYS``, ``HELP``); a game without one gets its first word as the kind of move.

The same tree serves any front end (the terminal's menus, the browser's grouped
buttons); it holds action numbers and words only, never game state.  Typed shorthand
(``sow flax north 3``) is matched here too: each typed word must begin a word of the
action, in order.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from nilegames.core.game import Game
from nilegames.core.state import State
from nilegames.core.translate import translate
from nilegames.core.types import Action

#: Never more choices than this on one screen; a bigger kind of move is split in steps.
MAX_CHOICES = 12
#: Keys a front end keeps for itself: undo, the log, quit, help.
RESERVED = frozenset({"u", "l", "q", "h", "?", "b"})
_WORD = re.compile(r"[\w+\-/→'.]+")


@dataclass(frozen=True)
class Choice:
    """One line of a menu: the key to type, its words, the legal actions under it."""

    key: str
    label: str
    path: tuple[str, ...]
    actions: tuple[Action, ...]

    @property
    def action(self) -> Action | None:
        """The action this choice plays at once, or None when a further step follows."""
        return self.actions[0] if len(self.actions) == 1 else None


@cache
def _hooks(module: str) -> ModuleType | None:
    package = module.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.steps")
    except ModuleNotFoundError:
        return None


def hooks(game: Game) -> ModuleType | None:
    """The game's step hooks (``games/<id>/steps.py``), if it has them."""
    return _hooks(type(game).__module__)


def move_path(game: Game, words: str) -> tuple[str, ...]:
    """The steps of one action's words: ``("sow", "flax", "north bank", "field 3")``."""
    found = hooks(game)
    if found is not None:
        path: tuple[str, ...] = tuple(found.path(words))
        if path:
            return path
    first, _, rest = words.partition(" ")
    return (first, rest) if rest else (first,)


def family_keys(game: Game, families: Sequence[str]) -> dict[str, str]:
    """A key per kind of move: the game's own (stable across turns), else a free letter."""
    found = hooks(game)
    fixed: Mapping[str, str] = getattr(found, "KEYS", {}) if found is not None else {}
    keys: dict[str, str] = {}
    taken = set(RESERVED)
    for family in families:
        if family in fixed:
            keys[family] = fixed[family]
            taken.add(fixed[family])
    for family in families:
        if family in keys:
            continue
        letters = [c for c in family.lower() if c.isalpha()] + list("abcdefgijkmnoprstvwxyz")
        key = next((c for c in letters if c not in taken), str(len(keys) + 1))
        keys[family] = key
        taken.add(key)
    return keys


def family_help(game: Game, family: str, lang: str = "en") -> str | None:
    """What a kind of move does, in a sentence, if the game says (``HELP``, or
    ``HELP_FR`` and the like in another language; English if that one is missing)."""
    found = hooks(game)
    if found is None:
        return None
    local: Mapping[str, str] = getattr(found, f"HELP_{lang.upper()}", {})
    english: Mapping[str, str] = getattr(found, "HELP", {})
    return local.get(family) or english.get(family)


def words_of(text: str) -> list[str]:
    """The words of a text for matching: lower case, without brackets and commas."""
    return _WORD.findall(text.lower())


class Moves:
    """One decision's legal actions as a tree of steps."""

    def __init__(self, state: State, legal: Sequence[Action], lang: str = "en") -> None:
        self.game = state.game
        self.lang = lang
        self.legal = tuple(legal)
        self.words = {a: state.action_to_string(a) for a in self.legal}
        #: The words shown (and matched too) in ``lang``, where the game speaks it.
        self.shown = {a: self.say(self.words[a]) for a in self.legal}
        self.paths = {a: move_path(self.game, self.words[a]) for a in self.legal}
        families = list(dict.fromkeys(self.paths[a][0] for a in self.legal))
        self.keys = family_keys(self.game, families)

    def say(self, text: str) -> str:
        """A move's words, or a step's, in the menu's language."""
        return translate(self.game, self.lang, text)

    def under(self, prefix: tuple[str, ...]) -> list[Action]:
        return [a for a in self.legal if self.paths[a][: len(prefix)] == prefix]

    def start(self) -> tuple[str, ...]:
        """Where a menu begins: past the kind of move when there is only one kind."""
        families = {self.paths[a][0] for a in self.legal}
        if len(families) == 1 and len(self.legal) > 1:
            return (next(iter(families)),)
        return ()

    def choices(self, prefix: tuple[str, ...] = ()) -> list[Choice]:
        """The menu after the steps in ``prefix``: kinds of move under their letters,
        then every action if they fit on one screen, else the next step, numbered."""
        actions = self.under(prefix)
        depth = len(prefix)
        if depth == 0:
            groups = self._groups(actions, 0)
            return [
                Choice(self.keys[name], name, (name,), tuple(group))
                for name, group in groups.items()
            ]
        if len(actions) <= MAX_CHOICES:
            lasts = [self.paths[a][depth:] for a in actions]
            counted = all(len(p) == 1 and p[0].isdigit() for p in lasts)
            return [  # a choice of how many is keyed by its number, never by its place
                Choice(lasts[n - 1][0] if counted else str(n), self.words[a], self.paths[a], (a,))
                for n, a in enumerate(actions, 1)
            ]
        groups = self._groups(actions, depth)
        numeric = all(name.isdigit() for name in groups)
        return [
            Choice(name if numeric else str(n), name, (*prefix, name), tuple(group))
            for n, (name, group) in enumerate(groups.items(), 1)
        ]

    def _groups(self, actions: Sequence[Action], depth: int) -> dict[str, list[Action]]:
        groups: dict[str, list[Action]] = {}
        for action in actions:
            path = self.paths[action]
            name = path[depth] if depth < len(path) else self.words[action]
            groups.setdefault(name, []).append(action)
        return groups

    def match(self, text: str) -> list[Action]:
        """The actions typed words may mean: the exact words, else every action whose
        words begin, in order, with the typed words (``pl pap`` for ``plant Papyrus``)."""
        typed = words_of(text)
        if not typed:
            return []
        for said in (self.words, self.shown):
            exact = [a for a in self.legal if words_of(said[a]) == typed]
            if exact:
                return exact
        return [
            a
            for a in self.legal
            if in_order(typed, words_of(self.words[a])) or in_order(typed, words_of(self.shown[a]))
        ]


def in_order(typed: Sequence[str], words: Sequence[str]) -> bool:
    """Whether each typed word begins one of ``words``, in the same order."""
    at = 0
    for token in typed:
        while at < len(words) and not words[at].startswith(token):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True
