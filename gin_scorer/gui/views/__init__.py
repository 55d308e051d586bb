"""An event's views: standings, pairings (by table and by name), the round status board, the
bracket, the entrants, and the projector that cycles them in large type — one widget a file.

Every view asks the services for frozen values (``standings``, ``pairings``,
``round_status``, ``bracket``) and shows them through :class:`RowsModel`; nothing here
computes a standing or a result.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QWidget

from gin_scorer.gui.queries import Reads
from gin_scorer.gui.views.bracket_panel import BracketPanel
from gin_scorer.gui.views.entrants import EntrantsView
from gin_scorer.gui.views.pairings import PairingsView
from gin_scorer.gui.views.projector import ProjectorWindow, projector_seal_text
from gin_scorer.gui.views.standings import StandingsView
from gin_scorer.gui.views.status import StatusView
from gin_scorer.services.database import Database

__all__ = [
    "BracketPanel",
    "EntrantsView",
    "PairingsView",
    "ProjectorWindow",
    "StandingsView",
    "StatusView",
    "make_views",
    "projector_seal_text",
]


_VIEWS = (
    ("entrants", QT_TRANSLATE_NOOP("EventViews", "Entrants"), EntrantsView),
    ("standings", QT_TRANSLATE_NOOP("EventViews", "Standings"), StandingsView),
    ("pairings", QT_TRANSLATE_NOOP("EventViews", "Pairings"), PairingsView),
    ("status", QT_TRANSLATE_NOOP("EventViews", "Round status"), StatusView),
    ("bracket", QT_TRANSLATE_NOOP("EventViews", "Bracket"), BracketPanel),
)


def make_views(db: Database, reads: Reads | None = None) -> list[tuple[str, str, QWidget]]:
    """The event's views (key, title to translate, widget), each reading through ``reads``
    (the window's)."""
    return [(key, str(title), view(db, reads=reads)) for key, title, view in _VIEWS]
