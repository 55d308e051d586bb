"""gui/queries.Reads: a read runs on a worker and is applied on the GUI thread; an answer
overtaken by a newer read of its key, or no longer wanted, is dropped; later() steps count
as reads until they have run."""

from __future__ import annotations

import threading
import time

from gin_scorer.gui.queries import Query, Reads, on_gui_thread
from gin_scorer.services.support.errors import NotFound


def test_a_read_runs_on_a_worker_and_is_applied_on_the_gui_thread(qtbot) -> None:  # type: ignore[no-untyped-def]
    reads = Reads()
    seen: dict[str, object] = {}

    def read() -> int:
        seen["worker"] = on_gui_thread()
        return 7

    reads.run(Query("k", read, lambda n: seen.update(answer=n, gui=on_gui_thread())))
    assert not reads.idle()
    qtbot.waitUntil(reads.idle)
    assert seen == {"worker": False, "answer": 7, "gui": True}


def test_only_the_newest_read_of_a_key_is_applied(qtbot) -> None:  # type: ignore[no-untyped-def]
    reads = Reads()
    go = threading.Event()
    applied: list[int] = []
    started: list[int] = []

    def slow(n: int) -> int:
        started.append(n)
        if n == 1:
            go.wait(5)
        return n

    reads.run(Query("k", lambda: slow(1), applied.append))
    for n in (2, 3, 4):  # asked while the first is out: only the newest waits its turn
        reads.run(Query("k", lambda n=n: slow(n), applied.append))  # type: ignore[misc]
    go.set()
    qtbot.waitUntil(reads.idle)
    assert applied == [4] and started == [1, 4]
    assert reads.dropped == 1  # the first answer, overtaken


def test_an_answer_nobody_wants_is_dropped_and_a_refusal_comes_back(qtbot) -> None:  # type: ignore[no-untyped-def]
    reads = Reads()
    applied: list[int] = []
    errors: list[Exception] = []
    reads.run(Query("gone", lambda: 1, applied.append, still=lambda: False))

    def refused() -> int:
        raise NotFound("event 9 does not exist")

    reads.run(Query("refused", refused, applied.append, on_error=errors.append))
    qtbot.waitUntil(reads.idle)
    assert applied == [] and [str(e) for e in errors] == ["event 9 does not exist"]
    reads.run(Query("forgotten", lambda: (time.sleep(0.05), 2)[1], applied.append))
    reads.forget()  # another database opened: what is out is not shown
    qtbot.waitUntil(reads.idle)
    assert applied == []


def test_later_steps_run_in_order_and_count_until_run(qtbot) -> None:  # type: ignore[no-untyped-def]
    reads = Reads()
    ran: list[int] = []
    for n in range(3):
        reads.later(lambda n=n: ran.append(n))  # type: ignore[misc]
    assert not reads.idle()
    qtbot.waitUntil(reads.idle)
    assert ran == [0, 1, 2]
