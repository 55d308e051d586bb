"""A score sheet that keeps its history: the hands that count, and the hands taken off it
(voided, or recorded and then undone) where they were played, as a pad shows a crossed-out
line. A withdrawn hand counts for nothing; it is shown so that nobody wonders where it went.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from gin_scorer.core.hands import HandRecord, Side
from gin_scorer.presentation.hand_words import describe_hand
from gin_scorer.presentation.words import translate
from gin_scorer.services.queries.sheets import hand_chains
from gin_scorer.services.support.dto import EntryKind, HandRow, LogEntry, ScoreSheet


@dataclass(frozen=True, slots=True)
class WithdrawnHand:
    """A hand no longer on the sheet: the record it had when it was withdrawn, and why:
    ``undone`` when an undo took it off (the void is linked to the row it undoes; its
    ``reason``, if any, is not shown), else voided for ``reason``."""

    first_entry_id: int
    record: HandRecord
    dealer: Side | None
    reason: str  # the void's reason as stored
    withdrawn_by: str
    withdrawn_at: datetime
    undone: bool = False  # taken off by the app's Ctrl+Z or the command line's undo


SheetLine = HandRow | WithdrawnHand


def withdrawn_hands(log: Sequence[LogEntry]) -> tuple[WithdrawnHand, ...]:
    """The hands whose newest row is a void, oldest first."""
    out: list[WithdrawnHand] = []
    for root, chain in hand_chains(log).items():
        void = chain[-1]
        if void.kind is not EntryKind.VOID:
            continue
        last_record = next((row for row in reversed(chain) if row.record is not None), None)
        if last_record is None or last_record.record is None:
            continue
        out.append(
            WithdrawnHand(
                first_entry_id=root,
                record=last_record.record,
                dealer=last_record.dealer,
                reason=void.override_reason or "",
                withdrawn_by=void.entered_by,
                withdrawn_at=void.entered_at,
                undone=void.undoes_id is not None,
            )
        )
    return tuple(out)


def sheet_lines(sheet: ScoreSheet) -> tuple[SheetLine, ...]:
    """The sheet's lines in the order the hands were played: each hand that counts, and each
    withdrawn hand where it was first entered."""
    lines: list[SheetLine] = [*sheet.hands, *withdrawn_hands(sheet.log)]
    return tuple(sorted(lines, key=_played_at))


def _played_at(line: SheetLine) -> int:
    if isinstance(line, WithdrawnHand):
        return line.first_entry_id
    return line.first_entry_id if line.first_entry_id is not None else line.hand_id


def withdrawn_note(hand: WithdrawnHand) -> str:
    """The Notes cell of a withdrawn hand: ``voided: reason`` or ``undone``."""
    if hand.undone:
        return translate("sheet_history", "undone")
    if hand.reason:
        return translate("sheet_history", "voided: {0}").format(hand.reason)
    return translate("sheet_history", "voided")


def history_lines(sheet: ScoreSheet) -> tuple[str, ...]:
    """What changed on the sheet after entry, in play order, for paper: each corrected hand
    with its reason, each withdrawn hand with where it stood, what it was and why.

    ``† hand 1 corrected: misheard the count`` · ``† hand 2: a change undone`` (a correction
    or a void taken back) · ``✗ after hand 1, voided: B knocks 9 v 4 (misdeal)`` · ``✗ after
    hand 3, undone: dead hand``
    """
    out: list[str] = []
    counted = 0
    undoes = {row.id: row.undoes_id for row in sheet.log}
    for line in sheet_lines(sheet):
        if isinstance(line, WithdrawnHand):
            out.append(_withdrawn_line(line, counted))
            continue
        counted += 1
        if line.corrected and undoes.get(line.hand_id) is not None:  # the log's undo link
            out.append(
                translate("sheet_history", "† hand {0}: a change undone").format(line.number)
            )
        elif line.corrected and line.override_reason:
            said = translate("sheet_history", "† hand {0} corrected: {1}")
            out.append(said.format(line.number, line.override_reason))
        elif line.corrected:
            out.append(translate("sheet_history", "† hand {0} corrected").format(line.number))
    return tuple(out)


def _withdrawn_line(hand: WithdrawnHand, counted: int) -> str:
    """``✗ after hand 3, voided: B knocks 9 v 4 (misdeal)``, ``✗ before hand 1, undone: …``."""
    if counted:
        where = translate("sheet_history", "after hand {0}").format(counted)
    else:
        where = translate("sheet_history", "before hand 1")
    what = describe_hand(hand.record)  # sides as letters: A and B head the sheet
    if hand.undone:
        return translate("sheet_history", "✗ {0}, undone: {1}").format(where, what)
    if hand.reason:
        said = translate("sheet_history", "✗ {0}, voided: {1} ({2})")
        return said.format(where, what, hand.reason)
    return translate("sheet_history", "✗ {0}, voided: {1}").format(where, what)
