"""A quick estimate of how a NILE ARTIFACTS position stands for one seat (greedy, cut playouts).

Favour decides the game, so the estimate is a favour lead.  A seat's standing is its
favour, what its levels on open monuments pay if the game ended now (2 or 5), what the
cards in front of it could climb next (each open monument whose next condition those
cards already meet counts part of that climb), and a little for every card and coin.  An
offering under way is judged as if it were made now, so adding a card that climbs is
worth more than one that does not.  Seats are compared through a logistic curve whose
scale is about one completed monument.  Every part is public: it leaks nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from nilegames.core.log import clauses, events_since
from nilegames.core.ranking import expected_return
from nilegames.games.artifacts.cards import CARDS, NUM_STOPS, NUM_TYPES, WILD
from nilegames.games.artifacts.monuments import (
    COMPLETED_FAVOUR,
    LEVELS,
    MONUMENTS,
    Condition,
    artifact_counts,
    meets,
    region_counts,
)
from nilegames.games.artifacts.state import BUYING, DECLARING, OFFERING, PRICE, SAILING, TAKING

if TYPE_CHECKING:
    from nilegames.games.artifacts.state import ArtifactsState

#: Favour lead that makes a 73% chance to stay ahead: about one monument's worth.
SCALE = 8.0
#: What a level is worth while its monument is open: the end pays 2 and 5, and a
#: completed monument 10 (and 2 or 5 to the others).
LEVEL_WORTH = (0.0, 2.5, 6.0, COMPLETED_FAVOUR[LEVELS])
#: The share of a climb counted when the cards in hand already meet its condition.
READY_SHARE = 0.5
#: What a card or three coins are worth besides the climbs they make ready.
CARD_WORTH = 0.4
#: What each stop with cards still ahead of a sailing boat is worth: a card to come.
FUTURE_SHARE = 0.3


def _could_meet(condition: Condition, cards: Sequence[int]) -> bool:
    """Whether ``cards`` meet ``condition`` with each wild counted as the best type for it."""
    wilds = sum(1 for c in cards if CARDS[c].type == WILD)
    plain = [c for c in cards if CARDS[c].type != WILD]
    artifacts = artifact_counts(plain, [CARDS[c].type for c in plain])
    regions = region_counts(cards)
    if wilds and condition.family in ("type", "pair", "same"):
        target = (
            condition.types[0]
            if condition.types
            else max(range(NUM_TYPES), key=artifacts.__getitem__)
        )
        artifacts[target] += wilds
    elif wilds and condition.family == "diff":
        for kind in range(NUM_TYPES):
            if wilds and not artifacts[kind]:
                artifacts[kind] = 1
                wilds -= 1
    return meets(condition, artifacts, regions)


def climbs(
    state: ArtifactsState, seat: int, cards: Sequence[int], declared: Sequence[int]
) -> list[int]:
    """The display slots an offering of ``cards`` (wilds as ``declared``) would raise."""
    artifacts = artifact_counts(cards, declared)
    regions = region_counts(cards)
    raised = []
    for slot, monument in enumerate(state.shown):
        level = state.levels[slot][seat]
        if level < LEVELS and meets(MONUMENTS[monument].levels[level], artifacts, regions):
            raised.append(slot)
    return raised


def _climb_value(state: ArtifactsState, seat: int, slots: Sequence[int]) -> float:
    return sum(
        LEVEL_WORTH[state.levels[s][seat] + 1] - LEVEL_WORTH[state.levels[s][seat]] for s in slots
    )


def planned_offering(state: ArtifactsState, seat: int) -> tuple[list[int], list[int]]:
    """The offering ``seat`` is judged to make: what it has offered, plus the cards of its
    hand that add a climb, with every wild not yet named counted as the best single type.

    Every condition asks for "at least", so the whole hand climbs everything any part of
    it can; cards that no climb needs are then dropped one by one.  Atomic offering steps
    need this look-ahead: one card alone never meets a condition.
    """
    offered = list(state.offering)
    if seat == state.seat and state.phase in (OFFERING, DECLARING):
        fixed = list(state.declared)
    else:
        offered, fixed = [], []
    rest = [c for c in state.tableaux[seat] if c not in offered]
    cards = offered + rest
    best: tuple[float, list[int], list[int]] | None = None
    kinds = range(NUM_TYPES) if any(CARDS[c].type == WILD for c in cards) else range(1)
    for kind in kinds:
        declared = fixed + [kind if CARDS[c].type == WILD else CARDS[c].type for c in rest]
        declared = [kind if t < 0 else t for t in declared]
        raised = climbs(state, seat, cards, declared)
        value = _climb_value(state, seat, raised)
        if best is None or value > best[0]:
            best = (value, cards[:], declared)
    assert best is not None
    _, chosen, declared = best
    target = climbs(state, seat, chosen, declared)
    for card in sorted(rest, key=lambda c: -c):
        index = chosen.index(card)
        trial = chosen[:index] + chosen[index + 1 :]
        trial_declared = declared[:index] + declared[index + 1 :]
        if climbs(state, seat, trial, trial_declared) == target:
            chosen, declared = trial, trial_declared
    return chosen, target


def standing(state: ArtifactsState, seat: int) -> float:
    """``seat``'s favour now plus what its levels, cards and coins should still bring."""
    phase = state.phase
    hand = list(state.tableaux[seat])
    raised: list[int] = []
    if seat == state.seat and phase in (OFFERING, DECLARING):
        offering, raised = planned_offering(state, seat)
        hand = [c for c in hand if c not in offering]
    elif seat == state.seat and phase == TAKING:
        # The boat has stopped: the best card under it is as good as taken.
        under = state.under[state.boats[seat]]
        hand.append(max(under, key=lambda c: _hand_value(state, seat, [*hand, c])))
    value = float(state.favour[seat]) + _hand_value(state, seat, hand, raised)
    if phase in (SAILING, TAKING, BUYING) and not state.arrived[seat]:
        value += FUTURE_SHARE * _stops_ahead(state, seat)
    return value


def _hand_value(
    state: ArtifactsState, seat: int, hand: Sequence[int], raised: Sequence[int] = ()
) -> float:
    value = 0.0
    for slot, monument in enumerate(state.shown):
        level = state.levels[slot][seat] + (slot in raised)
        value += LEVEL_WORTH[level]
        if level < LEVELS and _could_meet(MONUMENTS[monument].levels[level], hand):
            value += READY_SHARE * (LEVEL_WORTH[level + 1] - LEVEL_WORTH[level])
    return value + CARD_WORTH * (len(hand) + state.coins[seat] / PRICE)


def _stops_ahead(state: ArtifactsState, seat: int) -> int:
    """Stops with cards the boat can still reach this step, going the way it faces."""
    step = state.facing[seat]
    stop = state.boats[seat] + step
    count = 0
    while 0 < stop < NUM_STOPS - 1:
        count += bool(state.under[stop])
        stop += step
    return count


def evaluate(state: ArtifactsState, player: int) -> float:
    """Expected return of ``player`` (between -1 and +1) judged from the table now."""
    if state.is_terminal():
        return state.returns()[player]
    standings = [standing(state, seat) for seat in range(state.n)]
    return expected_return(standings, player, SCALE)


#: The words of :func:`explain_move`, per language.
EXPLAIN = {
    "en": {
        "seat": "seat {n}",
        "favour": "you won {mine} favour, {rival} {theirs}",
        "coins": "your coins went from {old} to {new}",
        "took": "{rival} took the {card}",
        "more": "{first} (and {n} more)",
        "no_climb": "your offering raised no monument",
        "turn_around": "you paid 3 coins to turn around",
    },
    "fr": {
        "seat": "la place {n}",
        "favour": "vous avez gagné {mine} de faveur, {rival} en a gagné {theirs}",
        "coins": "vos pièces sont passées de {old} à {new}",
        "took": "{rival} a pris {card}",
        "more": "{first} (et {n} {others})",
        "no_climb": "votre offrande n’a élevé aucun monument",
        "turn_around": "vous avez payé 3 pièces pour faire demi-tour",
    },
}


def _card_words(card: dict[str, Any], lang: str) -> str:
    """A card as a rival's take names it: "blue scarab" (taken as "the blue scarab"), in
    French with its article, "le scarabée bleu", "l’ankh vert"."""
    kind = "wild" if card["type"] == "?" else card["type"]  # (views draw a wild as "?")
    if lang != "fr":
        return f"{card['region']} {kind}"
    from nilegames.games.artifacts.words_fr import card as french  # (loaded only for a review)

    name = french(f"{card['region']} {kind}")
    return ("l’" if name[0] in "aeiouh" else "le ") + name


def explain_move(
    before: dict[str, Any], played: str, after: dict[str, Any], lang: str = "en"
) -> str:
    """What the seat's move led to by its next choice, in words (for ``nilegames review``):
    favour won by it and its rivals, coins, and cards rivals took that it might have; in
    ``lang`` (English or French)."""
    lang = lang if lang in EXPLAIN else "en"
    words = EXPLAIN[lang]
    seat = before["seat"]
    parts: list[str] = []
    gains = [new - old for old, new in zip(before["favour"], after["favour"], strict=True)]
    rivals = [s for s in range(len(gains)) if s != seat]
    best_rival = max(rivals, key=lambda s: (gains[s], -s))
    if gains[seat] or gains[best_rival]:
        rival = words["seat"].format(n=best_rival)
        parts.append(
            words["favour"].format(mine=gains[seat], rival=rival, theirs=gains[best_rival])
        )
    coins = after["coins"][seat] - before["coins"][seat]
    if coins:
        parts.append(words["coins"].format(old=before["coins"][seat], new=after["coins"][seat]))
    taken: list[str] = []
    for event in events_since(before, after):
        kind = event["event"]
        if kind == "take" and event["seat"] != seat:
            rival = words["seat"].format(n=event["seat"])
            taken.append(words["took"].format(rival=rival, card=_card_words(event["card"], lang)))
        elif kind == "offered" and event["seat"] == seat and not event["climbs"]:
            parts.append(words["no_climb"])
        elif kind == "turn_around" and event["seat"] == seat:
            parts.append(words["turn_around"])
    if len(taken) == 1:
        parts.append(taken[0])
    elif taken:
        others = "autre" if len(taken) == 2 else "autres"
        parts.append(words["more"].format(first=taken[0], n=len(taken) - 1, others=others))
    return clauses(parts, lang=lang)
