"""Drawing a NIL observation for people: plain text, and a coloured board for the terminal.

The board is a grid of two-character cells.  A tile shows as a line drawing of its river
(``─ │ ╱ ╲`` for straight runs, ``└ ┘ ┌ ┐`` for side bends, ``╳`` for a crossing) followed
by the initial of the seat that laid it; a free cell shows its colour: ``+`` green, ``-``
red (``u`` in a U zone), ``·`` plain, ``~~`` the goal column, whose values follow each
row.  ``@``
marks the cell where the next tile goes, ``>`` the start.
"""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from nilegames.core import Observation
from nilegames.games.pharaohs.tiles import KIND_KEYS, KIND_NAMES

#: Where each exit lies in a unit cell (x east, y south).
_EXIT_XY = {
    "N": (0.5, 0.0),
    "NE": (1.0, 0.0),
    "E": (1.0, 0.5),
    "SE": (1.0, 1.0),
    "S": (0.5, 1.0),
    "SW": (0.0, 1.0),
    "W": (0.0, 0.5),
    "NW": (0.0, 0.0),
}
_BENDS = {
    frozenset({"N", "E"}): "└",
    frozenset({"N", "W"}): "┘",
    frozenset({"S", "E"}): "┌",
    frozenset({"S", "W"}): "┐",
}
SEAT_MARKS = "abcd"
SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold white")
KIND_NAME = dict(zip(KIND_KEYS, KIND_NAMES, strict=True))


def glyph(entry: str, exit_: str) -> str:
    """A box-drawing character close to the river from ``entry`` to ``exit_``."""
    bend = _BENDS.get(frozenset({entry, exit_}))
    if bend:
        return bend
    (x0, y0), (x1, y1) = _EXIT_XY[entry], _EXIT_XY[exit_]
    angle = math.degrees(math.atan2(y0 - y1, x1 - x0)) % 180  # 0 east, 90 north
    if angle < 22.5 or angle >= 157.5:
        return "─"
    if angle < 67.5:
        return "╱"
    if angle < 112.5:
        return "│"
    return "╲"


def _cells(obs: Observation) -> dict[tuple[int, int], tuple[str, int]]:
    """What each occupied cell shows: its glyph and the seat of its latest tile."""
    drawn: dict[tuple[int, int], tuple[str, int]] = {}
    for step in obs["river"]:
        where = (step["row"], step["column"])
        mark = "╳" if step["crossing"] else glyph(step["entry"], step["exit"])
        drawn[where] = (mark, step["seat"])
    return drawn


def _board_cells(obs: Observation) -> list[list[tuple[str, str]]]:
    """Rows of (two characters, rich style) for every cell of the board."""
    layout = obs["layout"]
    rows, columns, goal = layout["rows"], layout["columns"], layout["goal_column"]
    values = {(r, c): (v, z) for r, c, v, z in layout["cells"]}
    u_zones = set(layout["u_zones"])
    drawn = _cells(obs)
    end = obs["open_end"]
    grid = []
    for r in range(rows):
        line = []
        for c in range(columns):
            value, zone = values.get((r, c), (0, -1))
            if (r, c) in drawn:
                mark, seat = drawn[(r, c)]
                line.append((mark + SEAT_MARKS[seat], SEAT_STYLES[seat]))
            elif end and (end["row"], end["column"]) == (r, c):
                line.append(("@ ", "bold reverse"))
            elif c == goal:
                line.append(("~~", "bold blue"))
            elif value > 0:
                line.append(("+ ", "green"))
            elif value < 0:
                line.append((("u " if zone in u_zones else "- "), "red"))
            else:
                line.append(("· ", "dim"))
        grid.append(line)
    return grid


def _seat(seat: int | None, viewer: int | None, obs: Observation | None = None) -> str:
    """ "you", the seat's name if the front end gave one (``obs["names"]``), else "seat 2"."""
    if seat is None:
        return "-"
    if seat == viewer:
        return "you"
    names = obs.get("names") if obs is not None else None
    return str(names[seat]) if isinstance(names, dict) and names.get(seat) else f"seat {seat}"


def summary_lines(obs: Observation) -> list[str]:
    viewer = obs["seat"]
    turn = obs["this_turn"]
    lines = [
        f"Turn {obs['turn']} - {_seat(obs['active_seat'], viewer, obs)} to play"
        f" - phase: {obs['phase']}",
        f"Bag: {obs['bag']} tiles; universal tiles on the board: {obs['universals_on_board']}",
        f"This turn: {turn['laid']} tile(s), {turn['points']:+d} points",
    ]
    for seat in range(obs["players"]):
        lines.append(
            f"{SEAT_MARKS[seat]} {_seat(seat, viewer, obs)}: {obs['scores'][seat]} points,"
            f" {obs['rack_sizes'][seat]} tiles in rack"
        )
    if "rack" in obs:
        rack = ", ".join(f"{KIND_NAME[k]} x{c}" for k, c in obs["rack"].items()) or "empty"
        lines.append(f"Your rack: {rack}")
    end = obs["open_end"]
    if end:
        where = f"row {chr(ord('A') + end['row'])}, column {end['column'] + 1}"
        lines.append(f"Next tile: {where}, entering by {end['entry']}")
    elif obs["finished"]:
        lines.append("The river has reached the end of the goal column")
    if "result" in obs:
        result = obs["result"]
        winners = ", ".join(_seat(s, viewer, obs) for s in result["winners"])
        lines.append(f"Game over. Winner: {winners}. Scores: {result['scores']}")
    return lines


def _column_header(columns: int) -> str:
    return "   " + "".join(f"{c + 1:<2}" if c < columns - 1 else "G " for c in range(columns))


def _goal_values(obs: Observation) -> dict[int, int]:
    goal = obs["layout"]["goal_column"]
    return {r: v for r, c, v, _ in obs["layout"]["cells"] if c == goal}


def render_text(obs: Observation) -> str:
    grid = _board_cells(obs)
    start = obs["layout"]["start_row"]
    goal = _goal_values(obs)
    lines = [_column_header(len(grid[0]))]
    for r, row in enumerate(grid):
        cells = "".join(c for c, _ in row)
        lines.append(f"{chr(ord('A') + r)} {'>' if r == start else ' '}{cells}{goal[r]:>4}")
    return "\n".join(lines + summary_lines(obs))


def render_rich(obs: Observation) -> Any:
    grid = _board_cells(obs)
    start = obs["layout"]["start_row"]
    goal = _goal_values(obs)
    board = Text(_column_header(len(grid[0])) + "\n", style="dim")
    for r, row in enumerate(grid):
        board.append(f"{chr(ord('A') + r)} ", style="dim")
        board.append(">" if r == start else " ", style="bold")
        for chars, style in row:
            board.append(chars, style=style)
        board.append(f"{goal[r]:>4}\n", style="blue")
    return Panel(Group(board, Text("\n".join(summary_lines(obs)))), title="NIL")
