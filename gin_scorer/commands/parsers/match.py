"""``gin-scorer match``: create a match, list an event's matches, show a score sheet, lock or
unlock a result; reporting a result without its hands is :mod:`._match_result`'s. Its parsers
only: the handlers are in :mod:`gin_scorer.commands.match`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import action_parsers, add_event_option, positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._match_naming import add_match_or_table
from gin_scorer.commands.parsers._match_result import register_actions
from gin_scorer.commands.parsers._pin import add_pin_option
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    ma = action_parsers(
        subparsers,
        "match",
        translate("cli", "create matches, show score sheets, report and lock results"),
    )
    _register_new_and_list(ma)
    sheet = ma.add_parser("sheet", help=translate("cli", "the score sheet of a match"))
    add_match_or_table(sheet)
    sheet.add_argument(
        "--log", action="store_true", help=translate("cli", "also list every log row")
    )
    sheet.set_defaults(func=Handler("match", "run_match_sheet"))
    for name, helptext in (
        ("lock", translate("cli", "seal a finished result (needs the director PIN if set)")),
        ("unlock", translate("cli", "lift the seal (needs the director PIN if set)")),
    ):
        action = ma.add_parser(name, help=helptext)
        add_match_or_table(action)
        add_pin_option(action)
        action.set_defaults(func=Handler("match", "run_match_lock"), lock_action=name)
    register_actions(ma)


def _register_new_and_list(ma: Any) -> None:
    mnew = ma.add_parser(
        "new",
        help=translate("cli", "a match between two entrants (club play, ad hoc)"),
        description=translate(
            "cli", "Create a match. In a club event, names not yet entered are entered."
        ),
    )
    add_event_option(mnew)
    mnew.add_argument("--a", required=True, metavar="NAME", help=translate("cli", "side A"))
    mnew.add_argument("--b", required=True, metavar="NAME", help=translate("cli", "side B"))
    mnew.add_argument("--table", type=positive, metavar="N")
    mnew.set_defaults(func=Handler("match", "run_match_new"))
    mlist = ma.add_parser("list", help=translate("cli", "the matches of an event"))
    add_event_option(mlist)
    mlist.add_argument("--round", type=positive, metavar="N")
    mlist.set_defaults(func=Handler("match", "run_match_list"))
