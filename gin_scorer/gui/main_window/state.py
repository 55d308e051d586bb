"""The main window's shared state and its navigation: the navigator, the event's tabs, the
score sheet page, refreshing what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QTimer
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QTabWidget,
    QTreeView,
    QWidget,
)

from gin_scorer.gui.background import Operation
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.navigator import NODE_ROLE, FindBox, NavigatorModel, Node
from gin_scorer.gui.room_control import RoomControl
from gin_scorer.gui.round_clock import RoundClock
from gin_scorer.gui.seal_label import SealLabel
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.gui.welcome import WelcomePage
from gin_scorer.gui.zoom import apply_zoom
from gin_scorer.services.dto import ChangeFeed, EventView, MatchView, ScoreSheet
from gin_scorer.tournament.model import Format

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.club_window import ClubWindow
    from gin_scorer.gui.demo_play import DemoPlay
    from gin_scorer.gui.match_controller import ScoringPage
    from gin_scorer.services.backups import BackupFile
    from gin_scorer.services.database import Database


class WindowState(QMainWindow):
    """What every part of the main window shares: its widgets, the open database and event,
    and the ways to refresh and navigate them. The parts above it add the actions."""

    database: str
    settings: GuiSettings
    db: Database | None
    event_id: int | None
    events: tuple[EventView, ...]
    matches: dict[int, tuple[MatchView, ...]]
    marker: int
    last_save: datetime | None
    round_numbers: tuple[int, ...]
    undo_stack: QUndoStack
    navigator_model: NavigatorModel
    navigator: QTreeView
    find_box: FindBox
    welcome: WelcomePage
    scoring: ScoringPage | None
    tabs: QTabWidget
    event_views: dict[str, QWidget]
    stack: QStackedWidget
    database_label: QLabel
    station_label: QLabel
    saved_label: QLabel
    seal_label: SealLabel
    menus: dict[str, QMenu]
    reports_menu: QMenu
    poll_timer: QTimer
    _stale_views: set[str]
    zoom: float  # View → Zoom: 1.0 is 100 %
    cards_shown: bool  # View → Cards panel (F4)
    cards_action: QAction
    round_clock: RoundClock
    room: RoomControl
    club_window: ClubWindow | None  # Club → Players / Seasons, while open
    _demo: DemoPlay | None
    _poll: Operation[ChangeFeed] | None
    _backup: Operation[BackupFile] | None
    _report: Operation[Path] | None

    def show_database(self, database: str) -> None:
        """The status bar names the database briefly — its file, or a server's host and
        database — and whole in its tooltip: a long path took the room of every message."""
        if "://" in database:  # a server: no user name or password on the screen
            short = database.split("://", 1)[1].rsplit("@", 1)[-1]
        else:
            short = Path(database).name or database
        self.database_label.setText(translate("WindowState", "Database: {0}").format(short))
        self.database_label.setToolTip(database if "://" not in database else short)

    def close_club(self) -> None:
        """The club's window goes with the database it shows."""
        if self.club_window is not None:
            self.club_window.close()
            self.club_window.deleteLater()
            self.club_window = None

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

    def _make_scoring_page(self) -> None:
        from gin_scorer.gui.match_controller import ScoringPage

        assert self.db is not None
        self.tabs.clear()
        self.scoring = ScoringPage(self.db, self.undo_stack, entered_by=self.settings.station)
        self.scoring.saved.connect(self._saved)
        self.scoring.sheet_changed.connect(self._sheet_changed)
        self.tabs.addTab(self.scoring, translate("WindowState", "Score sheet"))
        self.event_views = {}
        from gin_scorer.gui.views import make_views

        for key, title, view in make_views(self.db):
            self.event_views[key] = view
            self.tabs.addTab(view, translate("EventViews", title))
            view.match_chosen.connect(self.open_match)  # type: ignore[attr-defined]
            if hasattr(view, "actor"):
                view.actor = self.settings.station
        entrants_view = self.event_views["entrants"]
        entrants_view.add_requested.connect(self.add_entrants)  # type: ignore[attr-defined]
        entrants_view.import_requested.connect(self.import_entrants)  # type: ignore[attr-defined]
        entrants_view.entrant_changed.connect(self.refresh_all)  # type: ignore[attr-defined]
        entrants_view.saved.connect(self._saved)  # type: ignore[attr-defined]
        self.apply_view_choices()

    def apply_view_choices(self) -> None:
        """The director's zoom and whether the cards panel shows, on the event's tabs."""
        apply_zoom(self.tabs, self.zoom)
        if self.scoring is not None:
            self.scoring.show_cards(self.cards_shown)
            self.scoring.panel.refit()

    def refresh_all(self) -> None:
        if self.db is None:
            return
        from gin_scorer.services.events import list_events
        from gin_scorer.services.matches import list_matches

        self.events = list_events(self.db)
        self.welcome.set_events(self.events)
        # Every event's tables, so that Find looks through all of them (and the tree can
        # open any), not only the event open now.
        self.matches = {event.id: list_matches(self.db, event.id) for event in self.events}
        if self.event_id is not None:
            self.round_numbers = tuple(
                sorted(
                    {m.round_number for m in self.matches.get(self.event_id, ()) if m.round_number}
                )
            )
        self._rebuild_navigator()
        if self.event_id is not None:
            self.refresh_event_views()

    def _rebuild_navigator(self) -> None:
        """The tree anew, with the branches that were open still open and the same line
        chosen (a refresh must not make the director find their place again)."""
        view, model = self.navigator, self.navigator_model
        opened = [n for n in model.nodes() if (i := model.find(n)) and view.isExpanded(i.index())]
        current = view.currentIndex().data(NODE_ROLE)
        model.set_events(self.events, self.matches)
        if self.event_id is not None:
            opened.append(Node("event", self.event_id))
        for node in opened:
            item = model.find(node)
            if item is not None:
                view.expand(item.index())
        item = model.find(current) if isinstance(current, Node) else None
        if item is not None:
            view.setCurrentIndex(item.index())

    def refresh_event_views(self, *, every_view: bool = False) -> None:
        """Refresh the view in front (or all); the others when they are next shown."""
        if self.db is None or self.event_id is None:
            return
        event = next((e for e in self.events if e.id == self.event_id), None)
        if event is None:
            return
        bracket = self.event_views.get("bracket")
        if bracket is not None:  # only a knockout has a bracket: no empty tab for the others
            knockout = Format(event.format).is_elimination
            self.tabs.setTabVisible(self.tabs.indexOf(bracket), knockout)
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
        self.saved_label.setText(
            translate("WindowState", "Last save: {0:%H:%M:%S}").format(self.last_save)
        )
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
        self.navigator_model.update_match(sheet.match)
        if self.event_id == sheet.match.event_id:
            self.refresh_event_views()  # only the view in front; the score sheet usually

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
        shown = self.scoring.sheet if self.scoring is not None else None
        if self.scoring is not None and shown is not None and shown.match.event_id != event_id:
            self.scoring.show_sheet(None)  # another event's match must not stay in the pane
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

    def show_result(self, sheet: ScoreSheet) -> None:
        """A table's result entered beside the desk (the slips window): its navigator line
        marked done at once, and its sheet, when it is the one open, shown decided."""
        shown = self.scoring.sheet if self.scoring is not None else None
        if self.scoring is not None and shown is not None and shown.match.id == sheet.match.id:
            self.scoring.show_sheet(sheet)  # its sheet_changed refreshes the navigator line
            return
        self._sheet_changed(sheet)

    def reload_sheet(self) -> None:
        """The open sheet read again: a result entered beside it (the slips window) must not
        leave it saying "next dealer" with its entry line open, as a table still playing."""
        if self.scoring is not None and self.scoring.sheet is not None:
            self.scoring.open_match(self.scoring.sheet.match.id)

    def show_view(self, key: str, **options: object) -> None:
        view = self.event_views.get(key)
        if view is None:
            return
        self.stack.setCurrentWidget(self.tabs)
        self.tabs.setCurrentWidget(view)
        chooser = getattr(view, "show_round", None)
        if chooser is not None and options.get("round_number") is not None:
            chooser(options["round_number"])

    def focus_entry(self) -> None:
        if self.scoring is not None:
            self.tabs.setCurrentWidget(self.scoring)
            self.scoring.panel.entry.setFocus()

    def focus_cards(self) -> None:
        """Type the players' cards: the panel shown (if F4 had hidden it) and its first field."""
        if self.scoring is not None:
            if not self.cards_shown:
                self.cards_action.trigger()  # View → Cards panel, ticked again
            self.tabs.setCurrentWidget(self.scoring)
            self.scoring.cards.knocker_edit.setFocus()

    def correct_selected(self) -> None:
        if self.scoring is None:
            return
        row = self.scoring.panel.selected_hand()
        if row is None:
            self.scoring.panel.show_error(
                translate("WindowState", "select the hand to correct on the sheet first")
            )
            return
        self.scoring.panel.begin_edit(row)

    def void_selected(self) -> None:
        if self.scoring is not None:
            self.scoring.void()

    def _open_event(self) -> tuple[Database, int] | None:
        """The database and the open event, or None (saying so in the status bar)."""
        if self.db is None or self.event_id is None:
            self.statusBar().showMessage(translate("WindowState", "Open an event first"), 4000)
            return None
        return self.db, self.event_id

    def _changed(self, message: str) -> None:
        """After a change saved through the services: the save time, every view, a word."""
        self._saved()
        self.refresh_all()
        self.statusBar().showMessage(message, 6000)
