"""AN DEN UFERN DES NILS observations as fixed-shape float32 vectors (layout in docs/interfaces.md).

Both encoders read only the dict that ``observation(player)`` returns, so they cannot show
a seat more than that view holds.  The state draws every card only when it is seen, so the
whole table is public; the one secret is a bid made in an auction under way (variants),
which the view shows to its owner alone (``own_bid``).  Seats are relative: index 0 is the
viewer, 1 the next seat in turn order, and so on; seats a game with fewer than 5 players
lacks stay 0, so the shape is the same for 2 to 5 players.

The board is field by field, in the engine's field order (``board.FIELDS``: north bank then
south, each bank's rows of 2, 3, 4 and 5 fields, every row from the Nile out).  What never
changes (a field's bank, row, position and palms, the market rows' sizes) is not repeated
here: ``board.FIELDS`` and ``board.MARKET_SIZES`` give it.  Scores and the obelisk are in
tens (the track has 30 spaces); counts of plants and cards are raw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nilegames.core import Observation
from nilegames.core.tensor import PieceEncoder, TensorPiece, TensorWriter, relative_seats
from nilegames.games.banks.actions import MAX_ROW_SPACES, STACKS
from nilegames.games.banks.board import (
    CIRCLE_KEYS,
    CROP_KEYS,
    NUM_CROPS,
    NUM_FIELDS,
    NUM_MARKET_ROWS,
    ROWS,
)
from nilegames.games.banks.cards import (
    EVENT_INDEX,
    EVENT_KEYS,
    FACES,
    NUM_EVENTS,
    NUM_FACES,
    WAVE_KEYS,
    Event,
)
from nilegames.games.banks.observe import CONDITION_KEYS, GROUND_KEYS

MAX_SEATS = 5
#: The observation's phase names, each once, in the order a game meets them ("setup" covers
#: the chance draws before the opening too; "ebb" and "flood" their draws of card backs).
PHASES = ("setup", "opening", "flood", "ebb", "rot", "actions", "auction", "game over")
#: What an auction under way is for (variants), as the observation names it.
AUCTIONS = ("hippo", "first player")
#: The most palms a rot can reach (its rows are market rows 1 to 4).
MAX_ROT = NUM_MARKET_ROWS
NUM_WAVES = len(WAVE_KEYS)
NUM_CONDITIONS = len(CONDITION_KEYS)
NUM_GROUNDS = len(GROUND_KEYS)
#: Floats per plant on a field: present, ripe, crop one-hot.
PLANT_FLOATS = 2 + NUM_CROPS
#: Floats per market space: relative owner one-hot, crop one-hot, condition one-hot.
SPACE_FLOATS = MAX_SEATS + NUM_CROPS + NUM_CONDITIONS
#: Floats per water stack: cards left, then the top card's face one-hot.
STACK_FLOATS = 1 + NUM_FACES
CROP_INDEX = {key: c for c, key in enumerate(CROP_KEYS)}
WAVE_INDEX = {key: w for w, key in enumerate(WAVE_KEYS)}
FACE_INDEX = {face: f for f, face in enumerate(FACES)}
SCORE_UNIT = 10.0


def face_index(face: Mapping[str, str]) -> int:
    """The index into ``cards.FACES`` of a face as the observation shows it."""
    return FACE_INDEX[(WAVE_INDEX[face["inner"]], WAVE_INDEX[face["outer"]])]


def _pieces_now() -> list[TensorPiece]:
    return [
        TensorPiece("players", MAX_SEATS - 1, "one-hot: 2, 3, 4 or 5 players"),
        TensorPiece("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        TensorPiece(
            "to_move",
            MAX_SEATS + 1,
            "one-hot relative seat to move; last: nobody (a chance draw, the end)",
        ),
        TensorPiece(
            "first_player", MAX_SEATS + 1, "one-hot relative seat of the first player; last: none"
        ),
        TensorPiece("round", 1, "round number (0 in the set-up and opening)"),
        TensorPiece("circle", len(CIRCLE_KEYS), "one-hot flood circle: " + ", ".join(CIRCLE_KEYS)),
        TensorPiece("covered", NUM_FIELDS, "per field, 1 if a strip covers its row"),
        TensorPiece(
            "ground", NUM_FIELDS * NUM_GROUNDS, "per field, one-hot: " + ", ".join(GROUND_KEYS)
        ),
        TensorPiece(
            "water",
            NUM_FIELDS * 2 * NUM_WAVES,
            "per field, the water card's inner then outer end, each one-hot "
            + "/".join(WAVE_KEYS)
            + " (no card: all 0)",
        ),
        TensorPiece(
            "plants",
            NUM_FIELDS * MAX_SEATS * PLANT_FLOATS,
            "per field and relative seat: its plant there (1), 1 if ripe, one-hot crop",
        ),
        TensorPiece(
            "market",
            NUM_MARKET_ROWS * MAX_ROW_SPACES * SPACE_FLOATS,
            f"per market row and space (top first, {MAX_ROW_SPACES} each; empty: all 0): "
            "one-hot relative owner, crop, condition (ripe, spoiled, rotten)",
        ),
        TensorPiece(
            "boat", MAX_SEATS * NUM_CROPS, "per relative seat and crop: plants in the boat"
        ),
        TensorPiece(
            "supply", MAX_SEATS * NUM_CROPS, "per relative seat and crop: plants in its supply"
        ),
        TensorPiece("scores", MAX_SEATS, "score per relative seat, in tens"),
        TensorPiece("lost", MAX_SEATS, "plants per relative seat lost from the boat"),
        TensorPiece("obelisk", 1, "the obelisk's space on the track, in tens"),
        TensorPiece("jokers", MAX_SEATS, "jokers per relative seat"),
        TensorPiece("desert_pile", 1, "desert cards left in the pile"),
        TensorPiece(
            "stacks",
            MAX_SEATS * STACKS * STACK_FLOATS,
            "per relative seat and water stack: cards left, one-hot face of its top card",
        ),
        TensorPiece("water_discard", 1, "water cards removed by the ebb"),
        TensorPiece("points", 1, "action points left to the seat acting (actions phase)"),
        TensorPiece(
            "acted", NUM_FIELDS, "per field, 1 if the seat acting sowed or grew there this turn"
        ),
        TensorPiece("joker_bought", 1, "1 if the seat acting bought a joker this turn"),
        TensorPiece("rot_palms", MAX_ROT, "one-hot palms (1-4) of the rot under way (none: 0)"),
        TensorPiece("rot_row", NUM_MARKET_ROWS, "one-hot market row the rot strikes (none yet: 0)"),
        TensorPiece(
            "auction", len(AUCTIONS), "one-hot auction under way (variants): hippo, first player"
        ),
        TensorPiece("bids_placed", MAX_SEATS, "per relative seat, 1 if it has bid in that auction"),
        TensorPiece("own_bid", 1, "the viewer's own secret bid in that auction (0 if none)"),
        TensorPiece("extra_turn", 1, "1 if the seat acting plays the hippopotamus's extra turn"),
        TensorPiece("returns", MAX_SEATS, "final return per relative seat (0 until the end)"),
    ]


#: What each seat has done, counted from the log (the ``deeds`` piece), in this order, as
#: the log's event names: water laid, water an ebb took off, plants laid or sown, grown,
#: harvested, own seeds bought back, others' seeds bought, jokers bought, spent, heals.
DEEDS = (
    "water",
    "ebb",
    "plant",
    "grow",
    "harvest",
    "buy_seed",
    "buy_other_seed",
    "buy_joker",
    "joker",
    "heal",
)
#: Why plants were washed to the boat (the ``washed`` piece), as the log names it.
WASH_REASONS = ("flood", "desert")


def _pieces_history() -> list[TensorPiece]:
    return [
        TensorPiece(
            "faces_seen", NUM_FACES, "per face: water cards seen (shown on a stack's top so far)"
        ),
        TensorPiece(
            "water_backs",
            NUM_FACES * NUM_EVENTS,
            "per face and back event: water cards an ebb removed",
        ),
        TensorPiece("desert_backs", NUM_EVENTS, "per back event: desert cards a flood covered"),
        TensorPiece("arrows", 1, "arrows seen on the backs so far"),
        TensorPiece(
            "tide",
            3,
            "this round: water cards laid, water cards removed, 1 if an arrow stopped the tide",
        ),
        TensorPiece(
            "rot_picked",
            MAX_ROW_SPACES,
            "per space of the rot's row, 1 if the rot under way already spoiled it",
        ),
        TensorPiece(
            "fresh", NUM_CROPS, "per crop: seeds the seat acting bought back this turn (unsowable)"
        ),
        TensorPiece(
            "deeds",
            MAX_SEATS * len(DEEDS),
            "per relative seat: water laid, water taken off, plants laid or sown, grown, "
            "harvested, seeds bought back, others' seeds bought, jokers bought, jokers spent, "
            "heals",
        ),
        TensorPiece(
            "washed",
            MAX_SEATS * len(WASH_REASONS),
            "per relative seat: plants washed to the boat by the flood, by the desert",
        ),
        TensorPiece("rots", NUM_MARKET_ROWS, "per market row: rots that struck it"),
        TensorPiece(
            "plants_bid", MAX_SEATS, "per relative seat: plants bid in auctions already resolved"
        ),
    ]


class _BanksEncoder(PieceEncoder):
    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        n = obs["players"]
        rel = relative_seats(n, obs["seat"])
        w.put("players", n - 2)
        w.put("phase", PHASES.index(obs["phase"]))
        mover = obs["current_player"]
        w.put("to_move", rel(mover) if mover >= 0 else MAX_SEATS)
        first = obs["first_player"]
        w.put("first_player", rel(first) if first is not None else MAX_SEATS)
        w.put("round", 0, obs["round"])
        w.put("circle", CIRCLE_KEYS.index(obs["circle"]))
        for row in obs["covered_rows"]:
            for field in ROWS[row]:
                w.put("covered", field)
        plants = [0.0] * (NUM_FIELDS * MAX_SEATS * PLANT_FLOATS)
        for spot in obs["fields"]:
            field = spot["field"]
            w.put("ground", field * NUM_GROUNDS + GROUND_KEYS.index(spot["ground"]))
            face = spot["water"]
            if face is not None:
                at = field * 2 * NUM_WAVES
                w.put("water", at + WAVE_INDEX[face["inner"]])
                w.put("water", at + NUM_WAVES + WAVE_INDEX[face["outer"]])
            for plant in spot["plants"]:
                at = (field * MAX_SEATS + rel(plant["seat"])) * PLANT_FLOATS
                plants[at] = 1.0
                plants[at + 1] = float(plant["ripe"])
                plants[at + 2 + CROP_INDEX[plant["crop"]]] = 1.0
        w.set("plants", plants)
        market = [0.0] * (NUM_MARKET_ROWS * MAX_ROW_SPACES * SPACE_FLOATS)
        for m, spaces in enumerate(obs["market"]):
            for index, plant in enumerate(spaces):
                at = (m * MAX_ROW_SPACES + index) * SPACE_FLOATS
                market[at + rel(plant["seat"])] = 1.0
                market[at + MAX_SEATS + CROP_INDEX[plant["crop"]]] = 1.0
                market[at + MAX_SEATS + NUM_CROPS + CONDITION_KEYS.index(plant["condition"])] = 1.0
        w.set("market", market)
        for seat in range(n):
            r = rel(seat)
            w.set("boat", _crops(obs["boat"][seat]), r * NUM_CROPS)
            w.set("supply", _crops(obs["supply"][seat]), r * NUM_CROPS)
            w.put("scores", r, obs["scores"][seat] / SCORE_UNIT)
            w.put("lost", r, obs["lost"][seat])
            w.put("jokers", r, obs["jokers"][seat])
            for stack, pile in enumerate(obs["stacks"][seat]):
                at = (r * STACKS + stack) * STACK_FLOATS
                w.put("stacks", at, pile["cards"])
                if pile["top"] is not None:
                    w.put("stacks", at + 1 + face_index(pile["top"]))
        w.put("obelisk", 0, obs["obelisk"] / SCORE_UNIT)
        w.put("desert_pile", 0, obs["desert_pile"])
        w.put("water_discard", 0, obs["water_discard"])
        turn = obs["turn"]
        if turn is not None:
            w.put("points", 0, turn["points"])
            for field in turn["acted"]:
                w.put("acted", field)
            w.put("joker_bought", 0, float(turn["joker_bought"]))
        rot = obs["rot"]
        if rot is not None:
            w.put("rot_palms", rot["palms"] - 1)
            if rot["row"] is not None:
                w.put("rot_row", rot["row"])
        auction = obs.get("auction")
        if auction is not None:
            w.put("auction", AUCTIONS.index(auction["for"]))
            for seat in auction["placed"]:
                w.put("bids_placed", rel(seat))
            if auction["your_bid"] is not None:
                w.put("own_bid", 0, auction["your_bid"])
        w.put("extra_turn", 0, float(obs.get("extra_turn", False)))
        if "result" in obs:
            for seat, value in enumerate(obs["result"]["returns"]):
                w.put("returns", rel(seat), value)


class BanksObservationEncoder(_BanksEncoder):
    """The table now: fields, market, boat, supplies, stacks, scores, the tide and turn.

    It ignores the log, as OpenSpiel's observation string (the dict without its log)
    does, so the vector is a function of the table alone.  Nothing on the table is
    secret (cards are drawn only when seen), so two seats' vectors differ only in seat
    order and in ``own_bid``.
    """

    def __init__(self) -> None:
        super().__init__(_pieces_now())


class BanksInformationStateEncoder(_BanksEncoder):
    """The observation encoding, then public facts only the log remembers.

    The state holds no hidden cards, so perfect recall adds no secret; it adds what the
    table forgets.  Which faces and backs have been seen fix the odds of every later draw
    (a back is drawn from those of its face not seen yet), so they are counted per face
    and event.  The log also tells how far this round's tide went and whether an arrow
    stopped it, which spaces the rot under way has already spoiled, and which seeds the
    seat acting bought back this turn (those cannot be sown before its next turn): the
    observation leaves these out, though they decide the legal moves.  Last, what each
    seat has done and bid.  A function of the information state, not a one-to-one image
    of it.
    """

    def __init__(self) -> None:
        super().__init__([*_pieces_now(), *_pieces_history()])

    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        super()._fill(w, obs)
        rel = relative_seats(obs["players"], obs["seat"])
        faces_seen = [0.0] * NUM_FACES
        water_backs = [0.0] * (NUM_FACES * NUM_EVENTS)
        desert_backs = [0.0] * NUM_EVENTS
        deeds = [0.0] * (MAX_SEATS * len(DEEDS))
        washed = [0.0] * (MAX_SEATS * len(WASH_REASONS))
        rots = [0.0] * NUM_MARKET_ROWS
        bid = [0.0] * MAX_SEATS
        tide = [0.0, 0.0, 0.0]  # the opening's water (before round 1) is no tide
        rounds = False
        picked: list[int] = []
        fresh = [0.0] * NUM_CROPS
        arrows = 0
        face_on: dict[int, int] = {}  # the face of the water card on each field
        ebbed = -1  # the face of the card the last ebb took off
        for event in obs["log"]:
            kind = event["event"]
            if kind in DEEDS:
                deeds[rel(event["seat"]) * len(DEEDS) + DEEDS.index(kind)] += 1
            if kind == "top":
                faces_seen[face_index(event["face"])] += 1
            elif kind == "water":
                face_on[event["field"]] = face_index(event["face"])
                tide[0] += rounds
            elif kind == "ebb":
                ebbed = face_on.pop(event["field"])
                tide[1] += 1
            elif kind in ("water_back", "desert_back"):
                back = EVENT_INDEX[
                    Event(EVENT_KEYS.index(event["event_kind"]), event["palms"], event["arrow"])
                ]
                if kind == "water_back":
                    water_backs[ebbed * NUM_EVENTS + back] += 1
                else:
                    desert_backs[back] += 1
            elif kind == "arrow":
                arrows += 1
                if (event["before"] == CIRCLE_KEYS[0]) != (event["after"] == CIRCLE_KEYS[0]):
                    tide[2] = 1.0
            elif kind == "round":
                tide = [0.0, 0.0, 0.0]
                rounds = True
            elif kind == "washed":
                washed[
                    rel(event["seat"]) * len(WASH_REASONS) + WASH_REASONS.index(event["reason"])
                ] += 1
            elif kind == "rot_row":
                rots[event["market_row"]] += 1
                picked = []
            elif kind == "rot":
                picked.append(event["space"])
            elif kind in ("turn", "extra_turn"):
                fresh = [0.0] * NUM_CROPS
            elif kind == "buy_seed":
                fresh[CROP_INDEX[event["crop"]]] += 1
            elif kind == "bids":
                for seat, plants in enumerate(event["bids"]):
                    bid[rel(seat)] += max(0, plants)  # -1: not in a re-bid
        w.set("faces_seen", faces_seen)
        w.set("water_backs", water_backs)
        w.set("desert_backs", desert_backs)
        w.put("arrows", 0, arrows)
        w.set("tide", tide)
        rot = obs["rot"]
        if rot is not None and rot["row"] is not None:
            for space in picked:
                w.put("rot_picked", space)
        if obs["turn"] is not None:
            w.set("fresh", fresh)
        w.set("deeds", deeds)
        w.set("washed", washed)
        w.set("rots", rots)
        w.set("plants_bid", bid)


def _crops(counts: Mapping[str, Any]) -> list[float]:
    """A ``{crop: count}`` dict of the observation (crops with none left out) as 5 counts."""
    values = [0.0] * NUM_CROPS
    for key, count in counts.items():
        values[CROP_INDEX[key]] = count
    return values
