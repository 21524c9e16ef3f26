"""NILE's log lines and moves in French (see ``core.translate``): each English sentence
the game writes is matched by its pattern and said again with the rulebook's words
(carte Inondation, Offrande à Hâpi, stock)."""

from __future__ import annotations

import re
from collections.abc import Callable

CROPS = {
    "Papyrus": "Papyrus",
    "Wheat": "Blé",
    "Lettuce": "Laitue",
    "Castor": "Ricin",
    "Flax": "Lin",
}
DRAWN = {
    "dealt": "à la donne",
    "from the market": "au marché",
    "for a speculation": "grâce à une spéculation",
    "at the end of the turn": "en fin de tour",
}
WHO = r"(?P<who>You|you|your|Your|Seat \d+|seat \d+)"


def card(name: str) -> str:
    """A card's name: a crop, a speculation card, the locust, or "a card"."""
    if name in CROPS:
        return CROPS[name]
    if name.startswith("Speculation "):
        return "Spéculation " + "/".join(CROPS.get(c, c) for c in name[12:].split("/"))
    if name == "Plague of Locusts":
        return "Invasion de locustes"
    if name == "a card":
        return "une carte"
    return name


def who(text: str) -> str:
    return "Vous" if text.lower() in ("you", "your") else "Place " + text.split()[-1]


def whose(text: str, thing: str) -> str:
    """ "Your speculation" -> "votre spéculation"; "Seat 2's" -> "la spéculation de Place 2"."""
    if text.lower() in ("your", "you"):
        return (
            f"votre {thing.split()[-1]}"
            if thing.startswith("la ")
            else f"vos {thing.split(maxsplit=1)[-1]}"
        )
    return f"{thing} de Place {text.split()[-1].removesuffix(chr(39) + 's')}"


def upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def crops(n: str) -> str:
    return f"{n} culture{'s' if n not in ('0', '1') else ''}"


def verb(subject: str, you: str, other: str) -> str:
    return f"{who(subject)} {you if who(subject) == 'Vous' else other}"


def _dealt(m: re.Match[str]) -> str:
    return f"{verb(m['who'], 'recevez', 'reçoit')} {card(m['what'])}"


def _drew(m: re.Match[str]) -> str:
    return f"{verb(m['who'], 'piochez', 'pioche')} {card(m['what'])} {DRAWN[m['why']]}"


def _planted(m: re.Match[str]) -> str:
    parts = []
    for piece in m["what"].split("; "):
        over = re.fullmatch(r"overtakes (?P<w>your|Seat \d+'s) (?P<c>\w+) \((?P<n>\d+)\)", piece)
        if over is not None:
            mine = over["w"].lower() == "your"
            field = f"champ de {card(over['c'])}"
            owner = f"votre {field}" if mine else f"le {field} de Place {over['w'][5:-2]}"
            parts.append(f"dépasse {owner} ({over['n']})")
            continue
        fields = re.findall(r"(\w+) \+(\d+) = (\d+)", piece)
        parts.append(", ".join(f"{card(c)} +{a} = {s}" for c, a, s in fields))
    return f"{verb(m['who'], 'avez planté', 'a planté')} {' ; '.join(parts)}"


def _locusts(m: re.Match[str]) -> str:
    lost = re.findall(r"(Your|your|Seat \d+'s) (\w+) \((\d+)\)", m["what"])
    if not lost:
        return "Les locustes ne détruisent rien"
    return "Les locustes détruisent " + ", ".join(
        (
            f"votre champ de {card(c)}"
            if w.lower() == "your"
            else f"le champ de {card(c)} de Place {w.split()[-1].removesuffix(chr(39) + 's')}"
        )
        + f" ({n})"
        for w, c, n in lost
    )


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]
RULES: list[Rule] = [
    (re.compile(rf"^{WHO} (?:was|were) dealt (?P<what>.+)$"), _dealt),
    (
        re.compile(rf"^{WHO} drew (?P<what>a card|[\w/ ]+?) (?P<why>{'|'.join(DRAWN)})$"),
        _drew,
    ),
    (
        re.compile(r"^A speculation card left the game unseen$"),
        lambda m: "Une carte Spéculation quitte la partie sans être vue",
    ),
    (
        re.compile(r"^(?P<n>\d+) cards? of each crop left the game \(short variant\)$"),
        lambda m: (
            f"{m['n']} carte{'s' if m['n'] != '1' else ''} de chaque culture"
            f" {'quitte' if m['n'] == '1' else 'quittent'} la partie (partie courte)"
        ),
    ),
    (
        re.compile(r"^The Plague of Locusts was shuffled into the deck$"),
        lambda m: "L'Invasion de locustes est mélangée dans la pioche",
    ),
    (
        re.compile(rf"^{WHO} starts? the game$"),
        lambda m: f"{verb(m['who'], 'commencez', 'commence')} la partie",
    ),
    (re.compile(rf"^Turn (?P<n>\d+): {WHO}$"), lambda m: f"Tour {m['n']} : {who(m['who'])}"),
    (
        re.compile(r"^The Plague of Locusts is drawn as the flood$"),
        lambda m: "L'Invasion de locustes sort comme carte Inondation",
    ),
    (
        re.compile(rf"^The Plague of Locusts is drawn by {WHO}$"),
        lambda m: f"L'Invasion de locustes est piochée par {who(m['who']).lower()}",
    ),
    (re.compile(r"^Locusts destroy (?P<what>.+)$"), _locusts),
    (
        re.compile(r"^Flood: (?P<card>[\w/ ]+?)(?P<offering> \(offering\))?$"),
        lambda m: f"Inondation : {card(m['card'])}" + (" (offrande)" if m["offering"] else ""),
    ),
    (
        re.compile(r"^(?P<w>Your|Seat \d+'s) speculation matches (?P<n>\d+) crops?$"),
        lambda m: f"{upper(whose(m['w'], 'la spéculation'))} touche {crops(m['n'])}",
    ),
    (
        re.compile(r"^(?P<w>Your|Seat \d+'s) speculation cards are discarded$"),
        lambda m: f"{upper(whose(m['w'], 'les cartes Spéculation'))} vont à la défausse",
    ),
    (
        re.compile(rf"^{WHO} harvests? (?P<c>\w+)$"),
        lambda m: f"{verb(m['who'], 'récoltez', 'récolte')} {card(m['c'])}",
    ),
    (
        re.compile(r"^The deck is rebuilt: deck (?P<d>\d+), (?P<n>\d+) cards?$"),
        lambda m: f"La pioche est reconstituée : pioche {m['d']}, {m['n']} cartes",
    ),
    (
        re.compile(rf"^{WHO} ends? the turn$"),
        lambda m: f"{verb(m['who'], 'terminez', 'termine')} le tour",
    ),
    (
        re.compile(rf"^{WHO} trades?: (?P<how>market|offering to Hapi)$"),
        lambda m: (
            f"{verb(m['who'], 'négociez', 'négocie')} : "
            + ("marché" if m["how"] == "market" else "offrande à Hâpi")
        ),
    ),
    (
        re.compile(rf"^{WHO} discards? (?P<c>[\w/ ]+?) from (?P<src>hand|stock)$"),
        lambda m: (
            f"{verb(m['who'], 'défaussez', 'défausse')} {card(m['c'])} "
            + ("de la main" if m["src"] == "hand" else "du stock")
        ),
    ),
    (
        re.compile(rf"^{WHO} plants? (?P<c>\w+)$"),
        lambda m: f"{verb(m['who'], 'plantez', 'plante')} {card(m['c'])}",
    ),
    (re.compile(rf"^{WHO} planted (?P<what>.+)$"), _planted),
    (
        re.compile(rf"^{WHO} speculates?: (?P<c>.+)$"),
        lambda m: f"{verb(m['who'], 'spéculez', 'spécule')} : {card(m['c'])}",
    ),
    (
        re.compile(r"^The last deck is empty: game over$"),
        lambda m: "La dernière pioche est vide : fin de la partie",
    ),
    # moves
    (re.compile(r"^end turn$"), lambda m: "terminer le tour"),
    (re.compile(r"^done$"), lambda m: "terminé"),
    (re.compile(r"^trade: market$"), lambda m: "négocier : marché"),
    (re.compile(r"^trade: offering to Hapi$"), lambda m: "négocier : offrande à Hâpi"),
    (re.compile(r"^plant (?P<c>\w+)$"), lambda m: f"planter {card(m['c'])}"),
    (
        re.compile(r"^speculate (?P<c>\w+/\w+)$"),
        lambda m: f"spéculer {card('Speculation ' + m['c']).removeprefix('Spéculation ')}",
    ),
    (
        re.compile(r"^discard (?P<c>[\w/ ]+?) from (?P<src>hand|stock)$"),
        lambda m: (
            f"défausser {card(m['c'])} " + ("de la main" if m["src"] == "hand" else "du stock")
        ),
    ),
    (
        re.compile(r"^(?P<c>[\w/ ]+?) from (?P<src>hand|stock)$"),
        lambda m: f"{card(m['c'])} " + ("de la main" if m["src"] == "hand" else "du stock"),
    ),
    (re.compile(r"^plant$"), lambda m: "planter"),
    (re.compile(r"^speculate$"), lambda m: "spéculer"),
    (re.compile(r"^discard$"), lambda m: "défausser"),
]


def translate(text: str) -> str | None:
    """The French of one of NILE's English sentences, or None if it is not one."""
    for pattern, say in RULES:
        found = pattern.match(text)
        if found is not None:
            return say(found)
    if text in CROPS:
        return CROPS[text]
    if text.startswith("Speculation ") or "/" in text:
        return card(text if text.startswith("Speculation ") else "Speculation " + text)
    return None


#: The drawing's fixed words, fragment by fragment, in the order they are replaced.
VIEW: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r)
    for p, r in (
        (r"\bTurn (\d+)", r"Tour \1"),
        (r" - game over", " - partie terminée"),
        (r"\byou to play\b", "à vous de jouer"),
        (r"\b(seat \d+|[A-Z]\w+) to play\b", r"au tour de \1"),
        (r"phase: trade\b", "phase : négociation"),
        (r"phase: plant\b", "phase : plantation"),
        (r"phase: speculate\b", "phase : spéculation"),
        (r"phase: (\w+)", r"phase : \1"),
        (r"^Flood: ", "Inondation : "),
        (r"none yet", "pas encore"),
        (r"\(blocks ", "(bloque "),
        (r"^Deck: (\d+) cards?, deck (\d+) of (\d+)", r"Pioche : \1 cartes, pioche \2 sur \3"),
        (r"locust set aside", "locustes mises de côté"),
        (r"locust in the deck", "locustes dans la pioche"),
        (r"discard (\d+) cards?", r"défausse \1 cartes"),
        (r"^Speculation by (.+?):", r"Spéculation de \1 :"),
        (r"^Being planted:", "En cours de plantation :"),
        (r"^Trade \(market\): (\d+) cards? to pick", r"Négociation (marché) : \1 carte(s) à payer"),
        (
            r"^Trade \(offering\): (\d+) cards? to pick",
            r"Négociation (offrande) : \1 carte(s) à payer",
        ),
        (r"^Players \(stock piles: \? face down\)", "Joueurs (piles du stock : ? face cachée)"),
        (r"^Fields: ", "Champs : "),
        (r"^Your hand: ", "Votre main : "),
        (
            r"^Piles from the smallest \(the largest smallest pile wins; a tie looks at the"
            r" next\):",
            "Piles de la plus petite à la plus grande (la plus grande plus petite pile gagne ;"
            " à égalité, on regarde la suivante) :",
        ),
        (r" - wins$", " - gagne"),
        (
            r" won with the largest smallest pile \((\d+)\)\.",
            r" gagne avec la plus grande petite pile (\1).",
        ),
        (
            r" won on the tie-break: the piles were equal up to the ",
            " gagne au départage : piles égales jusqu'à la ",
        ),
        (
            r", and the (\S+) pile \((\d+)\) was larger\.",
            r", et la pile suivante (\2) est plus grande.",
        ),
        (r"^A draw: (.+) have the same five piles\.", r"Égalité : \1 ont les mêmes cinq piles."),
        (r"\bsmallest\b", "plus petite"),
        (r"\bsecond-smallest\b", "deuxième"),
        (r"\bthird-smallest\b", "troisième"),
        (r"\bfourth-smallest\b", "quatrième"),
        (r"^You\b", "Vous"),
        (r"\byou\b", "vous"),
        (r"\bseat (\d+)", r"place \1"),
        (r"^Seat (\d+)", r"Place \1"),
        (r"\bSpeculation\b", "Spéculation"),
        (r"\bnone\b", "aucune"),
        *((rf"\b{en}\b", fr) for en, fr in CROPS.items() if en != fr),
    )
]

#: The players table's column names.
COLUMNS = {"seat": "place", "hand": "main", "stock": "stock"}


def view(text: str) -> str:
    """A line of NILE's drawing in French (the words it knows; numbers and names stay)."""
    for pattern, replacement in VIEW:
        text = pattern.sub(replacement, text)
    return text
