"""Print the desktop app's speed figures (not pass/fail).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/gui.py [--entrants 500]

1. Cold start: a fresh Python process importing the app, opening the database and showing a
   usable main window (measured from before the process starts to the window's first idle
   event loop turn). Target ≤ 1.5 s.
2. Enter on a hand → every open view updated, on a simulated event (500 entrants by default,
   Swiss, two rounds played and a third under way): the score sheet and navigator line (what
   updates while the sheet is in front), then also the standings, pairings and round status
   board refreshed as if all were open. Target ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_COLD_START = r"""
import sys, time
t0 = float(sys.argv[1])
from gin_scorer.gui.app import make_application
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from PySide6.QtCore import QTimer
app = make_application([sys.argv[0]])
# As run_gui does it: the window first, the database on the first event-loop turn.
window = MainWindow(database=sys.argv[2], settings=GuiSettings(station_name="bench"),
                    open_now=False)
window.show()
app.processEvents()
shown = time.time() - t0
def ready():
    window.station.open_db(sys.argv[2])
    app.processEvents()
    print(f"{shown:.3f} {time.time() - t0:.3f} {len(window.state.events)}")
    window.close()
    app.quit()
QTimer.singleShot(0, ready)
app.exec()
"""


def cold_start(database: str, runs: int) -> list[tuple[float, float]]:
    """(window shown, database open and its events listed), seconds from process start."""
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _COLD_START, repr(time.time()), database],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
        shown, ready, _events = out.stdout.strip().splitlines()[-1].split()
        times.append((float(shown), float(ready)))
    return times


def show_start(label: str, times: list[tuple[float, float]]) -> None:
    shown = [t[0] for t in times]
    ready = [t[1] for t in times]
    print(
        f"  {label}: window shown {statistics.median(shown):.2f} s (best {min(shown):.2f}), "
        f"database open and events listed {statistics.median(ready):.2f} s "
        f"(best {min(ready):.2f}) — median of {len(times)} runs"
    )


def build(database: str, entrants: int) -> int:
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.writes.demo import DemoPlan, play_demo

    db = open_database(database, station="bench", backups=False)
    started = time.perf_counter()
    sample = play_demo(
        db,
        DemoPlan(
            name=f"Benchmark Open ({entrants})",
            entrants=entrants,
            rounds=3,
            preset="wikipedia-standard",
            unfinished_tables=max(entrants // 8, 2),
            with_cards=False,
        ),
        progress=lambda p: print("   ", p.message, flush=True),
    )
    print(
        f"  built {entrants} entrants, {sample.hands} hands in "
        f"{time.perf_counter() - started:.0f} s"
    )
    db.close()
    return sample.event.id


def update_times(database: str, event_id: int, hands: int) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from gin_scorer.gui.app import make_application
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.settings import GuiSettings
    from gin_scorer.services.support.dto import MatchStatus
    from gin_scorer.services.writes.matches import list_matches

    app = make_application([sys.argv[0]])
    window = MainWindow(database=database, settings=GuiSettings(station_name="bench"))
    window.show()
    window.state.open_event(event_id)
    assert window.state.db is not None and window.state.scoring is not None
    open_matches = [
        m
        for m in list_matches(window.state.db, event_id)
        if m.status in (MatchStatus.PLAYING, MatchStatus.PENDING) and m.b
    ]
    scoring = window.state.scoring
    # Time the service call inside each Enter too, to show the GUI's own share.
    from gin_scorer.services.writes import hands as hand_services

    service_ms: list[float] = []
    real_record = hand_services.record_hand

    def timed_record(*args, **kwargs):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            return real_record(*args, **kwargs)
        finally:
            service_ms.append((time.perf_counter() - started) * 1000)

    hand_services.record_hand = timed_record  # type: ignore[assignment]
    sheet_only: list[float] = []
    fronts: dict[str, list[float]] = {key: [] for key in window.state.event_views}
    all_views: list[float] = []
    done = 0
    for match in open_matches:
        window.state.open_match(match.id)
        while done < hands and scoring.sheet is not None and not scoring.sheet.finished:
            # Alternate small knocks so the match lasts; a dead hand when it must not end.
            scoring.panel.entry.setText("ak3 9" if done % 2 else "bk2 8")
            started = time.perf_counter()
            scoring.panel.entry.returnPressed.emit()
            app.processEvents()
            sheet_only.append((time.perf_counter() - started) * 1000)
            if done % 4 == 0:  # now and then, bring each view to the front as a director would
                total = sheet_only[-1]
                for key in fronts:
                    started = time.perf_counter()
                    window.state.show_view(key)
                    app.processEvents()
                    fronts[key].append((time.perf_counter() - started) * 1000)
                    total += fronts[key][-1]
                all_views.append(total)
                window.state.tabs.setCurrentWidget(scoring)
            done += 1
        if done >= hands:
            break
    del Qt
    window.close()
    window.deleteLater()
    QApplication.processEvents()

    def show(label: str, values: list[float]) -> None:
        ordered = sorted(values)
        p95 = ordered[int(len(ordered) * 0.95) - 1] if len(ordered) >= 20 else ordered[-1]
        print(
            f"  {label}: median {statistics.median(values):.1f} ms, p95 {p95:.1f} ms, "
            f"max {max(values):.1f} ms over {len(values)} hands"
        )

    show("Enter → score sheet and navigator line updated (the views in front)", sheet_only)
    show("  of which the record_hand service call", service_ms)
    show("  of which the GUI itself", [t - s for t, s in zip(sheet_only, service_ms, strict=False)])
    for key, values in fronts.items():
        show(f"after a hand, bringing the {key} view to the front", values)
    show("Enter → sheet, navigator and every event view refreshed", all_views)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="GUI speed figures")
    parser.add_argument("--entrants", type=int, default=500)
    parser.add_argument("--hands", type=int, default=40, help="hands to time")
    parser.add_argument("--runs", type=int, default=5, help="cold starts to time")
    parser.add_argument("--db", help="reuse a database built by an earlier run (with --event)")
    parser.add_argument("--event", type=int, default=1)
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="gin-gui-bench-"))
    os.environ.setdefault("GIN_SCORER_BACKUP_DIR", str(folder / "backups"))  # not the user's
    print("Cold start to a usable main window (target ≤ 1.5 s):")
    empty = str(folder / "empty.sqlite")
    from gin_scorer.store.database import open_database

    open_database(empty, backups=False).close()  # created and migrated once, like day two
    show_start("empty database", cold_start(empty, args.runs))

    if args.db:
        database, event_id = args.db, args.event
    else:
        database = str(folder / "event.sqlite")
        print(f"Building a simulated {args.entrants}-entrant Swiss event (once)…")
        event_id = build(database, args.entrants)
    show_start(f"{args.entrants}-entrant database", cold_start(database, max(2, args.runs // 2)))

    print(f"Enter on a hand → views updated, {args.entrants} entrants (target ≤ 50 ms):")
    update_times(database, event_id, args.hands)
    print(f"(database kept at {database}; rerun with --db {database} --event {event_id})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
