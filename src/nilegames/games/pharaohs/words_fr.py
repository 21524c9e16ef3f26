"""NIL's log lines, moves and drawing in French (see ``core.translate``), with the
rulebook's words (chevalet, tuile universelle, croisement)."""

from __future__ import annotations

import re
from collections.abc import Callable

from nilegames.games.pharaohs.render import LEGEND

TILES = {
    "Straight": "Ligne droite",
    "Diagonal": "Diagonale",
    "Side bend": "Coude",
    "Corner bend": "Coude de coin",
    "Left 45": "Gauche 45°",
    "Right 45": "Droite 45°",
    "Left 135": "Gauche 135°",
    "Right 135": "Droite 135°",
    "Universal": "Universelle",
}
SIDES = {"N": "N", "NE": "NE", "E": "E", "SE": "SE", "S": "S", "SW": "SO", "W": "O", "NW": "NO"}
ENDS = {
    "the river reached the goal": "le fleuve a atteint le but",
    "the bag and a rack are empty": "le sac et un chevalet sont vides",
    "no tile was laid for two rounds": "aucune tuile posée pendant deux tours de table",
}
WHO = r"(?P<who>You|you|Seat \d+|seat \d+)"
TILE = "|".join(sorted(map(re.escape, TILES), key=len, reverse=True))


def who(text: str) -> str:
    return "Vous" if text.lower() == "you" else "Place " + text.split()[-1]


def verb(subject: str, you: str, other: str) -> str:
    return f"{who(subject)} {you if who(subject) == 'Vous' else other}"


def tile(name: str) -> str:
    """A tile's name, "Universal as Straight" as "Universelle (Ligne droite)"."""
    if name.startswith("Universal as "):
        return f"Universelle ({TILES[name[13:]]})"
    if name == "Universal crossing":
        return "Universelle en croisement"
    return TILES.get(name, name)


def cell(name: str) -> str:
    return f"but {name[5:]}" if name.startswith("goal ") else name


def tiles(text: str) -> str:
    """ "2 Diagonal, 1 Left 45" in French; "nothing" as "rien"."""
    if text == "nothing":
        return "rien"
    return ", ".join(f"{n} {tile(t)}" for n, t in re.findall(rf"(\d+) ({TILE})", text))


def _lay(m: re.Match[str]) -> str:
    text = f"{verb(m['who'], 'posez', 'pose')} {tile(m['tile'])} sur {cell(m['cell'])}"
    if m["crossed"]:
        text += f", en croisant le fleuve (la {tile(m['crossed'])} retourne dans le sac)"
    text += f" : {m['points']}"
    if m["cellpts"]:
        text += f", case {m['cellpts']}"
    if m["paid"]:
        text += ", zone déjà payée ce tour-ci"
    return text


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]
RULES: list[Rule] = [
    (
        re.compile(rf"^{WHO} draws? (?P<t>{TILE}) to decide who starts$"),
        lambda m: f"{verb(m['who'], 'tirez', 'tire')} {tile(m['t'])} pour désigner qui commence",
    ),
    (
        re.compile(r"^Totals (?P<t>[\d, ]+); the tiles go back$"),
        lambda m: f"Totaux {m['t']} ; les tuiles retournent dans le sac",
    ),
    (
        re.compile(r"^A tie for the highest total: lots are drawn$"),
        lambda m: "Égalité pour le plus haut total : on tire au sort",
    ),
    (
        re.compile(rf"^{WHO} starts? the game$"),
        lambda m: f"{verb(m['who'], 'commencez', 'commence')} la partie",
    ),
    (
        re.compile(rf"^{WHO} drew a tile$"),
        lambda m: f"{verb(m['who'], 'piochez', 'pioche')} une tuile",
    ),
    (
        re.compile(rf"^{WHO} drew (?P<t>{TILE})$"),
        lambda m: f"{verb(m['who'], 'piochez', 'pioche')} {tile(m['t'])}",
    ),
    (re.compile(rf"^Turn (?P<n>\d+): {WHO}$"), lambda m: f"Tour {m['n']} : {who(m['who'])}"),
    (
        re.compile(
            rf"^{WHO} lays? (?P<tile>(?:Universal as )?(?:{TILE})) on (?P<cell>goal [A-U]|[A-U]\d+)"
            rf"(?:, crossing the river \(the (?P<crossed>{TILE}) goes back to the bag\))?"
            r": (?P<points>[+-]\d+)(?:, cell (?P<cellpts>[+-]\d+))?"
            r"(?P<paid>, zone already paid this turn)?$"
        ),
        _lay,
    ),
    (
        re.compile(rf"^{WHO}: all five tiles in one turn, \+(?P<n>\d+)$"),
        lambda m: f"{who(m['who'])} : les cinq tuiles en un tour, +{m['n']}",
    ),
    (
        re.compile(rf"^{WHO} ends? the turn: (?P<n>\d+) tiles?, (?P<p>[+-]\d+)$"),
        lambda m: (
            f"{verb(m['who'], 'terminez', 'termine')} le tour : {m['n']}"
            f" tuile{'s' if int(m['n']) > 1 else ''}, {m['p']}"
        ),
    ),
    (
        re.compile(
            rf"^{WHO} cannot lay a tile and shows? (?P<rack>.+): -(?P<pen>\d+), five new tiles$"
        ),
        lambda m: (
            f"{verb(m['who'], 'ne pouvez', 'ne peut')} poser aucune tuile et"
            f" {'montrez' if who(m['who']) == 'Vous' else 'montre'} {tiles(m['rack'])} :"
            f" -{m['pen']}, cinq nouvelles tuiles"
        ),
    ),
    (
        re.compile(rf"^Game over: (?P<why>{'|'.join(ENDS)}); tiles left count against$"),
        lambda m: f"Fin de la partie : {ENDS[m['why']]} ; les tuiles restantes sont déduites",
    ),
    # moves
    (re.compile(r"^end turn$"), lambda m: "terminer le tour"),
    (
        re.compile(
            rf"^(?P<tile>Universal crossing|(?:Universal as )?(?:{TILE})) on"
            r" (?P<cell>goal [A-U]|[A-U]\d+), (?P<a>\w+) to (?P<b>\w+)$"
        ),
        lambda m: (
            f"{tile(m['tile'])} sur {cell(m['cell'])}, de {SIDES[m['a']]} vers {SIDES[m['b']]}"
        ),
    ),
    (re.compile(r"^as (?P<t>.+)$"), lambda m: f"comme {tile(m['t'])}"),
    (re.compile(r"^crossing$"), lambda m: "en croisement"),
    (re.compile(r"^on (?P<cell>goal [A-U]|[A-U]\d+)$"), lambda m: f"sur {cell(m['cell'])}"),
    (
        re.compile(r"^(?P<a>[NSEW]{1,2}) to (?P<b>[NSEW]{1,2})$"),
        lambda m: f"de {SIDES[m['a']]} vers {SIDES[m['b']]}",
    ),
]


def translate(text: str) -> str | None:
    """The French of one of NIL's English sentences, or None if it is not one."""
    for pattern, say in RULES:
        found = pattern.match(text)
        if found is not None:
            return say(found)
    return TILES.get(text)


LEGEND_FR = (
    "Fleuve : chaque tuile montre sa direction d'entrée et de sortie (→→ tout droit, →↗ 45°,"
    " →↑ 90°, →↖ 135°) et qui l'a posée (sa couleur ; a, b... sur un écran large) ;"
    " en inverse vidéo : celles du dernier tour.",
    "Cases : +24 = +240 points, -16 = -160, u16 = une zone rouge en U (-160 une fois par"
    " tour, quel que soit le nombre de ses cases) ; @ la case de la prochaine tuile ;"
    " G : ce que rapporte le but.",
)

#: The drawing's fixed words, fragment by fragment.
VIEW: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r)
    for p, r in (
        (r"\bTurn (\d+)", r"Tour \1"),
        (r" - game over", " - partie terminée"),
        (r"\byou to play\b", "à vous de jouer"),
        (r"\b(seat \d+|[A-Z]\w+) to play\b", r"au tour de \1"),
        (r"phase: play\b", "phase : pose"),
        (r"phase: (\w+)", r"phase : \1"),
        (
            r"^Bag: (\d+) tiles?; universal tiles on the board: (\d+)",
            r"Sac : \1 tuiles ; tuiles universelles sur le plateau : \2",
        ),
        (r"^This turn: (\d+) tiles?, ([+-]\d+) points", r"Ce tour : \1 tuile(s), \2 points"),
        (r": (-?\d+) points, (\d+) tiles? in rack", r" : \1 points, \2 tuile(s) au chevalet"),
        (r"^Your rack: ", "Votre chevalet : "),
        (
            r"^Next tile: on (\S+) \(@\), entering by its (\w+) side",
            r"Prochaine tuile : sur \1 (@), en entrant par son côté \2",
        ),
        (
            r"^The river has reached the end of the goal column",
            "Le fleuve a atteint le bout de la colonne but",
        ),
        (re.escape(LEGEND[0]), LEGEND_FR[0]),
        (re.escape(LEGEND[1]), LEGEND_FR[1]),
        (
            r"^Scores \(tiles left in a rack count against it\):",
            "Scores (les tuiles restées au chevalet sont déduites) :",
        ),
        (r"; tiles left: ", " ; tuiles restantes : "),
        (r" points\b", " points"),
        (r" - wins$", " - gagne"),
        (r" won with the highest score\.", " gagne avec le meilleur score."),
        (
            r"^A tie on points: (.+) share the place\.",
            r"Égalité de points : \1 partagent la place.",
        ),
        (r"\bempty\b", "vide"),
        (r"^You\b", "Vous"),
        (r"\byou\b", "vous"),
        (r"\bseat (\d+)", r"place \1"),
        *(
            (rf"\b{re.escape(en)}\b", fr)
            for en, fr in sorted(TILES.items(), key=lambda t: -len(t[0]))
        ),
    )
]


def view(text: str) -> str:
    """A line of NIL's drawing in French (the words it knows; numbers and names stay)."""
    for pattern, replacement in VIEW:
        text = pattern.sub(replacement, text)
    return re.sub(r"son côté (\w+)", lambda m: f"son côté {SIDES.get(m[1], m[1])}", text)
