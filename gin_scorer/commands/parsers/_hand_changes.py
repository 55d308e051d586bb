"""``gin-scorer hand correct``, ``void``, ``undo`` and ``redo``: a hand named by its number on
the sheet.
Here only what it adds to the parsers; the rest is in :mod:`gin_scorer.commands._hand_changes`,
imported when a command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands._arguments import add_by_option, positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._match_naming import add_match_naming
from gin_scorer.commands.parsers._pin import add_pin_option
from gin_scorer.commands.parsers._retry import add_write_key_options
from gin_scorer.presentation.words import translate


def register_changes(ha: Any) -> None:
    hcor = ha.add_parser(
        "correct",
        help=translate("cli", "replace a recorded hand (--hand N: its number on the sheet)"),
        description=translate(
            "cli",
            "Replace a recorded hand, named by its number on the sheet (--hand N with --match "
            "ID, or with --event ID --table N: the event's current round unless --round), or "
            "by its hand-log entry (--entry ID, the 'entry' column of match sheet). The new "
            "hand is typed as for hand add: 'ak9 25' or JSON.",
        ),
    )
    _hand_naming(hcor)
    hcor.add_argument(
        "hand", nargs="+", metavar="LINE", help=translate("cli", "the corrected hand")
    )
    hcor.add_argument("--reason", required=True)
    add_by_option(hcor)
    hcor.add_argument(
        "--override", metavar="REASON", help=translate("cli", "accept errors in it, for REASON")
    )
    add_pin_option(hcor, translate("cli", "director PIN, when later play relies on the result"))
    add_write_key_options(hcor)
    hcor.set_defaults(func=Handler("_hand_changes", "run_hand_correct"))
    hvoid = ha.add_parser(
        "void",
        help=translate("cli", "withdraw a recorded hand (it stays in the log)"),
        description=translate(
            "cli",
            "Withdraw a recorded hand, named as for hand correct (--hand N with --match or "
            "--table, or --entry ID). It stays in the log and counts nowhere; the hands after "
            "it keep the dealer who dealt them.",
        ),
    )
    _hand_naming(hvoid)
    # The old form 'hand void 8' (a log entry id): caught to say what to write now.
    hvoid.add_argument("old_id", nargs="?", help=argparse.SUPPRESS)
    hvoid.add_argument("--reason", required=True)
    add_by_option(hvoid)
    add_pin_option(hvoid)
    add_write_key_options(hvoid)
    hvoid.set_defaults(func=Handler("_hand_changes", "run_hand_void"))
    hundo = ha.add_parser("undo", help=translate("cli", "take back the newest change to a match"))
    hredo = ha.add_parser("redo", help=translate("cli", "take back the newest undo in a match"))
    for parser, run in ((hundo, "run_hand_undo"), (hredo, "run_hand_redo")):
        add_match_naming(parser)
        add_by_option(parser)
        add_pin_option(parser)
        add_write_key_options(parser)
        parser.set_defaults(func=Handler("_hand_changes", run))


def _hand_naming(parser: argparse.ArgumentParser) -> None:
    add_match_naming(parser)
    parser.add_argument(
        "--hand",
        dest="hand_number",
        type=positive,
        metavar="N",
        help=translate("cli", "the hand's number on the sheet (the # column)"),
    )
    parser.add_argument(
        "--entry",
        type=positive,
        metavar="ID",
        help=translate("cli", "or: the hand-log entry's id (the entry column of match sheet)"),
    )
