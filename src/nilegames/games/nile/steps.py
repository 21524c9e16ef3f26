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


def path(words: str) -> tuple[str, ...]:
    """``plant Wheat`` -> ("plant", "Wheat"); ``discard Wheat from stock`` -> ("discard",
    "Wheat from stock"); the trades and end of turn are one step each."""
    if words.startswith("trade: ") or words in ("end turn", "done"):
        return (words,)
    verb, _, rest = words.partition(" ")
    return (verb, rest) if rest else (verb,)
