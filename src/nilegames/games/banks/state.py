"""The rules of AN DEN UFERN DES NILS (seed 003) as a state machine over atomic actions.

Nothing is drawn before it is seen.  A water stack's top card shows its waves to all: when
a new card comes to the top, a chance node draws its face from the faces not yet seen.
Backs stay unknown to everyone until an ebb removes the card (water) or a flood covers it
(desert): then a chance node draws the event from the backs not yet seen for that face.
So the state holds no secret at all, and every draw has its exact probability.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from nilegames.core import CHANCE, TERMINAL, Action, Observation
from nilegames.core.ranking import place_returns
from nilegames.games.banks.actions import (
    BID,
    BOAT,
    DESERT_ROW,
    PLACE_WATER,
    PLANT,
    REMOVE_WATER,
    ROT_PLANT,
    ROT_ROW,
    SETUP_DESERT,
)
from nilegames.games.banks.board import NUM_CROPS
from nilegames.games.banks.cards import NUM_DESERT, NUM_EVENTS, NUM_FACES, NUM_WATER
from nilegames.games.banks.phases import (
    ACTION_POINTS,
    ACTIONS,
    BIDDING,
    BLOCKED_ROUNDS,
    CHANCE_PHASES,
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
    OVER,
    PHASE_NAMES,
    RIPE,
    ROT_WHERE,
    ROT_WHICH,
    ROTTEN,
    ROUND_LIMIT,
    SET_DESERT,
    SETUP_DESERTS,
    SPOILED,
    START_AUCTION_TRIES,
    TOP_FACE,
    WATER,
    WATER_BACK,
)
from nilegames.games.banks.scoring import row_gains
from nilegames.games.banks.table import total
from nilegames.games.banks.turns import BanksTurns

if TYPE_CHECKING:
    from nilegames.games.banks.game import BanksGame

#: The state and, for the views and tests, the phases and numbers it runs by.
__all__ = [
    "ACTIONS",
    "ACTION_POINTS",
    "BIDDING",
    "BLOCKED_ROUNDS",
    "CHANCE_PHASES",
    "DESERT_BACK",
    "DESERT_CARD",
    "DESERT_WHERE",
    "EBBING",
    "EMPTY_GROUND",
    "FIRST",
    "FLOODING",
    "HIPPO_AUCTION",
    "OPEN_BOAT",
    "OPEN_PLANTS",
    "OPEN_WATER",
    "OVER",
    "PHASE_NAMES",
    "PICKLED_FIELDS",
    "RIPE",
    "ROTTEN",
    "ROT_WHERE",
    "ROT_WHICH",
    "ROUND_LIMIT",
    "SETUP_DESERTS",
    "SET_DESERT",
    "SPOILED",
    "START_AUCTION_TRIES",
    "TOP_FACE",
    "WATER",
    "WATER_BACK",
    "BanksState",
    "row_gains",
]


#: The (outcome, probability) pairs of the draws, made once each, at [cards drawn from]
#: [outcome][cards of the outcome] (None for none): a draw is from at most the 45 water
#: cards (the 30 desert cards), of at most 12 outcomes (12 events, 6 faces).  A draw's
#: pairs are its rows zipped with its counts.  Typed Any, so that the compiled kernel hands
#: the stored tuple on instead of taking it apart and building a new one.
_PAIRS: Final[tuple[tuple[tuple[Any, ...], ...], ...]] = tuple(
    tuple(
        (None, *((outcome, weight / drawn) for weight in range(1, drawn + 1)))
        for outcome in range(NUM_EVENTS)
    )
    for drawn in range(NUM_WATER + 1)
)
assert NUM_FACES <= NUM_EVENTS
assert NUM_DESERT <= NUM_WATER


class BanksState(BanksTurns):
    """A game of AN DEN UFERN DES NILS in progress: the whole table, which all may see."""

    __slots__ = ()

    # -- contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= DESERT_BACK:  # the chance phases come first
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.seat

    def is_chance_node(self) -> bool:
        return self.phase <= DESERT_BACK

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == TOP_FACE:
            weights = self.hidden_faces  # face_weights(), kept
            drawn = self.hidden_total
        elif phase == WATER_BACK:
            face = self.fields_face[self.ebb_field]
            weights = self.water_unseen[face]
            drawn = self.water_left[face]  # the row's sum, kept
        elif phase == DESERT_BACK:
            weights = self.desert_unseen
            drawn = total(weights)
        elif phase == FIRST:
            seats = self.tied or list(range(self.n))
            return [(seat, 1.0 / len(seats)) for seat in seats]
        else:
            return []
        # 12 rows, 6 counts for a face: zip() stops at the counts (a keyword to zip() costs
        # more than the rest of the call)
        rows = _PAIRS[drawn]
        return [row[weight] for row, weight in zip(rows, weights) if weight]  # noqa: B905

    def legal_actions(self) -> list[Action]:
        """The contract's ``legal_actions``, read from the kept list without the generic
        path's calls."""
        phase = self.phase
        if phase == ACTIONS:  # most decisions: their moves without the dispatch by phase
            legal = self.legal_cache
            if legal is None:
                legal = self.legal_cache = self.action_moves()
            return legal[:]
        if phase <= DESERT_BACK:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if phase == OVER:
            return []
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = self._compute_legal_actions()
        return legal[:]

    def face_weights(self) -> list[int]:
        """Cards of each face whose face nobody has seen yet."""
        left, known = self.water_left, self.face_known
        return [left[face] - known[face] for face in range(NUM_FACES)]

    def _is_chance_outcome(self, action: Action) -> bool:
        """Whether ``action`` is a chance outcome of positive probability (chance_outcomes
        without its list)."""
        phase = self.phase
        if phase == TOP_FACE:
            return 0 <= action < NUM_FACES and self.hidden_faces[action] > 0
        if phase == WATER_BACK:
            backs = self.water_unseen[self.fields_face[self.ebb_field]]
            return 0 <= action < NUM_EVENTS and backs[action] > 0
        if phase == DESERT_BACK:
            return 0 <= action < NUM_EVENTS and self.desert_unseen[action] > 0
        if phase == FIRST:
            return action in (self.tied or range(self.n))
        return False

    def apply_action(self, action: object, player: int | None = None) -> None:
        """The contract's ``apply_action`` with the common cases checked here: a legal
        seat action and a possible chance outcome are applied without the generic path's
        calls; anything else, refusals included, goes through :meth:`State.apply_action`.

        The check and the history take the caller's own int object (``given``): the
        compiled kernel would otherwise box the narrowed ``action`` anew for each, a new
        int object above 256, which the check cannot match by identity either."""
        given: Any = action
        if type(action) is int:
            phase = self.phase
            if phase == ACTIONS:  # the most frequent, checked and applied directly
                if player is None or player == self.seat:
                    legal = self.legal_cache
                    if legal is None:
                        legal = self.legal_cache = self.action_moves()
                    if given in legal:
                        self.legal_cache = None
                        self._on_action(action)
                        self._history.append(given)
                        return
            elif phase > DESERT_BACK:
                if phase != OVER and (player is None or player == self.seat):
                    legal = self.legal_cache
                    if legal is None:
                        legal = self.legal_cache = self._compute_legal_actions()
                    if given in legal:
                        self._apply_action(action)
                        self._history.append(given)
                        return
            elif (player is None or player == CHANCE) and self._is_chance_outcome(action):
                self._apply_action(action)
                self._history.append(given)
                return
        super().apply_action(action, player=player)

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
        other.edition = self.edition
        other.palms = self.palms
        other.palm_rows = self.palm_rows
        other.seed_trade = self.seed_trade
        other.joker_heal = self.joker_heal
        other.hippo_auction = self.hippo_auction
        other.bid_start = self.bid_start
        other.open_fields = self.open_fields
        other.open_rows = self.open_rows
        other.covered = self.covered  # set once, at the start
        other.fields_ground = self.fields_ground[:]
        other.fields_face = self.fields_face[:]
        other.plants = self.plants[:]  # tuples, shared
        other.free_ground = self.free_ground
        other.free_counts = self.free_counts[:]
        other.watered = self.watered
        other.one_plant = self.one_plant
        other.two_plants = self.two_plants
        other.mine = self.mine[:]
        other.ripe = self.ripe[:]
        other.market = self.market[:]
        other.market_entry_kept = self.market_entry_kept
        other.waves_kept = self.waves_kept
        other.supply = [s[:] for s in self.supply]
        other.boat = [b[:] for b in self.boat]
        other.boat_crops = self.boat_crops[:]
        other.lost = self.lost[:]
        other.scores = self.scores[:]
        other.obelisk = self.obelisk
        other.circle = self.circle
        other.stacks = [s[:] for s in self.stacks]
        other.tops = [t[:] for t in self.tops]
        other.water_unseen = self.water_unseen[:]  # its rows are replaced, never changed
        other.water_left = self.water_left[:]
        other.face_known = self.face_known[:]
        other.hidden_faces = self.hidden_faces[:]
        other.hidden_total = self.hidden_total
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
        other.ebb_field = self.ebb_field
        other.switched = self.switched
        other.rot_palms = self.rot_palms
        other.rot_row = self.rot_row
        other.rot_picked = self.rot_picked[:]
        other.actions_seat = self.actions_seat
        other.points = self.points
        other.acted = self.acted[:]
        other.acted_fields = self.acted_fields
        other.fresh = self.fresh[:]
        other.sowable = self.sowable
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
        # the most frequent steps first: actions, new top faces, the tide
        if phase == ACTIONS:
            self._on_action(action)
        elif phase == TOP_FACE:
            seat, stack = self.reveal_queue.pop(0)
            self.tops[seat][stack] = action
            self.face_known[action] += 1
            hidden = self.hidden_faces
            hidden[action] = hidden[action] - 1  # not ``-=``: see set_plants
            self.hidden_total -= 1
            self.events.append(("top", seat, stack, action))
            self._proceed()
        elif phase == FLOODING:
            self._place_water(action - PLACE_WATER, opening=False)
        elif phase == WATER_BACK:
            self._on_water_back(action)
        elif phase == EBBING:
            self._remove_water(action - REMOVE_WATER)
        elif phase == ROT_WHERE:
            self._rot_where(action - ROT_ROW)
        elif phase == ROT_WHICH:
            self._spoil(action - ROT_PLANT)
        elif phase == DESERT_BACK:
            self._on_desert_back(action)
        elif phase == FIRST:
            self.first = action
            self.events.append(("first", action))
            self._proceed()
        elif phase == SET_DESERT:
            self._put_desert(action - SETUP_DESERT, setup=True)
            self.opening_step += 1
            self._proceed()
        elif phase == OPEN_BOAT:
            crop = action - BOAT
            self.supply[self.seat][crop] -= 1
            self.to_boat(self.seat, crop)
            self.events.append(("to_boat", self.seat, crop))
            self.opening_step += 1
            self._proceed()
        elif phase == OPEN_WATER:
            self._place_water(action - PLACE_WATER, opening=True)
        elif phase == OPEN_PLANTS:
            code = action - PLANT
            field, crop = code // NUM_CROPS, code % NUM_CROPS  # see _on_action
            ripe = self.opening_step % 2 == 0  # first a ripe plant, then a seed
            self._lay(field, crop, ripe=ripe)
            self.opening_step += 1
            self._proceed()
        elif phase == BIDDING:
            self._on_bid(action - BID)
        elif phase == DESERT_WHERE:
            self._desert_row(action - DESERT_ROW)


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
    state.read_game(game)
    state._history = history
    for name, value in fields.items():
        setattr(state, name, value)
    state.water_left = [sum(backs) for backs in state.water_unseen]  # derived, not kept
    # a state pickled when plants were lists
    state.plants = [tuple(tuple(plant) for plant in here) for here in state.plants]
    state.market = [tuple(tuple(plant) for plant in row) for row in state.market]
    state.count_fields()  # derived, not kept
    # derived from the water the sets of fields now hold
    state.ebb_field = state.tide_field() if state.phase == WATER_BACK else -1
    return state
