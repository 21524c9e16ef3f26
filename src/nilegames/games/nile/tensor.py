"""NILE observations as fixed-shape float32 vectors (the layout is in docs/interfaces.md).

Both encoders read only the dict that ``observation(player)`` returns, so they cannot show
a seat more than that view holds.  Seats are relative: piece index 0 is the viewer, 1 the
next seat in turn order, and so on (a spectator's view keeps the table's own order).
Counts are raw card counts, not scaled: every one is below 100.
"""

from __future__ import annotations

from collections.abc import Mapping

from nilegames.core import Observation
from nilegames.core.tensor import (
    PieceEncoder,
    TensorPiece,
    TensorWriter,
    relative_seats,
)
from nilegames.games.nile.cards import (
    CROPS,
    FIRST_SPECULATION,
    KIND_NAMES,
    LOCUST,
    NUM_CROPS,
    NUM_KINDS,
    NUM_SPECULATIONS,
    full_deck,
)

MAX_SEATS = 5
PHASES = ("setup", "flood", "draw", "trade", "plant", "speculate", "game over")
CARD_KINDS = LOCUST  # kinds a hand or a pile can hold: crops and speculation cards
KIND_INDEX = {name: k for k, name in enumerate(KIND_NAMES)}
CROP_INDEX = {name: c for c, name in enumerate(CROPS)}
FULL_DECK = full_deck()


def _pieces_now() -> list[TensorPiece]:
    return [
        TensorPiece("players", MAX_SEATS - 1, "one-hot: 2, 3, 4 or 5 players"),
        TensorPiece("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        TensorPiece("to_move", MAX_SEATS + 1, "one-hot relative seat to move; last: nobody"),
        TensorPiece("trade", 3, "market, offering (one-hot), cards still to discard"),
        TensorPiece("flood", CARD_KINDS + 1, "one-hot kind of the flood card; last: none"),
        TensorPiece("hand", CARD_KINDS, "the viewer's hand: count per kind"),
        TensorPiece("hand_sizes", MAX_SEATS, "cards in hand per relative seat"),
        TensorPiece(
            "stocks",
            MAX_SEATS * NUM_CROPS,
            "stock per relative seat and crop, where the viewer may see it (else 0)",
        ),
        TensorPiece("stock_sizes", MAX_SEATS, "cards in each relative seat's stock"),
        TensorPiece(
            "field_owner",
            NUM_CROPS * (MAX_SEATS + 1),
            "per crop, one-hot relative seat of its field's owner; last: no field",
        ),
        TensorPiece("field_size", NUM_CROPS, "cards in the field of each crop"),
        TensorPiece("planting", NUM_CROPS, "cards of the planting under way, per crop"),
        TensorPiece("speculations", NUM_SPECULATIONS, "speculation cards in play, per kind"),
        TensorPiece("speculator", MAX_SEATS, "one-hot relative seat whose speculation is in play"),
        TensorPiece("flood_pile", CARD_KINDS, "flood pile, current card included, per kind"),
        TensorPiece("discard", CARD_KINDS, "discard pile per kind"),
        TensorPiece("deck", 3, "cards in the deck, deck number, number of decks"),
        TensorPiece("locust_in_deck", 1, "1 if the Plague of Locusts is in the deck"),
        TensorPiece("removed", NUM_CROPS + 1, "cards out of the game: per crop; unseen specs"),
        TensorPiece(
            "unseen",
            NUM_KINDS,
            "cards of each kind the viewer cannot place: in the deck, in others' hands"
            " or in stocks it may not see",
        ),
        TensorPiece("returns", MAX_SEATS, "final return per relative seat (0 until the end)"),
    ]


def _pieces_history() -> list[TensorPiece]:
    per_seat = MAX_SEATS * CARD_KINDS
    return [
        TensorPiece("seen_draws", CARD_KINDS, "cards the viewer has drawn, per kind"),
        TensorPiece(
            "shown_from_hand",
            per_seat,
            "per relative seat and kind: cards planted, speculated or discarded from hand",
        ),
        TensorPiece("harvested", MAX_SEATS * NUM_CROPS, "per relative seat and crop: harvests"),
        TensorPiece(
            "stock_discards",
            MAX_SEATS * NUM_CROPS,
            "per relative seat and crop: cards traded away from its stock"
            " (harvested less this is the stock, as a player who remembers knows it)",
        ),
        TensorPiece("trades", MAX_SEATS * 2, "per relative seat: markets, offerings"),
        TensorPiece("turns", 1, "turns played"),
    ]


class _NileEncoder(PieceEncoder):
    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        n = obs["players"]
        viewer = obs["seat"]
        rel = relative_seats(n, viewer)
        w.put("players", n - 2)
        w.put("phase", PHASES.index(obs["phase"]))
        active = obs["current_player"]
        w.put("to_move", rel(active) if active >= 0 else MAX_SEATS)
        trade = obs["trade"]
        if trade:
            w.put("trade", 0 if trade["kind"] == "market" else 1)
            w.put("trade", 2, trade["cards_left"])
        flood = obs["flood"]
        w.put("flood", KIND_INDEX[flood] if flood else CARD_KINDS)
        hand = _kinds(obs.get("hand", {}))
        w.set("hand", hand)
        for seat in range(n):
            w.put("hand_sizes", rel(seat), obs["hand_sizes"][seat])
            w.put("stock_sizes", rel(seat), obs["stock_sizes"][seat])
            shown = obs["stocks"][seat]
            if shown is not None:
                w.set("stocks", [shown[crop] for crop in CROPS], rel(seat) * NUM_CROPS)
        owned = [MAX_SEATS] * NUM_CROPS
        sizes = [0] * NUM_CROPS
        for field in obs["fields"]:
            crop = CROP_INDEX[field["crop"]]
            owned[crop] = rel(field["owner"])
            sizes[crop] = field["size"]
        for crop in range(NUM_CROPS):
            w.put("field_owner", crop * (MAX_SEATS + 1) + owned[crop])
        w.set("field_size", sizes)
        planting = [obs["planting"].get(crop, 0) for crop in CROPS]
        w.set("planting", planting)
        speculating = [0] * NUM_KINDS
        if obs["speculations"]:
            for name in obs["speculations"]["cards"]:
                speculating[KIND_INDEX[name]] += 1
            w.put("speculator", rel(obs["speculations"]["seat"]))
        w.set("speculations", speculating[FIRST_SPECULATION:LOCUST])
        flood_pile = _kinds(obs["flood_pile"])
        discard = _kinds(obs["discard"])
        w.set("flood_pile", flood_pile)
        w.set("discard", discard)
        deck = obs["deck"]
        w.set("deck", [deck["size"], deck["number"], deck["of"]])
        locust_in_deck = obs["locust"] == "in the deck"
        w.put("locust_in_deck", 0, float(locust_in_deck))
        removed = [obs["removed"]["crops"].get(crop, 0) for crop in CROPS]
        w.set("removed", [*removed, obs["removed"]["speculations_unseen"]])
        placed = [hand[k] + flood_pile[k] + discard[k] + speculating[k] for k in range(CARD_KINDS)]
        for crop in range(NUM_CROPS):
            placed[crop] += sizes[crop] + planting[crop] + removed[crop]
            placed[crop] += sum(stock[CROPS[crop]] for stock in obs["stocks"] if stock)
        unseen = [FULL_DECK[k] - placed[k] for k in range(CARD_KINDS)]
        unseen.append(float(locust_in_deck))
        w.set("unseen", unseen)
        if "result" in obs:
            for seat, value in enumerate(obs["result"]["returns"]):
                w.put("returns", rel(seat), value)


class NileObservationEncoder(_NileEncoder):
    """What the viewer sees now: the table, its hand, the piles and what is unaccounted."""

    def __init__(self) -> None:
        super().__init__(_pieces_now())


class NileInformationStateEncoder(_NileEncoder):
    """The observation encoding, then a summary of the log the viewer has seen.

    It is a function of the information state (built from the viewer's log) but not a
    one-to-one image of it: the exact information state is the observation itself, and
    OpenSpiel's information-state string carries it whole.
    """

    def __init__(self) -> None:
        super().__init__([*_pieces_now(), *_pieces_history()])

    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        super()._fill(w, obs)
        rel = relative_seats(obs["players"], obs["seat"])
        seen = [0.0] * CARD_KINDS
        shown = [0.0] * (MAX_SEATS * CARD_KINDS)
        harvested = [0.0] * (MAX_SEATS * NUM_CROPS)
        stock_discards = [0.0] * (MAX_SEATS * NUM_CROPS)
        trades = [0.0] * (MAX_SEATS * 2)
        for event in obs["log"]:
            kind = event["event"]
            if kind == "draw" and event.get("card"):
                seen[KIND_INDEX[event["card"]]] += 1
            elif kind in ("plant", "speculate") or (
                kind == "discard" and event["source"] == "hand"
            ):
                card = event.get("card") or event.get("crop")
                shown[rel(event["seat"]) * CARD_KINDS + KIND_INDEX[card]] += 1
            elif kind == "harvest":
                harvested[rel(event["seat"]) * NUM_CROPS + CROP_INDEX[event["crop"]]] += 1
            elif kind == "discard":  # from a stock: always a crop
                stock_discards[rel(event["seat"]) * NUM_CROPS + CROP_INDEX[event["card"]]] += 1
            elif kind == "trade":
                trades[rel(event["seat"]) * 2 + (event["trade"] != "market")] += 1
        w.set("seen_draws", seen)
        w.set("shown_from_hand", shown)
        w.set("harvested", harvested)
        w.set("stock_discards", stock_discards)
        w.set("trades", trades)
        w.put("turns", 0, obs["turn"])


def _kinds(counts: Mapping[str, int]) -> list[float]:
    values = [0.0] * CARD_KINDS
    for name, count in counts.items():
        values[KIND_INDEX[name]] = count
    return values
