"""``gin-scorer verify``: every recorded hand and result re-checked through the scoring core,
the audit chain and the seal; exit status 1 when anything is wrong."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, say, translate
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.tournament.results import ResultKind

if TYPE_CHECKING:
    from gin_scorer.services.queries.verify import VerifyReport
    from gin_scorer.services.support.database import Database

# How many results of a kind were reported without hands, for one and for more: each its own
# whole pattern, so that a translation words both ("1 forfeit", "4 slips").
_REPORTED_KINDS = {
    ResultKind.PLAYED: (
        QT_TRANSLATE_NOOP("cli", "1 match played"),
        QT_TRANSLATE_NOOP("cli", "{0} matches played"),
    ),
    ResultKind.SLIP: (QT_TRANSLATE_NOOP("cli", "1 slip"), QT_TRANSLATE_NOOP("cli", "{0} slips")),
    ResultKind.FORFEIT: (
        QT_TRANSLATE_NOOP("cli", "1 forfeit"),
        QT_TRANSLATE_NOOP("cli", "{0} forfeits"),
    ),
    ResultKind.DOUBLE_FORFEIT: (
        QT_TRANSLATE_NOOP("cli", "1 double forfeit"),
        QT_TRANSLATE_NOOP("cli", "{0} double forfeits"),
    ),
    ResultKind.TIME_CALLED: (
        QT_TRANSLATE_NOOP("cli", "1 match time called"),
        QT_TRANSLATE_NOOP("cli", "{0} matches time called"),
    ),
    ResultKind.ADJUDICATED: (
        QT_TRANSLATE_NOOP("cli", "1 match adjudicated"),
        QT_TRANSLATE_NOOP("cli", "{0} matches adjudicated"),
    ),
}


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

    report = verify_database(db, args.event, seal_code=args.seal)
    for note in report.notes:
        print(translate("cli", "note: {0}").format(say(note)))
    for problem in report.problems:
        print(translate("cli", "PROBLEM: {0}").format(say(problem)))
    print(_checked_line(report))
    if report.reported:
        print(_reported_line(report.reported))
    if report.clean:
        for line in _seal_lines(report, args.seal):
            print(line)
    return 0 if report.clean else 1


def reported_kind(label: str, count: int) -> str:
    """``1 forfeit``, ``4 slips``: how many results of a kind (its label, as the report counts
    them) were reported without hands."""
    kind = next((k for k in ResultKind if k.label == label), None)
    if kind is None:  # not a kind of today's: its label as it is
        return translate("cli", "{0} × {1}").format(count, label)
    one, more = _REPORTED_KINDS[kind]
    return translate("cli", one if count == 1 else more).format(count)


def _reported_line(reported: Mapping[str, int]) -> str:
    """The results reported without hands, by kind: checked, but not verified."""
    kinds = ", ".join(reported_kind(kind, n) for kind, n in sorted(reported.items()))
    total = sum(reported.values())
    if total == 1:
        said = translate(
            "cli",
            "1 result reported without hands ({1}): checked against its match's format; no "
            "cards stand behind it, so it is not verified",
        )
    else:
        said = translate(
            "cli",
            "{0} results reported without hands ({1}): checked against their "
            "matches' formats; no cards stand behind them, so they are not verified",
        )
    return said.format(total, kinds)


def _seal_lines(report: VerifyReport, given: str | None) -> list[str]:
    """The seal: that the code given still matches, and the latest seal."""
    seal = report.seal
    if seal is None:
        return []
    lines = []
    if given is not None:
        if seal.links_after_code == 1:
            said = translate(
                "cli",
                "the seal {0} matches: nothing sealed before it has changed (1 link sealed since)",
            )
        else:
            said = translate(
                "cli",
                "the seal {0} matches: nothing sealed before it has changed ({1} links sealed "
                "since)",
            )
        lines.append(said.format(given.strip().upper(), seal.links_after_code))
    if seal.latest_code and seal.links == 1:
        said = translate("cli", "sealed: 1 link, seal {1}")
    elif seal.latest_code:
        said = translate("cli", "sealed: {0} links, seal {1}")
    elif seal.links == 1:
        said = translate("cli", "sealed: 1 link, seal (none yet)")
    else:
        said = translate("cli", "sealed: {0} links, seal (none yet)")
    lines.append(said.format(seal.links, seal.latest_code))
    return lines
