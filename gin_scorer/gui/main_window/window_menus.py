"""The main window's menus and the View menu's actions: every command a mouse can reach,
with its keys (each key one command's: a test says so) and its Alt letter, each bound to the
window part that does it (the station, the event and report actions, finding a table).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

from gin_scorer.gui.help_window import SHORTCUT_NAME
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.event_actions import EventActions
from gin_scorer.gui.main_window.report_actions import ReportActions
from gin_scorer.gui.main_window.room_actions import RoomActions
from gin_scorer.gui.main_window.station_sync import StationSync
from gin_scorer.gui.main_window.window_finding import WindowFinding
from gin_scorer.gui.main_window.window_state import WindowState
from gin_scorer.gui.zoom import zoom_step
from gin_scorer.presentation.words import error_text

# The event's tabs in their order on the screen, for Alt+1 … Alt+6.
_TABS = (
    (str(QT_TRANSLATE_NOOP("MainWindow", "Score &sheet")), "sheet"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "&Entrants")), "entrants"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "S&tandings")), "standings"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "&Pairings")), "pairings"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "&Round status")), "status"),
    (str(QT_TRANSLATE_NOOP("MainWindow", "&Bracket")), "bracket"),
)


Shortcut = QKeySequence | QKeySequence.StandardKey | str
MenuEntry = tuple[str, Callable[[], object]] | tuple[str, Callable[[], object], Shortcut]


class WindowMenus:
    """Builds the window's menu bar, once its widgets and parts exist, and does the View and
    Club menus' own commands."""

    def __init__(
        self,
        state: WindowState,
        station: StationSync,
        event_actions: EventActions,
        report_actions: ReportActions,
        room_actions: RoomActions,
        finding: WindowFinding,
    ) -> None:
        self.state = state
        self.window = state.window
        self.station = station
        self.event_actions = event_actions
        self.report_actions = report_actions
        self.room_actions = room_actions
        self.finding = finding
        bar = self.window.menuBar()
        self.by_key = {
            "file": bar.addMenu(translate("MainWindow", "&File")),
            "event": bar.addMenu(translate("MainWindow", "&Event")),
            "club": bar.addMenu(translate("MainWindow", "&Club")),
            "scoring": bar.addMenu(translate("MainWindow", "&Scoring")),
            "view": bar.addMenu(translate("MainWindow", "&View")),
            "reports": bar.addMenu(translate("MainWindow", "&Reports")),
            "help": bar.addMenu(translate("MainWindow", "&Help")),
        }
        self.file_menu = self.by_key["file"]
        self.event_menu = self.by_key["event"]
        self.scoring_menu = self.by_key["scoring"]
        self.reports_menu = self.by_key["reports"]
        self.help_menu = self.by_key["help"]
        self._build_file_menu()
        self._build_event_menu()
        self._entries(
            "club",
            (
                (
                    translate("MainWindow", "&Players and ratings…"),
                    lambda: self.show_club("players"),
                    "Ctrl+Shift+P",
                ),
                (translate("MainWindow", "&Seasons…"), lambda: self.show_club("seasons")),
                None,
                (translate("MainWindow", "Seed the event by &rating"), self.seed_by_rating),
            ),
        )
        self._build_scoring_menu()
        self._build_view_menu()
        # Filled when first opened: the report modules load reportlab, not needed to start.
        fill = partial(self.report_actions.fill_menu, self.reports_menu)
        self.reports_menu.aboutToShow.connect(lambda: fill(partial(self._action, "reports")))
        about = QAction(translate("MainWindow", "&About Gin Scorer"), self.window)
        about.triggered.connect(self.report_actions.show_about)
        self.help_menu.addAction(about)
        self._action(
            "help",
            translate("MainWindow", "Gin Scorer &help"),
            lambda: self.report_actions.show_help(self.by_key.values()),
            "F1",
        )

    def _action(
        self,
        menu_title: str,
        text: str,
        slot: Callable[[], object],
        shortcut: Shortcut | None = None,
    ) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        self.by_key[menu_title].addAction(action)
        return action

    def focus_cards(self) -> None:
        """Type the players' cards: the panel shown (if F4 had hidden it) and its first field."""
        scoring = self.state.scoring
        if scoring is not None:
            if not self.state.cards_shown:
                self.cards_action.trigger()  # View → Cards panel, ticked again
            self.state.tabs.setCurrentWidget(scoring)
            scoring.cards.knocker_edit.setFocus()

    def _build_view_menu(self) -> None:
        zoom_in = self._action(
            "view",
            translate("MainWindow", "Zoom &in"),
            lambda: self.zoom_by(1),
            "Ctrl++",
        )
        zoom_in.setShortcuts([QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self._action(
            "view",
            translate("MainWindow", "Zoom &out"),
            lambda: self.zoom_by(-1),
            "Ctrl+-",
        )
        self._action(
            "view",
            translate("MainWindow", "&Actual size"),
            lambda: self.zoom_by(0),
            "Ctrl+0",
        )
        self.by_key["view"].addSeparator()
        # Every tab from the keyboard: Alt+1 the sheet … Alt+6 the bracket.
        for number, (text, key) in enumerate(_TABS, start=1):
            shown = translate("MainWindow", text)
            self._action("view", shown, partial(self.show_tab, key), f"Alt+{number}")
        self.by_key["view"].addSeparator()
        self.cards_action = self._action(
            "view",
            translate("MainWindow", "&Cards panel"),
            self.toggle_cards,
            "F4",
        )
        self.cards_action.setCheckable(True)
        self.cards_action.setChecked(self.state.cards_shown)

    def show_club(self, tab: str) -> None:
        """Club → Players / Seasons: the club's window, beside the desk's (one at a time)."""
        if self.state.db is None:
            self.window.statusBar().showMessage(
                translate("MainWindow", "Open a database first"), 5000
            )
            return
        from gin_scorer.gui.club_window import ClubWindow

        if self.state.club_window is None or self.state.club_window.db is not self.state.db:
            self.state.close_club()
            self.state.club_window = ClubWindow(self.state.db, self.window)
        self.state.club_window.show_tab(tab)

    def seed_by_rating(self) -> bool:
        """Club → Seed the event by rating: the open event's seeds from the rating list (the
        surest strength first); the pairings of a seeded format follow them."""
        opened = self.state.opened_event()
        if opened is None:
            return False
        db, event_id = opened
        from gin_scorer.gui.background import wait_for
        from gin_scorer.gui.pin_prompt import with_pin
        from gin_scorer.services.support.errors import ServiceError
        from gin_scorer.services.writes.rating_seeds import seed_by_rating

        actor = self.state.settings.station
        try:
            seeds = with_pin(
                self.window,
                lambda pin: wait_for(lambda: seed_by_rating(db, event_id, pin=pin, actor=actor)),
            )
        except ServiceError as error:
            QMessageBox.warning(
                self.window, translate("MainWindow", "Seed by rating"), error_text(error)
            )
            return False
        if seeds is None:
            return False
        self.state.changed(
            translate("MainWindow", "{0} entrants seeded by rating").format(len(seeds))
        )
        return True

    def show_tab(self, key: str) -> None:
        """Alt+N: the sheet (with the cursor on the entry line) or an event view."""
        if self.state.scoring is None or self.state.event_id is None:
            self.window.statusBar().showMessage(
                translate("MainWindow", "Open an event first (the navigator, or Ctrl+F)"),
                5000,
            )
            return
        view = self.state.event_views.get(key)
        if key == "sheet":
            self.state.stack.setCurrentWidget(self.state.tabs)
            self.state.tabs.setCurrentWidget(self.state.scoring)
            self.state.scoring.panel.entry.setFocus()
        elif view is None or not self.state.tabs.isTabVisible(self.state.tabs.indexOf(view)):
            self.window.statusBar().showMessage(
                translate("MainWindow", "This event has no bracket: it is not a knockout"),
                5000,
            )
        else:
            self.state.show_view(key)
            view.setFocus()

    def zoom_by(self, step: int) -> None:
        """Ctrl + / Ctrl − / Ctrl 0: the event's tabs a step larger, smaller, or at 100 %."""
        self.state.zoom = zoom_step(self.state.zoom, step)
        QSettings().setValue("view/zoom", self.state.zoom)
        self.state.apply_view_choices()
        self.window.statusBar().showMessage(
            translate("MainWindow", "Zoom {0} %").format(round(self.state.zoom * 100)),
            3000,
        )

    def toggle_cards(self) -> None:
        """F4: the cards panel hidden (the sheet takes its room) or shown again."""
        self.state.cards_shown = self.cards_action.isChecked()
        QSettings().setValue("view/cards_shown", self.state.cards_shown)
        self.state.apply_view_choices()

    def _entries(self, menu: str, entries: tuple[MenuEntry | None, ...]) -> None:
        """A menu's commands in order (None: a separator line)."""
        for entry in entries:
            if entry is None:
                self.by_key[menu].addSeparator()
            else:
                self._action(menu, *entry)

    def _build_file_menu(self) -> None:
        keys = QKeySequence.StandardKey
        self._entries(
            "file",
            (
                (translate("MainWindow", "&New event…"), self.event_actions.new_event, keys.New),
                (
                    translate("MainWindow", "&Open database…"),
                    self.station.choose_database,
                    keys.Open,
                ),
                (
                    translate("MainWindow", "Open a &server database (URL)…"),
                    self.station.choose_url,
                ),
                (translate("MainWindow", "Try a &demo event"), self.event_actions.try_demo),
                (
                    translate("MainWindow", "&Import an event file…"),
                    self.event_actions.import_event_file,
                ),
                (
                    translate("MainWindow", "Se&ttings…"),
                    self.report_actions.edit_settings,
                    "Ctrl+,",
                ),
                None,
                (translate("MainWindow", "&Back up now"), self.station.back_up_now, "Ctrl+Shift+B"),
                (translate("MainWindow", "&Restore a backup…"), self.station.restore_backup),
                None,
                (translate("MainWindow", "&Quit"), self.window.close, keys.Quit),
            ),
        )

    def _build_event_menu(self) -> None:
        self._entries(
            "event",
            (
                (
                    translate("MainWindow", "Add &entrants…"),
                    self.event_actions.add_entrants,
                    "Ctrl+Shift+E",
                ),
                (
                    translate("MainWindow", "&Import entrants from CSV…"),
                    self.event_actions.import_entrants,
                ),
                (translate("MainWindow", "New &match…"), self.event_actions.new_match, "Ctrl+M"),
                (
                    translate("MainWindow", "Start next &round…"),
                    self.event_actions.start_round,
                    "Ctrl+R",
                ),
                (
                    translate("MainWindow", "Enter re&sults from slips…"),
                    self.event_actions.enter_results,
                    "Ctrl+Shift+R",
                ),
                (
                    translate("MainWindow", "&Take back the latest round…"),
                    self.event_actions.take_back_round,
                ),
                None,
                (
                    translate("MainWindow", "&Format settings…"),
                    self.event_actions.edit_format_settings,
                ),
                (translate("MainWindow", "R&ule set…"), self.event_actions.edit_event_rules),
                (translate("MainWindow", "&Director's PIN…"), self.event_actions.change_pin),
                (
                    translate("MainWindow", "Finish or re&open the event…"),
                    self.event_actions.finish_or_reopen,
                ),
                None,
                (
                    translate("MainWindow", "Find a pla&yer or table"),
                    self.finding.focus_find,
                    "Ctrl+F",
                ),
                (translate("MainWindow", "&Projector mode"), self.room_actions.projector, "F11"),
                (
                    translate("MainWindow", "Round c&lock…"),
                    self.room_actions.show_round_clock,
                    "Ctrl+T",
                ),
                (translate("MainWindow", "Ope&n the room…"), self.room_actions.open_room),
                (
                    translate("MainWindow", "Refresh"),
                    self.state.refresh_all,
                    QKeySequence.StandardKey.Refresh,
                ),
            ),
        )

    def _build_scoring_menu(self) -> None:
        undo = self.state.undo_stack.createUndoAction(self.window, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.state.undo_stack.createRedoAction(self.window, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        undo.setProperty(SHORTCUT_NAME, translate("MainWindow", "Undo the last change"))
        redo.setProperty(SHORTCUT_NAME, translate("MainWindow", "Redo"))
        self.scoring_menu.addAction(undo)
        self.scoring_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        self.scoring_menu.addSeparator()
        self._action(
            "scoring",
            translate("MainWindow", "&Entry line"),
            self.state.focus_entry,
            "Ctrl+L",
        )
        # F2 / F4: Ctrl+E and Ctrl+K are the entry line's own (end of line, delete to end).
        self._action(
            "scoring",
            translate("MainWindow", "&Correct selected hand"),
            self.state.correct_selected,
            "F2",
        )
        self._action(
            "scoring",
            translate("MainWindow", "&Void selected hand…"),
            self.state.void_selected,
            "Ctrl+Delete",
        )
        self._action(
            "scoring",
            translate("MainWindow", "T&ype the cards"),
            self.focus_cards,
            "Ctrl+Shift+C",
        )
        self.scoring_menu.addSeparator()
        self._action(
            "scoring",
            translate("MainWindow", "&Lock result…"),
            lambda: self.report_actions.set_locked(True),
        )
        self._action(
            "scoring",
            translate("MainWindow", "U&nlock result…"),
            lambda: self.report_actions.set_locked(False),
        )
        self._action(
            "scoring",
            translate("MainWindow", "Ta&ke back the reported result…"),
            self.report_actions.take_back_result,
        )
