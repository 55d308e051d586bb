"""``gin-scorer verify``: every recorded hand and result re-checked through the scoring core,
the audit chain and the seal; exit status 1 when anything is wrong."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._database import opened
from gin_scorer.presentation.words import translate

if TYPE_CHECKING:
    from gin_scorer.services.database import Database
    from gin_scorer.services.verify import VerifyReport


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
    verify.set_defaults(func=run_verify_command)


def run_verify_command(args: argparse.Namespace) -> int:
    with opened(args) as db:
        return _verify(db, args)


def _checked_line(report: VerifyReport) -> str:
    """How much was checked, and the verdict."""
    counts = (report.events, report.matches, report.hands)
    problems, overridden = len(report.problems), report.overridden
    if report.clean and overridden:
        said = translate(
            "cli",
            "checked {0} event(s), {1} match(es), {2} hand(s): all clean; {3} accepted by override",
        )
        return said.format(*counts, overridden)
    if report.clean:
        said = translate("cli", "checked {0} event(s), {1} match(es), {2} hand(s): all clean")
        return said.format(*counts)
    if overridden:
        said = translate(
            "cli",
            "checked {0} event(s), {1} match(es), {2} hand(s): {3} problem(s); "
            "{4} accepted by override",
        )
        return said.format(*counts, problems, overridden)
    said = translate("cli", "checked {0} event(s), {1} match(es), {2} hand(s): {3} problem(s)")
    return said.format(*counts, problems)


def _verify(db: Database, args: argparse.Namespace) -> int:
    from gin_scorer.services.verify import verify_database

    report = verify_database(db, args.event, seal_code=args.seal)
    for note in report.notes:
        print(translate("cli", "note: {0}").format(note))
    for problem in report.problems:
        print(translate("cli", "PROBLEM: {0}").format(problem))
    print(_checked_line(report))
    if report.reported:
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(report.reported.items()))
        total = sum(report.reported.values())
        said = translate(
            "cli",
            "{0} result(s) reported without hands ({1}): checked against their "
            "matches' formats; no cards stand behind them, so they are not verified",
        )
        print(said.format(total, kinds))
    seal = report.seal
    if seal is not None and report.clean:
        if args.seal is not None:
            said = translate(
                "cli",
                "the seal {0} matches: nothing sealed before "
                "it has changed ({1} link(s) sealed since)",
            )
            print(said.format(args.seal.strip().upper(), seal.links_after_code))
        if seal.latest_code:
            said = translate("cli", "sealed: {0} links, seal {1}")
            print(said.format(seal.links, seal.latest_code))
        else:
            print(translate("cli", "sealed: {0} links, seal (none yet)").format(seal.links))
    return 0 if report.clean else 1
