"""``gin-scorer verify``: every recorded hand and result re-checked through the scoring core,
the audit chain and the seal; exit status 1 when anything is wrong."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._database import opened

if TYPE_CHECKING:
    from gin_scorer.services.database import Database


def register(subparsers: Any) -> None:
    verify = subparsers.add_parser(
        "verify",
        help="re-check every recorded hand and result through the scoring core",
        description="Re-check every recorded hand (cards against declarations, scores "
        "against the ledgers), every match's status, each round's pairings, the audit "
        "chain and the seal (no fact changed, inserted or deleted outside the app; director "
        "actions signed with the director's PIN). Prints a report; exit status 1 if "
        "anything is wrong.",
    )
    verify.add_argument(
        "--event", type=positive, metavar="ID", help="only this event (default: every event)"
    )
    verify.add_argument(
        "--seal",
        metavar="CODE",
        help="a seal code printed earlier (e.g. on a result sheet): also prove that nothing "
        "sealed before it has changed since",
    )
    verify.set_defaults(func=run_verify_command)


def run_verify_command(args: argparse.Namespace) -> int:
    with opened(args) as db:
        return _verify(db, args)


def _verify(db: Database, args: argparse.Namespace) -> int:
    from gin_scorer.services.verify import verify_database

    report = verify_database(db, args.event, seal_code=args.seal)
    for note in report.notes:
        print(f"note: {note}")
    for problem in report.problems:
        print(f"PROBLEM: {problem}")
    verdict = "all clean" if report.clean else f"{len(report.problems)} problem(s)"
    print(
        f"checked {report.events} event(s), {report.matches} match(es), "
        f"{report.hands} hand(s): {verdict}"
        + (f"; {report.overridden} accepted by override" if report.overridden else "")
    )
    if report.reported:
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(report.reported.items()))
        total = sum(report.reported.values())
        print(
            f"{total} result(s) reported without hands ({kinds}): checked against their "
            "matches' formats; no cards stand behind them, so they are not verified"
        )
    seal = report.seal
    if seal is not None and report.clean:
        if args.seal is not None:
            print(
                f"the seal {args.seal.strip().upper()} matches: nothing sealed before "
                f"it has changed ({seal.links_after_code} link(s) sealed since)"
            )
        print(f"sealed: {seal.links} links, seal {seal.latest_code or '(none yet)'}")
    return 0 if report.clean else 1
