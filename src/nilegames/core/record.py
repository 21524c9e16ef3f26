"""Game records: the options plus every action, enough to replay a game exactly.

A record holds no random seed and no deck order: chance outcomes are actions like any
other, so a replay cannot differ from the game it came from.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nilegames.core.errors import NilegamesError, RecordError, UnknownGameError
from nilegames.core.registry import game_class, new_game
from nilegames.core.state import State

FORMAT = "nilegames-record"
FORMAT_VERSION = 1


@dataclass
class GameRecord:
    """A game as data: game id, player count, options and the action list."""

    game: str
    players: int
    options: dict[str, Any]
    actions: list[int]
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, **meta: Any) -> GameRecord:
        """The record of ``state``'s game so far."""
        game = state.game
        return cls(game.id, game.players, dict(game.options), state.history(), dict(meta))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "actions": self.actions,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Check the shape of a decoded record; raise :class:`RecordError` naming what is off."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a nilegames record (format is {data.get('format')!r})")
        if data.get("version") != FORMAT_VERSION:
            raise RecordError(
                f"record version {data.get('version')!r} is not supported"
                f" (this nilegames reads version {FORMAT_VERSION})"
            )
        game, players, options = data.get("game"), data.get("players"), data.get("options", {})
        actions, meta = data.get("actions"), data.get("meta", {})
        if not isinstance(game, str):
            raise RecordError("record field 'game' must be a game id")
        if type(players) is not int:
            raise RecordError("record field 'players' must be an integer")
        if not isinstance(options, dict):
            raise RecordError("record field 'options' must be an object")
        if not isinstance(actions, list) or any(type(a) is not int for a in actions):
            raise RecordError("record field 'actions' must be a list of integers")
        if not isinstance(meta, dict):
            raise RecordError("record field 'meta' must be an object")
        return cls(game, players, stored_options(game, options), actions, meta)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        return cls.from_json(data)


def stored_options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options of a stored game as its game reads them today: an option the record
    predates (the rules edition first of all) takes the value it had when it was played."""
    try:
        return game_class(game_id).stored_options(options)
    except UnknownGameError:
        return dict(options)  # refused, with its name, when the record is replayed


def save(record: GameRecord | State, path: str | Path) -> GameRecord:
    """Write a record (or the record of a state) as JSON; returns the record written."""
    if isinstance(record, State):
        record = GameRecord.of(record)
    Path(path).write_text(record.dumps() + "\n", encoding="utf-8")
    return record


def load(path: str | Path) -> GameRecord:
    """Read and check a record file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read record {path}: {error.strerror}") from None
    return GameRecord.loads(text)


def replay_states(record: GameRecord) -> Iterator[State]:
    """The root state and then the state after each action (one object, advanced in place)."""
    try:
        state = new_game(record.game, record.players, **record.options).new_initial_state()
    except NilegamesError as error:
        raise RecordError(f"the record's game cannot be set up: {error}") from None
    yield state
    for index, action in enumerate(record.actions):
        try:
            state.apply_action(action)
        except NilegamesError as error:
            raise RecordError(f"action #{index} ({action}) does not replay: {error}") from None
        yield state


def replay(record: GameRecord) -> State:
    """The state reached by replaying every action of ``record``."""
    states = replay_states(record)
    state = next(states)
    for state in states:  # noqa: B007 - advancing to the last state is the point
        pass
    return state
