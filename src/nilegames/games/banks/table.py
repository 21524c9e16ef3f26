"""The table of AN DEN UFERN DES NILS (seed 003): everything a state holds, kept
consistent as plants and ground change.

The state machine is split into a chain of classes, each adding a part: this table, the
legal moves the board and the rules allow from it (moves.py), the tide (tide.py), the
scoring (scoring.py), the players' turns and auctions (turns.py), and the full state with
the game contract (state.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nilegames.core import State
from nilegames.games.banks.actions import (
    STACKS,
)
from nilegames.games.banks.board import (
    COVERED,
    CROP_COUNTS,
    FIELDS,
    FLOOD,
    NUM_CROPS,
    NUM_FIELDS,
    NUM_MARKET_ROWS,
    NUM_ROWS,
    OBELISK_START,
)
from nilegames.games.banks.cards import (
    NUM_DESERT,
    NUM_FACES,
    NUM_WATER,
    desert_counts,
    water_counts,
)
from nilegames.games.banks.phases import (
    ACTIONS,
    EMPTY_GROUND,
    FIRST,
    FLOODING,
    NO_AUCTION,
    SETUP_DESERTS,
    START_JOKERS,
    WATER,
)

if TYPE_CHECKING:
    from nilegames.games.banks.game import BanksGame

#: A plant on a field (owner, crop, ripe 0/1) or in the market (owner, crop, condition).
#: The plants of a field or a market row are a tuple of these, never changed in place (a
#: change puts a new tuple there): a copy of the table shares them all.
Plant = tuple[int, ...]

# Tables read at every step, as Final names of this compiled module (kept in C statics,
# where a name imported from a plain module is a dictionary lookup at each use).
FIELD_ROW: Final = tuple(f.row for f in FIELDS)
NO_CROPS: Final = [0] * NUM_CROPS


class BanksTable(State):
    """The whole table of a game, which all may see, and the moves it allows."""

    __slots__ = (
        "acted",
        "acted_fields",
        "actions_seat",
        "auction",
        "auction_tries",
        "bid_events",
        "bid_moves",
        "bid_start",
        "bids",
        "boat",
        "boat_crops",
        "circle",
        "covered",
        "desert_pile",
        "desert_unseen",
        "ebb_field",
        "edition",
        "events",
        "extra_turn",
        "face_known",
        "fields_face",
        "fields_ground",
        "first",
        "free_counts",
        "free_ground",
        "fresh",
        "harvested",
        "hidden_faces",
        "hidden_total",
        "hippo_auction",
        "joker_bought",
        "joker_heal",
        "jokers",
        "jokers_spent",
        "log_views",
        "lost",
        "market",
        "market_entry_kept",
        "mine",
        "n",
        "obelisk",
        "one_plant",
        "open_fields",
        "open_rows",
        "opening_stage",
        "opening_step",
        "palm_rows",
        "palms",
        "phase",
        "plants",
        "points",
        "quiet_rounds",
        "reveal_queue",
        "ripe",
        "rot_palms",
        "rot_picked",
        "rot_row",
        "round",
        "scores",
        "seat",
        "seed_trade",
        "sowable",
        "stacks",
        "supply",
        "switched",
        "tide_count",
        "tide_mode",
        "tide_row",
        "tide_stopped",
        "tied",
        "tops",
        "two_plants",
        "water_discard",
        "water_left",
        "water_unseen",
        "watered",
        "waves_kept",
    )

    game: BanksGame
    free_ground: int
    free_counts: list[int]
    watered: int
    one_plant: int
    two_plants: int
    mine: list[int]
    ripe: list[int]
    market_entry_kept: int
    boat_crops: list[int]
    sowable: int
    hidden_faces: list[int]
    hidden_total: int
    waves_kept: int

    def __init__(self, game: BanksGame, *, _empty: bool = False) -> None:
        super().__init__(game)
        self.log_views: dict[int | None, list[dict[str, Any]]] = {}
        if _empty:
            return  # clone() or a pickle's restore fills the rest in
        self.read_game(game)
        n = self.n = game.players
        self.covered: list[bool] = [False] * NUM_ROWS
        for row in COVERED[n]:
            self.covered[row] = True
        #: Each field's ground (empty, water, desert card) and the face of its water card.
        self.fields_ground = [EMPTY_GROUND] * NUM_FIELDS
        self.fields_face = [-1] * NUM_FIELDS
        #: Plants on each field: (owner, crop, ripe (0/1)), at most two.
        self.plants: list[tuple[Plant, ...]] = [()] * NUM_FIELDS
        #: Market rows (by palms needed - 1), top space first: (owner, crop, condition).
        self.market: list[tuple[Plant, ...]] = [()] * NUM_MARKET_ROWS
        self.supply = [list(CROP_COUNTS) for _ in range(n)]
        self.boat = [[0] * NUM_CROPS for _ in range(n)]
        self.lost = [0] * n  # plants of each colour taken out of the game from the boat
        self.scores = [0] * n
        self.obelisk = OBELISK_START
        self.circle = FLOOD
        per_player = NUM_WATER // n
        #: Cards left in each seat's two water stacks, and the face of each top (-1: none).
        self.stacks = [[(per_player + 1) // 2, per_player // 2] for _ in range(n)]
        self.tops = [[-1, -1] for _ in range(n)]
        #: Per face, per event: backs not yet seen (a row is replaced when it changes, so
        #: that copies of the table can share the rows).
        self.water_unseen = water_counts()
        #: Per face, water cards not yet discarded (water_unseen's sums, kept as they change).
        self.water_left = [sum(backs) for backs in self.water_unseen]
        self.face_known = [0] * NUM_FACES  # cards whose face is seen and back is not
        self.water_discard = 0
        self.desert_unseen = desert_counts()
        self.desert_pile = NUM_DESERT - SETUP_DESERTS - START_JOKERS * n
        self.jokers = [START_JOKERS] * n
        self.jokers_spent = 0  # jokers discarded (their backs never matter)
        #: Stacks whose new top is to be drawn: (seat, stack).
        self.reveal_queue: list[tuple[int, int]] = [
            (seat, stack) for seat in range(n) for stack in range(STACKS)
        ]
        self.phase = FIRST
        self.seat = -1
        self.first = -1
        self.round = 0
        self.quiet_rounds = 0  # rounds in a row without a harvest, a point or a lost plant
        self.harvested = False  # a plant was harvested this round
        self.opening_stage = 0  # set-up deserts, boat, water, plants, then the rounds
        self.opening_step = 0  # how many opening moves are done in the current stage
        # the tide under way: placements or removals so far, stopped by an arrow, the
        # row of the card that set an event off, whether ebb and flood swapped this round
        self.tide_count = 0
        self.tide_mode = FLOODING
        self.tide_stopped = False
        self.tide_row = -1
        self.ebb_field = -1  # while a water back is drawn, the field of its card (tide_field)
        self.switched = False
        self.rot_palms = 0
        self.rot_row = -1
        self.rot_picked: list[int] = []
        # the action phase: action points left, fields whose plant acted, seeds bought
        self.actions_seat = -1
        self.points = 0
        self.acted: list[int] = []
        self.acted_fields = 0  # the same fields as a set (bits)
        self.fresh = [0] * NUM_CROPS
        self.sowable = 0  # the crops the seat may sow (see count_fields)
        self.joker_bought = False
        # auctions (variants): what for, each seat's secret bid (-1: none yet), where the
        # bids sit in the history and the log (a resampled world redraws the hidden ones)
        self.auction = NO_AUCTION
        self.auction_tries = 0
        self.bids = [-1] * n
        self.bid_moves: list[int] = []
        self.bid_events: list[int] = []
        self.extra_turn = False  # the hippopotamus auction's winner is playing its extra actions
        self.tied: list[int] = []  # seats the lots choose among for first player
        self.events: list[tuple[Any, ...]] = []
        self.count_fields()
        self._proceed()

    def read_game(self, game: BanksGame) -> None:
        """What the state reads of its game at every step, copied into its slots: the game
        is a plain Python object, where each read would be a dictionary lookup."""
        self.edition: int = game.rules
        self.palms: tuple[int, ...] = game.palms
        #: Per field, the market rows its palms reach (a bit each).
        self.palm_rows: tuple[int, ...] = tuple((1 << palms) - 1 for palms in game.palms)
        options = game.options
        self.seed_trade = bool(options["seed_trade"])
        self.joker_heal = bool(options["joker_heal"])
        self.hippo_auction = bool(options["hippo_auction"])
        self.bid_start = bool(options["bid_start"])
        #: The fields of the rows no strip covers, the only ones a plant can reach.
        covered = COVERED[game.players]
        self.open_fields: tuple[int, ...] = tuple(
            f for f in range(NUM_FIELDS) if FIELD_ROW[f] not in covered
        )
        self.open_rows: tuple[int, ...] = tuple(r for r in range(NUM_ROWS) if r not in covered)

    # -- the fields as sets (bits), kept as plants and ground change -----------------------
    def count_fields(self) -> None:
        """Make the sets of fields from the plants and the ground, the kept sets of crops
        from the boats and supplies, and forget the kept market_entry(): at the start,
        after a pickle's restore, and after a test arranged the table by hand."""
        self.market_entry_kept = -1
        self.waves_kept = -1  # open_waves() of the tide, found when first asked
        #: Per face, the water cards whose face nobody has seen yet (water_left -
        #: face_known, the chance of each face when a new top is drawn), and their sum:
        #: kept as tops are drawn (a water back lowers both counts alike).
        self.hidden_faces = [self.water_left[f] - self.face_known[f] for f in range(NUM_FACES)]
        self.hidden_total = total(self.hidden_faces)
        #: Per seat, the crops in its boat (a bit each): what it may buy back.
        self.boat_crops = [crop_set(boat, NO_CROPS) for boat in self.boat]
        #: In the action phase, the crops the seat may sow: those in its supply beyond the
        #: seeds it bought this turn (which wait for the next).  Kept as it sows.
        if self.phase == ACTIONS:
            self.sowable = crop_set(self.supply[self.seat], self.fresh)
        #: Per crop, the plants of all colours outside the market (free_crops(), what the
        #: deadlock test of edition 2 counts): kept as a harvest takes one to the market, a
        #: scoring sells a row into the boats and the boats' plants are lost.
        self.free_counts = self.free_crops()
        self.free_ground = 0  # open fields of empty ground (no water, no desert)
        self.watered = 0  # fields of water
        self.one_plant = 0  # fields with one plant
        self.two_plants = 0  # fields with two
        self.mine = [0] * self.n  # per seat, the fields with its plant
        self.ripe = [0] * self.n  # per seat, the fields with its ripe plant
        for field in self.open_fields:
            if self.fields_ground[field] == EMPTY_GROUND:
                self.free_ground |= 1 << field
            elif self.fields_ground[field] == WATER:
                self.watered |= 1 << field
            here = self.plants[field]
            self.plants[field] = ()
            self.set_plants(field, here)

    def set_plants(self, field: int, here: tuple[Plant, ...]) -> None:
        """Put ``here`` as the plants of ``field``, and the sets of fields with it."""
        bit = 1 << field
        mine, ripe = self.mine, self.ripe
        # each set read and written whole: the compiled kernel runs ``mine[owner] &= x``
        # through Python's generic in-place operators, a plain assignment on machine ints
        for plant in self.plants[field]:
            owner = plant[0]
            mine[owner] = mine[owner] & ~bit
            ripe[owner] = ripe[owner] & ~bit
        for plant in here:
            owner = plant[0]
            mine[owner] = mine[owner] | bit
            if plant[2]:
                ripe[owner] = ripe[owner] | bit
        self.plants[field] = here
        size = len(here)
        self.one_plant = self.one_plant | bit if size == 1 else self.one_plant & ~bit
        self.two_plants = self.two_plants | bit if size == 2 else self.two_plants & ~bit

    # A move changes one plant; these three keep the sets for that plant alone, where
    # set_plants would clear and set them for every plant of the field.
    def add_plant(self, field: int, plant: Plant) -> None:
        """Lay ``plant`` on ``field``, beside the plant there if any."""
        here = self.plants[field]
        self.plants[field] = (*here, plant)
        bit = 1 << field
        owner = plant[0]
        mine = self.mine
        mine[owner] = mine[owner] | bit
        if plant[2]:
            ripe = self.ripe
            ripe[owner] = ripe[owner] | bit
        if here:
            self.one_plant = self.one_plant & ~bit
            self.two_plants = self.two_plants | bit
        else:
            self.one_plant = self.one_plant | bit

    def take_plant(self, field: int, seat: int) -> Plant:
        """Take ``seat``'s plant off ``field`` (a harvest) and return it."""
        here = self.plants[field]
        if here[0][0] == seat:
            plant, rest = here[0], here[1:]
        else:
            plant, rest = here[1], here[:1]
        self.plants[field] = rest
        bit = 1 << field
        mine, ripe = self.mine, self.ripe
        mine[seat] = mine[seat] & ~bit
        ripe[seat] = ripe[seat] & ~bit
        if rest:
            self.two_plants = self.two_plants & ~bit
            self.one_plant = self.one_plant | bit
        else:
            self.one_plant = self.one_plant & ~bit
        return plant

    def ripen(self, field: int, seat: int) -> int:
        """``seat``'s seed on ``field`` turns ripe; returns its crop."""
        here = self.plants[field]
        if here[0][0] == seat:
            crop = here[0][1]
            self.plants[field] = ((seat, crop, 1), *here[1:])
        else:
            crop = here[1][1]
            self.plants[field] = (here[0], (seat, crop, 1))
        ripe = self.ripe
        ripe[seat] = ripe[seat] | 1 << field
        return crop

    def to_boat(self, owner: int, crop: int) -> None:
        """A plant of ``owner``'s colour into its boat, and the kept set of its crops."""
        self.boat[owner][crop] += 1
        self.boat_crops[owner] |= 1 << crop

    def set_ground(self, field: int, ground: int) -> None:
        """Water, a desert card or empty ground on an open field."""
        self.fields_ground[field] = ground
        bit = 1 << field
        free, watered = self.free_ground & ~bit, self.watered & ~bit
        self.free_ground = free | bit if ground == EMPTY_GROUND else free
        self.watered = watered | bit if ground == WATER else watered

    def free_crops(self) -> list[int]:
        """Plants of each crop (all colours) outside the market: in a supply, the boat or
        on a field.  Only these can ever enter a market row again while no row scores."""
        free = [0] * NUM_CROPS
        for crop in range(NUM_CROPS):
            count = 0
            for seat in range(self.n):
                count += self.supply[seat][crop] + self.boat[seat][crop]
            free[crop] = count
        for here in self.plants:
            for plant in here:
                free[plant[1]] += 1
        return free

    # -- moves defined further down the chain (tide.py, turns.py) -------------------------
    def _proceed(self) -> None:
        raise NotImplementedError

    def _start_actions(self) -> None:
        raise NotImplementedError

    def _start_auction(self, kind: int, opener: int) -> None:
        raise NotImplementedError


def total(counts: list[int]) -> int:
    """``sum(counts)`` as a loop, which the compiled build runs on machine ints (its sum()
    is a call into Python)."""
    result = 0
    for count in counts:
        result += count
    return result


def crop_set(supply: list[int], fresh: list[int]) -> int:
    """The crops of a supply that may be sown (those beyond the seeds bought this turn),
    one bit each: the index of a field's actions in SOWINGS."""
    return (
        (supply[0] != fresh[0])
        | (supply[1] != fresh[1]) << 1
        | (supply[2] != fresh[2]) << 2
        | (supply[3] != fresh[3]) << 3
        | (supply[4] != fresh[4]) << 4
    )
