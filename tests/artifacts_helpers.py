"""Build NILE ARTIFACTS positions for tests by choosing the outcome of every chance node.

A test picks the five monuments shown and the first player, lays exact cards under the
river, then sails, takes, buys and offers with ``apply_action``, so every position comes
from the engine's own rules.  A few helpers set fields directly, for positions that play
would reach only after many rounds (cards in front of a seat, coins in hand, a follower's
level): they move cards or coins between zones and never create or lose one
(:func:`card_zones`, :func:`coin_total`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from nilegames.core import IllegalActionError
from nilegames.games.artifacts.actions import (
    DECLARE,
    DONE,
    OFFER,
    SAIL,
    TAKE,
)
from nilegames.games.artifacts.cards import (
    CARDS,
    LEFT_PORT,
    NUM_CARDS,
    RIGHT_PORT,
    WILD,
    offer_class,
)
from nilegames.games.artifacts.game import ArtifactsGame
from nilegames.games.artifacts.monuments import (
    NUM_MONUMENTS,
)
from nilegames.games.artifacts.state import (
    CARDS_PER_ROUND,
    DEAL,
    DECLARING,
    OFFERING,
    PICKLED_FIELDS,
    SAILING,
    TAKING,
    ArtifactsState,
)
from tests.conftest import state_snapshot

#: Card ids by what they show (see cards.py): blue, green and red cards of each type.
BLUE_SCARABS = (0, 4, 6, 12)
BLUE_ANKHS = (1, 7, 10, 13)
BLUE_VASES = (2, 8, 14, 16)
BLUE_MASKS = (3, 9, 15, 17)
BLUE_WILDS = (5, 11)
GREEN_SCARABS = (18, 24, 30, 35)
GREEN_ANKHS = (19, 22, 25, 31)
GREEN_VASES = (20, 26, 28, 32)
GREEN_MASKS = (21, 27, 33, 34)
GREEN_WILDS = (23, 29)
RED_SCARABS = (36, 42, 48)
RED_ANKHS = (37, 43, 49, 53)
RED_VASES = (38, 44, 50)
RED_MASKS = (39, 45, 51)
RED_WILDS = (41, 47)
#: The red cards that bring two artifacts: a vase (space 7), a mask (8), a scarab (9).
RED_DOUBLE_VASE, RED_DOUBLE_MASK, RED_DOUBLE_SCARAB = 40, 46, 52

#: Monument ids (monuments.py), by name.
AMUN, OBELISK, BASTET, THOTH, OSIRIS, HATHOR, SPHINX, KHUFU, ABU_SIMBEL = range(9)
MEMNON, KARNAK, LUXOR, ISIS, SOBEK, ANUBIS, PTAH, HATSHEPSUT, VALLEY = range(9, 18)
#: A display of five monuments for tests that do not care which are shown.
DISPLAY = (AMUN, OBELISK, BASTET, SPHINX, KHUFU)

#: Twelve cards for a round's lay-out: four each under spaces 3 (blue), 5 and 7.
LAYOUT = (12, 13, 14, 15, 36, 37, 38, 39, 24, 25, 26, 27)


def new_state(players: int = 2, **options: Any) -> ArtifactsState:
    """A new game; ``options`` as the game takes them (``rules=1``: the first edition)."""
    return ArtifactsGame(players, **options).new_initial_state()


def chance(state: ArtifactsState, *outcomes: int) -> None:
    """Resolve chance nodes with the given outcomes (monuments, a seat, card ids)."""
    for outcome in outcomes:
        assert state.is_chance_node(), f"expected a chance node, phase is {state.phase}"
        state.apply_action(outcome)


def move(state: ArtifactsState, *actions: int) -> None:
    """Apply seat actions, each submitted by the seat to move."""
    for action in actions:
        assert not state.is_chance_node(), f"expected a seat to move, phase is {state.phase}"
        state.apply_action(action, player=state.current_player())


def start(
    players: int = 2, monuments: Sequence[int] = DISPLAY, first: int = 0, **options: Any
) -> ArtifactsState:
    """A game with these five monuments revealed and ``first`` to play, before the lay-out."""
    state = new_state(players, **options)
    chance(state, *monuments)
    chance(state, first)
    assert state.phase == DEAL
    return state


def lay(state: ArtifactsState, cards: Iterable[int] | None = None) -> None:
    """Lay the round's cards: ``cards`` in order, or (None) the highest ids in the deck."""
    if cards is None:
        while state.phase == DEAL:
            chance(state, max(state.deck))
        return
    for card in cards:
        assert state.phase == DEAL, f"expected the lay-out, phase is {state.phase}"
        chance(state, card)


def sailing(
    players: int = 2,
    cards: Sequence[int] | None = None,
    monuments: Sequence[int] = DISPLAY,
    first: int = 0,
    **options: Any,
) -> ArtifactsState:
    """A game at the first navigation turn of round 1, with ``cards`` laid out."""
    state = start(players, monuments, first, **options)
    lay(state, LAYOUT[: CARDS_PER_ROUND[players]] if cards is None else cards)
    assert state.phase == SAILING and state.seat == first
    return state


def port_ahead(state: ArtifactsState, seat: int) -> int:
    return RIGHT_PORT if state.facing[seat] > 0 else LEFT_PORT


def sail(state: ArtifactsState, stop: int) -> None:
    assert state.phase == SAILING, f"expected a navigation turn, phase is {state.phase}"
    move(state, SAIL + stop)


def take(state: ArtifactsState, card: int) -> None:
    """Take ``card`` (or the alike card the actions name) from under the boat."""
    assert state.phase == TAKING
    under = state.under[state.boats[state.seat]]
    named = min(c for c in under if offer_class(c) == offer_class(card))
    move(state, TAKE + named)


def all_to_port(state: ArtifactsState) -> None:
    """Every boat still sailing goes straight to the port ahead, until the offerings."""
    while state.phase == SAILING:
        sail(state, port_ahead(state, state.seat))
    assert state.phase == OFFERING


def offer(state: ArtifactsState, cards: Iterable[int], declared: Iterable[int] = ()) -> None:
    """Offer ``cards`` (alike cards stand for each other); wild cards take ``declared``."""
    named_types = list(declared)
    for card in cards:
        assert state.phase == OFFERING, f"expected an offering, phase is {state.phase}"
        seat = state.seat
        left = [c for c in state.tableaux[seat] if c not in state.offering]
        named = min(c for c in left if offer_class(c) == offer_class(card))
        move(state, OFFER + named)
        if CARDS[card].type == WILD:
            assert state.phase == DECLARING
            move(state, DECLARE + named_types.pop(0))
    assert not named_types, "more types declared than wild cards offered"


def done(state: ArtifactsState, times: int = 1) -> None:
    for _ in range(times):
        assert state.phase == OFFERING
        move(state, DONE)


def at_offerings(
    tableaux: Sequence[Sequence[int]],
    monuments: Sequence[int] = DISPLAY,
    first: int = 0,
    **options: Any,
) -> ArtifactsState:
    """Round 1's offerings: every boat went straight to port, and each seat holds exactly
    the cards of ``tableaux`` (one list per seat; ``len(tableaux)`` players)."""
    state = sailing(len(tableaux), monuments=monuments, first=first, **options)
    all_to_port(state)
    for seat, cards in enumerate(tableaux):
        give(state, seat, cards)
    assert state.phase == OFFERING and state.seat == first
    return state


def next_offerings(state: ArtifactsState) -> None:
    """From a round's lay-out to its offerings: the highest cards laid, all boats to port."""
    lay(state)
    all_to_port(state)


# -- setting fields directly, conserving cards and coins ---------------------------------------


def give(state: ArtifactsState, seat: int, cards: Iterable[int]) -> None:
    """Put ``cards`` in front of ``seat``, taken from wherever they are (deck, discard,
    under the river, another tableau)."""
    for card in cards:
        zones = [state.deck, state.discard, *state.under, *state.tableaux]
        zone = next(z for z in zones if card in z)
        zone.remove(card)
        state.tableaux[seat].append(card)
    state.legal_cache = None
    assert sorted(card_zones(state)) == list(range(NUM_CARDS))


def set_coins(state: ArtifactsState, seat: int, coins: int) -> None:
    """Give ``seat`` exactly ``coins``, from or to the reserve."""
    state.reserve -= coins - state.coins[seat]
    state.coins[seat] = coins
    assert state.reserve >= 0
    state.legal_cache = None


def set_level(state: ArtifactsState, monument: int, seat: int, level: int) -> None:
    """Put ``seat``'s follower on ``monument`` (shown) at ``level``."""
    state.levels[state.shown.index(monument)][seat] = level
    state.legal_cache = None


def level(state: ArtifactsState, monument: int, seat: int) -> int:
    return state.levels[state.shown.index(monument)][seat]


# -- reading -----------------------------------------------------------------------------------


def card_zones(state: ArtifactsState) -> list[int]:
    """Every card somewhere: the deck, the discard, under the river, in front of a seat
    (offered cards stay there until the offering is done) and held aside after offering."""
    cards = list(state.deck) + list(state.discard) + list(state.used)
    for under in state.under:
        cards += under
    for tableau in state.tableaux:
        cards += tableau
    return cards


def coin_total(state: ArtifactsState) -> int:
    return state.reserve + sum(state.coins)


def snapshot(state: ArtifactsState) -> tuple[Any, ...]:
    """Everything an action could change."""
    return state_snapshot(state, PICKLED_FIELDS)


def refused(state: ArtifactsState, action: object, player: int | None = None) -> bool:
    """Whether the engine refuses ``action`` (by the seat to move) and changes nothing."""
    before = snapshot(state)
    current = state.current_player()
    try:
        state.apply_action(action, player=current if player is None and current >= 0 else player)
    except IllegalActionError:
        return snapshot(state) == before
    return False


def events(state: ArtifactsState, name: str) -> list[tuple[Any, ...]]:
    return [e for e in state.events if e[0] == name]


SCARAB, ANKH, VASE, MASK = range(4)


def sails(state: ArtifactsState) -> list[int]:
    """The stops the seat to move may sail to."""
    return [a - SAIL for a in state.legal_actions() if SAIL <= a < TAKE]


def phase(state: ArtifactsState) -> int:
    """The state's phase (a call, so that type checkers do not narrow it between steps)."""
    return state.phase


def coin_events(state: ArtifactsState) -> list[tuple[int, str]]:
    return [(e[1], e[2]) for e in events(state, "coin")]


def others(monument: int) -> tuple[int, ...]:
    """Four monuments to show beside ``monument``."""
    return tuple(m for m in range(NUM_MONUMENTS) if m != monument)[:4]
