"""The board of AN DEN UFERN DES NILS as data (a reconstruction; docs/rules/banks.md).

Each bank of the Nile has four rows of fields, of 2, 3, 4 and 5 fields, running from the
river (position 0) out to the desert.  Palms fall towards the desert, and the short rows
are the fertile ones.  Strips cover rows when fewer than five play.  The market has four
rows; a row is named by the fewest palms a plant needs to enter it (1 to 4), the row for
1 palm being the rightmost, of 5 spaces.
"""

from __future__ import annotations

from typing import Final, NamedTuple

BANKS = 2
ROW_LENGTHS: tuple[int, ...] = (2, 3, 4, 5)


class Field(NamedTuple):
    bank: int
    row: int  # index into the 8 rows of both banks: bank * 4 + (0..3)
    position: int  # 0 next to the Nile
    palms: int  # rules edition 1 (see PALMS for each edition)


def _palms(length: int, position: int, edition: int = 1) -> int:
    """Four palms at most; one fewer each field towards the desert.  Edition 1: 1 at the
    desert's edge, 2 in the short rows; edition 2: 2 at every edge (docs/rules/banks.md)."""
    to_desert = length - 1 - position
    if edition > 1:
        return min(4, to_desert + 2)
    return min(4, to_desert + 1 + (1 if length <= 3 else 0))


ROWS: tuple[tuple[int, ...], ...]  # per row, its field ids from the Nile out
FIELDS: tuple[Field, ...]


def _build() -> tuple[tuple[tuple[int, ...], ...], tuple[Field, ...]]:
    rows: list[tuple[int, ...]] = []
    fields: list[Field] = []
    for bank in range(BANKS):
        for index, length in enumerate(ROW_LENGTHS):
            row = bank * len(ROW_LENGTHS) + index
            ids = []
            for position in range(length):
                ids.append(len(fields))
                fields.append(Field(bank, row, position, _palms(length, position)))
            rows.append(tuple(ids))
    return tuple(rows), tuple(fields)


ROWS, FIELDS = _build()
# Literals, so that the compiled kernel inlines them (a computed constant costs it a
# dictionary lookup at every use); the asserts hold them to the board.
NUM_ROWS: Final = 8
NUM_FIELDS: Final = 28
assert (len(ROWS), len(FIELDS)) == (NUM_ROWS, NUM_FIELDS)
#: The palms of every field, by rules edition: edition 2 gives the 4- and 5-field rows one
#: palm more (two-player games ran out of plants that could still reach a market row).
PALMS: dict[int, tuple[int, ...]] = {
    edition: tuple(
        _palms(ROW_LENGTHS[f.row % len(ROW_LENGTHS)], f.position, edition) for f in FIELDS
    )
    for edition in (1, 2)
}
ROW_LENGTH = tuple(len(r) for r in ROWS)

#: Rows under the strips, by player count: the seed covers both 2-field rows and one
#: 3-field row for two players, both 2-field rows for three, one 2-field row for four.
COVERED: dict[int, frozenset[int]] = {
    2: frozenset({0, 4, 5}),
    3: frozenset({0, 4}),
    4: frozenset({4}),
    5: frozenset(),
}

# -- the market ------------------------------------------------------------------------
#: Spaces of each market row, by the palms it needs (index 0: 1 palm, the rightmost row).
MARKET_SIZES: tuple[int, ...] = (5, 4, 4, 3)
NUM_MARKET_ROWS: Final = 4
assert len(MARKET_SIZES) == NUM_MARKET_ROWS
#: Favour of a full row: to one player alone, to two, to three or more (the best three).
ROW_PAYOUTS: tuple[tuple[int, ...], ...] = ((6,), (4, 2), (3, 2, 1))

# -- the score track -------------------------------------------------------------------
TRACK_SPACES = 30
OBELISK_START = TRACK_SPACES - 1  # pawns start on space 0, the obelisk on the last

# -- crops ---------------------------------------------------------------------------
CROP_KEYS = ("flax", "wheat", "grapes", "onion", "aubergine")
NUM_CROPS: Final = 5
assert len(CROP_KEYS) == NUM_CROPS
#: Plants of each crop in every player's colour: 5 + 4 + 3 + 2 + 1 = 15.
CROP_COUNTS: tuple[int, ...] = (5, 4, 3, 2, 1)
PLANTS_PER_PLAYER = sum(CROP_COUNTS)

# -- the flood circle ----------------------------------------------------------------
FLOOD: Final = 0
EBB_1: Final = 1
EBB_2: Final = 2
CIRCLE_KEYS = ("flood", "ebb 1", "ebb 2")
