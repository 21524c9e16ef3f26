"""NILE ARTIFACTS' log lines and moves in French (see ``core.translate``), with the
rulebook's words (Faveur divine, demi-tour, joker); monuments keep their names."""

from __future__ import annotations

import re
from collections.abc import Callable

TYPES = {"scarab": "scarabée", "ankh": "ankh", "vase": "vase", "mask": "masque", "wild": "joker"}
REGIONS = {"blue": "bleu", "green": "vert", "red": "rouge"}
WHO = r"(?P<who>You|you|Seat \d+|seat \d+)"
CARD = r"(?P<card>(?:blue|green|red) (?:scarab|ankh|vase|mask|wild)(?: x2)?)"
ENDS = {
    "the last round after the last monument was revealed is over": "la manche qui suivait"
    " la révélation du dernier monument est finie",
    "the round limit was reached": "la limite de manches est atteinte",
}


def who(text: str) -> str:
    return "Vous" if text.lower() == "you" else "Place " + text.split()[-1]


def verb(subject: str, you: str, other: str) -> str:
    return f"{who(subject)} {you if who(subject) == 'Vous' else other}"


def card(text: str) -> str:
    """ "blue scarab x2" -> "scarabée bleu x2"."""
    region, kind, *double = text.split()
    return " ".join([TYPES[kind], REGIONS[region], *double])


def stop(text: str) -> str:
    if text == "the left port":
        return "le port de gauche"
    if text == "the right port":
        return "le port de droite"
    found = re.fullmatch(r"space (\d+) \((\w+)\)", text)
    return f"la case {found[1]} ({REGIONS[found[2]]})" if found else text


def gains(text: str) -> str:
    return re.sub(r"\bseat (\d+)", r"place \1", text.replace("you", "vous"))


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]
RULES: list[Rule] = [
    (
        re.compile(r"^(?P<m>.+) is revealed \((?P<n>\d+) left in the pile\)$"),
        lambda m: f"{m['m']} est révélé (encore {m['n']} dans la pile)",
    ),
    (
        re.compile(rf"^{WHO} plays? first$"),
        lambda m: f"{verb(m['who'], 'jouez', 'joue')} en premier",
    ),
    (
        re.compile(rf"^Round (?P<n>\d+)(?P<last> \(the last\))?: {WHO} first$"),
        lambda m: (
            f"Manche {m['n']}{' (la dernière)' if m['last'] else ''} : {who(m['who'])} en premier"
        ),
    ),
    (
        re.compile(r"^The last monument is revealed: the next round is the last$"),
        lambda m: "Le dernier monument est révélé : la prochaine manche est la dernière",
    ),
    (
        re.compile(r"^The (?P<n>\d+) discarded cards are shuffled into a new deck$"),
        lambda m: f"Les {m['n']} cartes défaussées forment une nouvelle pioche",
    ),
    (
        re.compile(rf"^A {CARD} card is laid under space (?P<n>\d+)$"),
        lambda m: f"Une carte {card(m['card'])} est posée sous la case {m['n']}",
    ),
    (
        re.compile(rf"^{WHO} sails? to (?P<stop>.+)$"),
        lambda m: f"{verb(m['who'], 'naviguez', 'navigue')} jusqu'à {stop(m['stop'])}",
    ),
    (
        re.compile(rf"^{WHO} takes? the {CARD}$"),
        lambda m: f"{verb(m['who'], 'prenez', 'prend')} la carte {card(m['card'])}",
    ),
    (
        re.compile(rf"^{WHO}: \+1 coin (?P<where>in port|from the space|waiting in port)$"),
        lambda m: (
            f"{who(m['who'])} : +1 pièce "
            + {
                "in port": "au port",
                "from the space": "de la case",
                "waiting in port": "en attendant au port",
            }[m["where"]]
        ),
    ),
    (
        re.compile(rf"^{WHO} pays? (?P<n>\d+) coins to turn around$"),
        lambda m: f"{verb(m['who'], 'payez', 'paie')} {m['n']} pièces pour faire demi-tour",
    ),
    (
        re.compile(rf"^{WHO} pays? (?P<n>\d+) coins for the top card$"),
        lambda m: f"{verb(m['who'], 'payez', 'paie')} {m['n']} pièces pour la carte du dessus",
    ),
    (
        re.compile(rf"^{WHO} buys? the {CARD}$"),
        lambda m: f"{verb(m['who'], 'achetez', 'achète')} la carte {card(m['card'])}",
    ),
    (
        re.compile(r"^Every boat is in port: offerings$"),
        lambda m: "Tous les bateaux sont au port : offrandes",
    ),
    (
        re.compile(rf"^{WHO} offers? the {CARD}$"),
        lambda m: f"{verb(m['who'], 'offrez', 'offre')} la carte {card(m['card'])}",
    ),
    (
        re.compile(rf"^{WHO}: the wild card counts as an? (?P<t>\w+)$"),
        lambda m: f"{who(m['who'])} : le joker compte comme {TYPES[m['t']]}",
    ),
    (
        re.compile(rf"^{WHO} offered (?P<n>\d+) cards?: (?P<up>.+)$"),
        lambda m: (
            f"{verb(m['who'], 'avez offert', 'a offert')} {m['n']}"
            f" carte{'s' if int(m['n']) > 1 else ''} : "
            + (
                "aucun monument ne s'élève"
                if m["up"] == "no monument rises"
                else re.sub(r" to level (\d)", r" au niveau \1", m["up"])
            )
        ),
    ),
    (
        re.compile(r"^(?P<m>.+) is complete: favour (?P<g>.+)$"),
        lambda m: f"{m['m']} est achevé : faveur {gains(m['g'])}",
    ),
    (
        re.compile(rf"^Game over: (?P<why>{'|'.join(ENDS)}); unfinished monuments pay (?P<g>.+)$"),
        lambda m: (
            f"Fin de la partie : {ENDS[m['why']]} ; les monuments inachevés rapportent"
            f" {gains(m['g'])}"
        ),
    ),
    # moves and their steps
    (re.compile(r"^sail to (?P<stop>.+)$"), lambda m: f"naviguer jusqu'à {stop(m['stop'])}"),
    (re.compile(r"^to (?P<stop>.+)$"), lambda m: f"jusqu'à {stop(m['stop'])}"),
    (re.compile(rf"^take {CARD}$"), lambda m: f"prendre {card(m['card'])}"),
    (re.compile(rf"^offer {CARD}$"), lambda m: f"offrir {card(m['card'])}"),
    (
        re.compile(r"^buy the top card \((?P<n>\d+) coins\)$"),
        lambda m: f"acheter la carte du dessus ({m['n']} pièces)",
    ),
    (
        re.compile(r"^turn around \((?P<n>\d+) coins\)$"),
        lambda m: f"faire demi-tour ({m['n']} pièces)",
    ),
    (re.compile(r"^done offering$"), lambda m: "fin des offrandes"),
    (
        re.compile(r"^wild counts as (?P<t>\w+)$"),
        lambda m: f"le joker compte comme {TYPES[m['t']]}",
    ),
    (re.compile(r"^wild counts as$"), lambda m: "le joker compte comme"),
    (re.compile(r"^buy the top card$"), lambda m: "acheter la carte du dessus"),
    (re.compile(r"^turn around$"), lambda m: "faire demi-tour"),
    (re.compile(r"^sail$"), lambda m: "naviguer"),
    (re.compile(r"^take$"), lambda m: "prendre"),
    (re.compile(r"^offer$"), lambda m: "offrir"),
    (
        re.compile(r"^(?P<t>scarab|ankh|vase|mask|wild)(?P<x> x2)?$"),
        lambda m: TYPES[m["t"]] + (m["x"] or ""),
    ),
    (re.compile(r"^(?P<r>blue|green|red)$"), lambda m: REGIONS[m["r"]]),
]


def translate(text: str) -> str | None:
    """The French of one of NILE ARTIFACTS' English sentences, or None if it is not one."""
    for pattern, say in RULES:
        found = pattern.match(text)
        if found is not None:
            return say(found)
    return None
