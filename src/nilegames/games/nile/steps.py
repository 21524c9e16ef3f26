"""NILE moves in steps (see ``core.steps``): the kind of move under a fixed key, then
the card.  Discards name the card and where it comes from (hand or stock)."""

from __future__ import annotations

#: The same key always means the same kind of move (u, l, q, h, b are the front end's).
KEYS = {
    "plant": "p",
    "speculate": "s",
    "discard": "d",
    "trade: market": "m",
    "trade: offering to Hapi": "o",
    "end turn": "e",
    "done": "e",
}

HELP = {
    "plant": "lay one crop card from your hand in front of you; lay the next, then 'done'"
    " (two or more of one crop start a field, or one card each of two crops, or cards on"
    " fields you own)",
    "speculate": "lay a speculation card instead of planting: each crop it shares with the"
    " next flood pays you 3 cards",
    "discard": "pay for the trade you chose: two cards from your hand or your stock",
    "trade: market": "give two cards (hand or stock) to draw one card",
    "trade: offering to Hapi": "give two cards to turn a new flood card at once: its crops"
    " are harvested and are the ones you may not play this turn",
    "end turn": "stop trading and go on (plant, speculate, or draw your two cards)",
    "done": "finish the planting (or speculation) and draw two cards",
}

HELP_FR = {
    "plant": "posez une carte Culture de votre main devant vous, puis la suivante, puis"
    " « terminé » (deux cartes ou plus d'une culture ouvrent un champ, ou une carte de deux"
    " cultures chacune, ou des cartes sur vos propres champs)",
    "speculate": "posez une carte Spéculation au lieu de planter : chaque culture qu'elle"
    " partage avec la prochaine inondation vous rapporte 3 cartes",
    "discard": "payez la négociation choisie : deux cartes de votre main ou de votre stock",
    "trade: market": "donnez deux cartes (main ou stock) pour en piocher une",
    "trade: offering to Hapi": "donnez deux cartes pour retourner aussitôt une nouvelle carte"
    " Inondation : ses cultures sont récoltées, et ce sont elles que vous ne pouvez pas jouer",
    "end turn": "cessez de négocier et passez à la suite (planter, spéculer ou piocher)",
    "done": "terminez la plantation (ou la spéculation) et piochez deux cartes",
}


def path(words: str) -> tuple[str, ...]:
    """``plant Wheat`` -> ("plant", "Wheat"); ``discard Wheat from stock`` -> ("discard",
    "Wheat from stock"); the trades and end of turn are one step each."""
    if words.startswith("trade: ") or words in ("end turn", "done"):
        return (words,)
    verb, _, rest = words.partition(" ")
    return (verb, rest) if rest else (verb,)
