"""Undoable scoring actions: each QUndoCommand is a few lines calling the services.

Every command remembers the match and the hand it changed; ``redo`` performs the action again
through the services and ``undo`` performs its inverse through them: a recorded hand is voided,
a correction is corrected back to the record it replaced, a void is taken back with
:func:`~gin_scorer.services.hands.undo_last_entry` (the services' one way to restore a voided
hand, so only while that void is still the match's newest log row). The hand log stays
append-only and audited. After either, the command hands the fresh
:class:`~gin_scorer.services.dto.ScoreSheet` to ``on_sheet``.

The controller first calls :meth:`perform` (which raises :class:`CommandFailed` with the
service's sentence, so a refused action never reaches the stack) and then pushes the command;
the push's own ``redo`` is skipped because the action is already done. A refusal during a
later undo / redo (another station changed the match meanwhile) goes to ``on_error``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from gin_scorer.core.hands import HandRecord, Side
from gin_scorer.gui.background import wait_for
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import error_text
from gin_scorer.services import hands as hand_services
from gin_scorer.services.database import Database
from gin_scorer.services.dto import HandRow, ScoreSheet
from gin_scorer.services.entry_keys import new_key
from gin_scorer.services.errors import ServerNotAnswering, ServiceError, StoreError
from gin_scorer.services.retries import retrying
from gin_scorer.services.undo_reasons import undo_of_correction, undo_of_recording

SheetSink = Callable[[ScoreSheet], None]
ErrorSink = Callable[[str], None]  # a sentence for the person


class CommandFailed(Exception):
    """A service refused; the message is the service's sentence for the person."""


def _not_answering(error: ServerNotAnswering) -> str:
    """The server stayed away: what happened, and that Enter again is safe (the key)."""
    if error.outcome_unknown:
        then = translate(
            "_MatchCommand",
            "it may or may not have been saved: press Enter again when the server answers "
            "(it will not be recorded twice)",
        )
    else:
        then = translate("_MatchCommand", "press Enter again when the server answers")
    return f"{error_text(error)}; {then}"


def _ignore(message: str) -> None:
    del message


class _MatchCommand(QUndoCommand):
    def __init__(
        self, db: Database, sheet: ScoreSheet, on_sheet: SheetSink, text: str, entered_by: str
    ) -> None:
        super().__init__(text)
        self.db = db
        self.match_id = sheet.match.id
        self.on_sheet = on_sheet
        self.on_error: ErrorSink = _ignore
        self.on_done: ErrorSink = _ignore  # "undone: Record hand 3" after a later undo / redo
        self.entered_by = entered_by
        self.latest = sheet  # the newest sheet this command saw
        # The director's PIN, once given for this action (a correction the event's policy
        # no longer allows without it); undo / redo reuse it.
        self.pin: str | None = None
        # The page's newest sheet: other commands change the match between our undo / redo,
        # so the version to send and the hand ids to name are read from it, not remembered.
        self.current: Callable[[], ScoreSheet | None] = lambda: self.latest
        self._skip_redo = False

    def _sheet(self) -> ScoreSheet:
        return self.current() or self.latest

    @property
    def expected_version(self) -> int:
        return self._sheet().version

    def _action(self) -> ScoreSheet:
        raise NotImplementedError

    def _hand_id(self, number: int, first_id: int) -> int:
        """The log row now in force for hand ``number`` (it changes after an undo)."""
        hands = self._sheet().hands
        if 0 < number <= len(hands) and hands[number - 1].number == number:
            return hands[number - 1].hand_id
        return first_id

    def _run(self, action: Callable[[], ScoreSheet]) -> None:
        try:
            # Off the UI thread (a slow server freezes nothing), tried again for a few
            # seconds while the server does not answer (issue 41).
            sheet = wait_for(lambda: retrying(action, on_wait=lambda _s, _e: None))
        except ServerNotAnswering as error:
            raise CommandFailed(_not_answering(error)) from error
        except (ServiceError, StoreError) as error:
            raise CommandFailed(error_text(error)) from error
        self.latest = sheet
        self.on_sheet(sheet)

    def perform(self) -> None:
        """Do it now (raises :class:`CommandFailed`); the stack's first redo then skips."""
        self._run(self._action)
        self._skip_redo = True

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        if self._quietly(self._action):
            self.on_done(
                translate("_MatchCommand", "redone: {0} (Ctrl+Z undoes it again)").format(
                    self.text().lower()
                )
            )

    def _inverse(self) -> ScoreSheet:
        raise NotImplementedError

    def undo(self) -> None:
        if self._quietly(self._inverse):
            self.on_done(
                translate("_MatchCommand", "undone: {0} (Ctrl+Shift+Z redoes it)").format(
                    self.text().lower()
                )
            )

    def _quietly(self, action: Callable[[], ScoreSheet]) -> bool:
        try:
            self._run(action)
        except CommandFailed as error:
            self.on_error(error_text(error))
            return False
        return True


class RecordHandCommand(_MatchCommand):
    """Record a new hand (``override_reason`` when the director accepted its problems)."""

    def __init__(
        self,
        db: Database,
        sheet: ScoreSheet,
        record: HandRecord,
        on_sheet: SheetSink,
        *,
        entered_by: str,
        override_reason: str | None = None,
        dealer: Side | None = None,
        key: str | None = None,
    ) -> None:
        super().__init__(
            db,
            sheet,
            on_sheet,
            translate("RecordHandCommand", "Record hand {0}").format(len(sheet.hands) + 1),
            entered_by,
        )
        # The entry's key (services.entry_keys): a retry after a lost answer finds the hand
        # instead of recording it twice. A redo after an undo is a new write: a new key.
        self.key = key
        self.record = record
        self.override_reason = override_reason
        self.dealer = dealer  # given for a match's first hand; later the rules decide
        self.number = len(sheet.hands) + 1
        self.hand_id = 0

    def _action(self) -> ScoreSheet:
        sheet = hand_services.record_hand(
            self.db,
            self.match_id,
            self.record,
            self.expected_version,
            entered_by=self.entered_by,
            override_reason=self.override_reason,
            dealer=self.dealer,
            pin=self.pin,
            submission=self.key,
        )
        self.key = new_key()  # this one is spent: a redo is a write of its own
        if sheet.hands:
            self.number, self.hand_id = sheet.hands[-1].number, sheet.hands[-1].hand_id
        return sheet

    def _inverse(self) -> ScoreSheet:
        return hand_services.void_hand(
            self.db,
            self._hand_id(self.number, self.hand_id),
            self.expected_version,
            reason=undo_of_recording(self.number),
            entered_by=self.entered_by,
            pin=self.pin,
        )


class CorrectHandCommand(_MatchCommand):
    """Replace a past hand's record; the ledger recomputes every total after it."""

    def __init__(
        self,
        db: Database,
        sheet: ScoreSheet,
        row: HandRow,
        record: HandRecord,
        on_sheet: SheetSink,
        *,
        reason: str,
        entered_by: str,
        override_reason: str | None = None,
    ) -> None:
        super().__init__(
            db,
            sheet,
            on_sheet,
            translate("CorrectHandCommand", "Correct hand {0}").format(row.number),
            entered_by,
        )
        self.hand_id = row.hand_id
        self.number = row.number
        self.record = record
        self.reason = reason
        self.override_reason = override_reason
        self.old_record = row.record
        self.old_override = row.override_reason

    def _action(self) -> ScoreSheet:
        return hand_services.correct_hand(
            self.db,
            self._hand_id(self.number, self.hand_id),
            self.record,
            self.expected_version,
            reason=self.reason,
            entered_by=self.entered_by,
            override_reason=self.override_reason,
            pin=self.pin,
        )

    def _inverse(self) -> ScoreSheet:
        return hand_services.correct_hand(
            self.db,
            self._hand_id(self.number, self.hand_id),
            self.old_record,
            self.expected_version,
            reason=undo_of_correction(self.reason),
            entered_by=self.entered_by,
            override_reason=self.old_override,
            pin=self.pin,
        )


class VoidHandCommand(_MatchCommand):
    """Withdraw a hand: it stays in the log, it no longer counts."""

    def __init__(
        self,
        db: Database,
        sheet: ScoreSheet,
        row: HandRow,
        on_sheet: SheetSink,
        *,
        reason: str,
        entered_by: str,
    ) -> None:
        super().__init__(
            db,
            sheet,
            on_sheet,
            translate("VoidHandCommand", "Void hand {0}").format(row.number),
            entered_by,
        )
        self.hand_id = row.hand_id
        self.number = row.number
        self.reason = reason
        self.void_id: int | None = None

    def _action(self) -> ScoreSheet:
        sheet = hand_services.void_hand(
            self.db,
            self._hand_id(self.number, self.hand_id),
            self.expected_version,
            reason=self.reason,
            entered_by=self.entered_by,
            pin=self.pin,
        )
        self.void_id = max((entry.id for entry in sheet.log), default=None)
        return sheet

    def _inverse(self) -> ScoreSheet:
        newest = max((entry.id for entry in self._sheet().log), default=None)
        if newest is None or newest != self.void_id:
            raise ServiceError(
                translate(
                    "UndoCommands",
                    "hand {0} was voided before later changes to this match; enter it again "
                    "instead of undoing the void",
                ).format(self.number)
            )
        sheet = hand_services.undo_last_entry(
            self.db,
            self.match_id,
            self.expected_version,
            entered_by=self.entered_by,
            pin=self.pin,
        )
        restored = [h for h in sheet.hands if h.number == self.number]
        if restored:
            self.hand_id = restored[0].hand_id
        return sheet
