"""Club: the people and seasons between events — the registry of players with each one's
page and rating, and the seasons' tables. One window, beside the desk's."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTabWidget, QVBoxLayout, QWidget

from gin_scorer.gui.club_players import PlayersTab
from gin_scorer.gui.club_seasons import SeasonsTab
from gin_scorer.gui.i18n import translate
from gin_scorer.services.database import Database


class ClubWindow(QDialog):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clubWindow")
        self.db = db
        self.setWindowTitle(translate("ClubWindow", "Club: players and seasons"))
        self.tabs = QTabWidget()
        self.players = PlayersTab(db)
        self.seasons = SeasonsTab(db)
        self.tabs.addTab(self.players, translate("ClubWindow", "&Players and ratings"))
        self.tabs.addTab(self.seasons, translate("ClubWindow", "&Seasons"))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(close)
        self.resize(1100, 700)

    def show_tab(self, key: str) -> None:
        """Show the window on the players' or the seasons' tab, read afresh."""
        if key == "seasons":
            self.seasons.refresh()
        else:
            self.players.refresh()
        self.tabs.setCurrentWidget(self.seasons if key == "seasons" else self.players)
        self.show()
        self.raise_()
        self.activateWindow()
