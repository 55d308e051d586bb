"""A director's PIN on the command line: ``--pin``, or typed when the services ask for one.

The services alone decide whether an action needs the PIN
(:mod:`gin_scorer.services.support.authority`); a command only passes ``--pin`` on. When a PIN was
needed and not given, a command running in a terminal asks for it once (without echo) and
tries again; anywhere else the refusal is the one line the command prints before exit 2.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Callable
from typing import TypeVar

from gin_scorer.commands._errors import UserError
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.services.support.errors import PinError

T = TypeVar("T")


def chosen_new_pin(args: argparse.Namespace) -> str | None:
    """The new PIN of ``--new-pin`` (``None`` with ``--clear``); neither given is refused, so
    that a forgotten option never clears a PIN."""
    if args.clear:
        return None
    if not args.new_pin:
        raise UserError(
            translate("cli", "say what to do: --new-pin PIN to set the PIN, or --clear to clear it")
        )
    return str(args.new_pin)


def with_pin(given: str | None, call: Callable[[str | None], T]) -> T:
    """``call(given)``; if it needs a PIN that was not given, ask in a terminal and retry."""

    try:
        return call(given)
    except PinError as error:
        if given is not None or not error.askable or not sys.stdin.isatty():
            raise

        print(f"gin-scorer: {error_text(error)}", file=sys.stderr)
        typed = getpass.getpass(translate("cli", "Director PIN: "))
        if not typed:
            raise
        return call(typed)


def ask_pin() -> str:
    """A PIN typed in a terminal (no echo), or the next line of stdin when piped."""
    if sys.stdin.isatty():
        return getpass.getpass(translate("cli", "Director PIN: "))
    return sys.stdin.readline().strip()
