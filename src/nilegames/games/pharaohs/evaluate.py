"""A quick estimate of how a NIL position stands for one seat (greedy bots, cut playouts).

Points are all that count in the end, so the estimate is the score lead: each seat's
score, plus part of its rack's value (tiles in hand are points to lay, or a loss if the
game ends first), compared with each opponent through a logistic curve whose scale is
about one good turn.  A seat's chances against each opponent give the expected return on
the game's scale, +1 first and -1 last.  It reads only what the seat may see: scores and
rack sizes are public, and the rack it values is its own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from nilegames.core.log import clauses, events_since
from nilegames.core.ranking import expected_return
from nilegames.games.pharaohs import board
from nilegames.games.pharaohs.actions import END_TURN, tile_of
from nilegames.games.pharaohs.river import NEXT
from nilegames.games.pharaohs.tiles import KIND_KEYS, KIND_NAMES, UNIVERSAL, VALUES

if TYPE_CHECKING:
    from nilegames.games.pharaohs.state import PharaohsState

#: Points of lead that make a 73% chance to stay ahead: about one good turn.
SCALE = 60.0
#: How much of a rack's value counts: tiles are worth their points once laid.
RACK_SHARE = 0.5
#: What an unseen tile in another rack is taken to be worth (the bag's mean is about 11).
MEAN_TILE = 11.0


def standing(state: PharaohsState, seat: int, viewer: int) -> float:
    """``seat``'s score with part of its rack, as ``viewer`` can judge it."""
    if seat == viewer:
        rack = float(sum(VALUES[k] * c for k, c in enumerate(state.racks[seat])))
    else:
        rack = MEAN_TILE * state.rack_size[seat]
    return state.scores[seat] + RACK_SHARE * rack


def evaluate(state: PharaohsState, player: int) -> float:
    """Expected return of ``player`` (between -1 and +1) judged from the board now."""
    if state.is_terminal():
        return state.returns()[player]
    standings = [standing(state, seat, player) for seat in range(state.n)]
    return expected_return(standings, player, SCALE)


#: The words of :func:`explain_move`, per language.
EXPLAIN = {
    "en": {
        "seat": "seat {n}",
        "points": "you made {mine:+d} points, {rival} {theirs:+d}",
        "no_tile": "you could lay no tile and lost {penalty} points",
        "river": "the river you left let {rival} lay a {tile} for +{points}",
        "rack": "your rack grew to {n} tiles",
    },
    "fr": {
        "seat": "la place {n}",
        "points": "vous avez marqué {mine:+d} {unit}, {rival} {theirs:+d}",
        "no_tile": "vous n’avez pu poser aucune tuile et avez perdu {penalty} points",
        "river": "le fleuve que vous avez laissé a permis à {rival} de poser une tuile {tile}"
        " pour +{points}",
        "rack": "votre chevalet est passé à {n} tuiles",
    },
}


def explain_move(
    before: dict[str, Any], played: str, after: dict[str, Any], lang: str = "en"
) -> str:
    """What the seat's move led to by its next choice, in words (for ``nilegames review``):
    the points it and its rivals made meanwhile, penalties, and the best tile laid against
    it; in ``lang`` (English or French)."""
    lang = lang if lang in EXPLAIN else "en"
    words = EXPLAIN[lang]
    seat = before["seat"]
    parts: list[str] = []
    gains = [new - old for old, new in zip(before["scores"], after["scores"], strict=True)]
    rivals = [s for s in range(len(gains)) if s != seat]
    best_rival = max(rivals, key=lambda s: (gains[s], -s))
    parts.append(
        words["points"].format(
            mine=gains[seat],
            theirs=gains[best_rival],
            rival=words["seat"].format(n=best_rival),
            unit="point" if abs(gains[seat]) <= 1 else "points",
        )
    )
    biggest: dict[str, Any] | None = None
    for event in events_since(before, after):
        kind = event["event"]
        if kind == "no_tile" and event["seat"] == seat:
            parts.append(words["no_tile"].format(penalty=event["penalty"]))
        elif kind == "lay" and event["seat"] != seat:
            points = event["tile_points"] + event["cell_points"]
            if biggest is None or points > biggest["tile_points"] + biggest["cell_points"]:
                biggest = event
    if biggest is not None and biggest["tile_points"] + biggest["cell_points"] >= 20:
        tile = biggest["tile"]
        if lang == "fr":  # (the French words, with the drawing's, load only when asked)
            from nilegames.games.pharaohs.words_fr import TILES

            tile = TILES[KIND_NAMES[KIND_KEYS.index(tile)]] if tile in KIND_KEYS else tile
        parts.append(
            words["river"].format(
                rival=words["seat"].format(n=biggest["seat"]),
                tile=tile,
                points=biggest["tile_points"] + biggest["cell_points"],
            )
        )
    if after["rack_sizes"][seat] > before["rack_sizes"][seat] + 1:
        parts.append(words["rack"].format(n=after["rack_sizes"][seat]))
    return clauses(parts, lang=lang)


#: How often a playout ends its turn while it could still lay a tile.
STOP_RATE = 0.1
#: How often a playout lays its best-looking tile rather than any tile.
BEST_RATE = 0.6
#: What a playout counts a universal tile as, rather than its 35 points: it is the one
#: tile that crosses the river, worth keeping for a crossing.
UNIVERSAL_KEPT = 12


def playout_action(state: PharaohsState, rng: random.Random) -> int:
    """A cheap playout move: keep laying (tiles laid are points, tiles kept count against
    at the end), mostly the tile worth most, towards the cell worth most (the goal's and
    the bonus cells, away from the penalty zones); rarely end the turn early."""
    legal = state.legal_actions()
    tiles = [a for a in legal if a != END_TURN]
    if not tiles:
        return legal[0]
    if len(tiles) < len(legal) and rng.random() < STOP_RATE:
        return END_TURN
    if rng.random() >= BEST_RATE:
        return rng.choice(tiles)
    cell = state.end_cell

    def worth(action: int) -> int:
        kind, exit_ = tile_of(action)
        target = NEXT[cell][exit_]
        ahead = board.VALUES[target] if target >= 0 else 0
        return (UNIVERSAL_KEPT if kind == UNIVERSAL else VALUES[kind]) + ahead

    best = max(worth(a) for a in tiles)
    return rng.choice([a for a in tiles if worth(a) == best])
