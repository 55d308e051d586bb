"""The main window: the event navigator beside the working area, menus, and a status bar
naming the database, the station, the last save and the database's current seal.

It opens the database through the services and talks only to them. Pages: the welcome page
(first start), and an event's tabs — the score sheet of the chosen match, the matches, and the
event views (standings, pairings, round status, bracket). The window is built in layers, one
file each: :mod:`.state` (widgets, refreshing, navigation) < :mod:`.station` (the database,
the other stations, backups) < :mod:`.event_actions` < :mod:`.report_actions` < this module
(the widgets built, the menus, finding a table).
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QModelIndex, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
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
from gin_scorer.gui.main_window.report_actions import ReportActions
from gin_scorer.gui.main_window.station import POLL_MS
from gin_scorer.gui.navigator import NODE_ROLE, FindBox, NavigatorModel, Node
from gin_scorer.gui.round_clock import RoundClock
from gin_scorer.gui.screen_fit import fit_window, remember_splitter
from gin_scorer.gui.seal_label import SealLabel
from gin_scorer.gui.settings import GuiSettings, load_settings
from gin_scorer.gui.welcome import WelcomePage
from gin_scorer.gui.zoom import read_zoom, zoom_step
from gin_scorer.services.dto import ChangeFeed, EventView, MatchView

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.demo_play import DemoPlay
    from gin_scorer.gui.match_controller import ScoringPage
    from gin_scorer.services.backups import BackupFile
    from gin_scorer.services.database import Database


# The event's tabs in their order on the screen, for Alt+1 … Alt+6.
_TABS = (
    (str(QT_TRANSLATE_NOOP("MainWindow", "Score &sheet")), "sheet"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "&Entrants")), "entrants"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "S&tandings")), "standings"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "&Pairings")), "pairings"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "&Round status")), "status"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "&Bracket")), "bracket"),
)


class MainWindow(ReportActions):
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
        self._report: Operation[Path] | None = None
        self.event_id: int | None = None
        self.events: tuple[EventView, ...] = ()
        self.matches: dict[int, tuple[MatchView, ...]] = {}
        self.marker = 0
        self.last_save: datetime | None = None
        self.round_numbers: tuple[int, ...] = ()
        self._stale_views: set[str] = set()  # refreshed when next brought to the front
        self.undo_stack = QUndoStack(self)
        self.setWindowTitle(QCoreApplication.translate("MainWindow", "Gin Scorer"))
        self.zoom = read_zoom(QSettings().value("view/zoom"))
        self.cards_shown = QSettings().value("view/cards_shown", True) not in (False, "false")
        fit_window(self)
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
        self.navigator.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Events, rounds and tables")
        )
        self.navigator.setObjectName("navigator")
        self.navigator.setModel(self.navigator_model)
        self.navigator.setHeaderHidden(True)
        self.navigator.setUniformRowHeights(True)  # fast relabelling in a 500-table tree
        self.navigator.setMinimumWidth(230)
        self.navigator.activated.connect(self._node_activated)
        self.navigator.clicked.connect(self._node_activated)
        # "Where is Ann playing?": type part of a name (or T12); Enter opens the table.
        self.find_box = FindBox()
        self.find_box.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Find a player or table")
        )
        self.find_box.setObjectName("findTable")
        self.find_box.setPlaceholderText(
            QCoreApplication.translate("MainWindow", "Find a player or table  (Ctrl+F)")
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
        self.database_label = QLabel(
            QCoreApplication.translate("MainWindow", "Database: {0}").format(self.database)
        )
        self.station_label = QLabel(
            QCoreApplication.translate("MainWindow", "Station: {0}").format(self.settings.station)
        )
        self.saved_label = QLabel(QCoreApplication.translate("MainWindow", "Last save: —"))
        self.seal_label = SealLabel()
        self.seal_label.copied.connect(
            lambda code: self.statusBar().showMessage(
                QCoreApplication.translate("MainWindow", "Seal {0} copied").format(code), 4000
            )
        )
        # The round clock, when the director runs one (Event → Round clock).
        self.round_clock = RoundClock(self)
        self.clock_label = QLabel("")
        self.clock_label.setObjectName("clockStatus")
        self.round_clock.ticked.connect(lambda: self.clock_label.setText(self.round_clock.text()))
        shown = (self.clock_label, self.station_label, self.saved_label, self.seal_label)
        for label in (*shown, self.database_label):
            self.statusBar().addPermanentWidget(label)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.menus = {
            "file": bar.addMenu(QCoreApplication.translate("MainWindow", "&File")),
            "event": bar.addMenu(QCoreApplication.translate("MainWindow", "&Event")),
            "scoring": bar.addMenu(QCoreApplication.translate("MainWindow", "&Scoring")),
            "view": bar.addMenu(QCoreApplication.translate("MainWindow", "&View")),
            "reports": bar.addMenu(QCoreApplication.translate("MainWindow", "&Reports")),
            "help": bar.addMenu(QCoreApplication.translate("MainWindow", "&Help")),
        }
        self.file_menu = self.menus["file"]
        self.event_menu = self.menus["event"]
        self.scoring_menu = self.menus["scoring"]
        self.reports_menu = self.menus["reports"]
        self.help_menu = self.menus["help"]
        self._build_file_menu()
        self._build_event_menu()
        self._build_scoring_menu()
        self._build_view_menu()
        # Filled when first opened: the report modules load reportlab, not needed to start.
        self.reports_menu.aboutToShow.connect(self._fill_reports_menu)
        about = QAction(QCoreApplication.translate("MainWindow", "&About Gin Scorer"), self)
        about.triggered.connect(self.show_about)
        self.help_menu.addAction(about)
        self._action(
            "help",
            QCoreApplication.translate("MainWindow", "Gin Scorer &help"),
            self.show_help,
            "F1",
        )

    def _build_view_menu(self) -> None:
        zoom_in = self._action(
            "view",
            QCoreApplication.translate("MainWindow", "Zoom &in"),
            lambda: self.zoom_by(1),
            "Ctrl++",
        )
        zoom_in.setShortcuts([QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self._action(
            "view",
            QCoreApplication.translate("MainWindow", "Zoom &out"),
            lambda: self.zoom_by(-1),
            "Ctrl+-",
        )
        self._action(
            "view",
            QCoreApplication.translate("MainWindow", "&Actual size"),
            lambda: self.zoom_by(0),
            "Ctrl+0",
        )
        self.menus["view"].addSeparator()
        # Every tab from the keyboard: Alt+1 the sheet … Alt+6 the bracket.
        for number, (text, key) in enumerate(_TABS, start=1):
            shown = QCoreApplication.translate("MainWindow", text)
            self._action("view", shown, partial(self.show_tab, key), f"Alt+{number}")
        self.menus["view"].addSeparator()
        self.cards_action = self._action(
            "view",
            QCoreApplication.translate("MainWindow", "&Cards panel"),
            self.toggle_cards,
            "F4",
        )
        self.cards_action.setCheckable(True)
        self.cards_action.setChecked(self.cards_shown)

    def show_tab(self, key: str) -> None:
        """Alt+N: the sheet (with the cursor on the entry line) or an event view."""
        if self.scoring is None or self.event_id is None:
            self.statusBar().showMessage(
                QCoreApplication.translate(
                    "MainWindow", "Open an event first (the navigator, or Ctrl+F)"
                ),
                5000,
            )
            return
        view = self.event_views.get(key)
        if key == "sheet":
            self.stack.setCurrentWidget(self.tabs)
            self.tabs.setCurrentWidget(self.scoring)
            self.scoring.panel.entry.setFocus()
        elif view is None or not self.tabs.isTabVisible(self.tabs.indexOf(view)):
            self.statusBar().showMessage(
                QCoreApplication.translate(
                    "MainWindow", "This event has no bracket: it is not a knockout"
                ),
                5000,
            )
        else:
            self.show_view(key)
            view.setFocus()

    def zoom_by(self, step: int) -> None:
        """Ctrl + / Ctrl − / Ctrl 0: the event's tabs a step larger, smaller, or at 100 %."""
        self.zoom = zoom_step(self.zoom, step)
        QSettings().setValue("view/zoom", self.zoom)
        self.apply_view_choices()
        self.statusBar().showMessage(
            QCoreApplication.translate("MainWindow", "Zoom {0} %").format(round(self.zoom * 100)),
            3000,
        )

    def toggle_cards(self) -> None:
        """F4: the cards panel hidden (the sheet takes its room) or shown again."""
        self.cards_shown = self.cards_action.isChecked()
        QSettings().setValue("view/cards_shown", self.cards_shown)
        self.apply_view_choices()

    def _build_file_menu(self) -> None:
        self._action(
            "file",
            QCoreApplication.translate("MainWindow", "&New event…"),
            self.new_event,
            QKeySequence.StandardKey.New,
        )
        self._action(
            "file",
            QCoreApplication.translate("MainWindow", "&Open database…"),
            self.choose_database,
            QKeySequence.StandardKey.Open,
        )
        self._action(
            "file",
            QCoreApplication.translate("MainWindow", "Open a &server database (URL)…"),
            self.choose_url,
        )
        self._action(
            "file", QCoreApplication.translate("MainWindow", "Try a &demo event"), self.try_demo
        )
        self._action(
            "file",
            QCoreApplication.translate("MainWindow", "&Import an event file…"),
            self.import_event_file,
        )
        self._action(
            "file",
            QCoreApplication.translate("MainWindow", "Se&ttings…"),
            self.edit_settings,
            "Ctrl+,",
        )
        self.file_menu.addSeparator()
        self._action(
            "file",
            QCoreApplication.translate("MainWindow", "&Back up now"),
            self.back_up_now,
            "Ctrl+Shift+B",
        )
        self._action(
            "file",
            QCoreApplication.translate("MainWindow", "&Restore a backup…"),
            self.restore_backup,
        )
        self.file_menu.addSeparator()
        self._action(
            "file",
            QCoreApplication.translate("MainWindow", "&Quit"),
            self.close,
            QKeySequence.StandardKey.Quit,
        )

    def _build_event_menu(self) -> None:
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "Add &entrants…"),
            self.add_entrants,
            "Ctrl+Shift+E",
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "&Import entrants from CSV…"),
            self.import_entrants,
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "New &match…"),
            self.new_match,
            "Ctrl+M",
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "Start next &round…"),
            self.start_round,
            "Ctrl+R",
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "Enter re&sults from slips…"),
            self.enter_results,
            "Ctrl+Shift+R",
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "&Take back the latest round…"),
            self.take_back_round,
        )
        self.event_menu.addSeparator()
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "&Format settings…"),
            self.edit_format_settings,
        )
        self._action(
            "event", QCoreApplication.translate("MainWindow", "R&ule set…"), self.edit_event_rules
        )
        self._action(
            "event", QCoreApplication.translate("MainWindow", "&Director's PIN…"), self.change_pin
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "Finish or re&open the event…"),
            self.finish_or_reopen,
        )
        self.event_menu.addSeparator()
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "Find a pla&yer or table"),
            self.focus_find,
            "Ctrl+F",
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "&Projector mode"),
            self.projector,
            "F11",
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "Round c&lock…"),
            self.show_round_clock,
            "Ctrl+T",
        )
        self._action(
            "event",
            QCoreApplication.translate("MainWindow", "Refresh"),
            self.refresh_all,
            QKeySequence.StandardKey.Refresh,
        )

    def _build_scoring_menu(self) -> None:
        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.scoring_menu.addAction(undo)
        self.scoring_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        self.scoring_menu.addSeparator()
        self._action(
            "scoring",
            QCoreApplication.translate("MainWindow", "&Entry line"),
            self.focus_entry,
            "Ctrl+L",
        )
        # F2 / F4: Ctrl+E and Ctrl+K are the entry line's own (end of line, delete to end).
        self._action(
            "scoring",
            QCoreApplication.translate("MainWindow", "&Correct selected hand"),
            self.correct_selected,
            "F2",
        )
        self._action(
            "scoring",
            QCoreApplication.translate("MainWindow", "&Void selected hand…"),
            self.void_selected,
            "Ctrl+Delete",
        )
        self._action(
            "scoring",
            QCoreApplication.translate("MainWindow", "T&ype the cards"),
            self.focus_cards,
            "Ctrl+Shift+C",
        )
        self.scoring_menu.addSeparator()
        self._action(
            "scoring",
            QCoreApplication.translate("MainWindow", "&Lock result…"),
            lambda: self.set_locked(True),
        )
        self._action(
            "scoring",
            QCoreApplication.translate("MainWindow", "U&nlock result…"),
            lambda: self.set_locked(False),
        )
        self._action(
            "scoring",
            QCoreApplication.translate("MainWindow", "Ta&ke back the reported result…"),
            self.take_back_result,
        )

    def focus_find(self) -> None:
        self.find_box.setFocus()
        self.find_box.selectAll()

    def _find_changed(self, text: str) -> None:
        self._find_hits = [item.data(NODE_ROLE) for item in self.navigator_model.tables_with(text)]
        self._find_at = 0
        if not text.strip():
            self.statusBar().clearMessage()
        elif not self._find_hits:
            self.statusBar().showMessage(
                QCoreApplication.translate("MainWindow", "No table has {0!r} in its line").format(
                    text.strip()
                ),
                6000,
            )
        self._find_show()

    def _find_step(self, step: int) -> None:
        if self._find_hits:
            self._find_at = (self._find_at + step) % len(self._find_hits)
            self._find_show()

    def _find_index(self) -> QModelIndex | None:
        """The current hit's place in the tree as it is now (None if it is gone)."""
        if not self._find_hits:
            return None
        item = self.navigator_model.find(self._find_hits[self._find_at])
        return item.index() if item is not None else None

    def _find_show(self) -> None:
        index = self._find_index()
        if index is None:
            return
        parent = index.parent()
        while parent.isValid():
            self.navigator.expand(parent)
            parent = parent.parent()
        self.navigator.setCurrentIndex(index)
        self.navigator.scrollTo(index)
        count = len(self._find_hits)
        self.statusBar().showMessage(
            QCoreApplication.translate("MainWindow", "{0} of {1}: {2}  ·  Enter opens it").format(
                self._find_at + 1, count, index.data()
            )
            + (
                QCoreApplication.translate("MainWindow", "  ·  ↓ ↑ the others") if count > 1 else ""
            ),
            10000,
        )

    def _find_open(self) -> None:
        index = self._find_index()
        if index is not None:
            self._node_activated(index)
