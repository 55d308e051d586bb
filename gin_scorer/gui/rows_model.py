"""One table model for every list of frozen service values (standings, pairings, status).

A :class:`RowsModel` is given :class:`~gin_scorer.presentation.columns.ColumnSpec` values
saying how to show and sort a row, and a style saying how to colour it; the rows themselves
are the services' frozen dataclasses, untouched. Texts and sort keys are computed once per
refresh and the model sorts itself (``sort``), so "3=" sorts as 3 and "+25" as 25 and a
500-row table sorts without a call per comparison.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from gin_scorer.presentation.columns import ColumnSpec

_Index = QModelIndex | QPersistentModelIndex

SORT_ROLE = Qt.ItemDataRole.UserRole + 20
ROW_ROLE = Qt.ItemDataRole.UserRole + 21
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_CENTRE = int(Qt.AlignmentFlag.AlignCenter | Qt.AlignmentFlag.AlignVCenter)


def _sortable(key: object) -> tuple[int, object]:
    """Numbers before text, text without case; never a comparison between the two."""
    if isinstance(key, bool | int | float):
        return (0, key)
    return (1, str(key).casefold())


@dataclass(frozen=True)
class RowStyle:
    """How a whole row stands out (e.g. a table missing its result)."""

    background: str | None = None
    foreground: str | None = None
    bold: bool = False


class RowsModel(QAbstractTableModel):
    def __init__(
        self,
        columns: Sequence[ColumnSpec],
        parent: object | None = None,
        style: Callable[[Any], RowStyle | None] | None = None,
    ) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._columns = tuple(columns)
        self._rows: tuple[Any, ...] = ()
        self._style = style
        self._texts: list[tuple[str, ...]] = []
        self._keys: list[tuple[object, ...]] = []
        self._styles: list[RowStyle | None] = []
        self._order: list[int] = []  # display position → index into _rows
        self._sorted_by: tuple[int, Qt.SortOrder] | None = None

    def set_rows(self, rows: Sequence[Any], columns: Sequence[ColumnSpec] | None = None) -> None:
        self.beginResetModel()
        self._rows = tuple(rows)
        if columns is not None:
            self._columns = tuple(columns)
        self._texts = [tuple(c.text(r) for c in self._columns) for r in self._rows]
        self._keys = [
            tuple(
                c.sort(r) if c.sort is not None else text
                for c, text in zip(self._columns, texts, strict=True)
            )
            for r, texts in zip(self._rows, self._texts, strict=True)
        ]
        self._styles = [self._style(r) if self._style else None for r in self._rows]
        self._order = list(range(len(self._rows)))
        if self._sorted_by is not None and self._sorted_by[0] < len(self._columns):
            self._apply_sort(*self._sorted_by)
        self.endResetModel()

    def rows(self) -> tuple[Any, ...]:
        """The rows in the order shown."""
        return tuple(self._rows[i] for i in self._order)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self._columns):
            return
        self.layoutAboutToBeChanged.emit()
        self._apply_sort(column, order)
        self.layoutChanged.emit()

    def _apply_sort(self, column: int, order: Qt.SortOrder) -> None:
        self._sorted_by = (column, order)
        keys = self._keys
        self._order.sort(
            key=lambda i: _sortable(keys[i][column]), reverse=order == Qt.SortOrder.DescendingOrder
        )

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
            return column.heading
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return column.explanation
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        position, col = index.row(), index.column()
        if not (0 <= position < len(self._rows) and 0 <= col < len(self._columns)):
            return None
        row = self._order[position]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._texts[row][col]
        if role == SORT_ROLE:
            return self._keys[row][col]
        if role == ROW_ROLE:
            return self._rows[row]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT if self._columns[col].align_left else _CENTRE
        return _styled(self._styles[row], role)


def _styled(style: RowStyle | None, role: int) -> object:
    """What a row's style says for ``role`` (nothing when the row has no style)."""
    if style is None:
        return None
    if role == Qt.ItemDataRole.BackgroundRole and style.background:
        return QBrush(QColor(style.background))
    if role == Qt.ItemDataRole.ForegroundRole and style.foreground:
        return QBrush(QColor(style.foreground))
    if role == Qt.ItemDataRole.FontRole and style.bold:
        font = QFont()
        font.setBold(True)
        return font
    return None
