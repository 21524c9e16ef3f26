"""Drawing an AN DEN UFERN DES NILS observation for people: plain text, and a coloured panel.

Each bank is drawn row by row, from the Nile (left) out to the desert (right).  A field is
a cell ``[3p 0F 2w ]``: its palms, then what lies on it: a water card ``W~>=`` (its inner
end, towards the Nile, then its outer end: ``-`` no wave, ``~`` a single wave, ``=`` a
double wave), a desert card ``desert``, or the plants on it, each the seat's digit and
the crop's initial (upper case a ripe plant, lower case a seed).  Rows under the strips
(fewer than five players) read ``covered``.  The market, the boat, the score track with
the obelisk, the players' stacks, jokers and supplies, the turn and the result follow in
lines.  Everything is read from the observation (``observe.py``), nothing from the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from nilegames.core import Observation
from nilegames.core.log import winner_words
from nilegames.games.banks.observe import GAME_OVER_REASONS

TITLE = "AN DEN UFERN DES NILS"
CROP_MARKS = {"flax": "F", "wheat": "W", "grapes": "G", "onion": "O", "aubergine": "A"}
WAVE_MARKS = {"none": "-", "single": "~", "double": "="}
CONDITION_MARKS = {"ripe": "", "spoiled": "~", "rotten": "x"}
SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold white", "bold red")
#: Width of a field's contents, between its brackets.
FIELD = 9
LABEL = 6
LEGEND = (
    "Fields: 3p palms; W~>= a water card (inner end > outer end: - none, ~ single wave,"
    " = double wave); plants: seat digit and crop initial (F flax, W wheat, G grapes,"
    " O onion, A aubergine), upper case ripe, lower case a seed",
)

Cell = tuple[str, str]  # text and rich style


def _seat(seat: int | None, viewer: int | None, obs: Observation | None = None) -> str:
    """ "you", the seat's name if the front end gave one (``obs["names"]``), else "seat 2"."""
    if seat is None:
        return "-"
    if seat == viewer:
        return "you"
    names = obs.get("names") if obs is not None else None
    return str(names[seat]) if isinstance(names, dict) and names.get(seat) else f"seat {seat}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def plant_mark(plant: dict[str, Any]) -> str:
    """A plant on a field: seat digit and crop initial, lower case for a seed ("0F", "2w")."""
    mark = CROP_MARKS.get(plant["crop"], plant["crop"][:1].upper())
    return f"{plant['seat']}{mark if plant['ripe'] else mark.lower()}"


def market_mark(plant: dict[str, Any]) -> str:
    """A plant in the market: "1G", "1G~" spoiled, "1Gx" rotten."""
    mark = CROP_MARKS.get(plant["crop"], plant["crop"][:1].upper())
    return f"{plant['seat']}{mark}{CONDITION_MARKS.get(plant['condition'], '?')}"


def water_mark(face: dict[str, str] | None) -> str:
    if not face:
        return "W?"
    return f"W{WAVE_MARKS[face['inner']]}>{WAVE_MARKS[face['outer']]}"


def _field_cells(obs: Observation, field: int, palms: int) -> list[Cell]:
    """One field as (text, style) pieces: its palms, then its contents."""
    info = obs["fields"][field]
    cells: list[Cell] = [("[", "dim"), (f"{palms}p ", "green")]
    used = 3
    if info["ground"] == "water":
        text = water_mark(info["water"])
        cells.append((text, "bold blue"))
        used += len(text)
    elif info["ground"] == "desert":
        cells.append(("desert", "yellow"))
        used += 6
    elif info["plants"]:
        for index, plant in enumerate(info["plants"]):
            text = ("" if index == 0 else " ") + plant_mark(plant)
            cells.append((text, _style(plant["seat"])))
            used += len(text)
    else:
        cells.append((".", "dim"))
        used += 1
    cells.append((" " * max(0, FIELD - used) + "]", "dim"))
    if field in recent_fields(obs):  # changed this round: brackets lit up
        cells[0] = ("[", "bold reverse")
        cells[-1] = (cells[-1][0][:-1] + "]", "bold reverse")
    return cells


def recent_fields(obs: Observation) -> set[int]:
    """The fields the log names since the round began: what changed lately, to light up."""
    log = [e for e in obs.get("log") or [] if isinstance(e, dict)]
    start = max((i for i, e in enumerate(log) if e.get("event") == "round"), default=0)
    return {e["field"] for e in log[start:] if isinstance(e.get("field"), int)}


def _bank_lines(obs: Observation, bank: str) -> list[list[Cell]]:
    """A bank's rows, under a header numbering the fields as the moves name them."""
    covered = set(obs["covered_rows"])
    rows = [row for row in obs["layout"]["rows"] if row["bank"] == bank]
    widest = max(len(row["fields"]) for row in rows)
    header = "".join(f"field {n}".ljust(FIELD + 3) for n in range(1, widest + 1))
    lines: list[list[Cell]] = [[(" " * (LABEL + 1) + header, "dim")]]
    for row in rows:
        length = len(row["fields"])
        line: list[Cell] = [(f"{length}-row".ljust(LABEL), "bold")]
        if row["row"] in covered:
            line.append((" covered by the strip", "dim"))
        else:
            line.append(("≈", "blue"))
            for spot in row["fields"]:
                line += _field_cells(obs, spot["field"], spot["palms"])
                line.append((" ", ""))
            line.append(("|desert", "yellow"))
        lines.append(line)
    return lines


def field_names(obs: Observation) -> dict[int, str]:
    """Each field as the moves and the board name it: "north 4-row field 3"."""
    names = {}
    for row in obs["layout"]["rows"]:
        for position, spot in enumerate(row["fields"], 1):
            names[spot["field"]] = f"{row['bank']} {len(row['fields'])}-row field {position}"
    return names


def board_lines(obs: Observation) -> list[list[Cell]]:
    """Both banks around the Nile, each row from the river (left) out to the desert."""
    lines: list[list[Cell]] = [[("North bank, from the Nile (≈) out to the desert:", "bold")]]
    lines += _bank_lines(obs, "north")
    lines.append([("≈≈≈≈≈≈ the Nile ≈≈≈≈≈≈", "bold blue")])
    lines.append([("South bank, from the Nile (≈) out to the desert:", "bold")])
    lines += _bank_lines(obs, "south")
    return lines


def header_lines(obs: Observation) -> list[str]:
    viewer = obs["seat"]
    line = f"{TITLE} - round {obs['round']} - phase: {obs['phase']}"
    if obs["active_seat"] is not None and "result" not in obs:
        line += f" - {_seat(obs['active_seat'], viewer, obs)} to play"
    if obs["first_player"] is not None:
        line += f"; first player: {_seat(obs['first_player'], viewer, obs)}"
    if obs["quiet_rounds"] and obs["blocked_at"] and "result" not in obs:
        quiet, limit = obs["quiet_rounds"], obs["blocked_at"]
        line += f"; {_count(quiet, 'round')} without progress (blocked at {limit})"
    circle = obs["circle"]
    marks = " > ".join(f"[{c}]" if c == circle else c for c in ("flood", "ebb 1", "ebb 2"))
    return [
        line,
        f"Flood circle: {marks}; desert pile: {_count(obs['desert_pile'], 'card')};"
        f" water cards discarded: {obs['water_discard']}",
    ]


def market_lines(obs: Observation) -> list[list[Cell]]:
    sizes = obs["layout"]["market_sizes"]
    lines: list[list[Cell]] = [
        [
            (
                "Market (a full row scores 6, or 4 + 2, or 3 + 2 + 1; a rotten plant -1;"
                " ~ spoiled, x rotten):",
                "bold",
            )
        ]
    ]
    for m, row in enumerate(obs["market"]):
        palms = _count(m + 1, "palm")
        line: list[Cell] = [(f"  row {m + 1} ({palms}, {sizes[m]} spaces): ", "")]
        for index in range(sizes[m]):
            if index < len(row):
                plant = row[index]
                style = _style(plant["seat"]) + (" dim" if plant["condition"] == "rotten" else "")
                line.append((market_mark(plant).ljust(4), style))
            else:
                line.append(("..".ljust(4), "dim"))
        lines.append(line)
    return lines


def _crops(counts: dict[str, int]) -> str:
    return ", ".join(f"{crop} x{n}" for crop, n in counts.items()) or "none"


def boat_line(obs: Observation) -> str:
    viewer = obs["seat"]
    parts = [
        f"{_seat(seat, viewer, obs)}: {_crops(counts)}"
        for seat, counts in enumerate(obs["boat"])
        if counts
    ]
    return "Boat: " + ("; ".join(parts) if parts else "empty")


def track_lines(obs: Observation) -> list[list[Cell]]:
    """The 30 spaces of the score track: seat digits on their scores, O the obelisk,
    ``-`` the spaces beyond it."""
    viewer = obs["seat"]
    spaces = 30
    obelisk = obs["obelisk"]
    at: dict[int, list[int]] = {}
    for seat, score in enumerate(obs["scores"]):
        at.setdefault(min(score, spaces - 1), []).append(seat)
    track: list[Cell] = [("  |", "dim")]
    for space in range(spaces):
        seats = at.get(space, [])
        if len(seats) == 1:
            track.append((str(seats[0]), _style(seats[0])))
        elif seats:
            track.append(("+", "bold"))
        elif space == obelisk:
            track.append(("O", "bold yellow"))
        elif space > obelisk:
            track.append(("-", "dim"))
        else:
            track.append((".", "dim"))
    track.append(("|", "dim"))
    scores = ", ".join(f"{_seat(s, viewer, obs)} {n}" for s, n in enumerate(obs["scores"]))
    return [
        [(f"Score track (0 to 29): the obelisk at {obelisk}; scores: {scores}", "bold")],
        track,
    ]


def _stack(stack: dict[str, Any]) -> str:
    if not stack["cards"]:
        return "empty"
    top = water_mark(stack["top"]) if stack["top"] else "top not drawn"
    return f"{_count(stack['cards'], 'card')} ({top})"


def seat_lines(obs: Observation) -> list[Cell]:
    viewer = obs["seat"]
    cells: list[Cell] = []
    for seat in range(obs["players"]):
        marker = " *" if seat == obs["active_seat"] and "result" not in obs else ""
        stacks = " / ".join(_stack(s) for s in obs["stacks"][seat])
        text = (
            f"  {_seat(seat, viewer, obs)}{marker}: score {obs['scores'][seat]}, lost"
            f" {obs['lost'][seat]}, {_count(obs['jokers'][seat], 'joker')}; stacks {stacks};"
            f" supply: {_crops(obs['supply'][seat])}"
        )
        cells.append((text, _style(seat)))
    return cells


def turn_lines(obs: Observation) -> list[str]:
    viewer = obs["seat"]
    lines = []
    turn = obs["turn"]
    if turn:
        points = _count(turn["points"], "action point")
        line = f"Actions: {_seat(turn['seat'], viewer, obs)}, {points} left"
        if turn["acted"]:
            names = field_names(obs)
            line += f" (acted on {', '.join(names[f] for f in turn['acted'])})"
        if obs.get("extra_turn"):
            line += "; the hippopotamus's extra actions"
        lines.append(line)
    rot = obs["rot"]
    if rot:
        where = (
            f"it strikes market row {rot['row'] + 1}"
            if rot["row"] is not None
            else f"a market row of at most {_count(rot['palms'], 'palm')} to choose"
        )
        lines.append(f"Rot: {where}")
    auction = obs.get("auction")
    if auction:
        placed = ", ".join(_seat(s, viewer, obs) for s in auction["placed"]) or "nobody yet"
        line = f"Auction for the {auction['for']}: bids placed by {placed}"
        if auction.get("your_bid") is not None:
            line += f"; your bid: {auction['your_bid']}"
        lines.append(line)
    return lines


def result_lines(obs: Observation) -> list[str]:
    if "result" not in obs:
        return []
    viewer = obs["seat"]
    result = obs["result"]
    winners = ", ".join(_seat(s, viewer, obs) for s in result["winners"])
    scores = ", ".join(f"{_seat(s, viewer, obs)} {n}" for s, n in enumerate(result["scores"]))
    lost = ", ".join(f"{_seat(s, viewer, obs)} {n}" for s, n in enumerate(result["lost"]))
    reason = next(
        (e.get("reason") for e in reversed(obs.get("log") or []) if e["event"] == "game_over"),
        None,
    )
    why = f" ({GAME_OVER_REASONS[reason]})" if reason in GAME_OVER_REASONS else ""
    names = [_seat(s, viewer, obs) for s in range(obs["players"])]
    lines = [f"Game over{why}. Winner: {winners}. Scores: {scores}; plants lost (ties): {lost}"]
    lines.append("Points (the most wins; on a tie, the fewest plants lost):")
    for seat, name in enumerate(names):
        mark = " - wins" if seat in result["winners"] else ""
        lines.append(
            f"  {name}: {_count(result['scores'][seat], 'point')},"
            f" {_count(result['lost'][seat], 'plant')} lost{mark}"
        )
    lines.append(
        winner_words(
            names,
            result["winners"],
            result["scores"],
            result["lost"],
            ("points", "plants lost"),
            fewer_second=True,
        )
    )
    return lines


def _plain(cells: list[Cell]) -> str:
    return "".join(text for text, _ in cells).rstrip()


def render_text(obs: Observation) -> str:
    lines = header_lines(obs)
    lines += [_plain(line) for line in board_lines(obs)]
    lines += LEGEND
    lines += [_plain(line) for line in market_lines(obs)]
    lines.append(boat_line(obs))
    lines += [_plain(line) for line in track_lines(obs)]
    lines.append("Players:")
    lines += [text for text, _ in seat_lines(obs)]
    lines += turn_lines(obs)
    lines += result_lines(obs)
    return "\n".join(lines)


def _rich(lines: list[list[Cell]]) -> Text:
    text = Text()
    for index, line in enumerate(lines):
        if index:
            text.append("\n")
        for piece, style in line:
            text.append(piece, style=style or None)
    return text


def _say(obs: Observation) -> Callable[[str], str]:
    """The drawing's words in the language the front end asked for (``obs["lang"]``)."""
    if obs.get("lang") == "fr":
        from nilegames.games.banks.words_fr import view

        return view
    return str


def render_rich(obs: Observation) -> Any:
    say = _say(obs)

    def lines(texts: list[str], style: str = "") -> Text:
        return Text("\n".join(say(t) for t in texts), style=style)

    def cells(rows: list[list[Cell]]) -> Text:
        return _rich([[(say(text), style) for text, style in row] for row in rows])

    parts: list[Any] = [
        lines(header_lines(obs)),
        cells(board_lines(obs)),
        lines(list(LEGEND), "dim"),
        cells(market_lines(obs)),
        lines([boat_line(obs)]),
        cells(track_lines(obs)),
        cells([[("Players:", "bold")], *([cell] for cell in seat_lines(obs))]),
    ]
    more = turn_lines(obs)
    if more:
        parts.append(lines(more))
    if "result" in obs:
        parts.append(lines(result_lines(obs), "bold"))
    return Panel(Group(*parts), title=TITLE)
