"""Print how long the desk takes to open and to refresh on a large database (not pass/fail).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/desk_refresh.py [--db FILE]

The database defaults to the circuit that ``benchmarks/club_season.py`` builds and keeps
(500 players over 50 events, 12,500 matches; run that first). A copy is timed, so the kept
file stays as it was. It prints the time from making the main window to its first idle turn
with the navigator filled, then a full refresh (``refresh_all``: what F5, pairing a round or
another station's new round costs), without and with an event open: the median, fastest and
slowest of ``--repeats`` runs. The refresh runs on the GUI thread, so it is how long the
window freezes.
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

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _timed(step: Callable[[], None], repeats: int) -> str:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    median = 1000 * statistics.median(times)
    fastest, slowest = 1000 * min(times), 1000 * max(times)
    return f"median {median:.0f} ms (fastest {fastest:.0f}, slowest {slowest:.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    kept = Path(tempfile.gettempdir()) / "gin-club" / "circuit.sqlite"
    parser.add_argument("--db", type=Path, default=kept)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    if not args.db.exists():
        sys.exit(f"{args.db}: no such database (benchmarks/club_season.py builds it)")
    folder = Path(tempfile.mkdtemp(prefix="gin-desk-bench-"))
    os.environ.setdefault("GIN_SCORER_BACKUP_DIR", str(folder / "backups"))
    copy = folder / args.db.name
    shutil.copyfile(args.db, copy)

    from gin_scorer.gui.app import make_application
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.settings import GuiSettings

    app = make_application([sys.argv[0]])
    start = time.perf_counter()
    window = MainWindow(database=str(copy), settings=GuiSettings(station_name="bench"))
    window.show()
    app.processEvents()
    opened = time.perf_counter() - start
    tables = sum(len(matches) for matches in window.matches.values())
    print(f"{copy.name}: {len(window.events)} events, {tables} matches")
    print(f"window open, navigator filled: {opened * 1000:.0f} ms")

    def refresh() -> None:
        window.refresh_all()
        app.processEvents()

    print(f"refresh, no event open: {_timed(refresh, args.repeats)}")
    window.open_event(window.events[-1].id)
    app.processEvents()
    print(f"refresh, an event open: {_timed(refresh, args.repeats)}")
    window.close()
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
