"""Drawing a NIL observation for people: plain text, and a coloured board for the terminal.

The board is a grid of three-character cells.  A tile shows the way the river runs
through it as two arrows, the heading it enters with and the heading it leaves with
(``→→`` straight on, ``→↗`` a 45-degree turn, ``→↑`` a right angle, ``→↖`` a 135-degree
turn: every tile angle reads as it is), then the letter of the seat that laid it; the
tiles of the last turn are highlighted.  A free cell shows its value in tens (``+24``
is worth 240, ``-16`` costs 160; ``u16`` a cell of a red U zone), ``·`` a cell worth
nothing; the goal column shows what reaching each of its cells pays.  ``@`` is where the
next tile goes (after the heading it will enter with), ``>`` the start.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.text import Text

from nilegames.core import Observation
from nilegames.core.log import plural
from nilegames.games.pharaohs.tiles import (
    EXITS,
    KIND_EXITS,
    KIND_KEYS,
    KIND_NAMES,
    NUM_KINDS,
    SW,
    UNIVERSAL,
    W,
    opposite,
)

#: The heading of a river that leaves a cell through each exit.
ARROWS = dict(zip(EXITS, "↑↗→↘↓↙←↖", strict=True))
SEAT_MARKS = "abcd"
SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold white")
KIND_NAME = dict(zip(KIND_KEYS, KIND_NAMES, strict=True))


def _sample(kind: int) -> str:
    """How a kind looks laid on a river flowing east (from the west side, or from the
    south-west corner for the kinds that join corners only)."""
    if kind == UNIVERSAL:
        return "any"
    entry = W if KIND_EXITS[kind][W] else SW
    return arrows(EXITS[entry], EXITS[KIND_EXITS[kind][entry][0]])


CELL = 3
Cell = tuple[str, str]  # text and rich style


def arrows(entry: str, exit_: str) -> str:
    """The river through a cell as two headings: in by ``entry``, out by ``exit_``."""
    return ARROWS[EXITS[opposite(EXITS.index(entry))]] + ARROWS[exit_]


#: How each kind looks laid on a river flowing east.
KIND_ARROWS = {KIND_KEYS[kind]: _sample(kind) for kind in range(NUM_KINDS)}


def last_turn(obs: Observation) -> int:
    """How many of the river's last tiles were laid in the latest turn (this one if it
    has laid tiles, else the one before), to highlight them."""
    river = obs["river"]
    if not river:
        return 0
    seat = river[-1]["seat"]
    count = 0
    for step in reversed(river):
        if step["seat"] != seat:
            break
        count += 1
    return count


def _cells(obs: Observation) -> dict[tuple[int, int], tuple[str, int, bool]]:
    """What each occupied cell shows: its arrows, the seat of its latest tile, and
    whether that tile came in the last turn."""
    drawn: dict[tuple[int, int], tuple[str, int, bool]] = {}
    river = obs["river"]
    recent = len(river) - last_turn(obs)
    for index, step in enumerate(river):
        where = (step["row"], step["column"])
        mark = arrows(step["entry"], step["exit"])
        if step["crossing"]:
            mark = "╳" + mark[1]
        drawn[where] = (mark, step["seat"], index >= recent)
    return drawn


def _value(value: int, zone_head: bool | None) -> Cell:
    """A free cell: its value in tens, green or red.  A red U zone costs its value once a
    turn however many of its cells the river covers, so only its first cell shows it
    (``u16``); the others show ``u``."""
    if zone_head is not None:
        return ((f"u{abs(value) // 10:<2}" if zone_head else " u "), "red")
    if value == 0:
        return (" · ", "dim")
    tens = abs(value) // 10
    return (f"+{tens:<2}", "green") if value > 0 else (f"-{tens:<2}", "red")


def _board_cells(obs: Observation, wide: bool = True) -> list[list[Cell]]:
    """Rows of (characters, rich style) for every cell of the board: four characters
    a cell when ``wide`` (the seat's letter after a tile's arrows, a space between
    cells), else three (the seat shown by its colour only, so that nothing runs together)."""
    layout = obs["layout"]
    rows, columns, goal = layout["rows"], layout["columns"], layout["goal_column"]
    values = {(r, c): (v, z) for r, c, v, z in layout["cells"]}
    u_zones = set(layout["u_zones"])
    heads: dict[int, tuple[int, int]] = {}
    for r, c, _, z in sorted(layout["cells"]):
        heads.setdefault(z, (r, c))
    drawn = _cells(obs)
    end = obs["open_end"]
    grid = []
    for r in range(rows):
        line = []
        for c in range(columns):
            value, zone = values.get((r, c), (0, -1))
            if (r, c) in drawn:
                mark, seat, recent = drawn[(r, c)]
                style = SEAT_STYLES[seat] + (" reverse" if recent else "")
                line.append((mark + (SEAT_MARKS[seat] if wide else " "), style))
            elif end and (end["row"], end["column"]) == (r, c):
                heading = ARROWS[EXITS[opposite(EXITS.index(end["entry"]))]]
                line.append((f"{heading}@ ", "bold reverse"))
            elif c == goal:
                line.append((f"{value:<3}", "bold blue"))
            else:
                line.append(_value(value, heads[zone] == (r, c) if zone in u_zones else None))
        if wide:
            line = [(text.ljust(CELL + 1), style) for text, style in line]
        else:  # a tile right after a three-character value moves its arrows one step right
            for c in range(1, len(line)):
                text, style = line[c]
                if (r, c) in drawn and text.endswith(" ") and not line[c - 1][0].endswith(" "):
                    line[c] = (" " + text[:-1], style)
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
    if "result" in obs:
        whose = "game over"
    elif obs["active_seat"] is None:
        whose = f"phase: {obs['phase']}"
    else:
        whose = f"{_seat(obs['active_seat'], viewer, obs)} to play - phase: {obs['phase']}"
    lines = [
        f"Turn {obs['turn']} - {whose}",
        f"Bag: {plural(obs['bag'], 'tile')}; universal tiles on the board:"
        f" {obs['universals_on_board']}",
        f"This turn: {plural(turn['laid'], 'tile')}, {turn['points']:+d} points",
    ]
    for seat in range(obs["players"]):
        lines.append(
            f"{SEAT_MARKS[seat]} {_seat(seat, viewer, obs)}: {obs['scores'][seat]} points,"
            f" {plural(obs['rack_sizes'][seat], 'tile')} in rack"
        )
    if "rack" in obs:
        rack = (
            ", ".join(f"{KIND_NAME[k]} {KIND_ARROWS[k]} x{c}" for k, c in obs["rack"].items())
            or "empty"
        )
        lines.append(f"Your rack: {rack}")
    end = obs["open_end"]
    if end:
        where = f"{chr(ord('A') + end['row'])}{end['column'] + 1}"
        lines.append(f"Next tile: on {where} (@), entering by its {end['entry']} side")
    elif obs["finished"]:
        lines.append("The river has reached the end of the goal column")
    return lines


LEGEND = (
    "River: each tile shows its heading in and out (→→ straight, →↗ 45°, →↑ 90°, →↖ 135°)"
    " and who laid it (its colour; a, b... on a wide screen); reversed: the last turn's.",
    "Cells: +24 = +240 points, -16 = -160, u16 = a red U zone (-160 once a turn, however"
    " many of its cells); @ the next tile's cell; G: what reaching the goal pays.",
)


def result_lines(obs: Observation) -> list[str]:
    """The end in words: each seat's score with what its tiles left cost, and the winner."""
    if "result" not in obs:
        return []
    viewer = obs["seat"]
    result = obs["result"]
    penalties: list[int] = []
    for entry in obs["log"]:
        if isinstance(entry, dict) and entry.get("event") == "game_over":
            penalties = list(entry.get("penalties") or [])
    lines = ["Scores (tiles left in a rack count against it):"]
    for seat, score in enumerate(result["scores"]):
        left = ", ".join(f"{KIND_NAME[k]} x{c}" for k, c in result["racks_left"][seat].items())
        cost = f"; tiles left: {left}" if left else ""
        if seat < len(penalties) and penalties[seat]:
            cost += f" (-{penalties[seat]})"
        mark = " - wins" if seat in result["winners"] else ""
        lines.append(f"  {_seat(seat, viewer, obs)}: {score} points{cost}{mark}")
    winners = [_seat(s, viewer, obs) for s in result["winners"]]
    if len(winners) > 1:
        lines.append(f"A tie on points: {' and '.join(winners)} share the place.")
    else:
        lines.append(f"{winners[0][:1].upper() + winners[0][1:]} won with the highest score.")
    return lines


def _column_header(columns: int, goal: int, width: int) -> str:
    return "    " + "".join(
        f"{c + 1:<{width}}" if c != goal else "G".ljust(width) for c in range(columns)
    )


def _board_lines(obs: Observation, wide: bool) -> list[list[Cell]]:
    """The board with its column numbers and row letters, as lines of styled pieces."""
    grid = _board_cells(obs, wide)
    start = obs["layout"]["start_row"]
    header = _column_header(len(grid[0]), obs["layout"]["goal_column"], CELL + wide)
    lines: list[list[Cell]] = [[(header.rstrip(), "dim")]]
    for r, row in enumerate(grid):
        lines.append([(f"{chr(ord('A') + r)} ", "dim"), (">" if r == start else " ", "bold")])
        lines[-1] += [(" ", ""), *row]
    return lines


def render_text(obs: Observation) -> str:
    board = ["".join(text for text, _ in line).rstrip() for line in _board_lines(obs, True)]
    return "\n".join([*board, *LEGEND, *summary_lines(obs), *result_lines(obs)])


class Board:
    """The board as a rich renderable: four characters a cell when the terminal has the
    room, three otherwise."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        columns = int(self.obs["layout"]["columns"])
        wide = options.max_width >= 5 + (CELL + 1) * columns
        for line in _board_lines(self.obs, wide):
            text = Text(no_wrap=True, overflow="crop")
            for chars, style in line:
                text.append(chars, style=style)
            yield text


def _say(obs: Observation) -> Callable[[str], str]:
    """The drawing's words in the language the front end asked for (``obs["lang"]``)."""
    if obs.get("lang") == "fr":
        from nilegames.games.pharaohs.words_fr import view

        return view
    return str


def render_rich(obs: Observation) -> Any:
    say = _say(obs)
    legend = Text("\n".join(map(say, LEGEND)), style="dim")
    summary = Text("\n".join(map(say, summary_lines(obs))))
    parts: list[Any] = [Board(obs), Text(""), legend, summary]
    if "result" in obs:
        parts.append(Text("\n".join(map(say, result_lines(obs))), style="bold"))
    return Panel(Group(*parts), title="NIL")
