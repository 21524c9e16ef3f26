"""Differential recording: seeded random games whose every step is folded into one digest.

An engine optimisation must not change what any seat sees.  For every game and player
count this plays seeded random games through the public contract only and folds into one
chained BLAKE2b digest per game: each step's seat to move, the legal actions (or the
chance outcomes with their probabilities), the action taken, every seat's observation as
canonical JSON (log entries without their words, which are reworded often), and at the
end the returns.  The recording keeps, per game, the number of actions and the digest;
the test (``tests/test_differential.py``) plays the same games again and compares.

The options are pinned in the recording, the rules edition included, so a later edition
or a new option (read with its legacy value, as a stored game would be) leaves the old
recording valid.  The random choices are made here, not by library helpers, so that a
change to those cannot shift the games either.

Regenerate after a deliberate change of what a seat sees (a new edition does not need it;
add the edition to ``CONFIGS`` instead)::

    PYTHONPATH=src python -m tests.differential record            # every config
    PYTHONPATH=src python -m tests.differential record nile-3     # one config
    PYTHONPATH=src python -m tests.differential check --games 1000
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

import nilegames  # noqa: F401 - registers every game
from nilegames.core import TERMINAL, State, game_class

#: How a view is taken: ``State.observation`` unless a test changes it.
Observe = Callable[[State, int], dict[str, Any]]

#: Where the recordings live: one JSON file per game and player count.
FOLDER = Path(__file__).parent / "fixtures" / "differential"
#: Games per configuration in a recording (issue 21 asks for 1,000).
RECORDED_GAMES = 1000
#: Game ``i`` of a configuration is seeded with ``BASE_SEED + i``.
BASE_SEED = 21_000
#: Bytes of each game's digest: a regression check, not a signature.
DIGEST_SIZE = 8


@dataclass(frozen=True)
class Config:
    """One recorded configuration: a game, a player count and its full options."""

    game: str
    players: int
    options: dict[str, Any]

    #: Set for a configuration beside the newest edition's (NILE's first edition).
    tag: str = ""

    @property
    def name(self) -> str:
        return f"{self.game}-{self.players}{self.tag}"

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.json"


def _configs() -> list[Config]:
    """Every game at every player count, with the default options of the newest edition
    when this recording was made, written out in full."""
    pinned: dict[str, dict[str, Any]] = {
        "artifacts": {"rules": 1},
        "banks": {
            "seed_trade": False,
            "joker_heal": False,
            "hippo_auction": False,
            "bid_start": False,
            "rules": 1,
        },
        "nile": {"variant": "standard", "open_stocks": False, "rules": 2},
        "pharaohs": {"rules": 1},
    }
    players = {"artifacts": (2, 4), "banks": (2, 5), "nile": (2, 5), "pharaohs": (2, 4)}
    newest = [
        Config(game, n, options)
        for game, options in pinned.items()
        for n in range(players[game][0], players[game][1] + 1)
    ]
    # NILE's first edition is still played by stored games and differs in its code paths
    # (open stocks, the deck rebuilt differently), so it is kept as well.
    nile_1 = {"variant": "standard", "open_stocks": True, "rules": 1}
    # BANKS's second edition (its deadlock test, its kept counts of free plants) with
    # every variant on, so that its own code paths are held to a recording too.
    banks_2 = {
        "seed_trade": True,
        "joker_heal": True,
        "hippo_auction": True,
        "bid_start": True,
        "rules": 2,
    }
    # ARTIFACTS's second edition (no monument revealed once the round limit ends the game),
    # what a new game plays, so that its ending is held to a recording too.
    artifacts_2 = {"rules": 2}
    return [
        *newest,
        *(Config("nile", n, nile_1, "-rules1") for n in range(2, 6)),
        *(Config("artifacts", n, artifacts_2, "-rules2") for n in range(2, 5)),
        *(Config("banks", n, banks_2, "-rules2-variants") for n in range(2, 6)),
    ]


CONFIGS: list[Config] = _configs()


def _canonical(value: Any) -> bytes:
    """Canonical JSON: sorted keys, no spaces (orjson: ten times the speed of json)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _words_out(items: list[Any]) -> list[Any]:
    """Log entries without their ``text``: hand-written words change with every rewording,
    the event's fields (what happened) stay."""
    return [
        {k: v for k, v in item.items() if k != "text"} if type(item) is dict else item
        for item in items
    ]


def _delta(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """``now`` with each list that only grew since ``before`` (a log) cut to its new items,
    and log entries without their words.

    Hashing whole logs at every step made a recording quadratic in the game's length; the
    cut keeps the digest a function of the full observation sequence, since the first
    observation of a seat is hashed whole and each later one is ``before`` plus this.
    """
    out: dict[str, Any] = {}
    for key, value in now.items():
        old = before.get(key)
        if type(value) is not list:
            out[key] = value
        elif type(old) is list and len(old) <= len(value) and value[: len(old)] == old:
            out[key] = ["+", len(old), _words_out(value[len(old) :])]
        else:
            out[key] = _words_out(value)
    return out


def play(config: Config, seed: int, observe: Observe | None = None) -> tuple[int, str]:
    """Play one seeded random game; return its number of actions and its digest.

    ``observe`` stands in for ``State.observation`` (a test shows the digest notices a
    changed view with it)."""
    cls = game_class(config.game)
    game = cls(config.players, **cls.stored_options(config.options))
    state = game.new_initial_state()
    rng = random.Random(seed)
    digest = hashlib.blake2b(digest_size=DIGEST_SIZE)
    seats = range(config.players)
    seen: list[dict[str, Any]] = [{} for _ in seats]
    actions = 0
    while True:
        player = state.current_player()
        step: list[Any] = [player]
        for seat in seats:
            view = state.observation(seat) if observe is None else observe(state, seat)
            step.append(_delta(seen[seat], view))
            seen[seat] = view
        if player == TERMINAL:
            step.append(state.returns())
            digest.update(_canonical(step))
            return actions, digest.hexdigest()
        if player < 0:
            outcomes = state.chance_outcomes()
            point = rng.random()
            action = outcomes[-1][0]
            total = 0.0
            for outcome, probability in outcomes:
                total += probability
                if point < total:
                    action = outcome
                    break
            step.append([[o, round(p, 12)] for o, p in outcomes])
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            step.append(legal)
        step.append(action)
        digest.update(_canonical(step))
        state.apply_action(action)
        actions += 1


def record(config: Config, games: int = RECORDED_GAMES) -> dict[str, Any]:
    """The recording of one configuration: its pinned options and one line per game."""
    return {
        "game": config.game,
        "players": config.players,
        "options": config.options,
        "base_seed": BASE_SEED,
        "digest": f"blake2b-{DIGEST_SIZE * 8}",
        "games": [f"{n} {d}" for n, d in (play(config, BASE_SEED + i) for i in range(games))],
    }


def load(config: Config) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(config.path.read_text())
    return data


def mismatches(config: Config, games: int) -> Iterator[str]:
    """A line for every game among the first ``games`` of the recording that plays
    differently now."""
    recorded = load(config)
    assert recorded["options"] == config.options, "the recording pins other options"
    base = recorded["base_seed"]
    for i, line in enumerate(recorded["games"][:games]):
        now = "{} {}".format(*play(config, base + i))
        if now != line:
            yield f"{config.name} seed {base + i}: recorded {line}, now {now}"


def _selected(names: list[str]) -> list[Config]:
    if not names:
        return CONFIGS
    by_name = {c.name: c for c in CONFIGS}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise SystemExit(f"no configuration {', '.join(unknown)}; known: {', '.join(by_name)}")
    return [by_name[n] for n in names]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("record", "check"))
    parser.add_argument("configs", nargs="*", help="e.g. nile-3 (default: all)")
    parser.add_argument("--games", type=int, default=RECORDED_GAMES)
    parser.add_argument("--folder", type=Path, default=FOLDER, help="where recordings go")
    args = parser.parse_args(argv)
    failed = 0
    for config in _selected(args.configs):
        start = time.perf_counter()
        if args.command == "record":
            args.folder.mkdir(parents=True, exist_ok=True)
            data = record(config, args.games)
            (args.folder / config.path.name).write_text(json.dumps(data, indent=1) + "\n")
        else:
            for line in mismatches(config, args.games):
                failed += 1
                if failed <= 10:
                    print(line)
        seconds = time.perf_counter() - start
        print(f"{args.command} {config.name}: {args.games} games in {seconds:.1f} s", flush=True)
    if failed:
        print(f"{failed} games differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
