"""Build NILE positions for tests by choosing the outcome of every chance node.

A test deals exact hands, picks the first player and turns exact flood cards with
``apply_action(kind)``, so every position comes from the real engine.  Two helpers set
fields directly, for positions that play would only reach after dozens of turns: they
move cards between zones and never create or lose one (see :func:`card_count`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from nilegames.core import IllegalActionError
from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    FIRST_SPECULATION,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
    SPECULATION_PAIRS,
    full_deck,
)
from nilegames.games.nile.game import NileGame
from nilegames.games.nile.state import NileState, Phase

PA, WH, LE, CA, FL = range(NUM_CROPS)


def spec(a: int, b: int) -> int:
    """The kind of the speculation card showing crops ``a`` and ``b``."""
    return FIRST_SPECULATION + SPECULATION_PAIRS.index((min(a, b), max(a, b)))


def new_state(players: int = 2, **options: Any) -> NileState:
    return NileGame(players, **options).new_initial_state()


def chance(state: NileState, *outcomes: int) -> None:
    """Resolve chance nodes with the given outcomes (card kinds, or a seat)."""
    for outcome in outcomes:
        assert state.is_chance_node(), f"expected a chance node, phase is {state.phase!r}"
        state.apply_action(outcome)


def move(state: NileState, *actions: int) -> None:
    """Apply seat actions, each submitted by the seat to move."""
    for action in actions:
        assert not state.is_chance_node(), f"expected a seat to move, phase is {state.phase!r}"
        state.apply_action(action, player=state.current_player())


def deal(state: NileState, *hands: Sequence[int]) -> None:
    """Deal the given five kinds to each seat in turn (seat 0 first)."""
    assert state.phase == Phase.DEAL
    for hand in hands:
        chance(state, *hand)


def start(
    hands: Sequence[Sequence[int]],
    first: int = 0,
    flood: int | None = None,
    **options: Any,
) -> NileState:
    """A game with these hands and first player, and its first flood card if given."""
    state = new_state(len(hands), **options)
    deal(state, *hands)
    chance(state, first)
    if flood is not None:
        chance(state, flood)
    return state


def end_turn(state: NileState, draws: Iterable[int] = (CA, CA)) -> None:
    """Close the turn (``DONE``) and resolve its drawing with ``draws``."""
    move(state, act.DONE)
    chance(state, *draws)


def plant(state: NileState, *crops: int, draws: Iterable[int] = (CA, CA)) -> None:
    """Plant these crops card by card, close the planting and draw."""
    move(state, *(act.plant(c) for c in crops))
    end_turn(state, draws)


def hand(state: NileState, seat: int) -> dict[int, int]:
    """The seat's hand as ``{kind: count}`` without zeros."""
    return {k: c for k, c in enumerate(state.hands[seat]) if c}


def field(state: NileState, crop: int) -> tuple[int, int]:
    """``(owner, size)`` of the field of ``crop`` (owner -1 when there is none)."""
    return state.owner[crop], state.size[crop]


def card_count(state: NileState) -> list[int]:
    """How many cards of each kind exist over every zone: always the full deck."""
    counts = state.deck[:]
    zones: list[Sequence[int]] = [state.discard, state.flood_below, state.removed]
    zones += state.hands
    for zone in zones:
        for kind, count in enumerate(zone):
            counts[kind] += count
    for stock in state.stocks:
        for crop, count in enumerate(stock):
            counts[crop] += count
    for crop in range(NUM_CROPS):
        counts[crop] += state.size[crop] + state.planted[crop]
    for kind in state.speculations:
        counts[kind] += 1
    if state.flood_on_pile:
        counts[state.flood] += 1
    counts[LOCUST] += state.locust_aside
    return counts


def is_conserved(state: NileState) -> bool:
    return card_count(state) == full_deck()


def set_deck(state: NileState, keep: Mapping[int, int], number: int | None = None) -> None:
    """Leave exactly ``keep`` in the deck, moving the other cards to the discard pile.

    Cards missing from the deck are taken back from the discard pile; the locust is set
    aside rather than discarded.  ``number`` makes the deck that deck of the game.
    """
    for kind in range(NUM_KINDS):
        want = keep.get(kind, 0)
        have = state.deck[kind]
        if kind == LOCUST:
            if have > want:
                state.locust_aside = True
            elif want > have:
                assert state.locust_aside, "the locust is not available"
                state.locust_aside = False
        elif have > want:
            state.discard[kind] += have - want
        else:
            assert state.discard[kind] >= want - have, f"not enough cards of kind {kind}"
            state.discard[kind] -= want - have
        state.deck[kind] = want
    state._count_deck()
    if number is not None:
        state.deck_number = number
    state.legal_cache = None
    assert is_conserved(state)


def fill_stock(state: NileState, seat: int, crops: Sequence[int]) -> None:
    """Move crop cards from the deck into a seat's stock (``crops`` counts per crop)."""
    for crop, count in enumerate(crops):
        assert state.deck[crop] >= count, f"the deck lacks crop {crop}"
        state.deck[crop] -= count
        state.stocks[seat][crop] += count
    state._count_deck()
    state.legal_cache = None
    assert is_conserved(state)


def refused(state: NileState, action: int) -> bool:
    """Whether the engine refuses ``action`` from the seat to move (state unchanged)."""
    before = (state.history(), state.phase)
    try:
        state.apply_action(action, player=state.current_player())
    except IllegalActionError:
        return (state.history(), state.phase) == before
    return False


SPECULATIONS = range(FIRST_SPECULATION, LOCUST)


def phase(state: NileState) -> Phase:
    """The state's phase (a call, so that type checkers do not narrow it between steps)."""
    return Phase(state.phase)


def plants(state: NileState) -> list[int]:
    """The crops the seat to move may lay now."""
    return [a - act.PLANT for a in state.legal_actions() if act.PLANT <= a < act.SPECULATE]


def speculables(state: NileState) -> list[int]:
    """The speculation kinds the seat to move may lay now."""
    return [
        a - act.SPECULATE + FIRST_SPECULATION
        for a in state.legal_actions()
        if act.SPECULATE <= a < act.NUM_ACTIONS
    ]


def last_events(state: NileState, name: str) -> list[tuple[object, ...]]:
    return [e for e in state.events if e[0] == name]
