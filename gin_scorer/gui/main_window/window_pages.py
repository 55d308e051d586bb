"""The open database's pages — the score sheet and the event's views — made a piece at a time,
into the window's shared state (:mod:`.window_state`), when the station opens a database.
"""

from __future__ import annotations

import importlib
from functools import partial
from typing import TYPE_CHECKING

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.window_state import WindowState

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.main_window.event_actions import EventActions
    from gin_scorer.gui.scoring_page import ScoringPage
    from gin_scorer.gui.views import ViewKind
    from gin_scorer.services.support.database import Database


_PAGES = ("gin_scorer.gui.scoring_page", "gin_scorer.gui.views")
"""The modules of the pages an open database shows (the score sheet, the event's views):
loaded with the database, on the worker, so that the window that makes the pages next does
not stand still while Python reads them (they load after the window first shows, for a
fast start)."""


def opened_with_pages(database: str, station: str) -> tuple[Database, int]:
    """The database opened, and the change feed's marker to poll from (on the worker), with
    the modules of its pages loaded."""
    from gin_scorer.services.support.changes import current_marker
    from gin_scorer.services.support.database import open_database

    for module in _PAGES:
        importlib.import_module(module)
    db = open_database(database, station=station)
    return db, current_marker(db)


class WindowPages:
    """Makes the pages of a database just opened, one at each turn of the event loop, into
    the window's shared state; the entrants' view asks the event actions to add entrants."""

    def __init__(self, state: WindowState, event_actions: EventActions) -> None:
        self.state = state
        self.event_actions = event_actions

    def make(self) -> None:
        """The open database's pages: the score sheet and each event view, made at a turn
        of the event loop of its own (made at once, they kept the window still for about a
        tenth of a second of its own CPU time); the cards panel's grid a suit at a turn
        after the sheet, and the panel shown, if the director has it shown, once whole."""
        from gin_scorer.gui.cards_panel import CARD_GRID_ROWS
        from gin_scorer.gui.views import view_kinds

        assert self.state.db is not None
        self.state.tabs.clear()
        self.state.scoring = None
        self.state.event_views = {}
        db = self.state.db
        self.state.reads.later(partial(self._add_scoring_page, db))
        for _ in range(CARD_GRID_ROWS):
            self.state.reads.later(partial(self._grow_card_grid, db))
        self.state.reads.later(partial(self._show_cards_panel, db))
        for key, title, kind in view_kinds():
            self.state.reads.later(partial(self._add_view, db, key, title, kind))

    def _add_scoring_page(self, db: Database) -> None:
        """The score sheet's page, first of the tabs (unless another database was opened
        since its turn was asked for)."""
        from gin_scorer.gui.scoring_page import ScoringPage

        if self.state.db is not db:
            return
        self.state.scoring = ScoringPage(
            db, self.state.undo_stack, entered_by=self.state.settings.station
        )
        self.state.scoring.saved.connect(self.state.saved)
        self.state.scoring.sheet_changed.connect(self.state.sheet_changed)
        self.state.scoring.show_cards(False)  # until its grid is made (the next turns)
        self.state.tabs.insertTab(0, self.state.scoring, translate("WindowState", "Score sheet"))
        self.state.reads.later(partial(self._fit_scoring_page, self.state.scoring))

    def _grow_card_grid(self, db: Database) -> None:
        """A suit's row of the cards panel's grid (a turn each: made at once, the 52
        buttons kept the window still for about 40 ms)."""
        if self.state.db is db and self.state.scoring is not None:
            self.state.scoring.cards.grow_grid()

    def _show_cards_panel(self, db: Database) -> None:
        """The cards panel beside or under the sheet, if the director has it shown (F4)."""
        if self.state.db is db and self.state.scoring is not None:
            self.state.scoring.show_cards(self.state.cards_shown)

    def _fit_scoring_page(self, scoring: ScoringPage) -> None:
        """The director's zoom on every tab and the cards panel as they chose (a turn of its
        own, after the views: it comes last)."""
        if self.state.scoring is scoring:
            self.state.apply_view_choices()

    def _add_view(self, db: Database, key: str, title: str, kind: ViewKind) -> None:
        """One event view made and put in its tab (unless another database was opened since
        its turn was asked for); shown at once if it is in front, else when it comes there."""
        from gin_scorer.gui.views import EntrantsView

        if self.state.db is not db:
            return
        view = kind(db, reads=self.state.reads)
        self.state.event_views[key] = view
        self.state.tabs.addTab(view, translate("EventViews", title))
        view.match_chosen.connect(self.state.open_match)
        if isinstance(view, EntrantsView):
            view.actor = self.state.settings.station
            view.add_requested.connect(self.event_actions.add_entrants)
            view.import_requested.connect(self.event_actions.import_entrants)
            view.entrant_changed.connect(self.state.refresh_all)
            view.saved.connect(self.state.saved)
        self.state.refresh_event_views()  # marks it to be read when it comes to the front
