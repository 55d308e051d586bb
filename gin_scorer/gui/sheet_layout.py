"""The score sheet laid out for a laptop (issue 35): compact rows, only the columns this
sheet's format has, the newest hand kept in sight, the current game's line in sight, and the
game lines' share of the pad where the director last dragged it.

Kept apart from :mod:`.match_panel`, which says what the sheet *holds*; this module decides
where it goes on the screen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QTableView

from gin_scorer.gui.score_sheet_model import ScoreSheetModel
from gin_scorer.gui.screen_fit import remember_splitter
from gin_scorer.gui.sheet_columns import Column, desk_sheet
from gin_scorer.gui.zoom import compact_rows
from gin_scorer.services.support.dto import ScoreSheet

_GAME_LINES = 3  # game lines in sight at first: Hollywood's three, a best of five's last three


class PadLayout:
    """The pad (a line per hand) over the game lines, in a splitter the director can drag."""

    def __init__(self, table: QTableView, games: QTableView) -> None:
        self.table = table
        self.games = games
        self.pad = QSplitter(Qt.Orientation.Vertical)
        self.pad.setObjectName("pad")
        self.pad.setChildrenCollapsible(False)
        self.pad.addWidget(table)
        self.pad.addWidget(games)
        # A taller window is more hands in sight; the game lines keep the room they have.
        self.pad.setStretchFactor(0, 1)
        self.pad.setStretchFactor(1, 0)
        self._placed = remember_splitter(self.pad, "pad")
        self.pad.splitterMoved.connect(self._dragged)
        for view in (table, games):
            compact_rows(view)
        # The newest hand in sight when a sheet opens and as hands come, until the director
        # scrolls up to read an older one (then the sheet stays where they put it).
        self._follow = True
        bar = table.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.valueChanged.connect(lambda value: self._scrolled(value, bar.maximum()))

    def show_columns(self, model: ScoreSheetModel, sheet: ScoreSheet) -> None:
        """Every column of this sheet shown, then the ones its format has no use for hidden:
        nothing hidden for the sheet shown before stays hidden (a Hollywood sheet after a
        Swiss one kept its first game's column hidden, where the Swiss sheet's notes were)."""
        for column in range(model.columnCount()):
            self.table.setColumnHidden(column, False)
        notes = model.column_of(Column.NOTES)  # no notes yet: the column would only take room
        self.table.setColumnHidden(
            notes, not any(model.index(row, notes).data() for row in range(model.rowCount()))
        )
        # What the format has no use for: Hollywood's one pair of totals (and a game number)
        # beside its games' running scores would only repeat game 1; a team match is one
        # game, its number says nothing.
        for column in desk_sheet(sheet.rules).hidden:
            if model.has_column(column):
                self.table.setColumnHidden(model.column_of(column), True)

    def follow_newest(self) -> None:
        """A sheet opened (or a hand added): its newest hand, and its current game, in sight."""
        self._follow = True
        self.table.scrollToBottom()
        last = self.games.model().rowCount() - 1
        if last >= 0:
            self.games.scrollTo(self.games.model().index(last, 0))

    def refit(self) -> None:
        """Column widths fitted to the texts (a new match, or the zoom changed), and the game
        lines' first height: their heading and three lines, until the director drags it."""
        for view in (self.table, self.games):
            view.resizeColumnsToContents()
            header = view.horizontalHeader()  # the last column takes the room left again
            header.setStretchLastSection(False)
            header.setStretchLastSection(True)
        if self._placed:
            return
        wanted = (
            self.games.horizontalHeader().sizeHint().height()
            + _GAME_LINES * self.games.verticalHeader().defaultSectionSize()
            + 2 * self.games.frameWidth()
        )
        whole = sum(self.pad.sizes()) or self.pad.height()
        self.pad.setSizes([max(whole - wanted, wanted), wanted])

    def _dragged(self) -> None:
        self._placed = True

    def _range_changed(self, _low: int, high: int) -> None:
        if self._follow:
            self.table.verticalScrollBar().setValue(high)

    def _scrolled(self, value: int, high: int) -> None:
        self._follow = value >= high
