"""``gin-scorer standings``: an event's standings, as a table or JSON, with the seal. Its parsers
only: the handlers are in :mod:`gin_scorer.commands.standings`, imported when a command runs
(see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import add_event_option, any_whole
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    standings = subparsers.add_parser("standings", help=translate("cli", "an event's standings"))
    add_event_option(standings)
    standings.add_argument(
        "--after-round",
        type=any_whole,
        metavar="N",
        help=translate("cli", "as they stood after round N"),
    )
    standings.add_argument(
        "--json", action="store_true", help=translate("cli", "machine-readable output")
    )
    standings.set_defaults(func=Handler("standings", "run_standings_command"))
