"""The main window: the event navigator beside the working area, menus, and a status bar
naming the database, the station, the last save and the database's current seal.

It opens the database through the services and talks only to them. Pages: the welcome page
(first start), and an event's tabs — the score sheet of the chosen match, the matches, and the
event views (standings, pairings, round status, bracket). The window is built in layers, one
file each: :mod:`.state` (widgets, refreshing, navigation) < :mod:`.pages` (an open
database's pages, made a piece at a time) < :mod:`.station` (the database,
the other stations, backups) < :mod:`.event_actions` < :mod:`.report_actions` < this module
(the widgets built, the menus, finding a table).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QLabel,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.background import Operation
from gin_scorer.gui.backup_status import BackupStatus
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.menus import WindowMenus
from gin_scorer.gui.main_window.station import POLL_MS
from gin_scorer.gui.navigator import FindBox, NavigatorModel, Node, Rounds
from gin_scorer.gui.queries import GuiThreadCalls, Reads
from gin_scorer.gui.room_control import RoomControl
from gin_scorer.gui.round_clock import RoundClock
from gin_scorer.gui.screen_fit import cards_shown, fit_window, remember_splitter
from gin_scorer.gui.seal_label import SealLabel
from gin_scorer.gui.settings import GuiSettings, load_settings
from gin_scorer.gui.welcome import WelcomePage
from gin_scorer.gui.zoom import read_zoom
from gin_scorer.services.dto import ChangeFeed, EventView, MatchView

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.club_window import ClubWindow
    from gin_scorer.gui.demo_play import DemoPlay
    from gin_scorer.gui.match_controller import ScoringPage
    from gin_scorer.services.backups import BackupFile
    from gin_scorer.services.database import Database
    from gin_scorer.services.written import Changes


class MainWindow(WindowMenus):
    def __init__(
        self,
        database: str,
        parent: QWidget | None = None,
        *,
        settings: GuiSettings | None = None,
        open_now: bool = True,
    ) -> None:
        super().__init__(parent)
        self.database = database
        self.settings = settings or load_settings()
        self.db: Database | None = None
        self._demo: DemoPlay | None = None
        self._poll: Operation[ChangeFeed] | None = None
        self._backup: Operation[BackupFile] | None = None
        self._stop_backups: Callable[[], None] | None = None
        self._report: Operation[Path] | None = None
        self.event_id: int | None = None
        self.events: tuple[EventView, ...] = ()
        self.matches: dict[int, tuple[MatchView, ...]] = {}
        self.marker = 0
        self.last_save: datetime | None = None
        self.round_numbers: tuple[int, ...] = ()
        self._views_behind: dict[str, Changes | None] = {}  # shown when next in front
        self.reads = Reads(self)  # every refresh reads on the worker through it
        self._after_tables: list[Callable[[], None]] = []
        self._tables_for: list[Changes | None] = []
        self._stop_hearing: Callable[[], None] = lambda: None
        self._lines_to_read: set[int] = set()  # other stations' tables still to relabel
        self._rounds_read: Rounds | None = None
        self._marks_read: dict[int, int] | None = None
        self.gui_thread_calls: GuiThreadCalls | None = None  # a debug hook (see .queries)
        self.undo_stack = QUndoStack(self)
        self.setWindowTitle(translate("MainWindow", "Gin Scorer"))
        self.zoom = read_zoom(QSettings().value("view/zoom"))
        fit_window(self)
        self.cards_shown = cards_shown(self)
        self._build_navigator()
        self._build_pages()
        self._build_status_bar()
        self._build_menus()
        self.poll_timer = QTimer(self)
        self.poll_timer.setInterval(POLL_MS)
        self.poll_timer.timeout.connect(self.poll_changes)
        if open_now:
            self.open_db(database)

    def _build_navigator(self) -> None:
        """The tree of events, rounds and tables, and the find box above it."""
        self.navigator_model = NavigatorModel(self)
        self.navigator = QTreeView()
        self.navigator.setAccessibleName(translate("MainWindow", "Events, rounds and tables"))
        self.navigator.setObjectName("navigator")
        self.navigator.setModel(self.navigator_model)
        self.navigator.setHeaderHidden(True)
        self.navigator.setUniformRowHeights(True)  # fast relabelling in a 500-table tree
        self.navigator.setMinimumWidth(230)
        self.navigator.activated.connect(self._node_activated)
        self.navigator.clicked.connect(self._node_activated)
        # "Where is Ann playing?": type part of a name (or T12); Enter opens the table.
        self.find_box = FindBox()
        self.find_box.setAccessibleName(translate("MainWindow", "Find a player or table"))
        self.find_box.setObjectName("findTable")
        self.find_box.setPlaceholderText(
            translate("MainWindow", "Find a player or table  (Ctrl+F)")
        )
        self.find_box.setClearButtonEnabled(True)
        self.find_box.textChanged.connect(self._find_changed)
        self.find_box.returnPressed.connect(self._find_open)
        self.find_box.step.connect(self._find_step)
        # Nodes, not indexes: the tree is rebuilt after every change at any station.
        self._find_hits: list[Node] = []
        self._find_at = 0

    def _build_pages(self) -> None:
        """The welcome page or the event's tabs, beside the navigator."""
        self.welcome = WelcomePage()
        self.welcome.new_event.connect(self.new_event)
        self.welcome.open_database.connect(self.choose_database)
        self.welcome.try_demo.connect(self.try_demo)
        self.welcome.event_chosen.connect(self.open_event)

        self.scoring: ScoringPage | None = None
        self.tabs = QTabWidget()
        self.tabs.setObjectName("eventTabs")
        self.tabs.currentChanged.connect(self._tab_changed)
        self.event_views: dict[str, QWidget] = {}
        self.stack = QStackedWidget()
        self.stack.addWidget(self.welcome)
        self.stack.addWidget(self.tabs)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.setSpacing(4)
        left_layout.addWidget(self.find_box)
        left_layout.addWidget(self.navigator, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.stack)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([290, 990])
        remember_splitter(splitter, "navigator")
        self.setCentralWidget(splitter)

    def _build_status_bar(self) -> None:
        """The station, the last save, the seal and the database, always in sight."""
        self.database_label = QLabel()
        self.show_database(self.database)
        self.station_label = QLabel(
            translate("MainWindow", "Station: {0}").format(self.settings.station)
        )
        self.saved_label = QLabel(translate("MainWindow", "Last save: —"))
        self.seal_label = SealLabel()
        self.seal_label.copied.connect(
            lambda code: self.statusBar().showMessage(
                translate("MainWindow", "Seal {0} copied").format(code), 4000
            )
        )
        # The round clock, when the director runs one (Event → Round clock).
        self.round_clock = RoundClock(self)
        self.room = RoomControl(self.round_clock.reading)  # Event → Open the room…
        self.club_window: ClubWindow | None = None  # Club → Players / Seasons
        self.clock_label = QLabel("")
        self.clock_label.setObjectName("clockStatus")
        self.round_clock.ticked.connect(lambda: self.clock_label.setText(self.round_clock.text()))
        self.backup_status = BackupStatus()
        self.backup_status.failed.connect(lambda text: self.statusBar().showMessage(text, 30000))
        shown = (
            self.clock_label,
            self.station_label,
            self.saved_label,
            self.backup_status,
            self.seal_label,
        )
        for label in (*shown, self.database_label):
            self.statusBar().addPermanentWidget(label)
