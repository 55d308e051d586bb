"""Club → Seasons: a season's table as it stands, its events and knobs, printed or shown on
the projector."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.background import wait_for
from gin_scorer.gui.club_player_page import fill_table, read_only_table
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.screen_fit import show_full_screen
from gin_scorer.presentation import club_words as words
from gin_scorer.presentation.words import error_text
from gin_scorer.services.queries.seasons import SeasonStanding, SeasonView
from gin_scorer.services.support.database import Database

if TYPE_CHECKING:
    from gin_scorer.tournament.season import SeasonScoring


class SeasonsTab(QWidget):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.seasons: list[SeasonView] = []
        self.standing: SeasonStanding | None = None
        self.choice = QComboBox()
        self.choice.setObjectName("seasonChoice")
        self.choice.setAccessibleName(translate("SeasonsTab", "Season"))
        self.choice.currentIndexChanged.connect(self.show_season)
        self.summary = QLabel("")
        self.summary.setObjectName("seasonSummary")
        self.summary.setWordWrap(True)
        self.table = read_only_table("seasonTable")
        self.table.horizontalHeader().setStretchLastSection(False)  # points beside the rest
        self.notes = QLabel("")
        self.notes.setObjectName("seasonNotes")
        self.notes.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("SeasonsTab", "Season:")))
        row.addWidget(self.choice, 1)
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, slot in (
            ("new", translate("SeasonsTab", "&New season…"), self.new_season),
            ("events", translate("SeasonsTab", "&Events…"), self.choose_events),
            ("scoring", translate("SeasonsTab", "&Scoring…"), self.change_scoring),
            ("print", translate("SeasonsTab", "&Print table…"), self.print_table),
            ("projector", translate("SeasonsTab", "Show on the p&rojector"), self.projector),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            self.buttons[key] = button
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.notes)
        layout.addLayout(buttons)

    def refresh(self, select: int | None = None) -> None:
        from gin_scorer.services.queries.seasons import list_seasons

        self.seasons = list(wait_for(lambda: list_seasons(self.db)))
        self.choice.blockSignals(True)
        self.choice.clear()
        for season in self.seasons:
            self.choice.addItem(season.name, season.id)
        if select is not None:
            self.choice.setCurrentIndex(max(0, self.choice.findData(select)))
        self.choice.blockSignals(False)
        self.show_season()

    def current(self) -> SeasonView | None:
        index = self.choice.currentIndex()
        return self.seasons[index] if 0 <= index < len(self.seasons) else None

    def show_season(self) -> None:
        from gin_scorer.services.queries.seasons import season_standing

        season = self.current()
        for key in ("events", "scoring", "print", "projector"):
            self.buttons[key].setEnabled(season is not None)
        if season is None:
            self.standing = None
            self.summary.setText(
                translate(
                    "SeasonsTab",
                    "No season yet: New season… makes one, then Events… "
                    "chooses the club nights and tournaments it counts.",
                )
            )
            fill_table(self.table, [], [])
            self.notes.setText("")
            return
        standing = wait_for(lambda: season_standing(self.db, season.id))
        self.standing = standing
        self.summary.setText(words.season_scoring_line(standing))
        columns = words.season_columns(standing)
        rows = [words.season_cells(standing, r) for r in standing.rows]
        fill_table(self.table, columns, rows, [0, *range(2, len(columns))])
        _points_bold(self.table)
        self.notes.setText("\n".join(words.season_notes(standing)))

    def new_season(self) -> None:
        from gin_scorer.gui.season_dialog import SeasonDialog
        from gin_scorer.tournament.season import SeasonScoring

        dialog = SeasonDialog(SeasonScoring(), "", self)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.scoring is None:
            return
        scoring, name = dialog.scoring, dialog.name.text()
        made = self._changed(lambda pin: _create(self.db, name, scoring, pin))
        if made is not None:
            self.refresh(select=made.id)

    def choose_events(self) -> None:
        from gin_scorer.gui.season_dialog import SeasonEventsDialog
        from gin_scorer.services.writes.events import list_events

        season = self.current()
        if season is None:
            return
        dialog = SeasonEventsDialog(wait_for(lambda: list_events(self.db)), season.event_ids, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        ticked = dialog.ticked()
        add = [e for e in ticked if e not in season.event_ids]
        remove = [e for e in season.event_ids if e not in ticked]
        if self._changed(lambda pin: _events(self.db, season.id, add, remove, pin)) is not None:
            self.refresh(select=season.id)

    def change_scoring(self) -> None:
        from gin_scorer.gui.season_dialog import SeasonDialog

        season = self.current()
        if season is None:
            return
        dialog = SeasonDialog(season.scoring, None, self)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.scoring is None:
            return
        scoring = dialog.scoring
        if self._changed(lambda pin: _scoring(self.db, season.id, scoring, pin)) is not None:
            self.refresh(select=season.id)

    def _changed(self, call: Callable[[str | None], SeasonView]) -> SeasonView | None:
        from gin_scorer.gui.pin_prompt import with_pin
        from gin_scorer.services.support.errors import ServiceError

        try:  # the PIN asked here, each try on a worker
            return with_pin(self, lambda pin: wait_for(lambda: call(pin)))
        except ServiceError as error:
            QMessageBox.warning(self, translate("SeasonsTab", "Season"), error_text(error))
            return None

    def print_table(self) -> None:
        from gin_scorer.gui.club_players import save_pdf

        season = self.current()
        if season is not None:
            save_pdf(self, self.db, "season", f"{season.name}.pdf", season_id=season.id)

    def projector(self) -> None:
        """The season's table full screen, in large type, for the wall."""
        from gin_scorer.gui.projector_screen import choose_screen

        if self.standing is None:
            return
        screen = choose_screen(self)
        if screen is None:
            return
        wall = QDialog(self)
        wall.setObjectName("seasonProjector")
        wall.setWindowTitle(self.standing.season.name)
        title = QLabel(self.standing.season.name)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        table = read_only_table("seasonProjectorTable")
        columns = words.season_columns(self.standing)
        rows = [words.season_cells(self.standing, r) for r in self.standing.rows]
        fill_table(table, columns, rows, [0, *range(2, len(columns))])
        for widget, size in ((title, 32), (table, 20)):
            font = QFont(widget.font())
            font.setPointSize(size)
            widget.setFont(font)
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        layout = QVBoxLayout(wall)
        layout.addWidget(title)
        layout.addWidget(table, 1)
        show_full_screen(wall, screen)


def _points_bold(table: QTableWidget) -> None:
    """The points, the column the table is ranked by, in bold."""
    last = table.columnCount() - 1
    for row in range(table.rowCount()):
        item = table.item(row, last)
        if item is not None:
            font = item.font()
            font.setBold(True)
            item.setFont(font)


def _create(db: Database, name: str, scoring: SeasonScoring, pin: str | None) -> SeasonView:
    from gin_scorer.services.writes.season_changes import create_season

    return create_season(db, name, scoring, pin=pin)


def _events(
    db: Database, season_id: int, add: list[int], remove: list[int], pin: str | None
) -> SeasonView:
    from gin_scorer.services.writes.season_changes import set_season_events

    return set_season_events(db, season_id, add, remove, pin=pin)


def _scoring(db: Database, season_id: int, scoring: SeasonScoring, pin: str | None) -> SeasonView:
    from gin_scorer.services.writes.season_changes import set_season_scoring

    return set_season_scoring(db, season_id, scoring, pin=pin)
