"""Club: the people and seasons between events — the registry of players with each one's
page and rating, and the seasons' tables. One window, beside the desk's."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTabWidget, QVBoxLayout, QWidget

from gin_scorer.gui.club_players import PlayersTab
from gin_scorer.gui.club_seasons import SeasonsTab
from gin_scorer.gui.i18n import translate
from gin_scorer.services.support.database import Database


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
        # Each tab reads the database when first looked at (the ratings read every event),
        # and again when the Club menu shows it; never twice for one look.
        self._read: set[PlayersTab | SeasonsTab] = set()
        self.tabs.currentChanged.connect(self._first_look)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(close)
        self.resize(1100, 700)

    def _read_tab(self, tab: PlayersTab | SeasonsTab) -> None:
        self._read.add(tab)
        tab.refresh()

    def _first_look(self, index: int) -> None:
        tab = self.seasons if self.tabs.widget(index) is self.seasons else self.players
        if tab not in self._read:
            self._read_tab(tab)

    def show_tab(self, key: str) -> None:
        """Show the window on the players' or the seasons' tab, read afresh."""
        tab = self.seasons if key == "seasons" else self.players
        self._read_tab(tab)
        self.tabs.setCurrentWidget(tab)
        self.show()
        self.raise_()
        self.activateWindow()
