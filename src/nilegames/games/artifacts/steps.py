"""NILE ARTIFACTS moves in steps (see ``core.steps``): the kind of move under a fixed key,
then the stop or the card (by region, then type, when there are many)."""

from __future__ import annotations

KEYS = {
    "sail": "s",
    "take": "t",
    "offer": "o",
    "buy the top card": "p",
    "turn around": "r",
    "done offering": "d",
    "wild counts as": "w",
}

HELP = {
    "sail": "sail your boat the way it faces, to a space with cards or to the port",
    "take": "take one card from under the space where your boat stopped",
    "offer": "offer a card you keep to the monuments; done offering when you have chosen",
    "buy the top card": "pay coins for the top card of the deck instead of sailing",
    "turn around": "pay coins to turn your boat before sailing (once a turn)",
    "done offering": "stop offering: the cards offered raise the monuments they fit",
    "wild counts as": "name the type your wild card counts as in this offering",
}

HELP_FR = {
    "sail": "menez votre bateau dans le sens où il regarde, vers une case avec des cartes"
    " ou vers le port",
    "take": "prenez une carte sous la case où votre bateau s'est arrêté",
    "offer": "offrez une carte aux monuments ; « done offering » quand vous avez choisi",
    "buy the top card": "payez des pièces pour la carte du dessus de la pioche au lieu de naviguer",
    "turn around": "payez des pièces pour faire demi-tour avant de naviguer (une fois par tour)",
    "done offering": "cessez d'offrir : les cartes offertes élèvent les monuments qu'elles servent",
    "wild counts as": "annoncez le type que votre carte joker vaut dans cette offrande",
}


def path(words: str) -> tuple[str, ...]:
    """``sail to space 3 (blue)`` -> ("sail", "to space 3 (blue)"); ``offer red vase x2``
    -> ("offer", "red", "vase x2"); costs in brackets stay with the kind of move."""
    for fixed in ("buy the top card", "turn around", "done offering", "wild counts as"):
        if words.startswith(fixed):
            rest = words.removeprefix(fixed).strip()
            if fixed == "wild counts as" and rest:
                return (fixed, rest)
            return (fixed,)
    verb, _, rest = words.partition(" ")
    if verb in ("offer", "take"):
        region, _, kind = rest.partition(" ")
        return (verb, region, kind) if kind else (verb, rest)
    return (verb, rest) if rest else (verb,)
