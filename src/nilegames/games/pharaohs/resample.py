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
  tiles later draws seen by ``player`` will take;
* the world is kept only if every later lay and show finds its tiles in the rack, every
  draw ``player`` saw finds its kind in the bag, and a seat whose turn has begun without
  showing its rack holds a tile that fits; otherwise another is drawn.

The world that comes out has a history that is legal move for move (the tests replay it)
and gives ``player`` the same observation.  It is a consistent world, not an exact draw
from the posterior: good enough for determinized search, and it never reads a hidden tile.
"""

from __future__ import annotations

import random
from bisect import bisect_left

from nilegames.games.pharaohs.state import PLAY, PharaohsState
from nilegames.games.pharaohs.tiles import COUNTS, NUM_KINDS

MAX_TRIES = 500


class ResampleError(RuntimeError):
    """No consistent world was found (should never happen; reported, not hidden)."""


def resample(state: PharaohsState, player: int, rng: random.Random) -> PharaohsState:
    """A full state consistent with everything ``player`` has seen."""
    plan = _Plan(state, player)
    for _ in range(MAX_TRIES):
        world = plan.attempt(rng)
        if world is not None:
            return world
    raise ResampleError(f"no world consistent with seat {player}'s view was found")


class _Plan:
    """What the public story asks of each hidden rack, computed once per resample."""

    def __init__(self, state: PharaohsState, player: int) -> None:
        self.state = state
        self.player = player
        n = state.n
        #: Per seat, event indices of its hidden draws.
        self.draws: list[list[int]] = [[] for _ in range(n)]
        #: Per seat, (event index, kind) of every tile it must hold at that event, in order.
        self.demands: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for index, event in enumerate(state.events):
            name, seat = event[0], event[1]
            if seat == player or not isinstance(seat, int):
                continue
            if name == "draw":
                self.draws[seat].append(index)
            elif name == "lay":
                self.demands[seat].append((index, event[5]))
            elif name == "no_tile":
                for kind, count in enumerate(event[2]):
                    self.demands[seat] += [(index, kind)] * count
        self.reserve = self._reserves(state.events, player)

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
        state, player, n = self.state, self.player, self.state.n
        events = list(state.events)
        history = state._history[:]
        bag = list(COUNTS)
        racks = [[0] * NUM_KINDS for _ in range(n)]
        due = [0] * n  # per seat, the first demand not yet met
        for index, event in enumerate(events):
            name = event[0]
            if name == "order_draw":
                bag[event[2]] -= 1
            elif name == "order_return":
                bag = list(COUNTS)
            elif name == "draw":
                seat = event[1]
                if seat == player:
                    kind = event[2]
                else:
                    kind = self._choose(seat, index, bag, racks[seat], due[seat], rng)
                    events[index] = (name, seat, kind, event[3], event[4])
                    history[event[4]] = kind
                    racks[seat][kind] += 1
                if not bag[kind]:
                    return None
                bag[kind] -= 1
            elif name == "lay":
                seat, kind, replaced = event[1], event[5], event[6]
                if replaced >= 0:
                    bag[replaced] += 1
                if seat != player:
                    if not racks[seat][kind]:
                        return None
                    racks[seat][kind] -= 1
                    due[seat] += 1
            elif name == "no_tile":
                seat, shown = event[1], event[2]
                if seat != player:
                    if tuple(racks[seat]) != shown:
                        return None
                    racks[seat] = [0] * NUM_KINDS
                    due[seat] += sum(shown)
                for kind, count in enumerate(shown):
                    bag[kind] += count
        racks[player] = state.racks[player][:]
        world = state.clone()
        world.events = events
        world._history = history
        world.racks = racks
        world.bag = bag
        world.legal_cache = None
        world.log_views = {v: views for v, views in world.log_views.items() if v in (player, None)}
        # A seat whose turn began without showing its rack holds a tile that fits.
        waiting = world.phase == PLAY and world.seat != player and not world.laid
        if waiting and not world.tile_actions():
            return None
        return world

    def _choose(
        self,
        seat: int,
        index: int,
        bag: list[int],
        rack: list[int],
        due: int,
        rng: random.Random,
    ) -> int:
        """The kind a hidden draw of ``seat`` gets (event ``index``)."""
        demands = self.demands[seat]
        draws = self.draws[seat]
        first_draw = bisect_left(draws, index)
        held = rack[:]
        unmet: list[int] = []  # kinds of the demands the rack cannot meet, in order
        pressure = 0.0  # the largest share of the draws left that unmet demands need
        for position in range(due, len(demands)):
            deadline, kind = demands[position]
            if held[kind]:
                held[kind] -= 1
                continue
            unmet.append(kind)
            left = bisect_left(draws, deadline) - first_draw
            pressure = max(pressure, len(unmet) / left if left > 0 else 2.0)
        if unmet and rng.random() < pressure:
            for kind in unmet:
                if bag[kind]:
                    return kind
        # Any kind the bag can spare: what it holds less what later draws seen by
        # ``player`` will need (the bag as a whole if nothing can be spared).
        reserve = self.reserve[index]
        spare = [max(0, count - reserve[kind]) for kind, count in enumerate(bag)]
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
