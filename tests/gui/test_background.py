"""gui/background: the work runs on a worker thread, its result, progress and refusal come back
to the UI thread."""

from __future__ import annotations

import gc
import threading
import time

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from gin_scorer.gui.background import Report, asked_on_ui_thread, in_background, wait_for
from gin_scorer.services.support.errors import NotFound


def test_the_work_runs_off_the_ui_thread_and_the_answer_comes_back_on_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    ui = threading.get_ident()
    seen: dict[str, object] = {}

    def work(report: Report) -> int:
        seen["worker"] = threading.get_ident()
        for step in range(3):
            report(step)
        return 42

    progress: list[tuple[object, int]] = []
    operation = in_background(
        work,
        on_done=lambda value: seen.update(value=value, done_on=threading.get_ident()),
        on_error=lambda error: seen.update(error=error),
        on_progress=lambda value: progress.append((value, threading.get_ident())),
    )
    assert operation.running
    qtbot.waitUntil(lambda: not operation.running)
    assert seen["worker"] != ui
    assert seen["value"] == 42 and seen["done_on"] == ui
    assert progress == [(0, ui), (1, ui), (2, ui)]
    assert "error" not in seen


def test_a_refusal_comes_back_typed(qtbot) -> None:  # type: ignore[no-untyped-def]
    errors: list[Exception] = []

    def work(_report: Report) -> None:
        raise NotFound("match 99 does not exist")

    operation = in_background(work, on_done=lambda _v: None, on_error=errors.append)
    qtbot.waitUntil(lambda: not operation.running)
    assert len(errors) == 1 and isinstance(errors[0], NotFound)
    assert str(errors[0]) == "match 99 does not exist"


def test_waiting_for_a_step_keeps_the_window_alive_and_reads_on_in_order(qtbot) -> None:  # type: ignore[no-untyped-def]
    """wait_for: the work runs on a worker while the UI thread's timers (painting, the poll)
    still fire; the answer is returned where the code waits, an error raised there, typed."""
    ui = threading.get_ident()
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(threading.get_ident()))
    timer.start(5)
    collecting: list[bool] = []

    def slow() -> int:
        collecting.append(gc.isenabled())  # no collection on a worker (it could delete widgets)
        time.sleep(0.2)  # a slow PostgreSQL server across the room
        return threading.get_ident()

    worker = wait_for(slow)
    timer.stop()
    assert worker != ui
    assert ticks and set(ticks) == {ui}  # the UI thread went on with its events meanwhile
    assert collecting == [False] and gc.isenabled()

    def refused() -> None:
        raise NotFound("match 99 does not exist")

    with pytest.raises(NotFound, match="match 99"):
        wait_for(refused)


def test_the_answer_comes_back_even_when_the_wait_ends_early(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The application quitting (a smoke test, the session ending) ends every running event
    loop, the waiting one too: the step still finishes and answers, instead of returning with
    nothing. Here the waiting loop ends at once, as it does then."""
    from gin_scorer.gui import background

    monkeypatch.setattr(background.QEventLoop, "exec", lambda _self, *_flags: 0)
    assert wait_for(lambda: (time.sleep(0.2), 7)[1]) == 7


def test_a_quick_answer_is_waited_for_without_repainting_the_window(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A local file answers in milliseconds: repainting the window as it was meanwhile would
    only cost time (the Enter benchmark measured ~10 ms a hand), so no event loop runs and no
    wait cursor shows unless the answer takes longer than a person notices."""
    from gin_scorer.gui import background

    def no_loop(_self, *_flags):  # type: ignore[no-untyped-def]
        raise AssertionError("a quick answer must not start the painting loop")

    monkeypatch.setattr(background.QEventLoop, "exec", no_loop)
    assert wait_for(lambda: 7) == 7
    assert QApplication.overrideCursor() is None


def test_a_job_asks_the_director_on_the_ui_thread_and_reads_on_with_the_answer(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The restore asks for the PIN half-way through its work on a worker: the question is
    put on the UI thread (where dialogs live), the worker waits, and a cancel comes back as
    the exception the prompt raised."""
    ui = threading.get_ident()
    asked_on: list[int] = []

    def prompt() -> str:
        asked_on.append(threading.get_ident())
        return "2468"

    ask = asked_on_ui_thread(prompt)
    worker, answer = wait_for(lambda: (threading.get_ident(), ask()))
    assert worker != ui and answer == "2468"
    assert asked_on == [ui]

    class Cancelled(Exception):
        pass

    def cancelled() -> str:
        raise Cancelled

    refuse = asked_on_ui_thread(cancelled)
    with pytest.raises(Cancelled):
        wait_for(lambda: refuse())


@pytest.mark.parametrize("busy", [True, False])
def test_the_station_poll_starts_no_second_look_while_one_is_out(qtbot, tmp_path, busy) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.settings import GuiSettings

    window = MainWindow(str(tmp_path / "poll.sqlite"), settings=GuiSettings(station_name="D1"))
    qtbot.addWidget(window)
    first = window.station.poll_changes()
    assert first is not None
    if not busy:
        qtbot.waitUntil(lambda: not first.running)
        second = window.station.poll_changes()
        assert second is not None and second is not first
        qtbot.waitUntil(lambda: not second.running)
    else:
        assert window.station.poll_changes() is None  # the timer's next tick while the first is out
        qtbot.waitUntil(lambda: not first.running)
