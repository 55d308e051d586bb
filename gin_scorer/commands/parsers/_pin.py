"""A director's PIN on the command line: ``--pin``, or typed when the services ask for one. Here
only what it adds to the parsers; the rest is in :mod:`gin_scorer.commands._pin`, imported when
a command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse

from gin_scorer.presentation.words import translate


def add_pin_option(parser: argparse.ArgumentParser, helptext: str | None = None) -> None:
    parser.add_argument(
        "--pin",
        help=helptext
        or translate(
            "cli", "the director's PIN, when the action needs it (asked for in a terminal)"
        ),
    )


def add_new_pin_options(parser: argparse.ArgumentParser) -> None:
    """``--new-pin PIN`` or ``--clear``: the same two options wherever a PIN is set or cleared
    (``--pin`` is always the PIN that guards it now)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--new-pin", metavar="PIN", help=translate("cli", "the new PIN (4 characters or more)")
    )
    group.add_argument("--clear", action="store_true", help=translate("cli", "clear the PIN"))
