"""``gin-scorer audit``: check the tamper-evident audit log's hash chain, or show its newest
entries. Its parsers only: the handlers are in :mod:`gin_scorer.commands.audit`, imported when a
command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import action_parsers, positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    actions = action_parsers(
        subparsers, "audit", translate("cli", "check or show the tamper-evident audit log")
    )
    verify = actions.add_parser(
        "verify",
        help=translate(
            "cli", "check every link of the hash chain (exit 1 names the first broken one)"
        ),
    )
    verify.set_defaults(func=Handler("audit", "run_audit_verify"))
    show = actions.add_parser("show", help=translate("cli", "print the newest audit entries"))
    show.add_argument(
        "--last",
        type=positive,
        default=20,
        metavar="N",
        help=translate("cli", "how many entries (default 20)"),
    )
    show.set_defaults(func=Handler("audit", "run_audit_show"))
