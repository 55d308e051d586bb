"""The scoring page: the match panel and the cards panel, wired to undoable service calls.

This is where a typed hand becomes a recorded one: the panel emits a record, the controller
wraps it in a QUndoCommand that calls the services, and shows the sheet the services return.
A refusal is shown on the entry line with the text kept. A hand the core rejects (its cards
disagree with the declaration) needs the director's override with a reason.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gin_scorer.core.hands import HandRecord
from gin_scorer.gui import three_sheet
from gin_scorer.gui.background import wait_for
from gin_scorer.gui.cards_panel import CardsPanel
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.match_panel import MatchPanel
from gin_scorer.gui.override_dialog import OverrideAsker, ReasonAsker, ask_override, ask_reason
from gin_scorer.gui.pin_prompt import PinAsker, ask_pin
from gin_scorer.gui.screen_fit import ReflowSplitter
from gin_scorer.gui.undo_commands import (
    CommandFailed,
    CorrectHandCommand,
    RecordHandCommand,
    VoidHandCommand,
)
from gin_scorer.presentation.announcements import hand_saved_text, milestone_text
from gin_scorer.presentation.entry_grammar import EntryState
from gin_scorer.presentation.words import error_text
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import HandRow, ScoreSheet
from gin_scorer.services.support.errors import HandRejected, PinError
from gin_scorer.services.writes.matches import get_score_sheet

# The score sheet's width in characters, for the choice of panel beside or under it.
_SHEET_CHARACTERS = 104


class ScoringPage(QWidget):
    """One open match: pad + entry line on the left, the cards panel on the right."""

    sheet_changed = Signal(object)  # ScoreSheet, after every change (views refresh on it)
    saved = Signal()  # something was written to the database

    def __init__(
        self,
        db: Database,
        undo_stack: QUndoStack,
        *,
        entered_by: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.undo_stack = undo_stack
        self.entered_by = entered_by
        self.ask_override: OverrideAsker = ask_override
        self.ask_reason: ReasonAsker = ask_reason
        self.ask_pin: PinAsker = ask_pin
        # The hand being entered and its key, kept until it is saved (_entry_key).
        self._pending_entry: tuple[int, HandRecord, str] | None = None
        self.panel = MatchPanel()
        self.cards = CardsPanel()
        self.cards.setObjectName("cardsPanel")
        # Beside the sheet when the window holds both, under it on a laptop's screen.
        self.splitter = ReflowSplitter("scoring", self._width_for_both)
        self.splitter.addWidget(self.panel)
        self.splitter.addWidget(self.cards)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([700, 470])
        self.splitter.stacked_changed.connect(self.cards.set_wide)
        # The cards panel is as wide as its grid, which may be made after the page first
        # showed (CardsPanel.grow_grid): side by side or stacked is decided again then.
        self.cards.grid_made.connect(lambda: self.splitter.reflow())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self.setFocusProxy(self.panel)

        self.panel.hand_entered.connect(self.record)
        self.panel.correction_entered.connect(self.correct)
        self.panel.void_requested.connect(self.void)
        self.panel.entry.textChanged.connect(self._declared_changed)
        self.cards.save_requested.connect(self._save_with_cards)
        self.panel.edit_started.connect(self._show_cards_of)

    @property
    def sheet(self) -> ScoreSheet | None:
        return self.panel.sheet

    def _width_for_both(self) -> int:
        """What the sheet (about 100 characters of its text) and the cards panel need side
        by side; it grows with the zoom, since both are measured in the current font."""
        sheet = self.panel.table.fontMetrics().averageCharWidth() * _SHEET_CHARACTERS
        return sheet + self.cards.minimumSizeHint().width()

    def show_cards(self, shown: bool) -> None:
        """F4: the cards panel shown or hidden; the sheet takes the room."""
        self.cards.setVisible(shown)
        if not shown and self.cards.isAncestorOf(self.focusWidget()):
            self.panel.entry.setFocus()

    # --- opening --------------------------------------------------------------------------

    def open_match(self, match_id: int) -> None:  # read on a worker, keys held meanwhile
        self.show_sheet(wait_for(lambda: get_score_sheet(self.db, match_id)))

    def show_sheet(self, sheet: ScoreSheet | None) -> None:
        """Show ``sheet`` (None: no match); another match's cards do not stay in the panel."""
        shown = self.panel.sheet
        if sheet is None or shown is None or shown.match.id != sheet.match.id:
            self.cards.clear()
        self.panel.set_sheet(sheet)
        self._declared_changed()
        if sheet is not None:
            self.sheet_changed.emit(sheet)

    def _declared_changed(self) -> None:
        preview = self.panel.preview
        record = preview.record if preview.state is EntryState.COMPLETE else None
        sheet = self.panel.sheet
        self.cards.set_declared(
            record, sheet.rules if sheet else self.cards.rules, self.panel.names()
        )

    # --- actions --------------------------------------------------------------------------

    def _perform(self, command: RecordHandCommand | CorrectHandCommand | VoidHandCommand) -> None:
        """Run the command; when the services want the director's PIN (a correction the
        event's policy no longer allows without it), ask for it and try again — until
        it is accepted or the director gives up (then the refusal stands)."""
        command.on_error = self._later_error
        command.on_done = self._say_done
        command.current = lambda: self.sheet
        while True:
            try:
                command.perform()
                return
            except CommandFailed as error:
                cause = error.__cause__
                if not isinstance(cause, PinError) or not cause.askable:
                    raise
                pin = self.ask_pin(self, error_text(error))
                if pin is None:
                    raise
                command.pin = pin

    def _push(self, command: RecordHandCommand | CorrectHandCommand | VoidHandCommand) -> bool:
        try:
            self._perform(command)
        except CommandFailed as error:
            self.panel.show_error(error_text(error))
            return False
        self.undo_stack.push(command)
        self.saved.emit()
        return True

    def _later_error(self, message: str) -> None:
        """A later undo / redo refused: the match as the database now has it, then why (said
        after the sheet is shown, which clears the line under the entry)."""
        if self.sheet is not None:
            self.open_match(self.sheet.match.id)
        self.panel.show_error(message)

    def _with_override(
        self, make: Callable[[str | None], RecordHandCommand | CorrectHandCommand]
    ) -> bool:
        """Run the command; if the core refuses the hand, ask the director to override."""
        command = make(None)
        try:
            self._perform(command)
        except CommandFailed as error:
            cause = error.__cause__
            if not isinstance(cause, HandRejected):
                self.panel.show_error(error_text(error))
                return False
            reason = self.ask_override(self, cause.problems)
            if reason is None:
                self.panel.show_error(
                    translate("ScoringPage", "not recorded: ") + error_text(error)
                )
                return False
            overridden = make(reason)
            overridden.pin = command.pin  # a PIN already given for this action still holds
            return self._push(overridden)
        self.undo_stack.push(command)
        self.saved.emit()
        return True

    def record(self, record: HandRecord) -> bool:
        sheet = self.sheet
        if sheet is None:
            return False
        dealer = self.panel.dealer_for_next_hand()
        key = self._entry_key(sheet.match.id, record)
        done = self._with_override(
            lambda reason: RecordHandCommand(
                self.db,
                sheet,
                record,
                self.show_sheet,
                entered_by=self.entered_by,
                override_reason=reason,
                dealer=dealer,
                key=key,
            )
        )
        if done:
            self._pending_entry = None
            self.panel.entry_accepted()
            self.cards.clear()
            self._say_saved(sheet, len(sheet.hands) + 1, translate("ScoringPage", "recorded"))
        return done

    def _entry_key(self, match_id: int, record: HandRecord) -> str:
        """The entry's key (issue 41): the same hand typed again into the same match after a
        failure keeps its key, so a try that did reach the database is found, not doubled."""
        from gin_scorer.services.writes.entry_keys import new_key

        pending = self._pending_entry
        if pending is not None and pending[:2] == (match_id, record):
            return pending[2]
        key = new_key()
        self._pending_entry = (match_id, record, key)
        return key

    def _say_saved(self, before: ScoreSheet, number: int, verb: str) -> None:
        """The hand as saved, and any game or match it won, on the entry line's reading."""
        after = self.sheet
        if after is None:
            return
        # At a table of three, in the names of the two who played it (and the game won).
        text = three_sheet.saved_text(before, after, number, verb)
        milestone = "" if text else milestone_text(before, after)
        text = text or hand_saved_text(after, number, verb)
        if milestone:
            text += f" — {milestone}"
        self.panel.show_saved(text + translate("ScoringPage", " (Ctrl+Z undoes)"))

    def _say_done(self, text: str) -> None:
        """An undo or redo from the menu or the keys: said where the eye is."""
        self.panel.show_saved(text)

    def correct(self, row: HandRow, record: HandRecord) -> bool:
        sheet = self.sheet
        if sheet is None:
            return False
        reason = self.ask_reason(
            self, translate("ScoringPage", "Correct hand {0}").format(row.number)
        )
        if reason is None:
            self.panel.show_error(
                translate("ScoringPage", "correction needs a reason; nothing changed")
            )
            return False
        done = self._with_override(
            lambda override: CorrectHandCommand(
                self.db,
                sheet,
                row,
                record,
                self.show_sheet,
                reason=reason,
                entered_by=self.entered_by,
                override_reason=override,
            )
        )
        if done:
            self.panel.entry_accepted()
            self._say_saved(sheet, row.number, translate("ScoringPage", "corrected"))
        return done

    def void(self, row: HandRow | None = None) -> bool:
        sheet = self.sheet
        row = row or self.panel.selected_hand()
        if sheet is None or row is None:
            self.panel.show_error(
                translate("ScoringPage", "select the hand to void on the sheet first")
            )
            return False
        reason = self.ask_reason(self, translate("ScoringPage", "Void hand {0}").format(row.number))
        if reason is None:
            return False
        done = self._push(
            VoidHandCommand(
                self.db, sheet, row, self.show_sheet, reason=reason, entered_by=self.entered_by
            )
        )
        if done:
            self.panel.show_saved(
                translate(
                    "ScoringPage",
                    "hand {0} voided ({1}): crossed out on the sheet, it counts for nothing "
                    "(Ctrl+Z brings it back)",
                ).format(row.number, reason)
            )
        self.panel.entry.setFocus()  # back to typing the next hand
        return done

    def _show_cards_of(self, row: HandRow) -> None:
        """Correcting a hand entered with its cards: put them in the cards panel."""
        cards = row.record.cards
        if cards is None:
            self.cards.clear()
            return
        from gin_scorer.core.cards import format_cards

        knocker = [c for meld in cards.knocker_melds for c in meld] + list(cards.knocker_deadwood)
        self.cards.knocker_edit.setText(format_cards(knocker, machine=True))
        self.cards.defender_edit.setText(format_cards(cards.defender_cards, machine=True))

    def _save_with_cards(self, record: HandRecord) -> None:
        if self.panel.editing is not None:
            self.correct(self.panel.editing, record)
        else:
            self.record(record)
