"""What the terminal shows one viewer: the game's drawing of an observation, the log
lines with the newest highlighted, the menu of the current step, help and the result.

Everything on screen comes from an observation (a seat's or the public one), the legal
actions' words and, once the game is over, the returns: never from the state itself,
so a screen cannot leak a hidden card.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from nilegames.cli.words import say
from nilegames.core import Observation, State
from nilegames.core.steps import Choice, Moves, family_help
from nilegames.core.translate import translate, view

#: The "what just happened" panel keeps this many lines, the newest.
LOG_LINES = 12
#: Older lines kept above the new ones, dimmed, so the news has its context.
CONTEXT_LINES = 3
_SEAT = re.compile(r"\b([Ss]eat|[Pp]lace) (\d)\b")


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
    """Fold runs of the same line into one with a count: ``Seat 1 drew a card (×2)``.

    Only identical lines fold: joining lines that differ in a word ran words of different
    events together ("Seat 0 buys, offers the blue scarab").
    """
    lines: list[str] = []
    counts: list[int] = []
    for text in texts:
        if lines and lines[-1] == text:
            counts[-1] += 1
        else:
            lines.append(text)
            counts.append(1)
    return [line + (f" (×{n})" if n > 1 else "") for line, n in zip(lines, counts, strict=True)]


def named(text: str, names: Mapping[int, str]) -> str:
    """A log line with "Seat 2" / "seat 2" replaced by that seat's name, if it has one."""
    if not names:
        return text

    def name(match: re.Match[str]) -> str:
        return names.get(int(match[2]), match[0])

    return _SEAT.sub(name, text)


def game_module(state: State, name: str) -> Any:
    """A module of the game's package (``render``), or None if the game has none."""
    package = type(state.game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError:
        return None


class Screen:
    """One terminal, remembering how much of the log each viewer has already been shown."""

    def __init__(
        self,
        console: Console,
        *,
        log_lines: int | None = LOG_LINES,
        banner: str = "",
        lang: str = "en",
        names: Mapping[int, str] | None = None,
    ) -> None:
        self.console = console
        self.log_lines = log_lines
        self.banner = banner
        self.lang = lang
        self.names: Mapping[int, str] = names or {}
        self.seen: dict[int | None, int] = {}
        #: Whether ``l`` shows the whole log here (not in a replay).
        self.log_key = True

    def say(self, key: str, **values: Any) -> str:
        return say(self.lang, key, **values)

    def wipe(self, *, scrollback: bool = False) -> None:
        """Clear a real terminal (and its scrollback, so a hand cannot be scrolled back to)."""
        if not self.console.is_terminal:
            return
        self.console.clear()
        if scrollback:  # after the clear: some terminals push a cleared screen into history
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def lines(self, state: State, observation: Observation) -> list[str]:
        """The log's lines in the screen's language, with the seats' names."""
        log = observation.get("log")
        entries: list[Any] = log if isinstance(log, list) else []
        return [named(translate(state.game, self.lang, t), self.names) for t in log_texts(entries)]

    def news(self, state: State, observation: Observation, viewer: int | None) -> Text:
        """The log's newest lines: those ``viewer`` has not seen in bold, a few before dim."""
        texts = self.lines(state, observation)
        start = min(self.seen.get(viewer, 0), len(texts))  # an undo shortens the log
        self.seen[viewer] = len(texts)
        new = group_lines(texts[start:])
        context = max(0, start - CONTEXT_LINES)
        old = group_lines(texts[context:start])
        hidden = context
        cap = self.log_lines
        if cap is not None and len(new) > cap:
            hidden, new, old = start + len(new) - cap, new[-cap:], []
        out = Text()
        out.append(self.say("news"), style="bold underline")
        if hidden:
            earlier = "earlier" if self.log_key else "earlier_plain"
            out.append("\n  " + self.say(earlier, n=hidden), style="dim")
        for line in old:
            out.append("\n  " + line, style="dim")
        for line in new:
            out.append("\n▸ " + line, style="bold yellow")
        return out

    def show(
        self,
        state: State,
        viewer: int | None,
        heading: str,
        menu: RenderableType | None = None,
    ) -> None:
        """The viewer's screen: the table, what happened since it last looked, the menu."""
        observation = state.public_observation() if viewer is None else state.observation(viewer)
        parts: list[RenderableType] = [drawing(state, observation, self.names, self.lang)]
        parts.append(self.news(state, observation, viewer))
        parts.append(Rule(Text(heading, "bold")))
        if menu is not None:
            parts.append(menu)
        self.wipe()
        if self.banner and self.console.is_terminal:  # a cleared screen keeps the title
            self.console.print(Text(self.banner, style="dim"))
        for part in parts:
            self.console.print(part)

    def full_log(self, state: State, viewer: int | None) -> None:
        """Every log line the viewer may see, numbered, with repeats folded."""
        observation = state.public_observation() if viewer is None else state.observation(viewer)
        self.console.print(Rule(Text(self.say("log"), "bold")))
        for number, line in enumerate(group_lines(self.lines(state, observation)), 1):
            self.console.print(Text.assemble((f"{number:>4} ", "dim"), line))
        self.console.print(Rule())

    def menu(self, moves: Moves, choices: Sequence[Choice], step: bool) -> RenderableType:
        """The choices of one step: keys in colour, a kind of move with what it holds."""
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="bold cyan", no_wrap=True)
        table.add_column()
        for choice in choices:
            label = Text(moves.say(choice.label))
            if choice.action is not None:
                label = Text(moves.shown[choice.action])
            elif choice.action is None:
                inside = [moves.paths[a][len(choice.path) :] for a in choice.actions]
                depth = 0  # preview the first step where the moves differ (not a shared cell)
                while (
                    all(len(p) > depth + 1 for p in inside) and len({p[depth] for p in inside}) == 1
                ):
                    depth += 1
                heads = list(dict.fromkeys(moves.say(p[depth]) for p in inside if len(p) > depth))
                preview = ", ".join(heads[:6]) + (", …" if len(heads) > 6 else "")
                label.append(
                    f" ({self.say('choices_in', n=len(choice.actions), preview=preview)})", "dim"
                )
            table.add_row(f"{choice.key})", label)
        keys = self.say("keys_step" if step else "keys")
        return Group(table, Text(keys, style="dim"))

    def help(self, state: State, viewer: int, moves: Moves, choices: Sequence[Choice]) -> None:
        """The rules of the current phase (from the game's guide) and what each choice does."""
        observation = state.observation(viewer)
        phase = str(observation.get("phase", ""))
        section = guide_section(state.game.id, self.lang, phase)
        self.console.print(Rule(Text(self.say("help_title"), "bold")))
        if section is None:
            self.console.print(self.say("help_none", game=state.game.id))
        else:
            self.console.print(Text(section[0], style="bold"))
            self.console.print(Markdown(section[1]))
        self.console.print(Text(self.say("help_choices"), style="bold"))
        for choice in choices:
            family = choice.path[0] if choice.path else choice.label
            what = family_help(state.game, family, self.lang) or ""
            text = Text.assemble((f"  {choice.key}) ", "bold cyan"), moves.say(choice.label))
            if what:
                text.append(f": {what}", style="")
            self.console.print(text)
        example = moves.shown[moves.legal[-1]] if moves.legal else ""
        self.console.print(Text(self.say("help_keys", example=example), style="dim"))

    def result(self, state: State, labels: Mapping[int, str], viewer: int | None = None) -> None:
        """The points as the game counts them, the winner and why, then each seat's return."""
        returns = state.returns()
        observation = state.public_observation() if viewer is None else state.observation(viewer)
        if self.names:
            observation = {**observation, "names": dict(self.names)}
        render = game_module(state, "render")
        lines_of: Callable[[Observation], list[str]] | None = getattr(render, "result_lines", None)
        if lines_of is not None:  # the game's own count; the ±1 returns would only puzzle
            for line in lines_of(observation):
                self.console.print(Text(view(state.game, self.lang, line)))
        else:
            self.console.print(self.returns_table(returns, labels))
        best = max(returns)
        winners = [self.who(s, labels) for s, value in enumerate(returns) if value == best]
        if len(winners) == len(returns) and len(returns) > 1:
            self.console.print(Text(self.say("draw_all"), style="bold"))
        elif len(winners) == 1:
            key = "you_win" if labels.get(returns.index(best)) == "you" else "wins"
            self.console.print(Text(self.say(key, name=winners[0]), style="bold"))
        else:
            self.console.print(Text(self.say("tie", names=", ".join(winners)), style="bold"))

    def returns_table(self, returns: Sequence[float], labels: Mapping[int, str]) -> Table:
        """Each seat's return, for a game that does not say its points in words."""
        table = Table(title=self.say("result"))
        table.add_column("seat")
        table.add_column("return", justify="right")
        best = max(returns)
        for seat, value in enumerate(returns):
            mark = " ← best" if value == best else ""
            table.add_row(self.who(seat, labels), f"{value:+.2f}{mark}")
        return table

    def who(self, seat: int, labels: Mapping[int, str]) -> str:
        name = self.names.get(seat)
        if name:
            return f"{name} (seat {seat}, {labels[seat]})" if seat in labels else name
        return seat_label(seat, labels)


def guide_section(game_id: str, lang: str, phase: str) -> tuple[str, str] | None:
    """The title and text of the guide's section for ``phase``, if the game has a guide."""
    try:
        from nilegames.core import guide  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None
    try:
        section = guide.load(game_id, lang).for_phase(phase)
    except Exception:
        return None
    if section is None:
        return None
    return str(section.title), str(section.markdown)


def drawing(
    state: State,
    observation: Observation,
    names: Mapping[int, str] | None = None,
    lang: str = "en",
) -> RenderableType:
    """The game's own drawing of an observation (with the seats' names and the language,
    for the drawings that use them); plain strings are not read as markup."""
    if names:
        observation = {**observation, "names": dict(names)}
    if lang != "en":
        observation = {**observation, "lang": lang}
    drawn = state.game.render_rich(observation)
    return Text(drawn) if isinstance(drawn, str) else drawn
