"""One table model for every list of frozen service values (standings, pairings, status).

A :class:`RowsModel` is given :class:`ColumnSpec` values saying how to show, sort, colour and
explain a row; the rows themselves are the services' frozen dataclasses, untouched. Sorting
uses :data:`SORT_ROLE` through a QSortFilterProxyModel, so "3=" sorts as 3 and "+25" as 25.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

_Index = QModelIndex | QPersistentModelIndex

SORT_ROLE = Qt.ItemDataRole.UserRole + 20
ROW_ROLE = Qt.ItemDataRole.UserRole + 21


@dataclass(frozen=True)
class ColumnSpec:
    header: str
    text: Callable[[Any], str]
    sort: Callable[[Any], object] | None = None  # default: the text
    align_left: bool = False
    tooltip: str = ""


@dataclass(frozen=True)
class RowStyle:
    """How a whole row stands out (e.g. a table missing its result)."""

    background: str | None = None
    foreground: str | None = None
    bold: bool = False


class RowsModel(QAbstractTableModel):
    def __init__(self, columns: Sequence[ColumnSpec], parent: object | None = None,
                 style: Callable[[Any], RowStyle | None] | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._columns = tuple(columns)
        self._rows: tuple[Any, ...] = ()
        self._style = style

    def set_rows(self, rows: Sequence[Any], columns: Sequence[ColumnSpec] | None = None) -> None:
        self.beginResetModel()
        self._rows = tuple(rows)
        if columns is not None:
            self._columns = tuple(columns)
        self.endResetModel()

    def rows(self) -> tuple[Any, ...]:
        return self._rows

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._columns):
            return None
        column = self._columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.header
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return column.tooltip
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if not (0 <= row < len(self._rows) and 0 <= col < len(self._columns)):
            return None
        value = self._rows[row]
        column = self._columns[col]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(value)
        if role == SORT_ROLE:
            key = column.sort(value) if column.sort is not None else column.text(value)
            return key
        if role == ROW_ROLE:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole:
            flag = Qt.AlignmentFlag.AlignLeft if column.align_left else Qt.AlignmentFlag.AlignCenter
            return int(flag | Qt.AlignmentFlag.AlignVCenter)
        style = self._style(value) if self._style is not None else None
        if style is None:
            return None
        if role == Qt.ItemDataRole.BackgroundRole and style.background:
            return QBrush(QColor(style.background))
        if role == Qt.ItemDataRole.ForegroundRole and style.foreground:
            return QBrush(QColor(style.foreground))
        if role == Qt.ItemDataRole.FontRole and style.bold:
            from PySide6.QtGui import QFont

            font = QFont()
            font.setBold(True)
            return font
        return None
