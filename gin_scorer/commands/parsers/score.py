"""``gin-scorer score``: score hand records (JSON lines) under a rule set and print the ledger. Its
parsers only: the handlers are in :mod:`gin_scorer.commands.score`, imported when a command runs
(see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate

_LEDGERS = ("game", "match", "hollywood", "multimatch", "partnership", "three-player", "teams")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help=translate(
            "cli", "score hands (JSON lines) under a rule set and print totals, boxes, bonuses"
        ),
        description=translate(
            "cli",
            "Score hand records, one JSON object per line, e.g. "
            '{"knock": "A", "deadwood": {"A": 7, "B": 15}}, {"gin": "B", "deadwood": {"A": 22}}, '
            '{"big_gin": "A", "deadwood": {"B": 40}}, {"dead": true}; optional "upcard": "7s" and '
            '"cards". Prints each hand and the ledger of the rule set\'s match format.',
        ),
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help=translate("cli", "the hand records, one JSON object per line ('-': stdin)"),
    )
    parser.add_argument(
        "--rules",
        default=None,
        metavar="PRESET",
        help=translate(
            "cli",
            "a preset key (see 'gin-scorer presets') or a .toml file (default: gra-tournament)",
        ),
    )
    _ledger_options(parser)
    parser.add_argument(
        "--json", action="store_true", help=translate("cli", "print one JSON document")
    )
    parser.set_defaults(func=Handler("score", "run"))


def _ledger_options(parser: argparse.ArgumentParser) -> None:
    """Which ledger keeps the score, and who deals first."""
    parser.add_argument(
        "--ledger",
        choices=_LEDGERS,
        help=translate(
            "cli",
            "which ledger to print (default: the rule set's match format). partnership: "
            "lines pair up as the two tables of each deal (side A = team A's player); "
            "three-player: players 1-3, player 1 deals first, A/B = the two who play, in seat "
            "order after the dealer; teams: each --team-size lines are one deal's tables",
        ),
    )
    parser.add_argument(
        "--team-size",
        type=int,
        default=3,
        metavar="N",
        help=translate(
            "cli",
            "teams: players a team (Tedesco: to 100 a player, 25 a teammate past two when "
            "all win; default 3)",
        ),
    )
    parser.add_argument(
        "--dealer",
        choices=["A", "B"],
        help=translate("cli", "who dealt the first hand (adds a dealer column)"),
    )
