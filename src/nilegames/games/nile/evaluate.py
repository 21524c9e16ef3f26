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


#: The words of :func:`explain_move`, per language.
EXPLAIN = {
    "en": {
        "seat": "seat {n}",
        "overtaken_by_planting": "planting {crop} let {rival} overtake your {crop} ({size})",
        "overtaken": "{rival} overtook your {crop} ({size})",
        "eaten_by_planting": "planting {crop} let locusts eat your {crop} ({size})",
        "eaten": "locusts ate your {crop} ({size})",
        "you_harvested": "you harvested {crops}",
        "harvested": "{rival} harvested {crops}",
        "stock": "your stock went from {old} to {new} cards",
        "hand": "your hand went from {old} to {new} cards",
        "no_field": "you had no field growing",
    },
    "fr": {
        "seat": "la place {n}",
        "overtaken_by_planting": (
            "votre plantation de {crop} a permis à {rival} de dépasser votre champ de {crop}"
            " ({size})"
        ),
        "overtaken": "{rival} a dépassé votre champ de {crop} ({size})",
        "eaten_by_planting": (
            "votre plantation de {crop} a laissé les locustes détruire votre champ de {crop}"
            " ({size})"
        ),
        "eaten": "les locustes ont détruit votre champ de {crop} ({size})",
        "you_harvested": "vous avez récolté {crops}",
        "harvested": "{rival} a récolté {crops}",
        "stock": "votre stock est passé de {old} à {new} {cards}",
        "hand": "votre main est passée de {old} à {new} {cards}",
        "no_field": "vous n’aviez aucun champ en culture",
    },
}


def explain_move(
    before: dict[str, Any], played: str, after: dict[str, Any], lang: str = "en"
) -> str:
    """What the seat's move led to by its next choice, in words (for ``nilegames review``):
    fields it lost (overtaken, eaten by locusts), harvests, and its stock's change; in
    ``lang`` (English or French; ``played`` is the move's English words)."""
    from nilegames.games.nile.words_fr import CROPS  # (loaded only for a review)

    lang = lang if lang in EXPLAIN else "en"
    words = EXPLAIN[lang]

    def say(key: str, **values: Any) -> str:
        if "crop" in values and lang == "fr":
            values["crop"] = CROPS.get(values["crop"], values["crop"])
        if "new" in values:
            values["cards"] = "carte" if values["new"] <= 1 else "cartes"
        return words[key].format(**values)

    seat = before["seat"]
    parts: list[str] = []
    harvests: dict[int, list[str]] = {}

    def lost(crop: str, size: int, how: str, rival: str = "") -> str:
        if played.lower().startswith("plant") and crop.lower() in played.lower():
            return say(f"{how}_by_planting", crop=crop, size=size, rival=rival)
        return say(how, crop=crop, size=size, rival=rival)

    for event in events_since(before, after):
        kind = event["event"]
        if kind == "planted" and event["seat"] != seat:
            rival = say("seat", n=event["seat"])
            for field in event["overtaken"]:
                if field["owner"] == seat:
                    parts.append(lost(field["crop"], field["size"], "overtaken", rival))
        elif kind == "locust":
            for field in event["destroyed"]:
                if field["owner"] == seat:
                    parts.append(lost(field["crop"], field["size"], "eaten"))
        elif kind == "harvest":
            crop = event["crop"]
            if lang == "fr":  # with its partitive article: "du Blé", "de la Laitue"
                crop = ("de la " if crop == "Lettuce" else "du ") + CROPS.get(crop, crop)
            harvests.setdefault(event["seat"], []).append(crop)
    for who, crops in harvests.items():
        harvested = clauses(crops, 5, lang)
        if who == seat:
            parts.append(say("you_harvested", crops=harvested))
        else:
            parts.append(say("harvested", rival=say("seat", n=who), crops=harvested))
    old, new = sum(before["stocks"][seat].values()), sum(after["stocks"][seat].values())
    if new != old:
        parts.append(say("stock", old=old, new=new))
    old, new = before["hand_sizes"][seat], after["hand_sizes"][seat]
    if new != old:
        parts.append(say("hand", old=old, new=new))
    if not parts and not any(f["owner"] == seat for f in after["fields"]):
        parts.append(say("no_field"))
    return clauses(parts, lang=lang)
