"""One game at the terminal: bots and people take turns, chance comes from a seeded
generator, and the record is kept so that quitting never loses the game.

A person's move is chosen in short steps (``core.steps``): the kind of move under a key
that always means it, then which one, then how many; or typed in words.  ``u`` takes
back a step (the menu's, else the game's last open step, as ``core.undo`` allows), ``?``
shows the phase's rules, ``l`` the whole log.

The loop talks to the game only through the contract (whose turn, legal actions, the
actions' words, observations), so it plays every registered game.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text

from nilegames.ai import Bot, ask, make_bot
from nilegames.ai.hint import hint
from nilegames.cli.prompt import Quit
from nilegames.cli.screen import ChoiceError, Screen
from nilegames.cli.words import TEXT
from nilegames.core import Action, GameRecord, State, play_to_decision, save
from nilegames.core.steps import MAX_CHOICES, Choice, Moves
from nilegames.core.translate import translate
from nilegames.core.undo import undo, undo_status

__all__ = ["BOT_NAMES", "Quit", "Session", "bot_seed", "parse_choice"]

HELP_WORDS = frozenset({"?", "help"})
HINT_WORDS = frozenset({"h", "hint"})
#: A hint's search budget: iterations, not seconds, so a seed gives the same hint on any
#: machine (about the hard level's second of thought on this project's benchmarks).
HINT_ITERATIONS = 1000
LOG_WORDS = frozenset({"l", "log"})
UNDO_WORDS = frozenset({"u", "undo", "b", "back"})
#: Names for the bots, so the log reads like a table of people.
BOT_NAMES = ("Ramses", "Nefertiti", "Hatshepsut", "Thutmose", "Cleopatra")
_COMPACT = re.compile(r"^([a-z]+)(\d+)$")
_REPEAT = re.compile(r"^(?P<words>.*\S)\s+(?P<times>\d+)$")


def bot_seed(seed: int, seat: int) -> int:
    """A seat's own bot seed, fixed by the game seed, so a seed replays the whole game."""
    return random.Random(f"nilegames-bot/{seed}/{seat}").getrandbits(32)


def parse_choice(state: State, legal: Sequence[Action], answer: str) -> Action:
    """The one action typed words name (``pl pap`` for ``plant Papyrus``), or an error."""
    moves = Moves(state, legal)
    found = moves.match(answer)
    if len(found) == 1:
        return found[0]
    if found:
        could = "; ".join(moves.words[a] for a in found[:MAX_CHOICES])
        raise ChoiceError(f"{answer.strip()!r} could be any of: {could}. Type more of it")
    raise ChoiceError(f"{answer.strip()!r} is not a legal action here")


@dataclass(frozen=True)
class Play:
    """A move chosen at the prompt, to be played ``times`` times in a row."""

    action: Action
    times: int = 1


class Session:
    """A game being played: who sits where, the chance generator, and the screen."""

    def __init__(
        self,
        state: State,
        *,
        humans: frozenset[int],
        seed: int,
        screen: Screen,
        read: Callable[[str], str],
        delay: float = 0.0,
        pause: float = 0.0,
        bot: str | Sequence[str] = "medium",
        names: Mapping[int, str] | None = None,
        hints: bool | None = None,
    ) -> None:
        self.state = state
        self.humans = humans
        self.seed = seed
        self.screen = screen
        self.read = read
        self.delay = delay
        self.pause = pause
        self.rng = random.Random(seed)
        seats = range(state.num_players())
        kinds = [bot] if isinstance(bot, str) else list(bot)
        bot_seats = [s for s in seats if s not in humans]
        self.bots: dict[int, Bot] = {
            s: make_bot(kinds[i % len(kinds)], bot_seed(seed, s), state.game.id)
            for i, s in enumerate(bot_seats)
        }
        given_kind = {s: kinds[i % len(kinds)] for i, s in enumerate(bot_seats)}
        self.labels: Mapping[int, str] = {  # a bot by the level asked for: "medium"
            s: ("you" if len(humans) == 1 else "human") if s in humans else given_kind[s]
            for s in seats
        }
        given = dict(names or {})
        for i, s in enumerate(bot_seats):
            given.setdefault(s, BOT_NAMES[i % len(BOT_NAMES)])
        self.names: dict[int, str] = given
        screen.names = {s: n for s, n in given.items() if not (s in humans and len(humans) == 1)}
        # Hints help one person against bots; among several people they are asked for.
        self.hints = len(humans) == 1 if hints is None else hints
        self.hints_used: list[dict[str, int]] = []
        self.last_viewer: int | None = None
        self.last_shown: int | None = None

    def name(self, seat: int) -> str:
        """What the screen calls a seat: its name, "you" for the one person, or ``seat 2``."""
        if seat in self.names:
            return self.names[seat]
        if seat in self.humans and len(self.humans) == 1:
            return self.screen.say("you")
        return f"seat {seat}"

    def cast(self) -> dict[int, str]:
        """Who plays each seat, for the banner: ``Ramses (medium)``, ``you``."""
        return {
            s: f"{self.names[s]} ({self.labels[s]})" if s in self.names else self.labels[s]
            for s in range(self.state.num_players())
        }

    def record(self) -> GameRecord:
        """The game so far as a record, with the seed and who played which seat."""
        labels = [self.labels[s] for s in range(self.state.num_players())]
        extra = {"hints": self.hints_used} if self.hints_used else {}
        return GameRecord.of(self.state, seed=self.seed, seats=labels, **extra)

    def save(self, path: Path) -> None:
        save(self.record(), path)
        self.screen.console.print(f"Record saved to {path}")

    def run(self) -> None:
        """Play to the end; raises :class:`Quit` if the person at the keyboard stops."""
        while not play_to_decision(self.state, self.rng).is_terminal():
            seat = self.state.current_player()
            if seat in self.humans:
                self.turn(seat)
            else:
                self.watch(seat)
                action = ask(self.bots[seat], self.state, seat)
                words = self.state.action_to_string(action)
                self.state.apply_action(action, player=seat)
                self.bot_moved(seat, words)
        self.finish()

    def watch(self, seat: int) -> None:
        """With nobody at the table, show the public view whenever another seat takes over."""
        if self.humans or seat == self.last_shown:
            return
        self.last_shown = seat
        self.screen.show(self.state, None, self.screen.say("to_play", name=self.name(seat)))
        if self.delay:
            time.sleep(self.delay)

    def bot_moved(self, seat: int, words: str) -> None:
        """With people at the table, say each bot move as it is made, with a short pause."""
        if not self.humans or not self.pause:
            return
        words = translate(self.state.game, self.screen.lang, words)
        line = self.screen.say("bot_move", name=self.name(seat), words=words)
        self.screen.console.print(Text("  " + line, style="yellow"))
        time.sleep(self.pause)

    def turn(self, seat: int) -> None:
        """One decision of a person: a move (maybe repeated) or an undo."""
        if len(self.humans) > 1 and seat != self.last_viewer:
            self.screen.wipe(scrollback=True)
            self.read(self.screen.say("pass_screen", name=self.name(seat)))
        self.last_viewer = seat
        chosen = self.ask(seat)
        if chosen is None:
            return
        action, times = chosen
        words = self.state.action_to_string(action)
        for done in range(times):
            if self.state.current_player() != seat or action not in self.state.legal_actions():
                message = self.screen.say("repeat_stopped", done=done, n=times, words=words)
                self.screen.console.print(Text(message, style="red"))
                return
            self.state.apply_action(action, player=seat)

    def ask(self, seat: int) -> tuple[Action, int] | None:
        """Show ``seat`` its view and menus until it names a move (and how many times),
        or takes a step back (None: the state changed, ask again)."""
        state = self.state
        legal = state.legal_actions()
        moves = Moves(state, legal, self.screen.lang)
        offer = getattr(self.read, "offer", None)
        if offer is not None:
            offer(list(dict.fromkeys([*moves.shown.values(), *moves.words.values()])))
        heading = (
            self.screen.say("your_move", name=upper(self.name(seat)))
            if len(self.humans) > 1 or seat in self.names
            else self.screen.say("your_move_one")
        )
        prefix = moves.start()
        redraw = True
        while True:
            choices = moves.choices(prefix)
            step = prefix != ()
            if redraw:
                self.screen.show(state, seat, heading, self.screen.menu(moves, choices, step))
                redraw = False
            where = " › ".join(prefix)
            prompt = (
                self.screen.say("prompt_more", name=upper(self.name(seat)), path=where)
                if where
                else self.screen.say("prompt", name=upper(self.name(seat)))
            )
            answer = self.read(prompt).strip()
            low = " ".join(answer.lower().split())
            if not low:
                if len(legal) == 1:
                    return legal[0], 1
                continue
            if low in HELP_WORDS:
                self.screen.help(state, seat, moves, choices)
                continue
            if low in HINT_WORDS:
                self.give_hint(seat)
                continue
            if low in LOG_WORDS:
                self.screen.full_log(state, seat)
                continue
            if low in UNDO_WORDS:
                if prefix != moves.start():
                    prefix = prefix[:-1]
                    redraw = True
                    continue
                if self.take_back(seat):
                    return None
                continue
            found = self.follow_keys(moves, prefix, low)
            if found is None:
                found = self.by_words(moves, prefix, answer)
            if found is None:
                continue
            if isinstance(found, Play):
                return found.action, found.times
            prefix, redraw = found, True

    def follow_keys(
        self, moves: Moves, prefix: tuple[str, ...], low: str
    ) -> Play | tuple[str, ...] | None:
        """Keys typed one after the other (``s 2 1``, ``p2``), from this step or from the
        first: the move they reach, the step they stop at, or None if they are not keys."""
        here = _choice(moves.choices(prefix), low)
        if here is not None:
            return Play(here.action) if here.action is not None else here.path
        firsts = {c.key for c in moves.choices(())}
        tokens: list[str] = []
        for token in low.split():
            compact = _COMPACT.match(token)
            if compact and token not in firsts and compact[1] in firsts:
                tokens += [compact[1], compact[2]]
            else:
                tokens.append(token)
        if len(tokens) < 2:
            return None
        for start in dict.fromkeys((prefix, ())):
            path = start
            for index, token in enumerate(tokens):
                choice = _choice(moves.choices(path), token)
                if choice is None:
                    break
                if choice.action is not None:
                    if index == len(tokens) - 1:
                        return Play(choice.action)
                    break
                path = choice.path
            else:
                return path
        return None

    def by_words(
        self, moves: Moves, prefix: tuple[str, ...], answer: str
    ) -> Play | tuple[str, ...] | None:
        """A move named in words, maybe with a count (``plant wheat 2``); the step they
        share when the words fit several moves; None (and a message) when none fits."""
        found = moves.match(answer)
        times = 1
        if not found:
            repeat = _REPEAT.match(answer.strip())
            if repeat is not None:
                found = moves.match(repeat["words"])
                times = max(int(repeat["times"]), 1)
        if len(found) == 1:
            return Play(found[0], times)
        if found:
            common = _common([moves.paths[a] for a in found])
            if len(common) > len(prefix) and times == 1:
                return common
            message = self.screen.say("ambiguous", text=answer, n=len(found))
            self.screen.console.print(Text(message, style="red"))
            for action in found[:MAX_CHOICES]:
                self.screen.console.print(f"  {moves.shown[action]}")
            return None
        message = self.screen.say("not_a_choice", text=answer)
        self.screen.console.print(Text.assemble(("✗ ", "bold red"), message))
        return None

    def give_hint(self, seat: int) -> None:
        """The hard bot's move for ``seat`` from its own view; the record notes it."""
        console = self.screen.console
        if not self.hints:
            console.print(Text(self.screen.say("hint_off"), style="red"))
            return
        at = len(self.state.history())
        with console.status(self.screen.say("hint_wait")):
            given = hint(self.state, seat, iterations=HINT_ITERATIONS, seed=self.seed + at)
        self.hints_used.append({"seat": seat, "step": at})
        move = translate(self.state.game, self.screen.lang, given.move)
        line = self.screen.say(
            "hint", move=move, estimate=given.estimate, iterations=given.iterations
        )
        console.print(Text(line, style="cyan"))

    def take_back(self, seat: int) -> bool:
        """Undo the seat's last open step if the game allows; say what happened."""
        status = undo_status(self.state, seat)
        if not status.possible:
            reason = status.reason
            if self.screen.lang != "en":  # the core's reason, by its code, in the language
                reason = TEXT.get(self.screen.lang, {}).get(f"undo.{status.code}", reason)
            self.screen.console.print(
                Text(self.screen.say("cannot_undo", reason=reason), style="red")
            )
            return False
        self.state = undo(self.state, seat)
        step = translate(self.state.game, self.screen.lang, status.step or "")
        self.screen.console.print(Text(self.screen.say("undone", step=step), style="green"))
        return True

    def finish(self) -> None:
        """The final view (the one person's own, else the public one) and the result."""
        viewer = next(iter(self.humans)) if len(self.humans) == 1 else None
        self.screen.show(self.state, viewer, self.screen.say("game_over"))
        self.screen.result(self.state, self.labels, viewer)


def upper(name: str) -> str:
    """A name at the start of a line: "You", "Seat 2" (a given name stays as it is)."""
    return name[:1].upper() + name[1:]


def _choice(choices: Sequence[Choice], token: str) -> Choice | None:
    """The choice a key (or a kind of move's full name) picks."""
    for choice in choices:
        if choice.key == token:
            return choice
    for choice in choices:
        if choice.label.lower() == token:
            return choice
    return None


def _common(paths: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    first = paths[0]
    size = 0
    while size < len(first) - 1 and all(len(p) > size and p[size] == first[size] for p in paths):
        size += 1
    return first[:size]
