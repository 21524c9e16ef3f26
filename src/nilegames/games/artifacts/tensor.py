"""NILE ARTIFACTS observations as fixed-shape float32 vectors (layout in docs/interfaces.md).

Both encoders read only the dict that ``observation(player)`` returns, so they cannot show
a seat more than that view holds (here the whole table: nothing is secret).  Seats are
relative: index 0 is the viewer, 1 the next seat in turn order, and so on; seats a game
with fewer than 4 players lacks stay 0, so the shape is the same for 2, 3 and 4 players.

Cards are counted per *class*, not per id: cards alike in region, type and artifact count
are interchangeable once taken (the engine's actions name only the lowest id of a class),
so 18 classes say all an id would, in a third of the floats.  Under the river, where the
space already gives the region, cards are counted per space and *face* (type and artifact
count, 8 faces).  The river's regions and coins never change, so they are not repeated
here (``cards.STOP_REGION`` and ``cards.COIN_STOPS``).  Coins and favour are in tens.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from nilegames.core import Observation
from nilegames.core.tensor import (
    PieceEncoder,
    TensorPiece,
    TensorWriter,
    relative_seats,
)
from nilegames.games.artifacts.cards import (
    CARDS,
    LEFT_PORT,
    NUM_CARDS,
    NUM_STOPS,
    NUM_TYPES,
    REGION_KEYS,
    RIGHT_PORT,
    SPACES,
    TYPE_KEYS,
    WILD,
    offer_class,
)
from nilegames.games.artifacts.monuments import LEVELS, NUM_MONUMENTS, SHOWN

MAX_SEATS = 4
#: The observation's phase names, each once (sailing and choosing a card are both
#: "navigation"; offering a card and naming a wild's type are both "offerings").
PHASES = ("setup", "preparation", "navigation", "purchase", "offerings", "game over")
#: Faces of the cards, as ``(type, artifacts)`` in sorted order: the type (``WILD`` last)
#: and 1 or 2 artifacts.
FACES: tuple[tuple[int, int], ...] = tuple(sorted({(c.type, c.artifacts) for c in CARDS}))
#: Card classes, as ``(region, type, artifacts)``: region-major, then face.
CLASSES: tuple[tuple[int, int, int], ...] = tuple(
    sorted({offer_class(c) for c in range(NUM_CARDS)})
)
NUM_FACES = len(FACES)
NUM_CLASSES = len(CLASSES)
CARD_FACE = tuple(FACES.index((c.type, c.artifacts)) for c in CARDS)
CARD_CLASS = tuple(CLASSES.index(offer_class(c)) for c in range(NUM_CARDS))
CLASS_SIZES = tuple(CARD_CLASS.count(c) for c in range(NUM_CLASSES))
NUM_SPACES = len(SPACES)
TYPE_INDEX = {key: t for t, key in enumerate(TYPE_KEYS)}
LEVEL_STATES = LEVELS + 1  # a seat's level on a monument: 0, 1, 2 or 3
COIN_UNIT = 10.0
FAVOUR_UNIT = 10.0


def face_name(face: tuple[int, int]) -> str:
    kind, artifacts = face
    name = "?" if kind == WILD else TYPE_KEYS[kind]
    return name + (" x2" if artifacts == 2 else "")


def class_name(card_class: tuple[int, int, int]) -> str:
    region, kind, artifacts = card_class
    return f"{REGION_KEYS[region]} {face_name((kind, artifacts))}"


def _per_class(what: str) -> str:
    return f"{what}, per card class"


def _pieces_now() -> list[TensorPiece]:
    return [
        TensorPiece("players", MAX_SEATS - 1, "one-hot: 2, 3 or 4 players"),
        TensorPiece("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        TensorPiece(
            "to_move",
            MAX_SEATS + 1,
            "one-hot relative seat to move (in a purchase draw: the buyer); last: nobody",
        ),
        TensorPiece(
            "first_player",
            MAX_SEATS + 1,
            "one-hot relative seat of the first player; last: none yet",
        ),
        TensorPiece("round", 2, "round number; 1 if it is the final round"),
        TensorPiece("river", NUM_SPACES * NUM_FACES, "per space 1-9 and face: cards under it"),
        TensorPiece(
            "boat_stop",
            MAX_SEATS * NUM_STOPS,
            "per relative seat, one-hot stop of its boat (0 and 10: the ports)",
        ),
        TensorPiece("boat_facing", MAX_SEATS, "per relative seat, 1 if its boat sails right"),
        TensorPiece(
            "boat_in_port", MAX_SEATS, "per relative seat, 1 if its boat reached a port this round"
        ),
        TensorPiece("turned_around", 1, "1 if the seat to move paid to turn around this turn"),
        TensorPiece("coins", MAX_SEATS, "coins per relative seat, in tens"),
        TensorPiece("reserve", 1, "coins left in the reserve, in tens"),
        TensorPiece("favour", MAX_SEATS, "favour per relative seat, in tens"),
        TensorPiece(
            "tableaux",
            MAX_SEATS * NUM_CLASSES,
            "per relative seat and card class: cards in front of it",
        ),
        TensorPiece(
            "monuments",
            SHOWN * NUM_MONUMENTS,
            "per display slot, one-hot monument shown there (none: all 0)",
        ),
        TensorPiece(
            "monument_levels",
            SHOWN * MAX_SEATS * LEVEL_STATES,
            "per display slot and relative seat, one-hot level 0-3 (empty slot: all 0)",
        ),
        TensorPiece("monument_pile", 1, "monuments left in the pile"),
        TensorPiece("deck", 1, "cards in the deck"),
        TensorPiece(
            "deck_cards", NUM_CLASSES, _per_class("cards in the deck (every card not on the table)")
        ),
        TensorPiece("discard", NUM_CLASSES, _per_class("discarded cards")),
        TensorPiece("offering", NUM_CLASSES, _per_class("cards of the offering under way")),
        TensorPiece(
            "offering_wilds",
            NUM_TYPES + 1,
            "wild cards of the offering named as each type; last: 1 if a wild awaits its type",
        ),
        TensorPiece("used", NUM_CLASSES, _per_class("cards offered earlier this offering step")),
        TensorPiece("returns", MAX_SEATS, "final return per relative seat (0 until the end)"),
    ]


#: What each seat has done, counted from the log (the ``deeds`` piece), in this order.
DEEDS = ("turn_around", "buy", "take", "offer", "climb")


def _pieces_history() -> list[TensorPiece]:
    return [
        TensorPiece(
            "revealed", NUM_MONUMENTS, "monuments revealed so far (reveals draw from the others)"
        ),
        TensorPiece("completed", NUM_MONUMENTS, "monuments completed so far"),
        TensorPiece(
            "choosing",
            1,
            "1 if the seat to move has sailed to a space and now picks a card there",
        ),
        TensorPiece(
            "deeds",
            MAX_SEATS * len(DEEDS),
            "per relative seat: turn-arounds, buys, cards taken, cards offered, levels climbed",
        ),
        TensorPiece(
            "offered_artifacts",
            MAX_SEATS * NUM_TYPES,
            "per relative seat and type: artifacts offered so far (wilds as named)",
        ),
        TensorPiece("reshuffles", 1, "times the discards were shuffled into a new deck"),
    ]


class _ArtifactsEncoder(PieceEncoder):
    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        n = obs["players"]
        rel = relative_seats(n, obs["seat"])
        phase = obs["phase"]
        w.put("players", n - 2)
        w.put("phase", PHASES.index(phase))
        mover = obs["current_player"]
        if mover < 0 and phase == "purchase" and obs["active_seat"] is not None:
            mover = obs["active_seat"]
        w.put("to_move", rel(mover) if mover >= 0 else MAX_SEATS)
        first = obs["first_player"]
        w.put("first_player", rel(first) if first is not None else MAX_SEATS)
        w.set("round", [obs["round"], float(obs["final_round"])])
        river = [0.0] * (NUM_SPACES * NUM_FACES)
        for stop in obs["river"]:
            for card in stop["cards"]:
                river[(stop["stop"] - SPACES[0]) * NUM_FACES + CARD_FACE[card["id"]]] += 1
        w.set("river", river)
        on_table: list[Iterable[Mapping[str, Any]]] = [s["cards"] for s in obs["river"]]
        for boat in obs["boats"]:
            seat = rel(boat["seat"])
            w.put("boat_stop", seat * NUM_STOPS + boat["stop"])
            w.put("boat_facing", seat, float(boat["facing"] == "right"))
            w.put("boat_in_port", seat, float(boat["in_port"]))
        w.put("turned_around", 0, float(obs["turned_around"]))
        for seat in range(n):
            w.put("coins", rel(seat), obs["coins"][seat] / COIN_UNIT)
            w.put("favour", rel(seat), obs["favour"][seat] / FAVOUR_UNIT)
            w.set("tableaux", _classes(obs["tableaux"][seat]), rel(seat) * NUM_CLASSES)
            on_table.append(obs["tableaux"][seat])
        w.put("reserve", 0, obs["reserve"] / COIN_UNIT)
        for slot, monument in enumerate(obs["monuments"]):
            w.put("monuments", slot * NUM_MONUMENTS + monument["id"])
            for seat, level in enumerate(monument["followers"]):
                at = (slot * MAX_SEATS + rel(seat)) * LEVEL_STATES + level
                w.put("monument_levels", at)
        w.put("monument_pile", 0, obs["monument_pile"])
        w.put("deck", 0, obs["deck"])
        offering = obs["offering"]
        on_table += [obs["discard"], offering["used"]]
        deck = [float(count) for count in CLASS_SIZES]
        for cards in on_table:
            for card in cards:
                deck[CARD_CLASS[card["id"]]] -= 1
        w.set("deck_cards", deck)
        w.set("discard", _classes(obs["discard"]))
        w.set("offering", _classes(offering["cards"]))
        wilds = [0.0] * (NUM_TYPES + 1)
        for card, named in zip(offering["cards"], offering["declared"], strict=True):
            if CARDS[card["id"]].type == WILD:
                wilds[NUM_TYPES if named is None else TYPE_INDEX[named]] += 1
        w.set("offering_wilds", wilds)
        w.set("used", _classes(offering["used"]))
        if "result" in obs:
            for seat, value in enumerate(obs["result"]["returns"]):
                w.put("returns", rel(seat), value)


class ArtifactsObservationEncoder(_ArtifactsEncoder):
    """The table now: river, boats, coins, favour, tableaux, monuments, piles, offering.

    It ignores the log, as OpenSpiel's observation string (the dict without its log)
    does, so the vector is a function of the table alone.
    """

    def __init__(self) -> None:
        super().__init__(_pieces_now())


class ArtifactsInformationStateEncoder(_ArtifactsEncoder):
    """The observation encoding, then public facts only the log remembers.

    Nothing is hidden in this game, so perfect recall adds no secret: it adds which
    monuments have been seen (so which may still come from the pile), which were
    completed, whether the seat to move is picking a card at the space it sailed to
    (the observation's "navigation" phase covers both steps), and what each seat has done.
    A function of the information state, not a one-to-one image of it.
    """

    def __init__(self) -> None:
        super().__init__([*_pieces_now(), *_pieces_history()])

    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        super()._fill(w, obs)
        rel = relative_seats(obs["players"], obs["seat"])
        deeds = [0.0] * (MAX_SEATS * len(DEEDS))
        offered = [0.0] * (MAX_SEATS * NUM_TYPES)
        reshuffles = 0
        log = obs["log"]
        for event in log:
            kind = event["event"]
            if kind == "reveal":
                w.put("revealed", event["monument"])
            elif kind == "completed":
                w.put("completed", event["monument"])
            elif kind == "reshuffle":
                reshuffles += 1
            elif kind in ("turn_around", "buy", "take", "offer"):
                deeds[rel(event["seat"]) * len(DEEDS) + DEEDS.index(kind)] += 1
                if kind == "offer":
                    card = CARDS[event["card"]["id"]]
                    if card.type != WILD:
                        offered[rel(event["seat"]) * NUM_TYPES + card.type] += card.artifacts
            elif kind == "declare":
                offered[rel(event["seat"]) * NUM_TYPES + TYPE_INDEX[event["type"]]] += 1
            elif kind == "offered":
                deeds[rel(event["seat"]) * len(DEEDS) + DEEDS.index("climb")] += len(
                    event["climbs"]
                )
        w.set("deeds", deeds)
        w.set("offered_artifacts", offered)
        w.put("reshuffles", 0, reshuffles)
        w.put("choosing", 0, float(obs["phase"] == "navigation" and _sailed_to_space(log)))


def _sailed_to_space(log: list[Mapping[str, Any]]) -> bool:
    """Whether the last event but coins is a sail to a space (the card is not taken yet).

    A sail to a space with one class of card takes it at once, and a sail to a port ends
    the seat's turn, so only a boat still choosing its card leaves the sail last.
    """
    for event in reversed(log):
        if event["event"] == "coin":
            continue
        return event["event"] == "sail" and event["stop"] not in (LEFT_PORT, RIGHT_PORT)
    return False


def _classes(cards: Iterable[Mapping[str, Any]]) -> list[float]:
    values = [0.0] * NUM_CLASSES
    for card in cards:
        values[CARD_CLASS[card["id"]]] += 1
    return values
