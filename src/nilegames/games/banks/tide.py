"""Set-up, opening, flood and ebb of AN DEN UFERN DES NILS (seed 003), with the events
the tide turns up (rot, desert, hippopotamus, arrow)."""

from __future__ import annotations

from nilegames.games.banks.board import EBB_1, FLOOD, NUM_ROWS, ROWS
from nilegames.games.banks.cards import DESERT, EVENTS, HIPPO, ROT
from nilegames.games.banks.moves import ROW_BITS, ROW_SHIFT, BanksMoves
from nilegames.games.banks.phases import (
    DESERT_BACK,
    DESERT_CARD,
    DESERT_WHERE,
    EBBING,
    EMPTY_GROUND,
    FIRST,
    FLOODING,
    HIPPO_AUCTION,
    OPEN_BOAT,
    OPEN_PLANTS,
    OPEN_WATER,
    OPENING_BOAT,
    ROT_WHERE,
    ROT_WHICH,
    SET_DESERT,
    SETUP_DESERTS,
    START_AUCTION,
    TOP_FACE,
    WATER,
    WATER_BACK,
)


class BanksTide(BanksMoves):
    """The set-up and the tide: what happens before the players' actions each round."""

    __slots__ = ()

    # set-up and opening -------------------------------------------------------------------
    def _proceed(self) -> None:
        """Move on to whatever comes next: a chance draw, a seat's choice, or the next step."""
        if self.reveal_queue:
            self.phase = TOP_FACE
            return
        if self.first < 0:
            if self.bid_start and not self.tied:
                self._start_auction(START_AUCTION, 0)
            else:
                self.phase = FIRST
            return
        if self.round == 0:
            self._opening()
            return
        self._tide()

    def _opening(self) -> None:
        """The set-up choices and the opening, seat by seat from the first player."""
        n = self.n
        stages = (
            (SET_DESERT, SETUP_DESERTS, SETUP_DESERTS),
            (OPEN_BOAT, 0 if self.bid_start else OPENING_BOAT * n, OPENING_BOAT),
            (OPEN_WATER, n, 1),
            (OPEN_PLANTS, 2 * n, 2),
        )
        while self.opening_stage < len(stages):
            phase, total, per_seat = stages[self.opening_stage]
            step = self.opening_step
            if step >= total:
                self.opening_stage += 1
                self.opening_step = 0
                continue
            self.phase = phase
            self.seat = (self.first + step // per_seat) % n
            legal = self._compute_legal_actions()
            if not legal:
                # no water card fits, or (first-player auction) no plant left to lay
                self.events.append(("no_water" if phase == OPEN_WATER else "no_plant", self.seat))
                self.opening_step += 1
                continue
            self.legal_cache = legal  # asked next, of this state: the choice waits here
            return
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.harvested = False
        self.tide_count = 0
        self.tide_stopped = False
        self.switched = False
        self.seat = self.first
        self.events.append(("round", self.round, self.first, self.circle))
        self.tide_mode = FLOODING if self.circle == FLOOD else EBBING
        self._tide()

    # the tide ------------------------------------------------------------------------------
    def _tide(self) -> None:
        """Go on with the flood or ebb of this round, or end it and start the actions."""
        if self.reveal_queue:
            self.phase = TOP_FACE
            return
        first = self.first
        self.seat = first
        going = not self.tide_stopped and self.tide_count < 2
        if self.tide_mode == FLOODING:
            legal = self.water_placements(first, opening=False) if going else []
            if legal:
                self.phase = FLOODING
                self.legal_cache = legal  # asked next, of this state: the choice waits here
                return
            placed = self.tide_count
            if not self.tide_stopped and placed < 2:
                # No (second) card fits: the flood is over, the ebb comes next round,
                # or at once if not one card could be laid.
                self.circle = EBB_1
                self.events.append(("flood_ends", first, placed))
                if placed == 0 and not self.switched:
                    self._switch(EBBING)
                    return
        else:
            if going and self.can_ebb():
                self.phase = EBBING
                return
            removed = self.tide_count
            if not self.tide_stopped and not self.can_ebb():
                self.circle = FLOOD
                self.events.append(("ebb_ends", first, removed))
                if removed == 0 and not self.switched:
                    self._switch(FLOODING)
                    return
        self._start_actions()

    def _switch(self, mode: int) -> None:
        """The other tide at once, this round (once only, so a bare board cannot loop)."""
        self.switched = True
        self.tide_mode = mode
        self.tide_count = 0
        self._tide()

    def tide_field(self) -> int:
        """The field of the card whose back is being drawn (outermost water of the row)."""
        index, _ = self.water_end(self.tide_row)
        return ROWS[self.tide_row][index - 1]

    def _place_water(self, code: int, *, opening: bool) -> None:
        stack, row = code // NUM_ROWS, code % NUM_ROWS  # not divmod(): see _on_action
        seat = self.seat
        face = self.tops[seat][stack]
        # water_target(), whose checks the legal list made: where the row's water ends
        field = ROWS[row][(self.watered >> ROW_SHIFT[row] & ROW_BITS[row]).bit_length()]
        self.stacks[seat][stack] -= 1
        self.tops[seat][stack] = -1
        if self.stacks[seat][stack]:
            self.reveal_queue.append((seat, stack))
        covered_desert = self.fields_ground[field] == DESERT_CARD
        self.set_ground(field, WATER)
        self.fields_face[field] = face
        self.row_water_changed(row)
        self.events.append(("water", seat, field, face))
        self._wash_away(field, "flood")
        if opening:
            self.opening_step += 1
            self._proceed()
            return
        self.tide_count += 1
        self.tide_row = row
        if covered_desert:
            self.jokers[seat] += 1  # the first player keeps the flooded desert card
            self.phase = DESERT_BACK
            return
        self._tide()

    def _wash_away(self, field: int, reason: str) -> None:
        """Plants on a field lost to water or desert go into the boat."""
        here = self.plants[field]
        if not here:
            return
        for owner, crop, _ripe in here:
            self.to_boat(owner, crop)
            self.events.append(("washed", owner, crop, field, reason))
        self.set_plants(field, ())

    def _remove_water(self, row: int) -> None:
        self.tide_row = row
        # found once for the draw of its back (its chances, its check, its effect)
        self.ebb_field = self.tide_field()
        self.events.append(("ebb", self.seat, self.ebb_field))
        self.phase = WATER_BACK

    def _on_water_back(self, event: int) -> None:
        field = self.ebb_field
        self.ebb_field = -1
        face = self.fields_face[field]
        backs = self.water_unseen[face][:]  # a new row: copies of the table share the old
        backs[event] -= 1
        self.water_unseen[face] = backs
        self.water_left[face] -= 1
        self.face_known[face] -= 1
        self.set_ground(field, EMPTY_GROUND)
        self.fields_face[field] = -1
        self.row_water_changed(self.tide_row)
        self.water_discard += 1
        self.tide_count += 1
        self.events.append(("water_back", field, event))
        self._apply_event(event)

    def _on_desert_back(self, event: int) -> None:
        self.desert_unseen[event] -= 1
        self.events.append(("desert_back", self.tide_row, event))
        self._apply_event(event, flooded=True)

    def _apply_event(self, event: int, *, flooded: bool = False) -> None:
        """The event on the back of a water card an ebb turned, or of a desert card a
        flood covered (``flooded``)."""
        kind, palms, arrow = EVENTS[event]
        if arrow:
            before = self.circle
            self.circle = (self.circle + 1) % 3
            self.events.append(("arrow", before, self.circle))
            # An arrow that turns a flood into an ebb (or brings the flood back during an
            # ebb) ends this round's tide at once.
            if (before == FLOOD) != (self.circle == FLOOD):
                self.tide_stopped = True
        if kind == DESERT:
            if flooded and self.edition > 1:
                if self._desert_where():
                    return
            else:
                self._spread_desert(self.tide_row)
        if kind == ROT:
            self.rot_palms = palms
            self.phase = ROT_WHERE
            return
        if kind == HIPPO and self.hippo_auction:
            self._start_auction(HIPPO_AUCTION, self.first)
            return
        self._tide()

    def _spread_desert(self, row: int) -> None:
        """A desert card from the pile on the row's field next to the desert, if free of water."""
        if not self.desert_pile:
            self.events.append(("no_desert", row, "pile"))
            return
        field = self.desert_field(row)
        if field < 0:
            self.events.append(("no_desert", row, "room"))
            return
        self._put_desert(field, setup=False)

    def _desert_where(self) -> bool:
        """A flooded desert card's desert (edition 2): the row its flood just filled has no
        room left by the desert (water runs from the Nile up to it), so the first player
        picks an open row that has.  True if the choice waits for the first player."""
        if not self.desert_pile:
            self.events.append(("no_desert", self.tide_row, "pile"))
            return False
        rows = self.desert_rows()
        if len(rows) > 1:
            self.phase = DESERT_WHERE
            return True
        if rows:
            self._spread_desert(rows[0])
        else:
            self.events.append(("no_desert", self.tide_row, "room"))
        return False

    def _desert_row(self, row: int) -> None:
        """The first player's choice of row for a flooded desert card's desert."""
        self._spread_desert(row)
        self._tide()

    def _put_desert(self, field: int, *, setup: bool) -> None:
        if not setup:
            self.desert_pile -= 1
        self.set_ground(field, DESERT_CARD)
        self.events.append(("desert", field))
        self._wash_away(field, "desert")

    def _rot_where(self, m: int) -> None:
        self.rot_row = m
        self.rot_picked = []
        self.events.append(("rot_row", self.seat, m))
        targets = self.rottable(m)
        if len(targets) <= 2:
            for index in targets:
                self._spoil_one(m, index)
            self._end_rot()
        else:
            self.phase = ROT_WHICH

    def _spoil(self, index: int) -> None:
        self.rot_picked.append(index)
        self._spoil_one(self.rot_row, index)
        if len(self.rot_picked) == 2:
            self._end_rot()

    def _spoil_one(self, m: int, index: int) -> None:
        owner, _crop, condition = self.market[m][index]
        self.set_condition(m, index, condition + 1)
        self.events.append(("rot", m, index, owner, condition + 1))

    def _end_rot(self) -> None:
        self.rot_row = -1
        self.rot_palms = 0
        self.rot_picked = []
        self._tide()
