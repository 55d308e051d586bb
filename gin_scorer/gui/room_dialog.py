"""Event → Open the room…: the room served from the desk — the players' phones follow the
pairings and standings live, and each table enters its own hands. The dialog says where the
room is (its address and a QR code to scan), lets the director choose who can reach it (this
computer only, or the venue's network) and stops it; closing the app stops it too."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.room_control import RoomControl
from gin_scorer.gui.zoom import sized_text
from gin_scorer.presentation.words import error_text
from gin_scorer.reports.qr import qr_modules
from gin_scorer.services.support.database import Database
from gin_scorer.web import DEFAULT_PORT
from gin_scorer.web.room_server import EVERY_NETWORK, THIS_COMPUTER, CannotListen

QUIET_ZONE = 4  # modules of white around a QR code, as the standard asks


def qr_pixmap(text: str, size: int) -> QPixmap:
    """``text`` as a QR code ``size`` pixels square, black on white with its quiet zone."""
    modules = qr_modules(text)
    count = len(modules) + 2 * QUIET_ZONE
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor("white"))
    painter = QPainter(pixmap)
    step = size / count
    for row, line in enumerate(modules):
        for column, dark in enumerate(line):
            if dark:
                x, y = (column + QUIET_ZONE) * step, (row + QUIET_ZONE) * step
                painter.fillRect(QRectF(x, y, step + 0.5, step + 0.5), QColor("black"))
    painter.end()
    return pixmap


class RoomDialog(QDialog):
    def __init__(
        self,
        control: RoomControl,
        db: Database,
        event_id: int,
        event_name: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.control, self.db, self.event_id = control, db, event_id
        self.setWindowTitle(translate("RoomDialog", "The room — {0}").format(event_name))
        about = QLabel(
            translate(
                "RoomDialog",
                "The players' phones open the room: where everyone sits, the tables' results "
                "and the standings, live; /projector for the wall. Each table enters its own "
                "hands from the code on its table tent (Reports → Table tents, printed while "
                "the room is open), and both players confirm the result there.",
            )
        )
        about.setWordWrap(True)
        self.only_here = QRadioButton(translate("RoomDialog", "This computer only"))
        self.venue = QRadioButton(
            translate("RoomDialog", "Everyone on this computer's networks (the venue's Wi-Fi)")
        )
        self.venue.setChecked(True)
        reach = QButtonGroup(self)
        for choice in (self.only_here, self.venue):
            reach.addButton(choice)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setAccessibleName(translate("RoomDialog", "Port the room listens on"))
        form = QFormLayout()
        form.addRow(translate("RoomDialog", "Who can open it:"), self.only_here)
        form.addRow("", self.venue)
        form.addRow(translate("RoomDialog", "Port:"), self.port)
        self.toggle = QPushButton()
        self.toggle.setObjectName("roomToggle")
        self.toggle.clicked.connect(self.start_or_stop)
        self.address = QLabel("")
        self.address.setObjectName("roomAddress")
        self.address.setTextFormat(Qt.TextFormat.PlainText)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        sized_text(self.address, 14, bold=True)
        self.code = QLabel("")
        self.code.setObjectName("roomCode")
        self.code.setAccessibleName(translate("RoomDialog", "QR code of the room's address"))
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(form)
        layout.addWidget(self.toggle)
        layout.addWidget(self.address)
        layout.addWidget(self.code)
        layout.addWidget(QLabel(translate("RoomDialog", "The room closes when you close the app.")))
        layout.addWidget(close)
        self.show_state()

    def start_or_stop(self) -> None:
        if self.control.running:
            self.control.stop()
            self.show_state()
            return
        host = EVERY_NETWORK if self.venue.isChecked() else THIS_COMPUTER
        try:
            self.control.start(self.db, self.event_id, host, self.port.value())
        except CannotListen as error:
            self.show_state(error_text(error))
            return
        self.show_state()

    def show_state(self, problem: str = "") -> None:
        server = self.control.server if self.control.running else None
        for choice in (self.only_here, self.venue, self.port):
            choice.setEnabled(server is None)
        if server is None:
            self.toggle.setText(translate("RoomDialog", "&Open the room"))
            self.address.setText(problem or translate("RoomDialog", "The room is closed."))
            self.code.clear()
            return
        self.toggle.setText(translate("RoomDialog", "&Close the room"))
        addresses = server.addresses
        lines = [translate("RoomDialog", "The room is open at:"), *addresses]
        if server.host == THIS_COMPUTER:
            lines.append(translate("RoomDialog", "(only this computer can open it)"))
        self.address.setText("\n".join(lines))
        self.code.setPixmap(qr_pixmap(addresses[0], 220))
