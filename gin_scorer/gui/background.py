"""Work off the UI thread: a service call runs on a worker, its result is applied on the UI
thread (the pattern Anki calls ``CollectionOp``).

The window only paints: a call that may wait on the disk or a PostgreSQL server across the
room (the station poll, opening, a backup, a demo) runs in Qt's thread pool, and what it
returns — frozen values from the services, never ORM objects — comes back through a queued
signal to the callbacks, on the UI thread. A refusal comes back as the typed exception the
service raised, for the caller to show in its own words.

A step in the middle of a conversation with the director (pair the round the dialog showed,
save the hand just typed, open the file just chosen) uses :func:`wait_for`: the same worker,
but the code reads on in order, because the window waits in an event loop that keeps painting
and holds the director's clicks and keys until the answer is back.

A :class:`~gin_scorer.services.support.database.Database` may be used from a worker: each
transaction
takes its own connection from the engine's pool (SQLite in WAL mode lets the window read while
a worker writes).
"""

from __future__ import annotations

import functools
import gc
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtCore import QEventLoop, QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:  # the services load after the window shows (faster start)
    from gin_scorer.services.support.written import Changes

T = TypeVar("T")

Report = Callable[[object], None]
"""What a long operation calls with its progress (any value; delivered on the UI thread)."""


class _Signals(QObject):
    succeeded = Signal(object)
    failed = Signal(object)
    progressed = Signal(object)


class _NoCollectionOnWorkers:
    """Python's garbage collector runs on whichever thread happens to allocate. On a worker
    it would delete a window or dialog that Python owns from the wrong thread, which Qt does
    not survive; so while any job runs the automatic collection waits, and it resumes (on
    the UI thread, the only one left allocating) when the last job ends."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running = 0
        self._was_enabled = True

    def __enter__(self) -> None:
        with self._lock:
            if self._running == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._running += 1

    def __exit__(self, *_exc: object) -> None:
        with self._lock:
            self._running -= 1
            if self._running == 0 and self._was_enabled:
                gc.enable()


_NO_COLLECTION = _NoCollectionOnWorkers()


class _Job(QRunnable):
    def __init__(self, work: Callable[[Report], Any], signals: _Signals) -> None:
        super().__init__()
        self.work = work
        self.signals = signals

    def run(self) -> None:
        with _NO_COLLECTION:
            try:
                result = self.work(self.signals.progressed.emit)
            except Exception as error:  # every failure goes back to the UI thread, typed
                _say(self.signals.failed, error)
            else:
                _say(self.signals.succeeded, result)


def _say(signal: Any, value: object) -> None:
    """Send a job's answer to the UI thread, unless the window that asked was deleted
    meanwhile (closed, with a read still out): nobody is left to hear it."""
    try:
        signal.emit(value)
    except RuntimeError:  # "Signal source has been deleted"
        return


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


class _Answer(Generic[T]):
    """One call made on one thread and its answer read on another: what it returned, or
    the exception it raised, raised again where the answer is read."""

    def __init__(self) -> None:
        self.given = threading.Event()
        self._outcome: list[tuple[bool, object]] = []

    def take(self, call: Callable[[], T]) -> None:
        """Make the call here and keep its answer (an exception too) for :meth:`value`."""
        try:
            self._outcome.append((True, call()))
        except Exception as error:  # raised again where the answer is read
            self._outcome.append((False, error))
        self.given.set()

    def value(self) -> T:
        ok, value = self._outcome.pop()
        self.given.clear()
        if not ok:
            assert isinstance(value, Exception)
            raise value
        return value  # type: ignore[return-value]  # the call's own T


_PLAIN_WAIT_SECONDS = 0.04
"""How long :func:`wait_for` waits without painting: under the 50 ms the desk allows its GUI
thread to stand still (issue 35) and the ~100 ms at which a pause is noticed, so a quick
answer (a local file's few milliseconds) costs no repaint and a slow one still paints."""


@functools.cache
def _waiting_pool() -> QThreadPool:
    """The pool of :func:`wait_for`'s jobs, apart from the window's long ones (a backup, a
    demo), so that waiting for a job to be done never waits for those."""
    return QThreadPool()


_HEARING: list[Callable[[Changes], None]] = []


def hear_writes(listener: Callable[[Changes], None]) -> Callable[[], None]:
    """Call ``listener(changes)`` on the UI thread after each :func:`wait_for` whose work
    wrote something (what it wrote: :class:`~gin_scorer.services.support.written.Changes`), before
    ``wait_for`` returns; returns its removal. The desk refreshes what a write named from it,
    whichever window or dialog made the write."""
    _HEARING.append(listener)
    return lambda: _HEARING.remove(listener) if listener in _HEARING else None


def wait_for(work: Callable[[], T]) -> T:
    """``work()`` run on a worker while the UI thread waits for it in an event loop, then its
    result returned (or its exception raised) here, on the UI thread. What its writes changed
    goes to the listeners of :func:`hear_writes` first (a refused write changed nothing; one
    that committed a part before its refusal says that part).

    An answer slower than :data:`_PLAIN_WAIT_SECONDS` gets a wait cursor, and the window keeps
    painting and its timers run (a slow PostgreSQL server does not leave a frozen, "not
    responding" window), but clicks and keys wait until the answer is back, so nothing else
    starts half-way through; a key typed meanwhile is delivered after it.
    """
    answer: _Answer[T] = _Answer()  # given by the worker, read once it is done
    loop = QEventLoop()
    heard: list[Changes] = []  # what the work wrote, read once the job has returned

    def job(_report: Report) -> None:
        from gin_scorer.services.support.written import recording

        with recording() as writes:
            answer.take(work)
        heard.append(writes.changes)

    # The signal only wakes the loop; the answer is read from ``outcome`` after the job is
    # done, so a loop ended early (the application quitting) still gets it.
    operation = Operation(job, on_done=lambda _none: loop.quit(), on_error=lambda _e: loop.quit())
    operation.start(_waiting_pool())
    # A local file answers within a few milliseconds: waiting for it plainly (the worker has
    # the interpreter to itself) is quicker than an event loop that repaints the window as it
    # was. Only an answer slower than a person notices gets the painting loop and the cursor.
    if not answer.given.wait(_PLAIN_WAIT_SECONDS):
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if not answer.given.is_set():
                loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        finally:
            QApplication.restoreOverrideCursor()
    # Done: the answer is in, and the job has returned (the pool must not touch it after it
    # is freed).
    _waiting_pool().waitForDone()
    if heard and heard[0]:
        for listener in tuple(_HEARING):
            listener(heard[0])
    return answer.value()


class _AskedOnUiThread(QObject, Generic[T]):
    """A question a worker puts to the director: asked (a dialog) on the UI thread, the
    worker waiting for the answer — a refusal (the dialog cancelled) comes back raised."""

    _asked = Signal()

    def __init__(self, ask: Callable[[], T]) -> None:
        super().__init__()  # made on the UI thread, so its slot runs there
        self._ask = ask
        self._answer: _Answer[T] = _Answer()
        self._asked.connect(self._ask_now, Qt.ConnectionType.QueuedConnection)

    def _ask_now(self) -> None:
        self._answer.take(self._ask)

    def __call__(self) -> T:
        if threading.current_thread() is threading.main_thread():
            return self._ask()
        self._asked.emit()
        self._answer.given.wait()
        return self._answer.value()


def asked_on_ui_thread(ask: Callable[[], T]) -> Callable[[], T]:
    """``ask`` (a prompt for a PIN, a question) made callable from a :func:`wait_for` job:
    the job waits while the UI thread asks, then reads on with the answer. Make it on the UI
    thread, before the job starts."""
    return _AskedOnUiThread(ask)
