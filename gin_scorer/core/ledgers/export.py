"""Ledgers and results as JSON-safe data (for ``score --json``, exports and reports)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum

from gin_scorer.core.cards import Card
from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers.per_side import PerSide


def to_jsonable(value: object) -> object:
    """Plain dicts, lists, numbers and strings for any ledger or result value.

    Sides become ``"A"`` / ``"B"``, :class:`PerSide` becomes ``{"A": a, "B": b}``, other enums
    their value, cards their machine code (``"10h"``), dataclasses a dict of their fields.

    >>> to_jsonable(PerSide(3, 4))
    {'A': 3, 'B': 4}
    """
    if isinstance(value, PerSide):
        return {"A": value.a, "B": value.b}
    if isinstance(value, Side | Enum):
        return value.value
    if isinstance(value, Card):
        return value.code
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple | list):
        return [to_jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value
