"""AN DEN UFERN DES NILS' log lines and moves in French (see ``core.translate``), with
the French rulebook's words (flux et reflux, carte eau, semence, points d'action).

The game's sentences are built from a few parts (who does what, a field, a market row,
a crop), so they are said again part by part; a sentence with a part this module does
not know is left in English (None) rather than half translated."""

from __future__ import annotations

import re
from collections.abc import Callable

CROPS = {"flax": "lin", "wheat": "blé", "grapes": "raisin", "grape": "raisin",
         "onion": "oignon", "aubergine": "aubergine"}  # fmt: skip
CROP = r"(?P<crop>flax|wheat|grapes|grape|onion|aubergine)"
WAVES = {"none": "rien", "single": "simple", "double": "double"}
#: Verbs: what "You ..." and what "Seat 2 ..." say.
VERBS = {
    "sow": ("semez", "sème"),
    "grow": ("faites pousser", "fait pousser"),
    "harvest": ("récoltez", "récolte"),
    "lay": ("posez", "pose"),
    "put": ("mettez", "met"),
    "buy": ("achetez", "achète"),
    "spend": ("dépensez", "dépense"),
    "take": ("retirez", "retire"),
    "flood": ("inondez", "inonde"),
    "end": ("terminez", "termine"),
    "send": ("envoyez", "envoie"),
    "heal": ("soignez", "soigne"),
    "lose": ("perdez", "perd"),
    "bid": ("misez", "mise"),
    "become": ("devenez", "devient"),
    "start": ("commencez", "commence"),
}
_THIRD = {
    "sows": "sow", "grows": "grow", "harvests": "harvest", "lays": "lay", "puts": "put",
    "buys": "buy", "spends": "spend", "takes": "take", "floods": "flood", "ends": "end",
    "sends": "send", "heals": "heal", "loses": "lose", "bids": "bid", "becomes": "become",
    "starts": "start",
}  # fmt: skip
BANK = {"north": "nord", "south": "sud"}
STATE = {"ripe": "mûr", "spoiled": "gâté"}
Part = Callable[[re.Match[str]], str]
PARTS: list[tuple[str, Part]] = [
    (
        r"\bthe (north|south) (\d)-row field (\d+) \((\d+) palms?\)",
        lambda m: f"le champ {m[3]} de la rangée de {m[2]} {BANK[m[1]]} ({palms(m[4])})",
    ),
    (
        r"\b(north|south) (\d)-row field (\d+) \((\d+) palms?\)",
        lambda m: f"rangée de {m[2]} {BANK[m[1]]}, champ {m[3]} ({palms(m[4])})",
    ),
    (r"\bthe (north|south) (\d)-row\b", lambda m: f"la rangée de {m[2]} {BANK[m[1]]}"),
    (
        r"\b(\d)-row field (\d+) \((\d+) palms?\)",
        lambda m: f"rangée de {m[1]}, champ {m[2]} ({palms(m[3])})",
    ),
    (r"\b(\d)-row\b", lambda m: f"rangée de {m[1]}"),
    (r"\b(north|south) bank\b", lambda m: f"rive {BANK[m[1]]}"),
    (
        r"^Market row (\d) \((\d) spaces\) is full: ",
        lambda m: f"La rangée {m[1]} du marché ({m[2]} cases) est pleine : ",
    ),
    (r"\bmarket row (\d) \((\d) spaces\)", lambda m: f"la rangée {m[1]} du marché ({m[2]} cases)"),
    (r"\bspace (\d) of ", lambda m: f"la case {m[1]} de "),
    (r"\brot space (\d): ", lambda m: f"pourriture case {m[1]} : "),
    (r"^space (\d): ", lambda m: f"case {m[1]} : "),
    (r"\(([\d]+) pts?\)", lambda m: f"({m[1]} pt)"),
    (r"\((\d+) points?\)", lambda m: f"({m[1]} point{'s' if m[1] != '1' else ''})"),
    (r"\(\+1 action point\)", lambda m: "(+1 point d'action)"),
    (r"\(a joker\)", lambda m: "(un joker)"),
    (
        r"\bfrom stack (\d) \((\w+) → (\w+)\)",
        lambda m: f"de la pile {m[1]} ({WAVES[m[2]]} → {WAVES[m[3]]})",
    ),
    (
        r"\bstack (\d) shows (\w+) → (\w+)",
        lambda m: f"la pile {m[1]} montre {WAVES[m[2]]} → {WAVES[m[3]]}",
    ),
    (r"\ba seed of " + CROP, lambda m: f"une semence de {CROPS[m['crop']]}"),
    (r"\ban? ripe " + CROP, lambda m: f"un plant de {CROPS[m['crop']]} mûr"),
    (r"\ban? " + CROP + r" seed\b", lambda m: f"une semence de {CROPS[m['crop']]}"),
    (r"\byour " + CROP + r" seed\b", lambda m: f"votre semence de {CROPS[m['crop']]}"),
    (r"\byour " + CROP + r"\b", lambda m: f"votre {CROPS[m['crop']]}"),
    (r"^Your plant in\b", lambda m: "Votre plante dans"),
    (r"\ba joker\b", lambda m: "un joker"),
    (r"^desert card\b", lambda m: "carte désert"),
    (
        r"\b(?:your|seat (\d+)'s|Seat (\d+)'s) " + CROP + r" seed\b",
        lambda m: (
            f"la semence de {CROPS[m['crop']]} de "
            + (f"place {m[1] or m[2]}" if m[1] or m[2] else "vous")
        ),
    ),
    (
        r"\b(?:seat (\d+)'s|Seat (\d+)'s) (ripe|spoiled) " + CROP,
        lambda m: f"le {CROPS[m['crop']]} {STATE[m[3]]} de place {m[1] or m[2]}",
    ),
    (
        r"\b(?:your|seat (\d+)'s|Seat (\d+)'s) " + CROP,
        lambda m: (
            f"le {CROPS[m['crop']]} de " + (f"place {m[1] or m[2]}" if m[1] or m[2] else "vous")
        ),
    ),
    (r"\ban? " + CROP, lambda m: f"un plant de {CROPS[m['crop']]}"),
    (r"\b" + CROP + r"\b", lambda m: CROPS[m["crop"]]),
    (r"\binto the boat\b", lambda m: "dans le bateau"),
    (r"\bout of the boat\b", lambda m: "hors du bateau"),
    (r"\bfrom the boat\b", lambda m: "du bateau"),
    (r"\bto the boat\b", lambda m: "au bateau"),
    (r"\bthe boat\b", lambda m: "le bateau"),
    (r"\bbid plants\b", lambda m: "plantes misées"),
    (r"\bbid plant\b", lambda m: "plante misée"),
    (r"(\d+) plants left in\b", lambda m: f"{m[1]} plantes restées dans"),
    (r"(\d+) plant left in\b", lambda m: f"{m[1]} plante restée dans"),
    (r"\b(\d+) plants\b", lambda m: f"{m[1]} plantes"),
    (r"\b(\d+) plant\b", lambda m: f"{m[1]} plante"),
    (r"\brot \((\d+) palms?\)", lambda m: f"pourriture ({palms(m[1])})"),
    (r" (?:on|onto) (le champ|la rangée)", lambda m: f" sur {m[1]}"),
    (r" to (la rangée)", lambda m: f" vers {m[1]}"),
    (r" the actions$", lambda m: " les actions"),
]
#: Whole sentences (after the parts), and what they become.
SENTENCES: list[tuple[str, str]] = [
    (r"^Actions$", "Actions"),
    (
        r"^An auction for 3 extra action points: plants taken in hand in secret$",
        "Enchère pour 3 points d'action de plus : plantes prises en main en secret",
    ),
    (
        r"^An auction for the first player's seat: plants taken in hand in secret$",
        "Enchère pour la place de premier joueur : plantes prises en main en secret",
    ),
    (
        r"^Game over: a score marker reached the obelisk$",
        "Fin de la partie : un marqueur de score a atteint l'obélisque",
    ),
    (
        r"^Game over: no market row could ever fill again, so the scores were final$",
        "Fin de la partie : plus aucune rangée du marché ne pouvait se remplir, les scores"
        " étaient définitifs",
    ),
    (
        r"^Game over: the game was blocked: (\d+) rounds without a harvest, a point or a lost"
        r" plant$",
        r"Fin de la partie : partie bloquée, \1 manches sans récolte, sans point et sans plante"
        r" perdue",
    ),
    (r"^Game over: the round limit was reached$", "Fin de la partie : limite de manches atteinte"),
    (
        r"^The arrow moves the circle from (.+) to (.+)$",
        r"La flèche fait passer le cercle de \1 à \2",
    ),
    (
        r"^The flood ends \((\d+) cards? this round\)$",
        r"La crue se termine (\1 carte(s) cette manche)",
    ),
    (
        r"^The ebb ends \((\d+) cards? this round\)$",
        r"Le reflux se termine (\1 carte(s) cette manche)",
    ),
    (r"^The water card shows: (.+)$", r"La carte eau montre : \1"),
    (r"^The flooded desert card shows: (.+)$", r"La carte désert inondée montre : \1"),
    (r"^The flood sends (.+) au bateau$", r"La crue envoie \1 au bateau"),
    (r"^The desert sends (.+) au bateau$", r"Le désert envoie \1 au bateau"),
    (r"^A desert card covers (.+)$", r"Une carte désert couvre \1"),
    (
        r"^No desert spreads in (.+) \(the pile is empty\)$",
        r"Le désert ne s'étend pas dans \1 (la pile est vide)",
    ),
    (
        r"^Round (\d+): (.+) first, the circle on (.+)$",
        r"Manche \1 : \2 en premier, le cercle sur \3",
    ),
    (
        r"^The obelisk moves back (\d+) spaces?, to (\d+)$",
        r"L'obélisque recule de \1 case(s), jusqu'à \2",
    ),
    (
        r"^(\d+) sold plants go au bateau; scores (.+)$",
        r"\1 plantes vendues vont au bateau ; scores \2",
    ),
    (
        r"^La rangée (\d) du marché \((\d) cases\) is full: (.+)$",
        r"La rangée \1 du marché (\2 cases) est pleine : \3",
    ),
    (r"^Bids: (.+); vous win$", r"Mises : \1 ; vous gagnez"),
    (r"^Bids: (.+); (.+) wins?$", r"Mises : \1 ; \2 gagne"),
    (r"^Votre plante dans (.+) is now rotten$", r"Votre plante dans \1 est maintenant pourrie"),
    (r"^Votre plante dans (.+) is now spoiled$", r"Votre plante dans \1 est maintenant gâtée"),
    (r"^Bids: (.+); a tie: nobody wins$", r"Mises : \1 ; égalité, personne ne gagne"),
    (r"^(.+)'s plant in (.+) is now rotten$", r"La plante de \1 dans \2 est maintenant pourrie"),
    (r"^(.+)'s plant in (.+) is now spoiled$", r"La plante de \1 dans \2 est maintenant gâtée"),
    (r"^(.+): (\d+) action points$", r"\1 : \2 points d'action"),
    (
        r"^(.+): 3 extra action points \(no jokers\)$",
        r"\1 : 3 points d'action de plus (sans joker)",
    ),
    (r"^(.+): no water card fits$", r"\1 : aucune carte eau ne convient"),
    (r"^(.+): la pile (.+)$", r"\1 : la pile \2"),
    (r"^(.+) (?:bids?|misez|mise) in secret$", r"\1 en secret"),
    (r"^(.+) un joker for an action point$", r"\1 un joker pour un point d'action"),
    (r"^(.+) a spoiled plant in (.+) with un joker$", r"\1 une plante gâtée dans \2 avec un joker"),
    (r"^(.+) the water off (.+)$", r"\1 l'eau de \2"),
    (r"^(.+) the rot vers (.+)$", r"\1 la pourriture vers \2"),
    (r"^(.+) (?:back )(.+)$", r"\1 de nouveau \2"),
    (r"^(.+) first player$", r"\1 premier joueur"),
    (r"^(.+) the game$", r"\1 la partie"),
    # moves
    (r"^end actions$", "terminer les actions"),
    (r"^spend (?:a|un) joker\b", "dépenser un joker"),
    (r"^sow (.+)$", r"semer \1"),
    (r"^grow (.+)$", r"faire pousser \1"),
    (r"^harvest (.+)$", r"récolter \1"),
    (r"^lay (.+)$", r"poser \1"),
    (r"^put (.+)$", r"mettre \1"),
    (r"^buy (.+)$", r"acheter \1"),
    (r"^water (.+)$", r"poser l'eau \1"),
    (r"^carte désert (.+)$", r"carte désert \1"),
    (r"^ebb: remove water from (.+)$", r"reflux : retirer l'eau de \1"),
    (r"^heal (.+)$", r"soigner \1"),
    (r"^rot in (.+)$", r"pourriture dans \1"),
    (r"^bid (.+)$", r"miser \1"),
    (r"^to (.+)$", r"vers \1"),
    (r"^from (.+)$", r"de \1"),
    (r"^desert spreads in$", "le désert s'étend dans"),
    (r"^the desert spreads in (.+)$", r"le désert s'étend dans \1"),
    (r"^(.+) (?:desert spreads in) (.+)$", r"\1 le désert s'étend dans \2"),
]
STEPS = {
    "sow": "semer", "grow": "faire pousser", "harvest": "récolter", "lay": "poser",
    "water": "eau", "desert": "désert", "ebb": "reflux", "buy": "acheter", "put": "mettre",
    "rot": "pourriture", "bid": "miser", "heal": "soigner", "spend a joker": "dépenser un joker",
    "end actions": "terminer les actions", "ripe": "mûr", "rotten": "pourri", "flood": "crue",
    "ebb 1": "reflux 1", "ebb 2": "reflux 2", "desert + arrow": "désert + flèche",
    "hippopotamus": "hippopotame", "hippopotamus + arrow": "hippopotame + flèche",
}  # fmt: skip
#: English words that must not be left in a French sentence.
LEFT = re.compile(
    r"\b(?:the|on|of|to|from|with|and|you|You|Seat|seat|sows?|grows?|plants|field|row|"
    r"water|market|boat|spaces?|palms?|seed|ripe|spoiled|rotten|joker for|shows|spend)\b"
)
_PARTS = [(re.compile(p), f) for p, f in PARTS]
_SENTENCES = [(re.compile(p), r) for p, r in SENTENCES]
_SUBJECT = re.compile(r"^(You|Seat (\d+)) (\w+)\b")


def palms(n: str) -> str:
    return f"{n} palmier{'s' if n != '1' else ''}"


def _subject(text: str) -> str:
    """ "You sow" -> "Vous semez", "Seat 2 sows" -> "Place 2 sème"."""
    found = _SUBJECT.match(text)
    if found is None:
        return re.sub(r"^Seat (\d+)", r"Place \1", re.sub(r"^You\b", "Vous", text))
    verb = _THIRD.get(found[3], found[3])
    if verb not in VERBS:
        who = "Vous" if found[1] == "You" else f"Place {found[2]}"
        return who + text[len(found[1]) :]
    you, other = VERBS[verb]
    said = f"Vous {you}" if found[1] == "You" else f"Place {found[2]} {other}"
    return said + text[found.end() :]


def translate(text: str) -> str | None:
    """The French of one of the game's English sentences, or None if a part is unknown."""
    if text in STEPS:
        return STEPS[text]
    said = _subject(text)
    for pattern, replace in _PARTS:
        said = pattern.sub(replace, said)
    said = re.sub(r"\bYou\b", "vous", said) if not said.startswith("You") else said
    said = re.sub(r"(?<!^)\bSeat (\d+)", r"place \1", said)
    for pattern, replacement in _SENTENCES:
        if pattern.search(said):
            said = pattern.sub(replacement, said)
            break
    said = re.sub(r"\b(flood|ebb \d)\b", lambda m: STEPS.get(m[1], m[1]), said)
    for english, french in STEPS.items():
        if " " in english or english in ("rotten", "ripe"):
            continue
        said = re.sub(rf"(?<=: ){english}\b", french, said)
    said = said.replace("desert", "désert").replace("hippopotamus", "hippopotame")
    said = re.sub(r"\bde (?=[aeiouéo])", "d'", said)
    said = re.sub(r"\b(?:le|la) (?=[aeiou])", "l'", said)
    said = said.replace("Le crue", "La crue").replace(" de le ", " du ")
    said = said.replace("+ arrow", "+ flèche").replace("rot (", "pourriture (")
    return None if LEFT.search(said) else said


LEGEND_FR = (
    "Champs : 3p palmiers ; W~>= une carte eau (côté fleuve > côté désert : - rien, ~ vague"
    " simple, = vague double) ; plantes : chiffre de la place et initiale anglaise de la"
    " culture (F lin, W blé, G raisin, O oignon, A aubergine), majuscule mûre, minuscule"
    " semence"
)
#: The drawing's fixed words, fragment by fragment, in the order they are replaced.
VIEW: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r)
    for p, r in (
        (r"^Fields: 3p palms; .*", LEGEND_FR),
        (r"\bround (\d+)", r"manche \1"),
        (r"phase: ", "phase : "),
        (r"\byou to play\b", "à vous de jouer"),
        (r"\b(seat \d+|[A-Z]\w+) to play\b", r"au tour de \1"),
        (r"; first player: ", " ; premier joueur : "),
        (
            r"; (\d+) rounds? without progress \(blocked at (\d+)\)",
            r" ; \1 manche(s) sans progrès"
            r" (bloquée à \2)",
        ),
        (r"^Flood circle: ", "Cercle des crues : "),
        (r"\bebb (\d)\b", r"reflux \1"),
        (r"\bflood\b", "crue"),
        (r"; desert pile: (\d+) cards?", r" ; pile désert : \1 cartes"),
        (r"; water cards discarded: (\d+)", r" ; cartes eau défaussées : \1"),
        (
            r"^North bank, from the Nile \(≈\) out to the desert:",
            "Rive nord, du Nil (≈) vers le désert :",
        ),
        (
            r"^South bank, from the Nile \(≈\) out to the desert:",
            "Rive sud, du Nil (≈) vers le désert :",
        ),
        (r"\bfield (\d)", r"champ \1"),
        (r"covered by the strip", "couverte par la bande"),
        (r"the Nile", "le Nil"),
        (r"\bdesert\b", "désert"),
        (
            r"^Market \(a full row scores 6, or 4 \+ 2, or 3 \+ 2 \+ 1; a rotten plant -1;"
            r" ~ spoiled,"
            r" x rotten\):",
            "Marché (une rangée pleine rapporte 6, ou 4 + 2, ou 3 + 2 + 1 ; une"
            " plante pourrie -1 ; ~ gâtée, x pourrie) :",
        ),
        (
            r"^  row (\d) \((\d) palms?, (\d) spaces\): ",
            r"  rangée \1 (\2 palmier(s), \3 cases) : ",
        ),
        (r"^Boat: ", "Bateau : "),
        (r"\bempty\b", "vide"),
        (
            r"^Score track \(0 to 29\): the obelisk at (\d+); scores: ",
            r"Piste de score (0 à 29) : l'obélisque en \1 ; scores : ",
        ),
        (r"^Players:", "Joueurs :"),
        (
            r": score (\d+), lost (\d+), (\d+) jokers?; stacks ",
            r" : score \1, plantes perdues \2, joker(s) \3 ; piles ",
        ),
        (r"\b(\d+) cards? \(", r"\1 cartes ("),
        (r"top not drawn", "dessus non tiré"),
        (r"; supply: ", " ; réserve : "),
        (
            r"^Actions: (.+?), (\d+) action points? left",
            r"Actions : \1, \2 point(s) d'action restant(s)",
        ),
        (r"\(acted on ", "(a agi sur "),
        (r"; the hippopotamus's extra actions", " ; les actions de plus de l'hippopotame"),
        (r"^Rot: it strikes market row (\d)", r"Pourriture : elle frappe la rangée \1 du marché"),
        (
            r"^Rot: a market row of at most (\d+) palms? to choose",
            r"Pourriture : une rangée du marché d'au plus \1 palmier(s) à choisir",
        ),
        (r"^Auction for the (.+?): bids placed by ", r"Enchère pour \1 : mises posées par "),
        (r"nobody yet", "personne encore"),
        (r"; your bid: ", " ; votre mise : "),
        (r"\bnorth (\d)-row champ (\d)", r"rangée de \1 nord, champ \2"),
        (r"\bsouth (\d)-row champ (\d)", r"rangée de \1 sud, champ \2"),
        (r"^Game over", "Fin de la partie"),
        (r"\. Winner: ", ". Gagnant : "),
        (r"\. Scores: ", ". Scores : "),
        (r"; plants lost \(ties\): ", " ; plantes perdues (départage) : "),
        (
            r"^Points \(the most wins; on a tie, the fewest plants lost\):",
            "Points (le plus gagne ; à égalité, le moins de plantes perdues) :",
        ),
        (r": (\d+) points?, (\d+) plants? lost", r" : \1 point(s), \2 plante(s) perdue(s)"),
        (r" - wins$", " - gagne"),
        (r" won with the most points \((\d+)\)\.", r" gagne avec le plus de points (\1)."),
        (
            r" won on the tie-break: equal points \((\d+)\), fewer plants lost \((.+)\)\.",
            r" gagne au départage : points égaux (\1), moins de plantes perdues (\2).",
        ),
        (r" against ", " contre "),
        (
            r"^A tie on points and plants lost: (.+) share the win\.",
            r"Égalité de points et de plantes perdues : \1 se partagent la victoire.",
        ),
        (r"^You\b", "Vous"),
        (r"\byou\b", "vous"),
        (r"\bseat (\d+)", r"place \1"),
        *((rf"\b{en}\b", fr) for en, fr in CROPS.items() if en != fr and en != "grape"),
    )
]


def view(text: str) -> str:
    """A piece of the banks' drawing in French (the words it knows; marks and names stay)."""
    for pattern, replacement in VIEW:
        text = pattern.sub(replacement, text)
    return text
