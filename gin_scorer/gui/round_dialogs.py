"""Pairing a round the way a director does it: look at the pairings first, then pair (or not);
and take a round's pairings back while no hand is in (a late arrival, a wrong setting).

The pairings shown are the services' own preview (:func:`preview_round`, which writes
nothing); "Pair round N" then asks :func:`start_round` for the same pairings. Refusals (the
current round still owes results, hands already entered) come back as the services' sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.background import wait_for
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import error_text, say
from gin_scorer.services.support.database import Database
from gin_scorer.services.writes.rounds import PlannedPairing, RoundPreview


def _seating_summary(number: int, tables: int, byes: int) -> str:
    """``Round 3 would seat 7 tables and give 1 bye. Nothing is saved until you pair it.``;
    each count a phrase of its own, singular or plural as a whole."""
    seats = (
        translate("RoundPreviewDialog", "1 table")
        if tables == 1
        else translate("RoundPreviewDialog", "{0} tables").format(tables)
    )
    if not byes:
        return translate(
            "RoundPreviewDialog",
            "<b>Round {0}</b> would seat {1}. Nothing is saved until you pair it.",
        ).format(number, seats)
    given = (
        translate("RoundPreviewDialog", "1 bye")
        if byes == 1
        else translate("RoundPreviewDialog", "{0} byes").format(byes)
    )
    return translate(
        "RoundPreviewDialog",
        "<b>Round {0}</b> would seat {1} and give {2}. Nothing is saved until you pair it.",
    ).format(number, seats, given)


class RoundPreviewDialog(QDialog):
    """The next round's pairings, table by table, with the engine's notes; nothing is written
    until the director presses "Pair round N"."""

    def __init__(
        self, preview: RoundPreview, event_name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.preview = preview
        self.setWindowTitle(
            translate("RoundPreviewDialog", "Round {0} — {1}").format(preview.number, event_name)
        )
        self.resize(640, 520)
        lines = preview.pairings
        tables = sum(1 for line in lines if line.b is not None)
        byes = len(lines) - tables
        summary = QLabel(_seating_summary(preview.number, tables, byes))
        summary.setWordWrap(True)
        self._build_table(lines)
        layout = QVBoxLayout(self)
        layout.addWidget(summary)
        layout.addWidget(self.table, 1)
        if preview.notes:
            notes = QLabel("\n".join(f"• {say(note)}" for note in preview.notes))
            notes.setObjectName("previewNotes")
            notes.setWordWrap(True)
            layout.addWidget(notes)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.pair_button = buttons.addButton(
            translate("RoundPreviewDialog", "&Pair round {0}").format(preview.number),
            QDialogButtonBox.ButtonRole.AcceptRole,
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.pair_button.setDefault(True)
        self.pair_button.setFocus()

    def _build_table(self, lines: Sequence[PlannedPairing]) -> None:
        """The round's tables as they would be paired (a knockout's bracket slot too)."""
        slots = any(line.slot for line in lines)
        three = any(line.c is not None for line in lines)  # tables of three: a third seat
        heads = [
            translate("RoundPreviewDialog", "Table"),
            translate("RoundPreviewDialog", "Player A"),
            translate("RoundPreviewDialog", "Player B"),
            *([translate("RoundPreviewDialog", "Player C")] if three else []),
            *([translate("RoundPreviewDialog", "Bracket")] if slots else []),
        ]
        self.table = QTableWidget(len(lines), len(heads))
        self.table.setObjectName("previewTable")
        self.table.setHorizontalHeaderLabels(heads)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in (1, 2, 3) if three else (1, 2):  # the players share the room
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Enter goes to "Pair round N"
        for row, line in enumerate(lines):
            cells = [
                str(line.table) if line.table is not None else "—",
                line.a.name,
                line.b.name if line.b is not None else translate("RoundPreviewDialog", "bye"),
                *([line.c.name if line.c is not None else ""] if three else []),
                *([line.slot or ""] if slots else []),
            ]
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))


@dataclass(frozen=True, slots=True)
class Refused:
    """A round action refused: the sentence, and the step the desk offers instead
    (:data:`SLIPS`, :data:`NEW_MATCH`, or none)."""

    text: str
    step: str = ""


SLIPS = "slips"  # Event → Enter results from slips (Ctrl+Shift+R)
NEW_MATCH = "new-match"  # Event → New match (Ctrl+M)


def pair_next_round(
    parent: QWidget | None, db: Database, event_id: int, *, actor: str | None = None
) -> str | Refused | None:
    """Show the next round's pairings and pair it if the director says so. Returns the
    sentence for the status bar, the refusal, or None when the director cancelled."""
    from gin_scorer.services.support.errors import ServiceError
    from gin_scorer.services.writes.events import get_event
    from gin_scorer.services.writes.rounds import RoundUnfinished, preview_round, start_round
    from gin_scorer.tournament.model import Format

    if Format(get_event(db, event_id).format) is Format.CLUB:
        said = translate(
            "round_dialogs",
            "A club night has no rounds to pair: seat each table with Event → New match (Ctrl+M).",
        )
        return Refused(said, NEW_MATCH)
    try:
        preview = wait_for(lambda: preview_round(db, event_id))
    except RoundUnfinished as error:  # the results missing: say where they can go in
        said = translate(
            "round_dialogs", "{0} — enter them on their sheets, or from their slips (Ctrl+Shift+R)."
        )
        return Refused(said.format(_sentence(error)), SLIPS)
    except ServiceError as error:
        return Refused(_sentence(error))
    dialog = RoundPreviewDialog(preview, get_event(db, event_id).name, parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
    finally:
        dialog.deleteLater()
    try:
        view = wait_for(lambda: start_round(db, event_id, actor=actor))
    except ServiceError as error:
        return Refused(_sentence(error))
    tables = sum(1 for p in view.pairings if not p.is_bye)
    if view.byes:
        return translate("round_dialogs", "Round {0} paired: {1} tables, {2} bye").format(
            view.number, tables, len(view.byes)
        )
    return translate("round_dialogs", "Round {0} paired: {1} tables").format(view.number, tables)


def take_back_round(
    parent: QWidget | None, db: Database, event_id: int, *, actor: str | None = None
) -> str | Refused | None:
    """Ask, then take back the latest round's pairings. The status-bar sentence, the
    refusal, or None."""
    from gin_scorer.services.support.errors import ServiceError
    from gin_scorer.services.writes.rounds import cancel_round, list_rounds

    rounds = list_rounds(db, event_id)
    if not rounds:
        return Refused(translate("round_dialogs", "The event has no round to take back."))
    number = rounds[-1].number
    answer = QMessageBox.question(
        parent,
        translate("round_dialogs", "Take back a round"),
        translate(
            "round_dialogs",
            "Take back the pairings of round {0}? Its tables are removed and the round can be "
            "paired again (late arrivals join it). This is only possible while no hand of the "
            "round has been entered.",
        ).format(number),
    )
    if answer != QMessageBox.StandardButton.Yes:
        return None
    try:
        wait_for(lambda: cancel_round(db, event_id, actor=actor))
    except ServiceError as error:
        return Refused(_sentence(error))
    return translate(
        "round_dialogs", "Round {0}'s pairings taken back: pair it again when ready"
    ).format(number)


def _sentence(error: Exception) -> str:
    """A refusal of the services as a sentence of its own (they write it mid-sentence)."""
    text = error_text(error)
    return text[:1].upper() + text[1:]


def show_refusal(parent: QWidget, title: str, refused: Refused) -> str:
    """The refusal in a message box, where the director is looking (the status bar cut it
    off mid-name), with a button for the step it names; that step, when chosen ("")."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, refused.text, parent=parent)
    steps = {
        SLIPS: translate("round_dialogs", "Enter results from &slips…"),
        NEW_MATCH: translate("round_dialogs", "&New match…"),
    }
    offered = (
        box.addButton(steps[refused.step], QMessageBox.ButtonRole.AcceptRole)
        if refused.step
        else None
    )
    box.addButton(QMessageBox.StandardButton.Close)
    if offered is not None:
        box.setDefaultButton(offered)
    box.exec()
    chosen = refused.step if offered is not None and box.clickedButton() is offered else ""
    box.deleteLater()
    return chosen
