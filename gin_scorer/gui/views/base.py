"""The page every event view builds on: the event shown, its rounds, a title and a note, and a
row that opens its match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.queries import Query, Reads
from gin_scorer.gui.rows_model import ROW_ROLE, RowsModel
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.gui.zoom import sized_text
from gin_scorer.presentation.words import error_text
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView
from gin_scorer.services.support.written import Changes


def read_rounds(db: Database, event_id: int) -> tuple[int, ...]:
    """The event's paired rounds (on the worker)."""
    from gin_scorer.services.writes.rounds import list_rounds

    return tuple(r.number for r in list_rounds(db, event_id))


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
    that opens a row's match.

    A page reads what it shows on the worker (:meth:`read`, through the window's
    :class:`~gin_scorer.gui.queries.Reads`) and shows it on the GUI thread (:meth:`show_answer`);
    :meth:`asked` is what the director chose on the page (a round), read before the worker
    starts, since a worker never touches a widget."""

    match_chosen = Signal(int)  # a table's match, double-clicked or Enter: open its sheet

    def __init__(
        self, db: Database, parent: QWidget | None = None, *, reads: Reads | None = None
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.reads = reads if reads is not None else Reads(self)
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

    def concerned(self, event: EventView, changes: Changes | None) -> bool:
        """Whether ``changes`` (None: any) may change what this page shows for ``event``: a
        page showing another event, or none yet, always is."""
        shown = self.shown_event
        return changes is None or shown is None or shown.id != event.id or self.moved(changes)

    def moved(self, changes: Changes) -> bool:
        """Whether ``changes`` move this page's own event (a page may ask less of them)."""
        return self.shown_event is not None and changes.touches(self.shown_event.id)

    def refresh(self) -> None:
        """Read the page afresh on the worker; it shows itself when the answer is back (an
        answer overtaken by a newer read, or for another event, is dropped)."""
        event = self.shown_event
        if event is None:
            return
        db, rounds, asked = self.db, self.round_numbers, self.asked()

        def read() -> tuple[tuple[int, ...], object]:
            known = rounds if rounds is not None else read_rounds(db, event.id)
            return known, self.read(db, event, known, asked)

        self.reads.run(
            Query(
                self,
                read,
                self._answered,
                still=lambda: self.shown_event is not None and self.shown_event.id == event.id,
                on_error=self._refused,
            )
        )

    def _answered(self, answer: tuple[tuple[int, ...], object]) -> None:
        rounds, shown = answer
        self.round_numbers = rounds
        self.show_answer(shown)

    def asked(self) -> object:
        """What the director chose on the page, for :meth:`read` (nothing by default)."""
        return None

    def read(
        self, db: Database, event: EventView, rounds: tuple[int, ...], asked: object
    ) -> Any:  # pragma: no cover - every view overrides it
        """What the page shows, read through the services on the worker: frozen values only,
        and no widget touched."""
        raise NotImplementedError

    def show_answer(self, answer: Any) -> None:  # pragma: no cover - every view overrides it
        """Show what :meth:`read` returned (on the GUI thread)."""
        raise NotImplementedError

    def _refused(self, error: Exception) -> None:
        from gin_scorer.services.support.errors import ServiceError, StoreError

        if not isinstance(error, ServiceError | StoreError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        self._fail(error)

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
