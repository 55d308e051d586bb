"""The main window, in layers (see :mod:`.window`)."""

from gin_scorer.gui.main_window.main_window import MainWindow
from gin_scorer.gui.main_window.station_sync import POLL_MS

__all__ = ["POLL_MS", "MainWindow"]
