"""``gin-scorer standings``: an event's standings, as a table or JSON, with the seal."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.commands._seal import seal_of, seal_text
from gin_scorer.presentation.bracket_words import progress_words
from gin_scorer.presentation.standings_table import standings_text
from gin_scorer.presentation.words import speaking
from gin_scorer.services.queries.standings import standings

if TYPE_CHECKING:
    from gin_scorer.services.queries.standings import StandingRow
    from gin_scorer.services.support.database import Database


def print_standings(rows: Sequence[StandingRow]) -> None:
    """The standings table of the terminal (the demo prints its top lines too)."""

    for line in standings_text(rows):
        print(line)


def run_standings_command(args: argparse.Namespace) -> int:
    with opened(args) as db:
        return _standings(db, args)


def _standings(db: Database, args: argparse.Namespace) -> int:

    rows = standings(db, args.event, args.after_round)
    seal = seal_of(db)
    if args.json:
        with speaking(None):  # the machine-readable position stays in English
            positions = [progress_words(r.position) for r in rows]
        lines = [
            {
                "place": r.place,
                "place_to": r.place_to,
                "label": r.place_label,
                "entrant_id": r.entrant.id,
                "name": r.entrant.name,
                "match_wins": r.counts.match_wins,
                "match_losses": r.counts.match_losses,
                "game_wins": r.counts.game_wins,
                "game_losses": r.counts.game_losses,
                "point_differential": r.counts.point_differential,
                "byes": r.counts.byes,
                "buchholz": r.buchholz,
                "tie_breaks": {t.value: v for t, v in r.tie_breaks},
                "position": position,
                "withdrawn": r.withdrawn,
            }
            for r, position in zip(rows, positions, strict=True)
        ]
        # An object, not a bare list, so the seal travels with the figures it covers.
        json.dump({"seal": seal, "standings": lines}, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print_standings(rows)
        print(seal_text(seal))
    return 0
