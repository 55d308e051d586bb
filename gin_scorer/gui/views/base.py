"""The page every event view builds on: the event shown, its rounds, a title and a note, and a
row that opens its match."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.rows_model import ROW_ROLE, RowsModel
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.gui.zoom import sized_text
from gin_scorer.presentation.words import error_text
from gin_scorer.services.database import Database
from gin_scorer.services.dto import EventView


def make_table(model: RowsModel, sortable: bool = True) -> QTableView:
    """A read-only table of rows, sorted by its first column, widths fitted to the first rows."""
    view = QTableView()
    view.setModel(model)  # the model sorts itself (precomputed keys): no proxy needed
    view.setSortingEnabled(sortable)
    if sortable:  # Qt starts descending; a director reads table 1 / place 1 first
        view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # Fit widths from the first rows only: reading all 500 rows on every refresh is slow.
    header.setResizeContentsPrecision(60)
    view.horizontalHeader().setStretchLastSection(True)
    return view


class EventPage(QWidget):
    """What every event view shares: the event, its rounds, a title, a note, and a signal
    that opens a row's match."""

    match_chosen = Signal(int)  # a table's match, double-clicked or Enter: open its sheet

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.shown_event: EventView | None = None
        self.round_numbers: tuple[int, ...] | None = None
        self.title = QLabel("")
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        sized_text(self.title, 15, bold=True)
        self.note = QLabel("")
        self.note.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.note.setWordWrap(True)

    def set_event(self, event: EventView, rounds: Sequence[int] | None = None) -> None:
        """Show ``event``; ``rounds`` (the paired round numbers) saves asking again."""
        self.shown_event = event
        self.round_numbers = tuple(rounds) if rounds is not None else None
        self.refresh()

    def _rounds(self) -> tuple[int, ...] | None:
        """The shown event's paired rounds (asked once per event shown); None, and the note
        says why, when no event is shown or the services refuse."""
        if self.shown_event is None:
            return None
        if self.round_numbers is None:
            from gin_scorer.services.errors import ServiceError
            from gin_scorer.services.rounds import list_rounds

            try:
                found = list_rounds(self.db, self.shown_event.id)
            except ServiceError as error:
                self._fail(error)
                return None
            self.round_numbers = tuple(r.number for r in found)
        return self.round_numbers

    def refresh(self) -> None:  # pragma: no cover - every view overrides it
        raise NotImplementedError

    def _open_from(self, view: QTableView) -> None:
        """Enter / double-click on a row with a match opens that match's score sheet."""
        view.activated.connect(self._row_chosen)

    def _row_chosen(self, index: QModelIndex) -> None:
        row = index.data(ROW_ROLE)
        match_id = getattr(row, "match_id", None)
        if isinstance(match_id, int):
            self.match_chosen.emit(match_id)

    def _fail(self, error: Exception) -> None:
        self.note.setText(translate("EventPage", "✖ {0}").format(error_text(error)))
        self.note.setStyleSheet(f"color: {tone(Tone.ERROR)};")
