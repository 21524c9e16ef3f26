"""AN DEN UFERN DES NILS moves in steps (see ``core.steps``): the kind of move under a
fixed key, then the crop or the card, then the bank, then the field (and the market row
for a harvest); a bid is its number of plants."""

from __future__ import annotations

import re

KEYS = {
    "sow": "s",
    "grow": "g",
    "harvest": "v",
    "lay": "a",
    "water": "w",
    "desert": "d",
    "ebb": "x",
    "end actions": "e",
    "buy": "p",
    "spend a joker": "j",
    "put": "o",
    "rot": "r",
    "bid": "n",
    "desert spreads in": "z",
}

HELP = {
    "sow": "an action point: put a seed of your crop on a free field",
    "grow": "an action point: a seed on a field becomes a ripe plant",
    "harvest": "an action point: a ripe plant goes from its field to a market row",
    "lay": "set a plant on a field at the start of the game",
    "water": "lay a water card from one of your stacks on a field next to the river",
    "desert": "lay the desert card on a field",
    "ebb": "take the water off a row as the flood ebbs",
    "end actions": "stop acting this turn (unspent points are lost)",
    "buy": "spend points on a joker or on a seed back from the boat",
    "spend a joker": "a joker gives one more action point this turn",
    "put": "send a plant of yours into the boat",
    "rot": "choose the market row, or the plant, that the rot strikes",
    "bid": "how many plants you bid, in secret",
    "desert spreads in": "choose the row the desert spreads into",
}

HELP_FR = {
    "sow": "un point d'action : une semence de votre culture sur un champ libre",
    "grow": "un point d'action : une semence sur un champ devient une plante mûre",
    "harvest": "un point d'action : une plante mûre va de son champ à une rangée du marché",
    "lay": "posez une plante sur un champ au début de la partie",
    "water": "posez une carte eau d'une de vos piles sur un champ au bord du fleuve",
    "desert": "posez la carte désert sur un champ",
    "ebb": "retirez l'eau d'une rangée quand la crue reflue",
    "end actions": "arrêtez d'agir ce tour-ci (les points non dépensés sont perdus)",
    "buy": "dépensez des points pour un joker ou pour racheter une semence au bateau",
    "spend a joker": "un joker donne un point d'action de plus ce tour-ci",
    "put": "envoyez une de vos plantes dans le bateau",
    "rot": "choisissez la rangée du marché, ou la plante, que la pourriture frappe",
    "bid": "combien de plantes vous misez, en secret",
    "desert spreads in": "choisissez la rangée où le désert s'étend",
}

_FIELD = re.compile(
    r"^(?P<head>.*?) ?\b(?:on the|onto the|from the|the) (?P<bank>north|south)"
    r" (?P<row>\d-row)(?P<field> field \d+ \(\d+ palms?\))?(?P<tail>.*)$"
)
_BID = re.compile(r"^bid (?P<n>\d+) plants?$")


def path(words: str) -> tuple[str, ...]:
    """``sow flax on the north 4-row field 3 (2 palms) (1 pt)`` -> ("sow", "flax",
    "north bank", "4-row field 3 (2 palms) (1 pt)"); ``bid 3 plants`` -> ("bid", "3")."""
    bid = _BID.match(words)
    if bid is not None:
        return ("bid", bid["n"])
    if words in ("end actions", "spend a joker (+1 action point)"):
        return (words.partition(" (")[0],)
    if words.startswith("the desert spreads in the "):
        bank, _, row = words.removeprefix("the desert spreads in the ").partition(" ")
        return ("desert spreads in", f"{bank} bank", row)
    found = _FIELD.match(words)
    if found is None:
        verb, _, rest = words.partition(" ")
        return (verb, rest) if rest else (verb,)
    verb, _, what = found["head"].partition(" ")
    verb = verb.rstrip(":")
    steps = [verb]
    if what and verb not in ("desert", "ebb", "grow", "harvest"):
        steps.append(what.removeprefix("of "))
    steps.append(f"{found['bank']} bank")
    place = found["row"] + (found["field"] or "")
    tail = found["tail"].strip()
    if tail.startswith("to "):
        market, _, cost = tail.partition(" (1 pt)")
        steps += [place, market + cost]
    else:
        steps.append(f"{place} {tail}".strip())
    return tuple(steps)
