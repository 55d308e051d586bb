"""``gin-scorer director-pin``: the database-wide director PIN, set or cleared."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import ask_pin
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
            "asked. The new PIN is typed when asked (twice), or read from stdin.",
        ),
    )
    director_pin.add_argument("action", choices=["set", "clear"])
    director_pin.add_argument(
        "--pin",
        action="append",
        help=translate("cli", "the PIN that guards the database now (repeatable)"),
    )
    director_pin.set_defaults(func=run_director_pin)


def _ask_new_pin() -> str:
    if sys.stdin.isatty():
        import getpass

        first = getpass.getpass(translate("cli", "New director PIN: "))
        if getpass.getpass(translate("cli", "The same again: ")) != first:
            raise UserError(translate("cli", "the two PINs differ; nothing was changed"))
        return first
    return sys.stdin.readline().strip()


def run_director_pin(args: argparse.Namespace) -> int:
    from gin_scorer.services.database_pin import is_guarded, set_database_pin

    with opened(args) as db:
        given = list(args.pin or [])
        if not given and is_guarded(db):
            given = [ask_pin()]  # the current PIN first, then the new one
        new_pin = _ask_new_pin() if args.action == "set" else None
        now_set = set_database_pin(db, new_pin, pins=given, actor="director")
        if now_set:
            print(translate("cli", "director PIN of {0} set").format(db.display_name))
        else:
            print(translate("cli", "director PIN of {0} cleared").format(db.display_name))
    return 0
