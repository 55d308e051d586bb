"""The main window: the event navigator beside the working area, menus, and a status bar
naming the database, the station, the last save and the database's current seal.

It opens the database through the services and talks only to them. Pages: the welcome page
(first start), and an event's tabs — the score sheet of the chosen match, the matches, and the
event views (standings, pairings, round status, bracket). The window is a plain QMainWindow
that makes its widgets and owns its parts, each holding the one shared state
(:mod:`.window_state`: what is open, the widgets, refreshing and navigating): the station
(:mod:`.station_sync`: the database, the other stations, backups), the pages
(:mod:`.window_pages`), the event, report and room actions, finding a table
(:mod:`.window_finding`) and the menus (:mod:`.window_menus`), which bind every command to
the part that does it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.backup_status import BackupStatus
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.event_actions import EventActions
from gin_scorer.gui.main_window.report_actions import ReportActions
from gin_scorer.gui.main_window.room_actions import RoomActions
from gin_scorer.gui.main_window.station_sync import StationSync
from gin_scorer.gui.main_window.window_finding import WindowFinding
from gin_scorer.gui.main_window.window_menus import WindowMenus
from gin_scorer.gui.main_window.window_pages import WindowPages
from gin_scorer.gui.main_window.window_state import WindowState
from gin_scorer.gui.navigator import FindBox, NavigatorModel
from gin_scorer.gui.room_control import RoomControl
from gin_scorer.gui.round_clock import RoundClock
from gin_scorer.gui.screen_fit import fit_window, remember_splitter, remember_window
from gin_scorer.gui.seal_label import SealLabel
from gin_scorer.gui.settings import GuiSettings, load_settings
from gin_scorer.gui.welcome import WelcomePage


class MainWindow(QMainWindow):
    def __init__(
        self,
        database: str,
        parent: QWidget | None = None,
        *,
        settings: GuiSettings | None = None,
        open_now: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("MainWindow", "Gin Scorer"))
        fit_window(self)
        self.state = WindowState(self, database, settings or load_settings())
        self._build_navigator()
        self._build_pages()
        self._build_status_bar()
        self.event_actions = EventActions(self.state)
        self.pages = WindowPages(self.state, self.event_actions)
        self.station = StationSync(self.state, self.pages)
        self.report_actions = ReportActions(self.state, self.station)
        self.room_actions = RoomActions(self.state)
        self.finding = WindowFinding(self.state)
        self._connect()
        self.menus = WindowMenus(
            self.state,
            self.station,
            self.event_actions,
            self.report_actions,
            self.room_actions,
            self.finding,
        )
        if open_now:
            self.station.open_db(database)

    def _build_navigator(self) -> None:
        """The tree of events, rounds and tables, and the find box above it."""
        state = self.state
        state.navigator_model = NavigatorModel(self)
        state.navigator = QTreeView()
        state.navigator.setAccessibleName(translate("MainWindow", "Events, rounds and tables"))
        state.navigator.setObjectName("navigator")
        state.navigator.setModel(state.navigator_model)
        state.navigator.setHeaderHidden(True)
        state.navigator.setUniformRowHeights(True)  # fast relabelling in a 500-table tree
        state.navigator.setMinimumWidth(230)
        # "Where is Ann playing?": type part of a name (or T12); Enter opens the table.
        state.find_box = FindBox()
        state.find_box.setAccessibleName(translate("MainWindow", "Find a player or table"))
        state.find_box.setObjectName("findTable")
        state.find_box.setPlaceholderText(
            translate("MainWindow", "Find a player or table  (Ctrl+F)")
        )
        state.find_box.setClearButtonEnabled(True)

    def _build_pages(self) -> None:
        """The welcome page or the event's tabs, beside the navigator."""
        state = self.state
        state.welcome = WelcomePage()
        state.tabs = QTabWidget()
        state.tabs.setObjectName("eventTabs")
        state.stack = QStackedWidget()
        state.stack.addWidget(state.welcome)
        state.stack.addWidget(state.tabs)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.setSpacing(4)
        left_layout.addWidget(state.find_box)
        left_layout.addWidget(state.navigator, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(state.stack)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([290, 990])
        remember_splitter(splitter, "navigator")
        self.setCentralWidget(splitter)
        state.panes = splitter

    def _build_status_bar(self) -> None:
        """The station, the last save, the seal and the database, always in sight."""
        state = self.state
        state.database_label = QLabel()
        state.show_database(state.database)
        state.station_label = QLabel(
            translate("MainWindow", "Station: {0}").format(state.settings.station)
        )
        state.saved_label = QLabel(translate("MainWindow", "Last save: —"))
        state.seal_label = SealLabel()
        state.seal_label.copied.connect(
            lambda code: self.statusBar().showMessage(
                translate("MainWindow", "Seal {0} copied").format(code), 4000
            )
        )
        # The round clock, when the director runs one (Event → Round clock).
        state.round_clock = RoundClock(self)
        state.room = RoomControl(state.round_clock.reading)  # Event → Open the room…
        state.clock_label = QLabel("")
        state.clock_label.setObjectName("clockStatus")
        state.round_clock.ticked.connect(
            lambda: state.clock_label.setText(state.round_clock.text())
        )
        state.backup_status = BackupStatus()
        state.backup_status.failed.connect(lambda text: self.statusBar().showMessage(text, 30000))
        shown = (
            state.clock_label,
            state.station_label,
            state.saved_label,
            state.backup_status,
            state.seal_label,
        )
        for label in (*shown, state.database_label):
            self.statusBar().addPermanentWidget(label)

    def _connect(self) -> None:
        """The widgets' signals to the parts that answer them."""
        state, finding = self.state, self.finding
        state.navigator.activated.connect(state.node_activated)
        state.navigator.clicked.connect(state.node_activated)
        state.navigator.expanded.connect(lambda _index: state.fit_navigator())
        state.find_box.textChanged.connect(finding.find_changed)
        state.find_box.returnPressed.connect(finding.find_open)
        state.find_box.step.connect(finding.find_step)
        state.welcome.new_event.connect(self.event_actions.new_event)
        state.welcome.open_database.connect(self.station.choose_database)
        state.welcome.try_demo.connect(self.event_actions.try_demo)
        state.welcome.event_chosen.connect(state.open_event)
        state.tabs.currentChanged.connect(state.tab_changed)

    def closeEvent(self, event: QCloseEvent) -> None:
        remember_window(self)
        self.station.close_down()
        super().closeEvent(event)
