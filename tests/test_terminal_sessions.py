"""Scripted sessions through a pseudo-terminal (pexpect): for every game, a whole game
played by typing the keys on the screen, a step taken back with u, help with ?.

The child is the real ``nilegames play`` with prompt_toolkit's line editor on a real
terminal; the test reads the screen as a person would (the menu's keys before the
prompt) and types.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from nilegames.core import games, load, replay

pexpect = pytest.importorskip("pexpect")

GAMES = [g["id"] for g in games()]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
#: The prompt after a menu: the keys' hint line, then "You>" or "You (sow › flax)>".
PROMPT = r"q quit.{0,300}?You(?: \(([^)\n]*)\))?>"
KEY = re.compile(r"^\s*([a-z0-9]+)\) ([^\n]*)", re.M)
#: Keys that end a turn or an offering soonest: the games end sooner when they come first.
QUICK = ("e", "d")
SMALL = {"nile": ["-o", "variant=short"]}
ROOT = Path(__file__).resolve().parent.parent


def spawn(game_id: str, *args: str, seed: int = 1) -> Any:
    """``nilegames play`` for seat 0 against a random bot, in a pseudo-terminal."""
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT / "src"),
        COLUMNS="120",
        LINES="60",
        TERM="xterm",
        PROMPT_TOOLKIT_NO_CPR="1",  # pexpect answers no cursor-position request
    )
    command = ["-c", "from nilegames.cli.main import app; app()", "play", game_id, "-n", "2"]
    command += ["--you", "0", "--bot", "random", "--seed", str(seed), "--pause", "0"]
    return pexpect.spawn(
        sys.executable,
        [*command, *SMALL.get(game_id, []), *args],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(60, 120),
    )


def keys_on_screen(text: str) -> list[str]:
    """The menu keys of the last screen, in order."""
    return [key for key, _ in KEY.findall(ANSI.sub("", text))]


def pick(text: str) -> str:
    """A quick key to type, with its next step's first choice when it opens a menu
    (``s 1``: keys may be typed one after the other)."""
    lines = dict(KEY.findall(ANSI.sub("", text)))
    key = next((k for k in QUICK if k in lines), next(iter(lines)))
    return f"{key} 1" if re.search(r"\(\d+ moves", lines[key]) else key


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_is_played_by_typing(game_id: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = spawn(game_id, "--record", str(record))
    started, typed = time.monotonic(), 0
    while True:
        found = child.expect([PROMPT, r"Result: "])
        if found == 1:
            break
        assert keys_on_screen(child.before), ANSI.sub("", child.before)[-800:]
        child.sendline(pick(child.before))
        typed += 1
    child.expect(pexpect.EOF)
    end = ANSI.sub("", child.before)
    assert "wins" in end or "tie" in end or "draw" in end
    assert typed > 3
    assert time.monotonic() - started < 240  # about 20 s alone; generous under load
    final = replay(load(record))
    assert final.is_terminal()
    assert load(record).meta["seats"] == ["you", "random"]


@pytest.mark.parametrize("game_id", GAMES)
def test_help_shows_the_phase_rules_and_u_takes_back_a_step(game_id: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = spawn(game_id, "--record", str(record), seed=2)
    child.expect(PROMPT)
    keys = keys_on_screen(child.before)
    child.sendline("?")
    child.expect("Rules of this phase")
    child.expect("Your choices")
    child.expect(r"You(?: \([^)\n]*\))?>")
    assert "No rules text" not in ANSI.sub("", child.before)
    # play the first key of every menu until a whole move is made, then take it back
    for _ in range(40):
        child.sendline(next((k for k in reversed(keys) if k not in QUICK), keys[0]))
        child.expect(PROMPT)
        keys = keys_on_screen(child.before)
        if child.match.group(1) is not None:
            continue  # still inside a move: its next step
        child.sendline("u")
        found = child.expect([r"Taken back: ([^\r\n\x1b]+)", r"Nothing to take back"])
        if found == 0:
            break
        child.expect(r"You(?: \([^)\n]*\))?>")
    else:
        pytest.fail("no step could be taken back in 40 moves")
    step = ANSI.sub("", child.match.group(1)).strip()
    child.expect(PROMPT)
    child.sendline("l")
    child.expect("The whole log")
    child.sendline("q")
    child.expect("Left the game before the end")
    child.expect(pexpect.EOF)
    # the game goes on from just before the step: seat 0 to move, the step on offer again
    back = replay(load(record))
    assert back.current_player() == 0
    assert step in [back.action_to_string(a) for a in back.legal_actions()]


def test_tab_completes_a_moves_words() -> None:
    child = spawn("nile", seed=3)
    child.expect(PROMPT)
    child.send("trade: off\t")  # one move begins so: Tab writes the rest of its words
    child.expect("ering to Hapi")  # drawn after what was typed
    child.send("\r")
    child.expect(PROMPT)
    assert child.match.group(1) == "discard"  # the offering was made: now pay for it
    child.sendline("q")
    child.expect(pexpect.EOF)
