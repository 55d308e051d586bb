"""How a command names the match it works on: ``--match ID``, or ``--event ID --table N``
(the event's current round — the latest paired — unless ``--round N`` says another), the
table number people read on the pairings and the table card. ``match result`` and the
``hand`` actions take the same options, said the same way in every ``--help``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gin_scorer.commands._errors import UserError
from gin_scorer.presentation.words import translate
from gin_scorer.services.queries.lookups import match_at_table
from gin_scorer.services.writes import matches

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.dto import MatchView


def named_match(db: Database, args: argparse.Namespace) -> MatchView:
    """The match ``args`` name: by --match, or by --event and --table (and --round)."""

    if args.match_id is not None:
        if getattr(args, "event", None) or getattr(args, "table", None):
            raise UserError(
                translate("cli", "name the match by --match, or by --event and --table, not both")
            )
        return matches.get_match(db, args.match_id)
    if getattr(args, "event", None) is None or getattr(args, "table", None) is None:
        raise UserError(translate("cli", "name the match: --match ID, or --event ID --table N"))
    return match_at_table(db, args.event, args.table, round_number=args.round)
