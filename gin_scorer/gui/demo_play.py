"""“Try a demo event”: :func:`gin_scorer.services.writes.demo.play_demo` on a worker thread, with a
progress dialog whose Cancel stops the run between two matches.

The run writes through the same services as the desk (its own transactions, so the window
keeps reading while it plays). Cancelled, the rounds already played stay in the database, and
the window opens the event as far as it got.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from gin_scorer.gui.background import Operation, Report, in_background
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.demo_words import demo_summary
from gin_scorer.presentation.words import error_text, say
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.errors import ServiceError, StoreError
from gin_scorer.services.writes.demo import (
    DemoCancelled,
    DemoPlan,
    DemoProgress,
    DemoResult,
    play_demo,
)

DEMO_ENTRANTS = 16
# One game to 100 a match: a 16-player demo plays in seconds (GRA matches take far longer).
DEMO_PRESET = "wikipedia-standard"


def demo_plan(entrants: int = DEMO_ENTRANTS) -> DemoPlan:
    """The app's demo: a Swiss of ``entrants`` over the usual ceil(log2 N) rounds."""
    rounds = max(1, math.ceil(math.log2(max(entrants, 2))))
    return DemoPlan(entrants=entrants, rounds=rounds, preset=DEMO_PRESET)


class DemoPlay(QObject):
    """One run of the demo; ``running`` until it has finished, failed or been stopped."""

    rounds_done = Signal(int, int)  # rounds played, rounds in all
    finished = Signal(bool, str)  # ok, the sentence for the welcome page

    def __init__(
        self,
        db: Database,
        parent: QWidget,
        *,
        on_finished: Callable[[bool, str], None],
        plan: DemoPlan | None = None,
    ) -> None:
        super().__init__(parent)
        self.plan = plan or demo_plan()
        self._db = db
        self._stop = threading.Event()
        self.dialog = QProgressDialog(
            translate("DemoPlay", "Playing a simulated {0}-player Swiss event…").format(
                self.plan.entrants
            ),
            translate("DemoPlay", "Stop"),
            0,
            self.plan.rounds or 0,
            parent,
        )
        self.dialog.setWindowTitle(translate("DemoPlay", "Demo event"))
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(0)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.canceled.connect(self._stop.set)
        self.finished.connect(on_finished)
        self.operation: Operation[DemoResult] = in_background(
            self._play, on_done=self._done, on_error=self._failed, on_progress=self._progress
        )
        self.dialog.show()

    @property
    def running(self) -> bool:
        return self.operation.running

    def stop(self) -> None:
        """What the dialog's Stop does: the run ends after the match being played."""
        self._stop.set()

    def _play(self, report: Report) -> DemoResult:
        return play_demo(self._db, self.plan, progress=report, cancelled=self._stop.is_set)

    def _progress(self, value: object) -> None:
        if not isinstance(value, DemoProgress):
            return
        total = value.rounds_total or 0
        # First: a window-modal dialog's setValue runs the event loop, which may deliver the
        # next round's report (or the end) before this one is told.
        self.rounds_done.emit(value.rounds_done, total)
        self.dialog.setLabelText(say(value.message))
        self.dialog.setMaximum(total)
        self.dialog.setValue(value.rounds_done)

    def _done(self, result: DemoResult) -> None:
        self.dialog.close()
        self.finished.emit(True, demo_summary(result))

    def _failed(self, error: Exception) -> None:
        self.dialog.close()
        if isinstance(error, DemoCancelled):
            said = error_text(error)
            self.finished.emit(True, f"{said[:1].upper()}{said[1:]}.")
        elif isinstance(error, ServiceError | StoreError):
            failed = translate("DemoPlay", "The demo could not be played: {0}")
            self.finished.emit(False, failed.format(error_text(error)))
        else:
            raise error  # a fault of ours: the app's fault handler logs it and says so
