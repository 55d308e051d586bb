"""``gin-scorer layoffs``: the defender's best melds and layoffs against the knocker's melds,
exactly; one hand from the command line or one JSON line per hand from standard input. Its
parsers only: the handlers are in :mod:`gin_scorer.commands.layoffs`, imported when a command
runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands.parsers._cards_io import card_options
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    layoffs = subparsers.add_parser(
        "layoffs",
        help=translate("cli", "the defender's best melds and layoffs against the knocker's melds"),
        description=translate(
            "cli",
            "Find the defender's melds and layoffs leaving the least deadwood, "
            "exactly: the fourth card of a set of three, cards at either end of a run, in chains. "
            "Give '-' to read JSON lines from standard input, each like "
            '{"knocker_melds": [["7h", "8h", "9h"], ["Ks", "Kd", "Kc"]], "defender": ["6h", ...]}'
            ' (optionally with "gin": true, when no layoffs are allowed).',
        ),
        epilog=translate(
            "cli",
            'example:  gin-scorer layoffs --knocker "7h 8h 9h | Ks Kd Kc" '
            '--defender "6h 5h Kh 2c 2d 2s 9c Jd Qd 4s"',
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    layoffs.add_argument(
        "source", nargs="?", metavar="-", help=translate("cli", "- to read JSON lines from stdin")
    )
    layoffs.add_argument(
        "--knocker",
        metavar="MELDS",
        help=translate("cli", 'the knocker\'s melds, separated by |: "7h 8h 9h | Ks Kd Kc"'),
    )
    layoffs.add_argument(
        "--defender", metavar="CARDS", help=translate("cli", "the defender's cards")
    )
    layoffs.add_argument(
        "--gin",
        action="store_true",
        help=translate("cli", "the knocker went gin: no layoffs are allowed"),
    )
    card_options(layoffs)
    layoffs.set_defaults(func=Handler("layoffs", "run_layoffs"))
