"""``gin-scorer ratings``: every rated player's rating, recomputed from the facts."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._pin import add_pin_option, with_pin
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    ratings = subparsers.add_parser(
        "ratings",
        help=translate("cli", "the rating list (openskill, from every match played to a result)"),
        description=translate(
            "cli",
            "One row per player with a rated match, best first. A rating is "
            "recomputed from the results each time, so a corrected result re-rates everyone "
            "after it. --seed-event seeds an event's entrants by rating instead.",
        ),
    )
    ratings.add_argument(
        "--csv", action="store_true", help=translate("cli", "CSV with a header, for a spreadsheet")
    )
    ratings.add_argument(
        "--seed-event",
        type=positive,
        metavar="ID",
        help=translate("cli", "set the seeds of event ID's active entrants from their ratings"),
    )
    add_pin_option(ratings)
    ratings.set_defaults(func=run_ratings)


def run_ratings(args: argparse.Namespace) -> int:
    from gin_scorer.presentation.club_words import ratings_text
    from gin_scorer.services.rating_seeds import seed_by_rating
    from gin_scorer.services.ratings import rating_rows, ratings_csv

    if args.seed_event is not None:
        with opened(args) as db:
            seeds = with_pin(args.pin, lambda pin: seed_by_rating(db, args.seed_event, pin=pin))
        for name, seed in seeds:
            print(f"{seed:4}  {name}")
        return 0
    with opened(args, backups=False) as db:
        rows = rating_rows(db)
    if args.csv:
        sys.stdout.write(ratings_csv(rows))
        return 0
    for line in ratings_text(rows):
        print(line)
    return 0
