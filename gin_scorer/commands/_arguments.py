"""Argument types the sub-commands share: argparse calls them on the typed text and turns
an ``ArgumentTypeError`` into a usage message naming the option."""

from __future__ import annotations

import argparse


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive(text: str) -> int:
    """An id, a count of rounds or copies: a whole number of 1 or more.

    >>> positive("3")
    3
    >>> positive("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 0 is not 1 or more
    """
    value = _number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def not_negative(text: str) -> int:
    """A count that may be nothing: a whole number of 0 or more.

    >>> not_negative("0")
    0
    """
    value = _number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is less than 0")
    return value
