"""The desk's reads: a query runs on the background worker, its answer is applied on the GUI
thread, and an answer nobody wants any more is dropped (the pattern Anki calls ``QueryOp``).

A refresh used to read on the GUI thread: F5 on a club's 50-event database froze the window
for most of a second. Now the window and each view ask :class:`Reads` for what they show:

- ``read()`` runs on a worker (:mod:`.background`) and returns frozen values from the
  services — it must not touch a widget;
- ``apply(answer)`` runs on the GUI thread and only shows them;
- each read has a *key* (the navigator, one view): a second read of the same key while the
  first is out makes the first stale — its answer is dropped and the newest read runs once
  the first is done, so pressing F5 five times reads twice, not five times, and never shows
  an older answer after a newer one;
- ``still()`` says, on the GUI thread, whether the answer is still wanted (the window may have
  opened another database or event meanwhile); :meth:`Reads.forget` drops every answer out.

Writes run through ``wait_for`` (in the middle of a conversation), which hears what each
wrote (``services.written.Changes``) and hands it to the window: its ``show_changes`` picks
the keys to read again here (the navigator, the tables' lines, the sheet, the views the
changes concern), as the poll does for other stations' writes.
"""

from __future__ import annotations

import traceback
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Signal

from gin_scorer.gui.background import Operation

if TYPE_CHECKING:  # the services load after the window shows (faster start)
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.dto import MatchView

T = TypeVar("T")


def _always() -> bool:
    return True


def on_gui_thread() -> bool:
    """Whether the caller runs on the application's (GUI) thread."""
    app = QCoreApplication.instance()
    return app is not None and QThread.currentThread() is app.thread()


@dataclass
class Query(Generic[T]):
    """One read: what to read (on the worker), what to do with it (on the GUI thread)."""

    key: Hashable
    read: Callable[[], T]
    apply: Callable[[T], None]
    still: Callable[[], bool] = _always
    on_error: Callable[[Exception], None] | None = None


@dataclass
class _Slot:
    """A key's reads: the one out now, and the newest one asked while it was out."""

    running: Operation[Any] | None = None
    asked: int = 0  # how many reads of this key were asked: the newest answer's number
    waiting: Query[Any] | None = None
    # The last read done, kept until the next one is: its job may still be returning on the
    # worker when its answer arrives here, and must not be freed under it.
    done: Operation[Any] | None = None


class Reads(QObject):
    """Every read of one window (see the module)."""

    settled = Signal()  # nothing is being read any more: every answer is applied or dropped

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._slots: dict[Hashable, _Slot] = {}
        self._steps: deque[Callable[[], None]] = deque()  # later() steps not run yet
        self.dropped = 0  # answers dropped as stale (the benchmark and the tests read it)

    def run(self, query: Query[T]) -> None:
        """Read ``query`` on the worker and apply it here, unless it is stale by then."""
        slot = self._slots.setdefault(query.key, _Slot())
        slot.asked += 1
        if slot.running is not None:
            slot.waiting = query  # read once the one out is done; its answer will be old
            return
        self._start(slot, query)

    def _start(self, slot: _Slot, query: Query[T]) -> None:
        number = slot.asked
        operation: Operation[T] = Operation(
            lambda _report: query.read(),
            on_done=lambda answer: self._answered(slot, number, query, answer),
            on_error=lambda error: self._failed(slot, number, query, error),
            parent=self,
        )
        slot.running = operation
        operation.start()

    def _answered(self, slot: _Slot, number: int, query: Query[T], answer: T) -> None:
        if self._current(slot, number, query):
            query.apply(answer)
        self._next(slot)

    def _failed(self, slot: _Slot, number: int, query: Query[T], error: Exception) -> None:
        current = self._current(slot, number, query)
        self._next(slot)
        if not current:
            return
        if query.on_error is None:
            raise error  # a fault of ours: the app's fault handler logs it and says so
        query.on_error(error)

    def _current(self, slot: _Slot, number: int, query: Query[Any]) -> bool:
        """Whether an answer is still wanted: no newer read of its key was asked, and the
        window has not moved on."""
        if number == slot.asked and query.still():
            return True
        self.dropped += 1
        return False

    def _next(self, slot: _Slot) -> None:
        finished, slot.running = slot.running, None
        if slot.done is not None:
            slot.done.deleteLater()  # a whole read ago: its job returned long since
        slot.done = finished
        waiting, slot.waiting = slot.waiting, None
        if waiting is not None:
            self._start(slot, waiting)
        elif self.idle():
            self.settled.emit()

    def later(self, step: Callable[[], None]) -> None:
        """``step`` on the GUI thread at a later turn of the event loop: a long piece of GUI
        work (making an open database's pages) cut in steps, so that the window paints and
        answers between them. Steps run in order, one a turn (a timer's, so that the other
        timers and the painting come between: steps posted all at once would run in one
        go); each counts as a read until it has run (see :meth:`idle`)."""
        self._steps.append(step)
        if len(self._steps) == 1:
            QTimer.singleShot(1, self, self._next_step)

    def _next_step(self) -> None:
        step = self._steps[0]
        try:
            step()
        finally:
            self._steps.popleft()
            if self._steps:
                QTimer.singleShot(1, self, self._next_step)
            elif self.idle():
                self.settled.emit()

    def forget(self) -> None:
        """Every answer still out is dropped (another database was opened)."""
        for slot in self._slots.values():
            slot.asked += 1
            slot.waiting = None

    def busy(self, key: Hashable) -> bool:
        """Whether a read of ``key`` is out (its answer will be applied or dropped)."""
        slot = self._slots.get(key)
        return slot is not None and slot.running is not None

    def idle(self) -> bool:
        """Whether nothing is being read (the tests wait for it)."""
        return not self._steps and all(slot.running is None for slot in self._slots.values())


def read_matches(db: Database, match_ids: frozenset[int]) -> tuple[MatchView, ...]:
    """The tables ``match_ids`` as they are now (one taken back meanwhile is left out)."""
    from gin_scorer.services.support.errors import ServiceError
    from gin_scorer.services.writes.matches import get_match

    found: list[MatchView] = []
    for match_id in sorted(match_ids):
        try:
            found.append(get_match(db, match_id))
        except ServiceError:
            continue
    return tuple(found)


class GuiThreadCalls:
    """A debug hook: every service transaction opened on the GUI thread on one database, with
    where it was opened from. The desk reads and writes through :class:`Reads` and
    :func:`~.background.wait_for`, whose calls run on workers, so none should be kept (the
    tests hold it to that); set ``GIN_SCORER_WATCH_GUI_THREAD=1`` to have the desk keep them,
    and read ``calls``. The check itself is the services' (:mod:`~gin_scorer.services.
    thread_check`): they know no Qt, so the desk gives them this callable."""

    def __init__(self, database: object) -> None:
        self.database = database
        self.calls: list[str] = []
        self._remove: Callable[[], None] | None = None

    def __call__(self, database: object) -> None:
        if database is self.database and on_gui_thread():
            stack = traceback.extract_stack()
            ours = [
                f
                for f in stack
                if "gin_scorer" in f.filename and not f.filename.endswith(_HOOK_FILES)
            ]
            self.calls.append(" < ".join(f"{f.name} ({f.lineno})" for f in reversed(ours[-6:])))

    def stop(self) -> None:
        """Keep no more (the database is closed); ``calls`` stays readable."""
        if self._remove is not None:
            self._remove()
            self._remove = None


_HOOK_FILES = ("queries.py", "thread_check.py", "connection.py")  # the hook's own frames


def watch_gui_thread(db: Any) -> GuiThreadCalls:
    """Start keeping the service transactions on ``db`` opened on the GUI thread."""
    from gin_scorer.services.support.thread_check import install_check

    watch = GuiThreadCalls(db)
    watch._remove = install_check(watch)
    return watch
