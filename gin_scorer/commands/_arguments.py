"""Argument types the sub-commands share: argparse calls them on the typed text and turns
an ``ArgumentTypeError`` into a usage message naming the option. And :func:`action_parsers`,
the one way a command takes a required ACTION word (``gin-scorer entrant add ...``), and the
options several commands take alike (``--event ID``, ``--by NAME``), each declared once here.

Every number a person types on the command line (an id, a count, a seed, points) goes
through :func:`whole_number`: ASCII digits only (``int()`` also takes other scripts' digits
such as '١٢' or '５', ``str.isdigit`` passes '²' which ``int()`` then refuses, and a
5,000-digit number hits Python's own limit), and a size SQLite's 64-bit INTEGER can hold
(2**70 would overflow when written).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any

from gin_scorer.presentation.words import translate

# SQLite's INTEGER is a signed 64-bit number; ids, counts and points stay far below it.
LARGEST = 2**63 - 1
_DIGITS = re.compile(r"[+-]?[0-9]{1,19}")
_QUOTE_LIMIT = 40


def quoted(text: str, limit: int = _QUOTE_LIMIT) -> str:
    """``text`` in quotes for an error line, cut to ``limit`` characters (a 200 KB argument
    or input line must not come back whole on the screen)."""
    if len(text) <= limit:
        return repr(text)
    return translate("cli", "{0}... ({1} characters)").format(repr(text[:limit]), len(text))


def whole_number(text: str, *, smallest: int = -LARGEST, largest: int = LARGEST) -> int:
    """The whole number written in ASCII digits in ``text`` (an optional sign), within
    ``smallest``..``largest``; :class:`argparse.ArgumentTypeError` otherwise.

    >>> whole_number(" 12 ")
    12
    >>> whole_number("١٢")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '١٢' is not a whole number: write it with the digits 0-9
    """
    stripped = text.strip()
    if not _DIGITS.fullmatch(stripped):
        if re.fullmatch(r"[+-]?[0-9]+", stripped):
            raise argparse.ArgumentTypeError(
                translate("cli", "{0} is too large a number").format(quoted(text))
            )
        raise argparse.ArgumentTypeError(
            translate("cli", "{0} is not a whole number: write it with the digits 0-9").format(
                quoted(text)
            )
        )
    value = int(stripped)
    if value > largest:
        raise argparse.ArgumentTypeError(
            translate("cli", "{0} is too large (at most {1})").format(value, largest)
        )
    if value < smallest:
        raise argparse.ArgumentTypeError(
            translate("cli", "{0} is too small (at least {1})").format(value, smallest)
        )
    return value


def any_whole(text: str) -> int:
    """A whole number that may be negative (points), within SQLite's INTEGER.

    >>> any_whole("-25")
    -25
    """
    return whole_number(text)


def positive(text: str) -> int:
    """An id, a count of rounds or copies: a whole number of 1 or more.

    >>> positive("3")
    3
    >>> positive("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 0 is not 1 or more
    """
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(translate("cli", "{0} is not 1 or more").format(value))
    return value


def one_to(largest: int) -> Callable[[str], int]:
    """A count of 1 to ``largest`` (copies of a form: a billion would run for ever).

    >>> one_to(500)("600")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 600 is too large (at most 500)
    """

    def convert(text: str) -> int:
        return positive(str(whole_number(text, largest=largest)))

    return convert


def not_negative(text: str) -> int:
    """A count that may be nothing: a whole number of 0 or more.

    >>> not_negative("0")
    0
    """
    value = whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(translate("cli", "{0} is less than 0").format(value))
    return value


def share(text: str) -> float:
    """A share from 0 to 1 (``0.5``, or ``50%``).

    >>> share("0.5"), share("25%"), share("1")
    (0.5, 0.25, 1.0)
    """
    cleaned = text.strip()
    percent = cleaned.endswith("%")
    try:
        value = float(cleaned.rstrip("%")) / (100 if percent else 1)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:  # NaN too: it compares false with everything
        raise argparse.ArgumentTypeError(
            translate("cli", "{0} is not a share from 0 to 1 (or 0% to 100%)").format(quoted(text))
        )
    return value


def action_parsers(subparsers: Any, name: str, helptext: str) -> Any:
    """The command ``name`` and, under it, the parsers of its actions: the action word is
    required, and ``--help`` shows it as ACTION (``NAME_command`` in the parsed arguments)."""
    command = subparsers.add_parser(name, help=helptext)
    return command.add_subparsers(dest=f"{name}_command", metavar="ACTION", required=True)


def add_event_option(parser: argparse.ArgumentParser, helptext: str | None = None) -> None:
    """``--event ID``: the one event a command works on, which it must name."""
    parser.add_argument("--event", type=positive, required=True, metavar="ID", help=helptext)


def add_by_option(parser: argparse.ArgumentParser, *, says_default: bool = True) -> None:
    """``--by NAME``: who enters a hand or a result (:func:`._database.entered_by` reads it:
    this station's name when it is not given, which the help says unless ``says_default``
    is False)."""
    if says_default:
        helptext = translate("cli", "who enters it (default: this station's name)")
    else:
        helptext = translate("cli", "who enters it")
    parser.add_argument("--by", default="", metavar="NAME", help=helptext)
