"""Verifying a database: every fact re-checked, and the seal proving nobody changed them.

:func:`verify_database` (``gin-scorer verify``) re-checks every recorded hand through the
scoring core, every match's status against its ledger, each round's pairings, each bracket,
the audit chain — and the seal (:mod:`gin_scorer.store.seal_check`): the chain of links
holds, the database holds exactly what the links sealed, and every change to a locked result,
a finished event or a PIN carries the director's signature. Given a printed seal code it also
proves that nothing sealed before that code has changed since. Nothing is written.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol

from gin_scorer.core.wording import Said, said
from gin_scorer.services.errors import InvalidInput
from gin_scorer.services.link_checks import link_findings
from gin_scorer.store.database import Database
from gin_scorer.store.seal import latest_link, parse_seal_code
from gin_scorer.store.seal_check import SealCheck, check_seal


def code_mismatch(code: str) -> Said:
    """The sentence for a printed seal code this database does not match."""
    return said(
        "the seal {0} does not match this database: facts sealed before it were changed, or "
        "the log was cut back",
        code,
    )


@dataclass
class VerifyReport:
    events: int = 0
    matches: int = 0
    hands: int = 0
    overridden: int = 0
    reported: Counter[str] = field(default_factory=Counter)  # results without hands, by kind
    problems: list[Said] = field(default_factory=list)  # said in the reader's language
    notes: list[Said] = field(default_factory=list)
    seal: SealCheck | None = None

    @property
    def clean(self) -> bool:
        return not self.problems


def verify_database(
    db: Database, event_id: int | None = None, *, seal_code: str | None = None
) -> VerifyReport:
    """Re-check every hand, match status, round, the audit chain and the seal (of the whole
    database, also with ``event_id``); nothing is changed. ``seal_code``: a code printed
    earlier, which must still match (:class:`InvalidInput` if it is not a seal code at all).

    Seal problems come first: they say which row was changed outside the app, which explains
    whatever the other checks find wrong with it.
    """
    if seal_code is not None and parse_seal_code(seal_code) is None:
        raise InvalidInput(
            said(
                "--seal {0} is not a seal code (it looks like 12-ABCD-EFGH-JKLM, as printed at "
                "the foot of a result sheet)",
                repr(seal_code),
            )
        )
    from sqlmodel import col, select

    from gin_scorer.services.hand_checks import check_event
    from gin_scorer.services.rows import fetch
    from gin_scorer.store import audit
    from gin_scorer.store.tables import Event

    report = VerifyReport()
    # A large database's seal is checked by a second process while this one checks the
    # hands: the two halves take about as long each, and a director's laptop has two cores.
    with _seal_beside(db, seal_code) as sealed_elsewhere, db.transaction(write=False) as session:
        if event_id is not None:
            events = [fetch(session, Event, event_id)]
        else:
            events = list(session.exec(select(Event).order_by(col(Event.id))))
        for event in events:
            # The same checks an import makes before it writes (services/hand_checks.py).
            report.events += 1
            found = check_event(session, event)
            report.matches += found.matches
            report.hands += found.hands
            report.reported += found.reported
            report.overridden += found.overridden
            _said(report, found, link_findings(session, event))  # and the phones' links
        broken = audit.verify_chain(session)
        if broken is not None:
            report.problems.append(
                said(
                    "audit log: entry {0} ({1} {2}) {3}",
                    broken.id,
                    broken.action,
                    broken.subject,
                    broken.reason,
                )
            )
        report.seal = sealed_elsewhere() or check_seal(session, code=seal_code)
    sealed = list(report.seal.problems)
    if report.seal.code_matches is False and seal_code is not None:
        sealed.insert(0, code_mismatch(seal_code.strip().upper()))
    report.problems[:0] = sealed
    return report


class _Findings(Protocol):
    problems: list[Said]
    notes: list[Said]


def _said(report: VerifyReport, *found: _Findings) -> None:
    """The problems and notes of each check, added to the report's."""
    for each in found:
        report.problems += each.problems
        report.notes += each.notes


# Below this many links the seal is checked in this process: starting another costs ~0.5 s.
PARALLEL_FROM_LINKS = 20_000


def _check_seal_of(url: str, code: str | None) -> SealCheck:
    """The seal check, in a process of its own (it opens the database read-only by URL)."""
    from gin_scorer.store.database import open_database

    db = open_database(url, station="verify", migrate=False, backups=False)
    try:
        with db.transaction(write=False) as session:
            return check_seal(session, code=code)
    finally:
        db.close()


@contextmanager
def _seal_beside(db: Database, code: str | None) -> Iterator[Callable[[], SealCheck | None]]:
    """Start the seal check in another process when the chain is long; yields a function
    giving its result (``None``: not started, check it here)."""
    with db.transaction(write=False) as session:
        latest = latest_link(session)
    # A frozen bundle cannot spawn a plain Python child: there, everything runs here.
    if latest is None or latest[0] < PARALLEL_FROM_LINKS or getattr(sys, "frozen", False):
        yield lambda: None
        return
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        future = pool.submit(_check_seal_of, db.url, code)

        def result() -> SealCheck | None:
            try:
                return future.result()
            except Exception:  # the child could not check it (a busy file ...): check here
                return None

        yield result
