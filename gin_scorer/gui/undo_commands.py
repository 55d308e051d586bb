"""Undoable scoring actions: each QUndoCommand is a few lines calling the services.

Every command remembers the match and the log row its action wrote. Its first ``redo``
performs the action through the services; ``undo`` asks the services to undo that row
(:func:`~gin_scorer.services.writes.hands.undo`, which works out the inverse from the log: the same
answer the command line and the phones get), and a later ``redo`` asks them to undo that
undo (:func:`~gin_scorer.services.writes.hands.redo`). Each names the row it means, so a change made
meanwhile at another station is refused rather than undone in its place. The hand log stays
append-only and audited. After either, the command hands the fresh
:class:`~gin_scorer.services.support.dto.ScoreSheet` to ``on_sheet``.

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
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import HandRow, ScoreSheet
from gin_scorer.services.support.errors import ServerNotAnswering, ServiceError, StoreError
from gin_scorer.services.support.retries import retrying
from gin_scorer.services.writes import hands as hand_services
from gin_scorer.services.writes.entry_keys import new_key

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
        self.wrote: int | None = None  # the log row the action (or its redo) wrote
        self.undid: int | None = None  # the log row its undo wrote

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
        self.wrote = _newest_row(self.latest)
        self._skip_redo = True

    def _taken_back(self, key: str, *, again: bool) -> ScoreSheet:
        """The services' undo for the row this command wrote (``again``: their redo of the
        row its undo wrote), under ``key`` for every try (a lost answer writes nothing twice)."""
        write = hand_services.redo if again else hand_services.undo
        target = self.undid if again else self.wrote
        sheet = write(
            self.db,
            self.match_id,
            self.expected_version,
            entered_by=self.entered_by,
            pin=self.pin,
            submission=key,
            target=target,
        )
        if again:
            self.wrote = _newest_row(sheet)
        else:
            self.undid = _newest_row(sheet)
        return sheet

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        key = new_key()
        if self._quietly(lambda: self._taken_back(key, again=True)):
            self.on_done(
                translate("_MatchCommand", "redone: {0} (Ctrl+Z undoes it again)").format(
                    self.text().lower()
                )
            )

    def undo(self) -> None:
        key = new_key()
        if self._quietly(lambda: self._taken_back(key, again=False)):
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
        # instead of recording it twice.
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
        if sheet.hands:
            self.number, self.hand_id = sheet.hands[-1].number, sheet.hands[-1].hand_id
        return sheet


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

    def _action(self) -> ScoreSheet:
        return hand_services.void_hand(
            self.db,
            self._hand_id(self.number, self.hand_id),
            self.expected_version,
            reason=self.reason,
            entered_by=self.entered_by,
            pin=self.pin,
        )


def _newest_row(sheet: ScoreSheet) -> int | None:
    """The newest row of the match's log: the one a write just made."""
    return max((entry.id for entry in sheet.log), default=None)
