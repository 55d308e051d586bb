"""``gin-scorer audit``: check the tamper-evident audit log's hash chain, or show its newest
entries."""

from __future__ import annotations

import argparse

from gin_scorer.commands._database import opened
from gin_scorer.presentation.words import say, translate
from gin_scorer.services.queries.audit_log import check_audit_log, recent_audit_entries


def run_audit_verify(args: argparse.Namespace) -> int:

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
