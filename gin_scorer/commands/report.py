"""``gin-scorer report KIND``: print an event's documents to PDF.

Kinds: standings, pairings, sheet, pad, slips, bracket, player, the handouts (tents,
signin, badges) and the club's (season, player-page). Blank documents (a score sheet pad, a
Hollywood pad, result slips) need no event; with --event they carry its name and rules.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import one_to, positive
from gin_scorer.commands._database import opened
from gin_scorer.presentation.words import translate

if TYPE_CHECKING:
    from pathlib import Path

    from gin_scorer.services.database import Database

_KINDS = (
    "standings",
    "pairings",
    "sheet",
    "pad",
    "slips",
    "bracket",
    "player",
    "tents",
    "signin",
    "badges",
    "season",
    "player-page",
)


def _kind_texts() -> dict[str, str]:
    """What each kind prints, as ``--help`` lists them."""
    return {
        "standings": translate(
            "cli", "standings (--event; --round N: as they stood after round N)"
        ),
        "pairings": translate(
            "cli", "table assignments by table and by name (--event, optional --round)"
        ),
        "sheet": translate(
            "cli", "match score sheets: --match ID, or every match of --round; --blank for a pad"
        ),
        "pad": translate("cli", "Hollywood pads (three games at once): like sheet"),
        "slips": translate(
            "cli", "result slips to cut and collect, one per table (--event --round, or --blank)"
        ),
        "bracket": translate(
            "cli", "single / double elimination bracket chart (--event; --blank: seeds only)"
        ),
        "player": translate("cli", "a player's matches, hands won, gins, undercuts (--entrant ID)"),
        "tents": translate(
            "cli", "table tents to fold and stand on each table, a page a table (--event, --round)"
        ),
        "signin": translate(
            "cli", "sign-in sheet: every entrant A to Z with a box to tick (--event)"
        ),
        "badges": translate(
            "cli", "name badges with name and club, eight a page to cut out (--event)"
        ),
        "season": translate("cli", "a season's table, night by night (--season ID)"),
        "player-page": translate(
            "cli",
            "a player's page across every event: rating and results plots, "
            "statistics, head-to-head (--player ID)",
        ),
    }


def register(subparsers: Any) -> None:
    kinds = _kind_texts()
    parser = subparsers.add_parser(
        "report",
        help=translate(
            "cli", "print standings, pairings, score sheets, pads, slips, brackets to PDF"
        ),
        description=translate("cli", "Write a printable PDF. Kinds:")
        + "\n"
        + "\n".join(f"  {k:<10} {kinds[k]}" for k in _KINDS),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "kind",
        choices=list(_KINDS),
        metavar="KIND",
        help=translate("cli", "one of: {0}").format(", ".join(_KINDS)),
    )
    _which_options(parser)
    _form_options(parser)
    parser.set_defaults(func=run)


def _which_options(parser: argparse.ArgumentParser) -> None:
    """The options that say what the document is about: each one an id or a number."""
    for option, metavar, helptext in (
        ("--event", "ID", translate("cli", "the event's id")),
        ("--round", "N", translate("cli", "the round (default: the latest round paired)")),
        ("--match", "ID", translate("cli", "one match's id")),
        ("--table", "N", translate("cli", "one match by its table: with --event (and --round)")),
        ("--entrant", "ID", translate("cli", "the entrant (player sheet)")),
        ("--season", "ID", translate("cli", "the season (season table)")),
        ("--player", "ID", translate("cli", "the player (player's page; see player list)")),
    ):
        parser.add_argument(option, type=positive, metavar=metavar, help=helptext)


def _form_options(parser: argparse.ArgumentParser) -> None:
    """The options that say how the document is printed, and where to."""
    parser.add_argument(
        "--blank", action="store_true", help=translate("cli", "an empty form to fill in by hand")
    )
    parser.add_argument(
        "--copies",
        type=one_to(500),
        default=1,
        metavar="N",
        help=translate(
            "cli",
            "blank forms: how many sheets / pads / pages of slips (default 1, at most 500)",
        ),
    )
    parser.add_argument(
        "--paper",
        choices=["a4", "letter"],
        default="a4",
        help=translate("cli", "paper size (default a4)"),
    )
    parser.add_argument(
        "--room",
        metavar="URL",
        help=translate(
            "cli",
            "tents: the room's address (what `gin-scorer serve` printed): each card then "
            "carries its table's QR code for entering hands from a phone",
        ),
    )
    parser.add_argument(
        "--out", required=True, metavar="FILE.pdf", help=translate("cli", "where to write")
    )
    parser.add_argument(
        "--open",
        action="store_true",
        help=translate("cli", "then open it in the default PDF viewer, to read or print"),
    )


def run(args: argparse.Namespace) -> int:
    from gin_scorer.commands._errors import UserError

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
    from gin_scorer.default_app import open_with_default_app

    try:
        open_with_default_app(path)
    except OSError as error:
        print(
            translate(
                "cli", "gin-scorer: the PDF is written, but no viewer opened it ({0})"
            ).format(error),
            file=sys.stderr,
        )


def _match_at_table(db: Database, args: argparse.Namespace) -> int:
    from gin_scorer.commands._errors import UserError
    from gin_scorer.services.lookups import match_at_table

    if args.event is None or args.match is not None:
        raise UserError(translate("cli", "--table names a match with --event: give both"))
    return match_at_table(db, args.event, args.table, round_number=args.round).id


def _build(args: argparse.Namespace, db: Database | None) -> Path:
    """Write the document (from ``db``, or blank without one); where it went."""
    from gin_scorer.commands._errors import UserError
    from gin_scorer.presentation.words import error_text
    from gin_scorer.reports import ReportError, build, request_for

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
