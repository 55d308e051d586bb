"""An elimination event's bracket chart."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.views.base import EventPage
from gin_scorer.services.database import Database
from gin_scorer.tournament.model import Format


class BracketPanel(EventPage):
    """Elimination brackets drawn as a tree (see :mod:`gin_scorer.gui.bracket_canvas`);
    double-click or Enter on a match opens its score sheet."""

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
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

    def refresh(self) -> None:
        if self.shown_event is None:
            return
        if not Format(self.shown_event.format).is_elimination:
            self.canvas.show_bracket(None)
            self.title.setText(translate("BracketPanel", "Bracket"))
            self.note.setStyleSheet("")
            self.note.setText(
                translate("BracketPanel", "This event is not an elimination: no bracket to show.")
            )
            return
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.standings import bracket

        try:
            view = bracket(self.db, self.shown_event.id)
        except ServiceError as error:
            self.canvas.show_bracket(None)
            self._fail(error)
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
