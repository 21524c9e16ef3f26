"""What the terminal shows one viewer: the game's drawing of an observation, the log
lines the viewer has not seen yet, the numbered choices, and the result.

Everything on screen comes from an observation (a seat's or the public one), the legal
actions' words and, once the game is over, the returns: never from the state itself,
so a screen cannot leak a hidden card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from nilegames.core import Action, IllegalActionError, Observation, State

#: The "what just happened" panel keeps this many lines, the newest.
LOG_LINES = 15


class ChoiceError(ValueError):
    """An answer at the prompt that names no legal action; the message says why."""


def seat_label(seat: int, labels: Mapping[int, str]) -> str:
    """``seat 2 (random)``: the seat number everyone uses, with who plays it."""
    who = labels.get(seat)
    return f"seat {seat} ({who})" if who else f"seat {seat}"


def log_texts(entries: Sequence[Any]) -> list[str]:
    """The words of log entries: a dict's ``text``, or the entry itself if it is a string."""
    texts = []
    for entry in entries:
        text = entry.get("text") if isinstance(entry, Mapping) else entry
        if isinstance(text, str) and text:
            texts.append(text)
    return texts


def group_lines(texts: Sequence[str]) -> list[str]:
    """Fold runs of similar lines, so a deal of five cards reads as one line.

    Repeats of one line get a count (``... (×5)``); lines that differ in exactly one
    word, at the same place, list the words (``You drew Wheat, Flax at the end``).
    """
    runs: list[tuple[list[str], int | None, list[str], int]] = []  # words, place, variants, n
    for text in texts:
        words = text.split()
        if runs:
            template, place, variants, count = runs[-1]
            same_length = len(words) == len(template)
            differ = [i for i, w in enumerate(words) if same_length and w != template[i]]
            if place is None and same_length and not differ:
                runs[-1] = (template, None, variants, count + 1)
                continue
            one_place = set(differ) <= {place} if place is not None else len(differ) == 1
            if same_length and count == 1 and one_place:
                at = place if place is not None else differ[0]
                runs[-1] = (template, at, [*variants, words[at]], 1)
                continue
        runs.append((words, None, [], 1))
    lines = []
    for template, place, variants, count in runs:
        if place is None:
            lines.append(" ".join(template) + (f" (×{count})" if count > 1 else ""))
        else:
            words = template[:]
            words[place] = ", ".join([template[place], *variants])
            lines.append(" ".join(words))
    return lines


def parse_choice(state: State, legal: Sequence[Action], answer: str) -> Action:
    """The action an answer names: its number, its words, or the unique start of them."""
    text = answer.strip()
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise ChoiceError(f"{text!r} is not a choice: the choices are numbered 1 to {len(legal)}")
    try:
        return state.string_to_action(text)
    except IllegalActionError:
        pass
    wanted = " ".join(text.lower().split())
    words = {action: state.action_to_string(action) for action in legal}
    starts = [a for a in legal if wanted and " ".join(words[a].lower().split()).startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        could = "; ".join(words[a] for a in starts)
        raise ChoiceError(f"{text!r} could be any of: {could}. Type more of it, or a number")
    raise ChoiceError(
        f"{text!r} is not a legal action here: type a number from 1 to {len(legal)}"
        " or an action's words (? shows the choices, q quits)"
    )


class Screen:
    """One terminal, remembering how much of the log each viewer has already been shown."""

    def __init__(
        self, console: Console, *, log_lines: int | None = LOG_LINES, banner: str = ""
    ) -> None:
        self.console = console
        self.log_lines = log_lines
        self.banner = banner
        self.seen: dict[int | None, int] = {}

    def wipe(self, *, scrollback: bool = False) -> None:
        """Clear a real terminal (and its scrollback, so a hand cannot be scrolled back to)."""
        if not self.console.is_terminal:
            return
        self.console.clear()
        if scrollback:  # after the clear: some terminals push a cleared screen into history
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def news(self, observation: Observation, viewer: int | None) -> list[str]:
        """Log lines ``viewer`` has not been shown yet, folded; marks them as shown."""
        log = observation.get("log")
        entries: list[Any] = log if isinstance(log, list) else []
        start = self.seen.get(viewer, 0)
        self.seen[viewer] = len(entries)
        return group_lines(log_texts(entries[start:]))

    def show(
        self,
        state: State,
        viewer: int | None,
        heading: str,
        legal: Sequence[Action] | None = None,
    ) -> None:
        """The viewer's screen: what happened since it last looked, the table, the choices."""
        observation = state.public_observation() if viewer is None else state.observation(viewer)
        lines = self.news(observation, viewer)
        parts: list[RenderableType] = [drawing(state, observation), Rule(Text(heading, "bold"))]
        if legal is not None:
            parts.append(choices(state, legal))
        self.wipe()
        if self.banner and self.console.is_terminal:  # a cleared screen keeps the title
            self.console.print(Text(self.banner, style="dim"))
        if lines:
            self.print_log(lines, self.room(parts))
        for part in parts:
            self.console.print(part)

    def room(self, parts: Sequence[RenderableType]) -> int | None:
        """How many log lines to keep: the usual cap, or all a tall terminal can show."""
        if self.log_lines is None or not self.console.is_terminal:
            return self.log_lines
        used = sum(len(self.console.render_lines(part, pad=False)) for part in parts)
        spare = self.console.height - used - 4  # banner, log title, prompt, a blank line
        return max(self.log_lines, spare)

    def print_log(self, lines: Sequence[str], cap: int | None = None) -> None:
        shown = list(lines)
        if cap is not None and len(shown) > cap:
            kept = cap - 1  # the note about the rest takes a line too
            shown = [f"… {len(shown) - kept} earlier lines", *shown[-kept:]]
        self.console.print(Text("What just happened", style="bold underline"))
        for line in shown:
            self.console.print(Text("  " + line))

    def menu(self, state: State, legal: Sequence[Action]) -> None:
        self.console.print(choices(state, legal))

    def result(self, state: State, labels: Mapping[int, str]) -> None:
        """Each seat's return and the winner(s): public once the game is over."""
        returns = state.returns()
        table = Table(title="Result")
        table.add_column("seat")
        table.add_column("return", justify="right")
        best = max(returns)
        for seat, value in enumerate(returns):
            mark = " ← best" if value == best else ""
            table.add_row(seat_label(seat, labels), f"{value:+.2f}{mark}")
        self.console.print(table)
        winners = [seat_label(s, labels) for s, value in enumerate(returns) if value == best]
        if len(winners) == len(returns) and len(returns) > 1:
            self.console.print(Text("Result: a draw between every seat", style="bold"))
        elif len(winners) == 1:
            self.console.print(Text(f"Result: {winners[0]} wins", style="bold"))
        else:
            self.console.print(Text(f"Result: a tie between {', '.join(winners)}", style="bold"))


def choices(state: State, legal: Sequence[Action]) -> RenderableType:
    """The legal actions, numbered from 1, in columns to spare the terminal's height."""
    width = len(str(len(legal)))
    items = [
        Text.assemble((f"{n:>{width}})", "bold cyan"), " " + state.action_to_string(action))
        for n, action in enumerate(legal, 1)
    ]
    return Columns(items, padding=(0, 3), column_first=True)


def drawing(state: State, observation: Observation) -> RenderableType:
    """The game's own drawing of an observation; plain strings are not read as markup."""
    drawn = state.game.render_rich(observation)
    return Text(drawn) if isinstance(drawn, str) else drawn
