"""``gin-scorer verify``: every recorded hand and result re-checked through the scoring core, the
audit chain and the seal; exit status 1 when anything is wrong. Its parsers only: the handlers
are in :mod:`gin_scorer.commands.verify`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    verify = subparsers.add_parser(
        "verify",
        help=translate("cli", "re-check every recorded hand and result through the scoring core"),
        description=translate(
            "cli",
            "Re-check every recorded hand (cards against declarations, scores "
            "against the ledgers), every match's status, each round's pairings, the audit "
            "chain and the seal (no fact changed, inserted or deleted outside the app; director "
            "actions signed with the director's PIN). Prints a report; exit status 1 if "
            "anything is wrong.",
        ),
    )
    verify.add_argument(
        "--event",
        type=positive,
        metavar="ID",
        help=translate("cli", "only this event (default: every event)"),
    )
    verify.add_argument(
        "--seal",
        metavar="CODE",
        help=translate(
            "cli",
            "a seal code printed earlier (e.g. on a result sheet): also prove that nothing "
            "sealed before it has changed since",
        ),
    )
    verify.set_defaults(func=Handler("verify", "run_verify_command"))
