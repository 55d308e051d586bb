"""The round clock: the time left in the round, counted down at the desk and shown on the
projector and in the status bar; the director starts, pauses, resumes and resets it.

It is the desk's own (monotonic time, so changing the computer's clock does not move it) and
ends with the app: a clock is a convenience for the room, not a fact of the event.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.projector_pages import ClockReading, clock_text


class RoundClock(QObject):
    """Counts down ``minutes``; ``ticked`` every second while it runs (and on every change)."""

    ticked = Signal()

    def __init__(
        self, parent: QObject | None = None, *, now: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__(parent)
        self._now = now
        self.minutes = 50
        self.round_number: int | None = None
        self._ends_at: float | None = None  # running: when it reaches zero
        self._left: float | None = None  # paused or not started: what is left
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.ticked.emit)

    @property
    def running(self) -> bool:
        return self._ends_at is not None

    @property
    def started(self) -> bool:
        return self._ends_at is not None or self._left is not None

    def seconds_left(self) -> float | None:
        """What is left (negative past time); None when no clock was started."""
        if self._ends_at is not None:
            return self._ends_at - self._now()
        return self._left

    def reading(self) -> ClockReading | None:
        """The clock for a page that counts down by itself (the room); None when not started.
        Safe to call from the room's thread: it only reads numbers."""
        left, ends_at = self.seconds_left(), self._ends_at
        if left is None:
            return None
        mark = (self.round_number, ends_at, None if ends_at is not None else left)
        return ClockReading(self.round_number, left, ends_at is None, mark)

    def text(self) -> str:
        """``Round 3 · 23:05 left``, ``… · paused 10:00``, ``… · time``; "" when not started."""
        shown = clock_text(self.seconds_left(), paused=self.started and not self.running)
        if not shown or self.round_number is None:
            return shown
        return translate("RoundClock", "Round {0} · {1}").format(self.round_number, shown)

    def start(self, minutes: int, round_number: int | None) -> None:
        """A fresh count of ``minutes`` for ``round_number``, running now."""
        self.minutes = minutes
        self.round_number = round_number
        self._left = None
        self._ends_at = self._now() + minutes * 60
        self._timer.start()
        self.ticked.emit()

    def pause(self) -> None:
        if self._ends_at is not None:
            self._left = max(0.0, self._ends_at - self._now())
            self._ends_at = None
            self._timer.stop()
            self.ticked.emit()

    def resume(self) -> None:
        if self._ends_at is None and self._left is not None:
            self._ends_at = self._now() + self._left
            self._left = None
            self._timer.start()
            self.ticked.emit()

    def reset(self) -> None:
        """No clock: the projector and the status bar show none."""
        self._ends_at = self._left = None
        self._timer.stop()
        self.ticked.emit()
