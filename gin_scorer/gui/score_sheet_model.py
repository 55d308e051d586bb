"""The score sheet as a Qt table model: one row per hand, like a paper gin pad.

Hollywood sheets get one more column per game (the pad's three columns): the running score of
that game after each hand entered in it, read from the core's Hollywood ledger.

The model holds a :class:`~gin_scorer.services.support.dto.ScoreSheet` (a frozen snapshot from the
services) and nothing else; :meth:`ScoreSheetModel.set_sheet` swaps in a fresh one after every
entry, so the totals shown are always the ledger's, never something the GUI added up.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers.hollywood import Hollywood
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.gui import three_sheet
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.sheet_columns import Column, DeskSheet, GameKey, Key, desk_sheet
from gin_scorer.gui.tones import Tone, colour
from gin_scorer.presentation.hand_words import (
    declared_text,
    hand_notes,
    hand_tooltip,
    points_cell,
    result_cell,
    side_name,
)
from gin_scorer.presentation.match_place import short_names
from gin_scorer.presentation.seat_words import (
    seat_label,
    seat_names,
    seat_notes,
    side_label,
)
from gin_scorer.presentation.sheet_history import WithdrawnHand, sheet_lines, withdrawn_note
from gin_scorer.presentation.three_words import hand_players
from gin_scorer.services.support.dto import HandRow, ScoreSheet

_Index = QModelIndex | QPersistentModelIndex


_Key = Key

HAND_ROW_ROLE = Qt.ItemDataRole.UserRole + 1
"""Data role returning the row's :class:`HandRow` (for editing and the cards panel)."""

_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_CENTRE = int(Qt.AlignmentFlag.AlignCenter)
_FONTS: dict[str, QFont] = {}


def _font(kind: str) -> QFont:
    """The totals' bold font, or a withdrawn hand's crossed-out one ("bold", "struck"), made
    on first use (a QFont needs the application to exist)."""
    if kind not in _FONTS:
        font = QFont()
        font.setBold(kind == "bold")
        font.setStrikeOut(kind == "struck")
        _FONTS[kind] = font
    return _FONTS[kind]


class ScoreSheetModel(QAbstractTableModel):
    """Rows are the hands as played: those that count, and the withdrawn ones crossed out
    where they were (they count for nothing); columns follow :class:`Column`."""

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._sheet: ScoreSheet | None = None
        self._names = ("A", "B")
        # The narrow columns' names (dealer, result, points, totals): first names, or with
        # the surname's initial; the title above the sheet and the tooltips say them whole.
        self._short = ("A", "B")
        self._game_ends: frozenset[int] = frozenset()
        self._lines: tuple[HandRow | WithdrawnHand, ...] = ()
        # Display strings computed once per sheet: views ask for them many times per paint.
        self._texts: tuple[tuple[str, ...], ...] = ()
        self._columns: tuple[_Key, ...] = tuple(Column)
        self._hollywood: dict[int, dict[int, str]] = {}  # game → hand index → "a–b"

    # --- data in --------------------------------------------------------------------------

    @property
    def sheet(self) -> ScoreSheet | None:
        return self._sheet

    def set_sheet(self, sheet: ScoreSheet | None) -> None:
        self.beginResetModel()
        self._sheet = sheet
        if sheet is None:
            self._names = self._short = ("A", "B")
            self._game_ends = frozenset()
        else:
            b = sheet.match.b
            self._names = (side_label(sheet.match.a), side_label(b))
            self._short = _short_labels(sheet, self._names)
            rows = sheet.hands
            # A hand closes its game when the next hand belongs to a later game, or when it
            # is the last hand of a finished match.
            ends = {
                i for i in range(len(rows) - 1) if rows[i + 1].game_number != rows[i].game_number
            }
            if rows and sheet.finished:
                ends.add(len(rows) - 1)
            self._game_ends = frozenset(ends)
        self._hollywood = _hollywood_cells(sheet.ledger if sheet is not None else None)
        # The columns of the sheet's own format, never those of the sheet shown before.
        self._columns = desk_sheet(sheet.rules).columns(sheet) if sheet else tuple(Column)
        self._lines = sheet_lines(sheet) if sheet is not None else ()
        counting = {id(hand): index for index, hand in enumerate(sheet.hands if sheet else ())}
        self._texts = tuple(
            tuple(self._line_cell(line, counting, key) for key in self._columns)
            for line in self._lines
        )
        # Which hand of ``sheet.hands`` each line is (None: withdrawn).
        self._hand_at = tuple(
            None if isinstance(line, WithdrawnHand) else counting[id(line)] for line in self._lines
        )
        self.endResetModel()

    def _line_cell(self, line: HandRow | WithdrawnHand, counting: dict[int, int], key: _Key) -> str:
        if isinstance(line, WithdrawnHand):
            return self._withdrawn_cell(line, key)
        return self._cell(counting[id(line)], line, key)

    def names(self) -> tuple[str, str]:
        return self._names

    def short_names(self) -> tuple[str, str]:
        """The sides as the sheet's narrow columns name them (``Kai T.``, ``Kai W.``)."""
        return self._short

    def hand_row(self, row: int) -> HandRow | None:
        """The hand on line ``row``; None for a withdrawn hand (nothing to correct)."""
        if self._sheet is None or not 0 <= row < len(self._hand_at):
            return None
        index = self._hand_at[row]
        return None if index is None else self._sheet.hands[index]

    # --- the model ------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        if parent.isValid() or self._sheet is None:
            return 0
        return len(self._lines)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def column_of(self, key: Column | int | three_sheet.ThreeKey) -> int:
        """The position of a base column, of Hollywood game number ``key`` (1, 2, 3...), or
        of a table of three's column."""
        wanted = key if isinstance(key, Column | three_sheet.ThreeKey) else GameKey(key)
        return self._columns.index(wanted)

    def has_column(self, key: Column) -> bool:
        """Whether the sheet has this base column (a table of three has no sides' totals)."""
        return key in self._columns

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        wanted = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
        if role not in wanted or orientation == Qt.Orientation.Vertical:
            return None
        if not 0 <= section < len(self._columns):
            return None
        a, b = self._names
        key = self._columns[section]
        if isinstance(key, three_sheet.ThreeKey):
            return three_sheet.header(self._sheet, key) if role == wanted[0] else None
        if isinstance(key, GameKey):
            # Short, so three games fit beside the hand columns: A and B as on the entry
            # line (a = the first player); the tooltip names them.
            if role == Qt.ItemDataRole.ToolTipRole:
                return translate("ScoreSheetModel", "Game {0}: running score, {1} – {2}").format(
                    key.number, a, b
                )
            return translate("ScoreSheetModel", "Game {0}\nA – B").format(key.number)
        if role == Qt.ItemDataRole.ToolTipRole:
            sides = {Column.POINTS_A: a, Column.TOTAL_A: a, Column.POINTS_B: b, Column.TOTAL_B: b}
            return sides.get(key) if isinstance(key, Column) else None
        a, b = self._short
        desk = desk_sheet(self._sheet.rules) if self._sheet is not None else DeskSheet()
        # Two lines for a total: a long name would otherwise widen the column past the view.
        total = translate("ScoreSheetModel", "{0}\ntotal")
        return {
            Column.HAND: translate("ScoreSheetModel", desk.hand_heading),
            Column.DEALER: translate("ScoreSheetModel", desk.dealer_heading),
            Column.OUTCOME: translate("ScoreSheetModel", "Result"),
            Column.DECLARED: translate("ScoreSheetModel", "Deadwood"),
            Column.POINTS_A: a,
            Column.POINTS_B: b,
            Column.TOTAL_A: total.format(a),
            Column.TOTAL_B: total.format(b),
            Column.GAME: translate("ScoreSheetModel", "Game"),
            Column.NOTES: translate("ScoreSheetModel", "Notes"),
        }[key]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or self._sheet is None:
            return None
        row = index.row()
        if not 0 <= row < len(self._lines) or not 0 <= index.column() < len(self._columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._texts[row][index.column()]
        key = self._columns[index.column()]
        column = key if isinstance(key, Column) else Column.GAME
        if key in three_sheet.TOTALS:
            column = Column.TOTAL_A  # shown as every total is: bold
        elif key == three_sheet.PLAYERS:
            column = Column.OUTCOME  # names, read from the left
        hand_index = self._hand_at[row]
        if hand_index is None:
            return self._withdrawn_look(role, self._lines[row], column)
        hand = self._sheet.hands[hand_index]
        if role == HAND_ROW_ROLE:
            return hand
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(hand)
        return self._look(role, hand_index, hand, column)

    @staticmethod
    def _withdrawn_look(role: int, line: HandRow | WithdrawnHand, column: Column) -> object:
        """A withdrawn hand: grey and crossed out, the reason in its tooltip."""
        if role == Qt.ItemDataRole.FontRole:
            return _font("struck") if column != Column.NOTES else None
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(colour(Tone.MUTED))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT if column in (Column.NOTES, Column.OUTCOME) else _CENTRE
        if role == Qt.ItemDataRole.ToolTipRole and isinstance(line, WithdrawnHand):
            return translate(
                "ScoreSheetModel", "{0}: it counts for nothing.\nWithdrawn by {1}, {2}"
            ).format(
                withdrawn_note(line).capitalize(),
                line.withdrawn_by or "—",
                f"{line.withdrawn_at:%H:%M:%S}",
            )
        return None

    def _look(self, role: int, row: int, hand: HandRow, column: Column) -> object:
        """How a cell looks: aligned, coloured by its problems, bold totals, game ends shaded."""
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT if column in (Column.NOTES, Column.OUTCOME) else _CENTRE
        if role == Qt.ItemDataRole.ForegroundRole and column == Column.NOTES:
            if hand.errors:
                return QBrush(colour(Tone.ERROR))
            return QBrush(colour(Tone.WARNING)) if hand.warnings else None
        if role == Qt.ItemDataRole.FontRole:
            return _font("bold") if column in (Column.TOTAL_A, Column.TOTAL_B) else None
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(colour(Tone.GAME_END)) if row in self._game_ends else None
        return None

    def _cell(self, row: int, hand: HandRow, key: _Key) -> str:
        if isinstance(key, GameKey):
            return self._hollywood.get(key.number, {}).get(row, "")
        sheet = self._sheet
        assert sheet is not None
        if isinstance(key, three_sheet.ThreeKey):
            return three_sheet.cell(sheet, row, hand, key)
        if key == Column.DEALER and profile_of(sheet.rules).per_player:  # who sat it out
            return three_sheet.dealer_cell(sheet, row)
        return self._display(hand, key)

    def _display(self, hand: HandRow, column: Column) -> str:
        result = hand.result
        sheet = self._sheet
        assert sheet is not None
        # A partnership's hand is played by one player of each team, a table of three's by
        # two of the three: name them, not the sides.
        index = hand.number - 1
        names = seat_names(sheet, index) or hand_players(sheet, index) or self._short
        if column == Column.HAND:
            return seat_label(sheet, index)
        if column == Column.DEALER:
            return "" if hand.dealer is None else side_name(hand.dealer, names)
        if column == Column.OUTCOME:
            return result_cell(result, names)
        if column == Column.DECLARED:
            return declared_text(hand.record)
        if column in (Column.POINTS_A, Column.POINTS_B):
            return points_cell(result, Side.A if column == Column.POINTS_A else Side.B)
        if column in (Column.TOTAL_A, Column.TOTAL_B):
            side = Side.A if column == Column.TOTAL_A else Side.B
            return str(hand.totals_after[side])
        if column == Column.GAME:
            return str(hand.game_number)
        seat = seat_notes(sheet, hand.number - 1)
        return "; ".join(n for n in (seat, hand_notes(hand)) if n)

    def _withdrawn_cell(self, line: WithdrawnHand, key: _Key) -> str:
        three = self._sheet is not None and profile_of(self._sheet.rules).per_player
        if key == Column.DEALER and not three:  # a withdrawn hand has no seat at a three
            return "" if line.dealer is None else side_name(line.dealer, self._short)
        if key == Column.OUTCOME:
            return withdrawn_note(line).split(":")[0]
        if key == Column.DECLARED:
            return declared_text(line.record)
        return withdrawn_note(line) if key == Column.NOTES else ""

    @staticmethod
    def _tooltip(hand: HandRow) -> str | None:
        return hand_tooltip(hand)


def _short_labels(sheet: ScoreSheet, labels: tuple[str, str]) -> tuple[str, str]:
    """Two players' short names; a team's label stays as it is (it is short already)."""
    teams = any(e is not None and len(e.members) > 1 for e in (sheet.match.a, sheet.match.b))
    return labels if teams or sheet.match.b is None else short_names(*labels)


def _hollywood_cells(ledger: object) -> dict[int, dict[int, str]]:
    """For a Hollywood ledger: each game's running score after each hand entered in it."""
    if not isinstance(ledger, Hollywood):
        return {}
    cells: dict[int, dict[int, str]] = {}
    for game in ledger.games:
        column = cells.setdefault(game.number, {})
        for line in game.lines:
            column[line.hand] = f"{line.totals.a} – {line.totals.b}"
    return cells
