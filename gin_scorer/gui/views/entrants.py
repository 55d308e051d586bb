"""The entrants of an event: add, import, edit, check in, withdraw."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.queries import Reads
from gin_scorer.gui.rows_model import ROW_ROLE, RowsModel, RowStyle
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.gui.views.base import EventPage, make_table
from gin_scorer.presentation.columns import ColumnSpec, name_column
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EntrantView, EventView, NameOrder


def _checked_in_text(entrant: EntrantView) -> str:
    return (
        translate("EntrantsView", "✔ yes")
        if entrant.checked_in
        else translate("EntrantsView", "— no")
    )


def _status_text(entrant: EntrantView) -> str:
    if entrant.active:
        return translate("EntrantsView", "active")
    return translate("EntrantsView", "✖ withdrawn")


def entrant_columns(order: NameOrder = NameOrder.SURNAME) -> list[ColumnSpec]:
    """The entrants' columns, the names sorted by ``order`` (decision 0024)."""
    return [name_column(QT_TRANSLATE_NOOP("columns", "Entrant"), order), *_OTHER_COLUMNS]


_OTHER_COLUMNS = [
    ColumnSpec(QT_TRANSLATE_NOOP("columns", "Club"), lambda e: e.club, align_left=True),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Seed"),
        lambda e: str(e.seed) if e.seed is not None else "",
        lambda e: e.seed if e.seed is not None else 10**6,
    ),
    ColumnSpec(QT_TRANSLATE_NOOP("columns", "Checked in"), _checked_in_text),
    ColumnSpec(QT_TRANSLATE_NOOP("columns", "Status"), _status_text, align_left=True),
]


def _entrant_style(entrant: EntrantView) -> RowStyle | None:
    return None if entrant.active else RowStyle(foreground=tone(Tone.MUTED))


class EntrantsView(EventPage):
    """Who is in the event: check in, withdraw, reinstate (each one service call); adding
    entrants (typed, pasted or from CSV) is the main window's dialog, asked for by signal."""

    add_requested = Signal()
    import_requested = Signal()
    entrant_changed = Signal()  # a name or seed changed: the other views show it too
    saved = Signal()  # any change written (the status bar's "Last save" and seal follow)

    def __init__(
        self, db: Database, parent: QWidget | None = None, *, reads: Reads | None = None
    ) -> None:
        super().__init__(db, parent, reads=reads)
        self.actor = ""
        self.model = RowsModel(entrant_columns(), self, _entrant_style)
        self.table = make_table(self.model)
        self.table.setAccessibleName(translate("EntrantsView", "Entrants"))
        self.table.setObjectName("entrantsTable")
        self.check_button = QPushButton(translate("EntrantsView", "Check in / out"))
        self.withdraw_button = QPushButton(translate("EntrantsView", "Withdraw"))
        self.reinstate_button = QPushButton(translate("EntrantsView", "Reinstate"))
        self.away_button = QPushButton(translate("EntrantsView", "Away next round"))
        self.away_button.setToolTip(
            translate(
                "EntrantsView",
                "Swiss: sits the next round out, not paired and no bye (again: back after all). "
                "Once the round is paired, report the match as a forfeit instead.",
            )
        )
        self.away_button.clicked.connect(self.toggle_away)
        self.edit_button = QPushButton(translate("EntrantsView", "Edit…"))
        self.edit_button.setToolTip(
            translate("EntrantsView", "Fix the name, club or seed (also: double-click the row)")
        )
        self.add_button = QPushButton(translate("EntrantsView", "Add entrants…"))
        self.import_button = QPushButton(translate("EntrantsView", "Import CSV…"))
        self.check_button.clicked.connect(self.toggle_check_in)
        self.withdraw_button.clicked.connect(lambda: self.set_active(False))
        self.reinstate_button.clicked.connect(lambda: self.set_active(True))
        self.edit_button.clicked.connect(self.edit_selected)
        self.table.doubleClicked.connect(lambda _index: self.edit_selected())
        self.add_button.clicked.connect(self.add_requested.emit)
        self.import_button.clicked.connect(self.import_requested.emit)
        buttons = QHBoxLayout()
        for button in (
            self.check_button,
            self.withdraw_button,
            self.reinstate_button,
            self.away_button,
            self.edit_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.import_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.note)

    def read(
        self, db: Database, event: EventView, rounds: tuple[int, ...], asked: object
    ) -> tuple[tuple[EntrantView, ...], frozenset[int], NameOrder]:
        """The entrants, who is marked away for the next round to pair (Swiss), and the
        order the names are listed in."""
        from gin_scorer.services.support.name_order import name_order
        from gin_scorer.services.writes.absence import away_next_round
        from gin_scorer.services.writes.entrants import list_entrants

        return list_entrants(db, event.id), away_next_round(db, event.id), name_order(db)

    def show_answer(
        self, answer: tuple[tuple[EntrantView, ...], frozenset[int], NameOrder]
    ) -> None:
        rows, away, order = answer
        if self.shown_event is None:
            return
        self.model.set_rows(rows, entrant_columns(order))
        present = sum(1 for e in rows if e.checked_in and e.active)
        active = sum(1 for e in rows if e.active)
        self.title.setText(
            translate("EntrantsView", "Entrants — {0}").format(self.shown_event.name)
        )
        self.note.setStyleSheet("")
        names = ", ".join(e.name for e in rows if e.id in away)
        self.away_button.setVisible(self.shown_event.format == "swiss")
        self.note.setText(
            translate("EntrantsView", "{0} entrants, {1} active, {2} checked in").format(
                len(rows), active, present
            )
            + (translate("EntrantsView", "; away next round: {0}").format(names) if names else "")
        )

    def _away_next(self) -> frozenset[int]:
        """Who is marked away for the next round to pair (Swiss)."""
        from gin_scorer.gui.background import wait_for
        from gin_scorer.services.writes.absence import away_next_round

        event = self.shown_event
        if event is None:
            return frozenset()
        return wait_for(lambda: away_next_round(self.db, event.id))

    def toggle_away(self) -> bool:
        from gin_scorer.services.writes.absence import mark_absent

        entrant = self.selected()
        if entrant is None:
            return False
        away = entrant.id not in self._away_next()
        return self._apply(
            lambda pin: mark_absent(self.db, entrant.id, away, pin=pin, actor=self.actor or None)
        )

    def selected(self) -> EntrantView | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        value = rows[0].data(ROW_ROLE)
        return value if isinstance(value, EntrantView) else None

    def _apply(self, action: Callable[[str | None], object]) -> bool:
        """Run ``action(pin)`` on a worker (the window waits); the director's PIN is asked
        for here when the services want it (a finished event), and a cancelled prompt
        changes nothing."""
        from gin_scorer.gui.background import wait_for
        from gin_scorer.gui.pin_prompt import with_pin
        from gin_scorer.services.support.errors import ServiceError

        try:
            done = with_pin(self, lambda pin: wait_for(lambda: action(pin)))
        except ServiceError as error:
            self._fail(error)
            return False
        if done is None:
            return False
        self.refresh()
        self.saved.emit()
        return True

    def toggle_check_in(self) -> bool:
        from gin_scorer.services.writes.entrants import check_in

        entrant = self.selected()
        if entrant is None:
            return False
        return self._apply(
            lambda pin: check_in(
                self.db, entrant.id, not entrant.checked_in, pin=pin, actor=self.actor or None
            )
        )

    def edit_selected(self) -> bool:
        from gin_scorer.gui.entrant_edit_dialog import edit_entrant

        entrant = self.selected()
        if entrant is None:
            return False
        changed = edit_entrant(self, self.db, entrant, actor=self.actor or None)
        if changed is None:
            return False
        self.refresh()
        self.saved.emit()
        self.entrant_changed.emit()
        return True

    def set_active(self, active: bool) -> bool:
        from gin_scorer.services.writes.entrants import reinstate_entrant, withdraw_entrant

        entrant = self.selected()
        if entrant is None:
            return False
        action = reinstate_entrant if active else withdraw_entrant
        return self._apply(
            lambda pin: action(self.db, entrant.id, pin=pin, actor=self.actor or None)
        )
