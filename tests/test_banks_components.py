"""AN DEN UFERN DES NILS (banks): the reconstructed components, field by field and card
by card: the palm table of both editions, the water cards' faces and the event backs.

Expected values are written here as literal data copied from docs/rules/banks.md (the
palm table and the face and back tables of §1), never recomputed with the engine's own
formulas.  Positions are built as tests/banks_helpers.py says.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from nilegames.games.banks.board import FIELDS, NUM_FIELDS, NUM_MARKET_ROWS, PALMS, ROWS
from nilegames.games.banks.cards import (
    DESERT,
    DOUBLE,
    EVENTS,
    FACE_COUNTS,
    FACES,
    HIPPO,
    NONE,
    NUM_DESERT,
    NUM_WATER,
    ROT,
    SINGLE,
    WATER_CARDS,
    desert_counts,
    water_counts,
)
from nilegames.games.banks.state import (
    DESERT_BACK,
    EBBING,
    EMPTY_GROUND,
    FLOODING,
    TOP_FACE,
    WATER_BACK,
)
from tests.banks_helpers import (
    DOC_FACES,
    FLAX,
    N3,
    N5,
    S5,
    SET_UP_DESERTS,
    SS,
    WHEAT,
    chance,
    desert_count,
    ebb_round,
    end_actions,
    grow,
    harvest,
    lay_water,
    move,
    new_state,
    playing,
    put,
    remove,
    reveal,
    set_top,
    water,
    water_count,
)

# -- literal data from docs/rules/banks.md ------------------------------------------------

#: §1 "The board": the palm table, row by row, each row from the Nile out (field 1 first).
DOC_PALM_TABLE = {
    2: (3, 2),
    3: (4, 3, 2),
    4: (4, 3, 2, 1),
    5: (4, 4, 3, 2, 1),
}
#: The same table laid out on the 28 field ids (§1: rows 0-3 the north 2-, 3-, 4-, 5-row,
#: rows 4-7 the south ones in the same order; ids run row by row from the Nile outwards).
DOC_PALMS = (
    *(3, 2),  # fields 0-1: north 2-row
    *(4, 3, 2),  # 2-4: north 3-row
    *(4, 3, 2, 1),  # 5-8: north 4-row
    *(4, 4, 3, 2, 1),  # 9-13: north 5-row
    *(3, 2),  # 14-15: south 2-row
    *(4, 3, 2),  # 16-18: south 3-row
    *(4, 3, 2, 1),  # 19-22: south 4-row
    *(4, 4, 3, 2, 1),  # 23-27: south 5-row
)
#: §1 edition 2: the 4- and 5-field rows have one palm more, 4 at most (2 on every desert
#: edge).
DOC_PALM_TABLE_2 = {
    2: (3, 2),
    3: (4, 3, 2),
    4: (4, 4, 3, 2),
    5: (4, 4, 4, 3, 2),
}
DOC_PALMS_2 = tuple(palms for row in ROWS for palms in DOC_PALM_TABLE_2[len(row)])

#: §1 "Event backs", (kind, palms, arrow) -> cards.  Water: 5 rot of each palm value (one
#: of each with an arrow), 15 desert (3 with an arrow), 10 hippo (2 with an arrow).
DOC_WATER_BACKS = {
    (ROT, 1, False): 4,
    (ROT, 1, True): 1,
    (ROT, 2, False): 4,
    (ROT, 2, True): 1,
    (ROT, 3, False): 4,
    (ROT, 3, True): 1,
    (ROT, 4, False): 4,
    (ROT, 4, True): 1,
    (DESERT, 0, False): 12,
    (DESERT, 0, True): 3,
    (HIPPO, 0, False): 8,
    (HIPPO, 0, True): 2,
}
#: Desert: 3 rot of each palm value (an arrow on one rot 2 and one rot 4), 10 desert (2
#: with an arrow), 8 hippo (2 with an arrow).
DOC_DESERT_BACKS = {
    (ROT, 1, False): 3,
    (ROT, 2, False): 2,
    (ROT, 2, True): 1,
    (ROT, 3, False): 3,
    (ROT, 4, False): 2,
    (ROT, 4, True): 1,
    (DESERT, 0, False): 8,
    (DESERT, 0, True): 2,
    (HIPPO, 0, False): 6,
    (HIPPO, 0, True): 2,
}


# -- §1 components, field by field and card by card -------------------------------------------


def test_palm_map_field_by_field_matches_the_rules_table_short_rows_included() -> None:
    assert len(DOC_PALMS) == NUM_FIELDS
    for length, palms in DOC_PALM_TABLE.items():  # the table and its layout agree
        rows = [row for row in ROWS if len(row) == length]
        assert len(rows) == 2 and all(tuple(DOC_PALMS[f] for f in row) == palms for row in rows)
    assert [FIELDS[f].palms for f in range(NUM_FIELDS)] == list(DOC_PALMS)
    # the short rows' extra palm: a 2-row's first field (one from the desert's edge) has 3,
    # the 4-row's third (one from the edge too) only 2; 3-rows start on 4 like longer rows
    assert FIELDS[ROWS[0][0]].palms == 3 and FIELDS[ROWS[2][2]].palms == 2
    assert FIELDS[ROWS[1][0]].palms == 4 and FIELDS[ROWS[1][-1]].palms == 2
    # every seat is shown the same map (edition 1; edition 2 below)
    layout = playing(5, rules=1).observation(3)["layout"]["rows"]
    shown = {cell["field"]: cell["palms"] for row in layout for cell in row["fields"]}
    assert shown == dict(enumerate(DOC_PALMS))
    assert PALMS[1] == DOC_PALMS


def test_edition_2_gives_the_long_rows_one_palm_more_and_shows_it() -> None:
    assert PALMS[2] == DOC_PALMS_2
    assert all(PALMS[2][row[-1]] == 2 for row in ROWS)  # the set-up's deserts: 1 or 2
    for f in range(NUM_FIELDS):  # one more in the 4- and 5-field rows, 4 at most
        long_row = len(ROWS[FIELDS[f].row]) >= 4
        assert PALMS[2][f] == (min(4, PALMS[1][f] + 1) if long_row else PALMS[1][f])
    state = playing(5)
    layout = state.observation(3)["layout"]["rows"]
    shown = {cell["field"]: cell["palms"] for row in layout for cell in row["fields"]}
    assert shown == dict(enumerate(DOC_PALMS_2))
    assert "north 5-row field 5 (2 palms)" in state.action_to_string(grow(ROWS[3][-1]))


@pytest.mark.parametrize(("rules", "palms"), [(1, DOC_PALMS), (2, DOC_PALMS_2)])
def test_a_fields_palms_are_the_market_rows_its_harvest_may_enter_on_all_28_fields(
    rules: int, palms: tuple[int, ...]
) -> None:
    """A ripe plant of v palms may enter the v rightmost market rows (§1), so the palm map
    is what harvesting does: checked on every field with five players (no strip).  The
    set-up's desert cards lie on the north edge in one game, the south edge in the other."""
    north_deserts = playing(5, rules=rules)
    south = (ROWS[5][-1], ROWS[6][-1], ROWS[7][-1])
    # seat 3's default ripe plant would go on the south 4-row's last field: move it
    south_deserts = playing(5, deserts=south, plants={3: ((21, WHEAT), (24, FLAX))}, rules=rules)
    for field in range(NUM_FIELDS):
        base = north_deserts if field not in SET_UP_DESERTS else south_deserts
        state = base.clone()
        assert state.fields_ground[field] == EMPTY_GROUND and state.seat == 0
        put(state, field, 0, WHEAT)
        targets = {
            a - harvest(field, 0)
            for a in state.legal_actions()
            if harvest(field, 0) <= a < harvest(field, 0) + NUM_MARKET_ROWS
        }
        assert targets == set(range(palms[field])), field


def test_the_45_water_faces_split_as_the_rules_table_and_the_first_top_draws_by_it() -> None:
    assert list(FACES) == [face for face, _count in DOC_FACES]
    assert list(FACE_COUNTS.items()) == list(DOC_FACES)
    # each water card pairs a face with a back: the backs per face add up to the same
    assert [sum(backs) for backs in water_counts()] == [count for _face, count in DOC_FACES]
    # the first top turned up is drawn from all 45 cards by these counts
    state = new_state(2)
    assert state.phase == TOP_FACE
    outcomes = state.chance_outcomes()
    assert [face for face, _p in outcomes] == list(range(6))
    assert [p for _face, p in outcomes] == pytest.approx(
        [16 / 45, 8 / 45, 10 / 45, 3 / 45, 4 / 45, 4 / 45]
    )
    # the second top comes from the 44 left
    reveal(state, SS)
    assert [p for _face, p in state.chance_outcomes()] == pytest.approx(
        [15 / 44, 8 / 44, 10 / 44, 3 / 44, 4 / 44, 4 / 44]
    )


def test_the_water_and_desert_backs_split_by_rot_palms_desert_hippo_and_arrow() -> None:
    # the literal tables add up as the doc's totals say
    assert sum(DOC_WATER_BACKS.values()) == NUM_WATER == 45
    assert sum(n for (_k, _p, arrow), n in DOC_WATER_BACKS.items() if arrow) == 9
    assert sum(DOC_DESERT_BACKS.values()) == NUM_DESERT == 30
    assert sum(n for (_k, _p, arrow), n in DOC_DESERT_BACKS.items() if arrow) == 6

    def by_event(counts: list[int]) -> dict[tuple[int, int, bool], int]:
        return {EVENTS[e]: n for e, n in enumerate(counts) if n}

    water_backs = [sum(backs[e] for backs in water_counts()) for e in range(len(EVENTS))]
    assert by_event(water_backs) == DOC_WATER_BACKS
    assert by_event(desert_counts()) == DOC_DESERT_BACKS
    # a new game holds them all unseen
    state = playing(2)
    assert by_event([sum(b[e] for b in state.water_unseen) for e in range(len(EVENTS))]) == (
        DOC_WATER_BACKS
    )
    assert by_event(state.desert_unseen) == DOC_DESERT_BACKS
    # the first desert card a flood covers turns up a back by these odds: round 2, seat 1
    # floods the north 3-row's last field, the set-up's desert card
    lay_water(state, N3, SS, SS, seat=0)
    set_top(state, 1, 0, SS)
    end_actions(state)
    assert state.round == 2 and state.phase == FLOODING and state.seat == 1
    move(state, water(0, N3))
    assert state.phase == DESERT_BACK
    odds = {EVENTS[e]: p for e, p in state.chance_outcomes()}
    assert odds == pytest.approx({key: n / 30 for key, n in DOC_DESERT_BACKS.items()})
    assert water_count(state) == NUM_WATER and desert_count(state) == NUM_DESERT


#: A water face and a back as docs/rules/banks.md names them: (inner, outer) waves and
#: (kind, palms, arrow).
DocFace = tuple[int, int]
DocBack = tuple[int, int, bool]


def doc_water_cards() -> tuple[list[DocBack], dict[str, list[str]]]:
    """The table of water cards in §1 "Event backs" of docs/rules/banks.md, as written:
    the back of each column (read from its header) and each row's cells by its label."""
    text = (Path(__file__).resolve().parent.parent / "docs/rules/banks.md").read_text("utf-8")
    start = text.index("### Event backs (reconstruction)")
    section = text[start : text.index("\n## ", start)]
    lines = [line for line in section.splitlines() if line.startswith("| face (inner → outer) |")]
    assert len(lines) == 1, "one table of water cards by face and back"
    table = section[section.index(lines[0]) :].split("\n\n")[0].splitlines()
    header = [cell.strip() for cell in table[0].strip("|").split("|")]
    assert header[0] == "face (inner → outer)" and header[-1] == "cards"
    kinds = {"rot": ROT, "desert": DESERT, "hippo": HIPPO}
    backs: list[DocBack] = []
    for words in header[1:-1]:
        match = re.fullmatch(r"(rot|desert|hippo)(?: (\d))?( \+ arrow)?", words)
        assert match, f"unread back {words!r}"
        backs.append((kinds[match[1]], int(match[2] or 0), bool(match[3])))
    rows = {}
    for line in table[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    return backs, rows


def test_the_water_cards_pair_faces_and_backs_as_the_docs_table() -> None:
    backs, rows = doc_water_cards()
    waves = {"none": NONE, "single": SINGLE, "double": DOUBLE}

    def count(cell: str) -> int:
        return 0 if cell == "–" else int(cell)

    doc: Counter[tuple[DocFace, DocBack]] = Counter()
    for label, cells in rows.items():
        if label == "all faces":
            continue
        inner, outer = label.split(" → ")
        face = (waves[inner], waves[outer])
        counts = [count(cell) for cell in cells]
        assert sum(counts[:-1]) == counts[-1], f"{label}: the cards column is the row's sum"
        for back, n in zip(backs, counts[:-1], strict=True):
            if n:
                doc[face, back] += n
    # the table's own sums: its faces are the face table's, its backs the back table's
    by_face: Counter[DocFace] = Counter()
    for (face, _back), n in doc.items():
        by_face[face] += n
    assert dict(by_face) == dict(DOC_FACES)
    by_back: Counter[DocBack] = Counter()
    for (_face, back), n in doc.items():
        by_back[back] += n
    assert dict(by_back) == DOC_WATER_BACKS
    assert [count(c) for c in rows["all faces"]] == [by_back[b] for b in backs] + [NUM_WATER]
    # the engine's 45 water cards are the table's pairs, card for card
    engine = Counter((FACES[face], EVENTS[event]) for face, event in WATER_CARDS)
    assert len(WATER_CARDS) == NUM_WATER == 45
    assert engine == doc
    # and a new game holds them unseen, per face
    state = playing(2)
    unseen = Counter(
        {
            (FACES[f], EVENTS[e]): n
            for f, row in enumerate(state.water_unseen)
            for e, n in enumerate(row)
            if n
        }
    )
    assert unseen == doc


def test_every_water_face_carries_a_mix_of_backs_and_an_ebb_turns_up_one_of_its_own() -> None:
    """§1: each water card is a fixed pair of face and back, the backs dealt round the faces
    so that every face carries a mix; §8: the back of a card an ebb turns is drawn from the
    unseen backs of the cards with its face, so the face tells something of the back."""
    pairs = water_counts()  # per face, how many of its cards carry each back
    for face, backs in zip(FACES, pairs, strict=True):
        kinds = {EVENTS[e][0] for e, n in enumerate(backs) if n}
        assert len(kinds) >= 2, f"face {face} carries only {kinds}"
    # the first of two single-single cards an ebb turns: the backs of the 16 such cards
    state = ebb_round({N5: (SS,), S5: (SS,)})
    assert state.phase == EBBING
    move(state, remove(N5))
    assert state.phase == WATER_BACK
    face_odds = {e: n / sum(pairs[SS]) for e, n in enumerate(pairs[SS]) if n}
    assert dict(state.chance_outcomes()) == pytest.approx(face_odds)
    every_back = [sum(backs[e] for backs in pairs) for e in range(len(EVENTS))]
    assert face_odds != {e: n / NUM_WATER for e, n in enumerate(every_back) if n}
    # the second: the same 16 less the back just turned, which only that face loses
    turned = max(face_odds, key=face_odds.__getitem__)
    others = [backs[:] for face, backs in enumerate(pairs) if face != SS]
    chance(state, turned)
    move(state, remove(S5))
    assert state.phase == WATER_BACK
    left = pairs[SS][:]
    left[turned] -= 1
    assert dict(state.chance_outcomes()) == pytest.approx(
        {e: n / sum(left) for e, n in enumerate(left) if n}
    )
    assert [b for face, b in enumerate(state.water_unseen) if face != SS] == others
