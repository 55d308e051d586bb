"""The main window's shared state and its navigation: what is open, the navigator, the
event's tabs, the score sheet page, refreshing what changed. Every part of the window holds it.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QModelIndex, QSettings, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QTreeView,
    QWidget,
)

from gin_scorer.gui.backup_status import BackupStatus
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.navigator import (
    NODE_ROLE,
    EventLines,
    FindBox,
    NavigatorModel,
    Node,
    Rounds,
    Tables,
    read_tables,
)
from gin_scorer.gui.queries import GuiThreadCalls, Query, Reads
from gin_scorer.gui.room_control import RoomControl
from gin_scorer.gui.round_clock import RoundClock
from gin_scorer.gui.screen_fit import cards_shown, widen_for_lines
from gin_scorer.gui.seal_label import SealLabel
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.gui.welcome import WelcomePage
from gin_scorer.gui.zoom import apply_zoom, read_zoom
from gin_scorer.presentation.words import error_text
from gin_scorer.services.support.dto import EventView, MatchView, ScoreSheet
from gin_scorer.tournament.model import Format

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.club_window import ClubWindow
    from gin_scorer.gui.demo_play import DemoPlay
    from gin_scorer.gui.scoring_page import ScoringPage
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.written import Changes


def rounds_of(matches: dict[int, tuple[MatchView, ...]], event_id: int) -> tuple[int, ...]:
    """The paired rounds of ``event_id``, from its tables."""
    return tuple(sorted({m.round_number for m in matches.get(event_id, ()) if m.round_number}))


T = TypeVar("T")


class WindowState:
    """What every part of the main window shares: what is open (the database, the event, the
    match on the score sheet), the Reads helper every refresh reads through, the widgets that
    show them, and the ways to refresh and navigate them. The window makes its widgets and
    its parts (the station, the event and report actions, finding, the menus), each holding
    this state."""

    # The widgets, made by the window (gin_scorer.gui.main_window.main_window) at its start.
    navigator_model: NavigatorModel
    navigator: QTreeView
    find_box: FindBox
    welcome: WelcomePage
    tabs: QTabWidget
    stack: QStackedWidget
    panes: QSplitter  # the navigator's pane beside the pages
    database_label: QLabel
    station_label: QLabel
    saved_label: QLabel
    seal_label: SealLabel
    clock_label: QLabel
    backup_status: BackupStatus
    round_clock: RoundClock
    room: RoomControl

    def __init__(self, window: QMainWindow, database: str, settings: GuiSettings) -> None:
        self.window = window  # its status bar says what happened; dialogs open over it
        self.database = database
        self.settings = settings
        self.db: Database | None = None
        self.event_id: int | None = None
        self.events: tuple[EventView, ...] = ()
        self.matches: dict[int, tuple[MatchView, ...]] = {}
        self.round_numbers: tuple[int, ...] = ()
        self.last_save: datetime | None = None
        self.scoring: ScoringPage | None = None  # the score sheet's page, once made
        self.event_views: dict[str, QWidget] = {}
        self.club_window: ClubWindow | None = None  # Club → Players / Seasons, while open
        self.demo: DemoPlay | None = None
        self.reads = Reads(window)  # every refresh reads on the worker through it
        self.undo_stack = QUndoStack(window)
        self.gui_thread_calls: GuiThreadCalls | None = None  # a debug hook (see .queries)
        self.zoom = read_zoom(QSettings().value("view/zoom"))  # View → Zoom: 1.0 is 100 %
        self.cards_shown = cards_shown(window)  # View → Cards panel (F4)
        # What a view behind the front has not shown yet (None: anything): shown when next
        # in front.
        self._views_behind: dict[str, Changes | None] = {}
        self._tables_for: list[Changes | None] = []  # what the next tables read is for
        self._after_tables: list[Callable[[], None]] = []  # run once the next read is shown
        self._rounds_read: Rounds | None = None  # the tables of the last read, in rounds
        self._marks_read: dict[int, int] | None = None  # and summed up, event by event
        self._lines_read: dict[int, EventLines] = {}  # and the open event's lines
        self._fit_asked = False  # the navigator's width is to be fitted at the next turn

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

    def apply_view_choices(self) -> None:
        """The director's zoom and whether the cards panel shows, on the event's tabs."""
        apply_zoom(self.tabs, self.zoom)
        if self.scoring is not None:
            self.scoring.show_cards(self.cards_shown)
            self.scoring.panel.refit()

    def refresh_all(
        self, then: Callable[[], None] | None = None, changes: Changes | None = None
    ) -> None:
        """Read every event's tables afresh, on the worker (F5, a new round, another
        station's new event); the tree and the views ``changes`` concern (None: all) follow
        when the answer is back, and ``then`` runs after them."""
        if then is not None:
            self._after_tables.append(then)
        self._tables_for.append(changes)
        if self.db is None:
            return
        db, before, opened = self.db, dict(self.matches), self.event_id
        self.read_then("navigator", lambda: read_tables(db, before, opened), self._show_tables)

    def read_then(self, key: str, read: Callable[[], T], apply: Callable[[T], None]) -> None:
        """``read()`` on the worker, then ``apply(answer)`` here, unless another database was
        opened meanwhile or a newer read of ``key`` was asked (see :mod:`..queries`); a
        refusal said in the status bar."""
        db = self.db
        self.reads.run(Query(key, read, apply, lambda: self.db is db, self._read_failed))

    def _show_tables(self, tables: Tables) -> None:
        self.events, self.matches = tables.events, tables.matches
        self._rounds_read, self._marks_read = tables.rounds, tables.marks
        self._lines_read = tables.lines
        self.welcome.set_events(self.events)
        if self.event_id is not None:
            self.round_numbers = rounds_of(self.matches, self.event_id)
        self._rebuild_navigator()
        asked, self._tables_for = self._tables_for, []
        if self.event_id is not None:
            every = not asked or None in asked
            news = None if every else functools.reduce(operator.or_, asked)
            self.refresh_event_views(changes=news)
        waiting, self._after_tables = self._after_tables, []
        for then in waiting:
            then()

    def _read_failed(self, error: Exception) -> None:
        """A read the services refused (the server away, the file busy): said in the
        status bar; the next refresh tries again."""
        from gin_scorer.services.support.errors import ServiceError, StoreError

        if not isinstance(error, ServiceError | StoreError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        self.window.statusBar().showMessage(
            translate("WindowState", "Not read: {0}").format(error_text(error)), 8000
        )

    def _rebuild_navigator(self) -> None:
        """The tree anew, with the branches that were open still open and the same line
        chosen (a refresh must not make the director find their place again)."""
        view, model = self.navigator, self.navigator_model
        opened = [n for n in model.nodes() if (i := model.find(n)) and view.isExpanded(i.index())]
        current = view.currentIndex().data(NODE_ROLE)
        read = self._rounds_read, self._marks_read, self._lines_read
        model.set_events(self.events, self.matches, *read)
        if self.event_id is not None:
            opened.append(Node("event", self.event_id))
        for node in opened:
            item = model.find(node)
            if item is not None:
                view.expand(item.index())
        item = model.find(current) if isinstance(current, Node) else None
        if item is not None:
            view.setCurrentIndex(item.index())
        self.fit_navigator()

    def fit_navigator(self) -> None:
        """The navigator as wide as its lines in sight, up to a third of the window (a
        laptop's score sheet keeps its columns), once the tree has laid them out: once for
        all the asks of a turn (opening an event opens each of its rounds too, and each
        measure of the tree's lines took a few ms of the same turn)."""
        if not self._fit_asked:
            self._fit_asked = True
            QTimer.singleShot(0, self.navigator, self._fit_navigator_now)

    def _fit_navigator_now(self) -> None:
        self._fit_asked = False
        widen_for_lines(self.panes, self.navigator)

    def refresh_event_views(
        self, *, every_view: bool = False, changes: Changes | None = None
    ) -> None:
        """Refresh the views ``changes`` concern (None: any change) — the one in front now (or
        all), the others when next shown, from what changed since they last were."""
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
            news = changes
            if key in self._views_behind:
                earlier = self._views_behind.pop(key)
                news = None if earlier is None or news is None else earlier | news
            if not view.concerned(event, news):  # type: ignore[attr-defined]
                continue
            if every_view or view is front:
                view.set_event(event, self.round_numbers)  # type: ignore[attr-defined]
            else:
                self._views_behind[key] = news

    def tab_changed(self, _index: int) -> None:
        front = self.tabs.currentWidget()
        for key, view in self.event_views.items():
            if view is front and key in self._views_behind:
                self.refresh_event_views(changes=self._views_behind[key])

    def saved(self) -> None:
        self.last_save = datetime.now()
        self.saved_label.setText(
            translate("WindowState", "Last save: {0:%H:%M:%S}").format(self.last_save)
        )
        self.refresh_seal()

    def refresh_seal(self) -> None:
        """Show the database's current seal (after a save here, or changes anywhere), read
        on the worker."""
        if self.db is None:
            self.seal_label.show_seal(None)
            return
        from gin_scorer.services.support.seal import current_seal

        db = self.db
        self.read_then("seal", lambda: current_seal(db), self.seal_label.show_seal)

    def sheet_changed(self, sheet: ScoreSheet) -> None:
        """A sheet shown (after a hand, or opened): its match's navigator line at once; the
        views follow what the write changed (:meth:`StationSync.show_changes`)."""
        self.navigator_model.update_match(sheet.match)

    def node_activated(self, index: QModelIndex) -> None:
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
        self.stack.setCurrentWidget(self.tabs)
        self.round_numbers = rounds_of(self.matches, event_id)
        self.refresh_event_views()  # the event's views now, as far as the last read knew it
        self.refresh_all(then=lambda: self._show_event_node(event_id))

    def _show_event_node(self, event_id: int) -> None:
        """The event chosen in the tree, its rounds open (once its tables are read)."""
        if self.event_id != event_id:
            return  # another event was opened meanwhile
        item = self.navigator_model.find(Node("event", event_id))
        if item is None:
            return
        chosen = self.navigator.currentIndex().data(NODE_ROLE)
        if not isinstance(chosen, Node) or chosen.event_id != event_id:
            self.navigator.setCurrentIndex(item.index())  # a table of it chosen meanwhile stays
        self.navigator.expandRecursively(item.index(), 1)

    def open_match(self, match_id: int) -> None:
        if self.scoring is None:
            return
        self.scoring.open_match(match_id)
        sheet = self.scoring.sheet
        if sheet is not None:  # show where it is in the navigator
            node = Node("match", sheet.match.event_id, sheet.match.round_number, match_id)
            if self.navigator_model.find(node) is None and self.reads.busy("navigator"):
                self._after_tables.append(lambda: self._select_node(node))  # a new table
            self._select_node(node)
        self.stack.setCurrentWidget(self.tabs)
        self.tabs.setCurrentWidget(self.scoring)
        self.scoring.panel.entry.setFocus()

    def _select_node(self, node: Node) -> None:
        """Choose ``node``'s line in the tree, if the tree has it."""
        item = self.navigator_model.find(node)
        if item is not None:
            self.navigator.setCurrentIndex(item.index())

    def show_result(self, sheet: ScoreSheet) -> None:
        """A table's result entered beside the desk (the slips window): its navigator line
        marked done at once, and its sheet, when it is the one open, shown decided."""
        shown = self.scoring.sheet if self.scoring is not None else None
        if self.scoring is not None and shown is not None and shown.match.id == sheet.match.id:
            self.scoring.show_sheet(sheet)  # its sheet_changed refreshes the navigator line
            return
        self.sheet_changed(sheet)

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

    def opened_event(self) -> tuple[Database, int] | None:
        """The database and the open event, or None (saying so in the status bar)."""
        if self.db is None or self.event_id is None:
            self.window.statusBar().showMessage(
                translate("WindowState", "Open an event first"), 4000
            )
            return None
        return self.db, self.event_id

    def changed(self, message: str) -> None:
        """After a change saved through the services: the save time, every view, a word."""
        self.saved()
        self.refresh_all()
        self.window.statusBar().showMessage(message, 6000)
