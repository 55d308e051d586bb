"""The main window, in layers (see :mod:`.window`)."""

from gin_scorer.gui.main_window.station import POLL_MS
from gin_scorer.gui.main_window.window import MainWindow

__all__ = ["POLL_MS", "MainWindow"]
