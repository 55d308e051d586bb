"""Work off the UI thread: a service call runs on a worker, its result is applied on the UI
thread (the pattern Anki calls ``CollectionOp``).

The window only paints: a call that may wait on the disk or a PostgreSQL server across the
room (the station poll, opening, a backup, a demo) runs in Qt's thread pool, and what it
returns — frozen values from the services, never ORM objects — comes back through a queued
signal to the callbacks, on the UI thread. A refusal comes back as the typed exception the
service raised, for the caller to show in its own words.

A :class:`~gin_scorer.services.database.Database` may be used from a worker: each transaction
takes its own connection from the engine's pool (SQLite in WAL mode lets the window read while
a worker writes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

T = TypeVar("T")

Report = Callable[[object], None]
"""What a long operation calls with its progress (any value; delivered on the UI thread)."""


class _Signals(QObject):
    succeeded = Signal(object)
    failed = Signal(object)
    progressed = Signal(object)


class _Job(QRunnable):
    def __init__(self, work: Callable[[Report], Any], signals: _Signals) -> None:
        super().__init__()
        self.work = work
        self.signals = signals

    def run(self) -> None:
        try:
            result = self.work(self.signals.progressed.emit)
        except Exception as error:  # every failure goes back to the UI thread, typed
            self.signals.failed.emit(error)
        else:
            self.signals.succeeded.emit(result)


class Operation(QObject, Generic[T]):
    """One background call. Keep a reference while it runs (the window does); ``running``
    says whether it has not finished yet, so a second click does not start a second one."""

    def __init__(
        self,
        work: Callable[[Report], T],
        *,
        on_done: Callable[[T], None],
        on_error: Callable[[Exception], None],
        on_progress: Callable[[object], None] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.running = True
        self._signals = _Signals(self)
        self._signals.succeeded.connect(self._succeeded)
        self._signals.failed.connect(self._failed)
        if on_progress is not None:
            self._signals.progressed.connect(on_progress)
        self._on_done = on_done
        self._on_error = on_error
        self._job = _Job(work, self._signals)
        self._job.setAutoDelete(False)

    def start(self, pool: QThreadPool | None = None) -> Operation[T]:
        (pool or QThreadPool.globalInstance()).start(self._job)
        return self

    def _succeeded(self, result: object) -> None:
        self.running = False
        self._on_done(result)  # type: ignore[arg-type]  # the work's own T, through a signal

    def _failed(self, error: object) -> None:
        self.running = False
        assert isinstance(error, Exception)
        self._on_error(error)


def in_background(
    work: Callable[[Report], T],
    *,
    on_done: Callable[[T], None],
    on_error: Callable[[Exception], None],
    on_progress: Callable[[object], None] | None = None,
    parent: QObject | None = None,
) -> Operation[T]:
    """Start ``work(report)`` on a worker; ``on_done(result)`` or ``on_error(exception)`` runs
    on the UI thread when it ends, ``on_progress(value)`` each time it reports."""
    return Operation(
        work, on_done=on_done, on_error=on_error, on_progress=on_progress, parent=parent
    ).start()
