"""A season's knobs (name, points per match or per place, a point a night, best N nights, the
minimum to qualify), and which events it counts."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.dialog_parts import dialog_buttons, spin_box
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import error_text
from gin_scorer.services.support.dto import EventView
from gin_scorer.tournament.season import SeasonPoints, SeasonScoring


class SeasonDialog(QDialog):
    """New season (with a name) or the scoring of one (``name`` None: no name box)."""

    def __init__(
        self, scoring: SeasonScoring, name: str | None = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("SeasonDialog", "Season"))
        form = QFormLayout(self)
        self.name = QLineEdit(name or "")
        self.name.setObjectName("seasonName")
        if name is not None:
            form.addRow(translate("SeasonDialog", "&Name:"), self.name)
        self.points = QComboBox()
        self.points.setObjectName("seasonPoints")
        self.points.addItem(translate("SeasonDialog", "per match won and lost"), "matches")
        self.points.addItem(translate("SeasonDialog", "per place in each night"), "places")
        self.points.setCurrentIndex(0 if scoring.points is SeasonPoints.MATCHES else 1)
        self.per_win = spin_box(scoring.per_win, 0, 1000, "seasonPerWin")
        self.per_loss = spin_box(scoring.per_loss, 0, 1000, "seasonPerLoss")
        self.per_night = spin_box(scoring.per_night, 0, 1000, "seasonPerNight")
        self.per_place = QLineEdit(", ".join(str(p) for p in scoring.per_place))
        self.per_place.setObjectName("seasonPerPlace")
        self.best = spin_box(
            scoring.best_nights or 0,
            0,
            1000,
            "seasonBest",
            at_lowest=translate("SeasonDialog", "every night"),
        )
        self.minimum = spin_box(scoring.min_nights, 0, 1000, "seasonMinimum")
        form.addRow(translate("SeasonDialog", "&Points:"), self.points)
        form.addRow(translate("SeasonDialog", "A match &won:"), self.per_win)
        form.addRow(translate("SeasonDialog", "A match &lost:"), self.per_loss)
        form.addRow(translate("SeasonDialog", "Places 1st, 2nd …:"), self.per_place)
        form.addRow(translate("SeasonDialog", "A night &played:"), self.per_night)
        form.addRow(translate("SeasonDialog", "&Count the best:"), self.best)
        form.addRow(translate("SeasonDialog", "&Nights to qualify:"), self.minimum)
        self.problem = QLabel("")
        self.problem.setObjectName("seasonProblem")
        self.problem.setWordWrap(True)
        form.addRow(self.problem)
        form.addRow(dialog_buttons(self, self.check_and_accept))
        self.scoring: SeasonScoring | None = None

    def knobs(self) -> SeasonScoring:
        """The knobs typed; InvalidInput naming the first that is wrong."""
        from gin_scorer.services.queries.seasons import scoring_from
        from gin_scorer.services.support.errors import InvalidInput

        try:
            places = [int(p) for p in self.per_place.text().replace(",", " ").split()]
        except ValueError:
            raise InvalidInput(
                translate("SeasonDialog", "places: whole numbers with commas, as 10, 8, 6")
            ) from None
        return scoring_from(
            {
                "points": self.points.currentData(),
                "per_win": self.per_win.value(),
                "per_loss": self.per_loss.value(),
                "per_night": self.per_night.value(),
                "per_place": places,
                "best_nights": self.best.value() or None,
                "min_nights": self.minimum.value(),
            }
        )

    def check_and_accept(self) -> None:
        from gin_scorer.services.support.errors import InvalidInput

        try:
            self.scoring = self.knobs()
        except InvalidInput as error:
            self.problem.setText(error_text(error))
            return
        if self.name.parentWidget() is not None and not self.name.text().strip():
            self.problem.setText(translate("SeasonDialog", "Give the season a name."))
            return
        self.accept()


class SeasonEventsDialog(QDialog):
    """Tick the events the season counts (every event of the database, newest first)."""

    def __init__(
        self, events: Sequence[EventView], counted: Sequence[int], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("SeasonEventsDialog", "Events in the season"))
        self.list = QListWidget()
        self.list.setObjectName("seasonEvents")
        for event in events:
            when = event.start_date.isoformat() if event.start_date else ""
            item = QListWidgetItem(f"{when}  {event.name}".strip())
            item.setData(Qt.ItemDataRole.UserRole, event.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = event.id in counted
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        buttons = dialog_buttons(self, self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(translate("SeasonEventsDialog", "The season counts the events ticked:"))
        )
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(460, 420)

    def ticked(self) -> list[int]:
        found = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                found.append(int(item.data(Qt.ItemDataRole.UserRole)))
        return found
