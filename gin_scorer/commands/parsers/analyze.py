"""``gin-scorer analyze`` and ``gin-scorer layoffs``: settle a disputed hand from its cards. Its
parsers only: the handlers are in :mod:`gin_scorer.commands.analyze`, imported when a command
runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands.parsers._cards_io import card_options
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    analyze = subparsers.add_parser(
        "analyze",
        help=translate(
            "cli", "best melds and least deadwood of a hand (11 cards: best discard, big gin)"
        ),
        description=translate(
            "cli",
            "Find the arrangement of a hand with the least deadwood, exactly. With 11 cards, "
            "also the best card to discard and whether all eleven meld (big gin). Write cards "
            "like 7h 10h Th 7♥; give '-' to read one hand per line from standard input.",
        ),
        epilog=_examples(
            "gin-scorer analyze 7h 8h 9h 9c 9d 9s 2c 3d Kc Ks",
            'gin-scorer analyze --aces tedesco "Qs Ks As 5c 5d 5h 2c 3d 4h 9s"',
            "gin-scorer analyze --json - < hands.txt",
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    analyze.add_argument(
        "cards", nargs="*", metavar="CARDS", help=translate("cli", "the cards, or - for stdin")
    )
    analyze.add_argument(
        "--declared",
        metavar="MELDS",
        help=translate(
            "cli",
            'the melds a player declared, separated by |: "7h 8h 9h | 9c 9d 9s"; the answer '
            "says whether they are legal and how their deadwood compares with the best",
        ),
    )
    card_options(analyze)
    analyze.set_defaults(func=Handler("analyze", "run_analyze"))


def _examples(*commands: str) -> str:
    """The help's examples, one command a line, lined up after the heading."""
    heading = translate("cli", "examples:")
    return heading + "  " + ("\n" + " " * (len(heading) + 2)).join(commands)
