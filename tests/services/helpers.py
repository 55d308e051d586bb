"""Small helpers shared by the service tests (kept out of conftest so tests import them
like any module)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandRecord
from gin_scorer.core.wording import Said


def hand(text: str | dict[str, object]) -> HandRecord:
    """A record from its JSON form (a dict, or a JSON string)."""
    return record_from_json(json.loads(text) if isinstance(text, str) else text)


KNOCK_A = {"knock": "A", "deadwood": {"A": 7, "B": 15}}  # A scores 8
GIN_A = {"gin": "A", "deadwood": {"B": 50}}  # A scores 75
GIN_B = {"gin": "B", "deadwood": {"A": 50}}


def english(sentences: Iterable[Said]) -> tuple[str, ...]:
    """The English of each sentence (problems, labels), to compare with what a test expects."""
    return tuple(str(sentence) for sentence in sentences)
