"""What server processes sharing one PostgreSQL tell each other, as NOTIFY payloads.

Two kinds of notice cross the channel (server/cluster.py listens, server/store.py sends):

* **Changes**, ``<origin>|<part>,<part>...``, one part per table a commit changed:
  ``<table>:s`` (its seats, chat or a step taken back: read it again),
  ``<table>:<seq>`` (its log grew to ``seq`` entries: read what is new), or
  ``<table>:<seq>!<status>!<millis>!<seat>.<action>/<seat>.<action>...`` (the same, with
  the new entries, the table's status and the commit's time carried along, so that the
  others apply the move without reading the database: a notice is sent only if its
  transaction commits, and arrives in commit order, so it is as true as the log).
* **Presence**, ``P<origin>|<table>:<seat>.<seat>;...``: the seats a process has
  WebSockets for.

A payload is at most :data:`PAYLOAD_LIMIT` bytes (PostgreSQL refuses 8,000): a commit
that changed many tables sends several, and a move too long to carry goes as a bare
``<table>:<seq>``, which the receivers read from the database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

#: Longest NOTIFY payload (PostgreSQL's limit is 8,000 bytes).
PAYLOAD_LIMIT = 7000
#: Longest move carried in a change: longer ones are read from the database instead.
CARRIED_LIMIT = 1000


@dataclass(frozen=True)
class Move:
    """A commit's new log entries for one table, as ``(seq, seat, action)``, and the
    table's status and last change after it."""

    entries: tuple[tuple[int, int, int], ...]
    status: str
    when: datetime


@dataclass(frozen=True)
class Change:
    """One table's part of a notice: ``seq`` is its log's new length (None: something
    other than moves changed, read it all again); ``move`` what was added, when carried."""

    table_id: str
    seq: int | None
    move: Move | None = None


def _part(change: Change) -> str:
    if change.seq is None:
        return f"{change.table_id}:s"
    bare = f"{change.table_id}:{change.seq}"
    move = change.move
    if move is None:
        return bare
    millis = round(move.when.timestamp() * 1000)
    steps = "/".join(f"{seat}.{action}" for _, seat, action in move.entries)
    carried = f"{bare}!{move.status}!{millis}!{steps}"
    return bare if len(carried) > CARRIED_LIMIT else carried


def _packed(head: str, parts: Iterable[str], separator: str) -> list[str]:
    payloads, current = [], head
    for part in parts:
        if len(current) + len(part) + 1 > PAYLOAD_LIMIT:
            payloads.append(current.rstrip(separator))
            current = head
        current += part + separator
    payloads.append(current.rstrip(separator))
    return payloads


def change_payloads(origin: str, changes: Sequence[Change]) -> list[str]:
    """The notices that tell the other processes of these changes."""
    return _packed(origin + "|", map(_part, changes), ",")


def _change(part: str) -> Change:
    table_id, _, rest = part.partition(":")
    if rest == "s":
        return Change(table_id, None)
    seq_text, *carried = rest.split("!")
    seq = int(seq_text)
    if len(carried) != 3:
        return Change(table_id, seq)
    status, millis, steps = carried
    pairs = [step.partition(".") for step in steps.split("/")]
    first = seq - len(pairs)
    entries = tuple(
        (first + i, int(seat), int(action)) for i, (seat, _, action) in enumerate(pairs)
    )
    when = datetime.fromtimestamp(int(millis) / 1000, UTC)
    return Change(table_id, seq, Move(entries, status, when))


def parse_changes(payload: str) -> tuple[str, list[Change]]:
    """Who sent a change notice, and what it says changed."""
    origin, _, body = payload.partition("|")
    return origin, [_change(part) for part in filter(None, body.split(","))]


def presence_payloads(origin: str, presence: dict[str, frozenset[int]]) -> list[str]:
    """The notices that tell the others which seats this process has sockets for."""
    parts = (f"{tid}:{'.'.join(map(str, sorted(seats)))}" for tid, seats in presence.items())
    return _packed("P" + origin + "|", parts, ";")


def parse_presence(payload: str) -> tuple[str, dict[str, frozenset[int]]]:
    """Who sent a presence notice, and the seats it has sockets for, by table."""
    origin, _, body = payload[1:].partition("|")
    presence = {}
    for part in filter(None, body.split(";")):
        tid, _, seats = part.partition(":")
        presence[tid] = frozenset(int(seat) for seat in filter(None, seats.split(".")))
    return origin, presence
