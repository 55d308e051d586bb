"""``gin-scorer event delete ID``: an event taken out of every list, with the director's PIN, after
the event's name is typed (decision 0020: a sealed tombstone, not an erasure). Here only what it
adds to the parsers; the rest is in :mod:`gin_scorer.commands._event_delete`, imported when a
command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._pin import add_pin_option
from gin_scorer.presentation.words import translate


def register_delete(ev: Any) -> None:
    delete = ev.add_parser(
        "delete",
        help=translate("cli", "delete an event (with the PIN; its name typed to confirm)"),
        description=translate(
            "cli",
            "Take an event out of every list, reading and table of the club; nothing can be "
            "done to it any more. Its hands stay in the database, sealed and checked by verify "
            "(a deleted event is a tombstone, not an erasure: decision 0020). Needs the "
            "director's PIN when the event or the database has one. In a terminal the event's "
            "name is asked for; a script gives it with --confirm NAME, or --yes.",
        ),
    )
    delete.add_argument("event_id", type=positive, metavar="ID")
    confirm = delete.add_mutually_exclusive_group()
    confirm.add_argument(
        "--confirm",
        metavar="NAME",
        help=translate("cli", "the event's name, as the confirmation (for scripts)"),
    )
    confirm.add_argument(
        "--yes", action="store_true", help=translate("cli", "delete without asking for the name")
    )
    delete.add_argument("--reason", default="", help=translate("cli", "why, kept in the audit"))
    add_pin_option(delete)
    delete.set_defaults(func=Handler("_event_delete", "run_event_delete"))
