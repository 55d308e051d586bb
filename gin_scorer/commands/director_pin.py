"""``gin-scorer director-pin``: the database-wide director PIN, set or cleared.

The options are those of ``event set-pin``: ``--pin`` the PIN that guards the database now,
``--new-pin`` the new one, ``--clear`` to clear it.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import ask_pin
from gin_scorer.presentation.words import translate
from gin_scorer.services.writes.database_pin import is_guarded, set_database_pin


def _clearing(args: argparse.Namespace) -> bool:
    """Whether the command clears the PIN; a command that says neither is refused."""
    if args.action == "clear" and args.new_pin:
        raise UserError(translate("cli", "clear takes no --new-pin: leave one of them out"))
    if args.action == "set" and args.clear:
        raise UserError(translate("cli", "set and --clear say opposite things: leave one out"))
    if args.action is None and not (args.clear or args.new_pin):
        raise UserError(
            translate(
                "cli",
                "say what to do: set (with --new-pin PIN, or typed when asked) or --clear",
            )
        )
    return bool(args.clear or args.action == "clear")


def _ask_new_pin() -> str:
    """The new PIN typed twice in a terminal, else the next line of stdin; nothing there is
    said as such (not as a PIN too short)."""
    if sys.stdin.isatty():
        first = getpass.getpass(translate("cli", "New director PIN: "))
        if getpass.getpass(translate("cli", "The same again: ")) != first:
            raise UserError(translate("cli", "the two PINs differ; nothing was changed"))
        return first
    typed = sys.stdin.readline().strip()
    if not typed:
        raise UserError(
            translate(
                "cli",
                "no new PIN was given: stdin was empty; give it with --new-pin PIN, type it "
                "in a terminal, or send it on stdin (to clear the PIN: --clear); nothing was "
                "changed",
            )
        )
    return typed


def run_director_pin(args: argparse.Namespace) -> int:

    clearing = _clearing(args)
    with opened(args) as db:
        given = list(args.pin or [])
        if not given and is_guarded(db):
            given = [ask_pin()]  # the current PIN first, then the new one
        new_pin = None if clearing else (args.new_pin or _ask_new_pin())
        now_set = set_database_pin(db, new_pin, pins=given, actor="director")
        if now_set:
            print(translate("cli", "director PIN of {0} set").format(db.display_name))
        else:
            print(translate("cli", "director PIN of {0} cleared").format(db.display_name))
    return 0
