"""The terminal front end: watching, playing with typed answers, records and clear errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from nilegames.cli.main import app, option_value
from nilegames.cli.screen import ChoiceError, group_lines
from nilegames.cli.session import parse_choice
from nilegames.core import load, make, play_to_decision, replay, replay_states

runner = CliRunner()
WIDE = {"COLUMNS": "250"}  # no wrapped panel lines, so a hand is one line of output


def run(*args: str, answers: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=answers, env=WIDE)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def seat_actions(record_path: Path, seat: int) -> list[int]:
    """The actions ``seat`` took in a saved game."""
    record = load(record_path)
    taken = []
    for index, state in enumerate(replay_states(record)):
        if index < len(record.actions) and state.current_player() == seat:
            taken.append(record.actions[index])
    return taken


def test_games_lists_player_ranges_and_options() -> None:
    code, out = run("games")
    assert code == 0
    assert "nile" in out
    assert "2-5" in out
    assert "variant" in out
    assert "short" in out


def test_the_list_of_commands_wraps_each_summary_as_one_paragraph() -> None:
    """Each command's line in ``--help`` is its docstring's first paragraph, rewrapped to
    the column: no line of the list ends where the docstring happened to break."""
    result = runner.invoke(app, ["--help"], terminal_width=80)
    assert result.exit_code == 0
    # the docstring breaks after "(finished"; the column has room for the whole phrase
    assert any("(finished or still running)" in line for line in result.output.splitlines())
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    for name, command in commands.items():
        shown = command.short_help or (command.help or "").partition("\n\n")[0]
        assert shown and "\n" not in shown.strip(), name


def test_watching_four_bots_plays_to_the_result(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run(
        "play", "nile", "--bots", "4", "--bot", "random", "--seed", "7", "--delay", "0",
        "--record", str(path),
    )  # fmt: skip
    assert code == 0
    assert "Result:" in out
    assert "Your hand" not in out  # a spectator sees no hand
    final = replay(load(path))
    assert final.is_terminal()
    assert final.num_players() == 4
    assert load(path).meta == {"seed": 7, "seats": ["random"] * 4}


def test_bot_kinds_take_the_bot_seats_in_order(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "nile", "--bots", "3", "--seed", "3", "--delay", "0", "--record", str(path)]
    code, out = run(*args, "--bot", "greedy", "--bot", "random")
    assert code == 0
    assert "seat 0: Ramses (greedy); seat 1: Nefertiti (random); seat 2: Hatshepsut (greedy)" in out
    assert load(path).meta["seats"] == ["greedy", "random", "greedy"]


def test_the_same_seed_gives_the_same_record(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        code, _ = run(
            "play", "nile", "--bots", "2", "--bot", "random", "--seed", "11", "--delay", "0",
            "--record", str(path),
        )  # fmt: skip
        assert code == 0
    assert first.read_text() == second.read_text()
    other = tmp_path / "c.json"
    run("play", "nile", "--bots", "2", "--bot", "random", "--seed", "12", "--record", str(other))
    assert other.read_text() != first.read_text()


def test_without_a_seed_one_is_printed_and_replays_the_game(tmp_path: Path) -> None:
    path, again = tmp_path / "a.json", tmp_path / "b.json"
    code, out = run("play", "nile", "--bots", "2", "--bot", "random", "--record", str(path))
    assert code == 0
    seed = re.search(r"--seed (\d+)", out)
    assert seed is not None
    run(
        "play",
        "nile",
        "--bots",
        "2",
        "--bot",
        "random",
        "--seed",
        seed.group(1),
        "--delay",
        "0",
        "--record",
        str(again),
    )
    assert load(path).actions == load(again).actions


def test_wrong_answers_are_named_and_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "nile", "--players", "3", "--you", "0", "--seed", "3", "--record", str(path))
    code, out = run(*args, "--bot", "random", answers="99\nblah\ne\nq\n")
    assert code == 0
    assert "'99' is not a choice here" in out
    assert "'blah' is not a choice here" in out
    assert out.count("You> ") >= 4  # asked, asked again twice, then the next move
    # the wrong answers changed nothing: seat 0 took exactly one action, the one keyed e
    record = load(path)
    state = make("nile", players=3)
    for action in record.actions:
        if state.current_player() == 0:
            assert state.action_to_string(action) == "end turn"
            break
        state.apply_action(action)
    assert len(seat_actions(path, 0)) == 1


def test_words_and_a_unique_start_name_an_action() -> None:
    import random

    state = play_to_decision(make("nile", players=3), random.Random(3))
    legal = state.legal_actions()
    words = [state.action_to_string(a) for a in legal]
    assert parse_choice(state, legal, f"  {words[-1].upper()} ") == legal[-1]
    assert parse_choice(state, legal, "end") == legal[words.index("end turn")]
    with pytest.raises(ChoiceError, match="could be any of"):
        parse_choice(state, legal, "trade")
    with pytest.raises(ChoiceError, match="'0' is not a legal action"):
        parse_choice(state, legal, "0")


def test_quitting_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "nile", "--players", "3", "--you", "1", "--seed", "5", "--record", str(path))
    code, out = run(*args, "--bot", "random", answers="q\n")
    assert code == 0
    assert "Record saved" in out
    code, out = run("replay", str(path))
    assert code == 0
    assert "stops before the game is over" in out
    code, out = run("replay", str(path), "--seat", "1")
    assert code == 0
    assert "You were dealt" in out  # seat 1's own view names its cards


def test_end_of_input_quits_cleanly_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "nile", "--you", "0", "--seed", "2", "--bot", "random", "--record", str(path))
    code, _ = run(*args, answers="e\n")
    assert code == 0
    assert len(seat_actions(path, 0)) == 1


def test_replaying_a_finished_game_shows_the_result(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run("play", "nile", "--bots", "2", "--bot", "random", "--seed", "4", "--record", str(path))
    code, out = run("replay", str(path))
    assert code == 0
    assert "Result:" in out
    assert "You " not in out  # the spectator's words, not a seat's
    code, out = run("replay", str(path), "--step", answers="\n\nq\n")
    assert code == 0
    assert out.count("Enter: next") == 3


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not valid JSON"),
        ('{"format": "chess"}', "not a nilegames record"),
        (
            '{"format": "nilegames-record", "version": 1, "game": "nile", "players": 3,'
            ' "options": {}, "actions": [999]}',
            "does not replay",
        ),
        (
            '{"format": "nilegames-record", "version": 1, "game": "nile", "players": 9,'
            ' "options": {}, "actions": []}',
            "cannot be set up",
        ),
    ],
)
def test_a_corrupt_record_is_one_clear_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out = run("replay", str(path))
    assert code == 2
    assert message in out
    assert len(out.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "no game is called 'chess'"),
        (["play", "nile", "-o", "variant=long"], "variant='long' is not one of"),
        (["play", "nile", "--option", "speed=3"], "no option speed"),
        (["play", "nile", "--option", "variant"], "key=value"),
        (["play", "nile", "-o", "variant=short", "--players", "5"], "short variant"),
        (["play", "nile", "--players", "9"], "2 to 5 players, not 9"),
        (["play", "nile", "--bots", "1"], "2 to 5 players, not 1"),
        (["play", "nile", "--players", "3", "--you", "3"], "no seat 3"),
        (["play", "nile", "--players", "3", "--bots", "3", "--you", "0"], "does not match"),
        (["replay", "missing.json"], "cannot read record"),
        (["play", "nile", "--bots", "2", "--bot", "deep-blue"], "no bot 'deep-blue'"),
        (["play", "nile", "--you", "0", "--lang", "de"], "--lang must be one of en, fr"),
        (["play", "nile", "--you", "0", "--name", "A", "--name", "B"], "give one per --you"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in out
    assert len(out.strip().splitlines()) == 1


def test_option_values_follow_the_declared_choices() -> None:
    assert option_value("SHORT", ("standard", "short")) == "short"
    assert option_value("3", ()) == 3
    assert option_value("yes", ()) is True
    assert option_value("off", (True, False)) is False
    assert option_value("fast", ()) == "fast"
    code, out = run(
        "play", "nile", "--bots", "2", "-o", "variant=short", "--seed", "1", "--bot", "random"
    )
    assert code == 0
    assert "Result:" in out


def test_a_human_never_sees_another_seats_hand(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "nile", "--players", "3", "--you", "0", "--seed", "8", "--record", str(path))
    code, out = run(*args, "--bot", "random", answers="e\n" * 3000)
    assert code == 0
    assert "Result:" in out
    shown = {" ".join(m.split()) for m in re.findall(r"Your hand:[^│\n]*", out)}
    assert shown
    record = load(path)
    seen_by_seat: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
    for state in replay_states(record):
        for seat in seen_by_seat:
            hand = state.observation(seat)["hand"]
            line = "Your hand: " + " ".join(f"[{k} x{n}]" for k, n in hand.items())
            seen_by_seat[seat].add(" ".join(line.split()))
    assert shown <= seen_by_seat[0]
    assert not re.search(r"Seat [12] drew (?!a card)", out)  # others' draws stay hidden


def test_hot_seat_asks_to_pass_the_screen(tmp_path: Path) -> None:
    args = ("play", "nile", "--players", "3", "--you", "0", "--you", "1", "--seed", "5")
    code, out = run(*args, "--bot", "random", answers="\ne\n\nq\n")
    assert code == 0
    assert "Pass the screen to seat" in out
    assert out.count("Pass the screen") == 2


def test_log_lines_fold_only_repeats_never_words_of_different_lines() -> None:
    lines = [
        "Seat 1 drew a card dealt",
        "Seat 1 drew a card dealt",
        "Seat 2 drew a card dealt",
        "Seat 0 buys the blue scarab",
        "Seat 0 offers the blue scarab",
        "Flood: Papyrus",
    ]
    assert group_lines(lines) == [
        "Seat 1 drew a card dealt (×2)",
        "Seat 2 drew a card dealt",
        "Seat 0 buys the blue scarab",
        "Seat 0 offers the blue scarab",
        "Flood: Papyrus",
    ]


def test_the_console_script_runs() -> None:
    script = Path(sys.executable).with_name("nilegames")
    done = subprocess.run(
        [str(script), "play", "nile", "--bots", "2", "--bot", "random", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Result:" in done.stdout


def test_french_names_the_moves_and_the_log_and_accepts_french_words(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "nile", "--you", "0", "--seed", "3", "--bot", "random", "--lang", "fr")
    code, out = run(*args, "--record", str(path), answers="terminer le tour\nq\n")
    assert code == 0
    assert "Vous> " in out and "e) terminer le tour" in out
    assert "Inondation : " in out  # the log in French
    assert "lettre ou mots · u annuler" in out
    assert [load(path).actions[i] for i in range(len(load(path).actions))]  # a move was made
    assert len(seat_actions(path, 0)) == 1


def test_players_have_names_in_the_log_and_the_bots_are_medium_by_default() -> None:
    from nilegames.cli.session import BOT_NAMES

    code, out = run("play", "nile", "--you", "0", "--seed", "4", "--name", "Ana", answers="q\n")
    assert code == 0
    assert f"seat 1: {BOT_NAMES[0]} (medium)" in out
    assert "Ana> " in out
    assert f"Turn 1: {BOT_NAMES[0]}" in out or "Turn 1: You" in out


def test_the_game_name_alone_seats_you_against_bots(tmp_path: Path) -> None:
    """``nilegames play nile`` is a game for the one who typed it, not one to watch."""
    path = tmp_path / "game.json"
    code, out = run("play", "nile", "--seed", "2", "--record", str(path), answers="q\n")
    assert code == 0
    assert "seat 0: you" in out
    record = load(path)
    assert record.players == 2
    assert record.meta["seats"] == ["you", "medium"]
    assert seat_actions(path, 0) == []  # quit at the first question


def test_h_gives_the_hard_bots_move_and_the_record_notes_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "nile", "--seed", "3", "--bot", "random", "--record", str(path))
    code, out = run(*args, answers="h\nq\n")
    assert code == 0
    found = re.search(r"Hint: (.+) \(your expected result (\d+)%, from (\d+) searches\)", out)
    assert found is not None, out[-2000:]
    record = load(path)
    assert record.meta["hints"] == [{"seat": 0, "step": len(record.actions)}]
    # the move hinted is one seat 0 may play there
    state = replay(record)
    assert found.group(1) in {state.action_to_string(a) for a in state.legal_actions()}


def test_hints_are_off_at_a_table_of_several_people(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "nile", "--you", "0", "--you", "1", "--seed", "3", "--record", str(path))
    code, out = run(*args, answers="\nh\nq\n")
    assert code == 0
    assert "Hints are off" in out
    assert "hints" not in load(path).meta
