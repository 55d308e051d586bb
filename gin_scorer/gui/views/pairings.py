"""A round's pairings, by table or by name."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.rows_model import RowsModel
from gin_scorer.gui.views.base import make_table
from gin_scorer.gui.views.round_page import RoundPage
from gin_scorer.presentation.columns import ColumnSpec
from gin_scorer.services.database import Database
from gin_scorer.services.rounds import NameLine, PairingView

PAIRING_COLUMNS = [
    ColumnSpec(
        "Table",
        lambda p: str(p.table) if p.table is not None else "bye",
        lambda p: p.table if p.table is not None else 10**6,
    ),
    ColumnSpec("A", lambda p: p.a.name, lambda p: p.a.name.casefold(), align_left=True),
    ColumnSpec(
        "B",
        lambda p: p.b.name if p.b is not None else "— bye —",
        lambda p: p.b.name.casefold() if p.b is not None else "",
        align_left=True,
    ),
    ColumnSpec(
        "Games",
        lambda p: f"{p.games_a}–{p.games_b}" if p.hands else "",
        lambda p: p.games_a + p.games_b,
    ),
    ColumnSpec("Status", lambda p: p.status.value, align_left=True),
]

BY_NAME_COLUMNS = [
    ColumnSpec("Name", lambda n: n.name, lambda n: n.name.casefold(), align_left=True),
    ColumnSpec(
        "Table",
        lambda n: str(n.table) if n.table is not None else "bye",
        lambda n: n.table if n.table is not None else 10**6,
    ),
    ColumnSpec("Opponent", lambda n: n.opponent or "— bye —", align_left=True),
    ColumnSpec("Seat", lambda n: n.side),
]


class PairingsView(RoundPage):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
        self.by_table = RowsModel(PAIRING_COLUMNS, self)
        self.by_name = RowsModel(BY_NAME_COLUMNS, self)
        self.table_view = make_table(self.by_table)
        self.table_view.setAccessibleName(translate("PairingsView", "Pairings by table"))
        self.table_view.setObjectName("pairingsByTable")
        self.name_view = make_table(self.by_name)
        self.name_view.setAccessibleName(translate("PairingsView", "Pairings by name"))
        self._open_from(self.table_view)
        self._open_from(self.name_view)
        self.name_view.setObjectName("pairingsByName")
        self.name_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        tables = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(QLabel(translate("PairingsView", "<b>By table</b>")))
        left.addWidget(self.table_view)
        right = QVBoxLayout()
        right.addWidget(QLabel(translate("PairingsView", "<b>By name</b>")))
        right.addWidget(self.name_view)
        tables.addLayout(left, 3)
        tables.addLayout(right, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(self.top)
        layout.addLayout(tables, 1)
        layout.addWidget(self.note)

    def show_lines(self, number: int | None) -> None:
        if number is None or self.shown_event is None:
            return
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.rounds import pairings, pairings_by_name

        try:
            lines: tuple[PairingView, ...] = pairings(self.db, self.shown_event.id, number)
        except ServiceError as error:
            self._fail(error)
            return
        names: tuple[NameLine, ...] = pairings_by_name(lines)
        self.by_table.set_rows(lines)
        self.by_name.set_rows(names)
        self.title.setText(translate("PairingsView", "Pairings — round {0}").format(number))
        byes = sum(1 for p in lines if p.is_bye)
        self.note.setStyleSheet("")
        self.note.setText(
            translate("PairingsView", "{0} tables").format(len(lines) - byes)
            + (translate("PairingsView", ", {0} bye").format(byes) if byes else "")
        )
