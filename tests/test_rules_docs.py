"""Each rules document's "Rule → test" table names tests that exist: a test renamed,
moved away or deleted shows up here instead of leaving the table pointing at nothing."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("nile", "artifacts", "banks", "pharaohs")


def defined_tests() -> set[str]:
    """Every test function defined in the test modules (module-level or in a class)."""
    names: set[str] = set()
    for module in (ROOT / "tests").glob("test_*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def named_tests(game: str) -> set[str]:
    """The test names quoted in the game's rule-to-test table (a parameter id dropped)."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    table = text[text.index("Rule → test") :]
    return set(re.findall(r"`(?:tests/\w+\.py::)?(test_\w+)", table))


@pytest.mark.parametrize("game", GAMES)
def test_the_rule_to_test_table_names_only_tests_that_exist(game: str) -> None:
    named = named_tests(game)
    assert len(named) >= 20, f"docs/rules/{game}.md: the table names too few tests to be read"
    assert sorted(named - defined_tests()) == []
