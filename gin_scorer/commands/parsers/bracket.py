"""``gin-scorer bracket``: an elimination event's bracket, slot by slot. Its parsers only: the
handlers are in :mod:`gin_scorer.commands.bracket`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import add_event_option
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    bracket = subparsers.add_parser(
        "bracket", help=translate("cli", "an elimination event's bracket")
    )
    add_event_option(bracket)
    bracket.set_defaults(func=Handler("bracket", "run_bracket_command"))
