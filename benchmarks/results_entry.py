"""Print how fast a round is entered from slips in the results mode (not pass/fail).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/results_entry.py [--tables 40]

A Swiss event of 2 × N entrants with round 1 paired; the results dialog typed into key by key
with Qt's test events, as the director types a stack of slips: ``12 a 3-1`` ⏎ per table (the
spaced form, 9 keys with Enter; the compact ``12a31`` ⏎ is 6), every result written to the
database through the services before the next line. Prints the keystrokes per plain result and
the seconds from the first key to the last table's result stored.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def one_round(folder: Path, tables: int, run: int) -> tuple[float, int]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from gin_scorer.gui.results_dialog import ResultsDialog
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes import entrants, events, rounds

    db = open_database(str(folder / f"round-{run}.sqlite"), station="bench", backups=False)
    try:
        event = events.create_event(db, name="Slip Open", format="swiss")
        names = [EntrantSpec(f"Player {n:03d}") for n in range(1, 2 * tables + 1)]
        entrants.add_entrants(db, event.id, names)
        rounds.start_round(db, event.id)
        dialog = ResultsDialog(db, event.id, 1, entered_by="bench")
        dialog.show()
        lines = [f"{t} {'a' if t % 2 else 'b'} 3-{t % 3}" for t in range(1, tables + 1)]
        keys = 0
        started = time.perf_counter()
        for text in lines:
            QTest.keyClicks(dialog.line, text)
            QTest.keyClick(dialog.line, Qt.Key.Key_Return)
            keys += len(text) + 1
        seconds = time.perf_counter() - started
        assert dialog.entered == tables, dialog.said.text()
        assert rounds.round_status(db, event.id, 1).complete
        dialog.close()
        dialog.deleteLater()
        return seconds, keys
    finally:
        db.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="results mode speed")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp(prefix="gin-results-bench-"))
    os.environ.setdefault("GIN_SCORER_BACKUP_DIR", str(folder / "backups"))
    times = []
    keys = 0
    for run in range(args.runs):
        seconds, keys = one_round(folder, args.tables, run)
        times.append(seconds)
    del app
    print(f"Results mode, a round of {args.tables} tables entered from slips:")
    print(f"  keystrokes per plain result: {keys / args.tables:.1f} (spaced '12 a 3-1' ⏎)")
    print(
        f"  seconds from the first key to the last result stored: median "
        f"{statistics.median(times):.2f} s (best {min(times):.2f}) over {args.runs} runs, "
        f"{1000 * statistics.median(times) / args.tables:.0f} ms a table"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
