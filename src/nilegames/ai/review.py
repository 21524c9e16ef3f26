"""After a game: how each move of one seat changed its chances, as a strong bot sees it.

For every decision of the reviewed seat the search bot looks at the position from that
seat's information set only (the same resampler a bot gets in play: the seat's own view
at that moment, never the hidden cards), and gives

- the seat's expected result with the best move it finds (``before``),
- its expected result after the move actually played (``after``, from a second search
  that tries only that move, so the figure is not a by-product of a few visits),
- the move it would have played, and the reply it expected to the move played.

Each move's words (the moves, what it led to, the reply, the sentence that sums it up)
are in English and in every other language of :data:`~nilegames.core.translate.LANGUAGES`
the game speaks (``MoveReview.words``), so that a front end shows the reader's.

The three moves that cost most are flagged.  A result is a return mapped to 0..1
(1 = first place for sure, 0 = last for sure); with two players it is the chance of
winning.  A fixed record, seat, budget and seed give the same review: the search runs on
an iteration budget, never on a clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from nilegames.ai import search_bot
from nilegames.ai.base import resampler
from nilegames.ai.hint import hint, ranked_moves
from nilegames.ai.ismcts import Node
from nilegames.core import Action, GameRecord, NilegamesError, Observation, State, replay_states
from nilegames.core.translate import LANGUAGES, speaks, translate

#: Iterations of the review's search: about what ``hard`` (one second) searches per move.
DEFAULT_ITERATIONS = 1500
#: How many of the costliest moves are flagged.
FLAGGED = 3
#: A move costing less than this share of a game is not worth flagging.
NEGLIGIBLE = 0.02

#: Called after each reviewed move with (moves done, moves in all).
Progress = Callable[[int, int], None]


#: The sentence that sums a move up (see :func:`note`), per language.
NOTES = {
    "en": {
        "same": "'{played}' is the move the search prefers ({after})",
        "same_why": "'{played}' is the move the search prefers ({after}); by your next turn {why}",
        "why": "'{played}' ({before} → {after}): by your next turn {why};"
        " the search preferred '{best}' ({before})",
        "plain": "'{played}' took your expected result from {before} to {after};"
        " '{best}' kept it at {before}",
        "reply": " (the answer it feared: {reply})",
        "seat": "seat {seat}: {move}",
    },
    "fr": {
        "same": "«\u00a0{played}\u00a0» est le coup que la recherche préfère ({after})",
        "same_why": "«\u00a0{played}\u00a0» est le coup que la recherche préfère ({after}) ;"
        " avant votre tour suivant, {why}",
        "why": "«\u00a0{played}\u00a0» ({before} → {after}) : avant votre tour suivant, {why} ;"
        " la recherche préférait «\u00a0{best}\u00a0» ({before})",
        "plain": "«\u00a0{played}\u00a0» a fait passer votre résultat espéré de {before} à"
        " {after} ; «\u00a0{best}\u00a0» le gardait à {before}",
        "reply": " (la réponse redoutée : {reply})",
        "seat": "place {seat} : {move}",
    },
}


@dataclass(frozen=True)
class MoveReview:
    """One decision of the reviewed seat."""

    index: int  # the action's position in the record
    turn: int | None
    played: str
    best: str
    before: float  # expected result (0..1) with the best move found
    after: float  # expected result after the move played
    reply: str | None  # the answer the search expected to the move played
    note: str
    why: str = ""  # what the move led to by the seat's next choice, in the game's words
    reply_seat: int | None = None  # who gives ``reply``, and its action (front ends word it)
    reply_action: Action | None = None
    #: The move's words in each other language the game speaks: {"fr": {"played", "best",
    #: "why", "reply", "reply_move" (the reply without its seat), "note"}} (a review made
    #: before these were kept has none).
    words: dict[str, dict[str, str]] = field(default_factory=dict, hash=False)

    @property
    def loss(self) -> float:
        """What the move cost, in expected result (never below 0)."""
        return max(0.0, self.before - self.after)


@dataclass
class Review:
    """A review of one seat's moves in one game."""

    game: str
    players: int
    seat: int
    iterations: int
    seed: int
    moves: list[MoveReview] = field(default_factory=list)

    @property
    def flagged(self) -> list[MoveReview]:
        """The costliest moves, costliest first (only those that cost something)."""
        costly = [m for m in self.moves if m.loss >= NEGLIGIBLE]
        return sorted(costly, key=lambda m: (-m.loss, m.index))[:FLAGGED]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seat": self.seat,
            "iterations": self.iterations,
            "seed": self.seed,
            "moves": [{**asdict(m), "loss": m.loss} for m in self.moves],
            "flagged": [m.index for m in self.flagged],
        }


def result_share(value: float, low: float, high: float) -> float:
    """A return on the game's scale as 0..1 (1: the best return, 0: the worst)."""
    return min(1.0, max(0.0, (value - low) / (high - low)))


def decisions(record: GameRecord, seat: int) -> Iterator[tuple[int, State]]:
    """(index, state before the action) for every choice ``seat`` made in ``record``:
    positions with a single legal move are not choices and are left out."""
    for index, state in enumerate(replay_states(record)):
        if index == len(record.actions):
            return
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            yield index, state.clone()


def review_record(
    record: GameRecord,
    seat: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    progress: Progress | None = None,
) -> Review:
    """Review every choice of ``seat`` in ``record`` (see the module's docstring)."""
    if type(seat) is not int or not 0 <= seat < record.players:
        raise NilegamesError(f"no seat {seat!r} in a {record.players}-player game")
    if iterations < 2:
        raise NilegamesError(f"a review needs at least 2 iterations a move, not {iterations}")
    review = Review(record.game, record.players, seat, iterations, seed)
    chosen = _choices(record, seat)
    for done, (index, state, later) in enumerate(chosen, 1):
        review.moves.append(
            review_move(state, record.actions[index], index, iterations, seed, later=later)
        )
        if progress is not None:
            progress(done, len(chosen))
    return review


def choices(record: GameRecord, seat: int) -> list[tuple[int, State, Observation]]:
    """The pieces a review is made of, for a caller that reviews them one at a time (the
    web server, in its worker pool): (index, state, what the seat saw next) per choice,
    each given to :func:`review_move` as ``review_record`` does."""
    if type(seat) is not int or not 0 <= seat < record.players:
        raise NilegamesError(f"no seat {seat!r} in a {record.players}-player game")
    return _choices(record, seat)


def _choices(record: GameRecord, seat: int) -> list[tuple[int, State, Observation]]:
    """The seat's choices (as :func:`decisions`), each with what the seat saw when its next
    turn came (its first move after another seat's), or at the end: the horizon over
    which a game's :meth:`Game.explain_move` tells what a move led to."""
    chosen: list[tuple[int, State]] = []
    laters: list[Observation] = []
    waiting = 0  # chosen moves still waiting for their seat's next turn
    others_moved = False
    for index, state in enumerate(replay_states(record)):
        over = index == len(record.actions)
        mover = None if over or state.is_chance_node() else state.current_player()
        if over or (mover == seat and others_moved):
            view = state.observation(seat)
            laters.extend(view for _ in range(waiting))
            waiting, others_moved = 0, False
        if over:
            break
        if mover is not None and mover != seat:
            others_moved = True
        if mover == seat and len(state.legal_actions()) > 1:
            chosen.append((index, state.clone()))
            waiting += 1
            others_moved = False
    return [(index, state, later) for (index, state), later in zip(chosen, laters, strict=True)]


def move_seed(seed: int, index: int) -> int:
    """The seed of the search of the move at ``index`` in a review seeded with ``seed``:
    each move its own, so that reviewing one move alone gives what the whole review does."""
    return random.Random(f"{seed}:{index}").randrange(2**32)


def best_move(state: State, iterations: int, seed: int) -> tuple[Action, float]:
    """The move the search prefers for the seat to move, and its expected result (0..1):
    a hint (see :mod:`nilegames.ai.hint`), from that seat's information set only."""
    advice = hint(state, iterations=iterations, seed=seed)
    return advice.action, advice.estimate


def review_move(
    state: State,
    played: Action,
    index: int,
    iterations: int,
    seed: int,
    *,
    later: Observation | None = None,
) -> MoveReview:
    """One decision: the best move and its value, and the value of the move played;
    ``later``, the seat's observation at its next choice, lets the game say in words what
    the move led to (:meth:`Game.explain_move`)."""
    seat = state.current_player()
    legal = state.legal_actions()
    low, high = state.game.utility_range()
    seed_here = move_seed(seed, index)
    root = _search(state, seat, legal, iterations, seed_here)
    best, best_node = _most_visited(root, legal)
    before = result_share(best_node.mean(), low, high)
    if played == best:
        after, focus = before, root.children[best]
    else:
        focused = _search(state, seat, [played], max(2, iterations // 2), seed_here + 1)
        focus = focused.children[played]
        after = result_share(focus.mean(), low, high)
    game = state.game
    played_words = state.action_to_string(played)
    best_words = state.action_to_string(best)
    answer = _expected_reply(state, played, focus)
    view = state.observation(seat)
    words: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        if lang != "en" and not speaks(game, lang):
            continue
        said = {
            "played": translate(game, lang, played_words),
            "best": translate(game, lang, best_words),
            "why": "" if later is None else game.explain_move(view, played_words, later, lang),
            "reply": "",
            "reply_move": "",
        }
        if answer is not None:
            mover, _, move = answer
            said["reply_move"] = move = translate(game, lang, move)
            said["reply"] = NOTES[lang if lang in NOTES else "en"]["seat"].format(
                seat=mover, move=move
            )
        said["note"] = note(
            said["played"],
            said["best"],
            before,
            after,
            said["reply"] or None,
            played == best,
            said["why"],
            lang,
        )
        words[lang] = said
    english = words.pop("en")
    turn = game.turns(state)
    return MoveReview(
        index,
        turn,
        played_words,
        best_words,
        before,
        after,
        english["reply"] or None,
        english["note"],
        english["why"],
        None if answer is None else answer[0],
        None if answer is None else answer[1],
        words,
    )


def _search(state: State, seat: int, legal: list[Action], iterations: int, seed: int) -> Node:
    bot = search_bot(seed, iterations=iterations)
    return bot.search(legal, resampler(state, seat))


def _most_visited(root: Node, legal: list[Action]) -> tuple[Action, Node]:
    best = ranked_moves(root, legal)[0]
    return best, root.children[best]


def _expected_reply(state: State, played: Action, node: Node) -> tuple[int, Action, str] | None:
    """The most visited answer below ``played``, if another seat gives it: that seat, the
    action and its (English) words."""
    if not node.children:
        return None
    answer = max(node.children, key=lambda a: (node.children[a].visits, -a))
    after = state.clone()
    after.apply_action(played)
    if after.is_chance_node() or after.is_terminal() or answer not in after.legal_actions():
        return None  # chance or the seat itself comes next: no one's answer to name
    mover = after.current_player()
    if mover == state.current_player():
        return None
    return mover, answer, after.action_to_string(answer)


def percent(share: float, lang: str = "en") -> str:
    """A share as a percentage, "20%" (in French "20 %", the space unbreakable)."""
    return f"{share:.0%}" if lang == "en" else f"{share * 100:.0f}\u00a0%"


def note(
    played: str,
    best: str,
    before: float,
    after: float,
    reply: str | None,
    same: bool,
    why: str = "",
    lang: str = "en",
) -> str:
    """The review of one move in a sentence, in ``lang`` (the moves' and the game's words
    already in it): what it led to in the game's words when the game has some, the
    expected results, and what the search preferred."""
    words = NOTES[lang if lang in NOTES else "en"]
    values = {
        "played": played,
        "best": best,
        "before": percent(before, lang),
        "after": percent(after, lang),
        "why": why,
    }
    if same:
        return words["same_why" if why else "same"].format(**values)
    text = words["why" if why else "plain"].format(**values)
    if reply is not None:
        text += words["reply"].format(reply=reply)
    return text
