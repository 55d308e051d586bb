"""The page of one round, with a round chooser: what the pairings and the status board share."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.views.base import EventPage
from gin_scorer.services.database import Database


class RoundPage(EventPage):
    """Pairings or status of one round, with a round chooser."""

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
        self.round_box = QComboBox()
        self.round_box.setAccessibleName(translate("RoundPage", "Round shown"))
        self.round_box.setObjectName("roundBox")
        self.round_box.currentIndexChanged.connect(self._round_chosen)
        self._filling = False
        self.top = QHBoxLayout()
        self.top.addWidget(self.title, 1)
        self.top.addWidget(QLabel(translate("RoundPage", "round:")))
        self.top.addWidget(self.round_box)

    def current_round(self) -> int | None:
        data = self.round_box.currentData()
        return int(data) if data is not None else None

    def show_round(self, number: int) -> None:
        index = self.round_box.findData(number)
        if index >= 0:
            self.round_box.setCurrentIndex(index)

    def refresh(self) -> None:
        rounds = self._rounds()
        if rounds is None:
            return
        chosen = self.current_round()
        # Showing the latest round follows the latest: a new round shows itself once paired.
        count = self.round_box.count()
        if count and chosen == self.round_box.itemData(count - 1):
            chosen = None
        self._filling = True
        self.round_box.clear()
        for number in rounds:
            self.round_box.addItem(f"{number}", number)
        if rounds:
            index = self.round_box.findData(chosen) if chosen is not None else -1
            self.round_box.setCurrentIndex(index if index >= 0 else len(rounds) - 1)
        self._filling = False
        current = self.current_round()
        if current is None:
            self.show_nothing()
        else:
            self.show_lines(current)

    def _round_chosen(self) -> None:
        if not self._filling and self.current_round() is not None:
            self.show_lines(self.current_round())

    def show_lines(self, number: int | None) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def show_nothing(self) -> None:
        self.note.setStyleSheet("")
        self.note.setText(
            translate("RoundPage", "No round paired yet: Event → Start next round (Ctrl+R).")
        )
