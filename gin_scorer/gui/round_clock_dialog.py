"""Event → Round clock: how long the round lasts, and Start / Pause / Resume / Reset. The
dialog can stay open beside the sheet; the clock runs whether it is open or not."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.round_clock import RoundClock
from gin_scorer.gui.zoom import sized_text


class RoundClockDialog(QDialog):
    def __init__(
        self, clock: RoundClock, round_number: int | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.clock = clock
        self.round_number = round_number
        self.setWindowTitle(translate("RoundClockDialog", "Round clock"))
        self.minutes = QSpinBox()
        self.minutes.setObjectName("clockMinutes")
        self.minutes.setRange(1, 600)
        self.minutes.setSuffix(translate("RoundClockDialog", " minutes"))
        self.minutes.setValue(clock.minutes)
        self.minutes.setAccessibleName(
            translate("RoundClockDialog", "Length of the round in minutes")
        )
        self.shown = QLabel("")
        self.shown.setObjectName("clockShown")
        sized_text(self.shown, 22, bold=True)
        self.start_button = QPushButton(translate("RoundClockDialog", "&Start"))
        self.pause_button = QPushButton(translate("RoundClockDialog", "&Pause"))
        self.reset_button = QPushButton(translate("RoundClockDialog", "&Reset"))
        self.start_button.clicked.connect(self.start)
        self.pause_button.clicked.connect(self.pause_or_resume)
        self.reset_button.clicked.connect(clock.reset)
        form = QFormLayout()
        lasts = (
            translate("RoundClockDialog", "Round {0} lasts:").format(round_number)
            if round_number is not None
            else translate("RoundClockDialog", "The round lasts:")
        )
        form.addRow(lasts, self.minutes)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.pause_button, self.reset_button):
            buttons.addWidget(button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.shown)
        layout.addLayout(buttons)
        layout.addWidget(
            QLabel(
                translate(
                    "RoundClockDialog", "The projector (F11) and the status bar show the time left."
                )
            )
        )
        layout.addWidget(close)
        clock.ticked.connect(self.refresh)
        self.refresh()

    def start(self) -> None:
        """Start afresh: the full length, from now."""
        self.clock.start(self.minutes.value(), self.round_number)

    def pause_or_resume(self) -> None:
        if self.clock.running:
            self.clock.pause()
        else:
            self.clock.resume()

    def refresh(self) -> None:
        self.shown.setText(self.clock.text() or translate("RoundClockDialog", "not started"))
        self.pause_button.setText(
            translate("RoundClockDialog", "&Pause")
            if not self.clock.started or self.clock.running
            else translate("RoundClockDialog", "Res&ume")
        )
        self.pause_button.setEnabled(self.clock.started)
        self.start_button.setText(
            translate("RoundClockDialog", "Re&start")
            if self.clock.started
            else translate("RoundClockDialog", "&Start")
        )
