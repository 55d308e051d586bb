"""A director's PIN on the command line: ``--pin``, or typed when the services ask for one.

The services alone decide whether an action needs the PIN
(:mod:`gin_scorer.services.authority`); a command only passes ``--pin`` on. When a PIN was
needed and not given, a command running in a terminal asks for it once (without echo) and
tries again; anywhere else the refusal is the one line the command prints before exit 2.
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
