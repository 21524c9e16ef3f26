"""Drawing a NILE ARTIFACTS observation for people: plain text, and a coloured panel.

The river is a grid of columns, one per stop: the left port, spaces 1 to 9, the right
port.  Under each stop's number come its region (``blue``, ``green``, ``red`` or
``port``), a ``$`` where a boat earns a coin, one line per boat (``0>`` for seat 0's boat
sailing right, ``<1`` for seat 1's sailing left, ``*`` once it has reached port in this
navigation step), then the cards laid under each space: ``Sc`` scarab, ``An`` ankh,
``Va`` vase, ``Ma`` mask, ``?`` a wild card, ``x2`` a card worth two artifacts.  The
monuments, each seat's coins, favour and cards, the offering under way and the result
follow in lines.  Everything is read from the observation (``observe.py``), nothing
from the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from nilegames.core import Observation
from nilegames.core.log import plural, winner_words

#: Width of one stop's column in the river grid, and of the row labels before them.
COLUMN = 6
LABEL = 10
TYPE_MARKS = {"scarab": "Sc", "ankh": "An", "vase": "Va", "mask": "Ma", "?": "?"}
REGION_STYLES = {"blue": "bold blue", "green": "bold green", "red": "bold red", None: "bold"}
SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold white")
LEGEND = (
    "Cards: Sc scarab, An ankh, Va vase, Ma mask, ? wild (its owner names the type),"
    " x2 worth two artifacts",
    "Boats: 0> sails right, <0 sails left, * done sailing this step; $ a coin for stopping",
)

Cell = tuple[str, str]  # text (at most COLUMN - 1 characters) and rich style


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


def card_name(card: dict[str, Any]) -> str:
    """A card in words, as the log names it: 'red vase x2', 'blue wild'."""
    double = " x2" if card["artifacts"] == 2 else ""
    kind = "wild" if card["type"] == "?" else card["type"]
    return f"{card['region']} {kind}{double}"


def card_mark(card: dict[str, Any]) -> str:
    """A card in one to four characters for the river grid: 'Va', 'Vax2', '?'."""
    mark = TYPE_MARKS.get(str(card["type"]), str(card["type"])[:2])
    return mark + ("x2" if card["artifacts"] == 2 else "")


def stop_name(stop: int, stops: int) -> str:
    if stop == 0:
        return "the left port"
    if stop == stops - 1:
        return "the right port"
    return f"space {stop}"


def _river_rows(obs: Observation) -> list[tuple[Cell, list[Cell]]]:
    """The river grid: (row label, one cell per stop) for each line."""
    viewer = obs["seat"]
    river = obs["river"]
    last = len(river) - 1
    rows: list[tuple[Cell, list[Cell]]] = []
    heads = [
        ("left" if s["stop"] == 0 else "right" if s["stop"] == last else str(s["stop"]), "bold")
        for s in river
    ]
    rows.append((("stop", "dim"), heads))
    regions = [
        ("port" if s["port"] else s["region"], REGION_STYLES.get(s["region"], "")) for s in river
    ]
    rows.append((("region", "dim"), regions))
    rows.append((("coin", "dim"), [("$" if s["coin"] else "", "yellow") for s in river]))
    for boat in obs["boats"]:
        seat = boat["seat"]
        style = SEAT_STYLES[seat % len(SEAT_STYLES)]
        mark = f"{seat}>" if boat["facing"] == "right" else f"<{seat}"
        if boat["in_port"]:
            mark += "*"
        cells = [(mark if s["stop"] == boat["stop"] else "", style) for s in river]
        names = obs.get("names") or {}
        label = names[seat][: LABEL - 1] if names.get(seat) else f"boat {seat}"
        rows.append(((label if seat != viewer else "your boat", style), cells))
    depth = max((len(s["cards"]) for s in river), default=0)
    for line in range(depth):
        cells = []
        for s in river:
            cards = s["cards"]
            if line < len(cards):
                cells.append((card_mark(cards[line]), REGION_STYLES.get(cards[line]["region"], "")))
            else:
                cells.append(("", ""))
        rows.append((("cards" if line == 0 else "", "dim"), cells))
    return rows


def _river_text(rows: list[tuple[Cell, list[Cell]]]) -> list[str]:
    lines = []
    for (label, _), cells in rows:
        line = label.ljust(LABEL) + "".join(text.ljust(COLUMN) for text, _ in cells)
        lines.append(line.rstrip())
    return lines


def header_lines(obs: Observation) -> list[str]:
    viewer = obs["seat"]
    last = " (the last)" if obs["final_round"] else ""
    who = _seat(obs["active_seat"], viewer, obs)
    playing = f" - {who} to play" if obs["active_seat"] is not None else ""
    step = f" ({obs['step']})" if obs.get("step") else ""
    lines = [f"NILE ARTIFACTS - round {obs['round']}{last} - phase: {obs['phase']}{step}{playing}"]
    if obs["first_player"] is not None:
        lines[0] += f"; first player: {_seat(obs['first_player'], viewer, obs)}"
    lines.append(
        f"Deck: {_count(obs['deck'], 'card')}; discard: {_count(len(obs['discard']), 'card')}; "
        f"monuments in the pile: {obs['monument_pile']}; coins in the reserve: {obs['reserve']}"
    )
    return lines


def _level_holders(monument: dict[str, Any], viewer: int | None, obs: Observation) -> str:
    return ", ".join(
        f"{_seat(seat, viewer, obs)} {level}" for seat, level in enumerate(monument["followers"])
    )


def monument_lines(obs: Observation) -> list[str]:
    viewer = obs["seat"]
    lines = [f"Monuments ({len(obs['monuments'])} shown, {obs['monument_pile']} in the pile):"]
    for monument in obs["monuments"]:
        lines.append(f"  {monument['name']} - levels: {_level_holders(monument, viewer, obs)}")
        conditions = " | ".join(
            f"{index + 1}) {level['text']}" for index, level in enumerate(monument["levels"])
        )
        lines.append(f"    {conditions}")
    if not obs["monuments"]:
        lines.append("  none")
    return lines


def _boat_words(boat: dict[str, Any], stops: int) -> str:
    where = stop_name(boat["stop"], stops)
    done = ", done sailing" if boat["in_port"] else ""
    return f"boat at {where} facing {boat['facing']}{done}"


def seat_lines(obs: Observation) -> list[str]:
    viewer = obs["seat"]
    stops = len(obs["river"])
    lines = []
    for seat in range(obs["players"]):
        cards = obs["tableaux"][seat]
        names = ", ".join(card_name(c) for c in cards) or "none"
        marker = " *" if seat == obs["active_seat"] else ""
        lines.append(
            f"{_seat(seat, viewer, obs)}{marker}: {_count(obs['coins'][seat], 'coin')}, "
            f"{obs['favour'][seat]} favour, {_boat_words(obs['boats'][seat], stops)}; "
            f"{_count(len(cards), 'card')}: {names}"
        )
    return lines


def offering_lines(obs: Observation) -> list[str]:
    viewer = obs["seat"]
    offering = obs["offering"]
    lines = []
    if offering["cards"] or (obs["phase"] == "offerings" and obs["active_seat"] is not None):
        parts = []
        for card, named in zip(offering["cards"], offering["declared"], strict=True):
            name = card_name(card)
            if card["type"] == "?":
                name += f" (as {named})" if named else " (type not named yet)"
            parts.append(name)
        who = _seat(obs["active_seat"], viewer, obs)
        lines.append(f"Offering by {who}: {', '.join(parts) or 'no card yet'}")
    if offering["used"]:
        lines.append(f"Offered this step, set aside: {_count(len(offering['used']), 'card')}")
    return lines


def result_lines(obs: Observation) -> list[str]:
    if "result" not in obs:
        return []
    viewer = obs["seat"]
    result = obs["result"]
    winners = ", ".join(_seat(s, viewer, obs) for s in result["winners"])
    favour = ", ".join(f"{_seat(s, viewer, obs)} {f}" for s, f in enumerate(result["favour"]))
    kept = ", ".join(f"{_seat(s, viewer, obs)} {n}" for s, n in enumerate(result["cards_kept"]))
    names = [_seat(s, viewer, obs) for s in range(obs["players"])]
    lines = [f"Game over. Winner: {winners}. Favour: {favour}; cards kept (ties): {kept}"]
    lines.append("Favour (the most wins; on a tie, the most cards kept):")
    for seat, name in enumerate(names):
        mark = " - wins" if seat in result["winners"] else ""
        lines.append(
            f"  {name}: {result['favour'][seat]} favour,"
            f" {plural(result['cards_kept'][seat], 'card')} kept{mark}"
        )
    lines.append(
        winner_words(
            names,
            result["winners"],
            result["favour"],
            result["cards_kept"],
            ("favour", "cards kept"),
        )
    )
    return lines


def render_text(obs: Observation) -> str:
    lines = header_lines(obs)
    lines += _river_text(_river_rows(obs))
    lines += LEGEND
    lines += monument_lines(obs)
    lines += seat_lines(obs)
    lines += offering_lines(obs)
    lines += result_lines(obs)
    return "\n".join(lines)


def _river_rich(rows: list[tuple[Cell, list[Cell]]], say: Callable[[str], str] = str) -> Text:
    river = Text()
    for index, ((label, label_style), cells) in enumerate(rows):
        if index:
            river.append("\n")
        river.append(say(label).ljust(LABEL), style=label_style)
        for text, style in cells:
            river.append(say(text).ljust(COLUMN), style=style)
    return river


def _monument_table(obs: Observation, say: Callable[[str], str] = str) -> Table:
    viewer = obs["seat"]
    table = Table(title=say(f"Monuments ({obs['monument_pile']} in the pile)"), expand=False)
    table.add_column(say("monument"))
    for level in (1, 2, 3):
        table.add_column(say(f"level {level}"))
    for seat in range(obs["players"]):
        table.add_column(
            say(_seat(seat, viewer, obs)), justify="right", style=SEAT_STYLES[seat % 4]
        )
    for monument in obs["monuments"]:
        table.add_row(
            monument["name"],
            *(say(level["text"]) for level in monument["levels"]),
            *(str(level) for level in monument["followers"]),
        )
    return table


def _seat_table(obs: Observation, say: Callable[[str], str] = str) -> Table:
    viewer = obs["seat"]
    stops = len(obs["river"])
    table = Table(title=say("Players"), expand=False)
    for column in ("seat", "coins", "favour", "boat", "cards"):
        right = column in ("coins", "favour")
        table.add_column(say(column), justify="right" if right else "left")
    for seat in range(obs["players"]):
        cards = Text()
        held: dict[str, tuple[dict[str, Any], int]] = {}
        for card in obs["tableaux"][seat]:  # alike cards as one, with a count
            name = card_name(card)
            held[name] = (card, held.get(name, (card, 0))[1] + 1)
        for index, (name, (card, count)) in enumerate(sorted(held.items())):
            if index:
                cards.append(", ")
            shown = name if count == 1 else f"{name} ×{count}"
            cards.append(say(shown), style=REGION_STYLES.get(card["region"], ""))
        marker = " *" if seat == obs["active_seat"] else ""
        table.add_row(
            Text(say(_seat(seat, viewer, obs)) + marker, style=SEAT_STYLES[seat % 4]),
            str(obs["coins"][seat]),
            str(obs["favour"][seat]),
            say(_boat_words(obs["boats"][seat], stops).removeprefix("boat at ")),
            cards if len(cards) else Text(say("none"), style="dim"),
        )
    return table


def _say(obs: Observation) -> Callable[[str], str]:
    """The drawing's words in the language the front end asked for (``obs["lang"]``)."""
    if obs.get("lang") == "fr":
        from nilegames.games.artifacts.words_fr import view

        return view
    return str


def render_rich(obs: Observation) -> Any:
    say = _say(obs)
    parts: list[Any] = [
        Text("\n".join(map(say, header_lines(obs)))),
        _river_rich(_river_rows(obs), say),
        Text("\n".join(map(say, LEGEND)), style="dim"),
        _monument_table(obs, say),
        _seat_table(obs, say),
    ]
    more = offering_lines(obs)
    if more:
        parts.append(Text("\n".join(map(say, more))))
    if "result" in obs:
        parts.append(Text("\n".join(map(say, result_lines(obs))), style="bold"))
    return Panel(Group(*parts), title="NILE ARTIFACTS")
