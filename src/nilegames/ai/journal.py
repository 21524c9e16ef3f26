"""A tournament's journal: every finished game as one JSON line, written as it ends.

Strength measurements take hours (two hundred games of a bot that thinks a second a move
are hours of CPU per game and player count), so a tournament must survive a stop, a
reboot or a move to another machine.  The runner appends each game to ``games.jsonl`` in
its folder the moment it ends; run again with ``--resume``, it reads the journal back,
checks that every game in it is one of this tournament's (same index, seed and seats),
and plays only the rest.  Games are seeded by their index, so a resumed tournament ends
with the same games as one never stopped (for bots that do not read the clock).

A line cut short by a kill (the last one) is dropped and its game played again; anything
else that does not belong is an error that names the line, and the journal is left as it
was.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nilegames.core import GameOptionError

JOURNAL = "games.jsonl"
#: What a journal's games are (game, players, options, bots, seed, games per table),
#: written beside it when the tournament starts and checked when it resumes.
SETTINGS = "settings.json"
#: A finished tournament's report (settings, statistics and every game).
RESULTS = "results.json"


@dataclass(frozen=True)
class GameTask:
    """Everything needed to play one game, picklable so a worker process can play it."""

    index: int
    seed: int
    game_id: str
    options: Mapping[str, Any]
    specs: tuple[str, ...]  # the bot spec of each seat


@dataclass(frozen=True)
class GameResult:
    """One finished game.  ``search`` (per seat: searches, summed iterations per second)
    depends on the machine, so it is kept out of the game's JSON record."""

    index: int
    seed: int
    bots: tuple[str, ...]
    returns: tuple[float, ...]
    decisions: int
    search: tuple[tuple[int, float], ...]
    first: int = 0  # the seat that made the game's first decision
    #: Each seat's points in the game's own scale (``Game.final_scores``) and the game's
    #: own figures (``Game.statistics``: how it ended, ...); empty in older journals.
    scores: tuple[float, ...] = ()
    figures: Mapping[str, float] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameResult:
        """A game from its JSON record (ValueError, KeyError or TypeError if it is not one)."""
        returns = tuple(float(r) for r in data["returns"])
        searched = data.get("search") or [(0, 0.0)] * len(returns)  # results.json has none
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            bots=tuple(str(bot) for bot in data["bots"]),
            returns=returns,
            decisions=int(data["decisions"]),
            search=tuple((int(n), float(speed)) for n, speed in searched),
            first=int(data.get("first", 0)),
            scores=tuple(float(score) for score in data.get("scores", ())),
            figures={str(name): float(value) for name, value in data.get("figures", {}).items()},
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "returns": list(self.returns),
            "decisions": self.decisions,
            "first": self.first,
            **({"scores": list(self.scores)} if self.scores else {}),
            **({"figures": dict(self.figures)} if self.figures else {}),
        }


class JournalError(GameOptionError):
    """The journal does not belong to this tournament, or a line of it is unreadable."""


def journal_line(result: GameResult) -> str:
    """One game as a line: its record, plus the search speeds (kept for the report)."""
    return json.dumps(result.to_json() | {"search": [list(s) for s in result.search]})


def read_journal(path: Path, tasks: Sequence[GameTask]) -> dict[int, GameResult]:
    """The games already played, by index, each checked against the schedule."""
    played: dict[int, GameResult] = {}
    for number, result in _records(path):
        _check(path, number, result, tasks)
        played[result.index] = result
    return played


def read_games(path: Path) -> list[GameResult]:
    """Every finished game of a journal, in the order they ended (for ladders)."""
    return [result for _, result in _records(path)]


def _records(path: Path) -> list[tuple[int, GameResult]]:
    """Each game of the journal with its line number; a last line cut short is left out."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    records = []
    for number, line in enumerate(lines, start=1):
        try:
            records.append((number, GameResult.from_json(json.loads(line))))
        except (ValueError, KeyError, TypeError) as error:
            if number == len(lines) and not line.endswith("}"):
                break  # the last game was being written when the run was stopped
            raise JournalError(f"{path}, line {number}: not a game record ({error})") from None
    return records


def check_kept_settings(folder: Path, settings: Mapping[str, Any]) -> None:
    """Refuse a folder whose kept settings differ from the tournament's: a journal's seeds
    and seats alone do not tell one game from another (the same --seed and --bots in
    NILE and in banks schedule alike).  A folder without them passes."""
    path = folder / SETTINGS
    if not path.exists():
        return
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise JournalError(f"{path}: not a tournament's settings ({error})") from None
    if isinstance(kept, dict) and "until_decided" not in kept:
        # a folder begun before the target was kept here: its report names it
        target = reported_target(folder)
        if target is not None:
            kept["until_decided"] = target
    wanted = _as_json(settings)
    differ = sorted(
        key
        for key in {*kept, *wanted}
        if kept.get(key) != wanted.get(key) and not _may_change(key, kept, wanted)
    )
    if differ:
        said = "; ".join(
            f"{key}: {kept.get(key)!r} there, {wanted.get(key)!r} now" for key in differ
        )
        raise JournalError(
            f"{path}: this folder's games were played with other settings ({said});"
            " use the same settings or another --out folder"
        )


def _may_change(key: str, kept: Mapping[str, Any], wanted: Mapping[str, Any]) -> bool:
    """The two changes a resume may make.  More games per table: a schedule's game ``i``
    depends only on the seed, the bots and ``i``, so a longer run begins with the shorter
    one's games, and ``--resume`` with a larger ``--games`` plays on where it ended.  A
    target for the anytime test where the folder had none (a fixed-length run, or one
    begun before targets were kept): the test reads every game from the first, so it is
    as valid as if the run had started with it; a target once kept does not change."""
    before, after = kept.get(key), wanted.get(key)
    if key == "games_per_table":
        return isinstance(before, int) and isinstance(after, int) and after > before
    return key == "until_decided" and before is None


def reported_target(folder: Path) -> float | None:
    """The target of the anytime test a finished run's report names (``results.json``),
    for folders begun before ``settings.json`` kept it."""
    try:
        data = json.loads((folder / RESULTS).read_text(encoding="utf-8"))
        return float(data["decision"]["target"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def keep_settings(folder: Path, settings: Mapping[str, Any]) -> None:
    """Write the tournament's settings beside its journal (once its games are checked; a
    lengthened run keeps its new length)."""
    path = folder / SETTINGS
    text = json.dumps(_as_json(settings), indent=1, sort_keys=True) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _as_json(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings as JSON reads them back (tuples become lists)."""
    data: dict[str, Any] = json.loads(json.dumps(dict(settings)))
    return data


def _check(path: Path, number: int, result: GameResult, tasks: Sequence[GameTask]) -> None:
    where = f"{path}, line {number}"
    if not 0 <= result.index < len(tasks):
        raise JournalError(
            f"{where}: game {result.index} is not in this tournament of {len(tasks)} games;"
            " was it run with other settings? Use another --out folder"
        )
    task = tasks[result.index]
    if (result.seed, result.bots) != (task.seed, task.specs):
        raise JournalError(
            f"{where}: game {result.index} was played with seed {result.seed} and seats"
            f" {', '.join(result.bots)}, this tournament plays it with seed {task.seed} and"
            f" seats {', '.join(task.specs)}; use the same --seed, --bots, --players and"
            " --games, or another --out folder"
        )
    if len(result.returns) != len(task.specs):
        raise JournalError(f"{where}: game {result.index} has {len(result.returns)} returns")


def drop_cut_line(path: Path) -> None:
    """Remove a last line that a kill cut short (:func:`read_journal` ignored it), so that
    the games appended next start on a line of their own."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as journal:
            journal.truncate(data.rfind(b"\n") + 1)


def append_games(path: Path, results: Iterable[GameResult]) -> None:
    """Add finished games to the journal and push them to the disk before going on."""
    with path.open("a", encoding="utf-8") as journal:
        for result in results:
            journal.write(journal_line(result) + "\n")
        journal.flush()
        os.fsync(journal.fileno())
