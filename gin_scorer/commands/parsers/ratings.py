"""``gin-scorer ratings``: every rated player's rating, recomputed from the facts. Its parsers
only: the handlers are in :mod:`gin_scorer.commands.ratings`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._pin import add_pin_option
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
    ratings.set_defaults(func=Handler("ratings", "run_ratings"))
