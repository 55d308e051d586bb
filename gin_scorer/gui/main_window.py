"""The main window: menus, the working area, and a status bar naming the open database."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QWidget

from gin_scorer import __version__


class MainWindow(QMainWindow):
    def __init__(self, database: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.database = database
        self.setWindowTitle("Gin Scorer")
        self.resize(1100, 720)
        self._build_menus()
        welcome = QLabel(
            "<h1>Gin Scorer</h1><p>Score keeping for Gin Rummy tournaments and clubs.</p>"
        )
        welcome.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCentralWidget(welcome)
        self.database_label = QLabel(f"Database: {database}")
        self.statusBar().addPermanentWidget(self.database_label)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        self.file_menu.addAction(quit_action)
        self.event_menu = bar.addMenu("&Event")
        self.scoring_menu = bar.addMenu("&Scoring")
        self.reports_menu = bar.addMenu("&Reports")
        self.help_menu = bar.addMenu("&Help")
        about = QAction("&About Gin Scorer", self)
        about.triggered.connect(self.show_about)
        self.help_menu.addAction(about)

    def about_text(self) -> str:
        return (
            f"<h3>Gin Scorer {__version__}</h3>"
            "<p>Score keeping for Gin Rummy tournaments and clubs.</p>"
            f"<p>Database: {self.database}</p>"
        )

    def show_about(self) -> None:
        QMessageBox.about(self, "About Gin Scorer", self.about_text())
