"""A table in memory and the views it gives its seats, encoded once per change.

Apart from the hub (:mod:`nilegames.server.live`) so that the hub's parts share it
without importing each other.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from nilegames.core import CHANCE, State, new_game, sample_chance_outcome
from nilegames.core.undo import UndoStatus, undo_status
from nilegames.server import views
from nilegames.server.store import ChatLine, HintUse, Logged, TableRecord, replay_log

#: Views waiting for one slow connection; past this the oldest are dropped (each view
#: is a whole snapshot, so the newest one is all a client needs to catch up).
QUEUE_LIMIT = 64


@dataclass(frozen=True, slots=True)
class Frame:
    """One seat's view at one moment, encoded once: the body of a REST answer and the
    WebSocket message (the same JSON with ``"type": "view"`` in front).

    Only these bytes are kept, not the view's dicts: a hundred live tables would keep
    hundreds of thousands of small objects for the garbage collector to walk.
    """

    body: bytes
    message: str

    @classmethod
    def of(cls, view: dict[str, Any]) -> Frame:
        # orjson: encoding views was the largest cost of a move on a busy server.
        body = orjson.dumps(view)
        return cls(body, '{"type":"view",' + body[1:].decode())


class Subscriber:
    """One WebSocket's outbox, holding encoded views for its seat (None: spectator)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=QUEUE_LIMIT)

    def offer(self, message: str) -> None:
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(message)


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its record, its log and the state that log replays to."""

    record: TableRecord
    log: list[Logged]
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: list[Subscriber] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    frames: dict[int | None, Frame] = field(default_factory=dict)
    frames_of: tuple[TableRecord, int, frozenset[int]] | None = None  # the moment they show
    touched: float = field(default_factory=time.monotonic)  # last asked for or changed
    #: (seq, the state before the log's last entry): what an undo status needs, kept from
    #: the move that made it or replayed once when asked
    before: tuple[int, State] | None = None
    chat: list[ChatLine] = field(default_factory=list)  # the newest CHAT_KEPT messages
    hints: list[HintUse] = field(default_factory=list)  # every hint asked, for the log

    @property
    def seq(self) -> int:
        return len(self.log)

    #: Seats other server processes have sockets for, by process: (seats, when said).
    remote: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)

    def local(self) -> frozenset[int]:
        """The seats with a socket on this process."""
        return frozenset(s.seat for s in self.subscribers if s.seat is not None)

    def connected(self) -> set[int]:
        seats = set(self.local())
        for held, _ in self.remote.values():
            seats |= held
        return seats

    def frame(self, seat: int | None) -> Frame:
        """``seat``'s view now, built and encoded once for the mover's answer and every
        connection of that seat, until the table changes (a move or a seat handed to a
        bot replaces the record; who is connected changes the summary)."""
        connected = frozenset(self.connected())
        moment = self.frames_of
        if (
            moment is None
            or moment[0] is not self.record
            or moment[1] != self.seq
            or moment[2] != connected
        ):
            self.frames.clear()
            self.frames_of = (self.record, self.seq, connected)
        made = self.frames.get(seat)
        if made is None:
            view = views.seat_view(
                self.record,
                self.state,
                self.seq,
                seat,
                connected,
                self.undo_status,
                self.chat,
                self.hints,
            )
            made = self.frames[seat] = Frame.of(view)
        return made

    def idle_for(self, now: float) -> float | None:
        """Seconds nobody has needed this table, or None while someone does (a connection,
        a bot thinking, a move being stored)."""
        busy = self.bot_task is not None and not self.bot_task.done()
        if self.subscribers or busy or self.lock.locked():
            return None
        return now - self.touched

    def undo_status(self, seat: int) -> UndoStatus:
        """Whether ``seat`` may take back the last step, replaying at most once per step."""
        actor = self.log[-1].seat if self.log else None
        if actor != seat or self.state.is_terminal():
            return undo_status(self.state, seat, actor=actor)
        if self.before is None or self.before[0] != self.seq:
            self.before = (self.seq, replay_log(self.record, self.log[:-1]))
        return undo_status(self.state, seat, before=self.before[1])

    def bot_to_move(self) -> int | None:
        """The seat to move if a bot plays it."""
        mover = self.state.current_player()
        if mover >= 0 and self.record.seats[mover].kind == "bot":
            return mover
        return None


def resolve_chance(state: State, first_seq: int, rng: random.Random) -> list[Logged]:
    """Draw every chance outcome due now; each one is logged like an action."""
    entries: list[Logged] = []
    while state.is_chance_node():
        outcome = sample_chance_outcome(state, rng)
        state.apply_action(outcome)
        entries.append(Logged(first_seq + len(entries), CHANCE, outcome))
    return entries


def replay_step(
    record: TableRecord, log: Sequence[Logged], step: int, seat: int | None
) -> dict[str, Any]:
    """The view of ``seat`` after ``step`` actions of a finished table (runs in a thread)."""
    root = new_game(record.game, record.players, **record.options).new_initial_state()
    return views.replay_step(root, log, step, seat)
