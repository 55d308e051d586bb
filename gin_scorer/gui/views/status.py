"""The round status board: which tables are waiting, playing, finished or owe a result."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.queries import Reads
from gin_scorer.gui.rows_model import RowsModel, RowStyle
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.gui.views.base import make_table
from gin_scorer.gui.views.round_page import RoundPage
from gin_scorer.gui.zoom import sized_text
from gin_scorer.presentation.columns import ColumnSpec
from gin_scorer.presentation.round_status import STATUS_COLUMNS
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView
from gin_scorer.tournament.confirmation import Agreement
from gin_scorer.tournament.tables import StatusBoard, TableLine, TableState


def _status_style(line: TableLine) -> RowStyle | None:
    disputed = line.confirmation is not None and line.confirmation.agreement is Agreement.DISPUTED
    if line.state is TableState.WAITING or disputed:  # a disputed result: go to the table
        return RowStyle(background=tone(Tone.MISSING), bold=True)
    if line.state is TableState.PLAYING:
        return RowStyle(background=tone(Tone.PLAYING_ROW))
    return None


# A table of three's third player, beside the two the board always shows.
_C_COLUMN = ColumnSpec(QT_TRANSLATE_NOOP("columns", "C"), lambda t: t.c or "", align_left=True)


def board_columns(board: StatusBoard) -> list[ColumnSpec]:
    """The board's columns; with a C column after B when the round has tables of three."""
    if not any(t.c for t in board.lines):
        return STATUS_COLUMNS
    return [*STATUS_COLUMNS[:3], _C_COLUMN, *STATUS_COLUMNS[3:]]


def _summary(board: StatusBoard) -> str:
    """``Round 3: 12 finished, 3 playing, 1 waiting`` (and how many are disputed, if any)."""
    counts = (len(board.finished), len(board.playing), len(board.waiting))
    if board.disputed:
        return translate(
            "StatusView", "Round {0}: {1} finished, {2} playing, {3} waiting, {4} disputed"
        ).format(board.round_number, *counts, len(board.disputed))
    return translate("StatusView", "Round {0}: {1} finished, {2} playing, {3} waiting").format(
        board.round_number, *counts
    )


class StatusView(RoundPage):
    def __init__(
        self, db: Database, parent: QWidget | None = None, *, reads: Reads | None = None
    ) -> None:
        super().__init__(db, parent, reads=reads)
        self.model = RowsModel(STATUS_COLUMNS, self, _status_style)
        self.table = make_table(self.model)
        self.table.setAccessibleName(translate("StatusView", "Round status: each table's result"))
        self.table.setObjectName("statusBoard")
        self._open_from(self.table)
        self.summary = QLabel("")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.summary.setWordWrap(True)  # a long line must not widen the window past the screen
        sized_text(self.summary, 13)
        layout = QVBoxLayout(self)
        layout.addLayout(self.top)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)

    def read_lines(self, db: Database, event: EventView, number: int) -> StatusBoard:
        from gin_scorer.services.writes.rounds import round_status

        return round_status(db, event.id, number)

    def show_lines(self, number: int, lines: Any) -> None:
        board: StatusBoard = lines
        self.model.set_rows(board.lines, board_columns(board))
        self.title.setText(translate("StatusView", "Round {0} status").format(number))
        missing = board.missing
        text = _summary(board)
        if missing:
            tables = ", ".join(str(t.table) for t in missing if t.table is not None)
            text = translate("StatusView", "{0} — ⚠ missing a result: table {1}").format(
                text, tables
            )
        elif board.lines:
            text = translate("StatusView", "{0} — ✔ every table has its result").format(text)
        if board.disputed:  # the players said so at the table: the director goes there
            tables = ", ".join(str(t.table) for t in board.disputed if t.table is not None)
            text = translate(
                "StatusView", "{0} — ⚑ the players dispute the result at table {1}"
            ).format(text, tables)
        self.summary.setText(text)
        self.note.setText("")
