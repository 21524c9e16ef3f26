"""The legal moves of AN DEN UFERN DES NILS: what the board and the rules allow from a
table (table.py), by phase; the action phase's sowings, harvests and purchases come from
tables made once and the table's kept sets of fields.

Part of the chain of classes described in table.py: the tide (tide.py) builds on this.
"""

from __future__ import annotations

from typing import Final

from nilegames.core import Action
from nilegames.games.banks.actions import (
    BID,
    BOAT,
    BUY_JOKER,
    BUY_SEED,
    DESERT_ROW,
    END_ACTIONS,
    GROW,
    HARVEST,
    HEAL,
    MAX_BID,
    MAX_ROW_SPACES,
    MAX_SEATS,
    PLACE_WATER,
    PLANT,
    REMOVE_WATER,
    ROT_PLANT,
    ROT_ROW,
    SETUP_DESERT,
    STACKS,
    USE_JOKER,
)
from nilegames.games.banks.board import (
    MARKET_SIZES,
    NUM_CROPS,
    NUM_FIELDS,
    NUM_MARKET_ROWS,
    NUM_ROWS,
    ROW_LENGTH,
    ROWS,
)
from nilegames.games.banks.cards import (
    DOUBLE,
    FACES,
    NONE,
    SINGLE,
)
from nilegames.games.banks.phases import (
    ACTIONS,
    BIDDING,
    DESERT_CARD,
    DESERT_WHERE,
    EBBING,
    EMPTY_GROUND,
    FLOODING,
    OPEN_BOAT,
    OPEN_PLANTS,
    OPEN_WATER,
    ROT_WHERE,
    ROT_WHICH,
    ROTTEN,
    SET_DESERT,
    SPOILED,
)
from nilegames.games.banks.table import NO_CROPS, BanksTable, crop_set, total

# Tables read at every step, as Final names of this compiled module (kept in C statics,
# where a name imported from a plain module is a dictionary lookup at each use).
ROW_FIELDS: Final = ROWS
ROW_SIZE: Final = ROW_LENGTH
FACE_INNER: Final = tuple(inner for inner, _outer in FACES)
FACE_OUTER: Final = tuple(outer for _inner, outer in FACES)
MARKET_ROOM: Final[tuple[int, ...]] = MARKET_SIZES
#: The sowing actions on a field for a set of crops (a bit each), at field << 5 | set: a
#: field's actions join a legal list in one call, as ints made once.
SOWINGS: Final = tuple(
    tuple(PLANT + field * NUM_CROPS + c for c in range(NUM_CROPS) if crops >> c & 1)
    for field in range(NUM_FIELDS)
    for crops in range(1 << NUM_CROPS)
)
ALL_CROPS: Final = (1 << NUM_CROPS) - 1
#: A set of crops spread out to the first bit of 4 for each crop (bit 4 * crop): a set of
#: crops that may enter market row m, shifted by m, is that row's part of market_entry().
CROPS_TO_ROWS: Final = tuple(
    sum(1 << 4 * crop for crop in range(NUM_CROPS) if crops >> crop & 1)
    for crops in range(1 << NUM_CROPS)
)
ALL_ROWS: Final = (1 << NUM_ROWS) - 1
#: Row r's bits in open_waves(), one for each wave w: bit ``w * NUM_ROWS + r``.
ROW_WAVES: Final = tuple(
    sum(1 << (wave * NUM_ROWS + row) for wave in range(DOUBLE + 1)) for row in range(NUM_ROWS)
)
#: Market row m's bits in market_entry() (bit 4 * crop + m for every crop).
MARKET_ROW_BITS: Final = tuple(CROPS_TO_ROWS[ALL_CROPS] << m for m in range(NUM_MARKET_ROWS))
#: The placements of a stack's top card on a set of rows, at stack << NUM_ROWS | rows.
PLACEMENTS: Final = tuple(
    tuple(PLACE_WATER + stack * NUM_ROWS + row for row in range(NUM_ROWS) if rows >> row & 1)
    for stack in range(STACKS)
    for rows in range(1 << NUM_ROWS)
)
#: The harvests of a field into a set of market rows, at field << 4 | rows.
HARVESTS: Final = tuple(
    tuple(HARVEST + field * NUM_MARKET_ROWS + m for m in range(NUM_MARKET_ROWS) if rows >> m & 1)
    for field in range(NUM_FIELDS)
    for rows in range(1 << NUM_MARKET_ROWS)
)
#: Sets of fields are ints, a bit per field (bit ``f`` is field ``f``).  A row's fields
#: are consecutive bits: the row's bits of a set are ``fields >> ROW_SHIFT[row] &
#: ROW_BITS[row]``.
ROW_SHIFT: Final = tuple(fields[0] for fields in ROWS)
ROW_BITS: Final = tuple((1 << len(fields)) - 1 for fields in ROWS)
#: The fields by the Nile, the first of each row.
NILE_FIELDS: Final = sum(1 << fields[0] for fields in ROWS)
#: The ebb's moves, by the fields by the Nile that are water (``watered & NILE_FIELDS``):
#: a row has water to remove when its first field has (water runs from the Nile).
EBBS: Final = {
    sum(1 << ROW_SHIFT[row] for row in range(NUM_ROWS) if rows >> row & 1): tuple(
        REMOVE_WATER + row for row in range(NUM_ROWS) if rows >> row & 1
    )
    for rows in range(1 << NUM_ROWS)
}
#: Sets of fields are read 7 fields at a time for the tables below: group ``g`` is bits
#: ``7 g`` to ``7 g + 6``, and a group's table is indexed by the group's bits.  Four
#: lookups, written out, list the moves of all 28 fields without a loop over rows (and
#: with small ints for indices: in pure Python a bit operation whose result is above 256
#: makes a new int object).
GROUP_SIZE: Final = 7
assert NUM_FIELDS == 4 * GROUP_SIZE
#: Tables by group, made by adding a set's highest field to the tuple of the set without it.
Groups = tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
]


def _by_group(actions: tuple[tuple[int, ...], ...]) -> Groups:
    """Each group's table of the actions on a set of its fields, in ascending order
    (``actions[field]``: one field's actions, shared)."""
    tables: list[tuple[tuple[int, ...], ...]] = []
    for group in range(4):
        made: list[tuple[int, ...]] = [()]
        for bits in range(1, 1 << GROUP_SIZE):
            high = bits.bit_length() - 1
            made.append(made[bits ^ 1 << high] + actions[group * GROUP_SIZE + high])
        tables.append(tuple(made))
    return tables[0], tables[1], tables[2], tables[3]


#: The grows of a set of fields, by group.
GROWS: Final = _by_group(tuple((GROW + field,) for field in range(NUM_FIELDS)))
#: The sowings of a set of crops on a set of fields, by group, at ``[crops]`` (16,384
#: tuples in all, of ints shared with SOWINGS: about 1.8 MB, made in about 20 ms).
SOWN: Final = tuple(
    _by_group(tuple(SOWINGS[field << NUM_CROPS | crops] for field in range(NUM_FIELDS)))
    for crops in range(1 << NUM_CROPS)
)


#: The seeds a seat may buy from an owner's boat, at owner << 5 | crops.
BUY_SEEDS: Final = tuple(
    tuple(BUY_SEED + owner * NUM_CROPS + c for c in range(NUM_CROPS) if crops >> c & 1)
    for owner in range(MAX_SEATS)
    for crops in range(1 << NUM_CROPS)
)


class BanksMoves(BanksTable):
    """The table and the moves it allows (the legal actions of every phase)."""

    __slots__ = ()

    # -- legal moves -----------------------------------------------------------------------
    def _compute_legal_actions(self) -> list[Action]:
        phase, seat = self.phase, self.seat
        if phase == ACTIONS:  # most decisions are actions
            return self.action_moves()
        if phase in (FLOODING, OPEN_WATER):
            return self.water_placements(seat, opening=phase == OPEN_WATER)
        if phase == EBBING:
            return list(EBBS[self.watered & NILE_FIELDS])  # the rows with water
        if phase == SET_DESERT:
            return [SETUP_DESERT + f for f in self.setup_desert_fields()]
        if phase == OPEN_BOAT:
            return [BOAT + c for c in range(NUM_CROPS) if self.supply[seat][c]]
        if phase == OPEN_PLANTS:
            return self.sowings(seat, crop_set(self.supply[seat], NO_CROPS), shared=True)
        if phase == ROT_WHERE:
            return [ROT_ROW + m for m in range(self.rot_palms)]
        if phase == ROT_WHICH:
            return [ROT_PLANT + i for i in self.rottable(self.rot_row) if i not in self.rot_picked]
        if phase == BIDDING:
            return [BID + k for k in range(self.max_bid(seat) + 1)]
        if phase == DESERT_WHERE:
            return [DESERT_ROW + row for row in self.desert_rows()]
        return []

    def max_bid(self, seat: int) -> int:
        """A bid is plants taken in hand from one's supply."""
        return min(MAX_BID, total(self.supply[seat]))

    # -- what the board allows -------------------------------------------------------------
    def setup_desert_fields(self) -> list[int]:
        """Free fields on the desert's edge of the open rows."""
        return [
            ROW_FIELDS[row][-1]
            for row in range(NUM_ROWS)
            if not self.covered[row] and self.fields_ground[ROW_FIELDS[row][-1]] == EMPTY_GROUND
        ]

    def water_end(self, row: int) -> tuple[int, int]:
        """Where a row's water ends: (index of the next field, wave shown there)."""
        # water runs from the Nile without a gap (a card goes where the water ends, an ebb
        # takes the outermost): the row's water is as long as its highest bit of water
        index = (self.watered >> ROW_SHIFT[row] & ROW_BITS[row]).bit_length()
        if not index:
            return 0, SINGLE  # the Nile shows a single wave
        return index, FACE_OUTER[self.fields_face[ROW_FIELDS[row][index - 1]]]

    def water_target(self, row: int, face: int, *, opening: bool) -> int:
        """The field a card of ``face`` would flood in ``row``, or -1 if it cannot go."""
        if self.covered[row] or face < 0:
            return -1
        index, wave = self.water_end(row)
        if index >= ROW_SIZE[row] or wave == NONE or FACE_INNER[face] != wave:
            return -1
        field = ROW_FIELDS[row][index]
        if opening and self.fields_ground[field] != EMPTY_GROUND:
            return -1
        return field

    def water_placements(self, seat: int, *, opening: bool) -> list[Action]:
        legal: list[Action] = []
        tops = self.tops[seat]
        waves = self.waves_kept  # open_waves()'s kept value, without the call
        if waves < 0 or opening:
            waves = self.open_waves(opening=opening)
        for stack in range(STACKS):
            face = tops[stack]
            if face >= 0:
                # the rows whose open wave is the card's inner end
                rows = waves >> NUM_ROWS * FACE_INNER[face] & ALL_ROWS
                if rows:
                    legal.extend(PLACEMENTS[stack << NUM_ROWS | rows])
        return legal

    def open_waves(self, *, opening: bool) -> int:
        """The rows where a card may be laid, by the wave its inner end must show: row r
        shows wave w if bit ``w * NUM_ROWS + r`` is set (no bit: no card fits).  What
        water_target checks, once for every card.  Kept for the tide (not the opening)
        as water comes and goes, row by row (row_water_changed)."""
        if not opening:
            waves = self.waves_kept
            if waves >= 0:
                return waves
        waves = 0
        for row in self.open_rows:
            waves |= self.row_waves(row, opening=opening)
        if not opening:
            self.waves_kept = waves
        return waves

    def row_waves(self, row: int, *, opening: bool) -> int:
        """Row ``row``'s part of open_waves()."""
        index = (self.watered >> ROW_SHIFT[row] & ROW_BITS[row]).bit_length()
        if index >= ROW_SIZE[row]:
            return 0
        fields = ROW_FIELDS[row]
        # the opening lays water only on empty fields
        if opening and self.fields_ground[fields[index]] != EMPTY_GROUND:
            return 0
        wave = FACE_OUTER[self.fields_face[fields[index - 1]]] if index else SINGLE  # the Nile's
        return 1 << (wave * NUM_ROWS + row)

    def row_water_changed(self, row: int) -> None:
        """Water came to or left ``row``: only its part of the kept open_waves() changes
        (if it is kept)."""
        waves = self.waves_kept
        if waves >= 0:
            self.waves_kept = waves & ~ROW_WAVES[row] | self.row_waves(row, opening=False)

    def can_ebb(self) -> bool:
        """Some row has water to remove (the ebb has a move)."""
        return self.watered & NILE_FIELDS != 0

    def cost(self, field: int, seat: int) -> int:
        """1 action point, 2 where another player's plant shares the field."""
        bit = 1 << field
        if self.two_plants & bit or (self.one_plant & bit and not self.mine[seat] & bit):
            return 2
        return 1

    def set_condition(self, m: int, index: int, condition: int) -> None:
        """A plant in the market turns ripe, spoiled or rotten (a new tuple in its place)."""
        row = self.market[m]
        owner, crop, _old = row[index]
        self.market[m] = (*row[:index], (owner, crop, condition), *row[index + 1 :])

    def market_open(self, m: int, crop: int) -> bool:
        """Row ``m`` has room and its last two plants are not this crop."""
        row = self.market[m]
        size = len(row)
        if size >= MARKET_ROOM[m]:
            return False
        if size and row[size - 1][1] == crop:
            return False
        return size < 2 or row[size - 2][1] != crop

    def market_entry(self) -> int:
        """The market rows each crop may enter (market_open for every crop at once): the
        rows of ``crop`` are the 4 bits ``entry >> 4 * crop & 15``.  Kept until the market
        changes (a harvest, a scoring)."""
        entry = self.market_entry_kept
        if entry >= 0:
            return entry
        entry = 0
        for m in range(NUM_MARKET_ROWS):
            entry |= self.row_entry(m)
        self.market_entry_kept = entry
        return entry

    def row_entry(self, m: int) -> int:
        """Market row ``m``'s part of market_entry(): the crops that may enter it."""
        row = self.market[m]
        size = len(row)
        if size >= MARKET_ROOM[m]:
            return 0
        crops = ALL_CROPS
        if size:
            crops &= ~(1 << row[size - 1][1])
            if size > 1:
                crops &= ~(1 << row[size - 2][1])
        return CROPS_TO_ROWS[crops] << m

    def market_row_changed(self, m: int) -> None:
        """A plant entered market row ``m``: only that row's part of the kept
        market_entry() changes (if it is kept)."""
        entry = self.market_entry_kept
        if entry >= 0:
            self.market_entry_kept = entry & ~MARKET_ROW_BITS[m] | self.row_entry(m)

    def desert_field(self, row: int) -> int:
        """Where a desert card spreading in ``row`` would go: the outermost field not yet
        desert, if it is free of water (-1: no room)."""
        for field in reversed(ROW_FIELDS[row]):
            ground = self.fields_ground[field]
            if ground == DESERT_CARD:
                continue
            return field if ground == EMPTY_GROUND else -1
        return -1

    def desert_rows(self) -> list[int]:
        """Open rows a flooded desert card's desert may spread into (edition 2)."""
        return [
            row for row in range(NUM_ROWS) if not self.covered[row] and self.desert_field(row) >= 0
        ]

    def rottable(self, m: int) -> list[int]:
        return [i for i, p in enumerate(self.market[m]) if p[2] != ROTTEN]

    def sowings(self, seat: int, crops: int, *, shared: bool) -> list[Action]:
        """The sowings of ``seat`` (the opening's plantings too) of a set of crops, field
        by field: on empty ground, no plant of its own there nor two plants, and (unless
        ``shared``) nobody else's."""
        spots = self.free_ground & ~self.mine[seat] & ~self.two_plants
        if not shared:
            spots &= ~self.one_plant
        s0, s1, s2, s3 = SOWN[crops]
        return [*s0[spots & 127], *s1[spots >> 7 & 127], *s2[spots >> 14 & 127], *s3[spots >> 21]]

    def action_moves(self) -> list[Action]:
        """The moves of the seat in its action phase, in ascending order without a sort:
        sowing, growing and harvesting field by field, then buys, jokers, heals, the end.

        The fields and crops come as sets (bits, see count_fields): the sowings and grows
        from tables by group of fields (SOWN, GROWS), then the ripe plants one by one."""
        seat, points = self.seat, self.points
        legal: list[Action]  # sowing first, then the rest in the order of the actions
        if points:
            # (few bit operations: each whose result is above 256 makes a new int object)
            mine = self.mine[seat]
            acted = self.acted_fields
            ready = mine & ~acted if acted else mine  # plants that may act
            two = self.two_plants
            if points < 2:  # 2 points where another's plant shares the field
                ready &= ~two
            harvestable = ready & self.ripe[seat]
            seeds = ready ^ harvestable
            sowable = self.sowable  # not the seeds bought now
            if sowable:
                # sowings() and the grows, by groups of fields, in one list
                if points < 2:
                    spots = self.free_ground & ~(mine | two | self.one_plant)
                else:
                    spots = self.free_ground & ~(mine | two)
                s0, s1, s2, s3 = SOWN[sowable]
                g0, g1, g2, g3 = GROWS
                legal = [
                    *s0[spots & 127],
                    *s1[spots >> 7 & 127],
                    *s2[spots >> 14 & 127],
                    *s3[spots >> 21],
                    *g0[seeds & 127],
                    *g1[seeds >> 7 & 127],
                    *g2[seeds >> 14 & 127],
                    *g3[seeds >> 21],
                ]
            elif seeds:
                g0, g1, g2, g3 = GROWS
                legal = [
                    *g0[seeds & 127],
                    *g1[seeds >> 7 & 127],
                    *g2[seeds >> 14 & 127],
                    *g3[seeds >> 21],
                ]
            else:
                legal = []
            if harvestable:
                entry = self.market_entry_kept
                if entry < 0:
                    entry = self.market_entry()
                plants = self.plants
                while harvestable:
                    low = harvestable & -harvestable
                    harvestable ^= low
                    field = low.bit_length() - 1
                    here = plants[field]
                    crop = here[0][1] if here[0][0] == seat else here[1][1]
                    # the market rows this crop may enter that the field's palms reach
                    rows = entry >> (crop << 2) & self.palm_rows[field]
                    if rows:
                        legal.extend(HARVESTS[field << 4 | rows])
            # seeds from one's boat, or (variant) from any boat for 2 points
            boats = self.boat_crops
            if self.seed_trade and points > 1:
                for owner in range(self.n):
                    if boats[owner]:
                        legal.extend(BUY_SEEDS[owner << NUM_CROPS | boats[owner]])
            elif boats[seat]:
                legal.extend(BUY_SEEDS[seat << NUM_CROPS | boats[seat]])
            if not self.joker_bought and self.desert_pile and not self.extra_turn:
                legal.append(BUY_JOKER)
        else:
            legal = []
        if self.jokers[seat] and not self.extra_turn:
            legal.append(USE_JOKER)
            if self.joker_heal:
                any_owner = self.edition > 1  # edition 1: one's own plant; 2: any
                for m in range(NUM_MARKET_ROWS):
                    for i, p in enumerate(self.market[m]):
                        if p[2] == SPOILED and (any_owner or p[0] == seat):
                            legal.append(HEAL + m * MAX_ROW_SPACES + i)
        legal.append(END_ACTIONS)
        return legal
