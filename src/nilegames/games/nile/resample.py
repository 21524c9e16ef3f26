"""Sampling a world a seat cannot tell from the real one (for information-set search).

The sampler never reads a card hidden from ``player``.  Each card drawn out of that
seat's sight is a *slot* tied to the deck it came from.  Every card another seat later
shows from its hand must be bound to one of that seat's slots drawn before, from a deck
that still has room for a card of that kind: each deck after the first is public when
it is built (it is made of face-up cards), so a deck's room for each kind is known, its
make-up less every card seen drawn from it.  A depth-first search finds such a binding;
then the slots still held are filled at random from what their decks have left, and the
current deck keeps the rest.

A planting under way by another seat tells one thing more: its hand can complete it
(each planted card must leave a way to finish), so the cards of one way to finish it are
bound too, and stay in that hand.

A binding depends only on what ``player`` saw, so a few are kept per state and reused:
information-set search resamples the same root many times, and the random fill is cheap.
The world that comes out has a history that is legal move for move and gives ``player``
the same observation; the tests replay it to prove both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nilegames.games.nile.cards import FIRST_SPECULATION, LOCUST, NUM_CROPS, NUM_KINDS, full_deck
from nilegames.games.nile.rules import NO_OWNER
from nilegames.games.nile.state import REMOVED, NileState, Phase

BINDINGS_KEPT = 4
KEPT = -1  # event index of a card bound but not shown: it completes a planting under way
# Searches are heavy-tailed: many short restarts beat one long search.
SEARCH_BUDGET = 5_000
MAX_SEARCHES = 400
SPECULATIONS = range(FIRST_SPECULATION, LOCUST)


class ResampleError(RuntimeError):
    """No consistent world was found (should never happen; reported, not hidden)."""


@dataclass(frozen=True)
class Binding:
    """Which hidden slots were shown as which kind, and what each deck has left."""

    slot_events: tuple[int, ...]  # event index of each slot's draw
    slot_holders: tuple[int, ...]
    slot_decks: tuple[int, ...]
    shown: tuple[int, ...]  # kind a slot was shown as, or -1 if still held
    room: tuple[tuple[int, ...], ...]  # per deck number - 1, kinds not yet accounted for
    kept: tuple[int, ...] = ()  # kinds bound to complete a planting under way, still held


def _room(state: NileState, player: int) -> list[list[int]]:
    """Per deck, how many cards of each kind were not seen drawn by ``player``."""
    first = full_deck()
    for crop in range(NUM_CROPS):
        first[crop] -= state.removed[crop]
    first[LOCUST] = 0  # set aside while the hands are dealt
    room = [first]
    for event in state.events:
        kind = event[0]
        if kind == "draw" and event[1] == player:
            room[event[3] - 1][event[4]] -= 1
        elif kind == "flood":
            room[event[3] - 1][event[1]] -= 1
        elif kind == "locust_drawn":
            room[event[2] - 1][LOCUST] -= 1
        elif kind == "locust_shuffled":
            first[LOCUST] = 1
        elif kind == "reshuffle":
            room.append(list(event[2]))
    return room


def _operations(state: NileState, player: int) -> list[tuple[int, int, int, int]]:
    """(is_reveal, seat, deck or kind, event index) for every hidden draw and every card shown."""
    ops = []
    for index, event in enumerate(state.events):
        kind = event[0]
        if kind == "draw" and event[1] != player:
            ops.append((0, event[1], event[3], index))
        elif _is_shown_from_hand(event) and event[1] != player:
            ops.append((1, event[1], event[-1], index))
    return ops


def _is_shown_from_hand(event: tuple[object, ...]) -> bool:
    return (event[0] == "discard" and event[2] == "hand") or event[0] in ("plant", "speculate")


def find_binding(state: NileState, player: int, rng: random.Random) -> Binding:
    """Search, depth first and in random order, for a binding of every shown card.

    A planting under way by another seat adds the cards that would complete it: bound
    like shown cards, but kept in that seat's hand.
    """
    base = _operations(state, player)
    completions = _completions(state, player)
    for _ in range(MAX_SEARCHES):
        for extra in rng.sample(completions, len(completions)):
            ops = base + [(1, state.seat, kind, KEPT) for kind in extra]
            room = _room(state, player)
            result = _search(ops, room, rng, SEARCH_BUDGET)
            if result is not None:
                return _binding(ops, result, room)
    raise ResampleError(f"no consistent world found for seat {player}")


def _completions(state: NileState, player: int) -> list[list[int]]:
    """The smallest sets of cards that would let a planting under way be completed."""
    seat = state.seat
    if state.phase != Phase.PLANT or seat == player:
        return [[]]
    planted, owner, size, blocked = state.planted, state.owner, state.size, state.blocked
    crops = [c for c in range(NUM_CROPS) if planted[c]]
    foreign = [c for c in crops if owner[c] != seat]
    if len(crops) != 1 or len(foreign) != 1:
        return [[]]  # complete already, or only completable as it is
    crop = crops[0]
    needed = (2 if owner[crop] == NO_OWNER else size[crop] + 1) - planted[crop]
    options = [[crop] * needed] if needed > 0 else [[]]
    if planted[crop] == 1 and owner[crop] == NO_OWNER:
        options += [
            [other]
            for other in range(NUM_CROPS)
            if other != crop and not blocked >> other & 1 and owner[other] in (NO_OWNER, seat)
        ]
    return options


def _search(
    ops: list[tuple[int, int, int, int]],
    room: list[list[int]],
    rng: random.Random,
    budget: int,
) -> list[int] | None:
    slot_deck: list[int] = []
    shown: list[int] = []
    held: dict[int, list[int]] = {}
    removed = sum(1 for op in ops if not op[0] and op[1] == REMOVED)
    frames: list[tuple[int, list[int], int]] = []  # (op index, options, next option)
    bound: list[int] = []  # slot bound at each frame
    i = 0
    while i < len(ops):
        is_reveal, seat, value, _event = ops[i]
        if not is_reveal:
            held.setdefault(seat, []).append(len(slot_deck))
            slot_deck.append(value)
            shown.append(-1)
            i += 1
            continue
        # A seat's held slots from one deck are interchangeable: every later card it shows
        # was shown after all of them were drawn.  So a binding chooses a deck, and a slot of
        # it at random; trying each slot of the same deck would only repeat the search.
        by_deck: dict[int, list[int]] = {}
        for s in held[seat]:
            deck = slot_deck[s]
            if room[deck - 1][value] and (
                value not in SPECULATIONS or deck != 1 or _spec_room(room[0]) > removed
            ):
                by_deck.setdefault(deck, []).append(s)
        # Likelier decks first: the card came from a deck about as often as the seat's
        # slots there times that deck's share of ``value`` (order by key u ** (1 / weight)).
        keyed = []
        for deck, slots in by_deck.items():
            weight = len(slots) * room[deck - 1][value] / sum(room[deck - 1])
            keyed.append((-(rng.random() ** (1 / weight)), rng.choice(slots)))
        keyed.sort()
        options = [slot for _, slot in keyed]
        if not options:
            # Jump back to the latest binding that this dead end depends on: one that took
            # a card of this seat, or took this kind from a deck this seat drew from.
            decks = {slot_deck[s] for s in held[seat]}
            decks.update(
                slot_deck[b] for b, f in zip(bound, frames, strict=True) if ops[f[0]][1] == seat
            )
            target = len(frames) - 1
            while target >= 0:
                at = frames[target][0]
                if ops[at][1] == seat or (
                    slot_deck[bound[target]] in decks
                    and (
                        ops[at][2] == value
                        or (value in SPECULATIONS and ops[at][2] in SPECULATIONS)
                    )
                ):
                    break
                target -= 1
            if target < 0:
                return None
            i = _undo(ops, frames[target][0], i, held, slot_deck, shown, room, bound)
            del frames[target + 1 :]
        else:
            frames.append((i, options, 0))
        while True:
            budget -= 1
            if budget < 0:
                return None
            at, options, pos = frames[-1]
            if pos < len(options):
                frames[-1] = (at, options, pos + 1)
                slot = options[pos]
                room[slot_deck[slot] - 1][ops[at][2]] -= 1
                shown[slot] = ops[at][2]
                held[ops[at][1]].remove(slot)
                bound.append(slot)
                i = at + 1
                break
            frames.pop()
            if not frames:
                return None
            i = _undo(ops, frames[-1][0], i, held, slot_deck, shown, room, bound)
    return shown


def _undo(
    ops: list[tuple[int, int, int, int]],
    back_to: int,
    i: int,
    held: dict[int, list[int]],
    slot_deck: list[int],
    shown: list[int],
    room: list[list[int]],
    bound: list[int],
) -> int:
    """Take back every operation after ``back_to``'s binding and that binding itself."""
    for at in range(i - 1, back_to - 1, -1):
        is_reveal, seat, value, _event = ops[at]
        if is_reveal:
            slot = bound.pop()
            room[slot_deck[slot] - 1][value] += 1
            shown[slot] = -1
            held[seat].append(slot)
        else:
            held[seat].remove(len(slot_deck) - 1)
            slot_deck.pop()
            shown.pop()
    return back_to


def _spec_room(counts: list[int]) -> int:
    return sum(counts[k] for k in SPECULATIONS)


def _binding(
    ops: list[tuple[int, int, int, int]], shown: list[int], room: list[list[int]]
) -> Binding:
    draws = [op for op in ops if not op[0]]
    kept = [k for op in ops if op[3] == KEPT for k in [op[2]]]
    return Binding(
        slot_events=tuple(op[3] for op in draws),
        slot_holders=tuple(op[1] for op in draws),
        slot_decks=tuple(op[2] for op in draws),
        shown=tuple(shown),
        room=tuple(tuple(r) for r in room),
        kept=tuple(kept),
    )


def recalled_stocks(state: NileState) -> list[list[int]]:
    """Every seat's stock as a player who remembers the game knows it.

    Stocks are face down, but each card reaches one by a harvest and leaves it by a trade,
    both in view of the table, so the public log alone gives them.
    """
    stocks = [[0] * NUM_CROPS for _ in range(state.n)]
    for event in state.events:
        if event[0] == "harvest":
            stocks[event[2]][event[1]] += 1
        elif event[0] == "discard" and event[2] == "stock":
            stocks[event[1]][event[3]] -= 1
    return stocks


def resample(state: NileState, player: int, rng: random.Random) -> NileState:
    """A state ``player`` cannot tell from ``state``, its hidden cards drawn afresh."""
    state.check_seat(player)
    kept = state.bindings.setdefault((player, len(state.events)), [])
    if len(kept) < BINDINGS_KEPT:
        kept.append(find_binding(state, player, rng))
        binding = kept[-1]
    else:
        binding = rng.choice(kept)
    return _build(state, player, binding, rng)


def _build(state: NileState, player: int, binding: Binding, rng: random.Random) -> NileState:
    room = [list(r) for r in binding.room]
    kinds = list(binding.shown)
    # Removed cards first: they must be speculation cards, and deck 1 kept room for them.
    order = sorted(
        (s for s, k in enumerate(kinds) if k < 0),
        key=lambda s: binding.slot_holders[s] != REMOVED,
    )
    sampled = state.clone()
    sampled.stocks = recalled_stocks(state)  # from the public log, not the face-down piles
    for seat in range(state.n):
        if seat != player:
            sampled.hands[seat] = [0] * NUM_KINDS
    sampled.removed = [c if k < FIRST_SPECULATION else 0 for k, c in enumerate(state.removed)]
    for slot in order:
        holder = binding.slot_holders[slot]
        counts = room[binding.slot_decks[slot] - 1]
        allowed = SPECULATIONS if holder == REMOVED else range(LOCUST)
        choices = [k for k in allowed if counts[k]]
        kind = kinds[slot] = rng.choices(choices, [counts[k] for k in choices])[0]
        counts[kind] -= 1
        target = sampled.removed if holder == REMOVED else sampled.hands[holder]
        target[kind] += 1
    for kind in binding.kept:
        sampled.hands[state.seat][kind] += 1
    events, history = sampled.events, sampled._history
    sampled.log_views = {}  # other seats' draws change below: their words must be rebuilt
    for slot, event_index in enumerate(binding.slot_events):
        old = events[event_index]
        events[event_index] = (*old[:4], kinds[slot], old[5])
        history[old[5]] = kinds[slot]
    sampled.deck = room[state.deck_number - 1]
    sampled._count_deck()
    return sampled
