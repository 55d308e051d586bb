"""The match a write is about: claimed (its version moved on, the authority asked), loaded
once inside the transaction, and its sheet after the write — shared by the hand log's writes
(:mod:`.hands`) and the result log's (:mod:`.results`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session

from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, said
from gin_scorer.services.queries import correction_policy
from gin_scorer.services.queries.result_log import reported_for
from gin_scorer.services.queries.sheets import build_sheet
from gin_scorer.services.queries.views import hand_log, log_entries, match_view
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.dto import MatchView, ScoreSheet
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.result_values import ResultRow
from gin_scorer.services.support.rows import (
    claim_version,
    fetch,
    fetch_for_update,
    keep_for_transaction,
)
from gin_scorer.services.support.stored_json import rules_from_json
from gin_scorer.services.writes.hand_entry_checks import after_the_end
from gin_scorer.services.writes.matches import follow_the_hands
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, HandEntry, Match
from gin_scorer.store.undo_links import HAND_LOG, UndoLink
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

    def sheet(
        self, *extra: HandEntry, validate: bool = True, undoes: int | None = None
    ) -> ScoreSheet:
        log = log_entries([*self.log_rows, *extra], undoes)
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
        rules=rules_from_json(row.rules_json, said("match {0} rules", row.id)),
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
    if first == last:
        raise InvalidInput(
            said(
                "this would decide match {0} at hand {1}, and hand {2} would then count "
                "nowhere: void hand {2} first",
                loaded.row.id,
                first - 1,
                first,
            )
        )
    raise InvalidInput(
        said(
            "this would decide match {0} at hand {1}, and hands {2}–{3} would then count "
            "nowhere: void hands {2}–{3} first",
            loaded.row.id,
            first - 1,
            first,
            last,
        )
    )


def after_write(
    session: Session, loaded: LoadedMatch, entry: HandEntry, undoes: int | None = None
) -> ScoreSheet:
    """Add ``entry``, re-derive the sheet, move the match's status along the ledger and mark
    the event running. The sheet is built from the log already in memory plus the new row.
    ``undoes``: the row an undo's ``entry`` takes back, linked to it (decision 0029)."""
    session.add(entry)
    session.flush()
    if undoes is not None:
        assert entry.id is not None
        link = UndoLink(match_id=entry.match_id, log=HAND_LOG, entry_id=entry.id, undoes_id=undoes)
        session.add(link)
        session.flush()
    row = loaded.row
    sheet = loaded.sheet(entry, undoes=undoes)
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
    relied_on: Said | None = None
    if action is not Action.RECORD_HAND:
        # The event format's correction policy: its refusal is lifted by the director's PIN.
        relied_on = correction_policy.correction_refusal(session, match_id)
    pinned = require(session, action, event, pin, match=row, relied_on=relied_on)
    if row.entrant_b_id is None:
        raise InvalidInput(said("match {0} is a bye: nobody plays hands in it", match_id))
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise InvalidInput(said("expected version {0} is not a number", repr(expected_version)))
    read_version = row.version
    claimed = claim_version(session, db, Match, match_id, expected_version)
    keep_for_transaction(session, event)  # the write marks it running: no second read
    if read_version == expected_version:
        # The row as read is the version claimed: only its version number moved on.
        set_committed_value(row, "version", claimed)
        return row, pinned
    return fetch_for_update(session, Match, match_id), pinned


def next_seq(loaded: LoadedMatch) -> int:
    """The next hand number of the match's log (corrections reuse their hand's), from the
    whole log already read in this transaction (the match's version, claimed, holds it)."""
    return max((int(r.seq) for r in loaded.log_rows), default=0) + 1
