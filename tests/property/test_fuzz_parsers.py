"""Every parser a person can reach answers garbage with one clear line (bounded, seeded).

One hypothesis test per parser of tests/property/fuzz_targets.py: CLI numbers and ids,
--db, event JSON (import), hand JSON (hand add / correct, score), rule TOML, a restore file,
card lists (analyze, layoffs), the entry line, and text fields. Each input runs through
``gin_scorer.cli.main`` in this process (or the Qt-free parser itself) and must give: exit
status 0, 1 or 2; no traceback; one line of error (an import or `score` lists one line per
problem); a database unchanged when refused; a refused file unmodified; an accepted import
that `verify` accepts; error lines that quote only a short prefix of the input. The long
run with far larger budgets is benchmarks/fuzz_parsers.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.property import fuzz_targets

# (parser, inputs): the cheap parsers get more inputs; together they stay near 30 s.
BUDGETS = {
    "cli-numbers": 25,
    "db-option": 25,
    "import-event": 20,
    "hand-add": 20,
    "hand-correct": 15,
    "match-result": 25,
    "score": 30,
    "rules-toml": 30,
    "restore": 15,
    "analyze": 30,
    "layoffs": 30,
    "entry-line": 200,
    "text-fields": 25,
}


@pytest.fixture(scope="module")
def workspace() -> Iterator[fuzz_targets.Workspace]:
    made = fuzz_targets.Workspace()
    try:
        yield made
    finally:
        made.close()


@pytest.fixture(scope="module")
def targets(workspace: fuzz_targets.Workspace) -> dict[str, fuzz_targets.Target]:
    return fuzz_targets.build_targets(workspace)


def test_every_target_has_a_budget(targets: dict[str, fuzz_targets.Target]) -> None:
    assert set(targets) == set(BUDGETS)


@pytest.mark.parametrize("name", sorted(BUDGETS))
def test_garbage_gets_one_clear_line(name: str, targets: dict[str, fuzz_targets.Target]) -> None:
    target = targets[name]

    @settings(
        max_examples=BUDGETS[name],
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(target.strategy)
    def attempt(value: Any) -> None:
        outcome = target.attempt(value)
        found = fuzz_targets.problems(outcome, value)
        assert not found, f"{name}: {found} (stderr: {outcome.err[:300]!r})"

    attempt()


def test_a_refused_foreign_sqlite_file_keeps_every_byte(
    targets: dict[str, fuzz_targets.Target],
) -> None:
    outcome = targets["db-option"].attempt("FOREIGN")
    assert outcome.status == 2 and "not a gin-scorer one" in outcome.err
    assert not outcome.refused_file_changed


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["event", "show", "²"], "is not a whole number"),
        (["event", "show", "١٢"], "is not a whole number"),
        (["event", "show", "9" * 5000], "is too large a number"),
        (["event", "show", str(2**70)], "is too large a number"),
        (["entrant", "add", "--event", "1", "Ada\x00"], "control character U+0000"),
        (["entrant", "add", "--event", "1", "\x1b[31mRed"], "control character U+001B"),
        (["hand", "add", "--match", "1", "[" * 1000], "too deeply nested"),
        (["match", "new", "--event", "1", "--a", "Newbie", "--b", "Newbie"], "cannot play"),
    ],
)
def test_known_garbage_is_named(
    workspace: fuzz_targets.Workspace, argv: list[str], message: str
) -> None:
    outcome = fuzz_targets.on_database(workspace, argv)
    assert outcome.status == 2, outcome.err
    assert message in outcome.err
    assert outcome.err.count("\n") == 1 and "Traceback" not in outcome.err
    assert not outcome.db_changed
