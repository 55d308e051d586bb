"""The players' word on a decided match, given at the table: each side agrees with the result
as the sheet shows it, or says what is wrong (which flags the match to the desk).

A word is a row of the match's append-only confirmation log (:class:`ResultConfirmation`),
bound to the match version it was read at: a correction at the desk afterwards leaves it in
the log but it no longer confirms anything, and the table is asked again. Once both sides
agree with the sheet as it stands, the table's page takes nothing more; a correction then
needs the director at the desk, as before. Written, audited and sealed in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlmodel import Session

from gin_scorer.core.hands import Side
from gin_scorer.core.wording import said
from gin_scorer.services.queries.confirmation_log import as_word, words_of
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.dto import ScoreSheet
from gin_scorer.services.support.errors import ConflictError, InvalidInput
from gin_scorer.services.support.rows import fetch, fetch_for_update
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.services.writes.match_writes import load_match
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, Match, ResultConfirmation
from gin_scorer.tournament.confirmation import Agreement, Confirmation, Word, confirmation_of

REASON_LIMIT = 200  # a sentence for the director, not a letter


def _named(who: str) -> Callable[[ScoreSheet], str]:
    return lambda _sheet: who


def _refuse_table_of_three(sheet: ScoreSheet) -> None:
    """A word per side cannot speak for three players: two of them would confirm for the
    third. The desk confirms a table of three."""
    if sheet.match.c is not None:
        raise InvalidInput(
            said(
                "a table of three is confirmed at the desk: the players' word at the "
                "table is given by two sides"
            )
        )


def confirm_result(
    db: Database,
    match_id: int,
    side: Side,
    version: int,
    *,
    agrees: bool,
    reason: str | None = None,
    entered_by: str | Callable[[ScoreSheet], str],
    guard: Callable[[Session], object] | None = None,
) -> Confirmation:
    """Record ``side``'s word on the match as it stood at ``version`` (what the player read).

    Refused when the sheet changed since it was read, while the match is still being played,
    once its result is locked or the event finished (the authority table's row), or once both
    sides already agreed. Saying the same thing again (a resent form) records nothing new. A
    disagreement needs a reason, for the desk.

    ``entered_by`` may be read from the sheet (a table's page names its table); ``guard`` is
    asked first in the transaction (a table's link opens its own match only).
    """
    why = _reason(reason) if not agrees else None
    name_of = (
        _named(clean_text(entered_by, "entered by", required=True, limit=80))
        if isinstance(entered_by, str)
        else entered_by
    )
    with db.transaction() as session:
        if guard is not None:
            guard(session)
        words = words_of(session, [match_id])[match_id]
        if _said_already(words, Word(side, version, agrees, why)):
            return _as_it_stands(session, match_id, words)  # resent after a lost reply
        sheet = _decided_sheet(session, match_id, version)
        _refuse_table_of_three(sheet)
        who = clean_text(name_of(sheet), "entered by", required=True, limit=80)
        now = confirmation_of(words, version, decided=True)
        if now.agreement is Agreement.CONFIRMED:
            raise InvalidInput(said("both players have confirmed this result: ask the director"))
        entry = ResultConfirmation(
            match_id=match_id,
            side=side.name,
            match_version=version,
            agrees=agrees,
            reason=why,
            entered_by=who,
            station=db.station,
        )
        session.add(entry)
        record_audit(
            session,
            db,
            actor=who,
            action="result.confirm" if agrees else "result.dispute",
            subject=f"match:{match_id}",
            payload={"side": side.name, "version": version, "reason": why},
        )
        return confirmation_of([*words, as_word(entry)], version, decided=True)


def _said_already(words: list[Word], word: Word) -> bool:
    """Is ``word`` already its side's newest word for the version it answers? Then it is a
    form sent again after its reply was lost: it was recorded, and the answer says so
    whatever the other player (or the desk) did since."""
    newest = [w for w in words if w.side is word.side and w.version == word.version]
    return bool(newest) and newest[-1] == word


def _as_it_stands(session: Session, match_id: int, words: list[Word]) -> Confirmation:
    """The match's confirmation for its current version, its words as read."""
    row = fetch(session, Match, match_id)
    sheet = load_match(session, row).sheet(validate=False)
    decided = sheet.finished or sheet.result is not None
    return confirmation_of(words, row.version, decided=decided)


def _decided_sheet(session: Session, match_id: int, version: int) -> ScoreSheet:
    """The match's sheet, if its players may answer for ``version`` of it now."""
    row = fetch_for_update(session, Match, match_id)
    if row.entrant_b_id is None:
        raise InvalidInput(said("a bye has no opponent to confirm its result"))
    require(session, Action.CONFIRM_RESULT, fetch(session, Event, row.event_id), None, match=row)
    if row.version != version:
        raise ConflictError(said("the sheet changed since it was read: read it again, then answer"))
    sheet = load_match(session, row).sheet(validate=False)
    if not (sheet.finished or sheet.result is not None):
        raise InvalidInput(said("the match is not over yet: there is no result to confirm"))
    return sheet


def _reason(reason: str | None) -> str:
    text = clean_text(reason or "", "what is wrong", limit=REASON_LIMIT)
    if not text:
        raise InvalidInput(said("say what is wrong with the result, for the director"))
    return text
