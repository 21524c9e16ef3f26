"""A quick estimate of how an AN DEN UFERN DES NILS position stands for one seat.

Points decide the game, so the estimate is a points lead: each seat's score plus what
its plants should still bring — its expected share of every market row (its counting
plants against all counting plants there, scaled by how full the row is, less its rotten
plants), ripe plants waiting on the fields (more where the palms let them into more
rows), seeds, jokers, the crops it still holds, and a loss for plants left in the boat,
which the next scoring takes out of the game.  A plant on a field the next flood can
reach counts for less: without that, a bot sows where the next first player's water is
bound to wash it away (with two players the first flood then took the second seat's
opening plants in most games).  Seats are compared through a logistic curve whose scale
is about one market row.  Everything it reads is public.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from nilegames.core.log import clauses, events_since
from nilegames.core.ranking import expected_return
from nilegames.games.banks.actions import BUY_SEED, GROW, HARVEST, PLANT
from nilegames.games.banks.board import (
    FLOOD,
    MARKET_SIZES,
    NUM_CROPS,
    NUM_FIELDS,
    NUM_ROWS,
    ROW_LENGTH,
    ROW_PAYOUTS,
    ROWS,
)
from nilegames.games.banks.cards import FACES, NONE
from nilegames.games.banks.state import FLOODING, OVER, ROTTEN

if TYPE_CHECKING:
    from nilegames.games.banks.state import BanksState

SCALE = 6.0
RIPE_WORTH = 0.9
PALM_WORTH = 0.1
SEED_WORTH = 0.5
#: A counting plant in the market is worth this besides its share of the row.
MARKET_PLANT = 1.0
JOKER_WORTH = 0.4
SUPPLY_WORTH = 0.1
BOAT_LOSS = 0.8
#: Each crop a seat still holds outside the market (supply, boat, fields).  A market row
#: takes no crop of either of the two plants before it, so a seat left with flax and wheat
#: alone fills no row; without this the bots sold and lost the rare crops first (they
#: cycle through the market most) and two-player games starved (docs/rules/banks.md §10).
VARIETY_WORTH = 1.0
#: How likely the next flood is to cover the next dry field of a row a top card fits, and
#: the field after it (the second card of the flood); a plant there risks its worth and
#: the boat loss.
NEXT_FIELD_RISK = 0.6
FIELD_AFTER_RISK = 0.25
ROW_POINTS = sum(ROW_PAYOUTS[0])


def flood_risk(state: BanksState) -> dict[int, float]:
    """Fields the next flood can reach, with a rough chance that it does.

    The next flood is laid by the next first player (this round's, before the first round
    or while it floods) from the two stack tops everyone sees.
    """
    if state.circle != FLOOD or state.phase == OVER:
        return {}
    flooder = state.first
    if state.round > 0 and state.phase != FLOODING:
        flooder = (state.first + 1) % state.n
    tops = [face for face in state.tops[flooder] if face >= 0]
    risk: dict[int, float] = {}
    for row in range(NUM_ROWS):
        if state.covered[row]:
            continue
        index, wave = state.water_end(row)
        if index >= ROW_LENGTH[row] or wave == NONE:
            continue
        fitting = [face for face in tops if FACES[face][0] == wave]
        if not fitting:
            continue
        risk[ROWS[row][index]] = NEXT_FIELD_RISK
        if index + 1 < ROW_LENGTH[row] and any(FACES[face][1] != NONE for face in fitting):
            risk[ROWS[row][index + 1]] = FIELD_AFTER_RISK
    return risk


def standing(state: BanksState, seat: int, at_risk: dict[int, float] | None = None) -> float:
    if at_risk is None:
        at_risk = flood_risk(state)
    value = float(state.scores[seat])
    for m, row in enumerate(state.market):
        if not row:
            continue
        mine = sum(1 for p in row if p[0] == seat and p[2] != ROTTEN)
        counting = sum(1 for p in row if p[2] != ROTTEN)
        rotten = sum(1 for p in row if p[0] == seat and p[2] == ROTTEN)
        fill = len(row) / MARKET_SIZES[m]
        if counting:
            value += ROW_POINTS * mine / counting * (0.5 + 0.5 * fill) + MARKET_PLANT * mine
        value -= rotten
    palms = state.game.palms
    held = [state.supply[seat][c] + state.boat[seat][c] for c in range(NUM_CROPS)]
    for field in range(NUM_FIELDS):
        for owner, crop, ripe in state.plants[field]:
            if owner == seat:
                worth = RIPE_WORTH + PALM_WORTH * palms[field] if ripe else SEED_WORTH
                value += worth - at_risk.get(field, 0.0) * (worth + BOAT_LOSS)
                held[crop] += 1
    value += VARIETY_WORTH * sum(1 for count in held if count)
    value += JOKER_WORTH * state.jokers[seat] + SUPPLY_WORTH * sum(state.supply[seat])
    value -= BOAT_LOSS * sum(state.boat[seat])
    return value


def evaluate(state: BanksState, player: int) -> float:
    """Expected return of ``player`` (between -1 and +1) judged from the table now."""
    if state.is_terminal():
        return state.returns()[player]
    at_risk = flood_risk(state)
    standings = [standing(state, seat, at_risk) for seat in range(state.n)]
    return expected_return(standings, player, SCALE)


#: The words of :func:`explain_move`, per language ({s}: a plural's ending).
EXPLAIN = {
    "en": {
        "seat": "seat {n}",
        "rotted": "your plant in market row {row} rotted",
        "flood": "the flood",
        "desert": "the desert",
        "sent_yours": "{reason} sent your {crop} to the boat",
        "sent_plants": "{reason} sent your {n} plants to the boat",
        "sent_sown": "{reason} sent the {crop} you sowed to the boat",
        "sent_sown_more": "{reason} sent the {crop} you sowed and {n} more plant{s} to the boat",
        "lost": "you lost {n} plant{s} left in the boat",
        "harvested": "you harvested {n} plant{s}",
        "scored": "you scored {mine:+d}, {rival} {theirs:+d}",
    },
    "fr": {
        "seat": "la place {n}",
        "rotted": "votre plante de la rangée {row} du marché a pourri",
        "flood": "la crue",
        "desert": "le désert",
        "sent_yours": "{reason} a envoyé votre {crop} au bateau",
        "sent_plants": "{reason} a envoyé vos {n} plantes au bateau",
        "sent_sown": "{reason} a envoyé au bateau {crop} que vous aviez semé{e}",
        "sent_sown_more": (
            "{reason} a envoyé au bateau {crop} que vous aviez semé{e} et {n} autre{s} plante{s}"
        ),
        "lost": "vous avez perdu {n} plante{s} restée{s} dans le bateau",
        "harvested": "vous avez récolté {n} plante{s}",
        "scored": "vous avez marqué {mine:+d}, {rival} {theirs:+d}",
    },
}
#: The French crops that are feminine (the others are masculine).
FEMININE = frozenset({"aubergine"})


def explain_move(
    before: dict[str, Any], played: str, after: dict[str, Any], lang: str = "en"
) -> str:
    """What the seat's move led to by its next choice, in words (for ``nilegames review``):
    plants the water or the desert sent to the boat, plants lost there, harvests, rot, and
    the points it and its rivals made; in ``lang`` (English or French; ``played`` is the
    move's English words)."""
    from nilegames.games.banks.words_fr import CROPS  # (loaded only for a review)

    lang = lang if lang in EXPLAIN else "en"
    words = EXPLAIN[lang]

    def crop_words(crop: str, the: bool = False) -> str:
        """A crop in ``lang``; ``the``: with its article ("le lin", "l’aubergine")."""
        if lang != "fr":
            return crop
        name = CROPS.get(crop, crop)
        if not the:
            return name
        article = "l’" if name[0] in "aeiouh" else "la " if name in FEMININE else "le "
        return article + name

    seat = before["seat"]
    parts: list[str] = []
    sown = played.lower()
    washed: dict[str, list[str]] = {}
    lost = harvested = 0
    for event in events_since(before, after):
        kind = event["event"]
        if event.get("seat") != seat:
            continue
        if kind == "washed":
            washed.setdefault(event["reason"], []).append(event["crop"])
        elif kind == "lost":
            lost += event["count"]
        elif kind == "harvest":
            harvested += 1
        elif kind == "rot" and event["condition"] == "rotten":
            parts.append(words["rotted"].format(row=event["market_row"] + 1))
    for reason, crops in washed.items():
        mine = next((crop for crop in crops if sown.startswith("sow") and crop in sown), None)
        cause = words.get(reason, reason)
        if mine is None:
            if len(crops) == 1:
                parts.append(words["sent_yours"].format(reason=cause, crop=crop_words(crops[0])))
            else:
                parts.append(words["sent_plants"].format(reason=cause, n=len(crops)))
            continue
        more = len(crops) - 1
        named = crop_words(mine, the=True)
        feminine = "e" if crop_words(mine) in FEMININE else ""
        key = "sent_sown_more" if more else "sent_sown"
        said = words[key].format(reason=cause, crop=named, e=feminine, n=more, s="s" * (more > 1))
        parts.insert(0, said)
    if lost:
        parts.append(words["lost"].format(n=lost, s="s" * (lost > 1)))
    if harvested:
        parts.append(words["harvested"].format(n=harvested, s="s" * (harvested > 1)))
    gains = [new - old for old, new in zip(before["scores"], after["scores"], strict=True)]
    rivals = [s for s in range(len(gains)) if s != seat]
    best_rival = max(rivals, key=lambda s: (gains[s], -s))
    if gains[seat] or gains[best_rival]:
        rival = words["seat"].format(n=best_rival)
        parts.append(
            words["scored"].format(mine=gains[seat], rival=rival, theirs=gains[best_rival])
        )
    return clauses(parts, lang=lang)


#: How often a playout takes each kind of move when it can (else: any move at random).
BUY_BACK_RATE = 0.9
HARVEST_RATE = 0.6
GROW_RATE = 0.5
#: A sowing onto a field the next flood reaches this likely is left out of playouts.
RISKY = 0.5


def playout_action(state: BanksState, rng: random.Random) -> int:
    """A cheap playout move that keeps the economy going, where random play ruins it:
    buy one's own plants back from the boat before the scoring takes them, harvest ripe
    plants, grow seeds, and sow out of the next flood's way; anything else at random."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player()
    own_boat = BUY_SEED + seat * NUM_CROPS
    buy_back = [a for a in legal if own_boat <= a < own_boat + NUM_CROPS]
    if buy_back and rng.random() < BUY_BACK_RATE:
        return rng.choice(buy_back)
    harvest = [a for a in legal if HARVEST <= a < BUY_SEED]
    if harvest and rng.random() < HARVEST_RATE:
        return rng.choice(harvest)
    grow = [a for a in legal if GROW <= a < HARVEST]
    if grow and rng.random() < GROW_RATE:
        return rng.choice(grow)
    if any(PLANT <= a < GROW for a in legal):
        risk = flood_risk(state)
        safe = [
            a
            for a in legal
            if not PLANT <= a < GROW or risk.get((a - PLANT) // NUM_CROPS, 0.0) < RISKY
        ]
        if safe:
            return rng.choice(safe)
    return rng.choice(legal)
