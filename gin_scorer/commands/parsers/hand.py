"""``gin-scorer hand``: record, correct, void or undo the hands of a match. Its parsers only: the
handlers are in :mod:`gin_scorer.commands.hand`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands._arguments import action_parsers, add_by_option
from gin_scorer.commands.parsers._hand_changes import register_changes
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._match_naming import add_match_naming
from gin_scorer.commands.parsers._pin import add_pin_option
from gin_scorer.commands.parsers._retry import add_write_key_options
from gin_scorer.presentation.words import translate


def _side(text: str) -> str:
    if text.strip().upper() not in ("A", "B"):
        raise argparse.ArgumentTypeError(
            translate("cli", "{0} is not a player: write A or B").format(repr(text))
        )
    return text.strip().upper()


def register(subparsers: Any) -> None:
    ha = action_parsers(subparsers, "hand", translate("cli", "record, correct, void or undo hands"))
    _register_add(ha)
    register_changes(ha)


def _register_add(ha: Any) -> None:
    hadd = ha.add_parser(
        "add",
        help=translate("cli", "record the next hand of a match (ak7 15, bg22, d …)"),
        description=translate(
            "cli",
            "Record the next hand of a match, typed as on the desk's entry line: 'ak7 15' (A "
            "knocks with 7, B holds 15 after layoffs), 'bg22' (B goes gin, A holds 22), 'abg30' "
            "(A big gin), 'd' (dead hand), 'md' (misdeal), '… @Qs' (the upcard); or as JSON, "
            'e.g. \'{"knock": "A", "deadwood": {"A": 7, "B": 15}}\'. Name the match by --match '
            "ID, or by --event ID --table N (the event's current round, its latest paired one, "
            "unless --round N). LINE '-' reads many hands from stdin, one a line, all recorded or "
            "none: with --match or --table each line is a hand of that match; with --event alone "
            "each line starts with its table number ('12 ak7 15'). Blank lines and lines "
            "starting with # are skipped. A hand with errors is refused unless --override gives "
            "the director's reason.",
        ),
    )
    add_match_naming(hadd, event_alone=True)
    hadd.add_argument(
        "hand",
        nargs="+",
        metavar="LINE",
        help=translate(
            "cli", "the hand: an entry line (ak7 15), JSON, or - to read lines from stdin"
        ),
    )
    add_by_option(hadd)
    hadd.add_argument(
        "--override", metavar="REASON", help=translate("cli", "record despite errors, for REASON")
    )
    hadd.add_argument(
        "--dealer",
        type=_side,
        metavar="A|B",
        help=translate("cli", "who dealt (default: by the rules)"),
    )
    add_pin_option(
        hadd,
        translate(
            "cli",
            "director PIN (a locked result or a finished event refuse "
            "hands: unlock or reopen first)",
        ),
    )
    add_write_key_options(hadd)
    hadd.set_defaults(func=Handler("hand", "run_hand_add"))
