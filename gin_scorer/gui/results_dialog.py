"""Results from a stack of slips, at the speed of typing them: the results mode.

The director types a table's result in the results line (``12 a 3-1`` ⏎, see
:mod:`gin_scorer.presentation.result_grammar`): the match is named as soon as its table
number is typed, the result is read back in words before Enter, and the board of tables still
owing a result shrinks with each one. A slip for a table that already has hands, or a result,
asks first whether it replaces them; an adjudication asks for the director's PIN. Every write
goes through :func:`gin_scorer.services.writes.results.record_result`, on a worker.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.background import wait_for
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.pin_prompt import with_pin
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.presentation.entry_grammar import EntryState
from gin_scorer.presentation.result_grammar import read_result_line, result_hint, result_words
from gin_scorer.presentation.three_words import players_phrase
from gin_scorer.presentation.words import error_text, said_text, say
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import ScoreSheet
from gin_scorer.services.support.errors import ReplaceFirst, ServiceError
from gin_scorer.services.writes import matches
from gin_scorer.services.writes.events import get_event
from gin_scorer.services.writes.results import ResultReport, record_result, report_refusal
from gin_scorer.services.writes.rounds import RoundStatusBoard, round_status
from gin_scorer.tournament.tables import TableLine, TableState


class ResultsDialog(QDialog):
    """The results line, what it says, and the tables of the round still owing a result."""

    recorded = Signal(object)  # ScoreSheet: a table's result entered (the desk behind shows it)

    def __init__(
        self,
        db: Database,
        event_id: int,
        round_number: int,
        *,
        entered_by: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db, self.event_id, self.round_number = db, event_id, round_number
        self.entered_by = entered_by
        self.entered = 0
        self.setWindowTitle(
            translate("ResultsDialog", "Results from slips — round {0}").format(round_number)
        )
        self.resize(620, 560)
        layout = QVBoxLayout(self)
        hint = QLabel(result_hint())
        hint.setWordWrap(True)
        hint.setStyleSheet("color: palette(placeholder-text);")
        self._build_lines()
        self.said = QLabel(" ")
        self.said.setWordWrap(True)
        self.last_entered = QLabel(" ")
        self.last_entered.setWordWrap(True)
        self.missing_title = QLabel()
        self.missing = QListWidget()
        self.missing.setAccessibleName(translate("ResultsDialog", "Tables still owing a result"))
        self.missing.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        # Enter is the results line's: it never presses Close (only Esc or a click closes).
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)
        close.setDefault(False)
        for widget in (
            hint,
            self.line,
            self.totals,
            self.said,
            self.last_entered,
            self.missing_title,
            self.missing,
        ):
            layout.addWidget(widget)
        layout.addWidget(buttons)
        self.board: RoundStatusBoard | None = None
        # The event's rules, for refusing a result that cannot be (3–3 in a best of five)
        # while it is typed; the services refuse it again on Enter, with the match's own.
        self.rules = wait_for(lambda: get_event(db, event_id)).rules
        for line in (self.line, self.totals):
            line.textChanged.connect(lambda _text: self._typed(self.typed()))
            line.returnPressed.connect(self._enter)
        self.refresh_board()

    def _build_lines(self) -> None:
        """The results line, large, and the optional second line for a slip's game totals."""
        self.line = QLineEdit()
        self.line.setAccessibleName(
            translate("ResultsDialog", "Results line: table, winner, games")
        )
        self.line.setPlaceholderText(
            translate("ResultsDialog", "table, winner, games — e.g. 12 a 3-1, then Enter")
        )
        font = self.line.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        self.line.setFont(font)
        # The optional second line: a slip's games' finals (Tab to it, Enter from either
        # line): each game's final from the foot of the pad, boxes and bonuses in (0016).
        self.totals = QLineEdit()
        self.totals.setObjectName("gameTotals")
        self.totals.setAccessibleName(translate("ResultsDialog", "Each game's final, optional"))
        self.totals.setPlaceholderText(
            translate("ResultsDialog", "optional: each game's final, A-B, e.g. 375-120 90-380 …")
        )
        # The whole sentence where it has room: the placeholder must fit a laptop's window.
        self.totals.setToolTip(
            translate(
                "ResultsDialog",
                "Each game's final from the foot of the pad (boxes and bonuses in), A-B, in "
                "the order played, then Enter",
            )
        )

    def refresh_board(self) -> None:
        """The round's tables still owing a result, lowest table first."""
        try:
            self.board = wait_for(lambda: round_status(self.db, self.event_id, self.round_number))
        except ServiceError as error:
            self.missing_title.setText(
                translate("ResultsDialog", "✖ {0}").format(error_text(error))
            )
            return
        owing = self.board.missing
        self.missing_title.setText(
            translate("ResultsDialog", "Still owing a result: {0} of {1} tables").format(
                len(owing), len(self.board.lines)
            )
            if owing
            else translate("ResultsDialog", "Every table of round {0} has its result.").format(
                self.round_number
            )
        )
        self.missing.clear()
        for t in owing:
            if t.hands == 1:
                state = translate("ResultsDialog", "1 hand, {0}").format(said_text(t.score))
            elif t.hands:
                state = translate("ResultsDialog", "{0} hands, {1}").format(
                    t.hands, said_text(t.score)
                )
            else:
                state = translate("ResultsDialog", "no hands")
            if t.c is not None:  # a table of three: its hands decide it, on its sheet
                said = translate("ResultsDialog", "Table {0}:  {1}  ({2}; its hands decide it)")
                self.missing.addItem(said.format(t.table, _players(t), state))
                continue
            self.missing.addItem(
                translate("ResultsDialog", "Table {0}:  {1} v {2}  ({3})").format(
                    t.table, t.a, t.b, state
                )
            )

    def typed(self) -> str:
        """The results line with the game totals' line after it, as one line to read."""
        return f"{self.line.text()} {self.totals.text()}".strip()

    def _table(self, number: int | None) -> TableLine | None:
        if self.board is None or number is None:
            return None
        return next((t for t in self.board.lines if t.table == number), None)

    def _typed(self, text: str) -> None:
        """Name the match as soon as its table is typed, then what the line says."""
        line = read_result_line(text)
        if line.state is EntryState.EMPTY:
            self._say(" ")
            return
        table = self._table(line.table)
        if table is None and line.table is not None:
            self._say(
                translate("ResultsDialog", "✖ no table {0} in round {1}").format(
                    line.table, self.round_number
                ),
                error=True,
            )
            return
        if line.state is EntryState.ERROR or table is None:
            self._say(_refusal(_named(table), line.problem), error=True)
            return
        who = _named(table)
        if table.c is not None:
            self._say(_refusal(who, _no_slip_words()), error=True)
            return
        if line.report is None:
            self._say(translate("ResultsDialog", "{0} — {1}").format(who, line.hint))
            return
        problem = report_refusal(line.report, self.rules)
        if problem is not None:
            self._say(_refusal(who, say(problem)), error=True)
            return
        said = result_words(line.report, table.a, table.b or "")
        if table.state is TableState.FINISHED:
            self._say(
                translate(
                    "ResultsDialog", "{0} — {1} ⏎  (it has a result: Enter asks to replace it)"
                ).format(who, said)
            )
        else:
            self._say(translate("ResultsDialog", "{0} — {1} ⏎").format(who, said))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter belongs to the results line (it enters the slip, or says why not); the
        window itself never takes it as "close", whatever button Qt would make default."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)

    def _say(self, text: str, *, error: bool = False) -> None:
        self.said.setText(text)
        self.said.setStyleSheet(f"color: {tone(Tone.ERROR)};" if error else "")

    def _enter(self) -> None:
        line = read_result_line(self.typed())
        table = self._table(line.table)
        if line.report is None or table is None or table.match_id is None:
            self._typed(self.typed())
            return
        if table.c is not None or report_refusal(line.report, self.rules) is not None:
            self._typed(self.typed())  # said before the services would refuse it
            return
        report, match_id = line.report, table.match_id
        sheet = self._record(match_id, report, replace=False)
        if sheet is None:
            return
        self.recorded.emit(sheet)
        self.entered += 1
        said = result_words(report, table.a, table.b or "")
        self.last_entered.setText(
            translate("ResultsDialog", "✔ Table {0}: {1}  ({2} entered)").format(
                table.table, said, self.entered
            )
        )
        self.line.clear()
        self.totals.clear()
        self.line.setFocus()
        self.refresh_board()

    def _record(self, match_id: int, report: ResultReport, *, replace: bool) -> object | None:
        """Write it (asking for the PIN when the services want one, and whether to replace
        hands or a result already there); the refusal in the line's own words otherwise."""

        def write(pin: str | None) -> object:
            def work() -> object:
                version = matches.get_match(self.db, match_id).version
                return record_result(
                    self.db,
                    match_id,
                    report,
                    version,
                    entered_by=self.entered_by,
                    replace_existing=replace,
                    pin=pin,
                )

            return wait_for(work)

        try:
            return with_pin(self, write)
        except ReplaceFirst as error:
            text = error_text(error)
            if not replace:
                if self._replace_asked(match_id, report, text):
                    return self._record(match_id, report, replace=True)
                self._say(
                    translate("ResultsDialog", "Nothing entered: {0} keeps what it had.").format(
                        self._named(match_id)
                    )
                )
                return None
            self._say(_refusal(self._named(match_id), text), error=True)
        except ServiceError as error:
            self._say(_refusal(self._named(match_id), error_text(error)), error=True)
        return None

    def _replace_asked(self, match_id: int, report: ResultReport, why: str) -> bool:
        """ "Replace?" — the table by its number and players, what it has, what would
        replace it; No is the answer Esc gives."""
        table = self._line_of(match_id)
        new = result_words(report, table.a, table.b or "") if table is not None else ""
        answer = QMessageBox.question(
            self,
            translate("ResultsDialog", "Replace?"),
            translate("ResultsDialog", "{0}\n\n{1}.\n\nReplace it with: {2}?").format(
                _named(table), why[:1].upper() + why[1:], new
            ),
        )
        return answer == QMessageBox.StandardButton.Yes

    def _line_of(self, match_id: int) -> TableLine | None:
        lines = self.board.lines if self.board is not None else ()
        return next((t for t in lines if t.match_id == match_id), None)

    def _named(self, match_id: int) -> str:
        return _named(self._line_of(match_id))


def _named(table: TableLine | None) -> str:
    """``Table 7: Ann v Bob`` (``Table 7: Ann, Bob and Cat``; "" for no table)."""
    if table is None:
        return ""
    if table.c is not None:
        return translate("ResultsDialog", "Table {0}: {1}").format(table.table, _players(table))
    b = table.b or translate("ResultsDialog", "(bye)")
    return translate("ResultsDialog", "Table {0}: {1} v {2}").format(table.table, table.a, b)


def _players(table: TableLine) -> str:
    """A table of three's players in one phrase: ``Ann, Bob and Cat``."""
    return players_phrase([name for name in (table.a, table.b, table.c) if name])


def _no_slip_words() -> str:
    """Why a table of three has no slip to enter."""
    return translate(
        "ResultsDialog",
        "a table of three takes no slip: its result comes from its hands, entered on its "
        "score sheet",
    )


def _refusal(named: str, problem: str) -> str:
    """``Table 7: Ann v Bob — ✖ …``, or the ``✖ …`` alone when no table is named."""
    if named:
        return translate("ResultsDialog", "{0} — ✖ {1}").format(named, problem)
    return translate("ResultsDialog", "✖ {0}").format(problem)


def enter_results(
    parent: QWidget,
    db: Database,
    event_id: int,
    round_number: int,
    *,
    entered_by: str,
    recorded: Callable[[ScoreSheet], None] | None = None,
) -> int:
    """Show the results mode for the round; how many results were entered. ``recorded`` is
    told each table's new sheet as it is entered."""
    dialog = ResultsDialog(db, event_id, round_number, entered_by=entered_by, parent=parent)
    if recorded is not None:
        dialog.recorded.connect(recorded)
    try:
        dialog.exec()
        return dialog.entered
    finally:
        dialog.deleteLater()
