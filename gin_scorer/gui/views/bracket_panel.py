"""An elimination event's bracket chart."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.queries import Reads
from gin_scorer.gui.views.base import EventPage
from gin_scorer.services.queries.standings import BracketView
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView
from gin_scorer.tournament.model import Format


class BracketPanel(EventPage):
    """Elimination brackets drawn as a tree (see :mod:`gin_scorer.gui.bracket_canvas`);
    double-click or Enter on a match opens its score sheet."""

    def __init__(
        self, db: Database, parent: QWidget | None = None, *, reads: Reads | None = None
    ) -> None:
        super().__init__(db, parent, reads=reads)
        from gin_scorer.gui.bracket_canvas import BracketCanvas

        self.canvas = BracketCanvas()
        self.canvas.match_chosen.connect(self.match_chosen.emit)
        scroll = QScrollArea()
        scroll.setWidget(self.canvas)
        # The canvas keeps the size its bracket needs: the area scrolls instead of squeezing.
        scroll.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.note)

    def read(
        self, db: Database, event: EventView, rounds: tuple[int, ...], asked: object
    ) -> BracketView | None:
        """The bracket of an elimination event (None for the others)."""
        from gin_scorer.services.queries.standings import bracket

        return bracket(db, event.id) if Format(event.format).is_elimination else None

    def show_answer(self, answer: BracketView | None) -> None:
        view = answer
        if view is None:
            self.canvas.show_bracket(None)
            self.title.setText(translate("BracketPanel", "Bracket"))
            self.note.setStyleSheet("")
            self.note.setText(
                translate("BracketPanel", "This event is not an elimination: no bracket to show.")
            )
            return
        title = (
            translate("BracketPanel", "Double elimination, {0} places")
            if view.double
            else translate("BracketPanel", "Single elimination, {0} places")
        ).format(view.size)
        if view.champion:
            title = translate("BracketPanel", "{0} — champion: {1}").format(
                title, view.champion.name
            )
        self.title.setText(title)
        self.canvas.show_bracket(view)
        self.note.setStyleSheet("")
        self.note.setText(
            translate(
                "BracketPanel",
                "✔ marks the winner · double-click a match (or select it and press "
                "Enter) to open its score sheet",
            )
        )

    def _fail(self, error: Exception) -> None:
        self.canvas.show_bracket(None)
        super()._fail(error)
