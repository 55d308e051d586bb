"""The open database's pages — the score sheet and the event's views — made a piece at a time.
A layer of the window: :mod:`.state` < this module < :mod:`.station`.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.window_state import WindowState

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.scoring_page import ScoringPage
    from gin_scorer.gui.views import ViewKind
    from gin_scorer.services.database import Database


class WindowPages(WindowState):
    """Makes the pages of a database just opened, one at each turn of the event loop."""

    def _make_pages(self) -> None:
        """The open database's pages: the score sheet and each event view, made at a turn
        of the event loop of its own (made at once, they kept the window still for about a
        tenth of a second of its own CPU time)."""
        from gin_scorer.gui.views import view_kinds

        assert self.db is not None
        self.tabs.clear()
        self.scoring = None
        self.event_views = {}
        db = self.db
        self.reads.later(partial(self._add_scoring_page, db))
        for key, title, kind in view_kinds():
            self.reads.later(partial(self._add_view, db, key, title, kind))

    def _add_scoring_page(self, db: Database) -> None:
        """The score sheet's page, first of the tabs (unless another database was opened
        since its turn was asked for)."""
        from gin_scorer.gui.scoring_page import ScoringPage

        if self.db is not db:
            return
        self.scoring = ScoringPage(db, self.undo_stack, entered_by=self.settings.station)
        self.scoring.saved.connect(self._saved)
        self.scoring.sheet_changed.connect(self._sheet_changed)
        self.tabs.insertTab(0, self.scoring, translate("WindowState", "Score sheet"))
        self.reads.later(partial(self._fit_scoring_page, self.scoring))

    def _fit_scoring_page(self, scoring: ScoringPage) -> None:
        """The director's zoom on every tab and the cards panel as they chose (a turn of its
        own, after the views: it comes last)."""
        if self.scoring is scoring:
            self.apply_view_choices()

    def _add_view(self, db: Database, key: str, title: str, kind: ViewKind) -> None:
        """One event view made and put in its tab (unless another database was opened since
        its turn was asked for); shown at once if it is in front, else when it comes there."""
        from gin_scorer.gui.views import EntrantsView

        if self.db is not db:
            return
        view = kind(db, reads=self.reads)
        self.event_views[key] = view
        self.tabs.addTab(view, translate("EventViews", title))
        view.match_chosen.connect(self.open_match)
        if isinstance(view, EntrantsView):
            view.actor = self.settings.station
            # The dialogs that add entrants belong to the layer above (EventActions).
            view.add_requested.connect(self.add_entrants)  # type: ignore[attr-defined]
            view.import_requested.connect(self.import_entrants)  # type: ignore[attr-defined]
            view.entrant_changed.connect(self.refresh_all)
            view.saved.connect(self._saved)
        self.refresh_event_views()  # marks it to be read when it comes to the front
