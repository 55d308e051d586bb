"""Start the desktop app: one QApplication, the main window, the event loop."""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from gin_scorer import __version__
from gin_scorer.paths import chosen_database, resources_dir


def application_icon() -> QIcon:
    icons = resources_dir() / "icons"
    icon = QIcon()
    for size in (16, 32, 48, 64, 128, 256):
        png = icons / f"gin-scorer-{size}.png"
        if png.exists():
            icon.addFile(str(png))
    return icon


def make_application(argv: list[str] | None = None) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv if argv is not None else sys.argv[:1])
    # The desk reads on a worker thread while this one paints: each time this thread takes
    # Python's interpreter lock back from a busy worker it waits the switch interval, and a
    # paint takes it back many times. 1 ms instead of the default 5 roughly halved the
    # longest freeze while a refresh reads (benchmarks/desk_refresh.py).
    sys.setswitchinterval(0.001)
    app.setApplicationName("Gin Scorer")
    app.setOrganizationName("gin-scorer")
    app.setApplicationVersion(__version__)
    # Wayland and the desktop's task bar match the window to gin-scorer.desktop (its icon).
    app.setDesktopFileName("gin-scorer")
    app.setWindowIcon(application_icon())
    from gin_scorer.gui.i18n import install_translations

    install_translations(app)
    return app


def gui_database(option: str | None) -> str:
    """``--db``, then ``GIN_SCORER_DB``, then the data folder chosen in Settings (if any),
    then the platform's data folder."""
    import os
    from pathlib import Path

    from gin_scorer.gui.settings import load_settings
    from gin_scorer.paths import DB_ENV, DEFAULT_DB_NAME

    if option or os.environ.get(DB_ENV):
        return chosen_database(option)
    folder = load_settings().data_folder
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return str(Path(folder) / DEFAULT_DB_NAME)
    return chosen_database(None)


def run_gui(db: str | None = None, smoke_test: bool = False) -> int:
    """Open the main window on the chosen database; ``smoke_test`` closes it at once."""
    from gin_scorer.gui.main_window import MainWindow

    app = make_application()
    database = gui_database(db)
    # Show the window first, then open the database (loading the store takes a moment).
    window = MainWindow(database=database, open_now=False)
    from gin_scorer.gui.error_reporting import install

    install(window)  # an error no screen caught: a message box, never a silent traceback
    window.show()
    QTimer.singleShot(0, lambda: window.station.open_db(database))
    if smoke_test:
        QTimer.singleShot(0, window.close)
        QTimer.singleShot(0, app.quit)
    return app.exec()
