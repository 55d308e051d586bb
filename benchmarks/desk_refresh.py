"""Print how long the desk takes to open and to refresh on a large database, and the longest
time its GUI thread was blocked meanwhile (not pass/fail).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/desk_refresh.py [--db FILE]

The database defaults to the circuit that ``benchmarks/club_season.py`` builds and keeps
(500 players over 50 events, 12,500 matches; run that first). A copy is timed, so the kept
file stays as it was. Each step is started from the event loop, as a person's key or the
poll timer starts it, and runs until the window has read and shown everything (its reads
settled); meanwhile a timer on the GUI thread ticks every 5 ms, and the longest gap between
two ticks, less the 5 ms, is the longest the window was frozen — what issue 35 holds under
50 ms. On a busy machine that gap includes waiting for a core, so the most CPU time the GUI
thread itself spent between two ticks is printed too: what the gap would be on an idle one.
The steps:

- building the window, once at start (before it shows anything; the widgets are made on
  the GUI thread, as they must be), then opening the database in it (the navigator filled);
- F5 with no event open, then with the newest event open (its views read too);
- the station poll finding another station's new event and its first round.

Each line gives the median of ``--repeats`` runs of the time until settled and of the
longest block, and the worst block of all runs. It runs on any version of the desk: one
that reads on the GUI thread is settled when the step returns.

``--blame`` also prints, for each step, the pieces of GUI-thread work that took the most CPU
in one go: each read's answer applied (by its key), each step of a long piece of GUI work,
the poll's answer — what to make shorter when a block is over 50 ms.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TICK_MS = 5


class Stalls:
    """The longest gap between two ticks of a timer on the GUI thread, less its interval;
    and the most CPU time the GUI thread itself spent between two ticks — what a gap would
    be on an idle machine, where the wall time of a busy one includes waiting for a core."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.last = self.last_cpu = 0.0
        self.longest = self.longest_cpu = 0.0

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.longest = max(self.longest, now - self.last - TICK_MS / 1000)
        self.longest_cpu = max(self.longest_cpu, cpu - self.last_cpu)
        self.last, self.last_cpu = now, cpu

    def start(self) -> None:
        self.last, self.last_cpu = time.perf_counter(), time.thread_time()
        self.longest = self.longest_cpu = 0.0
        self.timer.start()

    def stop(self) -> tuple[float, float]:
        self._tick()
        self.timer.stop()
        return self.longest, self.longest_cpu


class Blame:
    """The GUI thread's CPU time in each answer applied and each later() step, by name."""

    def __init__(self) -> None:
        self.pieces: list[tuple[float, str]] = []

    def install(self) -> None:
        from gin_scorer.gui.main_window.station_sync import StationSync
        from gin_scorer.gui.queries import Reads

        def timed(name: Callable[..., str], call: Callable[..., Any]) -> Callable[..., Any]:
            def run(*args: Any) -> Any:
                named, began = name(*args), time.thread_time()
                try:
                    return call(*args)
                finally:
                    self.pieces.append((time.thread_time() - began, named))

            return run

        def step_name(reads: Any) -> str:
            step = reads._steps[0]
            return "later: " + getattr(getattr(step, "func", step), "__qualname__", "?")

        Reads._answered = timed(lambda _r, _s, _n, q, _a: f"read {q.key}", Reads._answered)  # type: ignore[method-assign]
        Reads._next_step = timed(step_name, Reads._next_step)  # type: ignore[method-assign]
        StationSync._apply_changes = timed(lambda *_a: "poll answer", StationSync._apply_changes)  # type: ignore[method-assign]

    def take(self, title: str) -> None:
        """Print the longest pieces since the last take, and forget them."""
        worst: dict[str, float] = {}
        for took, name in self.pieces:
            worst[name] = max(worst.get(name, 0.0), took)
        top = sorted(worst.items(), key=lambda kv: -kv[1])[:5]
        print(f"  {title}: " + ", ".join(f"{name} {took * 1000:.0f} ms" for name, took in top))
        self.pieces.clear()


def settled(window: Any) -> bool:
    """Whether the window has shown everything it set out to read."""
    poll = getattr(getattr(window, "station", window), "_poll", None)
    if poll is not None and poll.running:
        return False
    # A desk that reads on the GUI thread has no reads helper.
    reads = getattr(getattr(window, "state", window), "reads", None)
    return reads is None or reads.idle()


def run_step(
    app: Any, step: Callable[[], object], window: Callable[[], Any]
) -> tuple[float, float, float]:
    """``step`` started from the event loop, then the loop run until the window settled:
    (seconds until settled, longest GUI-thread block, the GUI thread's most CPU time
    between two ticks), in seconds."""
    from PySide6.QtCore import QTimer

    stalls = Stalls()
    started: list[bool] = []
    done: list[float] = []
    began = time.perf_counter()

    def go() -> None:
        step()
        started.append(True)

    stalls.start()
    QTimer.singleShot(0, go)
    while not done:
        app.processEvents()
        shown = window()
        if started and shown is not None and settled(shown):
            done.append(time.perf_counter() - began)
        time.sleep(0.001)
    app.processEvents()
    block, cpu = stalls.stop()
    return done[0], block, cpu


def _line(title: str, runs: list[tuple[float, float, float]]) -> str:
    took = statistics.median(t for t, _, _ in runs) * 1000
    block = statistics.median(b for _, b, _ in runs) * 1000
    worst = max(b for _, b, _ in runs) * 1000
    cpu = statistics.median(c for _, _, c in runs) * 1000
    return (
        f"{title:<34} settled in {took:6.0f} ms · longest GUI block {block:5.0f} ms"
        f" (worst {worst:.0f}; GUI-thread CPU in one gap {cpu:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    kept = Path(tempfile.gettempdir()) / "gin-club" / "circuit.sqlite"
    parser.add_argument("--db", type=Path, default=kept)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--blame", action="store_true", help="print the longest GUI pieces")
    args = parser.parse_args()
    if not args.db.exists():
        sys.exit(f"{args.db}: no such database (benchmarks/club_season.py builds it)")
    folder = Path(tempfile.mkdtemp(prefix="gin-desk-bench-"))
    os.environ.setdefault("GIN_SCORER_BACKUP_DIR", str(folder / "backups"))
    copy = folder / args.db.name
    shutil.copyfile(args.db, copy)

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from gin_scorer.gui.app import make_application
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.settings import GuiSettings
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.rounds import start_round

    app = make_application([sys.argv[0]])
    made: list[Any] = []
    blame = Blame()
    if args.blame:
        blame.install()

    def said(line: str) -> None:
        print(line)
        if args.blame:
            blame.take(line.split("  ")[0])

    def make_window() -> None:
        window = MainWindow(
            database=str(copy), settings=GuiSettings(station_name="bench"), open_now=False
        )
        window.show()
        made.append(window)

    built = run_step(app, make_window, lambda: made[-1] if made else None)
    window = made[-1]
    opened = run_step(app, lambda: window.station.open_db(str(copy)), lambda: window)
    window.station.poll_timer.stop()  # the poll is timed on its own below
    tables = sum(len(matches) for matches in window.state.matches.values())
    print(f"{copy.name}: {len(window.state.events)} events, {tables} matches")
    print(_line("window built (once, at start)", [built]))
    said(_line("database opened, navigator filled", [opened]))

    def f5() -> None:
        QTest.keyClick(window, Qt.Key.Key_F5)

    def repeat(step: Callable[[], object]) -> list[tuple[float, float, float]]:
        return [run_step(app, step, lambda: window) for _ in range(args.repeats)]

    said(_line("F5, no event open", repeat(f5)))
    newest = max(e.id for e in window.state.events)
    said(
        _line(
            "the newest event opened",
            [run_step(app, lambda: window.state.open_event(newest), lambda: window)],
        )
    )
    said(_line("F5, the newest event open", repeat(f5)))

    other = open_database(str(copy), station="Desk 2", backups=False)

    def another_station() -> None:
        number = len(window.state.events) + 1
        people = tuple(EntrantSpec(f"Walk-in {number}-{n}") for n in range(8))
        event = create_event(other, name=f"Late event {number}", format="swiss", entrants=people)
        start_round(other, event.id)

    polls = []
    for _ in range(args.repeats):
        another_station()
        polls.append(run_step(app, window.station.poll_changes, lambda: window))
    said(_line("poll: another station's new round", polls))
    other.close()
    window.close()
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
