"""One game at the terminal: bots and people take turns, chance comes from a seeded
generator, and the record is kept so that quitting never loses the game.

The loop talks to the game only through the contract (whose turn, legal actions, the
actions' words, observations), so it plays every registered game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from rich.text import Text

from nilegames.ai import Bot, ask, make_bot
from nilegames.cli.screen import ChoiceError, Screen, parse_choice, seat_label
from nilegames.core import Action, GameRecord, State, play_to_decision, save

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})


class Quit(Exception):  # noqa: N818 - a request to stop, not an error
    """The person at the keyboard asked to stop (q, or end of input)."""


def bot_seed(seed: int, seat: int) -> int:
    """A seat's own bot seed, fixed by the game seed, so a seed replays the whole game."""
    return random.Random(f"nilegames-bot/{seed}/{seat}").getrandbits(32)


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
        bot: str | Sequence[str] = "random",
    ) -> None:
        self.state = state
        self.humans = humans
        self.seed = seed
        self.screen = screen
        self.read = read
        self.delay = delay
        self.rng = random.Random(seed)
        seats = range(state.num_players())
        kinds = [bot] if isinstance(bot, str) else list(bot)
        bot_seats = [s for s in seats if s not in humans]
        self.bots: dict[int, Bot] = {
            s: make_bot(kinds[i % len(kinds)], bot_seed(seed, s)) for i, s in enumerate(bot_seats)
        }
        self.labels: Mapping[int, str] = {
            s: ("you" if len(humans) == 1 else "human") if s in humans else self.bots[s].name
            for s in seats
        }
        self.last_viewer: int | None = None
        self.last_shown: int | None = None

    def record(self) -> GameRecord:
        """The game so far as a record, with the seed and who played which seat."""
        labels = [self.labels[s] for s in range(self.state.num_players())]
        return GameRecord.of(self.state, seed=self.seed, seats=labels)

    def save(self, path: Path) -> None:
        save(self.record(), path)
        self.screen.console.print(f"Record saved to {path}")

    def run(self) -> None:
        """Play to the end; raises :class:`Quit` if the person at the keyboard stops."""
        state = self.state
        while not play_to_decision(state, self.rng).is_terminal():
            seat = state.current_player()
            if seat in self.humans:
                action = self.ask(seat)
            else:
                self.watch(seat)
                action = ask(self.bots[seat], state, seat)
            state.apply_action(action, player=seat)
        self.finish()

    def watch(self, seat: int) -> None:
        """With nobody at the table, show the public view whenever another seat takes over."""
        if self.humans or seat == self.last_shown:
            return
        self.last_shown = seat
        self.screen.show(self.state, None, f"{seat_label(seat, self.labels)} to play")
        if self.delay:
            time.sleep(self.delay)

    def ask(self, seat: int) -> Action:
        """Show ``seat`` its own view and read its choice until it names a legal action."""
        state = self.state
        if len(self.humans) > 1 and seat != self.last_viewer:
            self.screen.wipe(scrollback=True)
            self.read(f"Pass the screen to seat {seat}, then press Enter (q quits) ")
        self.last_viewer = seat
        heading = f"Seat {seat}: your move" if len(self.humans) == 1 else f"Seat {seat} to play"
        legal = state.legal_actions()
        self.screen.show(state, seat, heading, legal)
        numbers = f"1-{len(legal)} or words" if len(legal) > 1 else "Enter = 1"
        prompt = f"Seat {seat}, your choice ({numbers}, ? help, q quit): "
        while True:
            answer = self.read(prompt).strip()
            if not answer:
                if len(legal) == 1:
                    return legal[0]
                continue
            if answer.lower() in HELP_WORDS:
                self.screen.console.print(
                    "Type the number of a choice, or its words (the start is enough"
                    " if only one choice begins so); q saves the record (if asked) and quits."
                )
                self.screen.menu(state, legal)
                continue
            try:
                return parse_choice(state, legal, answer)
            except ChoiceError as error:
                self.screen.console.print(Text.assemble(("✗ ", "bold red"), str(error)))

    def finish(self) -> None:
        """The final view (the one person's own, else the public one) and the result."""
        viewer = next(iter(self.humans)) if len(self.humans) == 1 else None
        self.screen.show(self.state, viewer, "Game over")
        self.screen.result(self.state, self.labels)


def reader(screen: Screen) -> Callable[[str], str]:
    """Read one answer from the keyboard; ``q`` or end of input raise :class:`Quit`."""

    def read(prompt: str) -> str:
        try:
            answer = screen.console.input(prompt, markup=False)
        except EOFError:
            screen.console.print()
            raise Quit from None
        if answer.strip().lower() in QUIT_WORDS:
            raise Quit
        return answer

    return read
