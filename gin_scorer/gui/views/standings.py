"""The standings: places under the event's tie-breaks, as they stand now or after a round."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.rows_model import RowsModel, RowStyle
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.gui.views.base import EventPage, make_table
from gin_scorer.presentation.standings_table import missing_points_note, standings_columns
from gin_scorer.services.database import Database
from gin_scorer.services.standings import StandingRow


def _standing_style(row: StandingRow) -> RowStyle | None:
    if row.withdrawn:
        return RowStyle(foreground=tone(Tone.MUTED))
    if row.place <= 3:
        return RowStyle(background=tone(Tone.PODIUM), bold=True)
    return None


class StandingsView(EventPage):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
        self.model = RowsModel(standings_columns(()), self, _standing_style)
        self.table = make_table(self.model)
        self.table.setAccessibleName(translate("StandingsView", "Standings"))
        self.table.setObjectName("standingsTable")
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.after = QComboBox()
        self.after.setAccessibleName(translate("StandingsView", "Standings after round"))
        self.after.currentIndexChanged.connect(self._round_chosen)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(QLabel(translate("StandingsView", "after:")))
        top.addWidget(self.after)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        self._filling = False

    def refresh(self) -> None:
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.standings import standings

        rounds = self._rounds()
        if rounds is None or self.shown_event is None:
            return
        chosen = self.after.currentData()
        self._filling = True
        self.after.clear()
        self.after.addItem(translate("StandingsView", "latest"), None)
        for number in rounds:
            self.after.addItem(translate("StandingsView", "round {0}").format(number), number)
        index = self.after.findData(chosen)
        self.after.setCurrentIndex(max(index, 0))
        self._filling = False
        try:
            rows = standings(self.db, self.shown_event.id, self.after.currentData())
        except ServiceError as error:
            self._fail(error)
            return
        self.model.set_rows(rows, standings_columns(rows))
        self.title.setText(
            translate("StandingsView", "Standings — {0}").format(self.shown_event.name)
        )
        shared = sum(1 for r in rows if r.shared)
        self.note.setStyleSheet("")
        self.note.setText(
            translate("StandingsView", "{0} entrants").format(len(rows))
            + (
                translate("StandingsView", "; {0} share a place (marked “=”)").format(shared)
                if shared
                else ""
            )
            + translate("StandingsView", ". Click a column heading to sort.")
            + (
                translate("StandingsView", "\n{0}").format(missing)
                if (missing := missing_points_note(rows))
                else ""
            )
        )

    def _round_chosen(self) -> None:
        if not self._filling:
            self.refresh()
