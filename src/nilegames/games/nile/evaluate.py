"""A quick estimate of how a NILE position stands for one seat (greedy bots, cut playouts).

NILE ranks seats by their smallest crop pile, then the next one, so a card is worth more
the smaller the pile it joins: a seat's strength adds a concave function (log(1 + x))
of each crop's pile, which prizes balance as the scoring does.  Fields count for part of
their size
(they are harvested one card per matching flood, and locusts or a larger planting can
wipe them out), cards in hand for a little.  Against each opponent the difference of
strengths becomes a chance of finishing ahead (a logistic curve), and those chances give
the expected return on the game's scale: +1 first, -1 last.

It reads only what the seat may see: stocks, fields and hand sizes are public; the
planting under way and the hand are the seat's own when it is the one planting.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from nilegames.core.log import clauses, events_since
from nilegames.core.ranking import expected_return
from nilegames.games.nile.cards import NUM_CROPS
from nilegames.games.nile.state import PLANT

if TYPE_CHECKING:
    from nilegames.games.nile.state import NileState

#: How much of a field's size counts as future stock.
FIELD_SHARE = 0.5
#: What one card in hand is worth, in units of strength.
HAND_CARD = 0.05
#: Strength difference (in weighted cards) at which a lead is a 73% chance to stay ahead.
SCALE = 0.5


def strength(state: NileState, seat: int) -> float:
    """The sum of log(1 + pile) over crops for ``seat``, fields and hand counted in part."""
    piles = [float(c) for c in state.stocks[seat]]
    owner, size = state.owner, state.size
    planting = state.phase == PLANT and state.seat == seat
    for crop in range(NUM_CROPS):
        if owner[crop] == seat:
            piles[crop] += FIELD_SHARE * size[crop]
        if planting:
            piles[crop] += FIELD_SHARE * state.planted[crop]
    value = sum(math.log1p(pile) for pile in piles)
    return value + HAND_CARD * state.hand_size[seat]


def evaluate(state: NileState, player: int) -> float:
    """Expected return of ``player`` (between -1 and +1) judged from the board now."""
    if state.is_terminal():
        return state.returns()[player]
    strengths = [strength(state, seat) for seat in range(state.n)]
    return expected_return(strengths, player, SCALE)


def explain_move(before: dict[str, Any], played: str, after: dict[str, Any]) -> str:
    """What the seat's move led to by its next choice, in words (for ``nilegames review``):
    fields it lost (overtaken, eaten by locusts), harvests, and its stock's change."""
    seat = before["seat"]
    parts: list[str] = []
    harvests: dict[str, list[str]] = {}

    def lost(crop: str, size: int, how: str, did: str) -> str:
        if played.lower().startswith("plant") and crop.lower() in played.lower():
            return f"planting {crop} let {how} your {crop} ({size})"
        return f"{did} your {crop} ({size})"

    for event in events_since(before, after):
        kind = event["event"]
        if kind == "planted" and event["seat"] != seat:
            rival = f"seat {event['seat']}"
            for field in event["overtaken"]:
                if field["owner"] == seat:
                    parts.append(
                        lost(field["crop"], field["size"], f"{rival} overtake", f"{rival} overtook")
                    )
        elif kind == "locust":
            for field in event["destroyed"]:
                if field["owner"] == seat:
                    parts.append(lost(field["crop"], field["size"], "locusts eat", "locusts ate"))
        elif kind == "harvest":
            who = "you" if event["seat"] == seat else f"seat {event['seat']}"
            harvests.setdefault(who, []).append(event["crop"])
    parts.extend(f"{who} harvested {clauses(crops, 5)}" for who, crops in harvests.items())
    old, new = sum(before["stocks"][seat].values()), sum(after["stocks"][seat].values())
    if new != old:
        parts.append(f"your stock went from {old} to {new} cards")
    old, new = before["hand_sizes"][seat], after["hand_sizes"][seat]
    if new != old:
        parts.append(f"your hand went from {old} to {new} cards")
    if not parts and not any(f["owner"] == seat for f in after["fields"]):
        parts.append("you had no field growing")
    return clauses(parts)
