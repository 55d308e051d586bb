"""One screen's rehearsal, in a process of its own (the test starts it on its X screen):

    QT_QPA_PLATFORM=xcb DISPLAY=:7 QT_SCALE_FACTOR=1.5 \\
        python -m tests.rehearsal.driver --out DIR --rows 6 [SCENARIO ...]

The real application (``gui.app.make_application``) and ``MainWindow`` start as ``gin-scorer``
starts them, on a new database in ``DIR``, with ``HOME`` and the settings in ``DIR`` too; the
scenarios play through :class:`~tests.rehearsal.pump.Pump`. What was checked and
photographed goes to ``DIR/rehearsal.json``; the screenshots beside it.

The platform and the scale factor must be set before the application exists, and the rest of
the test suite runs offscreen in one process: hence a process per screen.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from tests.rehearsal.desk import Desk
from tests.rehearsal.pump import Pump, Script


def scenarios() -> dict[str, Callable[[Desk], Script]]:
    from tests.rehearsal.club_nights import hollywood_night, table_of_three
    from tests.rehearsal.event_day import event_day

    return {
        "event_day": event_day,
        "hollywood_night": hollywood_night,
        "table_of_three": table_of_three,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tests.rehearsal.driver")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--rows", type=int, default=10, help="hand rows a sheet must show")
    parser.add_argument("names", nargs="*", help="scenarios to play (default: all)")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QSettings, QTimer

    from gin_scorer.gui.app import make_application
    from gin_scorer.gui.main_window import MainWindow

    app = make_application(["gin-scorer"])
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(out / "settings"))
    database = str(out / "day.sqlite")
    window = MainWindow(database=database, open_now=False)
    desk = Desk(window, out)
    desk.rows_wanted = args.rows

    def fault(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        # What the app's own hook would show in a message box: recorded, and the day goes on.
        desk.fault("".join(traceback.format_exception(kind, error, trace)))

    sys.excepthook = fault
    window.show()
    QTimer.singleShot(0, lambda: window.station.open_db(database))
    chosen = scenarios()
    names = args.names or list(chosen)

    def started(name: str) -> None:
        desk.ended()
        desk.started(name)

    def finished() -> None:
        desk.ended()
        app.quit()

    pump = Pump(
        [(name, _bound(chosen[name], desk)) for name in names],
        failed=desk.failed,
        started=started,
        finished=finished,
    )
    pump.start()
    app.exec()
    record = {
        "screen": _screen(app),
        "scenarios": {name: dataclasses.asdict(s) for name, s in desk.scenarios.items()},
        "faults": desk.faults,
    }
    (out / "rehearsal.json").write_text(json.dumps(record, indent=1, ensure_ascii=False))
    window.close()
    return 0


def _bound(scenario: Callable[[Desk], Script], desk: Desk) -> Callable[[], Script]:
    return lambda: scenario(desk)


def _screen(app: object) -> dict[str, object]:
    from PySide6.QtGui import QGuiApplication

    screen = QGuiApplication.primaryScreen()
    size = screen.geometry()
    return {
        "logical": [size.width(), size.height()],
        "ratio": screen.devicePixelRatio(),
    }


if __name__ == "__main__":
    sys.exit(main())
