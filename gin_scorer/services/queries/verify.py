"""Verifying a database: every fact re-checked, and the seal proving nobody changed them.

:func:`verify_database` (``gin-scorer verify``) re-checks every recorded hand through the
scoring core, every match's status against its ledger, each round's pairings, each bracket,
the audit chain — and the seal (:mod:`gin_scorer.store.seal_check`): the chain of links
holds, the database holds exactly what the links sealed, and every change to a locked result,
a finished event or a PIN carries the director's signature. Given a printed seal code it also
proves that nothing sealed before that code has changed since. Nothing is written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from gin_scorer.core.wording import Said, said
from gin_scorer.services.queries.hand_checks import EventCheck, MatchCheck, check_event
from gin_scorer.services.queries.link_checks import LinkFindings, link_findings
from gin_scorer.services.queries.undo_link_checks import undo_link_findings
from gin_scorer.services.queries.verify_rows import MatchRules
from gin_scorer.services.queries.verify_split import (
    HelperAnswer,
    Share,
    check_share,
    claim,
    collector_paused,
    helper,
    plan_shares,
    worth_a_second_process,
)
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.store.database import Database
from gin_scorer.store.seal import latest_link, parse_seal_code
from gin_scorer.store.seal_check import SealCheck, check_seal
from gin_scorer.store.tables import Event


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
    from gin_scorer.store import audit

    report = VerifyReport()
    with collector_paused(), db.transaction(write=False) as session:
        events = _events(session, event_id)
        latest = latest_link(session)  # the state checked (SQLite: this transaction's)
        shares = plan_shares(session, events)
        with _beside(db, session, shares) as (counter, answer):
            # With a helper starting, the seal first: it is checked while the helper starts.
            sealed = check_seal(session, code=seal_code) if counter is not None else None
            mine: dict[int, dict[int, MatchCheck]] = {}
            looked_up: dict[int, Event] = {}
            known = MatchRules()  # rules and records read, shared by every share's checks
            while counter is not None and (index := claim(counter, len(shares))) is not None:
                mine[index] = check_share(session, shares[index], looked_up, known)
            theirs = answer()
        if theirs is not None and theirs.latest != latest:
            theirs = None  # it saw the database after a station wrote: check it all here
        checked = _merged(session, shares, mine, theirs, (looked_up, known))
        for event in events:
            # The same checks an import makes before it writes (services/queries/hand_checks.py).
            _add(report, check_event(session, event, checked=checked))
            _add_links(report, link_findings(session, event))  # and the phones' links
            report.problems += undo_link_findings(session, event)  # and the undo links
        # A new check of the whole database slots in here, before the audit chain.
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
        report.seal = sealed if sealed is not None else check_seal(session, code=seal_code)
    problems = list(report.seal.problems)
    if report.seal.code_matches is False and seal_code is not None:
        problems.insert(0, code_mismatch(seal_code.strip().upper()))
    report.problems[:0] = problems
    return report


def _events(session: Session, event_id: int | None) -> list[Event]:
    from sqlmodel import col, select

    from gin_scorer.services.support.rows import fetch

    if event_id is not None:
        return [fetch(session, Event, event_id)]
    return list(session.exec(select(Event).order_by(col(Event.id))))


def _add(report: VerifyReport, found: EventCheck) -> None:
    report.events += 1
    report.matches += found.matches
    report.hands += found.hands
    report.reported += found.reported
    report.overridden += found.overridden
    report.problems += found.problems
    report.notes += found.notes


def _add_links(report: VerifyReport, found: LinkFindings) -> None:
    report.problems += found.problems
    report.notes += found.notes


def _merged(
    session: Session,
    shares: list[Share],
    mine: dict[int, dict[int, MatchCheck]],
    theirs: HelperAnswer | None,
    read: tuple[dict[int, Event], MatchRules],
) -> dict[int, MatchCheck]:
    """Every share's checks, by match id: this process's, the helper's, and here whatever
    neither has (all of them when no helper ran)."""
    done = {**(theirs.checked if theirs is not None else {}), **mine}
    checked: dict[int, MatchCheck] = {}
    for index, share in enumerate(shares):
        found = done.get(index)
        checked.update(found if found is not None else check_share(session, share, *read))
    return checked


@contextmanager
def _beside(
    db: Database, session: Session, shares: list[Share]
) -> Iterator[tuple[Any, Callable[[], HelperAnswer | None]]]:
    """The helper process when the work pays for one (it takes shares): yields the counter
    of shares taken and its answer; ``(None, ...)`` when there is none."""
    if not worth_a_second_process(session):
        yield None, lambda: None
        return
    with helper(db, shares) as started:
        yield started
