"""``gin-scorer season``: a club's season or league: create it, count events in it, print its
table. Its parsers only: the handlers are in :mod:`gin_scorer.commands.season`, imported when a
command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands._arguments import not_negative, positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._pin import add_pin_option
from gin_scorer.presentation.words import translate


def _scoring_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--points",
        choices=("matches", "places"),
        help=translate(
            "cli", "points per match won and lost (default), or per place in each night"
        ),
    )
    for option, helptext in (  # the points for a match won, a match lost, a night played
        ("--per-win", translate("cli", "default 2")),
        ("--per-loss", translate("cli", "default 0")),
        ("--per-night", translate("cli", "for turning up (default 1)")),
    ):
        parser.add_argument(option, type=not_negative, metavar="N", help=helptext)
    parser.add_argument(
        "--per-place",
        metavar="LIST",
        help=translate("cli", "points for 1st, 2nd … (default 10,8,6,5,4,3,2,1)"),
    )
    parser.add_argument(
        "--best",
        type=positive,
        metavar="N",
        help=translate("cli", "count each player's best N nights"),
    )
    parser.add_argument(
        "--min-nights",
        type=not_negative,
        metavar="N",
        help=translate("cli", "nights needed to qualify for a place"),
    )


def register(subparsers: Any) -> None:
    season = subparsers.add_parser(
        "season",
        help=translate("cli", "a season or league: club nights and events counted into one table"),
    )
    verbs = season.add_subparsers(dest="verb", required=True, metavar="VERB")
    create = verbs.add_parser(
        "create", help=translate("cli", "a new season, with how it counts points")
    )
    create.add_argument("name", metavar="NAME")
    _scoring_options(create)
    add_pin_option(create)
    create.set_defaults(func=Handler("season", "run_create"))
    for verb, helptext in (
        ("add", translate("cli", "count events in the season")),
        ("remove", translate("cli", "stop counting events")),
    ):
        change = verbs.add_parser(verb, help=helptext)
        change.add_argument("season", type=positive, metavar="SEASON_ID")
        change.add_argument("events", type=positive, nargs="+", metavar="EVENT_ID")
        add_pin_option(change)
        change.set_defaults(func=Handler("season", "run_change"))
    knobs = verbs.add_parser(
        "scoring", help=translate("cli", "change how the season counts points")
    )
    knobs.add_argument("season", type=positive, metavar="SEASON_ID")
    _scoring_options(knobs)
    add_pin_option(knobs)
    knobs.set_defaults(func=Handler("season", "run_scoring"))
    verbs.add_parser("list", help=translate("cli", "every season")).set_defaults(
        func=Handler("season", "run_list")
    )
    table = verbs.add_parser("table", help=translate("cli", "the season's table as it stands"))
    table.add_argument("season", type=positive, metavar="SEASON_ID")
    table.set_defaults(func=Handler("season", "run_table"))
