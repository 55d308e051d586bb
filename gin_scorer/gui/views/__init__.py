"""An event's views: standings, pairings (by table and by name), the round status board, the
bracket, the entrants, and the projector that cycles them in large type — one widget a file.

Every view asks the services for frozen values (``standings``, ``pairings``,
``round_status``, ``bracket``) and shows them through :class:`RowsModel`; nothing here
computes a standing or a result.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from gin_scorer.gui.views.bracket_panel import BracketPanel
from gin_scorer.gui.views.entrants import EntrantsView
from gin_scorer.gui.views.pairings import PairingsView
from gin_scorer.gui.views.projector import ProjectorWindow, projector_seal_text
from gin_scorer.gui.views.standings import StandingsView
from gin_scorer.gui.views.status import StatusView

__all__ = [
    "BracketPanel",
    "EntrantsView",
    "PairingsView",
    "ProjectorWindow",
    "StandingsView",
    "StatusView",
    "ViewKind",
    "projector_seal_text",
    "view_kinds",
]


ViewKind = type[EntrantsView | StandingsView | PairingsView | StatusView | BracketPanel]
"""One of the event views' classes."""

_VIEWS: tuple[tuple[str, str, ViewKind], ...] = (
    ("entrants", str(QT_TRANSLATE_NOOP("EventViews", "Entrants")), EntrantsView),
    ("standings", str(QT_TRANSLATE_NOOP("EventViews", "Standings")), StandingsView),
    ("pairings", str(QT_TRANSLATE_NOOP("EventViews", "Pairings")), PairingsView),
    ("status", str(QT_TRANSLATE_NOOP("EventViews", "Round status")), StatusView),
    ("bracket", str(QT_TRANSLATE_NOOP("EventViews", "Bracket")), BracketPanel),
)


def view_kinds() -> tuple[tuple[str, str, ViewKind], ...]:
    """The event's views in their tabs' order: key, title (to translate), class."""
    return _VIEWS
