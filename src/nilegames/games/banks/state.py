"""The rules of AN DEN UFERN DES NILS (seed 003) as a state machine over atomic actions.

Nothing is drawn before it is seen.  A water stack's top card shows its waves to all: when
a new card comes to the top, a chance node draws its face from the faces not yet seen.
Backs stay unknown to everyone until an ebb removes the card (water) or a flood covers it
(desert): then a chance node draws the event from the backs not yet seen for that face.
So the state holds no secret at all, and every draw has its exact probability.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from nilegames.core import CHANCE, TERMINAL, Action, Observation, State
from nilegames.core.ranking import place_returns
from nilegames.games.banks.actions import (
    BID,
    BOAT,
    BUY_JOKER,
    BUY_SEED,
    END_ACTIONS,
    GROW,
    HARVEST,
    HEAL,
    MAX_BID,
    MAX_ROW_SPACES,
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
    COVERED,
    CROP_COUNTS,
    EBB_1,
    FIELDS,
    FLOOD,
    MARKET_SIZES,
    NUM_CROPS,
    NUM_FIELDS,
    NUM_MARKET_ROWS,
    NUM_ROWS,
    OBELISK_START,
    ROW_LENGTH,
    ROW_PAYOUTS,
    ROWS,
)
from nilegames.games.banks.cards import (
    DESERT,
    EVENTS,
    FACES,
    HIPPO,
    NONE,
    NUM_DESERT,
    NUM_FACES,
    NUM_WATER,
    ROT,
    SINGLE,
    desert_counts,
    water_counts,
)

if TYPE_CHECKING:
    from nilegames.games.banks.game import BanksGame

# Phases.  Chance: who starts, a stack's new top face, the back of a water card an ebb
# removes, the back of a desert card a flood covers.  The rest are a seat's decisions.
(
    FIRST,
    TOP_FACE,
    WATER_BACK,
    DESERT_BACK,
    SET_DESERT,
    OPEN_BOAT,
    OPEN_WATER,
    OPEN_PLANTS,
    FLOODING,
    EBBING,
    ROT_WHERE,
    ROT_WHICH,
    ACTIONS,
    BIDDING,
    OVER,
) = range(15)
PHASE_NAMES = (
    "setup",
    "setup",
    "ebb",
    "flood",
    "setup",
    "opening",
    "opening",
    "opening",
    "flood",
    "ebb",
    "rot",
    "rot",
    "actions",
    "auction",
    "game over",
)
CHANCE_PHASES = frozenset({FIRST, TOP_FACE, WATER_BACK, DESERT_BACK})

ACTION_POINTS = 3
START_JOKERS = 2
SETUP_DESERTS = 3
OPENING_BOAT = 2
#: A bound the seed does not need: a game not over after this many rounds ends (it bounds
#: the game's length for the research adapters).  Equal greedy bots take about 30 rounds
#: with 2 players and 20 with 5, and a game that stops moving ends blocked long before.
ROUND_LIMIT = 60
#: A game is blocked, and ends as it stands, after this many rounds in a row in which no
#: plant was harvested, no point scored and the obelisk did not move (or at once when every
#: plant left is in the market).  Seed 003 is silent on a game that can no longer move (two
#: players whose last plants sit in market rows that no remaining crop may enter); in
#: greedy self-play a finished game never went more than 5 rounds without progress, so 6
#: ends only games that have stopped.
BLOCKED_ROUNDS = 6
# What lies on a field besides plants.
EMPTY_GROUND, WATER, DESERT_CARD = range(3)
# A plant in the market: ripe, spoiled (turned to its seed side), rotten (turned 45°).
RIPE, SPOILED, ROTTEN = range(3)
# What an auction is for (variants): none, the hippopotamus's extra actions, first player.
NO_AUCTION, HIPPO_AUCTION, START_AUCTION = range(3)
#: Tied start auctions before lots decide among the tied (so bids of 0 cannot loop).
START_AUCTION_TRIES = 3


class BanksState(State):
    """A game of AN DEN UFERN DES NILS in progress: the whole table, which all may see."""

    __slots__ = (
        "acted",
        "actions_seat",
        "auction",
        "auction_tries",
        "bid_events",
        "bid_moves",
        "bids",
        "boat",
        "circle",
        "covered",
        "desert_pile",
        "desert_unseen",
        "events",
        "extra_turn",
        "face_known",
        "fields_face",
        "fields_ground",
        "first",
        "fresh",
        "harvested",
        "joker_bought",
        "jokers",
        "jokers_spent",
        "legal_cache",
        "log_views",
        "lost",
        "market",
        "n",
        "obelisk",
        "opening_stage",
        "opening_step",
        "phase",
        "plants",
        "points",
        "quiet_rounds",
        "reveal_queue",
        "rot_palms",
        "rot_picked",
        "rot_row",
        "round",
        "scores",
        "seat",
        "stacks",
        "supply",
        "switched",
        "tide_count",
        "tide_mode",
        "tide_row",
        "tide_stopped",
        "tied",
        "tops",
        "water_discard",
        "water_unseen",
    )

    game: BanksGame

    def __init__(self, game: BanksGame, *, _empty: bool = False) -> None:
        super().__init__(game)
        self.legal_cache: list[Action] | None = None
        self.log_views: dict[int | None, list[dict[str, Any]]] = {}
        if _empty:
            return
        n = self.n = game.players
        self.covered: list[bool] = [False] * NUM_ROWS
        for row in COVERED[n]:
            self.covered[row] = True
        #: Each field's ground (empty, water, desert card) and the face of its water card.
        self.fields_ground = [EMPTY_GROUND] * NUM_FIELDS
        self.fields_face = [-1] * NUM_FIELDS
        #: Plants on each field: [owner, crop, ripe (0/1)] lists, at most two.
        self.plants: list[list[list[int]]] = [[] for _ in range(NUM_FIELDS)]
        #: Market rows (by palms needed - 1), top space first: [owner, crop, condition].
        self.market: list[list[list[int]]] = [[] for _ in range(NUM_MARKET_ROWS)]
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
        self.water_unseen = water_counts()  # per face, per event: backs not yet seen
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
        self.switched = False
        self.rot_palms = 0
        self.rot_row = -1
        self.rot_picked: list[int] = []
        # the action phase: action points left, fields whose plant acted, seeds bought
        self.actions_seat = -1
        self.points = 0
        self.acted: list[int] = []
        self.fresh = [0] * NUM_CROPS
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
        self._proceed()

    # -- contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.seat

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == FIRST:
            seats = self.tied or list(range(self.n))
            return [(seat, 1.0 / len(seats)) for seat in seats]
        weights: list[int] = []
        if phase == TOP_FACE:
            weights = self.face_weights()
        elif phase == WATER_BACK:
            weights = self.water_unseen[self.fields_face[self.tide_field()]][:]
        elif phase == DESERT_BACK:
            weights = self.desert_unseen[:]
        total = sum(weights)
        return [(i, w / total) for i, w in enumerate(weights) if w]

    def face_weights(self) -> list[int]:
        """Cards of each face whose face nobody has seen yet."""
        return [sum(self.water_unseen[f]) - self.face_known[f] for f in range(NUM_FACES)]

    def _is_chance_outcome(self, action: Action) -> bool:
        return any(outcome == action for outcome, _ in self.chance_outcomes())

    def _legal_actions(self) -> list[Action]:
        if self.legal_cache is None:
            self.legal_cache = self._compute_legal_actions()
        return self.legal_cache[:]

    def _is_legal(self, action: Action) -> bool:
        if self.legal_cache is None:
            self.legal_cache = self._compute_legal_actions()
        return action in self.legal_cache

    def _compute_legal_actions(self) -> list[Action]:
        phase, seat = self.phase, self.seat
        if phase == SET_DESERT:
            return [SETUP_DESERT + f for f in self.setup_desert_fields()]
        if phase == OPEN_BOAT:
            return [BOAT + c for c in range(NUM_CROPS) if self.supply[seat][c]]
        if phase in (OPEN_WATER, FLOODING):
            return self.water_placements(seat, opening=phase == OPEN_WATER)
        if phase == OPEN_PLANTS:
            return [
                PLANT + f * NUM_CROPS + c
                for f in range(NUM_FIELDS)
                if self.can_plant(f, seat)
                for c in range(NUM_CROPS)
                if self.supply[seat][c]
            ]
        if phase == EBBING:
            return [REMOVE_WATER + row for row in self.removable_rows()]
        if phase == ROT_WHERE:
            return [ROT_ROW + m for m in range(self.rot_palms)]
        if phase == ROT_WHICH:
            return [ROT_PLANT + i for i in self.rottable(self.rot_row) if i not in self.rot_picked]
        if phase == ACTIONS:
            return self.action_moves()
        if phase == BIDDING:
            return [BID + k for k in range(self.max_bid(seat) + 1)]
        return []

    def max_bid(self, seat: int) -> int:
        """A bid is plants taken in hand from one's supply."""
        return min(MAX_BID, sum(self.supply[seat]))

    # -- what the board allows -------------------------------------------------------------
    def setup_desert_fields(self) -> list[int]:
        """Free fields on the desert's edge of the open rows."""
        return [
            ROWS[row][-1]
            for row in range(NUM_ROWS)
            if not self.covered[row] and self.fields_ground[ROWS[row][-1]] == EMPTY_GROUND
        ]

    def water_end(self, row: int) -> tuple[int, int]:
        """Where a row's water ends: (index of the next field, wave shown there)."""
        wave = SINGLE  # the Nile shows a single wave
        index = 0
        for field in ROWS[row]:
            if self.fields_ground[field] != WATER:
                break
            wave = FACES[self.fields_face[field]][1]
            index += 1
        return index, wave

    def water_target(self, row: int, face: int, *, opening: bool) -> int:
        """The field a card of ``face`` would flood in ``row``, or -1 if it cannot go."""
        if self.covered[row] or face < 0:
            return -1
        index, wave = self.water_end(row)
        if index >= ROW_LENGTH[row] or wave == NONE or FACES[face][0] != wave:
            return -1
        field = ROWS[row][index]
        if opening and self.fields_ground[field] != EMPTY_GROUND:
            return -1
        return field

    def water_placements(self, seat: int, *, opening: bool) -> list[Action]:
        legal = []
        for stack in range(STACKS):
            face = self.tops[seat][stack]
            for row in range(NUM_ROWS):
                if self.water_target(row, face, opening=opening) >= 0:
                    legal.append(PLACE_WATER + stack * NUM_ROWS + row)
        return legal

    def removable_rows(self) -> list[int]:
        return [row for row in range(NUM_ROWS) if self.fields_ground[ROWS[row][0]] == WATER]

    def can_plant(self, field: int, seat: int) -> bool:
        """A plant of ``seat`` may go on ``field``: open, dry, not desert, room, none of its."""
        if self.covered[FIELDS[field].row] or self.fields_ground[field] != EMPTY_GROUND:
            return False
        here = self.plants[field]
        return len(here) < 2 and all(p[0] != seat for p in here)

    def cost(self, field: int, seat: int) -> int:
        """1 action point, 2 where another player's plant shares the field."""
        return 2 if any(p[0] != seat for p in self.plants[field]) else 1

    def own_plant(self, field: int, seat: int) -> list[int] | None:
        for plant in self.plants[field]:
            if plant[0] == seat:
                return plant
        return None

    def market_open(self, m: int, crop: int) -> bool:
        """Row ``m`` has room and its last two plants are not this crop."""
        row = self.market[m]
        return len(row) < MARKET_SIZES[m] and all(p[1] != crop for p in row[-2:])

    def rottable(self, m: int) -> list[int]:
        return [i for i, p in enumerate(self.market[m]) if p[2] != ROTTEN]

    def action_moves(self) -> list[Action]:
        seat, points = self.seat, self.points
        options = self.game.options
        legal: list[Action] = []
        sowable = [self.supply[seat][c] - self.fresh[c] for c in range(NUM_CROPS)]
        for field in range(NUM_FIELDS):
            cost = self.cost(field, seat)
            if cost > points:
                continue
            if self.can_plant(field, seat):
                legal.extend(PLANT + field * NUM_CROPS + c for c in range(NUM_CROPS) if sowable[c])
            plant = self.own_plant(field, seat)
            if plant is None or field in self.acted:
                continue
            if not plant[2]:
                legal.append(GROW + field)
            else:
                for m in range(FIELDS[field].palms):
                    if self.market_open(m, plant[1]):
                        legal.append(HARVEST + field * NUM_MARKET_ROWS + m)
        for owner in range(self.n):
            price = 1 if owner == seat else 2
            if price > points or (owner != seat and not options["seed_trade"]):
                continue
            legal.extend(
                BUY_SEED + owner * NUM_CROPS + c for c in range(NUM_CROPS) if self.boat[owner][c]
            )
        if points and not self.joker_bought and self.desert_pile and not self.extra_turn:
            legal.append(BUY_JOKER)
        if self.jokers[seat] and not self.extra_turn:
            legal.append(USE_JOKER)
            if options["joker_heal"]:
                for m in range(NUM_MARKET_ROWS):
                    for i, p in enumerate(self.market[m]):
                        if p[0] == seat and p[2] == SPOILED:
                            legal.append(HEAL + m * MAX_ROW_SPACES + i)
        legal.append(END_ACTIONS)
        legal.sort()
        return legal

    # -- results ---------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        return place_returns([(self.scores[s], -self.lost[s]) for s in range(self.n)])

    def action_to_string(self, action: Action) -> str:
        from nilegames.games.banks.observe import action_words

        return action_words(self, action)

    def __reduce__(self) -> tuple[Any, ...]:
        fields = {name: getattr(self, name) for name in PICKLED_FIELDS}
        return (_restore, (self.game, self._history, fields))

    def clone(self) -> BanksState:
        other = BanksState(self.game, _empty=True)
        other._history = self._history[:]
        other.n = self.n
        other.covered = self.covered[:]
        other.fields_ground = self.fields_ground[:]
        other.fields_face = self.fields_face[:]
        other.plants = [[p[:] for p in here] for here in self.plants]
        other.market = [[p[:] for p in row] for row in self.market]
        other.supply = [s[:] for s in self.supply]
        other.boat = [b[:] for b in self.boat]
        other.lost = self.lost[:]
        other.scores = self.scores[:]
        other.obelisk = self.obelisk
        other.circle = self.circle
        other.stacks = [s[:] for s in self.stacks]
        other.tops = [t[:] for t in self.tops]
        other.water_unseen = [w[:] for w in self.water_unseen]
        other.face_known = self.face_known[:]
        other.water_discard = self.water_discard
        other.desert_unseen = self.desert_unseen[:]
        other.desert_pile = self.desert_pile
        other.jokers = self.jokers[:]
        other.jokers_spent = self.jokers_spent
        other.reveal_queue = self.reveal_queue[:]
        other.phase = self.phase
        other.seat = self.seat
        other.first = self.first
        other.round = self.round
        other.quiet_rounds = self.quiet_rounds
        other.harvested = self.harvested
        other.opening_stage = self.opening_stage
        other.opening_step = self.opening_step
        other.tide_count = self.tide_count
        other.tide_mode = self.tide_mode
        other.tide_stopped = self.tide_stopped
        other.tide_row = self.tide_row
        other.switched = self.switched
        other.rot_palms = self.rot_palms
        other.rot_row = self.rot_row
        other.rot_picked = self.rot_picked[:]
        other.actions_seat = self.actions_seat
        other.points = self.points
        other.acted = self.acted[:]
        other.fresh = self.fresh[:]
        other.joker_bought = self.joker_bought
        other.auction = self.auction
        other.auction_tries = self.auction_tries
        other.bids = self.bids[:]
        other.bid_moves = self.bid_moves[:]
        other.bid_events = self.bid_events[:]
        other.extra_turn = self.extra_turn
        other.tied = self.tied[:]
        other.events = self.events[:]
        other.legal_cache = self.legal_cache
        for viewer, views in self.log_views.items():
            other.log_views[viewer] = views[:]
        return other

    def observation(self, player: int) -> Observation:
        from nilegames.games.banks.observe import build_observation

        self.check_seat(player)
        return build_observation(self, player)

    def public_observation(self) -> Observation:
        from nilegames.games.banks.observe import build_observation

        return build_observation(self, None)

    def resample_from_infostate(self, player: int, rng: random.Random) -> BanksState:
        """A world ``player`` cannot tell from this one.

        Cards are drawn only when seen (see the module's docstring), so the one secret a
        state can hold is the bids already made in an auction under way (variants): those
        of other seats are drawn afresh, in the state, its history and its log.
        """
        self.check_seat(player)
        world = self.clone()
        if self.phase != BIDDING:
            return world
        for move, event in zip(self.bid_moves, self.bid_events, strict=True):
            _kind, seat, _bid = self.events[event]
            if seat == player:
                continue
            bid = rng.randint(0, self.max_bid(seat))
            world.bids[seat] = bid
            world._history[move] = BID + bid
            world.events[event] = ("bid", seat, bid)
        world.log_views = {}
        return world

    # -- applying actions ------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        self.legal_cache = None
        phase = self.phase
        if phase == FIRST:
            self.first = action
            self.events.append(("first", action))
            self._proceed()
        elif phase == TOP_FACE:
            seat, stack = self.reveal_queue.pop(0)
            self.tops[seat][stack] = action
            self.face_known[action] += 1
            self.events.append(("top", seat, stack, action))
            self._proceed()
        elif phase == WATER_BACK:
            self._on_water_back(action)
        elif phase == DESERT_BACK:
            self._on_desert_back(action)
        elif phase == SET_DESERT:
            self._put_desert(action - SETUP_DESERT, setup=True)
            self.opening_step += 1
            self._proceed()
        elif phase == OPEN_BOAT:
            crop = action - BOAT
            self.supply[self.seat][crop] -= 1
            self.boat[self.seat][crop] += 1
            self.events.append(("to_boat", self.seat, crop))
            self.opening_step += 1
            self._proceed()
        elif phase in (OPEN_WATER, FLOODING):
            self._place_water(action - PLACE_WATER, opening=phase == OPEN_WATER)
        elif phase == OPEN_PLANTS:
            field, crop = divmod(action - PLANT, NUM_CROPS)
            ripe = self.opening_step % 2 == 0  # first a ripe plant, then a seed
            self._lay(field, crop, ripe=ripe)
            self.opening_step += 1
            self._proceed()
        elif phase == EBBING:
            self._remove_water(action - REMOVE_WATER)
        elif phase == ROT_WHERE:
            self._rot_where(action - ROT_ROW)
        elif phase == ROT_WHICH:
            self._spoil(action - ROT_PLANT)
        elif phase == ACTIONS:
            self._on_action(action)
        elif phase == BIDDING:
            self._on_bid(action - BID)

    # set-up and opening -------------------------------------------------------------------
    def _proceed(self) -> None:
        """Move on to whatever comes next: a chance draw, a seat's choice, or the next step."""
        if self.reveal_queue:
            self.phase = TOP_FACE
            return
        if self.first < 0:
            if self.game.options["bid_start"] and not self.tied:
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
            (OPEN_BOAT, 0 if self.game.options["bid_start"] else OPENING_BOAT * n, OPENING_BOAT),
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
            if not self._compute_legal_actions():
                # no water card fits, or (first-player auction) no plant left to lay
                self.events.append(("no_water" if phase == OPEN_WATER else "no_plant", self.seat))
                self.opening_step += 1
                continue
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
            if going and self.water_placements(first, opening=False):
                self.phase = FLOODING
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
            if going and self.removable_rows():
                self.phase = EBBING
                return
            removed = self.tide_count
            if not self.tide_stopped and not self.removable_rows():
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
        stack, row = divmod(code, NUM_ROWS)
        seat = self.seat
        face = self.tops[seat][stack]
        field = self.water_target(row, face, opening=opening)
        self.stacks[seat][stack] -= 1
        self.tops[seat][stack] = -1
        if self.stacks[seat][stack]:
            self.reveal_queue.append((seat, stack))
        covered_desert = self.fields_ground[field] == DESERT_CARD
        self.fields_ground[field] = WATER
        self.fields_face[field] = face
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
        for owner, crop, _ripe in self.plants[field]:
            self.boat[owner][crop] += 1
            self.events.append(("washed", owner, crop, field, reason))
        self.plants[field] = []

    def _remove_water(self, row: int) -> None:
        self.tide_row = row
        self.events.append(("ebb", self.seat, self.tide_field()))
        self.phase = WATER_BACK

    def _on_water_back(self, event: int) -> None:
        field = self.tide_field()
        face = self.fields_face[field]
        self.water_unseen[face][event] -= 1
        self.face_known[face] -= 1
        self.fields_ground[field] = EMPTY_GROUND
        self.fields_face[field] = -1
        self.water_discard += 1
        self.tide_count += 1
        self.events.append(("water_back", field, event))
        self._apply_event(event)

    def _on_desert_back(self, event: int) -> None:
        self.desert_unseen[event] -= 1
        self.events.append(("desert_back", self.tide_row, event))
        self._apply_event(event)

    def _apply_event(self, event: int) -> None:
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
            self._spread_desert(self.tide_row)
        if kind == ROT:
            self.rot_palms = palms
            self.phase = ROT_WHERE
            return
        if kind == HIPPO and self.game.options["hippo_auction"]:
            self._start_auction(HIPPO_AUCTION, self.first)
            return
        self._tide()

    def _spread_desert(self, row: int) -> None:
        """A desert card from the pile on the row's field next to the desert, if free of water."""
        if not self.desert_pile:
            self.events.append(("no_desert", row, "pile"))
            return
        for field in reversed(ROWS[row]):
            ground = self.fields_ground[field]
            if ground == DESERT_CARD:
                continue
            if ground == WATER:
                break
            self._put_desert(field, setup=False)
            return
        self.events.append(("no_desert", row, "room"))

    def _put_desert(self, field: int, *, setup: bool) -> None:
        if not setup:
            self.desert_pile -= 1
        self.fields_ground[field] = DESERT_CARD
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
        plant = self.market[m][index]
        plant[2] += 1
        self.events.append(("rot", m, index, plant[0], plant[2]))

    def _end_rot(self) -> None:
        self.rot_row = -1
        self.rot_palms = 0
        self.rot_picked = []
        self._tide()

    # actions -------------------------------------------------------------------------------
    def _start_actions(self) -> None:
        self.events.append(("actions",))
        self._next_actor(self.first)

    def _next_actor(self, seat: int) -> None:
        self.seat = seat
        self.actions_seat = seat
        self.points = ACTION_POINTS
        self.acted = []
        self.fresh = [0] * NUM_CROPS
        self.joker_bought = False
        self.phase = ACTIONS
        self.events.append(("turn", seat))

    def _on_action(self, action: Action) -> None:
        seat = self.seat
        if action == END_ACTIONS:
            self._end_actions()
            return
        if action == USE_JOKER:
            self.jokers[seat] -= 1
            self.jokers_spent += 1
            self.points += 1
            self.events.append(("joker", seat))
        elif action == BUY_JOKER:
            self.points -= 1
            self.desert_pile -= 1
            self.jokers[seat] += 1
            self.joker_bought = True
            self.events.append(("buy_joker", seat))
        elif action >= HEAL:
            m, index = divmod(action - HEAL, MAX_ROW_SPACES)
            self.jokers[seat] -= 1
            self.jokers_spent += 1
            self.market[m][index][2] = RIPE
            self.events.append(("heal", seat, m, index))
        elif action >= BUY_SEED:
            owner, crop = divmod(action - BUY_SEED, NUM_CROPS)
            self.points -= 1 if owner == seat else 2
            self.boat[owner][crop] -= 1
            self.supply[owner][crop] += 1
            if owner == seat:
                self.fresh[crop] += 1
                self.events.append(("buy_seed", seat, crop))
            else:
                # A seed bought from another colour leaves the boat (so it is not lost at
                # the scoring) and goes back to its owner's supply.
                self.events.append(("buy_other_seed", seat, owner, crop))
        elif action >= HARVEST:
            field, m = divmod(action - HARVEST, NUM_MARKET_ROWS)
            self.points -= self.cost(field, seat)
            plant = self.own_plant(field, seat)
            assert plant is not None
            self.plants[field].remove(plant)
            self.market[m].append([seat, plant[1], RIPE])
            self.harvested = True
            self.events.append(("harvest", seat, field, plant[1], m))
        elif action >= GROW:
            field = action - GROW
            self.points -= self.cost(field, seat)
            plant = self.own_plant(field, seat)
            assert plant is not None
            plant[2] = 1
            self.acted.append(field)
            self.events.append(("grow", seat, field, plant[1]))
        else:
            field, crop = divmod(action - PLANT, NUM_CROPS)
            self.points -= self.cost(field, seat)
            self._lay(field, crop, ripe=False)
            self.acted.append(field)
        if not self.points and (self.extra_turn or not self.jokers[seat]):
            self._end_actions()

    def _lay(self, field: int, crop: int, *, ripe: bool) -> None:
        seat = self.seat
        self.supply[seat][crop] -= 1
        self.plants[field].append([seat, crop, 1 if ripe else 0])
        self.events.append(("plant", seat, field, crop, ripe))

    def _end_actions(self) -> None:
        self.events.append(("end_actions", self.seat, self.points))
        if self.extra_turn:
            self.extra_turn = False
            self.acted = []
            self._tide()
            return
        seat = (self.seat + 1) % self.n
        if seat != self.first:
            self._next_actor(seat)
            return
        self.first = (self.first + 1) % self.n
        self.events.append(("first_passes", self.first))
        self._scoring()

    # auctions (variants) -------------------------------------------------------------------
    def _start_auction(self, kind: int, opener: int) -> None:
        """Every seat in turn, from ``opener``, takes plants in hand in secret."""
        self.auction = kind
        self.bids = [-1] * self.n
        self.bid_moves = []
        self.bid_events = []
        self.seat = opener
        self.phase = BIDDING
        self.events.append(("auction", "hippo" if kind == HIPPO_AUCTION else "start"))

    def _on_bid(self, bid: int) -> None:
        seat = self.seat
        self.bids[seat] = bid
        self.bid_moves.append(len(self._history))
        self.bid_events.append(len(self.events))
        self.events.append(("bid", seat, bid))
        nxt = (seat + 1) % self.n
        if self.bids[nxt] < 0:
            self.seat = nxt
            return
        self._resolve_auction()

    def _resolve_auction(self) -> None:
        bids = self.bids
        kind = self.auction
        # hippopotamus: the bid plus one's plants in the boat; ties to the larger hand,
        # then nobody.  first player: the bid alone; ties bid again.
        totals = [
            bids[s] + (sum(self.boat[s]) if kind == HIPPO_AUCTION else 0) for s in range(self.n)
        ]
        best = max(totals)
        leaders = [s for s in range(self.n) if totals[s] == best]
        if kind == HIPPO_AUCTION and len(leaders) > 1:
            top_hand = max(bids[s] for s in leaders)
            leaders = [s for s in leaders if bids[s] == top_hand]
        winner = leaders[0] if len(leaders) == 1 else -1
        self.events.append(("bids", tuple(bids), tuple(totals), winner))
        self.auction = NO_AUCTION
        self.bid_moves = []
        self.bid_events = []
        if kind == START_AUCTION:
            for seat in range(self.n):
                self._bid_to_boat(seat, bids[seat])
            self.auction_tries += 1
            if winner >= 0:
                self.first = winner
                self.events.append(("first", winner))
                self._proceed()
            elif self.auction_tries >= START_AUCTION_TRIES:
                self.tied = leaders
                self.phase = FIRST
            else:
                self._start_auction(START_AUCTION, 0)
            return
        if winner < 0:
            self._tide()
            return
        self._bid_to_boat(winner, bids[winner])
        self.extra_turn = True
        self.seat = winner
        self.points = ACTION_POINTS
        self.acted = []
        self.fresh = [0] * NUM_CROPS
        self.phase = ACTIONS
        self.events.append(("extra_turn", winner))

    def _bid_to_boat(self, seat: int, count: int) -> None:
        """Plants bid go into the boat, the crops one has most of first."""
        supply = self.supply[seat]
        for _ in range(count):
            crop = max(range(NUM_CROPS), key=lambda c: (supply[c], -c))
            supply[crop] -= 1
            self.boat[seat][crop] += 1
        if count:
            self.events.append(("bid_to_boat", seat, count))

    # scoring and the end -------------------------------------------------------------------
    def _scoring(self) -> None:
        colours = 0
        for owner in range(self.n):
            count = sum(self.boat[owner])
            if count:
                colours += 1
                self.lost[owner] += count
                self.boat[owner] = [0] * NUM_CROPS
                self.events.append(("lost", owner, count))
        if colours:
            self.obelisk = max(0, self.obelisk - colours)
            self.events.append(("obelisk", colours, self.obelisk))
        net = [0] * self.n
        sold: list[list[int]] = []
        for m in range(NUM_MARKET_ROWS):
            row = self.market[m]
            if len(row) < MARKET_SIZES[m]:
                continue
            gains = row_gains(row, self.n)
            for seat in range(self.n):
                net[seat] += gains[seat]
            self.events.append(("row_scored", m, tuple(gains)))
            sold.extend(row)
            self.market[m] = []
        for seat in range(self.n):
            if net[seat] > 0:
                self.scores[seat] += net[seat]
        for owner, crop, _condition in sold:
            self.boat[owner][crop] += 1
        if sold:
            self.events.append(("sold", len(sold), tuple(net), tuple(self.scores)))
        if colours or self.harvested or any(points > 0 for points in net):
            self.quiet_rounds = 0
        else:
            self.quiet_rounds += 1
        if max(self.scores) >= self.obelisk:
            reason = "obelisk"
        elif self.quiet_rounds >= BLOCKED_ROUNDS or self._only_market_plants():
            reason = "blocked"
        elif self.round >= ROUND_LIMIT:
            reason = "round limit"
        else:
            reason = ""
        if reason:
            self.phase = OVER
            self.seat = -1
            self.events.append(("game_over", reason, tuple(self.scores), tuple(self.lost)))
            return
        self._start_round()

    def _only_market_plants(self) -> bool:
        """No plant is left in a supply, the boat or a field: the market rows can never
        fill again (no plant can enter them), so nothing can score or be lost."""
        return (
            not any(any(supply) for supply in self.supply)
            and not any(any(boat) for boat in self.boat)
            and not any(self.plants)
        )


def row_gains(row: list[list[int]], n: int) -> list[int]:
    """What a full market row gives each seat: its share of the 6 points, less 1 a rotten plant.

    Only plants that are not rotten count towards the majority; ties go to the seat whose
    last plant (of any condition) lies further down the row, that is, was placed later.
    """
    counts = [0] * n
    last = [-1] * n
    gains = [0] * n
    for index, (owner, _crop, condition) in enumerate(row):
        last[owner] = index
        if condition == ROTTEN:
            gains[owner] -= 1
        else:
            counts[owner] += 1
    ranked = sorted((s for s in range(n) if counts[s]), key=lambda s: (-counts[s], -last[s]))
    if ranked:
        payout = ROW_PAYOUTS[min(len(ranked), len(ROW_PAYOUTS)) - 1]
        for seat, points in zip(ranked, payout, strict=False):
            gains[seat] += points
    return gains


PICKLED_FIELDS = (
    "acted",
    "actions_seat",
    "auction",
    "auction_tries",
    "bid_events",
    "bid_moves",
    "bids",
    "extra_turn",
    "tied",
    "boat",
    "circle",
    "covered",
    "desert_pile",
    "desert_unseen",
    "events",
    "face_known",
    "fields_ground",
    "fields_face",
    "first",
    "fresh",
    "harvested",
    "joker_bought",
    "jokers",
    "jokers_spent",
    "lost",
    "market",
    "n",
    "obelisk",
    "opening_stage",
    "opening_step",
    "phase",
    "plants",
    "points",
    "quiet_rounds",
    "reveal_queue",
    "rot_palms",
    "rot_picked",
    "rot_row",
    "round",
    "scores",
    "seat",
    "stacks",
    "supply",
    "switched",
    "tide_count",
    "tide_mode",
    "tide_row",
    "tide_stopped",
    "tops",
    "water_discard",
    "water_unseen",
)


def _restore(game: BanksGame, history: list[Action], fields: dict[str, Any]) -> BanksState:
    state = BanksState(game, _empty=True)
    state._history = history
    for name, value in fields.items():
        setattr(state, name, value)
    return state
