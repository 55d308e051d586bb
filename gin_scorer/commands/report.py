"""``gin-scorer report KIND``: print an event's documents to PDF.

Kinds: standings, pairings, sheet, pad, slips, bracket, player, the handouts (tents,
signin, badges) and the club's (season, player-page). Blank documents (a score sheet pad, a
Hollywood pad, result slips) need no event; with --event they carry its name and rules.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from gin_scorer import default_app
from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.reports import ReportError, build, request_for
from gin_scorer.services.queries.lookups import match_at_table

if TYPE_CHECKING:
    from pathlib import Path

    from gin_scorer.services.support.database import Database


def run(args: argparse.Namespace) -> int:

    if not args.out.lower().endswith(".pdf"):
        raise UserError(
            translate("cli", "the output file {0} should end in .pdf").format(repr(args.out))
        )
    needs_db = not (
        args.blank
        and args.event is None
        and args.match is None
        and args.kind in ("sheet", "pad", "slips")
    )
    if needs_db:
        with opened(args, backups=False) as db:
            if args.table is not None:  # the match at that table, named as everywhere else
                args.match = _match_at_table(db, args)
            path = _build(args, db)
    else:
        path = _build(args, None)
    print(translate("cli", "wrote {0}").format(path))
    if args.open:
        _open(path)
    return 0


def _open(path: Path) -> None:
    """The written PDF in the default viewer; if none opens it, the PDF is there all the same."""

    try:
        default_app.open_with_default_app(path)
    except OSError as error:
        print(
            translate(
                "cli", "gin-scorer: the PDF is written, but no viewer opened it ({0})"
            ).format(error),
            file=sys.stderr,
        )


def _match_at_table(db: Database, args: argparse.Namespace) -> int:

    if args.event is None or args.match is not None:
        raise UserError(translate("cli", "--table names a match with --event: give both"))
    return match_at_table(db, args.event, args.table, round_number=args.round).id


def _build(args: argparse.Namespace, db: Database | None) -> Path:
    """Write the document (from ``db``, or blank without one); where it went."""

    try:
        request = request_for(
            args.kind,
            event_id=args.event,
            round_number=args.round,
            match_id=args.match,
            entrant_id=args.entrant,
            blank=args.blank,
            blank_count=args.copies,
            paper=args.paper,
            room=args.room,
            season_id=args.season,
            player_id=args.player,
        )
        return build(request, db, args.out)
    except ReportError as error:
        raise UserError(error_text(error)) from None
    except OSError as error:
        raise UserError(
            translate("cli", "cannot write {0}: {1}").format(args.out, error.strerror or error)
        ) from None
