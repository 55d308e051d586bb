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

from collections.abc import Callable, Sequence

from sqlmodel import Session

from gin_scorer.core.hand_json import record_to_json
from gin_scorer.core.hands import HandRecord, Problem, Side
from gin_scorer.core.wording import said
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import Action
from gin_scorer.services.support.dto import EntryKind, ScoreSheet
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.stored_json import dumps
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.services.support.undo_fold import refuse_unless_undoable, take_back, undo_state
from gin_scorer.services.writes.hand_entry_checks import (
    checked_record,
    hand_in_force,
    reason_text,
    refuse_errors,
    refuse_if_decided,
)
from gin_scorer.services.writes.match_writes import (
    LoadedMatch,
    after_write,
    claim_match,
    load_match,
    next_seq,
)
from gin_scorer.services.writes.submissions import (
    already_submitted,
    checked_key,
    remember_submission,
)
from gin_scorer.store import backup
from gin_scorer.store.database import Database
from gin_scorer.store.tables import HandEntry, Match, utcnow

ReadHand = Callable[[ScoreSheet], tuple[HandRecord, str]]
"""The hand to record and who enters it, read from the sheet as it stands before the hand
(a table's entry line is read against the names and rules on its own sheet)."""


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
    submission: str | None = None,
) -> ScoreSheet:
    """Record the next hand of a match and return the recomputed score sheet.

    ``dealer`` is who dealt it (default: whoever the rules say deals next). ``submission``: a
    table phone's send key; one already recorded records nothing (a retry after a lost reply).
    Refuses a hand in a decided match, a hand whose validation has errors (unless
    ``override_reason``), and one into a locked result or a finished event. Triggers the
    automatic backup schedule afterwards.
    """
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    return record_read_hand(
        db,
        match_id,
        lambda _before: (record, who),
        expected_version,
        override_reason=override_reason,
        dealer=dealer,
        pin=pin,
        submission=submission,
    )


def record_read_hand(
    db: Database,
    match_id: int,
    read: ReadHand,
    expected_version: int,
    *,
    override_reason: str | None = None,
    dealer: Side | None = None,
    pin: str | None = None,
    submission: str | None = None,
    guard: Callable[[Session], str | None] | None = None,
) -> ScoreSheet:
    """:func:`record_hand` with the hand read from the sheet before it, in the same
    transaction (one read of the match, not one to read the hand and one to record it).
    ``guard`` is asked first, in the transaction (a table's link opens its own match only),
    and names the link, kept with the send's key; what ``guard`` or ``read`` raise is raised,
    and nothing is written."""
    reason = reason_text(override_reason, "override reason", required=False)
    if dealer is not None and not isinstance(dealer, Side):
        raise InvalidInput(said("dealer {0} is not a player: A or B", repr(dealer)))
    with db.transaction() as session:
        link = guard(session) if guard is not None else None
        key = checked_key(submission) if submission is not None else None
        if key is not None and already_submitted(session, key, match_id):
            return load_match(session, fetch(session, Match, match_id)).sheet()
        sheet, entry_id = record_in(
            session, db, match_id, read, expected_version, reason, dealer, pin
        )
        if key is not None:
            remember_submission(session, key, match_id, entry_id, link)
    backup.maybe_backup(db)
    return sheet


def record_in(
    session: Session,
    db: Database,
    match_id: int,
    read: ReadHand,
    expected_version: int,
    reason: str | None,
    dealer: Side | None,
    pin: str | None,
) -> tuple[ScoreSheet, int]:
    """The hand ``read`` from the sheet as it stands, checked, written and audited inside the
    caller's transaction (one hand, or each hand of a batch: :mod:`.hand_batch`); ``reason``
    is the override reason already checked. Returns the sheet after it and the new entry's
    id."""
    row, pinned = claim_match(session, db, match_id, expected_version, pin, Action.RECORD_HAND)
    loaded = load_match(session, row)
    before = loaded.sheet(validate=False)
    refuse_if_decided(before)
    record, entered_by = read(before)
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    number = len(before.hands) + 1
    problems = checked_record(record, before.rules, said("hand {0}", number))
    refuse_errors(problems, reason)
    entry = HandEntry(
        match_id=match_id,
        seq=next_seq(loaded),
        kind=EntryKind.ENTRY.value,
        record_json=dumps(record_to_json(record)),
        dealer=(dealer or before.next_dealer).value,
        override_reason=reason,
        entered_by=who,
        station=db.station,
        entered_at=utcnow(),
    )
    sheet = after_write(session, loaded, entry)
    assert entry.id is not None
    record_audit(
        session,
        db,
        actor=who,
        action="hand.record",
        subject=f"match:{match_id}",
        payload=_recorded(entry, record, reason, problems, pinned, sheet),
    )
    return sheet, entry.id


def _recorded(
    entry: HandEntry,
    record: HandRecord,
    reason: str | None,
    problems: Sequence[Problem],
    pinned: object,
    sheet: ScoreSheet,
) -> dict[str, object]:
    """What the audit log keeps of a recorded hand."""
    return {
        "entry": entry.id,
        "seq": entry.seq,
        "record": record_to_json(record),
        "override_reason": reason,
        "errors": [p.code for p in problems if p.is_error],
        "pin": pinned,
        "version": sheet.version,
    }


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
    submission: str | None = None,
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
        problems = checked_record(record, loaded.rules, said("hand entry {0}", hand_id))
        refuse_errors(problems, override)
        stored_reason = why if override is None else f"{why} (override: {override})"
        record_json = dumps(record_to_json(record))
        entry = _superseding(target, EntryKind.CORRECTION, record_json, stored_reason, who, db)
        audited: dict[str, object] = {"reason": why, "override_reason": override}
        return entry, {**audited, "record": record_to_json(record)}

    return _supersede(
        db, hand_id, expected_version, pin, Action.CORRECT_HAND, who, corrected, submission
    )


def void_hand(
    db: Database,
    hand_id: int,
    expected_version: int,
    *,
    reason: str,
    entered_by: str,
    pin: str | None = None,
    submission: str | None = None,
) -> ScoreSheet:
    """Withdraw a hand (entered by mistake, misdeal ...): it stays in the log, counts nowhere.
    ``submission``: the write's key (a retry finds it and writes nothing twice)."""
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    why = reason_text(reason, "reason for the void", required=True)

    def voided(target: HandEntry, _loaded: LoadedMatch) -> tuple[HandEntry, dict[str, object]]:
        return _superseding(target, EntryKind.VOID, "{}", why, who, db), {"reason": why}

    return _supersede(db, hand_id, expected_version, pin, Action.VOID_HAND, who, voided, submission)


_AUDITED_AS = {Action.CORRECT_HAND: "hand.correct", Action.VOID_HAND: "hand.void"}


def _supersede(
    db: Database,
    hand_id: int,
    expected_version: int,
    pin: str | None,
    action: Action,
    who: str,
    replacing: Callable[[HandEntry, LoadedMatch], tuple[HandEntry, dict[str, object]]],
    submission: str | None = None,
) -> ScoreSheet:
    """Write the row ``replacing`` makes for the hand in force (a correction, a void), with
    the director's authority and the sheet version the front end showed, and audit it with
    what ``replacing`` says about it beside what the row replaced. A ``submission`` key
    already used writes nothing and returns the sheet as it stands."""
    key = checked_key(submission) if submission is not None else None
    with db.transaction() as session:
        match_id = fetch(session, HandEntry, hand_id).match_id
        if key is not None and already_submitted(session, key, match_id):
            return load_match(session, fetch(session, Match, match_id)).sheet()
        row, pinned = claim_match(session, db, match_id, expected_version, pin, action)
        target = hand_in_force(session, match_id, hand_id)
        loaded = load_match(session, row)
        entry, audited = replacing(target, loaded)
        sheet = after_write(session, loaded, entry)
        if key is not None and entry.id is not None:
            remember_submission(session, key, match_id, entry.id)
        record_audit(
            session,
            db,
            actor=who,
            action=_AUDITED_AS[action],
            subject=f"match:{match_id}",
            payload={
                "entry": entry.id,
                "supersedes": hand_id,
                **audited,
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


def undo(
    db: Database,
    match_id: int,
    expected_version: int,
    *,
    entered_by: str,
    pin: str | None = None,
    submission: str | None = None,
    target: int | None = None,
) -> ScoreSheet:
    """Take back the match's newest undoable action (:func:`.undo_fold.undo_state`, the one
    answer every front end gets) so the hand stands as it did before it: a recorded hand is
    voided, a correction corrected back, a void restored. The undo is a row of the log linked
    to the row it takes back (nothing is erased); :func:`redo` takes the undo back.
    ``target``: the row the caller means to undo (the desk's own action); another row being
    the newest undoable one is refused. Subject to the lock and the correction policy, as a
    correction is."""
    return _take_back(db, match_id, expected_version, entered_by, pin, submission, target, False)


def redo(
    db: Database,
    match_id: int,
    expected_version: int,
    *,
    entered_by: str,
    pin: str | None = None,
    submission: str | None = None,
    target: int | None = None,
) -> ScoreSheet:
    """Take back the match's newest undo (a row linked to that undo): the action it
    took back stands again. Nothing to redo once a person has changed the match since."""
    return _take_back(db, match_id, expected_version, entered_by, pin, submission, target, True)


def _take_back(
    db: Database,
    match_id: int,
    expected_version: int,
    entered_by: str,
    pin: str | None,
    submission: str | None,
    target: int | None,
    again: bool,
) -> ScoreSheet:
    """The row :func:`undo` (or, ``again``, :func:`redo`) writes, in one transaction."""
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    key = checked_key(submission) if submission is not None else None
    with db.transaction() as session:
        if key is not None and already_submitted(session, key, match_id):
            return load_match(session, fetch(session, Match, match_id)).sheet()
        row, pinned = claim_match(session, db, match_id, expected_version, pin, Action.UNDO_ENTRY)
        loaded = load_match(session, row)
        log = loaded.sheet(validate=False).log
        state = undo_state(log)
        newest = state.redo if again else state.undo
        refuse_unless_undoable(match_id, newest, target, again=again)
        assert newest is not None
        back = take_back(log, newest)
        record_json = "{}" if back.record is None else dumps(record_to_json(back.record))
        tip = fetch(session, HandEntry, back.tip_id)
        entry = _superseding(tip, back.kind, record_json, back.reason, who, db)
        sheet = after_write(session, loaded, entry, undoes=newest.id)
        if key is not None and entry.id is not None:
            remember_submission(session, key, match_id, entry.id)
        record_audit(
            session,
            db,
            actor=who,
            action="hand.redo" if again else "hand.undo",
            subject=f"match:{match_id}",
            payload={
                "entry": entry.id,
                "undoes": newest.id,
                "kind": back.kind.value,
                "pin": pinned,
                "version": sheet.version,
            },
        )
    backup.maybe_backup(db)
    return sheet
