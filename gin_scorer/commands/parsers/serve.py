"""``gin-scorer serve``: the room — the event's live pages on this computer's network. Its parsers
only: the handlers are in :mod:`gin_scorer.commands.serve`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands._arguments import add_event_option, positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate
from gin_scorer.web import DEFAULT_PORT

MOST_MINUTES = 600


def register(subparsers: Any) -> None:
    serve = subparsers.add_parser(
        "serve",
        help=translate(
            "cli", "the room: live pairings and standings, and the tables' own entry pages"
        ),
        description=translate(
            "cli",
            "Serve the event's room: a page for the players' phones (where they sit, "
            "the tables' results, the standings, live), /projector for the wall, and each "
            "table's own page for entering its hands (gin-scorer links lists them). "
            "Binds to this computer only unless --host says otherwise (--host 0.0.0.0: the "
            "venue's network). Ctrl+C stops it.",
        ),
    )
    add_event_option(serve, translate("cli", "the event"))
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=translate("cli", "address to listen on (default 127.0.0.1)"),
    )
    serve.add_argument(
        "--port",
        type=positive,
        default=DEFAULT_PORT,
        help=translate("cli", "port (default {0})").format(DEFAULT_PORT),
    )
    serve.add_argument(
        "--clock",
        type=_minutes,
        metavar="MINUTES",
        help=translate(
            "cli",
            "count the latest round down from MINUTES on the room's pages, from now (the "
            "desktop app's round clock does this when the app serves the room)",
        ),
    )
    serve.set_defaults(func=Handler("serve", "run_serve"))


def _minutes(text: str) -> int:
    minutes = positive(text)
    if minutes > MOST_MINUTES:
        raise argparse.ArgumentTypeError(
            translate("cli", "{0}: a round clock runs at most {1} minutes").format(
                text, MOST_MINUTES
            )
        )
    return minutes
