"""The first page: what to do on a fresh start, and the events already in the database."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.dialog_parts import problem_style
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.event_words import format_words
from gin_scorer.services.support.dto import EventView


class WelcomePage(QWidget):
    new_event = Signal()
    open_database = Signal()
    try_demo = Signal()
    event_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel(
            translate(
                "WelcomePage",
                "<h1>Gin Scorer</h1><p>Score keeping for Gin Rummy tournaments and clubs.</p>",
            )
        )
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.new_button = QPushButton(translate("WelcomePage", "New event…"))
        self.open_button = QPushButton(translate("WelcomePage", "Open…"))
        self.demo_button = QPushButton(translate("WelcomePage", "Try a demo event"))
        for button in (self.new_button, self.open_button, self.demo_button):
            button.setMinimumHeight(44)
            button.setMinimumWidth(190)
            button.setStyleSheet("font-size: 13pt;")
        self.new_button.setObjectName("welcomeNew")
        self.demo_button.setObjectName("welcomeDemo")
        self.new_button.clicked.connect(self.new_event)
        self.open_button.clicked.connect(self.open_database)
        self.demo_button.clicked.connect(self.try_demo)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.new_button, self.open_button, self.demo_button):
            buttons.addWidget(button)
        buttons.addStretch(1)

        self.message = QLabel("")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)

        self.events_label = QLabel(
            translate("WelcomePage", "<b>Events in this database</b> (Enter or double-click opens)")
        )
        self.events = QListWidget()
        self.events.setObjectName("welcomeEvents")
        self.events_label.setBuddy(self.events)
        self.events.setMinimumWidth(720)
        self.events.setMaximumHeight(260)
        self.events.itemActivated.connect(self._chosen)

        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(title)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        layout.addSpacing(16)
        layout.addWidget(self.events_label, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.events, 2, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)

    def set_events(self, events: Sequence[EventView]) -> None:
        self.events.clear()
        for event in events:
            when = (
                event.start_date.isoformat()
                if event.start_date
                else translate("WelcomePage", "no date")
            )
            entrants = (
                translate("WelcomePage", "1 entrant")
                if event.entrant_count == 1
                else translate("WelcomePage", "{0} entrants").format(event.entrant_count)
            )
            kind = format_words(event.format)
            text = f"{event.name} — {when} · {kind} · {entrants} · {event.rules.name}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, event.id)
            self.events.addItem(item)
        self.events_label.setVisible(bool(events))
        self.events.setVisible(bool(events))

    def _chosen(self, item: QListWidgetItem) -> None:
        self.event_chosen.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.message.setText(("✖ " if error else "") + text)
        self.message.setStyleSheet(problem_style() if error else "")
