"""Drawing a NILE observation for people: plain text, and a rich panel for the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from nilegames.core import Observation
from nilegames.games.nile.cards import CROPS

#: Terminal colours close to the cards' (red, yellow, green, brown, lavender).
COLOUR = dict(zip(CROPS, ("red", "yellow", "green", "dark_orange3", "medium_purple1"), strict=True))


def _seat(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "-"
    return "you" if seat == viewer else f"seat {seat}"


def _cards(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} x{count}" for name, count in counts.items()) or "none"


def summary_lines(obs: Observation) -> list[str]:
    """The table's state in short lines, shared by the text and the rich views."""
    viewer = obs["seat"]
    deck = obs["deck"]
    lines = [
        f"Turn {obs['turn']} - {_seat(obs['active_seat'], viewer)} to play - phase: {obs['phase']}",
        f"Flood: {obs['flood'] or 'none yet'}"
        + (f" (blocks {', '.join(obs['blocked'])})" if obs["blocked"] else ""),
        f"Deck: {deck['size']} cards, deck {deck['number']} of {deck['of']}; "
        f"locust {obs['locust']}; discard {sum(obs['discard'].values())}",
    ]
    if obs["speculations"]:
        spec = obs["speculations"]
        lines.append(f"Speculation by {_seat(spec['seat'], viewer)}: {', '.join(spec['cards'])}")
    if obs["planting"]:
        lines.append(f"Being planted: {_cards(obs['planting'])}")
    if obs["trade"]:
        lines.append(
            f"Trade ({obs['trade']['kind']}): {obs['trade']['cards_left']} card(s) to pick"
        )
    return lines


def render_text(obs: Observation) -> str:
    viewer = obs["seat"]
    lines = summary_lines(obs)
    fields = obs["fields"]
    lines.append(
        "Fields: "
        + (
            ", ".join(f"{f['crop']} {f['size']} ({_seat(f['owner'], viewer)})" for f in fields)
            or "none"
        )
    )
    for seat in range(obs["players"]):
        hand = obs["hand_sizes"][seat]
        lines.append(f"{_seat(seat, viewer)}: hand {hand} cards; stock {_stock(obs, seat)}")
    if "hand" in obs:
        lines.append(f"Your hand: {_cards(obs['hand'])}")
    if "result" in obs:
        lines.append(f"Result: winners {obs['result']['winners']}, piles {obs['result']['piles']}")
    return "\n".join(lines)


def _stock(obs: Observation, seat: int) -> str:
    """A stock's piles, or only its size when it is face down to the viewer."""
    stock = obs["stocks"][seat]
    if stock is None:
        return f"{obs['stock_sizes'][seat]} cards face down"
    return ", ".join(f"{crop[:2]} {n}" for crop, n in stock.items())


def _crop_text(crop: str, label: str | None = None) -> Text:
    return Text(label or crop, style=COLOUR.get(crop, ""))


def render_rich(obs: Observation) -> Any:
    viewer = obs["seat"]
    header = Text("\n".join(summary_lines(obs)))
    table = Table(title="Players", expand=False)
    table.add_column("seat")
    table.add_column("hand")
    table.add_column("stock", justify="right")
    for crop in CROPS:
        table.add_column(_crop_text(crop, crop[:3]), justify="right")
    table.add_column("field")
    owned: dict[int, list[str]] = {}
    for field in obs["fields"]:
        owned.setdefault(field["owner"], []).append(f"{field['crop']} {field['size']}")
    for seat in range(obs["players"]):
        marker = " *" if seat == obs["active_seat"] else ""
        table.add_row(
            _seat(seat, viewer) + marker,
            str(obs["hand_sizes"][seat]),
            str(obs["stock_sizes"][seat]),
            *(str((obs["stocks"][seat] or {}).get(crop, "?")) for crop in CROPS),
            ", ".join(owned.get(seat, [])) or "-",
        )
    parts: list[Any] = [header, table]
    if "hand" in obs:
        hand = Text("Your hand: ")
        for name, count in obs["hand"].items():
            hand.append(f"{name} x{count}  ", style=COLOUR.get(name, "bold"))
        parts.append(hand)
    if "result" in obs:
        result = obs["result"]
        winners = ", ".join(_seat(s, viewer) for s in result["winners"])
        parts.append(Text(f"Game over. Winner: {winners}. Piles: {result['piles']}", style="bold"))
    return Panel(Group(*parts), title="NILE")
