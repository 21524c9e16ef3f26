"""What each seat may see of a NIL game, and the words for actions and events.

The board, the river, the scores and every rack's size are public.  A rack is seen by
its owner alone, except when the rules show it: a seat that cannot lay a tile shows its
rack, and the racks left at the end are counted in the open.  Tiles drawn from the bag
are seen by the drawer alone; the three tiles each seat draws to decide who starts are
shown to all.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from nilegames.core import CHANCE, Observation
from nilegames.core.log import does, viewer_log, who
from nilegames.games.pharaohs import board
from nilegames.games.pharaohs.actions import END_TURN
from nilegames.games.pharaohs.river import FINISHED
from nilegames.games.pharaohs.state import OVER, PHASE_NAMES, TIE
from nilegames.games.pharaohs.tiles import (
    EXITS,
    KIND_KEYS,
    KIND_NAMES,
    NUM_EXITS,
    PAIR_KIND,
    UNIVERSAL,
)

if TYPE_CHECKING:
    from nilegames.games.pharaohs.state import PharaohsState

GAME_OVER_REASONS = {
    "goal": "the river reached the goal",
    "tiles": "the bag and a rack are empty",
    "blocked": "no tile was laid for two rounds",
}


def counts_by_key(counts: Sequence[int]) -> dict[str, int]:
    return {KIND_KEYS[k]: c for k, c in enumerate(counts) if c}


def cell_name(cell: int) -> str:
    """A cell as people read the board: row letter A-U from the north, column 1-21, or Goal."""
    r, c = board.row_column(cell)
    column = "goal" if c == board.GOAL_COLUMN else str(c + 1)
    return f"{chr(ord('A') + r)}{column}" if column != "goal" else f"goal {chr(ord('A') + r)}"


@cache
def layout() -> dict[str, Any]:
    """The board's fixed data, for views that draw it: size, start, valued cells, zones."""
    return {
        "rows": board.ROWS,
        "columns": board.COLUMNS,
        "goal_column": board.GOAL_COLUMN,
        "start_row": board.START_ROW,
        "cells": [
            [*board.row_column(cell), board.VALUES[cell], board.ZONES[cell]]
            for cell in range(board.NUM_CELLS)
            if board.VALUES[cell]
        ],
        "u_zones": [zone for zone, cells in board.ZONE_CELLS.items() if len(cells) > 1],
    }


def build_observation(state: PharaohsState, viewer: int | None) -> Observation:
    """The view of ``viewer`` (a seat, or None for a spectator), as JSON-ready data."""
    end = state.end_cell
    playing = state.seat >= 0 and state.phase != OVER
    obs: Observation = {
        "game": "pharaohs",
        "players": state.n,
        "seat": viewer,
        "turn": state.turn,
        "active_seat": state.seat if playing else None,
        "current_player": state.current_player(),
        "phase": PHASE_NAMES[state.phase],
        "scores": list(state.scores),
        "rack_sizes": list(state.rack_size),
        "bag": state.bag_size,
        "river": [
            {
                "row": cell // board.COLUMNS,
                "column": cell % board.COLUMNS,
                "entry": EXITS[entry],
                "exit": EXITS[exit_],
                "tile": KIND_KEYS[kind],
                "as": KIND_KEYS[PAIR_KIND[entry][exit_]],
                "seat": seat,
                "crossing": replaced >= 0,
            }
            for cell, entry, exit_, kind, seat, replaced in state.river
        ],
        "open_end": (
            {
                "row": end // board.COLUMNS,
                "column": end % board.COLUMNS,
                "entry": EXITS[state.end_entry],
                "crossing": state.exits[end] != 0,
            }
            if end >= 0
            else None
        ),
        "finished": end == FINISHED,
        "in_goal": state.in_goal,
        "universals_on_board": state.universals_on_board,
        "this_turn": {
            "laid": state.laid,
            "points": state.turn_points,
            "zones_paid": list(state.zones_paid),
        },
        "start_draws": [[KIND_KEYS[k] for k in drawn] for drawn in state.order_draws],
        "tied": list(state.tied) if state.phase == TIE else [],
        "layout": layout(),
        "log": _log(state, viewer),
    }
    if viewer is not None:
        obs["rack"] = counts_by_key(state.racks[viewer])
    if state.phase == OVER:
        returns = state.returns()
        obs["result"] = {
            "scores": list(state.scores),
            "racks_left": [counts_by_key(r) for r in state.racks],
            "returns": returns,
            "winners": [s for s, r in enumerate(returns) if r == max(returns)],
        }
    return obs


def _log(state: PharaohsState, viewer: int | None) -> list[dict[str, Any]]:
    """The viewer's log (see core.log): words for new events are made once."""
    return viewer_log(state.log_views, state.events, viewer, event_view)


def event_view(event: tuple[Any, ...], viewer: int | None) -> dict[str, Any]:
    """One log event as ``viewer`` saw it: tiles others drew stay hidden."""
    kind, *rest = event
    view: dict[str, Any] = {"event": kind}
    if kind == "order_draw":
        seat, tile = rest
        view.update(seat=seat, tile=KIND_KEYS[tile])
        view["text"] = f"{does(seat, viewer, 'draw')} {KIND_NAMES[tile]} to decide who starts"
    elif kind == "order_return":
        view["totals"] = list(rest[0])
        view["text"] = "Totals " + ", ".join(str(t) for t in rest[0]) + "; the tiles go back"
    elif kind == "order_tie":
        view["seats"] = list(rest[0])
        view["text"] = "A tie for the highest total: lots are drawn"
    elif kind == "first_player":
        view.update(seat=rest[0], text=f"{does(rest[0], viewer, 'start')} the game")
    elif kind == "draw":
        seat, tile, reason, _index = rest
        shown = KIND_KEYS[tile] if seat == viewer else None
        view.update(seat=seat, reason=reason, tile=shown)
        what = KIND_NAMES[tile] if shown else "a tile"
        view["text"] = f"{who(seat, viewer)} drew {what}"
    elif kind == "turn":
        view.update(seat=rest[0], turn=rest[1], text=f"Turn {rest[1]}: {who(rest[0], viewer)}")
    elif kind == "lay":
        seat, cell, entry, exit_, tile, replaced, tile_points, cell_points = rest
        r, c = board.row_column(cell)
        view.update(
            seat=seat,
            row=r,
            column=c,
            entry=EXITS[entry],
            exit=EXITS[exit_],
            tile=KIND_KEYS[tile],
            replaced=KIND_KEYS[replaced] if replaced >= 0 else None,
            tile_points=tile_points,
            cell_points=cell_points,
        )
        name = KIND_NAMES[tile]
        if tile == UNIVERSAL and replaced < 0:
            name += f" as {KIND_NAMES[PAIR_KIND[entry][exit_]]}"
        text = f"{does(seat, viewer, 'lay')} {name} on {cell_name(cell)}"
        if replaced >= 0:
            text += f", crossing the river (the {KIND_NAMES[replaced]} goes back to the bag)"
        text += f": {tile_points:+d}"
        if cell_points:
            text += f", cell {cell_points:+d}"
        elif board.VALUES[cell] < 0:
            text += ", zone already paid this turn"
        view["text"] = text
    elif kind == "bonus":
        view.update(seat=rest[0], points=rest[1])
        view["text"] = f"{who(rest[0], viewer)}: all five tiles in one turn, +{rest[1]}"
    elif kind == "end_turn":
        seat, laid, points = rest
        view.update(seat=seat, laid=laid, points=points)
        tiles = "tile" if laid == 1 else "tiles"
        view["text"] = f"{does(seat, viewer, 'end')} the turn: {laid} {tiles}, {points:+d}"
    elif kind == "no_tile":
        seat, rack, penalty = rest
        view.update(seat=seat, rack=counts_by_key(rack), penalty=penalty)
        shown = ", ".join(f"{c} {KIND_NAMES[k]}" for k, c in enumerate(rack) if c) or "nothing"
        view["text"] = (
            f"{who(seat, viewer)} cannot lay a tile and {'show' if seat == viewer else 'shows'}"
            f" {shown}: -{penalty}, five new tiles"
        )
    elif kind == "game_over":
        reason, racks, penalties, scores = rest
        view.update(
            reason=reason,
            racks_left=[counts_by_key(r) for r in racks],
            penalties=list(penalties),
            scores=list(scores),
        )
        view["text"] = f"Game over: {GAME_OVER_REASONS[reason]}; tiles left count against"
    return view


def action_words(state: PharaohsState, action: int) -> str:
    """The words of ``action`` in ``state``: a seat's move, or a chance outcome."""
    if state.current_player() == CHANCE:
        if state.phase == TIE:
            return f"first player: seat {action}"
        return f"draw: {KIND_NAMES[action]}"
    if action == END_TURN:
        return "end turn"
    kind, exit_ = divmod(action, NUM_EXITS)
    entry = state.end_entry
    cell = state.end_cell
    name = KIND_NAMES[kind]
    if kind == UNIVERSAL:
        if cell >= 0 and state.exits[cell]:
            name += " crossing"
        else:
            name += f" as {KIND_NAMES[PAIR_KIND[entry][exit_]]}"
    where = cell_name(cell) if cell >= 0 else "?"
    return f"{name} on {where}, {EXITS[entry]} to {EXITS[exit_]}"
