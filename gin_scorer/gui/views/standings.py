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
from gin_scorer.gui.queries import Reads
from gin_scorer.gui.rows_model import RowsModel, RowStyle
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.gui.views.base import EventPage, make_table
from gin_scorer.presentation.standings_table import missing_points_note, standings_columns
from gin_scorer.services.queries.standings import StandingRow
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView, NameOrder
from gin_scorer.services.support.written import Changes


def _standing_style(row: StandingRow) -> RowStyle | None:
    if row.withdrawn:
        return RowStyle(foreground=tone(Tone.MUTED))
    if row.place <= 3:
        return RowStyle(background=tone(Tone.PODIUM), bold=True)
    return None


class StandingsView(EventPage):
    def __init__(
        self, db: Database, parent: QWidget | None = None, *, reads: Reads | None = None
    ) -> None:
        super().__init__(db, parent, reads=reads)
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

    def moved(self, changes: Changes) -> bool:
        """A season's rows, a seat, a room link: the standings stay as they are."""
        return self.shown_event is not None and changes.moves_standings_of(self.shown_event.id)

    def asked(self) -> int | None:
        """The round the standings are after (None: the latest)."""
        chosen = self.after.currentData()
        return chosen if isinstance(chosen, int) else None

    def read(
        self, db: Database, event: EventView, rounds: tuple[int, ...], asked: object
    ) -> tuple[int | None, tuple[StandingRow, ...], NameOrder]:
        from gin_scorer.services.queries.standings import standings
        from gin_scorer.services.support.name_order import name_order

        after = asked if isinstance(asked, int) and asked in rounds else None
        return after, standings(db, event.id, after), name_order(db)

    def show_answer(self, answer: tuple[int | None, tuple[StandingRow, ...], NameOrder]) -> None:
        after, rows, order = answer
        if self.shown_event is None:
            return
        self._filling = True
        self.after.clear()
        self.after.addItem(translate("StandingsView", "latest"), None)
        for number in self.round_numbers or ():
            self.after.addItem(translate("StandingsView", "round {0}").format(number), number)
        self.after.setCurrentIndex(max(self.after.findData(after), 0))
        self._filling = False
        self.model.set_rows(rows, standings_columns(rows, order))
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
