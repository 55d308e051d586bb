"""The page of one round, with a round chooser: what the pairings and the status board share."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.queries import Reads
from gin_scorer.gui.views.base import EventPage
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView


class RoundPage(EventPage):
    """Pairings or status of one round, with a round chooser."""

    def __init__(
        self, db: Database, parent: QWidget | None = None, *, reads: Reads | None = None
    ) -> None:
        super().__init__(db, parent, reads=reads)
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

    def asked(self) -> int | None:
        """The round chosen; None while the latest is shown, so a new round shows itself
        once paired."""
        chosen = self.current_round()
        count = self.round_box.count()
        if count and chosen == self.round_box.itemData(count - 1):
            return None
        return chosen

    def read(
        self, db: Database, event: EventView, rounds: tuple[int, ...], asked: object
    ) -> tuple[int | None, object]:
        """The round to show (the one chosen, else the latest) and its lines."""
        number = asked if asked in rounds else (rounds[-1] if rounds else None)
        if not isinstance(number, int):
            return None, None
        return number, self.read_lines(db, event, number)

    def show_answer(self, answer: tuple[int | None, object]) -> None:
        number, lines = answer
        rounds = self.round_numbers or ()
        self._filling = True
        self.round_box.clear()
        for each in rounds:
            self.round_box.addItem(f"{each}", each)
        if number is not None:
            self.round_box.setCurrentIndex(self.round_box.findData(number))
        self._filling = False
        if number is None:
            self.show_nothing()
        else:
            self.show_lines(number, lines)

    def _round_chosen(self) -> None:
        if not self._filling and self.current_round() is not None:
            self.refresh()

    def read_lines(
        self, db: Database, event: EventView, number: int
    ) -> object:  # pragma: no cover - overridden
        """What the page shows of round ``number``, read on the worker."""
        raise NotImplementedError

    def show_lines(self, number: int, lines: Any) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def show_nothing(self) -> None:
        self.note.setStyleSheet("")
        self.note.setText(
            translate("RoundPage", "No round paired yet: Event → Start next round (Ctrl+R).")
        )
