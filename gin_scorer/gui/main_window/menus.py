"""The main window's menus and the View menu's actions: every command a mouse can reach,
with its keys (each key one command's: a test says so) and its Alt letter. A layer of the
window: :mod:`.finding` < this module < :mod:`.window`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

from gin_scorer.gui.help_window import SHORTCUT_NAME
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.finding import WindowFinding
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


class WindowMenus(WindowFinding):
    """Builds the menu bar; the window calls :meth:`_build_menus` once its widgets exist."""

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.menus = {
            "file": bar.addMenu(translate("MainWindow", "&File")),
            "event": bar.addMenu(translate("MainWindow", "&Event")),
            "club": bar.addMenu(translate("MainWindow", "&Club")),
            "scoring": bar.addMenu(translate("MainWindow", "&Scoring")),
            "view": bar.addMenu(translate("MainWindow", "&View")),
            "reports": bar.addMenu(translate("MainWindow", "&Reports")),
            "help": bar.addMenu(translate("MainWindow", "&Help")),
        }
        self.file_menu = self.menus["file"]
        self.event_menu = self.menus["event"]
        self.scoring_menu = self.menus["scoring"]
        self.reports_menu = self.menus["reports"]
        self.help_menu = self.menus["help"]
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
        self.reports_menu.aboutToShow.connect(self._fill_reports_menu)
        about = QAction(translate("MainWindow", "&About Gin Scorer"), self)
        about.triggered.connect(self.show_about)
        self.help_menu.addAction(about)
        self._action(
            "help",
            translate("MainWindow", "Gin Scorer &help"),
            self.show_help,
            "F1",
        )

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
        self.menus["view"].addSeparator()
        # Every tab from the keyboard: Alt+1 the sheet … Alt+6 the bracket.
        for number, (text, key) in enumerate(_TABS, start=1):
            shown = translate("MainWindow", text)
            self._action("view", shown, partial(self.show_tab, key), f"Alt+{number}")
        self.menus["view"].addSeparator()
        self.cards_action = self._action(
            "view",
            translate("MainWindow", "&Cards panel"),
            self.toggle_cards,
            "F4",
        )
        self.cards_action.setCheckable(True)
        self.cards_action.setChecked(self.cards_shown)

    def show_club(self, tab: str) -> None:
        """Club → Players / Seasons: the club's window, beside the desk's (one at a time)."""
        if self.db is None:
            self.statusBar().showMessage(translate("MainWindow", "Open a database first"), 5000)
            return
        from gin_scorer.gui.club_window import ClubWindow

        if self.club_window is None or self.club_window.db is not self.db:
            self.close_club()
            self.club_window = ClubWindow(self.db, self)
        self.club_window.show_tab(tab)

    def seed_by_rating(self) -> bool:
        """Club → Seed the event by rating: the open event's seeds from the rating list (the
        surest strength first); the pairings of a seeded format follow them."""
        opened = self._open_event()
        if opened is None:
            return False
        db, event_id = opened
        from gin_scorer.gui.background import wait_for
        from gin_scorer.gui.pin_prompt import with_pin
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.rating_seeds import seed_by_rating

        actor = self.settings.station
        try:
            seeds = with_pin(
                self,
                lambda pin: wait_for(lambda: seed_by_rating(db, event_id, pin=pin, actor=actor)),
            )
        except ServiceError as error:
            QMessageBox.warning(self, translate("MainWindow", "Seed by rating"), error_text(error))
            return False
        if seeds is None:
            return False
        self._changed(translate("MainWindow", "{0} entrants seeded by rating").format(len(seeds)))
        return True

    def show_tab(self, key: str) -> None:
        """Alt+N: the sheet (with the cursor on the entry line) or an event view."""
        if self.scoring is None or self.event_id is None:
            self.statusBar().showMessage(
                translate("MainWindow", "Open an event first (the navigator, or Ctrl+F)"),
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
                translate("MainWindow", "This event has no bracket: it is not a knockout"),
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
            translate("MainWindow", "Zoom {0} %").format(round(self.zoom * 100)),
            3000,
        )

    def toggle_cards(self) -> None:
        """F4: the cards panel hidden (the sheet takes its room) or shown again."""
        self.cards_shown = self.cards_action.isChecked()
        QSettings().setValue("view/cards_shown", self.cards_shown)
        self.apply_view_choices()

    def _entries(self, menu: str, entries: tuple[MenuEntry | None, ...]) -> None:
        """A menu's commands in order (None: a separator line)."""
        for entry in entries:
            if entry is None:
                self.menus[menu].addSeparator()
            else:
                self._action(menu, *entry)

    def _build_file_menu(self) -> None:
        keys = QKeySequence.StandardKey
        self._entries(
            "file",
            (
                (translate("MainWindow", "&New event…"), self.new_event, keys.New),
                (translate("MainWindow", "&Open database…"), self.choose_database, keys.Open),
                (translate("MainWindow", "Open a &server database (URL)…"), self.choose_url),
                (translate("MainWindow", "Try a &demo event"), self.try_demo),
                (translate("MainWindow", "&Import an event file…"), self.import_event_file),
                (translate("MainWindow", "Se&ttings…"), self.edit_settings, "Ctrl+,"),
                None,
                (translate("MainWindow", "&Back up now"), self.back_up_now, "Ctrl+Shift+B"),
                (translate("MainWindow", "&Restore a backup…"), self.restore_backup),
                None,
                (translate("MainWindow", "&Quit"), self.close, keys.Quit),
            ),
        )

    def _build_event_menu(self) -> None:
        self._entries(
            "event",
            (
                (translate("MainWindow", "Add &entrants…"), self.add_entrants, "Ctrl+Shift+E"),
                (translate("MainWindow", "&Import entrants from CSV…"), self.import_entrants),
                (translate("MainWindow", "New &match…"), self.new_match, "Ctrl+M"),
                (translate("MainWindow", "Start next &round…"), self.start_round, "Ctrl+R"),
                (
                    translate("MainWindow", "Enter re&sults from slips…"),
                    self.enter_results,
                    "Ctrl+Shift+R",
                ),
                (translate("MainWindow", "&Take back the latest round…"), self.take_back_round),
                None,
                (translate("MainWindow", "&Format settings…"), self.edit_format_settings),
                (translate("MainWindow", "R&ule set…"), self.edit_event_rules),
                (translate("MainWindow", "&Director's PIN…"), self.change_pin),
                (translate("MainWindow", "Finish or re&open the event…"), self.finish_or_reopen),
                None,
                (translate("MainWindow", "Find a pla&yer or table"), self.focus_find, "Ctrl+F"),
                (translate("MainWindow", "&Projector mode"), self.projector, "F11"),
                (translate("MainWindow", "Round c&lock…"), self.show_round_clock, "Ctrl+T"),
                (translate("MainWindow", "Ope&n the room…"), self.open_room),
                (
                    translate("MainWindow", "Refresh"),
                    self.refresh_all,
                    QKeySequence.StandardKey.Refresh,
                ),
            ),
        )

    def _build_scoring_menu(self) -> None:
        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_stack.createRedoAction(self, "&Redo")
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
            self.focus_entry,
            "Ctrl+L",
        )
        # F2 / F4: Ctrl+E and Ctrl+K are the entry line's own (end of line, delete to end).
        self._action(
            "scoring",
            translate("MainWindow", "&Correct selected hand"),
            self.correct_selected,
            "F2",
        )
        self._action(
            "scoring",
            translate("MainWindow", "&Void selected hand…"),
            self.void_selected,
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
            lambda: self.set_locked(True),
        )
        self._action(
            "scoring",
            translate("MainWindow", "U&nlock result…"),
            lambda: self.set_locked(False),
        )
        self._action(
            "scoring",
            translate("MainWindow", "Ta&ke back the reported result…"),
            self.take_back_result,
        )
