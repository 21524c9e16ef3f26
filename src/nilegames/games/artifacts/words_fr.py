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


#: The monuments' French names (monuments.py order; the page's FR_MONUMENTS).
MONUMENTS = {
    "Temple of Amun": "Temple d'Amon", "Obelisk of Ra": "Obélisque de Rê",
    "Shrine of Bastet": "Sanctuaire de Bastet", "House of Thoth": "Maison de Thot",
    "Tomb of Osiris": "Tombeau d'Osiris", "Temple of Hathor": "Temple d'Hathor",
    "Great Sphinx": "Grand Sphinx", "Pyramid of Khufu": "Pyramide de Khéops",
    "Abu Simbel": "Abou Simbel", "Colossi of Memnon": "Colosses de Memnon", "Karnak": "Karnak",
    "Luxor Temple": "Temple de Louxor", "Temple of Isis": "Temple d'Isis",
    "Temple of Sobek": "Temple de Sobek", "Temple of Anubis": "Temple d'Anubis",
    "Temple of Ptah": "Temple de Ptah", "Temple of Hatshepsut": "Temple d'Hatchepsout",
    "Valley of the Kings": "Vallée des Rois",
}  # fmt: skip


def monument(name: str) -> str:
    return MONUMENTS.get(name, name)


def up_to(text: str) -> str:
    """ "jusqu'à" and a stop, "à le" said "au": "jusqu'au port de gauche"."""
    said = f"jusqu'à {stop(text)}"
    return said.replace("jusqu'à le ", "jusqu'au ")


def gains(text: str) -> str:
    return re.sub(r"\bseat (\d+)", r"place \1", text.replace("you", "vous"))


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]
RULES: list[Rule] = [
    (
        re.compile(r"^(?P<m>.+) is revealed \((?P<n>\d+) left in the pile\)$"),
        lambda m: f"Nouveau monument : {monument(m['m'])} (encore {m['n']} dans la pile)",
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
        lambda m: f"{verb(m['who'], 'naviguez', 'navigue')} {up_to(m['stop'])}",
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
        lambda m: f"Monument achevé : {monument(m['m'])} ; faveur {gains(m['g'])}",
    ),
    (
        re.compile(rf"^Game over: (?P<why>{'|'.join(ENDS)}); unfinished monuments pay (?P<g>.+)$"),
        lambda m: (
            f"Fin de la partie : {ENDS[m['why']]} ; les monuments inachevés rapportent"
            f" {gains(m['g'])}"
        ),
    ),
    # moves and their steps
    (re.compile(r"^sail to (?P<stop>.+)$"), lambda m: f"naviguer {up_to(m['stop'])}"),
    (re.compile(r"^to (?P<stop>.+)$"), lambda m: up_to(m["stop"])),
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


#: The drawing's fixed words, fragment by fragment, in the order they are replaced.
VIEW: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r)
    for p, r in (
        (
            r"^Cards: Sc scarab, An ankh, Va vase, Ma mask, \? wild \(its owner names the type\),"
            r" x2 worth two artifacts$",
            "Cartes : Sc scarabée, An ankh, Va vase, Ma masque, ? joker (son propriétaire en"
            " annonce le type), x2 vaut deux artefacts",
        ),
        (
            r"^Boats: 0> sails right, <0 sails left, \* done sailing this step; \$ a coin for"
            r" stopping$",
            "Bateaux : 0> va à droite, <0 va à gauche, * a fini de naviguer ; $ une pièce pour"
            " s'y arrêter",
        ),
        (r"^NILE ARTIFACTS - round (\d+)", r"NILE ARTIFACTS - manche \1"),
        (r" \(the last\)", " (la dernière)"),
        (r"phase: offerings", "phase : offrandes"),
        (r"phase: navigation", "phase : navigation"),
        (r"phase: (\w+)", r"phase : \1"),
        (r"\((sail|offer|take|declare)\)", r"(\1)"),
        (r"\byou to play\b", "à vous de jouer"),
        (r"\b(seat \d+|[A-Z]\w+) to play\b", r"au tour de \1"),
        (r"; first player: ", " ; premier joueur : "),
        (
            r"^Deck: (\d+) cards?; discard: (\d+) cards?; monuments in the pile: (\d+); coins in"
            r" the reserve: (\d+)",
            r"Pioche : \1 cartes ; défausse : \2 cartes ; monuments dans la pile : \3 ; pièces en"
            r" réserve : \4",
        ),
        (r"^Monuments \((\d+) in the pile\)$", r"Monuments (\1 dans la pile)"),
        (r"^monument$", "monument"),
        (r"^level (\d)$", r"niveau \1"),
        (r"^Players$", "Joueurs"),
        (r"^seat$", "place"),
        (r"^coins$", "pièces"),
        (r"^favour$", "faveur"),
        (r"^boat$", "bateau"),
        (r"^cards$", "cartes"),
        (r"^stop$", "arrêt"),
        (r"^region$", "région"),
        (r"^coin$", "pièce"),
        (r"^your boat$", "vous"),
        (r"^boat (\d)$", r"bateau \1"),
        (r"^left$", "G"),
        (r"^right$", "D"),
        (r"\bthe left port\b", "le port de gauche"),
        (r"\bthe right port\b", "le port de droite"),
        (r"\bspace (\d+)\b", r"la case \1"),
        (r" facing left", " tourné à gauche"),
        (r" facing right", " tourné à droite"),
        (r", done sailing", ", a fini de naviguer"),
        (r"(\d) more of either", r"\1 de plus de l'une des deux"),
        (r"(\d) different types", r"\1 types différents"),
        (r"(\d) of one type", r"\1 d'un même type"),
        (r"(\d) (blue|green|red) cards", r"\1 cartes \2"),
        (r"^Offering by (.+?): ", r"Offrande de \1 : "),
        (r"no card yet", "aucune carte encore"),
        (r"\(type not named yet\)", "(type pas encore annoncé)"),
        (r"\(as (\w+)\)", r"(comme \1)"),
        (
            r"^Offered this step, set aside: (\d+) cards?",
            r"Offertes à cette étape, mises de"
            r" côté : \1 carte(s)",
        ),
        (
            r"^Game over\. Winner: (.+?)\. Favour: (.+?); cards kept \(ties\): ",
            r"Fin de la partie. Gagnant : \1. Faveur : \2 ; cartes gardées (départage) : ",
        ),
        (
            r"^Favour \(the most wins; on a tie, the most cards kept\):",
            "Faveur (le plus gagne ; à égalité, le plus de cartes gardées) :",
        ),
        (r": (\d+) favour, (\d+) cards? kept", r" : \1 faveur, \2 carte(s) gardée(s)"),
        (r" - wins$", " - gagne"),
        (r" won with the most favour \((\d+)\)\.", r" gagne avec le plus de faveur (\1)."),
        (
            r" won on the tie-break: equal favour \((\d+)\), more cards kept \((.+)\)\.",
            r" gagne au départage : faveur égale (\1), plus de cartes gardées (\2).",
        ),
        (r" against ", " contre "),
        (
            r"^A tie on favour and cards kept: (.+) share the win\.",
            r"Égalité de faveur et de cartes gardées : \1 se partagent la victoire.",
        ),
        (r"\b(\d) (scarab|ankh|vase|mask) or (scarab|ankh|vase|mask)\b", r"\1 \2 ou \3"),
        (r"\bnone\b", "aucune"),
        (r"\b(blue|green|red) (scarab|ankh|vase|mask|wild)", r"\2 \1"),
        (r"^You\b", "Vous"),
        (r"\byou\b", "vous"),
        (r"\bseat (\d+)", r"place \1"),
        (r"\bport\b", "port"),
        (r"\bscarab\b", "scarabée"),
        (r"\bmask\b", "masque"),
        (r"\bwild\b", "joker"),
        (r"\bblue\b", "bleu"),
        (r"\bgreen\b", "vert"),
        (r"\bred\b", "rouge"),
        (r" \+ ", " + "),
    )
]


def view(text: str) -> str:
    """A piece of ARTIFACTS' drawing in French (the words it knows; marks and names stay)."""
    for pattern, replacement in VIEW:
        text = pattern.sub(replacement, text)
    return text
