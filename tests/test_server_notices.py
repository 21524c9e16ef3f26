"""What processes on one database tell each other: a change notice carries the move, and
a process applies it without reading the database, falling back to the log whenever the
notice says less than it needs."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

import pytest

from nilegames.server.db import prepare_database
from nilegames.server.live import Hub, LiveTable
from nilegames.server.notices import (
    CARRIED_LIMIT,
    PAYLOAD_LIMIT,
    Change,
    Move,
    change_payloads,
    parse_changes,
    parse_presence,
    presence_payloads,
)
from nilegames.server.store import Store

WHEN = datetime(2026, 11, 26, 7, 30, 15, 123000, tzinfo=UTC)


def test_a_carried_move_reads_back_as_it_was_sent() -> None:
    move = Move(((40, 1, 17), (41, -1, 3), (42, -1, 0)), "playing", WHEN)
    changes = [Change("t1", 43, move), Change("t2", 7), Change("t3", None)]
    [payload] = change_payloads("host:12:ab", changes)
    assert parse_changes(payload) == ("host:12:ab", changes)


def test_a_move_too_long_to_carry_goes_bare_and_many_tables_split() -> None:
    long_move = Move(tuple((i, 0, 10_000 + i) for i in range(300)), "finished", WHEN)
    [payload] = change_payloads("me", [Change("big", 300, long_move)])
    assert parse_changes(payload) == ("me", [Change("big", 300)])
    move = Move(((0, 0, 1),), "playing", WHEN)
    many = [Change(f"table-{i:05d}", 1, move) for i in range(2000)]
    payloads = change_payloads("me", many)
    assert len(payloads) > 1
    assert all(len(p.encode()) <= PAYLOAD_LIMIT for p in payloads)
    assert [c for p in payloads for c in parse_changes(p)[1]] == many
    assert CARRIED_LIMIT < PAYLOAD_LIMIT


def test_presence_reads_back_and_splits() -> None:
    presence = {f"t{i}": frozenset({0, 2}) for i in range(1500)} | {"empty": frozenset()}
    payloads = presence_payloads("me", presence)
    assert len(payloads) > 1 and all(len(p) <= PAYLOAD_LIMIT for p in payloads)
    heard: dict[str, frozenset[int]] = {}
    for payload in payloads:
        origin, part = parse_presence(payload)
        assert origin == "me"
        heard |= part
    assert heard == presence


def _move_of(live: LiveTable, since: int) -> Change:
    entries = tuple(tuple(e) for e in live.log[since:])
    move = Move(entries, live.record.status, live.record.updated)  # type: ignore[arg-type]
    return Change(live.record.id, live.seq, move)


def _same(copy: LiveTable, live: LiveTable) -> bool:
    seats = range(live.state.num_players())
    return copy.state.legal_actions() == live.state.legal_actions() and all(
        copy.state.observation(p) == live.state.observation(p) for p in seats
    )


async def _two_processes(tmp_path: Path) -> None:
    """Two hubs on one database file, as two processes would be (minus the channel)."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    here, there = Hub(Store(prepare_database(url))), Hub(Store(prepare_database(url)))
    await here.start()
    await there.start()
    try:
        live, tokens = await here.create("nile", 2, {}, None)
        copy = await there.table(live.record.id)
        assert copy.seq == live.seq

        def unread(*_: object) -> NoReturn:
            raise AssertionError("the database was read for a move the notice carried")

        there.store.load_since = unread  # type: ignore[method-assign,assignment]
        there.store.load = unread  # type: ignore[method-assign,assignment]
        for _ in range(6):  # moves through `here`, told to `there` by notices alone
            since, seat = live.seq, live.state.current_player()
            await here.act(live.record.id, tokens[seat], live.seq, live.state.legal_actions()[0])
            there.changed_elsewhere([_move_of(live, since)])
            await asyncio.gather(*there.catching_up)
            assert copy.seq == live.seq and copy.log == live.log
            assert _same(copy, live)
            assert copy.record.status == live.record.status
            assert abs((copy.record.updated - live.record.updated).total_seconds()) < 0.001
        there.changed_elsewhere([_move_of(live, live.seq - 1)])  # told twice: no change
        await asyncio.gather(*there.catching_up)
        assert copy.log == live.log

        del there.store.load_since, there.store.load  # the log may be read again
        gap_from = live.seq
        for _ in range(3):
            seat = live.state.current_player()
            await here.act(live.record.id, tokens[seat], live.seq, live.state.legal_actions()[0])
        # Only the last move's notice arrived: the missed ones are read from the log.
        last = next(e.seq for e in reversed(live.log) if e.seat >= 0)
        assert last > gap_from
        there.changed_elsewhere([_move_of(live, last)])
        await asyncio.gather(*there.catching_up)
        assert copy.seq == live.seq and copy.log == live.log
        assert _same(copy, live)
    finally:
        await here.stop()
        await there.stop()


def test_a_carried_move_is_applied_without_reading_the_log(tmp_path: Path) -> None:
    asyncio.run(_two_processes(tmp_path))


def test_a_notice_from_an_unknown_format_is_refused_loudly() -> None:
    with pytest.raises(ValueError, match="notanumber"):
        parse_changes("me|t1:notanumber")
