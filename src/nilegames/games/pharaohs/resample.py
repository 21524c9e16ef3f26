"""Sampling a world a seat cannot tell from the real one (for information-set search).

The sampler replays the public story of the game with the hidden tiles drawn afresh.
Walking the events in order, it keeps a bag and each other seat's rack of the new world:

* a tile ``player`` drew, saw or laid is what it was;
* a tile another seat drew out of ``player``'s sight is drawn again from the new world's
  bag, with one steer: each tile that seat will later lay, or show when no tile fits,
  must be in its rack by then.  So a draw takes the kind of the first such tile not yet
  in the rack (earliest due first, if the bag holds one) with a chance that spreads those
  tiles over the draws left before they are due (certainly when every draw left is
  needed), and otherwise a kind drawn from what the bag can spare: what it holds less the
  tiles later draws seen by ``player`` will take and the tiles other seats have still to
  lay or show;
* the world is kept only if every later lay and show finds its tiles in the rack, every
  draw ``player`` saw finds its kind in the bag, and a seat whose turn has begun without
  showing its rack holds a tile that fits; otherwise another is drawn.  After each draw
  a quick test goes back at once when the seat's rack can no longer be filled in time,
  or the bag can no longer give some kind in time (kind by kind, in event order).

What the story asks of each rack (the plan) depends only on the story: a search, which
resamples one state again and again, works it out once per state and seat.

The world that comes out has a history that is legal move for move (the tests replay it)
and gives ``player`` the same observation.  It is a consistent world, not an exact draw
from the posterior: good enough for determinized search, and it never reads a hidden tile.
"""

from __future__ import annotations

import random
from bisect import bisect_left

from nilegames.games.pharaohs.board import IS_GOAL, NUM_CELLS
from nilegames.games.pharaohs.river import FINISHED, NEXT, NUM_POINTS, POINT, update_reach, way_on
from nilegames.games.pharaohs.state import PLAY, START_REACH, PharaohsState
from nilegames.games.pharaohs.tiles import COUNTS, NUM_KINDS, UNIVERSAL

MAX_TRIES = 50
#: Kinds tried per search before it restarts: searches are heavy-tailed.
SEARCH_BUDGET = 2_000


class ResampleError(RuntimeError):
    """No consistent world was found (should never happen; reported, not hidden)."""


def resample(state: PharaohsState, player: int, rng: random.Random) -> PharaohsState:
    """A full state consistent with everything ``player`` has seen."""
    # A search resamples the same state again and again: what the story asks of the racks
    # is worked out once per state, seat and length of the story.
    plan = state.resample_plans.get(player)
    if not isinstance(plan, _Plan) or plan.length != len(state.events):
        # The story only grows: the replay of the board an earlier plan made goes on.
        board = plan.board if isinstance(plan, _Plan) else None
        plan = state.resample_plans[player] = _Plan(state, player, board)
    for _ in range(MAX_TRIES):
        world = plan.attempt(rng)
        if world is not None:
            return world
    raise ResampleError(f"no world consistent with seat {player}'s view was found")


class _Plan:
    """What the public story asks of each hidden rack, computed once per resample."""

    def __init__(self, state: PharaohsState, player: int, board: _Board | None = None) -> None:
        self.state = state
        self.player = player
        self.length = len(state.events)
        n = state.n
        #: Per seat, event indices of its hidden draws.
        self.draws: list[list[int]] = [[] for _ in range(n)]
        #: Per seat, (event index, kind) of every tile it must hold at that event, in order.
        self.demands: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for index, event in enumerate(state.events):
            name, seat = event[0], event[1]
            if name == "game_over":  # every rack left is shown at the end
                racks = event[2]
                assert isinstance(racks, tuple)
                for other, rack in enumerate(racks):
                    if other != player:
                        for kind, count in enumerate(rack):
                            self.demands[other] += [(index, kind)] * count
                continue
            if seat == player or not isinstance(seat, int):
                continue
            if name == "draw":
                self.draws[seat].append(index)
            elif name == "lay":
                self.demands[seat].append((index, event[5]))
            elif name == "no_tile":
                for kind, count in enumerate(event[2]):
                    self.demands[seat] += [(index, kind)] * count
        #: Per seat and kind, (hidden draws of the seat before it, event index, kind) of
        #: each demand of that kind, in order: what :meth:`_unmet` lists.
        self.pending: list[list[list[tuple[int, int, int]]]] = []
        #: Per seat and number of its demands met, where each kind's demands still to
        #: meet begin in ``pending``.
        self.starts: list[list[list[int]]] = []
        #: Per seat and kind, (position in the seat's demands, its latest hidden draw) of
        #: each demand of that kind: the last draw before it by which its tile must be out.
        self.latest: list[list[list[tuple[int, int]]]] = []
        for seat in range(n):
            draws = self.draws[seat]
            pending: list[list[tuple[int, int, int]]] = [[] for _ in range(NUM_KINDS)]
            latest: list[list[tuple[int, int]]] = [[] for _ in range(NUM_KINDS)]
            starts = [[0] * NUM_KINDS]
            for position, (deadline, kind) in enumerate(self.demands[seat]):
                before = bisect_left(draws, deadline)
                pending[kind].append((before, deadline, kind))
                latest[kind].append((position, draws[before - 1] if before else -1))
                starts.append(starts[-1][:])
                starts[-1][kind] += 1
            self.pending.append(pending)
            self.latest.append(latest)
            self.starts.append(starts)
        self.flows = self._flows(state.events, player)
        self.reserve = self._reserves(state.events, player)
        #: Per event index of a lay by another seat, the universal tiles that seat must
        #: still hold after it, and the same per seat as (event index, count), in order.
        self.board = _Board() if board is None else board.copy()
        self.holds = self.board.replay(state.events, player)
        self.seat_holds: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for index, count in sorted(self.holds.items()):
            seat = state.events[index][1]
            assert isinstance(seat, int)
            self.seat_holds[seat].append((index, count))

    @staticmethod
    def _flows(events: list[tuple[object, ...]], player: int) -> list[list[tuple[int, int]]]:
        """Per kind, (event index, change) of the tiles that come back to the bag (a
        crossed tile, a rack shown) and that ``player`` draws, after the start tiles."""
        flows: list[list[tuple[int, int]]] = [[] for _ in range(NUM_KINDS)]
        for index, event in enumerate(events):
            name = event[0]
            if name == "order_return":
                flows = [[] for _ in range(NUM_KINDS)]
            elif name == "draw" and event[1] == player:
                kind = event[2]
                assert isinstance(kind, int)
                flows[kind].append((index, -1))
            elif name == "lay":
                replaced = event[6]
                assert isinstance(replaced, int)
                if replaced >= 0:
                    flows[replaced].append((index, 1))
            elif name == "no_tile":
                shown = event[2]
                assert isinstance(shown, tuple)
                for kind, count in enumerate(shown):
                    if count:
                        flows[kind].append((index, count))
        return flows

    @staticmethod
    def _reserves(events: list[tuple[object, ...]], player: int) -> list[list[int]]:
        """Per event, how many tiles of each kind the bag must keep for draws ``player``
        saw later on (less the tiles that come back to the bag before them)."""
        need = [0] * NUM_KINDS
        reserves: list[list[int]] = [need] * len(events)
        for index in range(len(events) - 1, -1, -1):
            reserves[index] = need
            event = events[index]
            name = event[0]
            need = need[:]
            if name == "draw" and event[1] == player:
                kind = event[2]
                assert isinstance(kind, int)
                need[kind] += 1
            elif name == "lay":
                replaced = event[6]
                assert isinstance(replaced, int)
                if replaced >= 0:
                    need[replaced] = max(0, need[replaced] - 1)
            elif name == "no_tile":
                shown = event[2]
                assert isinstance(shown, tuple)
                need = [max(0, need[k] - shown[k]) for k in range(NUM_KINDS)]
            elif name == "order_return":
                need = [0] * NUM_KINDS
        return reserves

    def attempt(self, rng: random.Random) -> PharaohsState | None:
        """One world, or None when the search ran out of its budget (restart it)."""
        state, player = self.state, self.player
        events = state.events
        walk = _Walk.start(self.demands)
        chosen: dict[int, int] = {}  # event index of a hidden draw -> its kind
        # Depth-first over the hidden draws: a frame keeps the kinds a draw may still
        # take and the walk as it was before it, to go back to when a later event fails.
        # A draw's kinds after its first are put in order only if the first fails: until
        # then a mark (-1 - first) stands for them.
        frames: list[tuple[int, list[int], _Walk]] = []
        index = 0
        steps = 0
        while index < len(events):
            event = events[index]
            if event[0] == "draw" and event[1] != player:
                seat = event[1]
                assert isinstance(seat, int)
                first = self._first(seat, index, walk, rng)
                frames.append((index, [-1 - first, first], walk.copy()))
                ok = False
            else:
                ok = walk.step(event, player, self.holds.get(index, 0))
                if ok:
                    index += 1
                    continue
            # Give the newest draw with kinds left its next kind (going back as needed).
            while frames:
                at, candidates, before = frames[-1]
                if not candidates:
                    frames.pop()
                    continue
                steps += 1
                if steps > SEARCH_BUDGET:
                    return None
                kind = candidates.pop()
                if kind < 0:  # the first failed: the others, as _rest orders them
                    candidates += self._rest(-1 - kind, before.bag, rng)
                    continue
                walk = before.copy()
                seat = events[at][1]
                assert isinstance(seat, int)
                if walk.draw(seat, kind) and self._feasible(walk, seat, kind, at):
                    chosen[at] = kind
                    index = at + 1
                    break
            else:
                return None
        return self._world(chosen, walk)

    def _unmet(
        self, seat: int, index: int, rack: list[int], due: int
    ) -> list[tuple[int, int, int]]:
        """(hidden draws of ``seat`` before it, deadline, kind) of each tile the seat's rack
        lacks, after event ``index``, for what it has still to lay or show and for the
        universal tiles it must keep after a lay, in order.

        A rack's tiles of a kind meet the earliest demands of that kind; a universal
        tile kept after a lay stays in the rack until a later demand uses it."""
        starts = self.starts[seat][due]
        pending = self.pending[seat]
        unmet: list[tuple[int, int, int]] = []
        for kind in range(UNIVERSAL):
            unmet += pending[kind][starts[kind] + rack[kind] :]
        universals = pending[UNIVERSAL][starts[UNIVERSAL] :]
        holds = self.seat_holds[seat]
        if holds and holds[-1][0] > index:
            unmet += self._universals_unmet(seat, index, rack[UNIVERSAL], universals)
        else:
            unmet += universals[rack[UNIVERSAL] :]
        unmet.sort()
        return unmet

    def _universals_unmet(
        self, seat: int, index: int, held: int, demands: list[tuple[int, int, int]]
    ) -> list[tuple[int, int, int]]:
        """:meth:`_unmet`'s universal tiles for a seat holding ``held`` of them that must
        keep some after lays still to come (``demands``: its universals to lay or show)."""
        draws = self.draws[seat]
        holds = [hold for hold in self.seat_holds[seat] if hold[0] > index]
        unmet: list[tuple[int, int, int]] = []

        def keep(until: int) -> None:
            """The universals kept after the lays before event ``until``."""
            nonlocal held
            while holds and holds[0][0] < until:
                kept, count = holds.pop(0)
                if held < count:
                    unmet.extend([(bisect_left(draws, kept), kept, UNIVERSAL)] * (count - held))
                    held = count

        for demand in demands:
            keep(demand[1])  # a lay's own tile goes before what its seat keeps after it
            if held:
                held -= 1
            else:
                unmet.append(demand)
        keep(len(self.state.events))
        return unmet

    def _feasible(self, walk: _Walk, seat: int, kind: int, index: int) -> bool:
        """A quick necessary test after a hidden draw of ``kind`` by ``seat`` at event
        ``index``: its rack can still meet what it lays and shows in time, and the bag can
        still give every seat the tiles it lacks and ``player`` its draws, in time."""
        after = bisect_left(self.draws[seat], index + 1)
        unmet = self._unmet(seat, index, walk.racks[seat], walk.due[seat])
        for count, (before, _, _) in enumerate(unmet, 1):
            if count > before - after:
                return False
        return self._bag_lasts(walk, kind, index)

    def _bag_lasts(self, walk: _Walk, kind: int, index: int) -> bool:
        """Whether the bag, after a hidden draw of ``kind`` at event ``index``, can still
        give every tile of that kind in time: each one a seat lacks by its latest draw
        for it, each one ``player`` draws when it does, with the tiles that come back.

        Only the kind drawn needs the test: the draw changed nothing for the others.
        """
        flows = self.flows[kind]
        changes = flows[bisect_left(flows, (index + 1, -99)) :]
        for seat, latest in enumerate(self.latest):
            pending = latest[kind]
            first = bisect_left(pending, (walk.due[seat], -1)) + walk.racks[seat][kind]
            changes += [(max(slot, index), -1) for _, slot in pending[first:]]
        changes.sort()
        left = walk.bag[kind]
        for _, change in changes:
            left += change
            if left < 0:
                return False
        return True

    def _world(self, chosen: dict[int, int], walk: _Walk) -> PharaohsState | None:
        state, player = self.state, self.player
        world = state.clone()
        events, history = world.events, world._history
        for index, kind in chosen.items():
            old = events[index]
            events[index] = (old[0], old[1], kind, old[3], old[4])
            history[old[4]] = kind
        racks = walk.racks
        racks[player] = state.racks[player][:]
        world.racks = racks
        world.bag = walk.bag
        world.legal_cache = None
        world.log_views = {v: views for v, views in world.log_views.items() if v in (player, None)}
        # A seat whose turn began without showing its rack holds a tile that fits.
        waiting = world.phase == PLAY and world.seat != player and not world.laid
        if waiting and not world.tile_actions():
            return None
        return world

    def _first(self, seat: int, index: int, walk: _Walk, rng: random.Random) -> int:
        """The kind a hidden draw tries first, the likeliest (see the module)."""
        owed, rack = walk.owed[seat], walk.racks[seat]
        wanted = [walk.lacking[k] - max(0, owed[k] - rack[k]) for k in range(NUM_KINDS)]
        return self._choose(seat, index, walk.bag, walk.racks[seat], walk.due[seat], wanted, rng)

    @staticmethod
    def _rest(first: int, bag: list[int], rng: random.Random) -> list[int]:
        """The other kinds the bag holds, to be popped in a random order where each comes
        as early as the bag holds it (the first to try last in the list)."""
        rest = [k for k in range(NUM_KINDS) if bag[k] and k != first]
        rest.sort(key=lambda k: rng.random() ** (1.0 / bag[k]))
        return rest

    def _choose(
        self,
        seat: int,
        index: int,
        bag: list[int],
        rack: list[int],
        due: int,
        wanted: list[int],
        rng: random.Random,
    ) -> int:
        """The kind a hidden draw of ``seat`` gets (event ``index``)."""
        draws = self.draws[seat]
        first_draw = bisect_left(draws, index)
        unmet: list[int] = []  # kinds of the demands the rack cannot meet, in order
        pressure = 0.0  # the largest share of the draws left that unmet demands need
        for count, (before, _, kind) in enumerate(self._unmet(seat, index, rack, due), 1):
            unmet.append(kind)
            left = before - first_draw
            if left <= 0:
                pressure = 2.0
            elif count > pressure * left:
                pressure = count / left
        if unmet and rng.random() < pressure:
            for kind in unmet:
                if bag[kind]:
                    return kind
        # Any kind the bag can spare: what it holds less what later draws seen by
        # ``player`` and the other seats' tiles to lay or show will need (the bag as a
        # whole if nothing can be spared).
        reserve = self.reserve[index]
        spare = [max(0, count - reserve[k] - wanted[k]) for k, count in enumerate(bag)]
        weights = spare if sum(spare) else bag
        total = sum(weights)
        if not total:
            return 0  # the attempt fails at this draw
        point = rng.randrange(total)
        for kind, count in enumerate(weights):
            if point < count:
                return kind
            point -= count
        raise AssertionError("unreachable")


class _Board:
    """The board replayed lay by lay, for the universal tiles a loop made a seat keep."""

    __slots__ = ("exits", "holds", "length", "points", "reach")

    def __init__(self) -> None:
        self.exits = [0] * NUM_CELLS
        self.points = [0] * NUM_POINTS
        self.reach = START_REACH
        #: Per event index of a lay by another seat than the searcher, the universal tiles
        #: that seat must still hold after it.
        self.holds: dict[int, int] = {}
        self.length = 0  # events replayed

    def copy(self) -> _Board:
        other = _Board()
        other.exits = self.exits[:]
        other.points = self.points[:]
        other.reach = self.reach  # never changed in place
        other.holds = dict(self.holds)
        other.length = self.length
        return other

    def replay(self, events: list[tuple[object, ...]], player: int) -> dict[int, int]:
        """The holds after replaying the events not replayed yet: how many universal tiles
        a seat kept after each of its lays that ``player`` did not see drawn (a tile whose
        only way on crosses the river is legal only for a seat that keeps a universal tile
        for each crossing: a loop)."""
        exits, points, holds = self.exits, self.points, self.holds
        for index in range(self.length, len(events)):
            event = events[index]
            if event[0] != "lay":
                continue
            seat, cell, entry, exit_ = event[1], event[2], event[3], event[4]
            assert isinstance(cell, int)
            assert isinstance(entry, int)
            assert isinstance(exit_, int)
            exits[cell] |= 1 << entry | 1 << exit_
            for end in (entry, exit_):
                point = POINT[cell][end]
                if point >= 0:
                    points[point] = 1
            target, back = NEXT[cell][exit_], (exit_ + 4) & 7
            if target >= 0 and not IS_GOAL[target]:
                self.reach = update_reach(self.reach, target, back, exits, points)  # as play
            if seat == player or target == FINISHED or (not exits[target] and self.reach[target]):
                continue
            need = 1
            while need < COUNTS[UNIVERSAL] and not way_on(target, back, exits, points, need):
                need += 1
            holds[index] = need
        self.length = len(events)
        return holds


class _Walk:
    """The bag and the hidden racks of a world being built, event by event."""

    __slots__ = ("bag", "due", "lacking", "owed", "racks")

    def __init__(
        self,
        bag: list[int],
        racks: list[list[int]],
        due: list[int],
        owed: list[list[int]],
        lacking: list[int],
    ) -> None:
        self.bag = bag
        self.racks = racks
        self.due = due  # per seat, the first demand not yet met
        #: Per seat, the tiles of each kind it has still to lay or show.
        self.owed = owed
        #: Per kind, the tiles all seats have still to lay or show and do not hold yet.
        self.lacking = lacking

    @classmethod
    def start(cls, demands: list[list[tuple[int, int]]]) -> _Walk:
        """The walk before the first event: a full bag, empty racks, every demand owed."""
        n = len(demands)
        owed = [[0] * NUM_KINDS for _ in range(n)]
        for seat, seat_demands in enumerate(demands):
            for _, kind in seat_demands:
                owed[seat][kind] += 1
        lacking = [sum(o[k] for o in owed) for k in range(NUM_KINDS)]
        return cls(list(COUNTS), [[0] * NUM_KINDS for _ in range(n)], [0] * n, owed, lacking)

    def copy(self) -> _Walk:
        return _Walk(
            self.bag[:],
            [r[:] for r in self.racks],
            self.due[:],
            [o[:] for o in self.owed],
            self.lacking[:],
        )

    def draw(self, seat: int, kind: int) -> bool:
        """A hidden draw of ``kind`` into ``seat``'s rack; False if the bag has none."""
        if not self.bag[kind]:
            return False
        self.bag[kind] -= 1
        rack = self.racks[seat]
        if rack[kind] < self.owed[seat][kind]:
            self.lacking[kind] -= 1
        rack[kind] += 1
        return True

    def step(self, event: tuple[object, ...], player: int, hold: int = 0) -> bool:
        """Apply one event that is not a hidden draw; False if it cannot happen here.

        ``hold``: for a lay, the universal tiles its seat must still hold after it.
        """
        name = event[0]
        bag = self.bag
        if name == "order_draw" or (name == "draw" and event[1] == player):
            kind = event[2]
            assert isinstance(kind, int)
            if not bag[kind]:
                return False
            bag[kind] -= 1
        elif name == "order_return":
            self.bag = list(COUNTS)
        elif name == "lay":
            seat, kind, replaced = event[1], event[5], event[6]
            assert isinstance(seat, int)
            assert isinstance(kind, int)
            assert isinstance(replaced, int)
            if replaced >= 0:
                bag[replaced] += 1
            if seat != player:
                if not self.racks[seat][kind]:
                    return False
                self.racks[seat][kind] -= 1
                if self.racks[seat][UNIVERSAL] < hold:
                    return False
                self.owed[seat][kind] -= 1
                self.due[seat] += 1
        elif name == "no_tile":
            seat, shown = event[1], event[2]
            assert isinstance(seat, int)
            assert isinstance(shown, tuple)
            if seat != player:
                if tuple(self.racks[seat]) != shown:
                    return False
                self.racks[seat] = [0] * NUM_KINDS
                self.owed[seat] = [self.owed[seat][k] - shown[k] for k in range(NUM_KINDS)]
                self.due[seat] += sum(shown)
            for kind, count in enumerate(shown):
                bag[kind] += count
        elif name == "game_over":
            shown_racks = event[2]
            assert isinstance(shown_racks, tuple)
            for seat, shown in enumerate(shown_racks):
                if seat != player and tuple(self.racks[seat]) != shown:
                    return False
        return True
