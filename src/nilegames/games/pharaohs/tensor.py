"""NIL observations as fixed-shape float32 vectors (the layout is in docs/interfaces.md).

Both encoders read only the dict that ``observation(player)`` returns, so they cannot show
a seat more than that view holds.  Seats are relative: index 0 is the viewer, 1 the next
seat in turn order, and so on.  The board is cell by cell, row-major over the 21 x 22
cells (the goal column last in each row).  The board's colours and values never change,
so they are not repeated here: they are ``board.VALUES`` and ``board.ZONES``.  Scores are
in hundreds of points.
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
from nilegames.games.pharaohs.board import COLUMNS, NUM_CELLS, ZONE_CELLS
from nilegames.games.pharaohs.tiles import EXITS, KIND_KEYS, NUM_EXITS, NUM_KINDS

MAX_SEATS = 4
PHASES = ("setup", "play", "draw", "game over")
EXIT_INDEX = {name: e for e, name in enumerate(EXITS)}
KIND_INDEX = {key: k for k, key in enumerate(KIND_KEYS)}
ZONE_INDEX = {zone: i for i, zone in enumerate(sorted(ZONE_CELLS))}
SCORE_UNIT = 100.0


def _pieces_now() -> list[TensorPiece]:
    return [
        TensorPiece("players", MAX_SEATS - 1, "one-hot: 2, 3 or 4 players"),
        TensorPiece("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        TensorPiece("to_move", MAX_SEATS + 1, "one-hot relative seat to move; last: nobody"),
        TensorPiece(
            "river_exits",
            NUM_CELLS * NUM_EXITS,
            "per cell, 1 for each exit (N, NE, E, SE, S, SW, W, NW) the river uses there",
        ),
        TensorPiece(
            "tile_owner",
            NUM_CELLS * MAX_SEATS,
            "per cell, one-hot relative seat that laid the tile lying there",
        ),
        TensorPiece("open_end_cell", NUM_CELLS, "one-hot cell where the next tile goes"),
        TensorPiece("open_end_entry", NUM_EXITS, "one-hot exit the next tile is entered by"),
        TensorPiece(
            "river_state", 3, "1 if the next tile must cross; reached the goal; river ended"
        ),
        TensorPiece("rack", NUM_KINDS, "the viewer's rack: tiles per kind"),
        TensorPiece("rack_sizes", MAX_SEATS, "tiles in each relative seat's rack"),
        TensorPiece("bag", 1, "tiles in the bag"),
        TensorPiece("scores", MAX_SEATS, "score per relative seat, in hundreds"),
        TensorPiece("this_turn", 2, "tiles laid this turn; points this turn, in hundreds"),
        TensorPiece("zones_paid", len(ZONE_INDEX), "red zones already paid this turn"),
        TensorPiece("universals_on_board", 1, "universal tiles on the board"),
        TensorPiece("returns", MAX_SEATS, "final return per relative seat (0 until the end)"),
    ]


def _pieces_history() -> list[TensorPiece]:
    return [
        TensorPiece("seen_draws", NUM_KINDS, "tiles the viewer has drawn, per kind"),
        TensorPiece(
            "laid_by",
            MAX_SEATS * NUM_KINDS,
            "per relative seat and kind: tiles laid, crossed ones included",
        ),
        TensorPiece(
            "shown_racks",
            MAX_SEATS * NUM_KINDS,
            "per relative seat and kind: tiles shown when no tile fitted",
        ),
        TensorPiece("turns", 1, "turns played"),
    ]


class _PharaohsEncoder(PieceEncoder):
    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        n = obs["players"]
        rel = relative_seats(n, obs["seat"])
        w.put("players", n - 2)
        w.put("phase", PHASES.index(obs["phase"]))
        active = obs["current_player"]
        w.put("to_move", rel(active) if active >= 0 else MAX_SEATS)
        for step in obs["river"]:
            cell = step["row"] * COLUMNS + step["column"]
            w.put("river_exits", cell * NUM_EXITS + EXIT_INDEX[step["entry"]])
            w.put("river_exits", cell * NUM_EXITS + EXIT_INDEX[step["exit"]])
            w.set("tile_owner", [0.0] * MAX_SEATS, cell * MAX_SEATS)
            w.put("tile_owner", cell * MAX_SEATS + rel(step["seat"]))
        end = obs["open_end"]
        if end:
            w.put("open_end_cell", end["row"] * COLUMNS + end["column"])
            w.put("open_end_entry", EXIT_INDEX[end["entry"]])
            w.put("river_state", 0, float(end["crossing"]))
        w.put("river_state", 1, float(obs["in_goal"]))
        w.put("river_state", 2, float(obs["finished"]))
        w.set("rack", _kinds(obs.get("rack", {})))
        for seat in range(n):
            w.put("rack_sizes", rel(seat), obs["rack_sizes"][seat])
            w.put("scores", rel(seat), obs["scores"][seat] / SCORE_UNIT)
        w.put("bag", 0, obs["bag"])
        turn = obs["this_turn"]
        w.set("this_turn", [turn["laid"], turn["points"] / SCORE_UNIT])
        for zone in turn["zones_paid"]:
            w.put("zones_paid", ZONE_INDEX[zone])
        w.put("universals_on_board", 0, obs["universals_on_board"])
        if "result" in obs:
            for seat, value in enumerate(obs["result"]["returns"]):
                w.put("returns", rel(seat), value)


class PharaohsObservationEncoder(_PharaohsEncoder):
    """What the viewer sees now: the river, the open end, its rack, scores and sizes."""

    def __init__(self) -> None:
        super().__init__(_pieces_now())


class PharaohsInformationStateEncoder(_PharaohsEncoder):
    """The observation encoding, then a summary of the log the viewer has seen.

    A function of the information state, not a one-to-one image of it: OpenSpiel's
    information-state string carries the whole observation, log included.
    """

    def __init__(self) -> None:
        super().__init__([*_pieces_now(), *_pieces_history()])

    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        super()._fill(w, obs)
        rel = relative_seats(obs["players"], obs["seat"])
        seen = [0.0] * NUM_KINDS
        laid = [0.0] * (MAX_SEATS * NUM_KINDS)
        shown = [0.0] * (MAX_SEATS * NUM_KINDS)
        for event in obs["log"]:
            kind = event["event"]
            if kind == "draw" and event.get("tile"):
                seen[KIND_INDEX[event["tile"]]] += 1
            elif kind == "lay":
                laid[rel(event["seat"]) * NUM_KINDS + KIND_INDEX[event["tile"]]] += 1
            elif kind == "no_tile":
                for key, count in event["rack"].items():
                    shown[rel(event["seat"]) * NUM_KINDS + KIND_INDEX[key]] += count
        w.set("seen_draws", seen)
        w.set("laid_by", laid)
        w.set("shown_racks", shown)
        w.put("turns", 0, obs["turn"])


def _kinds(counts: Mapping[str, int]) -> list[float]:
    values = [0.0] * NUM_KINDS
    for key, count in counts.items():
        values[KIND_INDEX[key]] = count
    return values
