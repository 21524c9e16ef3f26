"""Reading an answer at the terminal: prompt_toolkit's line editor, with the moves' words
for Tab completion, on a real terminal; a plain line read otherwise (pipes, tests)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from nilegames.cli.screen import Screen
from nilegames.core.steps import in_order, words_of

QUIT_WORDS = frozenset({"q", "quit", "exit"})


class Quit(Exception):  # noqa: N818 - a request to stop, not an error
    """The person at the keyboard asked to stop (q, or end of input)."""


class MoveCompleter(Completer):
    """Completes a move's words: from their start, or from typed words found in order."""

    def __init__(self) -> None:
        self.words: Sequence[str] = ()

    def get_completions(self, document: Document, event: CompleteEvent) -> Iterable[Completion]:
        typed = document.text_before_cursor
        if not typed.strip():
            return
        low = typed.lower()
        tokens = words_of(typed)
        shown = 0
        for words in self.words:
            if words.lower().startswith(low) and words.lower() != low:
                yield Completion(words, start_position=-len(typed))
            elif tokens and in_order(tokens, words_of(words)):
                yield Completion(words, start_position=-len(typed), display=words)
            else:
                continue
            shown += 1
            if shown >= 40:
                return


class Reader:
    """Reads one answer; ``q`` or the end of input raise :class:`Quit`."""

    def __init__(self, screen: Screen, *, line_editor: bool | None = None) -> None:
        self.screen = screen
        self.completer = MoveCompleter()
        if line_editor is None:
            line_editor = sys.stdin.isatty() and screen.console.is_terminal
        self.session: PromptSession[str] | None = (
            PromptSession(completer=self.completer, complete_while_typing=False)
            if line_editor
            else None
        )

    def offer(self, words: Sequence[str]) -> None:
        """The moves' words that Tab may complete at the next prompts."""
        self.completer.words = list(words)

    def __call__(self, prompt: str) -> str:
        try:
            if self.session is not None:
                answer = self.session.prompt(prompt)
            else:
                answer = self.screen.console.input(prompt, markup=False)
        except EOFError:
            self.screen.console.print()
            raise Quit from None
        if answer.strip().lower() in QUIT_WORDS:
            raise Quit
        return answer
