"""Club → Players: every person of the registry with their rating, a find box, the chosen
player's page, merging a duplicate record, printing the page and exporting the ratings."""

from __future__ import annotations

from operator import attrgetter
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.background import wait_for
from gin_scorer.gui.club_player_page import PlayerPage, fill_table, read_only_table
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.club_words import rating_text
from gin_scorer.presentation.names import by_name
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, error_text
from gin_scorer.services.queries.players import PlayerView
from gin_scorer.services.queries.ratings import RatingRow
from gin_scorer.services.support.database import Database

COLUMNS = [  # translated where shown
    QT_TRANSLATE_NOOP("PlayersTab", "Name"),
    QT_TRANSLATE_NOOP("PlayersTab", "Club"),
    QT_TRANSLATE_NOOP("PlayersTab", "Member"),
    QT_TRANSLATE_NOOP("PlayersTab", "Events"),
    QT_TRANSLATE_NOOP("PlayersTab", "Rating"),
    "±",
    QT_TRANSLATE_NOOP("PlayersTab", "Rated matches"),
]


class PlayersTab(QWidget):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.players: list[PlayerView] = []
        self.ratings: dict[int, RatingRow] = {}
        self.search = QLineEdit()
        self.search.setObjectName("playerFind")
        self.search.setPlaceholderText(
            translate("PlayersTab", "Find a player: name, club or number")
        )
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.show_rows)
        self.table: QTableWidget = read_only_table("playersTable")
        self.table.setAccessibleName(translate("PlayersTab", "Players"))
        self.table.itemSelectionChanged.connect(self.open_selected)
        self.page = PlayerPage()
        self.merge_button = QPushButton(
            translate("PlayersTab", "&Merge a duplicate into this one…")
        )
        self.print_button = QPushButton(translate("PlayersTab", "&Print this page…"))
        self.export_button = QPushButton(translate("PlayersTab", "Export &ratings (CSV)…"))
        self.merge_button.clicked.connect(self.merge_into_selected)
        self.print_button.clicked.connect(self.print_page)
        self.export_button.clicked.connect(self.export_ratings)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.search)
        column.addWidget(self.table)
        column.addWidget(self.export_button)
        right = QWidget()
        page_column = QVBoxLayout(right)
        page_column.setContentsMargins(0, 0, 0, 0)
        page_column.addWidget(self.page, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.merge_button)
        buttons.addWidget(self.print_button)
        buttons.addStretch(1)
        page_column.addLayout(buttons)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        QVBoxLayout(self).addWidget(split)

    def refresh(self) -> None:
        from gin_scorer.services.queries.players import list_players
        from gin_scorer.services.queries.ratings import rating_rows
        from gin_scorer.services.support.name_order import name_order

        players, rated, order = wait_for(
            lambda: (list_players(self.db), rating_rows(self.db), name_order(self.db))
        )
        self.players = by_name(players, attrgetter("name"), order)  # decision 0024
        self.ratings = {r.player_id: r for r in rated}
        self.show_rows()

    def shown_players(self) -> list[PlayerView]:
        wanted = " ".join(self.search.text().split()).casefold()
        return [
            p
            for p in self.players
            if not wanted or wanted in f"{p.name} {p.club} {p.member_number}".casefold()
        ]

    def show_rows(self) -> None:
        rows = []
        for player in self.shown_players():
            rated = self.ratings.get(player.id)
            rows.append(
                [
                    player.name,
                    player.club,
                    player.member_number,
                    str(player.events),
                    rating_text(rated.rating, rated.provisional) if rated else "",
                    str(rated.uncertainty) if rated else "",
                    str(rated.matches) if rated else "0",
                ]
            )
        self.table.blockSignals(True)
        columns = [translate("PlayersTab", heading) for heading in COLUMNS]
        fill_table(self.table, columns, rows, (3, 4, 5, 6))
        self.table.blockSignals(False)
        self.merge_button.setEnabled(False)
        self.print_button.setEnabled(False)
        self.page.show_record(None)

    def selected(self) -> PlayerView | None:
        rows = self.table.selectionModel().selectedRows()
        shown = self.shown_players()
        return shown[rows[0].row()] if rows and rows[0].row() < len(shown) else None

    def open_selected(self) -> None:
        from gin_scorer.services.queries.player_record import player_record

        player = self.selected()
        if player is None:
            return
        self.page.show_record(wait_for(lambda: player_record(self.db, player.id)))
        self.merge_button.setEnabled(True)
        self.print_button.setEnabled(True)

    def merge_into_selected(self) -> None:
        from gin_scorer.gui.pin_prompt import with_pin
        from gin_scorer.services.support.errors import ServiceError
        from gin_scorer.services.writes.player_merge import merge_players

        keep = self.selected()
        if keep is None:
            return
        others = [p for p in self.players if p.id != keep.id]
        labels = [
            translate("PlayersTab", "{0} — #{1}, 1 event").format(p.label, p.id)
            if p.events == 1
            else translate("PlayersTab", "{0} — #{1}, {2} events").format(p.label, p.id, p.events)
            for p in others
        ]
        chosen, ok = QInputDialog.getItem(
            self,
            translate("PlayersTab", "Merge a duplicate"),
            translate("PlayersTab", "Which record is also {0}? Its entries move to {0}.").format(
                keep.name
            ),
            labels,
            0,
            False,
        )
        if not ok or not chosen:
            return
        gone = others[labels.index(chosen)]
        try:
            merged = with_pin(  # the merge on a worker; the PIN, when wanted, asked here
                self,
                lambda pin: wait_for(lambda: merge_players(self.db, keep.id, gone.id, pin=pin)),
            )
        except ServiceError as error:
            QMessageBox.warning(self, translate("PlayersTab", "Merge"), error_text(error))
            return
        if merged is not None:
            self.refresh()

    def print_page(self) -> None:
        player = self.selected()
        if player is None:
            return
        save_pdf(self, self.db, "player-page", f"{player.name}.pdf", player_id=player.id)

    def export_ratings(self) -> None:
        from gin_scorer.services.queries.ratings import rating_rows, ratings_csv
        from gin_scorer.services.support.spreadsheet_csv import write_csv_file

        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("PlayersTab", "Export the ratings"),
            str(Path.home() / "ratings.csv"),
            translate("PlayersTab", "CSV (*.csv)"),
        )
        if path:
            try:
                write_csv_file(Path(path), ratings_csv(wait_for(lambda: rating_rows(self.db))))
            except OSError as error:
                QMessageBox.warning(self, translate("PlayersTab", "Export"), error_text(error))


def save_pdf(
    parent: QWidget,
    db: Database,
    kind: str,
    suggested: str,
    *,
    season_id: int | None = None,
    player_id: int | None = None,
) -> None:
    """Ask where, then write the ``kind`` report there (on a worker)."""
    from gin_scorer.reports import ReportError, build, request_for

    path, _ = QFileDialog.getSaveFileName(
        parent,
        translate("PlayersTab", "Save as PDF"),
        str(Path.home() / suggested),
        translate("PlayersTab", "PDF (*.pdf)"),
    )
    if not path:
        return
    try:
        request = request_for(kind, season_id=season_id, player_id=player_id)
        wait_for(lambda: build(request, db, path))
    except (ReportError, OSError) as error:
        QMessageBox.warning(parent, translate("PlayersTab", "Print"), error_text(error))
