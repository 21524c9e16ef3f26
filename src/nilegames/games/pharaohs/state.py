"""The rules of NIL (seed 001) as a state machine over atomic actions and chance nodes.

The bag is a count per tile kind: every draw is a chance node whose outcomes are the
kinds still in it, weighted by their counts, so no bag order exists anywhere.  The board
is two flat lists (see :mod:`nilegames.games.pharaohs.river`).  ``events`` is the full
truth of what happened; :mod:`nilegames.games.pharaohs.observe` filters it per seat.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from nilegames.core import CHANCE, TERMINAL, Action, Observation, State
from nilegames.core.ranking import place_returns
from nilegames.games.pharaohs import board
from nilegames.games.pharaohs.actions import END_TURN
from nilegames.games.pharaohs.river import (
    FINISHED,
    NEXT,
    NUM_POINTS,
    POINT,
    STEPS,
    can_cross,
    reach_map,
    update_reach,
    way_on,
)
from nilegames.games.pharaohs.tiles import (
    COUNTS,
    NUM_EXITS,
    NUM_KINDS,
    PAIR_KIND,
    TOTAL_TILES,
    UNIVERSAL,
    VALUES,
    W,
)

if TYPE_CHECKING:
    from nilegames.games.pharaohs.game import PharaohsGame

#: Phases (plain ints, Final: a compiled build reads them as constants).
ORDER: Final = 0
TIE: Final = 1
DEAL: Final = 2
PLAY: Final = 3
DRAW: Final = 4
OVER: Final = 5
PHASE_NAMES = ("setup", "setup", "setup", "play", "draw", "game over")
RACK_SIZE: Final = 5
ORDER_TILES: Final = 3
ALL_FIVE_BONUS: Final = 20
NUM_UNIVERSALS = COUNTS[UNIVERSAL]


class PharaohsState(State):
    """A game of NIL in progress: the full truth, racks and bag included."""

    __slots__ = (
        "bag",
        "bag_size",
        "deal_seat",
        "draw_left",
        "draw_reason",
        "draw_seat",
        "end_cell",
        "end_entry",
        "events",
        "exits",
        "failures",
        "in_goal",
        "laid",
        "log_views",
        "n",
        "order_draws",
        "order_seat",
        "owners",
        "phase",
        "points",
        "rack_size",
        "racks",
        "reach",
        "resample_plans",
        "river",
        "scores",
        "seat",
        "shared_board",
        "tied",
        "tiles",
        "turn",
        "turn_points",
        "universals_on_board",
        "zones_paid",
    )

    game: PharaohsGame

    def __init__(self, game: PharaohsGame, *, _empty: bool = False) -> None:
        super().__init__(game)
        #: Each viewer's words for the events so far (see observe.py), grown as events come.
        self.log_views: dict[int | None, list[dict[str, Any]]] = {}
        #: Per seat, what resampling its view needs, worked out once (see resample.py).
        self.resample_plans: dict[int, object] = {}
        #: Whether the board lists (exits, tiles, owners, points) may be another state's
        #: too: a copy shares them, and whichever lays a tile first takes its own.
        self.shared_board = False
        if _empty:
            return
        n = self.n = game.players
        self.bag = list(COUNTS)
        self.bag_size = TOTAL_TILES
        self.racks = [[0] * NUM_KINDS for _ in range(n)]
        self.rack_size = [0] * n
        self.scores = [0] * n
        self.exits = [0] * board.NUM_CELLS
        self.tiles = [-1] * board.NUM_CELLS
        self.owners = [-1] * board.NUM_CELLS
        self.points = [0] * NUM_POINTS
        #: Every tile laid, in order: (cell, entry, exit, kind, seat, kind it replaced or -1).
        self.river: list[tuple[int, int, int, int, int, int]] = []
        self.end_cell = board.START_CELL
        self.end_entry = W
        #: Which cells have a way on without crossing (river.reach_map); never changed in
        #: place, so copies share it.
        self.reach = START_REACH
        self.universals_on_board = 0
        self.in_goal = False
        self.phase = ORDER
        self.seat = -1
        self.turn = 0
        self.laid = 0
        self.turn_points = 0
        self.zones_paid: list[int] = []
        self.failures = 0
        self.order_draws: list[list[int]] = [[] for _ in range(n)]
        self.order_seat = 0
        self.tied: list[int] = []
        self.deal_seat = 0
        self.draw_seat = -1
        self.draw_left = 0
        self.draw_reason = ""
        self.events: list[tuple[Any, ...]] = []

    # -- contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY:
            return self.seat
        return TERMINAL if phase == OVER else CHANCE

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase in (DRAW, DEAL, ORDER):  # a tile from the bag
            share = 1.0 / self.bag_size
            return [(k, c * share) for k, c in enumerate(self.bag) if c]
        if phase == TIE:
            return [(seat, 1.0 / len(self.tied)) for seat in self.tied]
        return []

    def _is_chance_outcome(self, action: Action) -> bool:
        phase = self.phase
        if phase in (DRAW, DEAL, ORDER):
            return 0 <= action < NUM_KINDS and self.bag[action] > 0
        if phase == TIE:
            return action in self.tied
        return False

    def _compute_legal_actions(self) -> list[Action]:
        legal = self.tile_actions()
        if self.laid:
            legal.append(END_TURN)
        return legal

    def tile_actions(self) -> list[Action]:
        """Every tile of the mover's rack that may continue the river now, with its exit."""
        cell, entry = self.end_cell, self.end_entry
        if cell < 0:
            return []
        rack = self.racks[self.seat]
        exits, points = self.exits, self.points
        used_before = exits[cell]
        crossing = used_before != 0
        spare = rack[UNIVERSAL]
        if crossing and (not spare or not can_cross(cell, entry, exits)):
            return []
        kinds = PAIR_KIND[entry]
        reach = self.reach
        legal: list[Action] = []
        for exit_, target, point in STEPS[cell]:
            # The exit must be another than the entry, unused, through a free grid point.
            if exit_ == entry or used_before >> exit_ & 1 or (point >= 0 and points[point]):
                continue
            kind = kinds[exit_]
            printed = not crossing and rack[kind] > 0
            if not printed and not spare:
                continue
            if target == FINISHED or (not exits[target] and reach[target]):
                # A way on without crossing: every tile that fits may go.  (The map counts
                # this cell as taken; the grid point the tile uses only cuts a link between
                # two cells that both touch the free target.)
                if printed:
                    legal.append(kind * NUM_EXITS + exit_)
                if spare:
                    legal.append(UNIVERSAL * NUM_EXITS + exit_)
                continue
            # Only crossings lead on from here: the loop of the seed, for a seat that keeps
            # a universal tile for each crossing (one fewer after laying a universal here).
            if spare and (printed or spare > 1):
                if self.shared_board:  # the tile is tried in place: not on a shared board
                    self._own_board()
                    exits, points = self.exits, self.points
                exits[cell] = used_before | 1 << entry | 1 << exit_
                if point >= 0:
                    points[point] = 1
                back = (exit_ + 4) & 7
                if printed and way_on(target, back, exits, points, spare):
                    legal.append(kind * NUM_EXITS + exit_)
                if spare > 1 and way_on(target, back, exits, points, spare - 1):
                    legal.append(UNIVERSAL * NUM_EXITS + exit_)
                exits[cell] = used_before
                if point >= 0:
                    points[point] = 0
        legal.sort()
        return legal

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        return place_returns(self.scores)

    def action_to_string(self, action: Action) -> str:
        from nilegames.games.pharaohs.observe import action_words

        return action_words(self, action)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle and deepcopy rebuild the state field by field: a compiled build (mypyc)
        # has no default way to, and the caches are left behind.
        fields = {name: getattr(self, name) for name in PICKLED_FIELDS}
        return (_restore, (self.game, self._history, fields))

    def clone(self) -> PharaohsState:
        other = PharaohsState(self.game, _empty=True)
        other._history = self._history[:]
        other.n = self.n
        other.bag = self.bag[:]
        other.bag_size = self.bag_size
        other.racks = [r[:] for r in self.racks]
        other.rack_size = self.rack_size[:]
        other.scores = self.scores[:]
        # The board is shared until one of the two lays a tile (see _own_board).
        other.exits = self.exits
        other.tiles = self.tiles
        other.owners = self.owners
        other.points = self.points
        self.shared_board = other.shared_board = True
        other.river = self.river[:]
        other.end_cell = self.end_cell
        other.end_entry = self.end_entry
        other.reach = self.reach
        other.universals_on_board = self.universals_on_board
        other.in_goal = self.in_goal
        other.phase = self.phase
        other.seat = self.seat
        other.turn = self.turn
        other.laid = self.laid
        other.turn_points = self.turn_points
        other.zones_paid = self.zones_paid[:]
        other.failures = self.failures
        other.order_draws = [d[:] for d in self.order_draws]
        other.order_seat = self.order_seat
        other.tied = self.tied[:]
        other.deal_seat = self.deal_seat
        other.draw_seat = self.draw_seat
        other.draw_left = self.draw_left
        other.draw_reason = self.draw_reason
        other.events = self.events[:]
        other.legal_cache = self.legal_cache
        other.log_views = {viewer: views[:] for viewer, views in self.log_views.items()}
        return other

    def observation(self, player: int) -> Observation:
        from nilegames.games.pharaohs.observe import build_observation

        self.check_seat(player)
        return build_observation(self, player)

    def public_observation(self) -> Observation:
        from nilegames.games.pharaohs.observe import build_observation

        return build_observation(self, None)

    def resample_from_infostate(self, player: int, rng: random.Random) -> PharaohsState:
        from nilegames.games.pharaohs.resample import resample

        return resample(self, player, rng)

    # -- applying actions ------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        self.legal_cache = None
        phase = self.phase
        if phase == PLAY:
            if action == END_TURN:
                self._end_turn()
            else:
                kind, exit_ = divmod(action, NUM_EXITS)
                self._lay(kind, exit_)
        elif phase == DRAW:
            self._on_draw(action)
        elif phase == DEAL:
            self._on_deal(action)
        elif phase == ORDER:
            self._on_order(action)
        else:
            self._on_tie(action)

    def _take(self, kind: int) -> None:
        self.bag[kind] -= 1
        self.bag_size -= 1

    def _to_rack(self, seat: int, kind: int, reason: str) -> None:
        self._take(kind)
        self.racks[seat][kind] += 1
        self.rack_size[seat] += 1
        self.events.append(("draw", seat, kind, reason, len(self._history)))

    # set-up: who starts
    def _on_order(self, kind: int) -> None:
        seat = self.order_seat
        self._take(kind)
        self.order_draws[seat].append(kind)
        self.events.append(("order_draw", seat, kind))
        if len(self.order_draws[seat]) < ORDER_TILES:
            return
        self.order_seat += 1
        if self.order_seat < self.n:
            return
        totals = [sum(VALUES[k] for k in drawn) for drawn in self.order_draws]
        for drawn in self.order_draws:
            for k in drawn:
                self.bag[k] += 1
            self.bag_size += len(drawn)
        best = max(totals)
        self.tied = [s for s in range(self.n) if totals[s] == best]
        self.events.append(("order_return", tuple(totals)))
        if len(self.tied) == 1:
            self._on_tie(self.tied[0])
        else:
            self.phase = TIE
            self.events.append(("order_tie", tuple(self.tied)))

    def _on_tie(self, seat: int) -> None:
        self.seat = seat
        self.events.append(("first_player", seat))
        self.phase = DEAL
        self.deal_seat = 0

    def _on_deal(self, kind: int) -> None:
        seat = self.deal_seat
        self._to_rack(seat, kind, "deal")
        if self.rack_size[seat] == RACK_SIZE:
            self.deal_seat += 1
            if self.deal_seat == self.n:
                self._start_turn(self.seat)

    # turns
    def _start_turn(self, seat: int) -> None:
        self.seat = seat
        self.turn += 1
        self.laid = 0
        self.turn_points = 0
        self.zones_paid = []
        self.events.append(("turn", seat, self.turn))
        self.phase = PLAY
        tiles = self.tile_actions()
        if tiles:
            self.legal_cache = tiles  # a turn's first move: tiles only, no "end turn"
            return
        # No tile fits: the rack is shown, its value lost, and it goes back for five new.
        rack = self.racks[seat]
        penalty = sum(VALUES[k] * c for k, c in enumerate(rack))
        self.events.append(("no_tile", seat, tuple(rack), penalty))
        self.scores[seat] -= penalty
        for kind in range(NUM_KINDS):
            self.bag[kind] += rack[kind]
            rack[kind] = 0
        self.bag_size += self.rack_size[seat]
        self.rack_size[seat] = 0
        self.failures += 1
        if self.failures >= 2 * self.n:
            self._finish("blocked")
            return
        self._start_draw(seat, min(RACK_SIZE, self.bag_size), "no_tile")

    def _own_board(self) -> None:
        """Take copies of the board lists before changing them (they may be shared)."""
        self.exits = self.exits[:]
        self.tiles = self.tiles[:]
        self.owners = self.owners[:]
        self.points = self.points[:]
        self.shared_board = False

    def _lay(self, kind: int, exit_: int) -> None:
        if self.shared_board:
            self._own_board()
        seat = self.seat
        cell, entry = self.end_cell, self.end_entry
        replaced = -1
        if self.exits[cell]:
            replaced = self.tiles[cell]
            self.bag[replaced] += 1
            self.bag_size += 1
            if replaced == UNIVERSAL:  # a crossing over a universal sends it back
                self.universals_on_board -= 1
        self.exits[cell] |= 1 << entry | 1 << exit_
        self.tiles[cell] = kind
        self.owners[cell] = seat
        if kind == UNIVERSAL:
            self.universals_on_board += 1
        for end in (entry, exit_):
            point = POINT[cell][end]
            if point >= 0:
                self.points[point] = 1
        self.racks[seat][kind] -= 1
        self.rack_size[seat] -= 1
        value = board.VALUES[cell]
        zone = board.ZONES[cell]
        if zone >= 0:
            if zone in self.zones_paid:
                value = 0  # a zone's penalty is paid once per turn (rule 4)
            else:
                self.zones_paid.append(zone)
        points = VALUES[kind] + value
        self.scores[seat] += points
        self.turn_points += points
        self.laid += 1
        self.river.append((cell, entry, exit_, kind, seat, replaced))
        self.events.append(("lay", seat, cell, entry, exit_, kind, replaced, VALUES[kind], value))
        if board.IS_GOAL[cell]:
            self.in_goal = True
        end = self.end_cell = NEXT[cell][exit_]
        self.end_entry = (exit_ + 4) & 7
        # The new open end is taken next: the map of ways on must count it so.
        if end >= 0:
            self.reach = update_reach(self.reach, end, self.end_entry, self.exits, self.points)
        if not self.rack_size[seat] or self.end_cell == FINISHED:
            self._end_turn()

    def _end_turn(self) -> None:
        seat = self.seat
        if self.laid == RACK_SIZE:
            self.scores[seat] += ALL_FIVE_BONUS
            self.turn_points += ALL_FIVE_BONUS
            self.events.append(("bonus", seat, ALL_FIVE_BONUS))
        self.events.append(("end_turn", seat, self.laid, self.turn_points))
        self.failures = 0
        if self.in_goal:
            self._finish("goal")
        elif not self.bag_size and not self.rack_size[seat]:
            self._finish("tiles")
        else:
            self._start_draw(seat, min(RACK_SIZE - self.rack_size[seat], self.bag_size), "turn")

    def _start_draw(self, seat: int, count: int, reason: str) -> None:
        self.draw_seat = seat
        self.draw_left = count
        self.draw_reason = reason
        if count:
            self.phase = DRAW
        else:
            self._start_turn((seat + 1) % self.n)

    def _on_draw(self, kind: int) -> None:
        seat = self.draw_seat
        self._to_rack(seat, kind, self.draw_reason)
        self.draw_left -= 1
        if not self.draw_left:
            self._start_turn((seat + 1) % self.n)

    def _finish(self, reason: str) -> None:
        penalties = []
        for seat in range(self.n):
            penalty = sum(VALUES[k] * c for k, c in enumerate(self.racks[seat]))
            self.scores[seat] -= penalty
            penalties.append(penalty)
        self.phase = OVER
        racks = tuple(tuple(r) for r in self.racks)
        self.events.append(("game_over", reason, racks, tuple(penalties), tuple(self.scores)))


#: The fields a pickled state keeps: all but the caches, which a new state rebuilds.  Listed
#: by name: a compiled build (mypyc) cannot read ``__slots__`` from the class (a test
#: checks this list against the source).
PICKLED_FIELDS = (
    "bag",
    "bag_size",
    "deal_seat",
    "draw_left",
    "draw_reason",
    "draw_seat",
    "end_cell",
    "end_entry",
    "events",
    "exits",
    "failures",
    "in_goal",
    "laid",
    "n",
    "order_draws",
    "order_seat",
    "owners",
    "phase",
    "points",
    "rack_size",
    "racks",
    "river",
    "scores",
    "seat",
    "tied",
    "tiles",
    "turn",
    "turn_points",
    "universals_on_board",
    "zones_paid",
)


def _restore(game: PharaohsGame, history: list[Action], fields: dict[str, Any]) -> PharaohsState:
    """The state ``PharaohsState.__reduce__`` describes."""
    state = PharaohsState(game, _empty=True)
    state._history = history
    for name, value in fields.items():
        setattr(state, name, value)
    state.reach = reach_map(state.exits, state.points, state.end_cell)
    return state


#: The map of ways on before the first tile: the start cell is the open end.
START_REACH = reach_map([0] * board.NUM_CELLS, [0] * NUM_POINTS, board.START_CELL)
