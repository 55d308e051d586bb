"""A whole match's hands entered at once (a paper sheet, a simulation)."""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.hands import HandRecord, Side
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.queries.sheets import score
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.dto import (
    ScoreSheet,
)
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.rows import claim_version, fetch
from gin_scorer.services.writes.hand_entry_checks import refuse_if_decided
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, HandEntry, Match, utcnow


def record_match_hands(
    db: Database,
    match_id: int,
    hands: Sequence[tuple[HandRecord, Side]],
    expected_version: int,
    *,
    entered_by: str,
) -> ScoreSheet:
    """Enter a whole match's hands at once (a paper score sheet, or a simulated match).

    One transaction: every hand is scored and validated by the core exactly as
    ``record_hand`` does one at a time — a hand with an ERROR problem refuses the whole
    batch, naming the hand — then appended to the hand log in order with its dealer; the
    match's status follows the ledger and one audit entry records the batch.
    """
    from gin_scorer.services.queries.sheet_reading import sheet_in
    from gin_scorer.services.support.text_input import clean_text
    from gin_scorer.services.writes.matches import follow_the_hands
    from gin_scorer.store import backup

    who = clean_text(entered_by, "entered by", required=True, limit=80)
    with db.transaction() as session:
        row = fetch(session, Match, match_id)
        require(session, Action.RECORD_HAND, fetch(session, Event, row.event_id), None, match=row)
        if row.entrant_b_id is None:
            raise InvalidInput(said("match {0} is a bye: nobody plays hands in it", match_id))
        claim_version(session, db, Match, match_id, expected_version)
        session.refresh(row)
        before = sheet_in(session, row, validate=False)
        rules = before.rules
        if before.hands:
            raise InvalidInput(_already_entered(match_id, len(before.hands)))
        refuse_if_decided(before)  # a reported result or a withdrawal already decided it
        rows = [
            _checked_entry(match_id, number, record, dealer, rules, who, db.station)
            for number, (record, dealer) in enumerate(hands, start=1)
        ]
        session.add_all(rows)
        session.flush()
        follow_the_hands(session, row, sheet_in(session, row, validate=False))
        sheet = sheet_in(session, row, validate=False)
        record_audit(
            session,
            db,
            actor=who,
            action="hand.record_batch",
            subject=f"match:{match_id}",
            payload={
                "hands": len(rows),
                "first_entry": rows[0].id if rows else None,
                "version": sheet.version,
            },
        )
    backup.maybe_backup(db)
    return sheet


def _already_entered(match_id: int, count: int) -> Said:
    """Why a whole match's hands cannot go in where some already are."""
    if count == 1:
        return said("match {0} already has 1 hand: enter the rest one at a time", match_id)
    return said("match {0} already has {1} hands: enter the rest one at a time", match_id, count)


def _checked_entry(
    match_id: int,
    number: int,
    record: HandRecord,
    dealer: Side,
    rules: RuleSet,
    who: str,
    station: str,
) -> HandEntry:
    """One hand of the batch, scored and validated as ``record_hand`` does; an ERROR refuses
    the whole batch, naming the hand."""
    from gin_scorer.core.hand_json import record_to_json
    from gin_scorer.services.queries.sheets import problems_of
    from gin_scorer.services.support.errors import HandRejected
    from gin_scorer.services.support.stored_json import dumps

    if not isinstance(record, HandRecord) or not isinstance(dealer, Side):
        raise InvalidInput(said("hand {0}: not a hand record with its dealer", number))
    try:
        score(record, rules)
    except ValueError as error:
        raise InvalidInput(said("hand {0}: {1}", number, words_of(error))) from None
    problems = problems_of(record, rules)
    if any(p.is_error for p in problems):
        raise HandRejected(problems)
    return HandEntry(
        match_id=match_id,
        seq=number,
        kind="entry",
        record_json=dumps(record_to_json(record)),
        dealer=dealer.value,
        entered_by=who,
        station=station,
        entered_at=utcnow(),
    )
