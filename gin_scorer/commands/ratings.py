"""``gin-scorer ratings``: every rated player's rating, recomputed from the facts."""

from __future__ import annotations

import argparse
import sys

from gin_scorer.commands._database import opened
from gin_scorer.commands._pin import with_pin
from gin_scorer.presentation.club_words import ratings_text
from gin_scorer.services.queries.ratings import rating_rows, ratings_csv
from gin_scorer.services.writes.rating_seeds import seed_by_rating


def run_ratings(args: argparse.Namespace) -> int:

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
