"""``gin-scorer director-pin``: the database-wide director PIN, set or cleared. Its parsers only:
the handlers are in :mod:`gin_scorer.commands.director_pin`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._pin import add_new_pin_options
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    director_pin = subparsers.add_parser(
        "director-pin",
        help=translate(
            "cli", "set or clear the database's director PIN (opens every event, guards restores)"
        ),
        description=translate(
            "cli",
            "The database-wide director PIN: it works wherever an event's PIN is "
            "asked, and restoring a backup over this database needs it. Changing or clearing it "
            "needs the current one; setting the first one needs the PIN of every event that has "
            "one (it will open them all). Give them with --pin (once per PIN), or type one when "
            "asked. The new PIN is --new-pin, or typed when asked (twice), or the next line of "
            "stdin; --clear (or the action clear) clears it.",
        ),
    )
    director_pin.add_argument(
        "action",
        choices=["set", "clear"],
        nargs="?",
        help=translate("cli", "set (the default with --new-pin) or clear (as --clear)"),
    )
    add_new_pin_options(director_pin)
    director_pin.add_argument(
        "--pin",
        action="append",
        help=translate("cli", "the PIN that guards the database now (repeatable)"),
    )
    director_pin.set_defaults(func=Handler("director_pin", "run_director_pin"))
