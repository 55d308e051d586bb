"""What a hand entry must pass before it is written: a record the core can score, no ERROR
without the director's reason, a reason that is plain text; and which hands a sheet shows
played after the match was decided."""

from __future__ import annotations

from sqlmodel import Session, select

from gin_scorer.core.hands import HandRecord, HandRecordError, Problem
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.queries.sheets import problems_of, score
from gin_scorer.services.support.dto import EntryKind, ScoreSheet
from gin_scorer.services.support.errors import HandRejected, InvalidInput
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.store.tables import HandEntry


def checked_record(record: HandRecord, rules: RuleSet, what: Said) -> tuple[Problem, ...]:
    """Score and validate ``record``; a record that cannot be scored is bad input."""
    if not isinstance(record, HandRecord):
        raise InvalidInput(said("{0}: {1} is not a hand record", what, repr(record)))
    try:
        score(record, rules)
    except HandRecordError as error:
        raise InvalidInput(said("{0}: {1}", what, words_of(error))) from None
    return problems_of(record, rules)


def refuse_errors(problems: tuple[Problem, ...], override_reason: str | None) -> None:
    """An ERROR refuses the hand unless the director gave a reason to record it anyway."""
    if any(p.is_error for p in problems) and not override_reason:
        raise HandRejected(problems)


def reason_text(text: str | None, field: str, *, required: bool) -> str | None:
    """An override or correction reason as stored: plain text, at most 500 characters."""
    cleaned = clean_text(text, field, required=required, limit=500)
    return cleaned or None


def after_the_end(sheet: ScoreSheet) -> list[int]:
    """The numbers of the hands that come after the match was decided (they count nowhere,
    and `verify` rejects a match that has any)."""
    return [
        row.number for row in sheet.hands if any(p.code == "after_match_end" for p in row.problems)
    ]


def hand_in_force(session: Session, match_id: int, hand_id: int) -> HandEntry:
    """The log row ``hand_id`` of this match, checked to be the row now in force."""
    target = fetch(session, HandEntry, hand_id)
    if target.match_id != match_id:
        raise InvalidInput(said("hand entry {0} belongs to match {1}", hand_id, target.match_id))
    newer = session.exec(select(HandEntry).where(HandEntry.supersedes_id == hand_id)).first()
    if newer is not None:
        raise InvalidInput(_replaced(hand_id, newer))
    if target.kind == EntryKind.VOID.value:
        raise InvalidInput(said("hand entry {0} is a void: the hand no longer counts", hand_id))
    return target


def _replaced(hand_id: int, newer: HandEntry) -> Said:
    """Why ``hand_id`` cannot be replaced: ``newer`` (a correction or a void) already did."""
    if newer.kind == EntryKind.CORRECTION.value:
        return said(
            "hand entry {0} was already replaced by entry {1} (correction by {2}); reload the "
            "score sheet",
            hand_id,
            newer.id,
            newer.entered_by,
        )
    if newer.kind == EntryKind.VOID.value:
        return said(
            "hand entry {0} was already replaced by entry {1} (void by {2}); reload the score "
            "sheet",
            hand_id,
            newer.id,
            newer.entered_by,
        )
    return said(
        "hand entry {0} was already replaced by entry {1} ({2} by {3}); reload the score sheet",
        hand_id,
        newer.id,
        newer.kind,
        newer.entered_by,
    )


def match_words(sheet: ScoreSheet) -> Said:
    """The match as the room knows it: ``round 2, table 3`` (or ``this match``)."""
    match = sheet.match
    if match.round_number and match.table_number:
        return said("round {0}, table {1}", match.round_number, match.table_number)
    if match.round_number:
        return said("round {0}", match.round_number)
    if match.table_number:
        return said("table {0}", match.table_number)
    return said("this match")


def refuse_if_decided(sheet: ScoreSheet) -> None:
    """A new hand cannot go on a match a result, its hands or a withdrawal already decided."""
    if sheet.result is not None:
        raise InvalidInput(
            said(
                "{0} is decided by a reported result ({1}): take that result back to enter "
                "hands again",
                match_words(sheet),
                sheet.result.kind.words,
            )
        )
    if sheet.finished:
        winner = sheet.winner_entrant
        if winner:
            raise InvalidInput(
                said(
                    "{0} is already decided ({1} won): void or correct a hand to reopen it",
                    match_words(sheet),
                    winner.name,
                )
            )
        raise InvalidInput(
            said("{0} is already decided: void or correct a hand to reopen it", match_words(sheet))
        )
    gone = sheet.match.withdrawn
    if gone:
        # The standings count the match as a forfeit the moment a player withdraws; a hand
        # entered after it would show on the sheet and change nothing, so it is refused.
        raise InvalidInput(
            said(
                "{0}: {1} has withdrawn, so the match counts as a forfeit; reinstate {1} to "
                "enter hands again",
                match_words(sheet),
                gone[0].name,
            )
        )
