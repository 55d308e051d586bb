"""An event's views: standings, pairings (by table and by name), the round status board, the
bracket, and the projector mode that cycles standings and pairings in large type.

Every view asks the services for frozen values (``standings``, ``pairings``,
``round_status``, ``bracket``) and shows them through :class:`RowsModel`; nothing here
computes a standing or a result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.rows_model import ROW_ROLE, RowsModel, RowStyle
from gin_scorer.presentation.columns import ColumnSpec
from gin_scorer.services.database import Database
from gin_scorer.services.dto import EntrantView, EventView
from gin_scorer.services.rounds import NameLine, PairingView
from gin_scorer.services.standings import StandingRow
from gin_scorer.tournament.model import Format
from gin_scorer.tournament.tables import TableLine, TableState


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def standings_columns(rows: Sequence[StandingRow]) -> list[ColumnSpec]:
    """Place, entrant, record, and one column per tie-break of the event (as in the rows)."""
    columns = [
        ColumnSpec("Place", lambda r: r.place_label, lambda r: r.place),
        ColumnSpec(
            "Entrant",
            lambda r: r.entrant.name + (" (withdrawn)" if r.withdrawn else ""),
            lambda r: r.entrant.name.casefold(),
            align_left=True,
        ),
        ColumnSpec("Club", lambda r: r.entrant.club, align_left=True),
        ColumnSpec("Played", lambda r: str(r.played), lambda r: r.played),
        ColumnSpec("Won", lambda r: str(r.match_wins), lambda r: r.match_wins),
        ColumnSpec("Lost", lambda r: str(r.match_losses), lambda r: r.match_losses),
        ColumnSpec("Games", lambda r: f"{r.game_wins}–{r.game_losses}", lambda r: r.game_wins),
        ColumnSpec(
            "Points ±",
            lambda r: _signed(r.point_differential),
            lambda r: r.point_differential,
            tooltip="Total point differential",
        ),
        ColumnSpec("Byes", lambda r: str(r.byes), lambda r: r.byes),
    ]
    tie_breaks = rows[0].tie_breaks if rows else ()
    shown = {"match_wins", "game_wins", "point_differential"}
    for position, (tie_break, _value) in enumerate(tie_breaks):
        if tie_break.value in shown:
            continue
        columns.append(
            ColumnSpec(
                tie_break.label,
                _tie_break_text(position),
                _tie_break_value(position),
                tooltip=f"Tie-break {position + 1}",
            )
        )
    if any(r.position for r in rows):
        columns.append(ColumnSpec("Bracket", lambda r: r.position, align_left=True))
    return columns


def _tie_break_text(i: int) -> Callable[[StandingRow], str]:
    return lambda r: str(r.tie_breaks[i][1]) if i < len(r.tie_breaks) else ""


def _tie_break_value(i: int) -> Callable[[StandingRow], object]:
    return lambda r: r.tie_breaks[i][1] if i < len(r.tie_breaks) else 0


def _standing_style(row: StandingRow) -> RowStyle | None:
    if row.withdrawn:
        return RowStyle(foreground="#777777")
    if row.place <= 3:
        return RowStyle(background="#fff8e1", bold=True)
    return None


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

_STATE_MARKS = {
    TableState.WAITING: "⚠ waiting for a result",
    TableState.PLAYING: "◐ playing",
    TableState.FINISHED: "✔ finished",
    TableState.BYE: "bye",
}

STATUS_COLUMNS = [
    ColumnSpec(
        "Table",
        lambda t: str(t.table) if t.table is not None else "bye",
        lambda t: t.table if t.table is not None else 10**6,
    ),
    ColumnSpec("A", lambda t: t.a, align_left=True),
    ColumnSpec("B", lambda t: t.b or "— bye —", align_left=True),
    ColumnSpec("State", lambda t: _STATE_MARKS[t.state], align_left=True),
    ColumnSpec("Hands", lambda t: str(t.hands), lambda t: t.hands),
    ColumnSpec("Score", lambda t: t.score, align_left=True),
]


def _status_style(line: TableLine) -> RowStyle | None:
    if line.state is TableState.WAITING:
        return RowStyle(background="#ffebee", foreground="#b00020", bold=True)
    if line.state is TableState.PLAYING:
        return RowStyle(background="#fff3e0")
    return None


def _table(model: RowsModel, sortable: bool = True) -> QTableView:
    view = QTableView()
    view.setModel(model)  # the model sorts itself (precomputed keys): no proxy needed
    view.setSortingEnabled(sortable)
    if sortable:  # Qt starts descending; a director reads table 1 / place 1 first
        view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # Fit widths from the first rows only: reading all 500 rows on every refresh is slow.
    header.setResizeContentsPrecision(60)
    view.horizontalHeader().setStretchLastSection(True)
    return view


class _EventView(QWidget):
    match_chosen = Signal(int)  # a table's match, double-clicked or Enter: open its sheet

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.shown_event: EventView | None = None
        self.round_numbers: tuple[int, ...] | None = None
        self.title = QLabel("")
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.title.setStyleSheet("font-size: 15pt; font-weight: bold;")
        self.note = QLabel("")
        self.note.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.note.setWordWrap(True)

    def set_event(self, event: EventView, rounds: Sequence[int] | None = None) -> None:
        """Show ``event``; ``rounds`` (the paired round numbers) saves asking again."""
        self.shown_event = event
        self.round_numbers = tuple(rounds) if rounds is not None else None
        self.refresh()

    def _rounds(self) -> tuple[int, ...]:
        if self.round_numbers is None:
            from gin_scorer.services.rounds import list_rounds

            assert self.shown_event is not None
            self.round_numbers = tuple(r.number for r in list_rounds(self.db, self.shown_event.id))
        return self.round_numbers

    def refresh(self) -> None:  # pragma: no cover - every view overrides it
        raise NotImplementedError

    def _open_from(self, view: QTableView) -> None:
        """Enter / double-click on a row with a match opens that match's score sheet."""
        view.activated.connect(self._row_chosen)

    def _row_chosen(self, index: QModelIndex) -> None:
        row = index.data(ROW_ROLE)
        match_id = getattr(row, "match_id", None)
        if isinstance(match_id, int):
            self.match_chosen.emit(match_id)

    def _fail(self, error: Exception) -> None:
        self.note.setText(f"✖ {error}")
        self.note.setStyleSheet("color: #b00020;")


class StandingsView(_EventView):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
        self.model = RowsModel(standings_columns(()), self, _standing_style)
        self.table = _table(self.model)
        self.table.setObjectName("standingsTable")
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.after = QComboBox()
        self.after.currentIndexChanged.connect(self._round_chosen)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(QLabel("after:"))
        top.addWidget(self.after)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        self._filling = False

    def refresh(self) -> None:
        if self.shown_event is None:
            return
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.standings import standings

        try:
            rounds = self._rounds()
        except ServiceError as error:
            self._fail(error)
            return
        chosen = self.after.currentData()
        self._filling = True
        self.after.clear()
        self.after.addItem("latest", None)
        for number in rounds:
            self.after.addItem(f"round {number}", number)
        index = self.after.findData(chosen)
        self.after.setCurrentIndex(max(index, 0))
        self._filling = False
        try:
            rows = standings(self.db, self.shown_event.id, self.after.currentData())
        except ServiceError as error:
            self._fail(error)
            return
        self.model.set_rows(rows, standings_columns(rows))
        self.title.setText(f"Standings — {self.shown_event.name}")
        shared = sum(1 for r in rows if r.shared)
        self.note.setStyleSheet("")
        self.note.setText(
            f"{len(rows)} entrants"
            + (f"; {shared} share a place (shown as “3=”)" if shared else "")
            + ". Click a column heading to sort."
        )

    def _round_chosen(self) -> None:
        if not self._filling:
            self.refresh()


class RoundView(_EventView):
    """Pairings or status of one round, with a round chooser."""

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
        self.round_box = QComboBox()
        self.round_box.setObjectName("roundBox")
        self.round_box.currentIndexChanged.connect(self._round_chosen)
        self._filling = False
        self.top = QHBoxLayout()
        self.top.addWidget(self.title, 1)
        self.top.addWidget(QLabel("round:"))
        self.top.addWidget(self.round_box)

    def current_round(self) -> int | None:
        data = self.round_box.currentData()
        return int(data) if data is not None else None

    def show_round(self, number: int) -> None:
        index = self.round_box.findData(number)
        if index >= 0:
            self.round_box.setCurrentIndex(index)

    def refresh(self) -> None:
        if self.shown_event is None:
            return
        from gin_scorer.services.errors import ServiceError

        try:
            rounds = self._rounds()
        except ServiceError as error:
            self._fail(error)
            return
        chosen = self.current_round()
        self._filling = True
        self.round_box.clear()
        for number in rounds:
            self.round_box.addItem(f"{number}", number)
        if rounds:
            index = self.round_box.findData(chosen) if chosen is not None else -1
            self.round_box.setCurrentIndex(index if index >= 0 else len(rounds) - 1)
        self._filling = False
        current = self.current_round()
        if current is None:
            self.show_nothing()
        else:
            self.show_lines(current)

    def _round_chosen(self) -> None:
        if not self._filling and self.current_round() is not None:
            self.show_lines(self.current_round())

    def show_lines(self, number: int | None) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def show_nothing(self) -> None:
        self.note.setStyleSheet("")
        self.note.setText("No round paired yet: Event → Start next round (Ctrl+R).")


class PairingsView(RoundView):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
        self.by_table = RowsModel(PAIRING_COLUMNS, self)
        self.by_name = RowsModel(BY_NAME_COLUMNS, self)
        self.table_view = _table(self.by_table)
        self.table_view.setObjectName("pairingsByTable")
        self.name_view = _table(self.by_name)
        self._open_from(self.table_view)
        self._open_from(self.name_view)
        self.name_view.setObjectName("pairingsByName")
        self.name_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        tables = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(QLabel("<b>By table</b>"))
        left.addWidget(self.table_view)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>By name</b>"))
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
        self.title.setText(f"Pairings — round {number}")
        byes = sum(1 for p in lines if p.is_bye)
        self.note.setStyleSheet("")
        self.note.setText(f"{len(lines) - byes} tables" + (f", {byes} bye" if byes else ""))


class StatusView(RoundView):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
        self.model = RowsModel(STATUS_COLUMNS, self, _status_style)
        self.table = _table(self.model)
        self.table.setObjectName("statusBoard")
        self._open_from(self.table)
        self.summary = QLabel("")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.summary.setStyleSheet("font-size: 13pt;")
        layout = QVBoxLayout(self)
        layout.addLayout(self.top)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)

    def show_lines(self, number: int | None) -> None:
        if number is None or self.shown_event is None:
            return
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.rounds import round_status

        try:
            board = round_status(self.db, self.shown_event.id, number)
        except ServiceError as error:
            self._fail(error)
            return
        self.model.set_rows(board.lines)
        self.title.setText(f"Round {number} status")
        missing = board.missing
        text = board.summary()
        if missing:
            tables = ", ".join(str(t.table) for t in missing if t.table is not None)
            text += f" — ⚠ missing a result: table {tables}"
        elif board.lines:
            text += " — ✔ every table has its result"
        self.summary.setText(text)
        self.note.setText("")


class BracketPanel(_EventView):
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
            self.title.setText("Bracket")
            self.note.setStyleSheet("")
            self.note.setText("This event is not an elimination: no bracket to show.")
            return
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.standings import bracket

        try:
            view = bracket(self.db, self.shown_event.id)
        except ServiceError as error:
            self.canvas.show_bracket(None)
            self._fail(error)
            return
        kind = "Double" if view.double else "Single"
        champion = f" — champion: {view.champion.name}" if view.champion else ""
        self.title.setText(f"{kind} elimination, {view.size} places{champion}")
        self.canvas.show_bracket(view)
        self.note.setStyleSheet("")
        self.note.setText(
            "✔ marks the winner · double-click a match (or select it and press "
            "Enter) to open its score sheet"
        )


ENTRANT_COLUMNS = [
    ColumnSpec("Entrant", lambda e: e.name, lambda e: e.name.casefold(), align_left=True),
    ColumnSpec("Club", lambda e: e.club, align_left=True),
    ColumnSpec(
        "Seed",
        lambda e: str(e.seed) if e.seed is not None else "",
        lambda e: e.seed if e.seed is not None else 10**6,
    ),
    ColumnSpec("Checked in", lambda e: "✔ yes" if e.checked_in else "— no"),
    ColumnSpec("Status", lambda e: "active" if e.active else "✖ withdrawn", align_left=True),
]


def _entrant_style(entrant: EntrantView) -> RowStyle | None:
    return None if entrant.active else RowStyle(foreground="#777777")


class EntrantsView(_EventView):
    """Who is in the event: check in, withdraw, reinstate (each one service call); adding
    entrants (typed, pasted or from CSV) is the main window's dialog, asked for by signal."""

    add_requested = Signal()
    import_requested = Signal()
    entrant_changed = Signal()  # a name or seed changed: the other views show it too

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(db, parent)
        self.actor = ""
        self.model = RowsModel(ENTRANT_COLUMNS, self, _entrant_style)
        self.table = _table(self.model)
        self.table.setObjectName("entrantsTable")
        self.check_button = QPushButton("Check in / out")
        self.withdraw_button = QPushButton("Withdraw")
        self.reinstate_button = QPushButton("Reinstate")
        self.edit_button = QPushButton("Edit…")
        self.edit_button.setToolTip("Fix the name, club or seed (also: double-click the row)")
        self.add_button = QPushButton("Add entrants…")
        self.import_button = QPushButton("Import CSV…")
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

    def refresh(self) -> None:
        if self.shown_event is None:
            return
        from gin_scorer.services.entrants import list_entrants

        rows = list_entrants(self.db, self.shown_event.id)
        self.model.set_rows(rows)
        present = sum(1 for e in rows if e.checked_in and e.active)
        active = sum(1 for e in rows if e.active)
        self.title.setText(f"Entrants — {self.shown_event.name}")
        self.note.setStyleSheet("")
        self.note.setText(f"{len(rows)} entrants, {active} active, {present} checked in")

    def selected(self) -> EntrantView | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        value = rows[0].data(ROW_ROLE)
        return value if isinstance(value, EntrantView) else None

    def _apply(self, action: Callable[[str | None], object]) -> bool:
        """Run ``action(pin)``; the director's PIN is asked for when the services want it
        (a finished event), and a cancelled prompt changes nothing."""
        from gin_scorer.gui.pin_prompt import with_pin
        from gin_scorer.services.errors import ServiceError

        try:
            done = with_pin(self, action)
        except ServiceError as error:
            self._fail(error)
            return False
        if done is None:
            return False
        self.refresh()
        return True

    def toggle_check_in(self) -> bool:
        from gin_scorer.services.entrants import check_in

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
        self.entrant_changed.emit()
        return True

    def set_active(self, active: bool) -> bool:
        from gin_scorer.services.entrants import reinstate_entrant, withdraw_entrant

        entrant = self.selected()
        if entrant is None:
            return False
        action = reinstate_entrant if active else withdraw_entrant
        return self._apply(
            lambda pin: action(self.db, entrant.id, pin=pin, actor=self.actor or None)
        )


def make_views(db: Database) -> list[tuple[str, str, QWidget]]:
    return [
        ("entrants", "Entrants", EntrantsView(db)),
        ("standings", "Standings", StandingsView(db)),
        ("pairings", "Pairings", PairingsView(db)),
        ("status", "Round status", StatusView(db)),
        ("bracket", "Bracket", BracketPanel(db)),
    ]


_BRACKET_PAGE = "\x00bracket"  # a projector page that shows the bracket, not text


def projector_seal_text(code: str | None) -> str:
    """The seal as the projector shows it, whole: players may note it from their seats.

    >>> projector_seal_text("4127-K3M9-QX2P-7TAB")
    'Seal 4127-K3M9-QX2P-7TAB'
    >>> projector_seal_text(None)
    ''
    """
    return f"Seal {code}" if code else ""


class ProjectorWindow(QWidget):
    """Full screen, large type, cycling the standings and the current round's pairings (and
    a knockout's bracket, scaled to the screen), with the database's seal in the bottom
    right corner of every page."""

    ROWS_PER_PAGE = 16

    def __init__(
        self, db: Database, event_id: int, seconds: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.event_id = event_id
        self.setWindowTitle("Gin Scorer — projector")
        self.setStyleSheet("background: #101820; color: #f5f5f5;")
        self.heading = QLabel("")
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.heading.setStyleSheet("font-size: 34pt; font-weight: bold; color: #ffd54f;")
        self.body = QLabel("")
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setStyleSheet("font-size: 24pt;")
        from gin_scorer.gui.bracket_canvas import BracketCanvas

        # A knockout's bracket, scaled to the screen (white boxes read well on the dark page).
        self.bracket = BracketCanvas(fit=True)
        self.body_stack = QStackedWidget()
        self.body_stack.addWidget(self.body)
        self.body_stack.addWidget(self.bracket)
        self.footer = QLabel("Esc closes · → next page")
        self.footer.setStyleSheet("font-size: 12pt; color: #90a4ae;")
        # Large enough to read from the back of the room, in the footer's muted grey-blue so
        # it does not compete with the standings; refreshed with every reload of the pages.
        self.seal = QLabel("")
        self.seal.setObjectName("projectorSeal")
        self.seal.setStyleSheet("font-size: 18pt; font-weight: bold; color: #78909c;")
        self.seal.setToolTip(
            "The seal of what is shown: “gin-scorer verify --seal CODE” "
            "proves nothing recorded before it has changed"
        )
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        close.setStyleSheet("color: #101820; background: #cfd8dc;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 30, 40, 20)
        layout.addWidget(self.heading)
        layout.addWidget(self.body_stack, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.footer, 1)
        bottom.addWidget(self.seal)
        bottom.addSpacing(24)
        bottom.addWidget(close)
        layout.addLayout(bottom)
        self.pages: list[tuple[str, str]] = []
        self.page = 0
        self.timer = QTimer(self)
        self.timer.setInterval(seconds * 1000)
        self.timer.timeout.connect(self.next_page)
        self.reload()
        self.timer.start()

    def reload(self) -> None:
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.events import get_event
        from gin_scorer.services.rounds import list_rounds, pairings
        from gin_scorer.services.standings import bracket, standings

        pages: list[tuple[str, str]] = []
        try:
            event = get_event(self.db, self.event_id)
            rows = standings(self.db, self.event_id)
            rounds = list_rounds(self.db, self.event_id)
            lines: tuple[PairingView, ...] = (
                pairings(self.db, self.event_id, rounds[-1].number) if rounds else ()
            )
            knockout = (
                bracket(self.db, self.event_id) if Format(event.format).is_elimination else None
            )
        except ServiceError as error:
            self.pages = [("Gin Scorer", f"✖ {error}")]
            self.show_page(0)
            return
        self.show_seal()  # read after the pages' data, so it covers everything shown
        self.bracket.show_bracket(knockout)
        if knockout is not None:
            pages.append((f"{event.name} — bracket", _BRACKET_PAGE))
        n = self.ROWS_PER_PAGE
        for start in range(0, max(len(rows), 1), n):
            chunk = rows[start : start + n]
            html = (
                "<table cellspacing=0 cellpadding=6 width='100%'>"
                + "".join(
                    f"<tr><td width=90>{r.place_label}</td><td>{r.entrant.name}</td>"
                    f"<td align=right>{r.match_wins}–{r.match_losses}</td>"
                    f"<td align=right>{_signed(r.point_differential)}</td></tr>"
                    for r in chunk
                )
                + "</table>"
            )
            pages.append((f"{event.name} — standings", html))
        if rounds:
            for start in range(0, len(lines), n):
                table_chunk = lines[start : start + n]
                html = (
                    "<table cellspacing=0 cellpadding=6 width='100%'>"
                    + "".join(
                        f"<tr><td width=120>{'T' + str(p.table) if p.table else 'bye'}</td>"
                        f"<td>{p.a.name}</td><td>v</td>"
                        f"<td>{p.b.name if p.b else '—'}</td></tr>"
                        for p in table_chunk
                    )
                    + "</table>"
                )
                pages.append((f"Round {rounds[-1].number} — pairings", html))
        self.pages = pages or [(event.name, "Nothing to show yet.")]
        self.show_page(min(self.page, len(self.pages) - 1))

    def show_seal(self) -> None:
        from gin_scorer.services.seal import current_seal

        self.seal.setText(projector_seal_text(current_seal(self.db)))

    def show_page(self, page: int) -> None:
        self.page = page
        heading, body = self.pages[page]
        self.heading.setText(heading)
        if body == _BRACKET_PAGE:
            self.body_stack.setCurrentWidget(self.bracket)
        else:
            self.body.setText(body)
            self.body_stack.setCurrentWidget(self.body)
        self.footer.setText(f"page {page + 1} of {len(self.pages)} · Esc closes · → next page")

    def next_page(self) -> None:
        if self.page + 1 >= len(self.pages):
            self.reload()  # fresh results at the start of every cycle
            self.show_page(0)
        else:
            self.show_page(self.page + 1)

    def keyPressEvent(self, event: object) -> None:
        key = event.key()  # type: ignore[attr-defined]
        if key == Qt.Key.Key_Escape:
            self.close()
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_PageDown):
            self.next_page()
        else:
            super().keyPressEvent(event)  # type: ignore[arg-type]
