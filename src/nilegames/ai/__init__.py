"""Game-agnostic bots that see only a seat's observation, its legal actions and a resampler.

Bots are named by a short spec (the CLI, the tournament runner and the web app use it):

- ``random``: a uniformly random legal move;
- ``greedy``: one ply of look-ahead with the game's evaluation function;
- ``ismcts[:BUDGET[:PLAYOUT[:CUT]]]``: information-set MCTS, BUDGET an iteration count
  (``500``), seconds per move (``1s``, ``0.25s``) or CPU seconds of the searching thread
  per move (``1cpu``: the same search on a busy machine, for strength runs), optionally
  ``Kx`` before it for K root-parallel searches of that budget, one per core (``2x1s``),
  PLAYOUT ``random`` (default),
  ``greedy`` or ``game`` (the game's own playout move), CUT the moves a playout plays
  before the evaluation judges the world (a number, ``full``, or ``game``: the game's
  advice, the default), and ``widen`` last to open a wide root's moves a few at a
  time, best first by the evaluation (progressive widening);
- levels for players: ``easy``, ``medium``, ``hard`` (see :data:`LEVELS`).
"""

from __future__ import annotations

from typing import Literal

from nilegames.ai.base import Bot, Resampler, ask, resampler
from nilegames.ai.greedy import GreedyBot
from nilegames.ai.ismcts import ISMCTSBot
from nilegames.ai.random_bot import RandomBot
from nilegames.ai.root_parallel import RootParallelBot
from nilegames.core import GameOptionError, game_class

#: Strength levels offered to players, as bot specs (docs/ai.md gives their strength).
LEVELS = {
    "easy": "greedy",
    "medium": "ismcts:0.1s",
    "hard": "ismcts:1s",
}
BOTS = ("random", "greedy", "ismcts", *LEVELS)


def search_bot(
    seed: int | None = None, *, iterations: int | None = None, seconds: float | None = None
) -> ISMCTSBot:
    """The ``hard`` level's search, with another budget if one is given (hints and reviews
    use it, so they judge as the hard bot plays)."""
    bot = make_bot("hard", seed)
    if not isinstance(bot, ISMCTSBot):
        raise GameOptionError(f"the hard level {LEVELS['hard']!r} is not a search bot")
    if iterations is None and seconds is None:
        return bot
    return ISMCTSBot(
        seed,
        iterations=iterations,
        seconds=seconds,
        playout=bot.policy.name,
        playout_depth=bot.playout_depth,
    )


def level_spec(spec: str, game: str | None = None) -> str:
    """The bot spec behind a level name in ``game`` (its own, else the common one); any
    other spec as it is."""
    if game is not None and spec in LEVELS:
        own = game_class(game).levels.get(spec)
        if own is not None:
            return own
    return LEVELS.get(spec, spec)


def make_bot(spec: str, seed: int | None = None, game: str | None = None) -> Bot:
    """A bot from its spec, e.g. ``random``, ``greedy``, ``ismcts:1s`` or ``hard``; a level
    takes ``game``'s own spec where it has one (NILE's ``medium``)."""
    spec = level_spec(spec, game)
    name, *args = spec.split(":")
    if name == "random" and not args:
        return RandomBot(seed)
    if name == "greedy" and not args:
        return GreedyBot(seed)
    if name == "ismcts" and len(args) <= 4 and args[3:] in ([], ["widen"]):
        budget = args[0] if args else "1000"
        playout = args[1] if len(args) >= 2 else "random"
        cut = args[2] if len(args) >= 3 else "game"
        try:
            depth: int | Literal["game"] | None = (
                "game" if cut == "game" else None if cut == "full" else int(cut)
            )
            workers, times, budget = budget.rpartition("x")
            iterations, seconds, cpu_clock = _budget(budget)
            bot: ISMCTSBot
            if times:
                bot = RootParallelBot(
                    seed,
                    workers=int(workers),
                    iterations=iterations,
                    seconds=seconds,
                    playout=playout,
                    playout_depth=depth,
                    cpu_clock=cpu_clock,
                )
            else:
                bot = ISMCTSBot(
                    seed,
                    iterations=iterations,
                    seconds=seconds,
                    playout=playout,
                    playout_depth=depth,
                    cpu_clock=cpu_clock,
                )
            if args[3:]:
                bot.widening = True
            if cut != "game" or bot.widening:
                bot.name = f"ismcts:{':'.join(args)}"
            return bot
        except ValueError:
            pass
        except GameOptionError:
            raise
        except Exception as error:
            raise GameOptionError(f"bad bot {spec!r}: {error}") from None
    raise GameOptionError(
        f"no bot {spec!r}; bots: random, greedy,"
        " ismcts[:[Kx]ITERATIONS|:[Kx]SECONDSs|:[Kx]SECONDScpu"
        "[:random|greedy|game[:CUT|full|game[:widen]]]],"
        f" {', '.join(LEVELS)}"
    )


def _budget(text: str) -> tuple[int | None, float | None, bool]:
    """A search budget's iterations, seconds and clock: ``500`` is 500 iterations, ``1s``
    a wall-clock second, ``1cpu`` a second of the searching thread's CPU time.  Raises
    ValueError on anything else."""
    if text.endswith("cpu"):
        return None, float(text[:-3]), True
    if text.endswith("s"):
        return None, float(text[:-1]), False
    return int(text), None, False


__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "RandomBot",
    "Resampler",
    "RootParallelBot",
    "ask",
    "level_spec",
    "make_bot",
    "resampler",
    "search_bot",
]
