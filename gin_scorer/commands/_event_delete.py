"""``gin-scorer event delete ID``: an event taken out of every list, with the director's PIN,
after the event's name is typed (decision 0020: a sealed tombstone, not an erasure)."""

from __future__ import annotations

import argparse
import sys

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import with_pin
from gin_scorer.presentation.words import translate
from gin_scorer.services.writes import events
from gin_scorer.services.writes.event_delete import delete_event


def _confirmed_name(args: argparse.Namespace, name: str) -> str:
    """The name the director gave: --confirm, the event's own with --yes, or typed."""
    if args.yes:
        return name
    if args.confirm is not None:
        return str(args.confirm)
    if not sys.stdin.isatty():
        raise UserError(
            translate(
                "cli",
                "to delete event {0} ({1}) give its name with --confirm NAME, or --yes "
                "(nothing was deleted)",
            ).format(args.event_id, repr(name))
        )
    said = translate("cli", "Type the event's name to delete it ({0}): ").format(name)
    return input(said)


def run_event_delete(args: argparse.Namespace) -> int:

    with opened(args) as db:
        event = events.get_event(db, args.event_id)
        typed = _confirmed_name(args, event.name)
        gone = with_pin(
            args.pin,
            lambda pin: delete_event(
                db, event.id, name=typed, reason=args.reason, pin=pin, actor="director"
            ),
        )
    said = translate(
        "cli",
        "event {0} ({1}) deleted: {2} entrants, {3} matches and {4} hands kept in the "
        "database, sealed, out of every list",
    )
    print(said.format(gone.id, gone.name, gone.entrants, gone.matches, gone.hands))
    return 0
