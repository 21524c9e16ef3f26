"""What each seat may see of a NILE state, and the words for actions and events.

Hands are private.  Stocks are face down (seed 000): a seat sees its own stock and the
size of the others', unless the table plays with ``open_stocks``; at the end every
stock is shown for the scoring.  What was harvested and what was discarded from a stock
stays in the public log, as it happened in view of the table, so a player with perfect
recall can still rebuild every stock (docs/rules/nile.md, "Hidden information").  Cards
drawn from the deck are seen by the drawer alone; speculation cards removed in the short
two-player variant are seen by nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from nilegames.core import CHANCE, TERMINAL, Observation
from nilegames.core.log import does, viewer_log, who
from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import (
    CROPS,
    FIRST_SPECULATION,
    KIND_CROPS,
    KIND_NAMES,
    LOCUST,
    NUM_CROPS,
)
from nilegames.games.nile.rules import score_key
from nilegames.games.nile.state import Phase

if TYPE_CHECKING:
    from nilegames.games.nile.state import NileState

PHASE_NAMES = {
    Phase.REMOVE: "setup",
    Phase.DEAL: "setup",
    Phase.FIRST_PLAYER: "setup",
    Phase.FLOOD: "flood",
    Phase.DRAW: "draw",
    Phase.TRADE: "trade",
    Phase.PICK: "trade",
    Phase.PLANT: "plant",
    Phase.SPECULATE: "speculate",
    Phase.OVER: "game over",
}
DRAW_REASONS = {
    "deal": "dealt",
    "market": "from the market",
    "speculation": "for a speculation",
    "turn": "at the end of the turn",
}


def counts_by_name(counts: Sequence[int], names: Sequence[str] = KIND_NAMES) -> dict[str, int]:
    return {names[k]: c for k, c in enumerate(counts) if c}


def whose(seat: int, viewer: int | None, *, first: bool = True) -> str:
    """The possessive: "Your" ("your" inside a sentence) or "Seat 2's"."""
    if seat == viewer:
        return "Your" if first else "your"
    return f"Seat {seat}'s"


def build_observation(state: NileState, viewer: int | None) -> Observation:
    """The view of ``viewer`` (a seat, or None for a spectator), as JSON-ready data."""
    flood = state.flood
    shown = state.game.open_stocks or state.phase == Phase.OVER
    obs: Observation = {
        "game": "nile",
        "players": state.n,
        "seat": viewer,
        "turn": state.turn,
        "active_seat": state.seat if state.seat >= 0 and state.phase != Phase.OVER else None,
        "current_player": state.current_player(),
        "phase": PHASE_NAMES[Phase(state.phase)],
        "flood": KIND_NAMES[flood] if flood >= 0 else None,
        "blocked": [CROPS[c] for c in KIND_CROPS[flood]] if flood >= 0 else [],
        "flood_pile": counts_by_name(
            [c + (k == flood and state.flood_on_pile) for k, c in enumerate(state.flood_below)]
        ),
        "deck": {"size": state.deck_size, "number": state.deck_number, "of": state.n},
        "discard": counts_by_name(state.discard),
        "locust": "set aside" if state.locust_aside else "in the deck",
        "removed": {
            "crops": counts_by_name(state.removed[:NUM_CROPS]),
            "speculations_unseen": sum(state.removed[FIRST_SPECULATION:LOCUST]),
        },
        "fields": [
            {"crop": CROPS[c], "owner": state.owner[c], "size": state.size[c]}
            for c in range(NUM_CROPS)
            if state.size[c]
        ],
        "planting": counts_by_name(state.planted, CROPS),
        "speculations": (
            {"seat": state.speculation_seat, "cards": [KIND_NAMES[k] for k in state.speculations]}
            if state.speculations
            else None
        ),
        "trade": (
            {
                "kind": "market" if state.trade == act.MARKET else "offering",
                "cards_left": state.picks_left,
            }
            if state.picks_left
            else None
        ),
        "hand_sizes": list(state.hand_size),
        "stocks": [
            dict(zip(CROPS, stock, strict=True)) if shown or seat == viewer else None
            for seat, stock in enumerate(state.stocks)
        ],
        "stock_sizes": [sum(stock) for stock in state.stocks],
        "log": _log(state, viewer),
    }
    if viewer is not None:
        obs["hand"] = counts_by_name(state.hands[viewer])
    if state.current_player() == TERMINAL:
        obs["result"] = {
            "piles": [list(score_key(stock)) for stock in state.stocks],
            "returns": state.returns(),
            "winners": [s for s, r in enumerate(state.returns()) if r == max(state.returns())],
        }
    return obs


def _log(state: NileState, viewer: int | None) -> list[dict[str, Any]]:
    """The viewer's log (see core.log): words for new events are made once."""
    return viewer_log(state.log_views, state.events, viewer, event_view)


def event_view(event: tuple[Any, ...], viewer: int | None) -> dict[str, Any]:
    """One log event as ``viewer`` saw it: the cards others drew stay hidden."""
    kind, *rest = event
    view: dict[str, Any] = {"event": kind}
    if kind == "draw":
        seat, reason, _deck, card, _index = rest
        if seat < 0:
            view.update(event="removed", text="A speculation card left the game unseen")
            return view
        shown = KIND_NAMES[card] if seat == viewer else None
        view.update(seat=seat, reason=reason, card=shown)
        what = shown if shown else "a card"
        if reason == "deal":
            verb = "were" if seat == viewer else "was"
            view["text"] = f"{who(seat, viewer)} {verb} dealt {what}"
        else:
            view["text"] = f"{who(seat, viewer)} drew {what} {DRAW_REASONS[reason]}"
    elif kind == "removed_crops":
        count = rest[0]
        cards = "card" if count == 1 else "cards"
        view["count"] = count
        view["text"] = f"{count} {cards} of each crop left the game (short variant)"
    elif kind == "locust_shuffled":
        view["text"] = "The Plague of Locusts was shuffled into the deck"
    elif kind == "first_player":
        view.update(seat=rest[0], text=f"{does(rest[0], viewer, 'start')} the game")
    elif kind == "turn":
        view.update(seat=rest[0], turn=rest[1], text=f"Turn {rest[1]}: {who(rest[0], viewer)}")
    elif kind == "locust_drawn":
        seat = rest[0]
        by = "as the flood" if seat < 0 else f"by {who(seat, viewer).lower()}"
        view.update(seat=seat if seat >= 0 else None, text=f"The Plague of Locusts is drawn {by}")
    elif kind == "locust":
        lost = [{"crop": CROPS[c], "owner": o, "size": s} for c, o, s in rest[0]]
        view["destroyed"] = lost
        parts = [
            f"{whose(d['owner'], viewer, first=False)} {d['crop']} ({d['size']})" for d in lost
        ]
        view["text"] = "Locusts destroy " + (", ".join(parts) if parts else "nothing")
    elif kind == "flood":
        card, reason, _deck = rest
        view.update(card=KIND_NAMES[card], reason=reason)
        view["text"] = f"Flood: {KIND_NAMES[card]}" + (
            " (offering)" if reason == "offering" else ""
        )
    elif kind == "payout":
        seat, matches = rest
        view.update(seat=seat, matches=matches)
        crops = "crop" if matches == 1 else "crops"
        view["text"] = f"{whose(seat, viewer)} speculation matches {matches} {crops}"
    elif kind == "speculations_discarded":
        view.update(seat=rest[0], text=f"{whose(rest[0], viewer)} speculation cards are discarded")
    elif kind == "harvest":
        crop, owner = rest
        view.update(crop=CROPS[crop], seat=owner)
        view["text"] = f"{does(owner, viewer, 'harvest')} {CROPS[crop]}"
    elif kind == "reshuffle":
        number, composition = rest
        view.update(deck=number, cards=counts_by_name(composition))
        view["text"] = f"The deck is rebuilt: deck {number}, {sum(composition)} cards"
    elif kind == "pass":
        view.update(seat=rest[0], text=f"{does(rest[0], viewer, 'end')} the turn")
    elif kind == "trade":
        seat, action = rest
        name = "market" if action == act.MARKET else "offering to Hapi"
        view.update(seat=seat, trade=name, text=f"{does(seat, viewer, 'trade')}: {name}")
    elif kind == "discard":
        seat, source, card = rest
        view.update(seat=seat, source=source, card=KIND_NAMES[card])
        view["text"] = f"{does(seat, viewer, 'discard')} {KIND_NAMES[card]} from {source}"
    elif kind == "plant":
        seat, crop = rest
        view.update(
            seat=seat, crop=CROPS[crop], text=f"{does(seat, viewer, 'plant')} {CROPS[crop]}"
        )
    elif kind == "planted":
        seat, outcome = rest
        fields = [
            {"crop": CROPS[o[1]], "added": o[2], "size": o[3]} for o in outcome if o[0] == "field"
        ]
        overtaken = [
            {"crop": CROPS[o[1]], "owner": o[2], "size": o[3]}
            for o in outcome
            if o[0] == "overtake"
        ]
        view.update(seat=seat, fields=fields, overtaken=overtaken)
        text = ", ".join(f"{f['crop']} +{f['added']} = {f['size']}" for f in fields)
        for o in overtaken:
            text += (
                f"; overtakes {whose(o['owner'], viewer, first=False)} {o['crop']} ({o['size']})"
            )
        view["text"] = f"{who(seat, viewer)} planted {text}"
    elif kind == "speculate":
        seat, card = rest
        view.update(seat=seat, card=KIND_NAMES[card])
        view["text"] = f"{does(seat, viewer, 'speculate')}: {KIND_NAMES[card]}"
    elif kind == "game_over":
        view.update(returns=list(rest[0]), text="The last deck is empty: game over")
    return view


def action_words(state: NileState, action: int) -> str:
    """The words of ``action`` in ``state``: a seat's move, or a chance outcome."""
    player = state.current_player()
    if player == CHANCE:
        if state.phase == Phase.FIRST_PLAYER:
            return f"first player: seat {action}"
        if state.phase == Phase.REMOVE:
            return f"remove {KIND_NAMES[action]}"
        if state.phase == Phase.FLOOD:
            return f"flood: {KIND_NAMES[action]}"
        return f"draw: {KIND_NAMES[action]}"
    if action == act.DONE:
        return "end turn" if state.phase == Phase.TRADE else "done"
    if action == act.MARKET:
        return "trade: market"
    if action == act.OFFERING:
        return "trade: offering to Hapi"
    if act.DISCARD_HAND <= action < act.DISCARD_STOCK:
        return f"discard {KIND_NAMES[action - act.DISCARD_HAND]} from hand"
    if act.DISCARD_STOCK <= action < act.PLANT:
        return f"discard {CROPS[action - act.DISCARD_STOCK]} from stock"
    if act.PLANT <= action < act.SPECULATE:
        return f"plant {CROPS[action - act.PLANT]}"
    if act.SPECULATE <= action < act.NUM_ACTIONS:
        return f"speculate {KIND_NAMES[action - act.SPECULATE + FIRST_SPECULATION][12:]}"
    return f"action {action}"
