"""What a seat sees of a NILE ARTIFACTS game (all of the table), and the words for it.

Nothing on the table is secret: cards under the river and in front of the players are
face up, coins and levels are public.  Only the deck's order and the 6 monuments left
in the box are unknown, and neither exists in the state (draws are chance nodes), so
every seat's observation is the public one with its seat number.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from nilegames.core import CHANCE, Observation
from nilegames.core.log import does, plural, viewer_log, who
from nilegames.games.artifacts.actions import (
    BUY,
    DECLARE,
    DONE,
    OFFER,
    SAIL,
    TAKE,
    TURN_AROUND,
)
from nilegames.games.artifacts.cards import (
    CARDS,
    COIN_STOPS,
    LEFT_PORT,
    NUM_STOPS,
    REGION_KEYS,
    RIGHT_PORT,
    STOP_REGION,
    TYPE_KEYS,
    WILD,
    card_key,
)
from nilegames.games.artifacts.monuments import MONUMENTS, as_data
from nilegames.games.artifacts.state import (
    BUYING,
    DEAL,
    FIRST,
    OVER,
    PHASE_NAMES,
    PRICE,
    REVEAL,
    STEP_NAMES,
)

if TYPE_CHECKING:
    from nilegames.games.artifacts.state import ArtifactsState

GAME_OVER_REASONS = {
    "monuments": "the last round after the last monument was revealed is over",
    "round limit": "the round limit was reached",
}


def stop_name(stop: int) -> str:
    if stop == LEFT_PORT:
        return "the left port"
    if stop == RIGHT_PORT:
        return "the right port"
    return f"space {stop} ({REGION_KEYS[STOP_REGION[stop]]})"


def card_data(card_id: int) -> dict[str, Any]:
    """A card as views draw it: id, space, region, type ("?" for a wild) and artifacts."""
    card = CARDS[card_id]
    return {
        "id": card_id,
        "space": card.space,
        "region": REGION_KEYS[card.region],
        "type": "?" if card.type == WILD else TYPE_KEYS[card.type],
        "artifacts": card.artifacts,
    }


@cache
def monument_data(monument: int) -> dict[str, Any]:
    """A monument's fixed face: its name and the condition of each level."""
    return {
        "id": monument,
        "name": MONUMENTS[monument].name,
        "levels": [as_data(condition) for condition in MONUMENTS[monument].levels],
    }


@cache
def river_layout() -> list[dict[str, Any]]:
    """The board's fixed data: each stop's region (None at a port) and coin."""
    return [
        {
            "stop": stop,
            "port": stop in (LEFT_PORT, RIGHT_PORT),
            "region": REGION_KEYS[STOP_REGION[stop]] if STOP_REGION[stop] >= 0 else None,
            "coin": stop in COIN_STOPS,
        }
        for stop in range(NUM_STOPS)
    ]


def build_observation(state: ArtifactsState, viewer: int | None) -> Observation:
    """The view of ``viewer`` (a seat, or None for a spectator), as JSON-ready data."""
    playing = state.current_player() >= 0 or state.phase == BUYING
    obs: Observation = {
        "game": "artifacts",
        "players": state.n,
        "seat": viewer,
        "round": state.round,
        "final_round": state.final_round,
        "phase": PHASE_NAMES[state.phase],
        "step": STEP_NAMES[state.phase],
        "current_player": state.current_player(),
        "active_seat": state.seat if playing else None,
        "first_player": state.first if state.first >= 0 else None,
        "river": [
            {**stop, "cards": [card_data(c) for c in sorted(state.under[stop["stop"]])]}
            for stop in river_layout()
        ],
        "boats": [
            {
                "seat": seat,
                "stop": state.boats[seat],
                "facing": "right" if state.facing[seat] > 0 else "left",
                "in_port": state.arrived[seat],
            }
            for seat in range(state.n)
        ],
        "coins": list(state.coins),
        "favour": list(state.favour),
        "tableaux": [[card_data(c) for c in sorted(cards)] for cards in state.tableaux],
        "monuments": [
            {**monument_data(m), "followers": list(levels)}
            for m, levels in zip(state.shown, state.levels, strict=True)
        ],
        "monument_pile": state.pile_left,
        "deck": len(state.deck),
        "discard": [card_data(c) for c in sorted(state.discard)],
        "reserve": state.reserve,
        "turned_around": state.turned,
        "offering": {
            "cards": [card_data(c) for c in state.offering],
            "declared": [TYPE_KEYS[t] if t >= 0 else None for t in state.declared],
            "used": [card_data(c) for c in state.used],
        },
        "log": viewer_log(state.log_views, state.events, viewer, event_view),
    }
    if state.phase == OVER:
        returns = state.returns()
        obs["result"] = {
            "favour": list(state.favour),
            "cards_kept": [len(t) for t in state.tableaux],
            "returns": returns,
            "winners": [s for s, r in enumerate(returns) if r == max(returns)],
        }
    return obs


def event_view(event: tuple[Any, ...], viewer: int | None) -> dict[str, Any]:
    """One log event in words (the same for every viewer but for "you")."""
    kind, *rest = event
    view: dict[str, Any] = {"event": kind}
    if kind == "reveal":
        monument, pile = rest
        view.update(monument=monument, pile=pile)
        view["text"] = f"{MONUMENTS[monument].name} is revealed ({pile} left in the pile)"
    elif kind == "first":
        view.update(seat=rest[0], text=f"{does(rest[0], viewer, 'play')} first")
    elif kind == "round":
        number, first, final = rest
        view.update(round=number, first=first, final=final)
        last = " (the last)" if final else ""
        view["text"] = f"Round {number}{last}: {who(first, viewer)} first"
    elif kind == "last_round":
        view["text"] = "The last monument is revealed: the next round is the last"
    elif kind == "reshuffle":
        view.update(
            cards=rest[0], text=f"The {rest[0]} discarded cards are shuffled into a new deck"
        )
    elif kind == "deal":
        card = rest[0]
        view.update(
            card=card_data(card),
            text=f"A {card_key(CARDS[card])} card is laid under space {CARDS[card].space}",
        )
    elif kind == "sail":
        seat, start, stop = rest
        view.update(seat=seat, start=start, stop=stop)
        view["text"] = f"{does(seat, viewer, 'sail')} to {stop_name(stop)}"
    elif kind == "take":
        seat, card = rest
        view.update(seat=seat, card=card_data(card))
        view["text"] = f"{does(seat, viewer, 'take')} the {card_key(CARDS[card])}"
    elif kind == "coin":
        seat, reason = rest
        view.update(seat=seat, reason=reason)
        where = {"port": "in port", "space": "from the space", "waiting": "waiting in port"}[reason]
        view["text"] = f"{who(seat, viewer)}: +1 coin {where}"
    elif kind == "turn_around":
        view.update(
            seat=rest[0], text=f"{does(rest[0], viewer, 'pay')} {PRICE} coins to turn around"
        )
    elif kind == "buy":
        view.update(
            seat=rest[0], text=f"{does(rest[0], viewer, 'pay')} {PRICE} coins for the top card"
        )
    elif kind == "bought":
        seat, card = rest
        view.update(seat=seat, card=card_data(card))
        view["text"] = f"{does(seat, viewer, 'buy', 'buys')} the {card_key(CARDS[card])}"
    elif kind == "offerings":
        view["text"] = "Every boat is in port: offerings"
    elif kind == "offer":
        seat, card = rest
        view.update(seat=seat, card=card_data(card))
        view["text"] = f"{does(seat, viewer, 'offer')} the {card_key(CARDS[card])}"
    elif kind == "declare":
        seat, card, kind_ = rest
        view.update(seat=seat, card=card_data(card), type=TYPE_KEYS[kind_])
        view["text"] = f"{who(seat, viewer)}: the wild card counts as a {TYPE_KEYS[kind_]}"
    elif kind == "offered":
        seat, cards, _declared, climbs = rest
        view.update(
            seat=seat,
            cards=[card_data(c) for c in cards],
            climbs=[{"monument": m, "level": level} for m, level in climbs],
        )
        if climbs:
            up = ", ".join(f"{MONUMENTS[m].name} to level {level}" for m, level in climbs)
            view["text"] = f"{who(seat, viewer)} offered {plural(len(cards), 'card')}: {up}"
        else:
            view["text"] = (
                f"{who(seat, viewer)} offered {plural(len(cards), 'card')}: no monument rises"
            )
    elif kind == "completed":
        monument, levels, gains = rest
        view.update(monument=monument, levels=list(levels), gains=list(gains))
        view["text"] = f"{MONUMENTS[monument].name} is complete: favour " + ", ".join(
            f"{who(s, viewer).lower()} +{g}" for s, g in enumerate(gains)
        )
    elif kind == "game_over":
        reason, gains, favour = rest
        view.update(reason=reason, gains=list(gains), favour=list(favour))
        view["text"] = (
            f"Game over: {GAME_OVER_REASONS[reason]}; unfinished monuments pay "
            + ", ".join(f"{who(s, viewer).lower()} +{g}" for s, g in enumerate(gains))
        )
    return view


def action_words(state: ArtifactsState, action: int) -> str:
    """The words of ``action`` in ``state``: a seat's move, or a chance outcome."""
    if state.current_player() == CHANCE:
        phase = state.phase
        if phase == REVEAL:
            return f"reveal: {MONUMENTS[action].name}"
        if phase == FIRST:
            return f"first player: seat {action}"
        if phase in (DEAL, BUYING):
            card = CARDS[action]
            return f"draw: {card_key(card)} (space {card.space}, card {action})"
        return str(action)
    if action == BUY:
        return f"buy the top card ({PRICE} coins)"
    if action == TURN_AROUND:
        return f"turn around ({PRICE} coins)"
    if action == DONE:
        return "done offering"
    if action >= DECLARE:
        return f"wild counts as {TYPE_KEYS[action - DECLARE]}"
    if action >= OFFER:
        return f"offer {card_key(CARDS[action - OFFER])}"
    if action >= TAKE:
        return f"take {card_key(CARDS[action - TAKE])}"
    return f"sail to {stop_name(action - SAIL)}"
