"""What undo and redo take back, read from a match's hand log alone (decision 0029).

Every front end (the desk's Ctrl+Z, ``gin-scorer hand undo`` / ``redo``, a table phone's
take-back) asks this one fold, so they all agree on "the newest undoable action". A row
written by an undo or a redo carries the row it takes back (``LogEntry.undoes_id``, the
sealed ``undo_link``); a redo is an undo taken back. Folding the log oldest first:

- a row a person wrote (an entry, a correction, a void) is done; it clears what could be
  redone, as a new action does in any editor;
- a row undoing a done row moves that row off the done pile and is itself redoable;
- a row undoing a redoable row (a redo) moves it off and is itself done, so undoable again.

The newest done row is what Undo takes back; the newest redoable row is what Redo takes back.

>>> from datetime import UTC, datetime
>>> def row(id, kind, of=None, undoes=None):
...     return LogEntry(id, 1, kind, of, None, None, None, "td", "desk",
...                     datetime(2026, 1, 1, tzinfo=UTC), True, undoes)
>>> log = [row(1, EntryKind.ENTRY), row(2, EntryKind.ENTRY), row(3, EntryKind.VOID, 2, 2)]
>>> state = undo_state(log)
>>> state.undo.id, state.redo.id
(1, 3)
>>> undo_state([*log, row(4, EntryKind.CORRECTION, 3, 3)]).undo.id
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandRecord
from gin_scorer.core.wording import said
from gin_scorer.services.support.dto import EntryKind, LogEntry
from gin_scorer.services.support.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class UndoState:
    """The row Undo would take back and the row Redo would (None: nothing to do)."""

    undo: LogEntry | None
    redo: LogEntry | None


def undo_state(log: Sequence[LogEntry]) -> UndoState:
    """The fold described above, over the whole log of one match."""
    done: list[LogEntry] = []
    redoable: list[LogEntry] = []
    for row in sorted(log, key=lambda entry: entry.id):
        if row.undoes_id is None:
            done.append(row)
            redoable.clear()
        elif _take(done, row.undoes_id):
            redoable.append(row)
        elif _take(redoable, row.undoes_id):
            done.append(row)
    return UndoState(done[-1] if done else None, redoable[-1] if redoable else None)


def _take(pile: list[LogEntry], row_id: int) -> bool:
    for index, row in enumerate(pile):
        if row.id == row_id:
            del pile[index]
            return True
    return False


@dataclass(frozen=True, slots=True)
class TakeBack:
    """The row that takes ``undoes`` back: it supersedes ``tip_id`` (the row in force for the
    hand now) with the hand as it stood before ``undoes`` — withdrawn (``record`` None: a
    void) or with ``record`` and the ``reason`` that row had."""

    undoes: LogEntry
    tip_id: int
    kind: EntryKind
    record: HandRecord | None
    reason: str | None


def take_back(log: Sequence[LogEntry], undoes: LogEntry) -> TakeBack:
    """How to take ``undoes`` back, wherever later rows left its hand."""
    by_id = {row.id: row for row in log}
    successor = {row.supersedes_id: row.id for row in log if row.supersedes_id is not None}
    tip = undoes.id
    while tip in successor:
        tip = successor[tip]
    before = by_id.get(undoes.supersedes_id) if undoes.supersedes_id is not None else None
    if before is None or before.kind is EntryKind.VOID or before.record is None:
        return TakeBack(undoes, tip, EntryKind.VOID, None, None)
    return TakeBack(undoes, tip, EntryKind.CORRECTION, before.record, before.override_reason)


def refuse_unless_undoable(
    match_id: int, newest: LogEntry | None, target: int | None, *, again: bool
) -> None:
    """Nothing to undo (redo), or not the row the caller meant: one sentence, nothing written."""
    if newest is None and again:
        raise InvalidInput(said("match {0} has nothing to redo", match_id))
    if newest is None:
        raise InvalidInput(said("match {0} has nothing to undo", match_id))
    if target is not None and newest.id != target:
        raise InvalidInput(
            said(
                "match {0} changed since (its newest change is entry {1}, not {2}): "
                "correct or void the hand instead",
                match_id,
                newest.id,
                target,
            )
        )
