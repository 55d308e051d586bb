"""``gin-scorer match result`` and ``match take-back``: a match's result from a slip, a forfeit,
time called or the director's ruling, in the results line's words (``a 3-1``). Here only what it
adds to the parsers; the rest is in :mod:`gin_scorer.commands._match_result`, imported when a
command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import add_by_option
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._match_naming import add_match_naming, add_match_or_table
from gin_scorer.commands.parsers._pin import add_pin_option
from gin_scorer.presentation.words import translate


def register_actions(actions: Any) -> None:
    _register_result(actions)
    back = actions.add_parser(
        "take-back",
        help=translate("cli", "take back a match's reported result (it stays in the log)"),
    )
    add_match_or_table(back)
    back.add_argument("--reason", required=True)
    add_by_option(back, says_default=False)
    add_pin_option(back)
    back.set_defaults(func=Handler("_match_result", "run_match_take_back"))


def _register_result(actions: Any) -> None:
    result = actions.add_parser(
        "result",
        help=translate(
            "cli", "report a result without its hands (slip, forfeit, time called, adjudication)"
        ),
        description=translate(
            "cli",
            "Report a match's result as the results line says it: 'a 3-1' (A won 3 games to "
            "1, a slip; game totals A-B may follow: 'a 3-1 250-20 10-260 300-0 251-9'), 'a ff' "
            "(A wins by forfeit), 'ff' (neither came), 't' (time called; 't b': the director "
            "gives it to B), 'adj b REASON' (the director's ruling, with the PIN). Name the "
            "match by --match ID, or by --event and --table (the latest round unless --round).",
        ),
    )
    add_match_naming(result)
    result.add_argument("result", nargs="+", metavar="RESULT", help=translate("cli", "e.g. a 3-1"))
    result.add_argument(
        "--replace",
        action="store_true",
        help=translate(
            "cli", "set aside the hands or the result already recorded (they stay in the log)"
        ),
    )
    add_by_option(result, says_default=False)
    add_pin_option(result)
    result.set_defaults(func=Handler("_match_result", "run_match_result"))
