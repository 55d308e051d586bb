"""``gin-scorer audit``: check the tamper-evident audit log's hash chain, or show its newest
entries."""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands._arguments import action_parsers, positive
from gin_scorer.commands._database import opened
from gin_scorer.presentation.words import say, translate


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
    verify.set_defaults(func=run_audit_verify)
    show = actions.add_parser("show", help=translate("cli", "print the newest audit entries"))
    show.add_argument(
        "--last",
        type=positive,
        default=20,
        metavar="N",
        help=translate("cli", "how many entries (default 20)"),
    )
    show.set_defaults(func=run_audit_show)


def run_audit_verify(args: argparse.Namespace) -> int:
    from gin_scorer.services.audit_log import check_audit_log

    with opened(args) as db:
        check = check_audit_log(db)
    if check.broken is not None:
        print(translate("cli", "audit log BROKEN: {0}").format(say(check.broken)))
        return 1
    if check.latest_code is None:
        print(translate("cli", "audit log intact: 0 entries"))
    elif check.count == 1:
        said = translate("cli", "audit log intact: 1 entry, latest {1}")
        print(said.format(check.count, check.latest_code))
    else:
        said = translate("cli", "audit log intact: {0} entries, latest {1}")
        print(said.format(check.count, check.latest_code))
    return 0


def run_audit_show(args: argparse.Namespace) -> int:
    from gin_scorer.services.audit_log import recent_audit_entries

    with opened(args) as db:
        entries = recent_audit_entries(db, args.last)
    if not entries:
        print(translate("cli", "the audit log is empty"))
    for entry in entries:
        payload = entry.payload_json
        if len(payload) > 120:
            payload = payload[:117] + "..."
        print(
            f"{entry.id:>6}  {entry.at:%Y-%m-%d %H:%M:%S}  {entry.short_hash}  "
            f"{entry.station}/{entry.actor}  {entry.action}  {entry.subject}  {payload}"
        )
    return 0
