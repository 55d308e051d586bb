"""``gin-scorer links``: each table's own address in the room, for its QR code or a message. Its
parsers only: the handlers are in :mod:`gin_scorer.commands.links`, imported when a command runs
(see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import add_event_option, positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate
from gin_scorer.web import DEFAULT_PORT


def register(subparsers: Any) -> None:
    links = subparsers.add_parser(
        "links",
        help=translate("cli", "each table's own address in the room (for QR codes on the tables)"),
        description=translate(
            "cli",
            "Print each table's address in the room for the latest round (or "
            "--round N): table, players, address. Give the room's address with --base (what "
            "`gin-scorer serve` printed); by default this computer's address on the venue's "
            "network and port {0}.",
        ).format(DEFAULT_PORT),
    )
    add_event_option(links, translate("cli", "the event"))
    links.add_argument("--round", dest="round_number", type=positive, metavar="N")
    links.add_argument(
        "--base",
        metavar="URL",
        help=translate("cli", "the room's address, e.g. http://10.0.0.5:8080"),
    )
    links.add_argument(
        "--json",
        action="store_true",
        help=translate(
            "cli",
            "one JSON array, an object per table: round, table, a, b (and c at a table of "
            "three), url",
        ),
    )
    links.set_defaults(func=Handler("links", "run_links"))
