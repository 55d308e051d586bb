"""The age of the newest backup in the status bar, and a failed backup said once.

``Backed up 4 min ago`` while all is well; the failure's sentence, in the error tone, from the
moment an automatic backup fails (or writes wait too long for one) until one succeeds. The
label reads the database's backup news on the UI thread every few seconds: the backups are
made on workers, and the news is safe to read from any thread, so no signal has to cross
threads and no database is asked anything here.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from gin_scorer.gui.tones import Tone, tone
from gin_scorer.presentation.backup_words import backup_state

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database

LOOK_MS = 5000


class BackupStatus(QLabel):
    """Follows one open database's backups; :attr:`failed` carries a new failure's words."""

    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("backupStatus")
        self._db: Database | None = None
        self._said: object = None  # the failure last said, so each is said once
        self._timer = QTimer(self)
        self._timer.setInterval(LOOK_MS)
        self._timer.timeout.connect(self.refresh)

    def watch(self, db: Database | None) -> None:
        self._db = db
        self._said = None
        if db is None:
            self._timer.stop()
            self.clear()
            return
        self._timer.start()
        self.refresh()

    def refresh(self) -> None:
        if self._db is None:
            return
        news = self._db.backup_news
        text, warning = backup_state(news.newest_good_at, datetime.now(UTC), failure=news.failure)
        self.setText(text)
        self.setStyleSheet(f"color: {tone(Tone.ERROR)};" if warning else "")
        if news.failure is not None and news.failure != self._said:
            self.failed.emit(text)
        self._said = news.failure
