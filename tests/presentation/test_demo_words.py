"""The demo's summary line: each count in the singular when it is one."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gin_scorer.presentation.demo_words import demo_summary
from gin_scorer.services.writes.demo import DemoResult


def _result(rounds: int, matches: int, hands: int, reported: int = 0) -> DemoResult:
    event: Any = SimpleNamespace(id=3)
    return DemoResult(event, rounds, matches, hands, 0.9, 1.2, 0.04, 2.3, (), reported)


def test_the_summary_counts_in_the_plural() -> None:
    assert demo_summary(_result(4, 32, 911)) == (
        "event 3: 4 rounds, 32 matches, 911 hands in 2.3 s "
        "(simulating 0.9 s, recording 1.2 s, pairing 0.04 s)"
    )


def test_the_summary_says_one_in_the_singular() -> None:
    assert demo_summary(_result(1, 1, 1)).startswith("event 3: 1 round, 1 match, 1 hand in")


def test_matches_reported_without_hands_are_named() -> None:
    line = demo_summary(_result(2, 8, 90, reported=2))
    assert line.startswith("event 3: 2 rounds, 8 matches (2 reported without their hands), 90")
