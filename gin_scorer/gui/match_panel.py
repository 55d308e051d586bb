"""Scoring a match: the pad (one row per hand), the games, and the entry line.

The panel only *shows* a :class:`~gin_scorer.services.support.dto.ScoreSheet` and turns keystrokes
into :class:`~gin_scorer.core.hands.HandRecord` values; it emits them as signals and the
controller (:mod:`gin_scorer.gui.scoring_page`) sends them through undoable service calls,
then hands the panel the fresh sheet. So nothing here adds up a total.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.core.hands import HandRecord, Side
from gin_scorer.core.ledgers import ledger_games
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.rules import RuleSet
from gin_scorer.gui import three_sheet
from gin_scorer.gui.entry_line import EntryLine
from gin_scorer.gui.games_model import GamesModel
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.match_words import finished_words, scoreboard_html
from gin_scorer.gui.score_sheet_model import ScoreSheetModel
from gin_scorer.gui.sheet_layout import PadLayout
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.gui.zoom import sized_text
from gin_scorer.presentation.entry_grammar import (
    EntryPreview,
    EntryState,
    entry_text,
    grammar_hint,
    read_entry,
)
from gin_scorer.presentation.match_place import match_names, match_place
from gin_scorer.presentation.seat_words import entry_names, next_seat_words
from gin_scorer.presentation.three_words import next_hand_words
from gin_scorer.services.support.dto import HandRow, ScoreSheet

# Not colour alone: every state carries a symbol as well.
_STATE_STYLE = {
    EntryState.EMPTY: ("", Tone.MUTED, ""),
    EntryState.INCOMPLETE: ("… ", Tone.MUTED, ""),
    EntryState.COMPLETE: ("✔ ", Tone.SUCCESS, " font-weight: bold;"),
    EntryState.ERROR: ("✖ ", Tone.ERROR, " font-weight: bold;"),
}


def _state_style(state: EntryState) -> tuple[str, str]:
    """The reading's symbol and colour (the theme's shade of it) for ``state``."""
    icon, shade, weight = _STATE_STYLE[state]
    return icon, f"color: {tone(shade)};{weight}"


class MatchPanel(QWidget):
    """Signals carry what the director typed; the controller decides what it does."""

    hand_entered = Signal(object)  # HandRecord: a new hand
    correction_entered = Signal(object, object)  # (HandRow being corrected, new HandRecord)
    void_requested = Signal(object)  # HandRow
    edit_started = Signal(object)  # HandRow put on the entry line for correction

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sheet: ScoreSheet | None = None
        self.editing: HandRow | None = None
        self.preview: EntryPreview = read_entry("", _default_rules())

        self.title = QLabel(translate("MatchPanel", "No match open"))
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.title.setObjectName("matchTitle")
        sized_text(self.title, 16, bold=True)
        self.scoreboard = QLabel("")
        self.scoreboard.setObjectName("scoreboard")
        sized_text(self.scoreboard, 13)
        self.scoreboard.setTextFormat(Qt.TextFormat.RichText)
        self.scoreboard.setWordWrap(True)  # long names must not widen the window
        self.title.setWordWrap(True)
        self._build_sheet()
        entry_row = self._build_entry_line()
        self.layout_of_pad = PadLayout(self.table, self.games_table)
        self.pad = self.layout_of_pad.pad
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.scoreboard)
        layout.addWidget(self.pad, 1)
        layout.addWidget(self.next_hand)
        layout.addLayout(entry_row)
        layout.addWidget(self.hint)
        self.setFocusProxy(self.entry)
        self.entry.escape_pressed.connect(self.cancel_edit)
        self._update_preview("")

    def _build_sheet(self) -> None:
        """The pad (a line per hand) and the games under it."""
        self.model = ScoreSheetModel(self)
        self.table = QTableView()
        self.table.setAccessibleName(translate("MatchPanel", "Score sheet: one line per hand"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)  # one line per hand, like the pad
        self.table.setTabKeyNavigation(False)  # Tab leaves the sheet (rows, not cells, count)
        self.table.verticalHeader().setVisible(False)
        # Widths are fitted from the precomputed texts whenever the sheet changes.
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self._fitted_for: int | None = None
        self.table.doubleClicked.connect(self._edit_index)

        self.games_model = GamesModel(self)
        self.games_table = QTableView()
        self.games_table.setAccessibleName(
            translate("MatchPanel", "Games: points, boxes, bonuses, result")
        )
        self.games_table.setModel(self.games_model)
        self.games_table.verticalHeader().setVisible(False)
        self.games_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.games_table.horizontalHeader().setStretchLastSection(True)
        self.games_table.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def _build_entry_line(self) -> QHBoxLayout:
        """The entry line with its live reading, the first dealer, and the grammar hint."""
        self.mode_label = QLabel(translate("MatchPanel", "New hand:"))
        self.entry = EntryLine()
        self.entry.setAccessibleName(translate("MatchPanel", "Hand entry line"))
        self.mode_label.setBuddy(self.entry)
        self.entry.setObjectName("entryLine")
        self.entry.setPlaceholderText(translate("MatchPanel", "ak7 15  ·  bg22  ·  abg30  ·  d"))
        sized_text(self.entry, 15, monospace=True)
        self.entry.setClearButtonEnabled(True)
        self.entry.textChanged.connect(self._update_preview)
        self.entry.returnPressed.connect(self.submit)
        self.preview_label = QLabel("")
        self.preview_label.setObjectName("entryPreview")
        self.preview_label.setWordWrap(True)
        sized_text(self.preview_label, 12)
        self.preview_label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        # A table of three: who deals (and sits out) the next hand and who plays it.
        self.next_hand = QLabel("")
        self.next_hand.setObjectName("nextHand")
        self.next_hand.setTextFormat(Qt.TextFormat.PlainText)
        self.next_hand.setWordWrap(True)
        sized_text(self.next_hand, 13, bold=True)
        self.next_hand.setVisible(False)
        self.hint = QLabel(grammar_hint())
        self.hint.setObjectName("grammarHint")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(f"color: {tone(Tone.MUTED)};")

        # Who dealt the first hand (the rules say who deals after it).
        self.first_dealer_label = QLabel(translate("MatchPanel", "First dealer:"))
        self.first_dealer = QComboBox()
        self.first_dealer.setObjectName("firstDealer")
        # As wide as the longer name: a cut "Ingrid Lind" is not a choice anyone can read.
        self.first_dealer.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        entry_row = QHBoxLayout()
        entry_row.addWidget(self.first_dealer_label)
        entry_row.addWidget(self.first_dealer)
        entry_row.addWidget(self.mode_label)
        entry_row.addWidget(self.entry, 2)
        entry_row.addWidget(self.preview_label, 3)
        return entry_row

    # --- showing --------------------------------------------------------------------------

    def names(self) -> tuple[str, str]:
        """Who ``a`` and ``b`` are on the entry line: the two players at the table of the hand
        being entered or corrected (a partnership's seat), else the two entrants."""
        if self.sheet is None:
            return self.model.names()
        return entry_names(self.sheet, self.editing.number - 1 if self.editing else None)

    def set_sheet(self, sheet: ScoreSheet | None) -> None:
        self.sheet = sheet
        self.model.set_sheet(sheet)
        names = self.model.names()
        games = ledger_games(sheet.ledger) if sheet else ()
        self.games_model.set_games(games, self.model.short_names())
        if sheet is None:
            self.next_hand.setVisible(False)
            self.title.setText(translate("MatchPanel", "No match open"))
            self.scoreboard.setText(
                translate(
                    "MatchPanel",
                    "Choose a table in the navigator (or find a player with "
                    "Ctrl+F); Event → New match… starts one.",
                )
            )
            self.first_dealer_label.setVisible(False)
            self.first_dealer.setVisible(False)
        else:
            self._show_heading(sheet)
            seat = next_seat_words(sheet)
            self.hint.setText(
                translate("MatchPanel", "a = {0}, b = {1}  ·  {2}").format(
                    *entry_names(sheet), f"{seat}  ·  {grammar_hint()}" if seat else grammar_hint()
                )
            )
            self._show_first_dealer(sheet, names)
            # Fitted after every change (the texts are precomputed, so this is cheap) so a
            # longer result never ends in "…".
            self._fitted_for = sheet.match.id
            self.layout_of_pad.show_columns(self.model, sheet)
            self.refit()
            self.layout_of_pad.follow_newest()
        # A table of three is one game with three scores: the scoreboard says them all.
        self.games_table.setVisible(sheet is None or not profile_of(sheet.rules).per_player)
        self._update_preview(self.entry.text())

    def _show_heading(self, sheet: ScoreSheet) -> None:
        """The title naming the table and its players, the scoreboard, the next hand."""
        place = match_place(sheet.match)
        three = profile_of(sheet.rules).per_player
        if three:
            self.title.setText(three_sheet.title(sheet))
        elif place:
            self.title.setText(
                translate("MatchPanel", "{0} — {1} v {2}").format(place, *match_names(sheet.match))
            )
        else:
            self.title.setText(
                translate("MatchPanel", "{0} v {1}").format(*match_names(sheet.match))
            )
        self.scoreboard.setText(
            three_sheet.scoreboard_html(sheet)
            if three
            else scoreboard_html(sheet, self.model.names())
        )
        self.next_hand.setText(next_hand_words(sheet))
        self.next_hand.setVisible(bool(self.next_hand.text()))

    def refit(self) -> None:
        """Column widths fitted to the texts (a new match, or the zoom changed), and the
        entry line wide enough for its example in the text's size now."""
        self.layout_of_pad.refit()
        metrics = QFontMetrics(self.entry.font())
        example = metrics.horizontalAdvance(self.entry.placeholderText())
        self.entry.setMinimumWidth(example + 6 * metrics.averageCharWidth())

    def _show_first_dealer(self, sheet: ScoreSheet, names: tuple[str, str]) -> None:
        # The seats decide who deals first in a team match and at a table of three; nobody
        # deals on a match a slip or a forfeit decided before its first hand.
        first = (
            not sheet.hands
            and not sheet.finished
            and not profile_of(sheet.rules).seats_decide_dealer
        )
        self.first_dealer_label.setVisible(first)
        self.first_dealer.setVisible(first)
        if first:
            self.first_dealer.clear()
            self.first_dealer.addItem(names[0], Side.A.value)
            self.first_dealer.addItem(names[1], Side.B.value)
            self.first_dealer.setCurrentIndex(0 if sheet.next_dealer is Side.A else 1)

    def dealer_for_next_hand(self) -> Side | None:
        """The first hand's dealer as chosen; ``None`` later (the rules decide)."""
        if self.sheet is None or self.sheet.hands or not self.first_dealer.count():
            return None
        return Side(self.first_dealer.currentData())

    # --- typing ---------------------------------------------------------------------------

    def _update_preview(self, text: str) -> None:
        rules = self.sheet.rules if self.sheet is not None else _default_rules()
        self.preview = read_entry(text, rules, self.names())
        finished = self._finished_words()
        if finished and text.strip():
            self.show_error(finished)
            return
        self._show(self.preview)

    def _finished_words(self) -> str:
        """Why a new hand cannot go on a decided match, and what to do instead ("" when it
        can: no match, one still in play, or a hand being corrected)."""
        if self.sheet is None or self.editing is not None:
            return ""
        return finished_words(self.sheet)

    def _show(self, preview: EntryPreview) -> None:
        message = "" if preview.state is EntryState.EMPTY else preview.message
        self._say(preview.state, message)

    def _say(self, state: EntryState, message: str) -> None:
        """``message`` under the entry line, with the icon and colour of ``state``."""
        icon, style = _state_style(state)
        self.preview_label.setText(icon + message)
        self.preview_label.setStyleSheet(style)

    def show_error(self, message: str) -> None:
        """A refusal from the services (conflict, locked match...): shown, text kept."""
        self._say(EntryState.ERROR, message)

    def submit(self) -> None:
        """Enter: a complete entry is emitted; anything else shows why and keeps the text."""
        preview = read_entry(
            self.entry.text(),
            self.sheet.rules if self.sheet else _default_rules(),
            self.model.names(),
        )
        self.preview = preview
        if preview.state is EntryState.EMPTY:
            return
        if preview.state is not EntryState.COMPLETE or preview.record is None:
            if preview.state is EntryState.INCOMPLETE:
                self.show_error(
                    translate("MatchPanel", "not finished: {0}").format(preview.message)
                )
            else:
                self._show(preview)
            return
        if self.sheet is None:
            self.show_error(
                translate(
                    "MatchPanel", "open a match first (Event navigator, or Scoring → New match)"
                )
            )
            return
        finished = self._finished_words()
        if finished:  # said before the services would refuse it, in the director's words
            self.show_error(finished)
            return
        record: HandRecord = preview.record
        if self.editing is not None:
            self.correction_entered.emit(self.editing, record)
        else:
            self.hand_entered.emit(record)

    def show_saved(self, message: str) -> None:
        """After Enter: what was saved, until the next keystroke."""
        self._say(EntryState.COMPLETE, message)

    def entry_accepted(self) -> None:
        """The controller saved the entry: clear the line for the next hand."""
        self.editing = None
        self.mode_label.setText(translate("MatchPanel", "New hand:"))
        self.entry.clear()

    # --- editing a past hand --------------------------------------------------------------

    def _edit_index(self, index: QModelIndex) -> None:
        row = self.model.hand_row(index.row())
        if row is not None:
            self.begin_edit(row)

    def begin_edit(self, row: HandRow) -> None:
        """Put a past hand on the entry line; Enter saves a correction, Esc cancels."""
        self.editing = row
        self.mode_label.setText(translate("MatchPanel", "Correct hand {0}:").format(row.number))
        self.entry.setText(entry_text(row.record))
        self.entry.setFocus()
        self.entry.selectAll()
        self.edit_started.emit(row)

    def cancel_edit(self) -> None:
        if self.editing is not None:
            self.entry_accepted()
        else:
            self.entry.clear()

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab from the entry line goes to the sheet (to pick a hand for F2 or Ctrl+Delete)
        and Shift+Tab from the sheet comes back. ``setTabOrder`` cannot say so here: the
        table is made before the entry line, and Qt left the chain in that order, so Tab went
        on past the sheet to the cards panel."""
        focus = self.focusWidget()
        if next and focus is self.entry:
            self.table.setFocus(Qt.FocusReason.TabFocusReason)
            return True
        if not next and focus is self.table:
            self.entry.setFocus(Qt.FocusReason.BacktabFocusReason)
            return True
        return super().focusNextPrevChild(next)

    def selected_hand(self) -> HandRow | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.hand_row(rows[0].row()) if rows else None


def _default_rules() -> RuleSet:
    return RuleSet()
