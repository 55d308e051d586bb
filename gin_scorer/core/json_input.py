"""Reading JSON a person hands us (a hand, a line of hands, an event file) within bounds.

``json.loads`` alone lets garbage through as a crash instead of a sentence: 100,000 nested
brackets raise RecursionError, a 5,000-digit number raises Python's own int-string
ValueError, ``NaN`` and ``Infinity`` are accepted though no score is either. :func:`read_json`
checks size and nesting first (one cheap pass over the text), refuses numbers no score or id
can be, and answers every problem with a :class:`JsonInputError` whose message names the
place (``what``: "line 3", "event.json") and quotes at most a short prefix of the input.

>>> read_json('{"knock": "A"}', "the hand")
{'knock': 'A'}
>>> try:
...     read_json("[" * 100 + "]" * 100, "the hand")
... except JsonInputError as error:
...     print(error)
the hand: too deeply nested at column 33 (more than 32 levels)
"""

from __future__ import annotations

import json
from typing import Any

from gin_scorer.core.wording import SaidError, quote, said, words_of

__all__ = ["MAX_DEPTH", "MAX_JSON_CHARS", "JsonInputError", "read_json"]

# An exported event with thousands of hands nests 6 levels deep and weighs a few MB.
MAX_DEPTH = 32
MAX_JSON_CHARS = 64 * 1024 * 1024
# Whole numbers up to SQLite's INTEGER; a longer run of digits is never a score or an id.
_MAX_DIGITS = 19
_LARGEST = 2**63 - 1


class JsonInputError(SaidError, ValueError):
    """JSON that cannot be read; ``str(error)`` is one line naming the place."""


def _too_deep(text: str, limit: int) -> int | None:
    """The 1-based column where nesting first exceeds ``limit`` (brackets inside strings do
    not count), or None."""
    depth = 0
    in_string = escaped = False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return index + 1
        elif char in "]}":
            depth -= 1
    return None


class _Refused(SaidError):
    """Raised from json's hooks; turned into a JsonInputError with the place."""


def _whole(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > _MAX_DIGITS or abs(int(text)) > _LARGEST:
        raise _Refused(said("the number {0} is too large", quote(text, 20)))
    return int(text)


def _real(text: str) -> float:
    if len(text) > 40:
        raise _Refused(said("the number {0} is too long", quote(text, 20)))
    return float(text)


def _constant(text: str) -> float:
    raise _Refused(said("{0} is not a number JSON allows", text))


def read_json(
    text: str, what: str, *, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_DEPTH
) -> Any:
    """The value of the JSON ``text``, or :class:`JsonInputError` naming ``what``."""
    if len(text) > max_chars:
        raise JsonInputError(
            said(
                "{0}: too large ({1} characters; at most {2})",
                what,
                f"{len(text):,}",
                f"{max_chars:,}",
            )
        )
    column = _too_deep(text, max_depth)
    if column is not None:
        raise JsonInputError(
            said(
                "{0}: too deeply nested at column {1} (more than {2} levels)",
                what,
                column,
                max_depth,
            )
        )
    try:
        return json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except _Refused as error:
        raise JsonInputError(said("{0}: {1}", what, words_of(error))) from None
    except json.JSONDecodeError as error:
        if error.lineno > 1:
            raise JsonInputError(
                said(
                    "{0}: not JSON ({1} at line {2} column {3})",
                    what,
                    error.msg,
                    error.lineno,
                    error.colno,
                )
            ) from None
        raise JsonInputError(
            said("{0}: not JSON ({1} at column {2})", what, error.msg, error.colno)
        ) from None
    except (ValueError, RecursionError) as error:  # e.g. a lone surrogate; kept as a sentence
        raise JsonInputError(said("{0}: not JSON ({1})", what, type(error).__name__)) from None
