"""The JSON a client receives, built only from what its seat may see.

Every view comes from ``observation(seat)`` or ``public_observation()``, the legal actions
of the seat to move (for that seat alone) and ``render_text`` of that same observation:
never from the state itself, so no hidden card can slip into a message.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from nilegames.ai import LEVELS
from nilegames.core import Observation, State, games
from nilegames.core.translate import LANGUAGES, speaks, translate
from nilegames.core.undo import UndoStatus, undo_status
from nilegames.server.store import FINISHED, ChatLine, HintUse, Logged, TableRecord

#: The bots a table may seat: the plain ones and the levels offered to players.
SEAT_BOTS = ("random", "greedy", *LEVELS)


def game_list() -> list[dict[str, Any]]:
    return [{**game, "bots": list(SEAT_BOTS)} for game in games()]


#: Log entries a live view carries: the newest ones.  The whole log of a late NILE game is
#: about 40 KB of JSON, and sending it with every move was most of the server's work; the
#: page shows the last 30 entries, and the replay endpoints give every step in full.
LOG_TAIL = 60


def observe(state: State, seat: int | None) -> Observation:
    return state.public_observation() if seat is None else state.observation(seat)


def shown(observation: Observation) -> Observation:
    """``observation`` as a live view sends it: the log cut to its last LOG_TAIL entries."""
    log = observation.get("log")
    if not isinstance(log, list) or len(log) <= LOG_TAIL:
        return observation
    return {**observation, "log": log[-LOG_TAIL:]}


def table_summary(record: TableRecord, connected: Collection[int]) -> dict[str, Any]:
    """The table as the lobby shows it; a bot is always there."""
    return {
        "id": record.id,
        "game": record.game,
        "players": record.players,
        "options": record.options,
        "status": record.status,
        "seats": [
            {
                "seat": index,
                "kind": seat.kind,
                "bot": seat.bot,
                "name": seat.name,
                "away": seat.away,
                "open": seat.open,
                "connected": seat.kind == "bot" or index in connected,
            }
            for index, seat in enumerate(record.seats)
        ],
        "created": record.created.isoformat(),
        "updated": record.updated.isoformat(),
    }


def hints_allowed(record: TableRecord) -> bool:
    """Whether seats may ask for hints: as the table says, else only while fewer than two
    people play (against bots a hint teaches; between people it would be a third player)."""
    if record.hints is not None:
        return record.hints
    return sum(seat.kind == "human" for seat in record.seats) < 2


#: Why a seat cannot ask for a hint now, by code (the page says it in its own words).
HINT_REASONS = {
    "ok": "the hard bot suggests a move for this position",
    "over": "the game is over",
    "bot": "a bot plays this seat",
    "off": "hints are off at this table: two or more people play (a table option allows them)",
    "turn": "a hint is for your own turn",
}


def hint_status(record: TableRecord, state: State, seat: int) -> dict[str, Any]:
    """Whether ``seat`` may ask for a hint now, and why not (code and reason)."""
    if record.status == FINISHED or state.is_terminal():
        code = "over"
    elif record.seats[seat].kind != "human":
        code = "bot"
    elif not hints_allowed(record):
        code = "off"
    elif state.is_chance_node() or state.current_player() != seat:
        code = "turn"
    else:
        code = "ok"
    return {"possible": code == "ok", "code": code, "reason": HINT_REASONS[code]}


def seat_view(
    record: TableRecord,
    state: State,
    seq: int,
    seat: int | None,
    connected: Collection[int],
    undo_of: Callable[[int], UndoStatus] | None = None,
    chat: Sequence[ChatLine] = (),
    hints: Sequence[HintUse] = (),
) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees of the table now."""
    observation = observe(state, seat)
    log = observation.get("log")
    mover = state.current_player()
    to_move = mover if mover >= 0 else None
    legal: list[dict[str, Any]] = []
    undo: dict[str, Any] | None = None
    if seat is not None and seat == to_move and record.seats[seat].kind == "human":
        legal = [{"action": a, "text": state.action_to_string(a)} for a in state.legal_actions()]
        # only the seat to move can ever undo: the others skip asking
        undo = (undo_status(state, seat) if undo_of is None else undo_of(seat)).to_json()
        if undo["step"] is not None:  # the step's action, for the page to say in its language
            undo["action"] = state.history()[-1]
            # and its words in the other languages, said as `step` from the position before
            # (an action's words from the view after it can miss what it was: in banks, a
            # seed or a ripe plant)
            step = str(undo["step"])
            undo["words"] = {
                lang: translate(state.game, lang, step)
                for lang in LANGUAGES
                if lang != "en" and speaks(state.game, lang)
            }
    return {
        "table": table_summary(record, connected),
        "seat": seat,
        "seq": seq,
        "observation": shown(observation),
        "log_total": len(log) if isinstance(log, list) else 0,
        "to_move": to_move,
        "legal_actions": legal,
        "undo": undo,
        "chat": [line.to_json() for line in chat],
        "hint": None if seat is None else hint_status(record, state, seat),
        "hints_allowed": hints_allowed(record),
        "hints_used": [use.to_json() for use in hints],
        "text": state.game.render_text(observation),
    }


def replay_summary(
    record: TableRecord, log: Sequence[Logged], hints: Sequence[HintUse] = ()
) -> dict[str, Any]:
    """A finished table's record: enough to replay it exactly (see core.record), and the
    hints its seats asked for (the replay's log shows them)."""
    return {
        "game": record.game,
        "players": record.players,
        "options": record.options,
        "actions": [entry.action for entry in log],
        # who made each step (-1: chance): a replay steps by player turn from these
        "seats": [entry.seat for entry in log],
        "steps": len(log),
        "hints_used": [use.to_json() for use in hints],
    }


def replay_step(start: State, log: Sequence[Logged], step: int, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` after ``step`` actions of a finished game (``start`` is its root)."""
    state = start
    last = None
    for entry in log[:step]:
        last = state.action_to_string(entry.action)
        state.apply_action(entry.action)
    observation = observe(state, seat)
    return {
        "step": step,
        "observation": observation,
        "text": state.game.render_text(observation),
        "last_action": last,
    }
