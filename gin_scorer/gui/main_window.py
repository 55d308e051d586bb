"""The main window: the event navigator beside the working area, menus, and a status bar
naming the database, the station, the last save and the database's current seal.

It opens the database through the store, then talks only to the services. Pages:
the welcome page (first start), and an event's tabs — the score sheet of the chosen match,
the matches, and the event views (standings, pairings, round status, bracket).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gin_scorer import __version__
from gin_scorer.gui.background import Operation, in_background
from gin_scorer.gui.navigator import NODE_ROLE, FindBox, NavigatorModel, Node, match_label
from gin_scorer.gui.seal_label import SealLabel
from gin_scorer.gui.settings import GuiSettings, load_settings
from gin_scorer.gui.welcome import WelcomePage
from gin_scorer.services.dto import ChangeFeed, EventView, MatchView, ScoreSheet

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.demo_play import DemoPlay
    from gin_scorer.gui.event_dialog import NewEvent
    from gin_scorer.gui.match_controller import ScoringPage
    from gin_scorer.reports.request import Options
    from gin_scorer.services.database import Database

POLL_MS = 3000  # how often other stations' changes are looked for


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
        self.database = database
        self.settings = settings or load_settings()
        self.db: Database | None = None
        self._demo: DemoPlay | None = None
        self._poll: Operation[ChangeFeed] | None = None
        self.event_id: int | None = None
        self.events: tuple[EventView, ...] = ()
        self.matches: dict[int, tuple[MatchView, ...]] = {}
        self.marker = 0
        self.last_save: datetime | None = None
        self.round_numbers: tuple[int, ...] = ()
        self._stale_views: set[str] = set()  # refreshed when next brought to the front
        self.undo_stack = QUndoStack(self)
        self.setWindowTitle("Gin Scorer")
        self.resize(1280, 800)

        self.navigator_model = NavigatorModel(self)
        self.navigator = QTreeView()
        self.navigator.setObjectName("navigator")
        self.navigator.setModel(self.navigator_model)
        self.navigator.setHeaderHidden(True)
        self.navigator.setUniformRowHeights(True)  # fast relabelling in a 500-table tree
        self.navigator.setMinimumWidth(230)
        self.navigator.activated.connect(self._node_activated)
        self.navigator.clicked.connect(self._node_activated)
        # "Where is Ann playing?": type part of a name (or T12); Enter opens the table.
        self.find_box = FindBox()
        self.find_box.setObjectName("findTable")
        self.find_box.setPlaceholderText("Find a player or table  (Ctrl+F)")
        self.find_box.setClearButtonEnabled(True)
        self.find_box.textChanged.connect(self._find_changed)
        self.find_box.returnPressed.connect(self._find_open)
        self.find_box.step.connect(self._find_step)
        # Nodes, not indexes: the tree is rebuilt after every change at any station.
        self._find_hits: list[Node] = []
        self._find_at = 0

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
        self.setCentralWidget(splitter)

        self.database_label = QLabel(f"Database: {database}")
        self.station_label = QLabel(f"Station: {self.settings.station}")
        self.saved_label = QLabel("Last save: —")
        self.seal_label = SealLabel()
        self.seal_label.copied.connect(
            lambda code: self.statusBar().showMessage(f"Seal {code} copied", 4000)
        )
        for label in (self.station_label, self.saved_label, self.seal_label, self.database_label):
            self.statusBar().addPermanentWidget(label)

        self._build_menus()
        self.poll_timer = QTimer(self)
        self.poll_timer.setInterval(POLL_MS)
        self.poll_timer.timeout.connect(self.poll_changes)
        if open_now:
            self.open_db(database)

    # --- menus ----------------------------------------------------------------------------

    def _action(
        self,
        menu_title: str,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        self.menus[menu_title].addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.menus = {
            "file": bar.addMenu("&File"),
            "event": bar.addMenu("&Event"),
            "scoring": bar.addMenu("&Scoring"),
            "reports": bar.addMenu("&Reports"),
            "help": bar.addMenu("&Help"),
        }
        self.file_menu = self.menus["file"]
        self.event_menu = self.menus["event"]
        self.scoring_menu = self.menus["scoring"]
        self.reports_menu = self.menus["reports"]
        self.help_menu = self.menus["help"]

        self._action("file", "&New event…", self.new_event, QKeySequence.StandardKey.New)
        self._action("file", "&Open database…", self.choose_database, QKeySequence.StandardKey.Open)
        self._action("file", "Open a &server database (URL)…", self.choose_url)
        self._action("file", "Try a &demo event", self.try_demo)
        self._action("file", "&Import an event file…", self.import_event_file)
        self._action("file", "Se&ttings…", self.edit_settings, "Ctrl+,")
        self.file_menu.addSeparator()
        self._action("file", "&Back up now", self.back_up_now, "Ctrl+Shift+B")
        self._action("file", "&Restore a backup…", self.restore_backup)
        self.file_menu.addSeparator()
        self._action("file", "&Quit", self.close, QKeySequence.StandardKey.Quit)

        self._action("event", "Add &entrants…", self.add_entrants, "Ctrl+Shift+E")
        self._action("event", "&Import entrants from CSV…", self.import_entrants)
        self._action("event", "New &match…", self.new_match, "Ctrl+M")
        self._action("event", "Start next &round…", self.start_round, "Ctrl+R")
        self._action("event", "&Take back the latest round…", self.take_back_round)
        self.event_menu.addSeparator()
        self._action("event", "&Format settings…", self.edit_format_settings)
        self._action("event", "R&ule set…", self.edit_event_rules)
        self._action("event", "&Director's PIN…", self.change_pin)
        self._action("event", "Finish or re&open the event…", self.finish_or_reopen)
        self.event_menu.addSeparator()
        self._action("event", "Find a pla&yer or table", self.focus_find, "Ctrl+F")
        self._action("event", "&Projector mode", self.projector, "F11")
        self._action("event", "Refresh", self.refresh_all, QKeySequence.StandardKey.Refresh)

        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.scoring_menu.addAction(undo)
        self.scoring_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        self.scoring_menu.addSeparator()
        self._action("scoring", "&Entry line", self.focus_entry, "Ctrl+L")
        # F2 / F4: Ctrl+E and Ctrl+K are the entry line's own (end of line, delete to end).
        self._action("scoring", "&Correct selected hand", self.correct_selected, "F2")
        self._action("scoring", "&Void selected hand…", self.void_selected, "Ctrl+Delete")
        self._action("scoring", "Cards &panel", self.focus_cards, "F4")
        self.scoring_menu.addSeparator()
        self._action("scoring", "&Lock result…", lambda: self.set_locked(True))
        self._action("scoring", "U&nlock result…", lambda: self.set_locked(False))

        # Filled when first opened: the report modules load reportlab, not needed to start.
        self.reports_menu.aboutToShow.connect(self._fill_reports_menu)

        about = QAction("&About Gin Scorer", self)
        about.triggered.connect(self.show_about)
        self.help_menu.addAction(about)
        self._action("help", "Entry line &grammar", self.show_grammar, "F1")

    # --- database -------------------------------------------------------------------------

    def open_db(self, database: str) -> bool:
        from gin_scorer.services.database import open_database
        from gin_scorer.services.errors import StoreError

        if self.db is not None:
            self.db.close()
            self.db = None
        self.database = database
        self.database_label.setText(f"Database: {database}")
        try:
            self.db = open_database(database, station=self.settings.station)
        except (StoreError, OSError) as error:
            from gin_scorer.services.errors import CorruptDatabase

            advice = ""
            if isinstance(error, CorruptDatabase) and error.newest_good_backup is not None:
                advice = " In the app: File → Restore a backup… and choose the newest."
            self.welcome.show_message(f"Cannot open {database}: {error}{advice}", error=True)
            self.stack.setCurrentWidget(self.welcome)
            return False
        from gin_scorer.services.changes import current_marker

        self.marker = current_marker(self.db)
        self.refresh_seal()
        self.undo_stack.clear()
        self.event_id = None
        self._make_scoring_page()
        self.refresh_all()
        self.stack.setCurrentWidget(self.welcome)
        self.poll_timer.start()
        return True

    def _make_scoring_page(self) -> None:
        from gin_scorer.gui.match_controller import ScoringPage

        assert self.db is not None
        self.tabs.clear()
        self.scoring = ScoringPage(self.db, self.undo_stack, entered_by=self.settings.station)
        self.scoring.saved.connect(self._saved)
        self.scoring.sheet_changed.connect(self._sheet_changed)
        self.tabs.addTab(self.scoring, "Score sheet")
        self.event_views = {}
        from gin_scorer.gui.views import make_views

        for key, title, view in make_views(self.db):
            self.event_views[key] = view
            self.tabs.addTab(view, title)
            view.match_chosen.connect(self.open_match)  # type: ignore[attr-defined]
            if hasattr(view, "actor"):
                view.actor = self.settings.station
        entrants_view = self.event_views["entrants"]
        entrants_view.add_requested.connect(self.add_entrants)  # type: ignore[attr-defined]
        entrants_view.import_requested.connect(self.import_entrants)  # type: ignore[attr-defined]
        entrants_view.entrant_changed.connect(self.refresh_all)  # type: ignore[attr-defined]

    def choose_database(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Open or create a database",
            str(Path(self.database).parent),
            "Gin Scorer database (*.sqlite *.db);;All files (*)",
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if path:
            self.open_db(path)

    def choose_url(self) -> None:
        """A shared PostgreSQL database, for several stations at one event."""
        url, ok = QInputDialog.getText(
            self,
            "Open a server database",
            "PostgreSQL URL, e.g. postgresql+psycopg://user@host/gin:",
            text=self.database if "://" in self.database else "",
        )
        if ok and url.strip():
            self.open_db(url.strip())

    def closeEvent(self, event: object) -> None:
        self.poll_timer.stop()
        self.undo_stack.clear()  # commands hold Python callbacks: drop them while Python runs
        self.navigator_model.clear()  # items hold Python values: release them now, not at exit
        if self.db is not None:
            self.db.close()
            self.db = None
        super().closeEvent(event)  # type: ignore[arg-type]

    # --- refreshing -----------------------------------------------------------------------

    def refresh_all(self) -> None:
        if self.db is None:
            return
        from gin_scorer.services.events import list_events
        from gin_scorer.services.matches import list_matches

        self.events = list_events(self.db)
        self.welcome.set_events(self.events)
        self.matches = {}
        if self.event_id is not None:
            self.matches[self.event_id] = list_matches(self.db, self.event_id)
            self.round_numbers = tuple(
                sorted({m.round_number for m in self.matches[self.event_id] if m.round_number})
            )
        self.navigator_model.set_events(self.events, self.matches)
        if self.event_id is not None:
            item = self.navigator_model.find(Node("event", self.event_id))
            if item is not None:
                self.navigator.expand(item.index())
            self.refresh_event_views()

    def refresh_event_views(self, *, every_view: bool = False) -> None:
        """Refresh the view in front (or all); the others when they are next shown."""
        if self.db is None or self.event_id is None:
            return
        event = next((e for e in self.events if e.id == self.event_id), None)
        if event is None:
            return
        front = self.tabs.currentWidget()
        for key, view in self.event_views.items():
            if every_view or view is front:
                view.set_event(event, self.round_numbers)  # type: ignore[attr-defined]
                self._stale_views.discard(key)
            else:
                self._stale_views.add(key)

    def _tab_changed(self, _index: int) -> None:
        front = self.tabs.currentWidget()
        for key, view in self.event_views.items():
            if view is front and key in self._stale_views:
                self.refresh_event_views()

    def _saved(self) -> None:
        self.last_save = datetime.now()
        self.saved_label.setText(f"Last save: {self.last_save:%H:%M:%S}")
        self.refresh_seal()

    def refresh_seal(self) -> None:
        """Show the database's current seal (after a save here, or changes anywhere)."""
        if self.db is None:
            self.seal_label.show_seal(None)
            return
        from gin_scorer.services.seal import current_seal

        self.seal_label.show_seal(current_seal(self.db))

    def _sheet_changed(self, sheet: ScoreSheet) -> None:
        """After a hand: this match's navigator line, then the event views."""
        match = sheet.match
        item = self.navigator_model.find(
            Node("match", match.event_id, match.round_number, match.id)
        )
        if item is not None:
            item.setText(match_label(match))
        if self.event_id == match.event_id:
            self.refresh_event_views()  # only the view in front; the score sheet usually

    def poll_changes(self) -> Operation[ChangeFeed] | None:
        """Look for other stations' writes on a worker (a slow server never freezes the
        window); refresh what they touched when the answer comes. While one look is out, the
        timer's next tick starts no second one."""
        if self.db is None or (self._poll is not None and self._poll.running):
            return None
        from gin_scorer.services.changes import changes_since

        db, marker = self.db, self.marker
        self._poll = in_background(
            lambda _report: changes_since(db, marker),
            on_done=lambda feed: self._apply_changes(db, feed),
            on_error=self._poll_failed,
            parent=self,
        )
        return self._poll

    def _apply_changes(self, db: Database, feed: ChangeFeed) -> None:
        """Other stations' writes: refresh what they touched (on the UI thread)."""
        if db is not self.db:
            return  # another database was opened meanwhile
        self.marker = feed.marker
        if feed.changes:  # any station's, this one's too (not every write passes _saved)
            self.refresh_seal()
        mine = self.settings.station
        foreign = [c for c in feed.changes if c.station != mine]
        if not foreign:
            return
        if any(c.table not in ("match", "hand_entry", "audit_entry") for c in foreign):
            self.refresh_all()  # new events, rounds or entrants: rebuild the tree
        else:
            self._refresh_match_lines(feed.match_ids)  # hands only: relabel those tables
        sheet = self.scoring.sheet if self.scoring else None
        if sheet is not None and sheet.match.id in feed.match_ids and self.scoring:
            self.scoring.open_match(sheet.match.id)

    def _poll_failed(self, error: Exception) -> None:
        """A look that failed (the server away, the file busy): said in the status bar; the
        next tick tries again."""
        from gin_scorer.services.errors import ServiceError, StoreError

        if not isinstance(error, ServiceError | StoreError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        self.statusBar().showMessage(f"Other stations' changes not read: {error}", POLL_MS * 2)

    def _refresh_match_lines(self, match_ids: frozenset[int]) -> None:
        if self.db is None:
            return
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.matches import get_match

        for match_id in match_ids:
            try:
                match = get_match(self.db, match_id)
            except ServiceError:
                continue
            item = self.navigator_model.find(
                Node("match", match.event_id, match.round_number, match.id)
            )
            if item is not None:
                item.setText(match_label(match))
        self.refresh_event_views()

    # --- navigation -----------------------------------------------------------------------

    def _node_activated(self, index: QModelIndex) -> None:
        node = index.data(NODE_ROLE)
        if not isinstance(node, Node):
            return
        if node.event_id != self.event_id:
            self.open_event(node.event_id)
        if node.kind == "match" and node.match_id is not None:
            self.open_match(node.match_id)
        elif node.kind == "round":
            self.show_view("status", round_number=node.round_number)
        else:
            self.show_view("standings")

    def open_event(self, event_id: int) -> None:
        if self.db is None:
            return
        self.event_id = event_id
        self.refresh_all()
        self.stack.setCurrentWidget(self.tabs)
        item = self.navigator_model.find(Node("event", event_id))
        if item is not None:
            self.navigator.setCurrentIndex(item.index())
            self.navigator.expandRecursively(item.index(), 1)

    def open_match(self, match_id: int) -> None:
        if self.scoring is None:
            return
        self.scoring.open_match(match_id)
        sheet = self.scoring.sheet
        if sheet is not None:  # show where it is in the navigator
            node = Node("match", sheet.match.event_id, sheet.match.round_number, match_id)
            item = self.navigator_model.find(node)
            if item is not None:
                self.navigator.setCurrentIndex(item.index())
        self.stack.setCurrentWidget(self.tabs)
        self.tabs.setCurrentWidget(self.scoring)
        self.scoring.panel.entry.setFocus()

    def show_view(self, key: str, **options: object) -> None:
        view = self.event_views.get(key)
        if view is None:
            return
        self.stack.setCurrentWidget(self.tabs)
        self.tabs.setCurrentWidget(view)
        chooser = getattr(view, "show_round", None)
        if chooser is not None and options.get("round_number") is not None:
            chooser(options["round_number"])

    # --- finding a table -------------------------------------------------------------------

    def focus_find(self) -> None:
        self.find_box.setFocus()
        self.find_box.selectAll()

    def _find_changed(self, text: str) -> None:
        self._find_hits = [item.data(NODE_ROLE) for item in self.navigator_model.tables_with(text)]
        self._find_at = 0
        if not text.strip():
            self.statusBar().clearMessage()
        elif not self._find_hits:
            self.statusBar().showMessage(f"No table has {text.strip()!r} in its line", 6000)
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
            f"{self._find_at + 1} of {count}: {index.data()}  ·  Enter opens it"
            + ("  ·  ↓ ↑ the others" if count > 1 else ""),
            10000,
        )

    def _find_open(self) -> None:
        index = self._find_index()
        if index is not None:
            self._node_activated(index)

    def focus_entry(self) -> None:
        if self.scoring is not None:
            self.tabs.setCurrentWidget(self.scoring)
            self.scoring.panel.entry.setFocus()

    def focus_cards(self) -> None:
        if self.scoring is not None:
            self.tabs.setCurrentWidget(self.scoring)
            self.scoring.cards.knocker_edit.setFocus()

    def correct_selected(self) -> None:
        if self.scoring is None:
            return
        row = self.scoring.panel.selected_hand()
        if row is None:
            self.scoring.panel.show_error("select the hand to correct on the sheet first")
            return
        self.scoring.panel.begin_edit(row)

    def void_selected(self) -> None:
        if self.scoring is not None:
            self.scoring.void()

    def _open_event(self) -> tuple[Database, int] | None:
        """The database and the open event, or None (saying so in the status bar)."""
        if self.db is None or self.event_id is None:
            self.statusBar().showMessage("Open an event first", 4000)
            return None
        return self.db, self.event_id

    def _changed(self, message: str) -> None:
        """After a change saved through the services: the save time, every view, a word."""
        self._saved()
        self.refresh_all()
        self.statusBar().showMessage(message, 6000)

    # --- backups --------------------------------------------------------------------------

    def back_up_now(self) -> None:
        if self.db is None:
            self.statusBar().showMessage("No database is open", 4000)
            return
        from gin_scorer.services.backups import back_up_now
        from gin_scorer.services.errors import StoreError

        try:
            made = back_up_now(self.db)
        except (StoreError, OSError) as error:
            QMessageBox.warning(self, "Back up now", f"The backup failed: {error}")
            return
        self.statusBar().showMessage(f"Backed up to {made.path}", 10000)

    def restore_backup(self) -> bool:
        """Choose a backup (of this database, or any file), then replace the database by it.
        Works on a damaged database too: that is when it is needed most."""
        from gin_scorer.gui.backup_dialog import (
            PinCancelled,
            RestoreDialog,
            ask_database_pin,
        )
        from gin_scorer.services.backups import backups_of, restore_backup
        from gin_scorer.services.errors import StoreError

        try:
            found = backups_of(self.db if self.db is not None else self.database)
        except (StoreError, OSError) as error:
            QMessageBox.warning(self, "Restore a backup", str(error))
            return False
        dialog = RestoreDialog(self.database, found, self)
        try:
            if dialog.exec() != RestoreDialog.DialogCode.Accepted or dialog.chosen is None:
                return False
            chosen = dialog.chosen
        finally:
            dialog.deleteLater()
        if self.db is not None:  # the file is about to be replaced under it
            self.poll_timer.stop()
            self.db.close()
            self.db = None
        try:
            result = restore_backup(self.database, chosen, ask_pin=lambda: ask_database_pin(self))
        except PinCancelled:
            self.open_db(self.database)
            return False
        except (StoreError, OSError) as error:
            text = str(error)
            if "nothing was" not in text.lower():
                text = f"Nothing was restored: {text}"
            QMessageBox.warning(self, "Restore a backup", text[:1].upper() + text[1:])
            self.open_db(self.database)
            return False
        self.open_db(self.database)
        kept = (
            f"\nThe database as it was is kept in {result.safety_backup.path}"
            if result.safety_backup is not None
            else ""
        )
        aside = (
            f"\nThe damaged database was moved to {result.damaged_moved_to}"
            if result.damaged_moved_to is not None
            else ""
        )
        QMessageBox.information(
            self, "Restore a backup", f"Restored from {result.restored_from}.{kept}{aside}"
        )
        return True

    # --- events ---------------------------------------------------------------------------

    def new_event(self) -> None:
        from gin_scorer.gui.event_dialog import NewEventDialog
        from gin_scorer.presentation.custom_presets import custom_presets_dir, list_custom_presets
        from gin_scorer.presets import list_presets

        folder = custom_presets_dir(self.settings.data_folder)
        custom, unreadable = list_custom_presets(folder)
        for problem in unreadable:
            self.statusBar().showMessage(f"Custom preset skipped: {problem}", 8000)
        dialog = NewEventDialog(
            list_presets() + custom, self.settings.default_preset, self, custom_folder=folder
        )
        try:
            # A refusal (a name entered twice, a bad PIN ...) reopens the dialog as it was.
            while dialog.exec() == NewEventDialog.DialogCode.Accepted:
                if self.create_event(dialog.values(), on_problem=dialog.problem.say):
                    break
        finally:
            dialog.deleteLater()

    def create_event(
        self, values: NewEvent, *, on_problem: Callable[[str], None] | None = None
    ) -> int | None:
        """Create the event with its entrants, in one transaction, through the services;
        returns its id. A refusal goes to ``on_problem`` (else a message box): nothing made."""
        if self.db is None:
            return None
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.events import create_event

        try:
            event = create_event(
                self.db,
                name=values.name,
                rules=values.rules,
                format=values.format,
                venue=values.venue,
                start_date=values.start_date,
                pin=values.pin,
                entrants=values.entrants,
                entrant_labels=values.entrant_labels or None,
                actor=self.settings.station,
            )
        except ServiceError as error:
            if on_problem is None:
                QMessageBox.warning(self, "New event", str(error))
            else:
                on_problem(str(error))
            return None
        self._saved()
        self.open_event(event.id)
        return event.id

    def import_event_file(self, path: Path | None = None) -> int | None:
        """File → Import an event file…: an event exported (Reports → Export event) on
        another laptop becomes a new event here, hands and corrections included, or nothing
        is imported and every problem is listed. Returns the new event's id."""
        if self.db is None:
            self.statusBar().showMessage("No database is open", 4000)
            return None
        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self, "Import an event file", "", "Event files (*.json);;All files (*)"
            )
            if not name:
                return None
            path = Path(name)
        from gin_scorer.services import exchange
        from gin_scorer.services.errors import ServiceError

        try:
            text = path.read_text(encoding="utf-8-sig")
            event = exchange.import_event_json(self.db, text, actor=self.settings.station)
        except (OSError, UnicodeDecodeError) as error:
            QMessageBox.warning(
                self,
                "Import an event file",
                f"{path.name} cannot be read: {getattr(error, 'strerror', None) or error}",
            )
            return None
        except ServiceError as error:
            QMessageBox.warning(self, "Import an event file", f"{path.name}: {error}")
            return None
        self._saved()
        self.open_event(event.id)
        self.statusBar().showMessage(
            f"Imported {event.name} ({event.entrant_count} entrants) from {path.name}", 8000
        )
        return event.id

    def import_entrants(self) -> None:
        """Event → Import entrants from CSV…: the file opens in the add-entrants dialog, to
        read (and fix) before anything is saved."""
        if self._open_event() is None:
            return
        from gin_scorer.gui.entrants_editor import choose_entrants_file

        path = choose_entrants_file(self)
        if path is not None:
            self.add_entrants(path)

    def add_entrants(self, csv_file: Path | None = None) -> int:
        """Entrants typed, pasted or imported into the open event (late entries too); returns
        how many were added. A refusal keeps the dialog open with the list as it was."""
        opened = self._open_event()
        if opened is None:
            return 0
        db, event_id = opened
        from gin_scorer.gui.dialog_parts import until_accepted
        from gin_scorer.gui.entrants_editor import AddEntrantsDialog
        from gin_scorer.services.entrants import add_entrants
        from gin_scorer.services.events import get_event

        dialog = AddEntrantsDialog(get_event(db, event_id).name, self)
        if csv_file is not None:
            dialog.editor.load_file(csv_file)

        def add() -> int:
            parsed = dialog.editor.parsed()
            return len(
                add_entrants(
                    db, event_id, parsed.specs, labels=parsed.labels, actor=self.settings.station
                )
            )

        added = until_accepted(dialog, add, dialog.editor.show_problem)
        if not added:
            return 0
        self._changed(f"{added} entrant{'s' if added != 1 else ''} added")
        return added

    def edit_format_settings(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_settings_dialog import edit_event_settings

        if edit_event_settings(self, db, event_id, actor=self.settings.station):
            self._changed("Format settings saved")

    def edit_event_rules(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_settings_dialog import edit_event_rules
        from gin_scorer.presentation.custom_presets import custom_presets_dir

        folder = custom_presets_dir(self.settings.data_folder)
        if edit_event_rules(self, db, event_id, custom_folder=folder, actor=self.settings.station):
            self._changed("Rule set saved: new matches use it")

    def change_pin(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_settings_dialog import change_event_pin

        event = change_event_pin(self, db, event_id, actor=self.settings.station)
        if event is not None:
            self._changed("Director's PIN set" if event.has_pin else "Director's PIN cleared")

    def finish_or_reopen(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_settings_dialog import finish_or_reopen_event
        from gin_scorer.services.dto import EventStatus
        from gin_scorer.services.errors import ServiceError

        try:
            event = finish_or_reopen_event(self, db, event_id, actor=self.settings.station)
        except ServiceError as error:
            self.statusBar().showMessage(f"✖ {error}", 8000)
            return
        if event is not None:
            finished = event.status is EventStatus.FINISHED
            self._changed(f"{event.name} is {'finished' if finished else 'open again'}")

    def new_match(self) -> None:
        """Club play: the director names both players (and a table if they like)."""
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.dialog_parts import until_accepted
        from gin_scorer.gui.new_match_dialog import NewMatchDialog
        from gin_scorer.services.entrants import list_entrants
        from gin_scorer.services.errors import InvalidInput
        from gin_scorer.services.matches import create_match

        entrants = [e for e in list_entrants(db, event_id) if e.active]
        if len(entrants) < 2:
            QMessageBox.information(self, "New match", "The event needs two entrants first.")
            return
        dialog = NewMatchDialog(entrants, self)

        def start() -> MatchView:
            chosen = dialog.choice()  # checked before the dialog accepted; checked again here
            if isinstance(chosen, str):
                raise InvalidInput(chosen)
            a, b, table = chosen
            return create_match(
                db, event_id, a.id, b.id, table_number=table, actor=self.settings.station
            )

        match = until_accepted(dialog, start, dialog.problem.say)
        if match is not None:
            self._saved()
            self.refresh_all()
            self.open_match(match.id)

    def start_round(self) -> None:
        from gin_scorer.gui.round_dialogs import pair_next_round

        if self._round_action(pair_next_round):
            self.show_view("pairings")

    def take_back_round(self) -> None:
        from gin_scorer.gui.round_dialogs import take_back_round

        self._round_action(take_back_round)

    def _round_action(self, action: Callable[..., str | None]) -> bool:
        """Run a round dialog on the open event; its sentence goes to the status bar ("✖ …"
        for a refusal). True when the round changed."""
        opened = self._open_event()
        if opened is None:
            return False
        message = action(self, *opened, actor=self.settings.station)
        if message is None:
            return False
        self.statusBar().showMessage(message, 8000)
        if message.startswith("✖"):
            return False
        self._saved()
        self.refresh_all()
        return True

    def projector(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.views import ProjectorWindow

        self._projector = ProjectorWindow(db, event_id, self.settings.projector_seconds)
        self._projector.showFullScreen()

    # --- demo -----------------------------------------------------------------------------

    def try_demo(self) -> None:
        """Play a simulated 16-player Swiss event into this database, on a worker, with a
        progress dialog that can stop it between two matches (what was played stays)."""
        from gin_scorer.gui.demo_play import DemoPlay

        if self.db is None or (self._demo is not None and self._demo.running):
            return
        self.welcome.demo_button.setEnabled(False)
        self.welcome.show_message("Playing a simulated 16-player Swiss event…")
        self._demo = DemoPlay(self.db, self, on_finished=self._demo_finished)

    def _demo_finished(self, ok: bool, message: str) -> None:
        self.welcome.demo_button.setEnabled(True)
        self.welcome.show_message(message, error=not ok)
        self.refresh_all()
        if self.events:
            self.open_event(max(e.id for e in self.events))

    # --- reports --------------------------------------------------------------------------

    def _fill_reports_menu(self) -> None:
        if self.reports_menu.actions():
            return
        from gin_scorer.reports import KINDS

        labels = {
            "standings": "&Standings…",
            "pairings": "&Pairings…",
            "sheet": "Score s&heet…",
            "pad": "Blank p&ad…",
            "slips": "Result s&lips…",
            "bracket": "&Bracket…",
            "player": "Pla&yer sheet…",
        }
        for kind in KINDS:
            self._action("reports", labels.get(kind, kind), self._report_asker(kind))
        self.reports_menu.addSeparator()
        self._action("reports", "Export event (&JSON)…", lambda: self.ask_export("event"))
        self._action("reports", "Export &entrants (CSV)…", lambda: self.ask_export("entrants"))
        self._action("reports", "Export &results (CSV)…", lambda: self.ask_export("results"))
        self._action("reports", "Export ha&nds (CSV)…", lambda: self.ask_export("hands"))

    def _report_asker(self, kind: str) -> Callable[[], None]:
        return lambda: self.ask_report(kind)

    def ask_report(self, kind: str) -> None:
        if self.db is None:
            return
        suggested = str(Path.home() / f"{kind}.pdf")
        path, _ = QFileDialog.getSaveFileName(
            self, f"Save the {kind} report", suggested, "PDF (*.pdf)"
        )
        if path:
            self.make_report(kind, path)

    def report_options(self, kind: str) -> Options:
        """What the Reports menu asks for: this event, the open match's sheet, a blank pad."""
        from gin_scorer.presentation.paper import Paper
        from gin_scorer.reports.request import Options

        sheet = self.scoring.sheet if self.scoring else None
        return Options(
            event_id=self.event_id,
            match_id=sheet.match.id if kind == "sheet" and sheet is not None else None,
            blank=kind == "pad",
            paper=Paper.parse(self.settings.paper_size.value.lower()),
        )

    def make_report(self, kind: str, path: str) -> Path | None:
        from gin_scorer.reports import ReportError, build

        started = time.perf_counter()
        chosen = self.report_options(kind)
        try:
            out = build(
                kind,
                self.db,
                path,
                event_id=chosen.event_id,
                match_id=chosen.match_id,
                blank=chosen.blank,
                paper=chosen.paper,
            )
        except ReportError as error:
            QMessageBox.warning(self, "Report", str(error))
            return None
        self.statusBar().showMessage(f"Wrote {out} in {time.perf_counter() - started:.1f} s", 8000)
        return out

    def ask_export(self, what: str) -> None:
        if self._open_event() is None:
            return
        suffix = "json" if what == "event" else "csv"
        path, _ = QFileDialog.getSaveFileName(
            self,
            f"Export {what}",
            str(Path.home() / f"{what}.{suffix}"),
            f"{suffix.upper()} (*.{suffix})",
        )
        if path:
            self.export(what, path)

    def export(self, what: str, path: str) -> Path | None:
        """Write an export through the services (event as JSON; entrants, results and hands
        as CSV)."""
        from gin_scorer.services import exchange
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.spreadsheet_csv import write_csv_file

        if self.db is None or self.event_id is None:
            return None
        try:
            if what == "event":
                text = exchange.export_event_json(self.db, self.event_id)
            elif what == "entrants":
                text = exchange.export_entrants(self.db, self.event_id, "csv")
            elif what == "results":
                text = exchange.export_results(self.db, self.event_id, "csv")
            else:
                text = exchange.export_hands(self.db, self.event_id, "csv")
            out = Path(path)
            if what == "event":
                out.write_text(text, encoding="utf-8")
            else:  # the one CSV writer: BOM and CRLF for Excel, no live formulas
                write_csv_file(out, text)
        except (ServiceError, OSError) as error:
            QMessageBox.warning(self, "Export", str(error))
            return None
        self.statusBar().showMessage(f"Wrote {out}", 8000)
        return out

    def set_locked(self, locked: bool, pin: str | None = None) -> bool:
        """Seal (or unseal) the open match's result with the director's PIN."""
        sheet = self.scoring.sheet if self.scoring else None
        if self.db is None or sheet is None or self.scoring is None:
            self.statusBar().showMessage("Open a match first", 4000)
            return False
        from gin_scorer.gui.pin_prompt import with_pin
        from gin_scorer.services.errors import ServiceError, StoreError
        from gin_scorer.services.matches import lock_result, unlock_result

        action = lock_result if locked else unlock_result
        db = self.db
        try:
            # The PIN is asked for only when the services want one (the event or the
            # database has a PIN), with their sentence saying why.
            fresh = with_pin(
                self,
                lambda given: action(
                    db,
                    sheet.match.id,
                    sheet.version,
                    pin=given,
                    actor=self.settings.station,
                ),
                first=pin,
            )
        except (ServiceError, StoreError) as error:
            self.scoring.panel.show_error(str(error))
            return False
        if fresh is None:
            return False
        self.scoring.show_sheet(fresh)
        self._saved()
        return True

    # --- settings and help ----------------------------------------------------------------

    def edit_settings(self) -> None:
        from gin_scorer.gui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.settings = dialog.saved()
            self.station_label.setText(f"Station: {self.settings.station}")
            self.apply_backup_interval()

    def apply_backup_interval(self) -> bool:
        """The open database's automatic backups follow the Settings' interval.

        The schedule is kept in the database itself (so every station shares it); this is the
        service call ``gin-scorer backup --every-minutes`` makes too.
        """
        if self.db is None or not self.db.is_sqlite:
            return False
        from gin_scorer.services.backup_schedule import set_backup_schedule
        from gin_scorer.services.errors import StoreError

        try:
            set_backup_schedule(self.db, every_minutes=self.settings.backup_interval_minutes)
        except StoreError as error:
            self.statusBar().showMessage(f"Backup interval not changed: {error}", 8000)
            return False
        return True

    def about_text(self) -> str:
        return (
            f"<h3>Gin Scorer {__version__}</h3>"
            "<p>Score keeping for Gin Rummy tournaments and clubs.</p>"
            f"<p>Database: {self.database}</p>"
        )

    def show_about(self) -> None:
        QMessageBox.about(self, "About Gin Scorer", self.about_text())

    def show_grammar(self) -> None:
        from gin_scorer.presentation import entry_grammar

        text = (entry_grammar.__doc__ or "").split(">>>")[0].strip()  # without the doctests
        QMessageBox.information(self, "Entry line", f"<pre>{html.escape(text)}</pre>")
