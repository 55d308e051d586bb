"""Recording hands, and correcting, voiding or undoing them — the scorer's daily work.

Every function here is one transaction on one match and takes the match ``version`` the
screen showed: the version moves on with ``UPDATE ... WHERE version = expected``, so when two
stations enter into the same match the second is told (:class:`ConflictError`) instead of
silently overwriting the first. The hand log is append-only: a correction or a void is a new
row superseding an old one, and the sheet returned is recomputed from the whole log.

A hand whose validation finds an ERROR (declared deadwood that the cards contradict, an
illegal knock ...) is refused with :class:`HandRejected` unless an ``override_reason`` is
given, which is stored with the hand and shown on the sheet. Warnings never block.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from gin_scorer.core.hand_json import record_to_json
from gin_scorer.core.hands import HandRecord, Side
from gin_scorer.core.rules import RuleSet
from gin_scorer.services import correction_policy
from gin_scorer.services.audit_trail import record_audit
from gin_scorer.services.authority import Action, require
from gin_scorer.services.dto import EntryKind, MatchView, ScoreSheet
from gin_scorer.services.errors import InvalidInput
from gin_scorer.services.hand_entry_checks import (
    after_the_end,
    checked_record,
    hand_in_force,
    reason_text,
    refuse_errors,
)
from gin_scorer.services.matches import follow_the_hands
from gin_scorer.services.result_log import reported_for
from gin_scorer.services.result_values import ResultRow
from gin_scorer.services.rows import claim_version, fetch, fetch_for_update
from gin_scorer.services.sheets import build_sheet
from gin_scorer.services.stored_json import dumps, rules_from_json
from gin_scorer.services.text_input import clean_text
from gin_scorer.services.views import hand_log, log_entries, match_view
from gin_scorer.store import backup
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, HandEntry, Match, utcnow
from gin_scorer.tournament.results import ResultRules


@dataclass(frozen=True, slots=True)
class LoadedMatch:
    """A match as read once inside the transaction: its row, view, frozen rules and log."""

    row: Match
    view: MatchView
    rules: RuleSet
    log_rows: tuple[Any, ...]
    reported: tuple[ResultRow, ...]
    knobs: ResultRules

    def sheet(self, *extra: HandEntry, validate: bool = True) -> ScoreSheet:
        log = log_entries([*self.log_rows, *extra])
        return build_sheet(
            self.view,
            self.rules,
            log,
            validate=validate,
            reported=self.reported,
            knobs=self.knobs,
        )


def load_match(session: Session, row: Match) -> LoadedMatch:
    assert row.id is not None
    reported, knobs = reported_for(session, row)
    return LoadedMatch(
        row=row,
        view=match_view(session, row),
        rules=rules_from_json(row.rules_json, f"match {row.id} rules"),
        log_rows=tuple(hand_log(session, row.id)),
        reported=reported,
        knobs=knobs,
    )


def _refuse_hands_after_the_end(loaded: LoadedMatch, sheet: ScoreSheet) -> None:
    """A correction (or void, or undo) that would decide the match earlier than before leaves
    later hands counting nowhere: refuse it, naming them, rather than write a sheet `verify`
    rejects. The director voids those hands first (they were played after the real end), then
    corrects."""
    after = after_the_end(sheet)
    if not after or len(after) <= len(after_the_end(loaded.sheet(validate=False))):
        return
    first, last = after[0], after[-1]
    which = f"hand {first}" if first == last else f"hands {first}–{last}"
    raise InvalidInput(
        f"this would decide match {loaded.row.id} at hand {first - 1}, and {which} would then "
        f"count nowhere: void {which} first"
    )


def _after_write(session: Session, loaded: LoadedMatch, entry: HandEntry) -> ScoreSheet:
    """Add ``entry``, re-derive the sheet, move the match's status along the ledger and mark
    the event running. The sheet is built from the log already in memory plus the new row."""
    session.add(entry)
    session.flush()
    row = loaded.row
    sheet = loaded.sheet(entry)
    _refuse_hands_after_the_end(loaded, sheet)
    status = follow_the_hands(session, row, sheet)
    view = replace(loaded.view, status=status, version=row.version)
    return replace(sheet, match=view, version=row.version)


def claim_match(
    session: Session,
    db: Database,
    match_id: int,
    expected_version: int,
    pin: str | None,
    action: Action,
) -> tuple[Match, bool]:
    """Ask who-may-change-what (finished event, locked result, the format's correction
    policy), then take the match's next version (or raise ConflictError)."""
    row = fetch(session, Match, match_id)
    event = fetch(session, Event, row.event_id)
    relied_on = None
    if action is not Action.RECORD_HAND:
        # The event format's correction policy: its refusal is lifted by the director's PIN.
        relied_on = correction_policy.correction_refusal(session, match_id)
    pinned = require(session, action, event, pin, match=row, relied_on=relied_on)
    if row.entrant_b_id is None:
        raise InvalidInput(f"match {match_id} is a bye: nobody plays hands in it")
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise InvalidInput(f"expected version {expected_version!r} is not a number")
    claim_version(session, db, Match, match_id, expected_version)
    return fetch_for_update(session, Match, match_id), pinned


def _match_of_hand(session: Session, hand_id: int) -> int:
    return fetch(session, HandEntry, hand_id).match_id


def _refuse_if_decided(sheet: ScoreSheet) -> None:
    if sheet.result is not None:
        raise InvalidInput(
            f"match {sheet.match.id} is decided by a reported result "
            f"({sheet.result.kind.label}): take that result back to enter hands again"
        )
    if sheet.finished:
        winner = sheet.winner_entrant
        raise InvalidInput(
            f"match {sheet.match.id} is already decided"
            + (f" ({winner.name} won)" if winner else "")
            + ": void or correct a hand to reopen it"
        )


def _next_seq(session: Session, match_id: int) -> int:
    """The next hand number of the match's log (corrections reuse their hand's)."""
    last = session.exec(
        select(func.max(HandEntry.seq)).where(HandEntry.match_id == match_id)
    ).one_or_none()
    return int(last or 0) + 1


def record_hand(
    db: Database,
    match_id: int,
    record: HandRecord,
    expected_version: int,
    *,
    entered_by: str,
    override_reason: str | None = None,
    dealer: Side | None = None,
    pin: str | None = None,
) -> ScoreSheet:
    """Record the next hand of a match and return the recomputed score sheet.

    ``dealer`` is who dealt it (default: whoever the rules say deals next; give it for the
    first hand when B dealt). Refuses a hand in a decided match, a hand whose validation has
    errors (unless ``override_reason``), and a hand into a locked result or a finished event
    (unlock or reopen it first). Triggers the automatic backup schedule afterwards.
    """
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    reason = reason_text(override_reason, "override reason", required=False)
    if dealer is not None and not isinstance(dealer, Side):
        raise InvalidInput(f"dealer {dealer!r} is not a player: A or B")
    with db.transaction() as session:
        row, pinned = claim_match(session, db, match_id, expected_version, pin, Action.RECORD_HAND)
        loaded = load_match(session, row)
        before = loaded.sheet(validate=False)
        _refuse_if_decided(before)
        number = len(before.hands) + 1
        problems = checked_record(record, before.rules, f"hand {number}")
        refuse_errors(problems, reason)
        entry = HandEntry(
            match_id=match_id,
            seq=_next_seq(session, match_id),
            kind=EntryKind.ENTRY.value,
            record_json=dumps(record_to_json(record)),
            dealer=(dealer or before.next_dealer).value,
            override_reason=reason,
            entered_by=who,
            station=db.station,
            entered_at=utcnow(),
        )
        sheet = _after_write(session, loaded, entry)
        record_audit(
            session,
            db,
            actor=who,
            action="hand.record",
            subject=f"match:{match_id}",
            payload={
                "entry": entry.id,
                "seq": entry.seq,
                "record": record_to_json(record),
                "override_reason": reason,
                "errors": [p.code for p in problems if p.is_error],
                "pin": pinned,
                "version": sheet.version,
            },
        )
    backup.maybe_backup(db)
    return sheet


def correct_hand(
    db: Database,
    hand_id: int,
    record: HandRecord,
    expected_version: int,
    *,
    reason: str,
    entered_by: str,
    override_reason: str | None = None,
    pin: str | None = None,
) -> ScoreSheet:
    """Replace the record of a hand (``hand_id``: the row in force, ``HandRow.hand_id``).

    ``reason`` is required and kept in the log. The event format's correction policy may
    refuse (e.g. a Swiss round already paired on this result): the director's ``pin``
    overrides it. A corrected record with validation errors needs ``override_reason`` too.
    """
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    why = reason_text(reason, "reason for the correction", required=True)
    override = reason_text(override_reason, "override reason", required=False)

    def corrected(target: HandEntry, loaded: LoadedMatch) -> tuple[HandEntry, dict[str, object]]:
        problems = checked_record(record, loaded.rules, f"hand entry {hand_id}")
        refuse_errors(problems, override)
        stored_reason = why if override is None else f"{why} (override: {override})"
        record_json = dumps(record_to_json(record))
        entry = _superseding(target, EntryKind.CORRECTION, record_json, stored_reason, who, db)
        said: dict[str, object] = {"reason": why, "override_reason": override}
        return entry, {**said, "record": record_to_json(record)}

    return _supersede(db, hand_id, expected_version, pin, Action.CORRECT_HAND, who, corrected)


def void_hand(
    db: Database,
    hand_id: int,
    expected_version: int,
    *,
    reason: str,
    entered_by: str,
    pin: str | None = None,
) -> ScoreSheet:
    """Withdraw a hand (entered by mistake, misdeal ...): it stays in the log, counts nowhere."""
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    why = reason_text(reason, "reason for the void", required=True)

    def voided(target: HandEntry, _loaded: LoadedMatch) -> tuple[HandEntry, dict[str, object]]:
        return _superseding(target, EntryKind.VOID, "{}", why, who, db), {"reason": why}

    return _supersede(db, hand_id, expected_version, pin, Action.VOID_HAND, who, voided)


_AUDITED_AS = {Action.CORRECT_HAND: "hand.correct", Action.VOID_HAND: "hand.void"}


def _supersede(
    db: Database,
    hand_id: int,
    expected_version: int,
    pin: str | None,
    action: Action,
    who: str,
    replacing: Callable[[HandEntry, LoadedMatch], tuple[HandEntry, dict[str, object]]],
) -> ScoreSheet:
    """Write the row ``replacing`` makes for the hand in force (a correction, a void), with
    the director's authority and the sheet version the front end showed, and audit it with
    what ``replacing`` says about it beside what the row replaced."""
    with db.transaction() as session:
        match_id = _match_of_hand(session, hand_id)
        row, pinned = claim_match(session, db, match_id, expected_version, pin, action)
        target = hand_in_force(session, match_id, hand_id)
        loaded = load_match(session, row)
        entry, said = replacing(target, loaded)
        sheet = _after_write(session, loaded, entry)
        record_audit(
            session,
            db,
            actor=who,
            action=_AUDITED_AS[action],
            subject=f"match:{match_id}",
            payload={
                "entry": entry.id,
                "supersedes": hand_id,
                **said,
                "was": target.record_json,
                "pin": pinned,
                "version": sheet.version,
            },
        )
    backup.maybe_backup(db)
    return sheet


def _superseding(
    target: HandEntry, kind: EntryKind, record_json: str, reason: str | None, who: str, db: Database
) -> HandEntry:
    """A new row of the log replacing ``target`` (a correction, a void, an undo): the same
    hand number and dealer, who entered it from which station, and why."""
    return HandEntry(
        match_id=target.match_id,
        seq=target.seq,
        kind=kind.value,
        supersedes_id=target.id,
        record_json=record_json,
        dealer=target.dealer,
        override_reason=reason,
        entered_by=who,
        station=db.station,
        entered_at=utcnow(),
    )


def _undoing(session: Session, newest: HandEntry) -> tuple[EntryKind, str]:
    """What takes ``newest`` back: a void of a new entry, or the record a correction or a
    void replaced, restored (a void again when that was a void)."""
    if EntryKind(newest.kind) is EntryKind.ENTRY:
        return EntryKind.VOID, "{}"
    previous = fetch(session, HandEntry, newest.supersedes_id or 0)
    if EntryKind(previous.kind) is EntryKind.VOID:
        return EntryKind.VOID, "{}"
    return EntryKind.CORRECTION, previous.record_json


def undo_last_entry(
    db: Database,
    match_id: int,
    expected_version: int,
    *,
    entered_by: str,
    pin: str | None = None,
) -> ScoreSheet:
    """Take back the newest row of the match's log so the state before it returns.

    A new entry is voided; a correction is superseded by the record it replaced; a void is
    superseded by the record it voided. The undo is itself a row of the log (nothing is
    erased), so undoing twice re-applies the change — redo. Subject to the same lock and
    correction policy as a correction.
    """
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    with db.transaction() as session:
        row, pinned = claim_match(session, db, match_id, expected_version, pin, Action.UNDO_ENTRY)
        newest = session.exec(
            select(HandEntry).where(HandEntry.match_id == match_id).order_by(HandEntry.id.desc())  # type: ignore[union-attr]
        ).first()
        if newest is None:
            raise InvalidInput(f"match {match_id} has no entry to undo")
        loaded = load_match(session, row)
        assert newest.id is not None
        new_kind, record_json = _undoing(session, newest)
        entry = _superseding(newest, new_kind, record_json, f"undo of entry {newest.id}", who, db)
        sheet = _after_write(session, loaded, entry)
        record_audit(
            session,
            db,
            actor=who,
            action="hand.undo",
            subject=f"match:{match_id}",
            payload={
                "entry": entry.id,
                "undoes": newest.id,
                "kind": new_kind.value,
                "pin": pinned,
                "version": sheet.version,
            },
        )
    backup.maybe_backup(db)
    return sheet
