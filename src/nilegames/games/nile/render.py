"""Drawing a NILE observation for people: plain text, and a rich panel for the terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from nilegames.core import Observation
from nilegames.core.log import plural
from nilegames.games.nile.cards import CROPS

#: Terminal colours close to the cards' (red, yellow, green, brown, lavender).
COLOUR = dict(zip(CROPS, ("red", "yellow", "green", "dark_orange3", "medium_purple1"), strict=True))


def _seat(seat: int | None, viewer: int | None, obs: Observation | None = None) -> str:
    """ "you", the seat's name if the front end gave one (``obs["names"]``), else "seat 2"."""
    if seat is None:
        return "-"
    if seat == viewer:
        return "you"
    names = obs.get("names") if obs is not None else None
    return str(names[seat]) if isinstance(names, dict) and names.get(seat) else f"seat {seat}"


def _cards(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} x{count}" for name, count in counts.items()) or "none"


def summary_lines(obs: Observation) -> list[str]:
    """The table's state in short lines, shared by the text and the rich views."""
    viewer = obs["seat"]
    deck = obs["deck"]
    if "result" in obs:
        whose = "game over"
    elif obs["active_seat"] is None:
        whose = f"phase: {obs['phase']}"
    else:
        whose = f"{_seat(obs['active_seat'], viewer, obs)} to play - phase: {obs['phase']}"
    lines = [
        f"Turn {obs['turn']} - {whose}",
        f"Flood: {obs['flood'] or 'none yet'}"
        + (f" (blocks {', '.join(obs['blocked'])})" if obs["blocked"] else ""),
        f"Deck: {plural(deck['size'], 'card')}, deck {deck['number']} of {deck['of']}; "
        f"locust {obs['locust']}; discard {plural(sum(obs['discard'].values()), 'card')}",
    ]
    if obs["speculations"]:
        spec = obs["speculations"]
        lines.append(
            f"Speculation by {_seat(spec['seat'], viewer, obs)}: {', '.join(spec['cards'])}"
        )
    if obs["planting"]:
        lines.append(f"Being planted: {_cards(obs['planting'])}")
    if obs["trade"]:
        lines.append(
            f"Trade ({obs['trade']['kind']}): {plural(obs['trade']['cards_left'], 'card')} to pick"
        )
    return lines


def render_text(obs: Observation) -> str:
    viewer = obs["seat"]
    lines = summary_lines(obs)
    fields = obs["fields"]
    lines.append(
        "Fields: "
        + (
            ", ".join(f"{f['crop']} {f['size']} ({_seat(f['owner'], viewer, obs)})" for f in fields)
            or "none"
        )
    )
    for seat in range(obs["players"]):
        hand = obs["hand_sizes"][seat]
        lines.append(f"{_seat(seat, viewer, obs)}: hand {hand} cards; stock {_stock(obs, seat)}")
    if "hand" in obs:
        lines.append(f"Your hand: {_cards(obs['hand'])}")
    lines += result_lines(obs)
    return "\n".join(lines)


def result_lines(obs: Observation) -> list[str]:
    """The end in words: each seat's piles from the smallest, the winner and why."""
    if "result" not in obs:
        return []
    viewer = obs["seat"]
    result = obs["result"]
    piles = result["piles"]
    lines = ["Piles from the smallest (the largest smallest pile wins; a tie looks at the next):"]
    for seat, seat_piles in enumerate(piles):
        mark = " - wins" if seat in result["winners"] else ""
        lines.append(f"  {_seat(seat, viewer, obs)}: {', '.join(map(str, seat_piles))}{mark}")
    lines.append(tie_break(piles, result["winners"], viewer, obs))
    return lines


def tie_break(
    piles: list[list[int]], winners: list[int], viewer: int | None, obs: Observation
) -> str:
    """Why the winner won, in words: which pile (first, second ...) settled it."""
    names = " and ".join(_seat(s, viewer, obs) for s in winners)
    if len(winners) > 1:
        return f"A draw: {names} have the same five piles."
    best = piles[winners[0]]
    rivals = [p for s, p in enumerate(piles) if s != winners[0]]
    place = max(
        (next((i for i in range(len(best)) if p[i] != best[i]), len(best)) for p in rivals),
        default=0,
    )
    ordinal = ("smallest", "second-smallest", "third-smallest", "fourth-smallest", "largest")
    names = names[:1].upper() + names[1:]
    if place == 0:
        return f"{names} won with the largest smallest pile ({best[0]})."
    if place >= len(best):
        return f"{names} won."
    return (
        f"{names} won on the tie-break: the piles were equal up to the {ordinal[place - 1]},"
        f" and the {ordinal[place]} pile ({best[place]}) was larger."
    )


def _stock(obs: Observation, seat: int) -> str:
    """A stock's piles, or only its size when it is face down to the viewer."""
    stock = obs["stocks"][seat]
    if stock is None:
        return f"{obs['stock_sizes'][seat]} cards face down"
    return ", ".join(f"{crop[:2]} {n}" for crop, n in stock.items())


def _crop_text(crop: str, label: str | None = None) -> Text:
    return Text(label or crop, style=COLOUR.get(crop, ""))


def card(label: str, name: str) -> Text:
    """A card as it lies on the table: its words on the crop's colour ("[Wheat x2]");
    a speculation card shows both crops' colours."""
    crops = [c for c in CROPS if c in name]
    if len(crops) == 1 and not name.startswith("Speculation"):
        return Text(f"[{label}]", style=f"bold black on {COLOUR[crops[0]]}")
    ends = [COLOUR[c] for c in crops] or ["bold"]
    return Text.assemble(("[", f"bold {ends[0]}"), (label, "bold"), ("]", f"bold {ends[-1]}"))


def planted_lately(obs: Observation) -> set[str]:
    """The crops planted since the previous turn began (the last moves, to highlight)."""
    log = [e for e in obs.get("log") or [] if isinstance(e, dict)]
    turns = [i for i, e in enumerate(log) if e.get("event") == "turn"]
    start = turns[-2] if len(turns) > 1 else 0
    return {e["crop"] for e in log[start:] if e.get("event") == "plant" and "crop" in e}


def _cards_row(label: str, cards: list[Text]) -> Table:
    """A label, then cards side by side: a card never breaks over two lines."""
    row = Table.grid(padding=(0, 1))
    row.add_column(no_wrap=True)
    row.add_column()
    row.add_row(Text(label.rstrip()), Columns(cards, padding=(0, 1)))
    return row


def _say(obs: Observation) -> Callable[[str], str]:
    """The drawing's words in the language the front end asked for (``obs["lang"]``)."""
    if obs.get("lang") == "fr":
        from nilegames.games.nile.words_fr import view

        return view
    return str


def render_rich(obs: Observation) -> Any:
    viewer = obs["seat"]
    say = _say(obs)
    header = Text("\n".join(say(line) for line in summary_lines(obs)))
    table = Table(title=say("Players (stock piles: ? face down)"), expand=False)
    french = obs.get("lang") == "fr"
    table.add_column("place" if french else "seat")
    table.add_column("main" if french else "hand")
    table.add_column("stock", justify="right")
    for crop in CROPS:
        table.add_column(_crop_text(crop, say(crop)[:3]), justify="right")
    for seat in range(obs["players"]):
        marker = " *" if seat == obs["active_seat"] else ""
        table.add_row(
            say(_seat(seat, viewer, obs)) + marker,
            str(obs["hand_sizes"][seat]),
            str(obs["stock_sizes"][seat]),
            *(str((obs["stocks"][seat] or {}).get(crop, "?")) for crop in CROPS),
        )
    parts: list[Any] = [header, table]
    if obs["fields"]:
        fields = []
        lately = planted_lately(obs)
        for field in obs["fields"]:
            owner = _seat(field["owner"], viewer, obs)
            label = say(f"{field['crop']} {field['size']} · {owner}")
            shown = card(label, field["crop"])
            if field["crop"] in lately:  # planted since the last turn began: underlined
                shown.stylize("underline")
            fields.append(shown)
        parts.append(_cards_row(say("Fields: "), fields))
    if "hand" in obs:
        hand = [card(say(f"{name} x{count}"), name) for name, count in obs["hand"].items()]
        parts.append(_cards_row(say("Your hand: "), hand))
    if "result" in obs:
        parts.append(Text("\n".join(say(line) for line in result_lines(obs)), style="bold"))
    return Panel(Group(*parts), title="NILE")
