"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

Each iteration draws a fresh world from the bot's information set (the resampler), walks
one tree of action sequences with UCT, adds one node, plays the world out with a playout
policy and backs the returns up.  The tree is shared across worlds, so a node's moves
are not always all legal: UCT counts how often each one *was available* instead of the
parent's visits (the "subset-armed bandit" of the paper).  Chance outcomes are not
branches of the tree (open loop): each world resolves them its own way.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from nilegames.ai.base import Resampler
from nilegames.ai.policy import POLICIES, Policy
from nilegames.core import Action, NilegamesError, Observation, State
from nilegames.core.chance import sample_chance_outcome


class Node:
    """Statistics of one action sequence: visits, availability and total reward."""

    __slots__ = ("allowed", "available", "children", "mover", "total", "visits")

    def __init__(self, mover: int, allowed: set[Action] | None = None) -> None:
        self.mover = mover  # the seat whose move led here (its reward is stored)
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[Action, Node] = {}
        #: The moves searched from here (None: every legal one); only a root narrows it.
        self.allowed = allowed

    def mean(self) -> float:
        """The mover's mean return through this node (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0


@dataclass
class SearchStats:
    """What the last search did, for profiling and the tournament report."""

    iterations: int = 0
    seconds: float = 0.0
    stopped_early: bool = False  # the move was decided before the budget ran out
    resample_seconds: float = 0.0
    tree_seconds: float = 0.0
    playout_seconds: float = 0.0

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0


#: Iterations between two looks at whether the move is already decided.
DECIDED_CHECK = 16


#: Root moves above which a widening search opens them a few at a time.
WIDE = 12


def _widened(visits: int) -> int:
    """How many of the root's ranked moves a widening search has opened after ``visits``
    iterations: a few at once, then one more each time the square root grows by one."""
    return 4 + math.isqrt(visits)


def _left(done: int, limit: float, start: float, deadline: float, now: float) -> float:
    """Iterations the budget still allows: what is left of an iteration budget, or what
    the time left (``now`` read from the search's clock) buys at the pace so far."""
    left = limit - done
    if deadline != math.inf:
        pace = done / max(now - start, 1e-9)
        left = min(left, (deadline - now) * pace)
    return left


def _decided(root: Node, moves: int, left: float) -> bool:
    """Whether the most visited first move leads every other by more than ``left`` visits
    (moves never tried count 0), so that no further iteration can change the move."""
    visits = sorted((child.visits for child in root.children.values()), reverse=True)
    if len(visits) < moves:
        visits.append(0)
    return len(visits) < 2 or visits[0] - visits[1] > left


class ISMCTSBot:
    """SO-ISMCTS with UCT, an iteration or time budget and a pluggable playout policy.

    ``playout_depth`` cuts playouts after that many actions and scores the world with the
    game's evaluation function instead of playing to the end (``None``: full playouts;
    ``"game"``: what the game advises, see :attr:`Game.playout_depth`).

    A time budget counts wall-clock seconds, what a player waits; with ``cpu_clock`` it
    counts the CPU seconds of the searching thread instead, so that a loaded machine
    slows the search down without weakening it (strength measurements use it).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        playout: str = "random",
        exploration: float = 0.7,
        playout_depth: int | Literal["game"] | None = "game",
        profile: bool = False,
        stop_when_decided: bool = True,
        widening: bool = False,
        cpu_clock: bool = False,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise NilegamesError(f"ismcts needs at least one iteration, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise NilegamesError(f"ismcts needs a positive time budget, not {seconds}")
        if playout not in POLICIES:
            raise NilegamesError(f"no playout policy {playout!r}; policies: {', '.join(POLICIES)}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.policy: Policy = POLICIES[playout]()
        self.exploration = exploration
        self.playout_depth = playout_depth
        self.profile = profile
        #: End a move's search once the rest of the budget cannot change the move.
        self.stop_when_decided = stop_when_decided
        #: Open a wide root's moves progressively, best first by the evaluation.
        self.widening = widening
        self.cpu_clock = cpu_clock
        self.stats = SearchStats()
        unit = "cpu" if cpu_clock else "s"
        budget = f"{seconds:g}{unit}" if seconds is not None else f"{iterations}"
        self.name = f"ismcts:{budget}" + ("" if playout == "random" else f":{playout}")

    @property
    def clock(self) -> Callable[[], float]:
        """What a time budget counts: the searching thread's CPU time, or the wall clock."""
        return time.thread_time if self.cpu_clock else time.perf_counter

    def step(
        self,
        observation: Observation,
        legal_actions: list[Action],
        resample: Resampler | None = None,
    ) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = self.search(legal_actions, resample, stop_when_decided=self.stop_when_decided)
        visited = [(root.children[a].visits, a) for a in legal_actions if a in root.children]
        if not visited:
            return self.rng.choice(legal_actions)
        most = max(visits for visits, _ in visited)
        return self.rng.choice([a for visits, a in visited if visits == most])

    def search(
        self,
        legal_actions: list[Action],
        resample: Resampler | None,
        *,
        stop_when_decided: bool = False,
    ) -> Node:
        """Search the seat's information set within the budget and return the root: its
        children hold, per first move, the visits and the seat's total return.

        The search tries only ``legal_actions`` at the root, so a review can measure one
        move on its own by passing just that move.  ``stop_when_decided`` ends it as soon
        as the most visited move leads the next by more than the iterations left (with a
        time budget: by more than it would run in the time left at its pace so far), since
        the rest of the budget could not change the move played.
        """
        if resample is None:
            raise NilegamesError("ismcts needs a resampler to draw worlds from its seat's view")
        allowed = set(legal_actions)
        root = Node(mover=-1, allowed=allowed)
        stats = SearchStats()
        clock = self.clock
        start = clock()
        ranked = (
            self._ranked(legal_actions, resample(self.rng))
            if self.widening and len(legal_actions) > WIDE
            else []
        )
        if ranked:
            root.allowed = allowed = set(ranked[: _widened(0)])
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else math.inf
        while stats.iterations < limit:
            if stats.iterations and clock() >= deadline:
                break
            if self.profile:
                self._timed_iteration(root, resample, stats)
            else:
                self._iterate(root, resample(self.rng))
            stats.iterations += 1
            if ranked and len(allowed) < _widened(stats.iterations) <= len(ranked):
                allowed.add(ranked[len(allowed)])
            if (
                stop_when_decided
                and stats.iterations % DECIDED_CHECK == 0
                and _decided(
                    root, len(allowed), _left(stats.iterations, limit, start, deadline, clock())
                )
            ):
                stats.stopped_early = True
                break
        stats.seconds = clock() - start
        self.stats = stats
        return root

    def _ranked(self, legal_actions: list[Action], world: State) -> list[Action]:
        """The root's moves, best first by the game's evaluation of the world right after
        each (in one world of the seat's information set): the order widening opens them."""
        seat = world.current_player()
        evaluate = world.game.evaluate
        values = {}
        for action in legal_actions:
            after = world.clone()
            after.apply_action(action)
            values[action] = evaluate(after, seat)
        return sorted(legal_actions, key=lambda action: -values[action])

    # -- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: Node, world: State) -> None:
        path = self._select_and_expand(root, world)
        self._backup(path, self._playout(world))

    def _timed_iteration(self, root: Node, resample: Resampler, stats: SearchStats) -> None:
        t0 = time.perf_counter()
        world = resample(self.rng)
        t1 = time.perf_counter()
        path = self._select_and_expand(root, world)
        t2 = time.perf_counter()
        returns = self._playout(world)
        t3 = time.perf_counter()
        self._backup(path, returns)
        t4 = time.perf_counter()
        stats.resample_seconds += t1 - t0
        stats.tree_seconds += (t2 - t1) + (t4 - t3)
        stats.playout_seconds += t3 - t2

    def _select_and_expand(self, root: Node, world: State) -> list[Node]:
        """Walk down with UCT while every move here has a node; add one node; return the path."""
        rng = self.rng
        node = root
        path = [root]
        while True:
            while world.is_chance_node():
                world.apply_action(sample_chance_outcome(world, rng))
            if world.is_terminal():
                return path
            mover = world.current_player()
            legal = world.legal_actions()
            if node.allowed is not None:
                legal = [a for a in legal if a in node.allowed] or legal
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = rng.choice(untried)
                children[action] = child = Node(mover)
                for a in legal:
                    if a in children:
                        children[a].available += 1
                world.apply_action(action)
                path.append(child)
                return path
            action = self._uct(children, legal)
            for a in legal:
                children[a].available += 1
            world.apply_action(action)
            node = children[action]
            path.append(node)

    def _uct(self, children: dict[Action, Node], legal: list[Action]) -> Action:
        c = self.exploration
        best_score = -math.inf
        best: Action = legal[0]
        for action in legal:
            child = children[action]
            score = child.total / child.visits + c * math.sqrt(
                math.log(max(child.available, 1)) / child.visits
            )
            if score > best_score:
                best_score, best = score, action
        return best

    def _playout(self, world: State) -> list[float]:
        rng = self.rng
        policy = self.policy
        steps = 0
        depth = self.playout_depth
        if depth == "game":
            depth = world.game.playout_depth
        while not world.is_terminal():
            if depth is not None and steps >= depth:
                evaluate = world.game.evaluate
                return [evaluate(world, p) for p in range(world.game.players)]
            if world.is_chance_node():
                world.apply_action(sample_chance_outcome(world, rng))
            else:
                world.apply_action(policy(world, rng))
                steps += 1
        return world.returns()

    @staticmethod
    def _backup(path: list[Node], returns: list[float]) -> None:
        for node in path:
            node.visits += 1
            if node.mover >= 0:
                node.total += returns[node.mover]
