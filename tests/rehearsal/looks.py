"""What is on the screen, measured: rows and columns inside a table's viewport, scrollbars,
windows against the screen, widgets against their window, and text cut short.

Every function reads widget geometry as Qt laid it out on the rehearsal's screen; none reads
the data behind it. Each returns plain values (numbers, lists of sentences) for the report.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStatusBar,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QTableView,
    QWidget,
)

_SLACK = 1  # a pixel of rounding, at fractional scale factors


def row_height(view: QTableView) -> int:
    return max(1, view.verticalHeader().defaultSectionSize())


def rows_in_sight(view: QTableView) -> int:
    """How many rows are wholly inside the viewport now."""
    height = view.viewport().height()
    count = 0
    for row in range(view.model().rowCount()):
        if view.isRowHidden(row):
            continue
        top = view.rowViewportPosition(row)
        if top >= 0 and top + view.rowHeight(row) <= height + _SLACK:
            count += 1
    return count


def row_room(view: QTableView) -> int:
    """How many rows the viewport has room for (whatever the match holds so far)."""
    return view.viewport().height() // row_height(view)


def row_shown(view: QTableView, row: int) -> bool:
    top = view.rowViewportPosition(row)
    return top >= 0 and top + view.rowHeight(row) <= view.viewport().height() + _SLACK


def columns_out_of_sight(view: QTableView) -> list[str]:
    """The headings of the shown columns not wholly inside the viewport."""
    width = view.viewport().width()
    header = view.horizontalHeader()
    out = []
    for column in range(header.count()):
        if header.isSectionHidden(column):
            continue
        left = view.columnViewportPosition(column)
        if left < 0 or left + view.columnWidth(column) > width + _SLACK:
            out.append(_heading(view, column))
    return out


def shown_columns(view: QTableView) -> list[str]:
    header = view.horizontalHeader()
    return [_heading(view, c) for c in range(header.count()) if not header.isSectionHidden(c)]


def _heading(view: QAbstractItemView, column: int) -> str:
    text = view.model().headerData(column, Qt.Orientation.Horizontal)
    return str(text).replace("\n", " ") if text is not None else f"column {column}"


def scrolls_sideways(view: QAbstractScrollArea) -> bool:
    return view.horizontalScrollBar().isVisible()


def on_screen(window: QWidget) -> tuple[bool, str]:
    """Is the window, frame and all, on its screen? (and the two rectangles, said)"""
    screen = window.screen().geometry()
    frame = window.frameGeometry()
    return screen.contains(frame), f"window {_rect(frame)} on screen {_rect(screen)}"


def _rect(rect: QRect) -> str:
    return f"{rect.width()}×{rect.height()} at ({rect.x()}, {rect.y()})"


def outside_window(window: QWidget) -> list[str]:
    """Visible widgets that reach past their window's edges (cut off by it)."""
    bounds = window.rect()
    out = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.isWindow() or _scrolled(widget):
            continue
        top_left = widget.mapTo(window, widget.rect().topLeft())
        rect = QRect(top_left, widget.size())
        if not bounds.adjusted(-_SLACK, -_SLACK, _SLACK, _SLACK).contains(rect):
            out.append(f"{_name(widget)} {_rect(rect)} outside {_rect(bounds)}")
    return out


def _scrolled(widget: QWidget) -> bool:
    """Inside a scroll area's viewport: clipped on purpose, reached by scrolling."""
    parent = widget.parentWidget()
    while parent is not None and not parent.isWindow():
        if isinstance(parent.parentWidget(), QAbstractScrollArea):
            area = parent.parentWidget()
            assert isinstance(area, QAbstractScrollArea)
            if parent is area.viewport():
                return True
        parent = parent.parentWidget()
    return False


def _name(widget: QWidget) -> str:
    name = widget.objectName() or widget.accessibleName()
    return f"{type(widget).__name__}({name!r})" if name else type(widget).__name__


def cut_texts(window: QWidget, leave_out: QWidget | None = None) -> list[str]:
    """Every visible text of the window that is cut short or elided: labels narrower (or
    lower) than their text, buttons, tabs, combo boxes, placeholders, the status bar's
    message, item views' cells and headings (``leave_out``'s own: checked apart)."""
    found: list[str] = []
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible() or _scrolled(widget) or widget is leave_out:
            continue
        if isinstance(widget, QLabel):
            found += _label_cut(widget)
        elif isinstance(widget, QAbstractButton):
            found += _button_cut(widget)
        elif isinstance(widget, QTabBar):
            found += _tabs_cut(widget)
        elif isinstance(widget, QComboBox):
            found += _combo_cut(widget)
        elif isinstance(widget, QLineEdit):
            found += _placeholder_cut(widget)
        elif isinstance(widget, QStatusBar):
            found += _message_cut(widget)
        elif isinstance(widget, QHeaderView):
            found += _headings_cut(widget)
        elif isinstance(widget, QAbstractItemView):
            found += cells_cut(widget)
    return found


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 70 else flat[:67] + "..."


def _label_cut(label: QLabel) -> list[str]:
    text = label.text()
    if not text.strip() or (label.pixmap() is not None and not label.pixmap().isNull()):
        return []
    if label.wordWrap():
        needed = label.heightForWidth(label.width())
        if needed > label.height() + _SLACK:
            return [f"label {_short(text)!r}: {needed} px of lines in {label.height()} px"]
        return []
    needed = label.sizeHint().width()
    if needed > label.width() + _SLACK:
        return [f"label {_short(text)!r}: needs {needed} px, has {label.width()}"]
    return []


def _button_cut(button: QAbstractButton) -> list[str]:
    text = button.text()
    if not text.strip() or isinstance(button.parentWidget(), QTabBar):
        return []
    needed = button.sizeHint().width()
    if needed > button.width() + _SLACK:
        return [f"button {_short(text)!r}: needs {needed} px, has {button.width()}"]
    return []


def _tabs_cut(bar: QTabBar) -> list[str]:
    out = []
    for index in range(bar.count()):
        if not bar.isTabVisible(index):
            continue
        rect = bar.tabRect(index)
        wanted = bar.tabSizeHint(index).width()
        if rect.width() + _SLACK < wanted or not bar.rect().contains(rect):
            out.append(f"tab {bar.tabText(index)!r}: cut ({rect.width()} of {wanted} px)")
    return out


def _combo_cut(combo: QComboBox) -> list[str]:
    """The choice shown cut: the box narrower than its style makes a box for that text."""
    text = combo.currentText()
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    metrics = combo.fontMetrics()
    size = QSize(metrics.horizontalAdvance(text), metrics.height())
    style = combo.style()
    needed = style.sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, size, combo).width()
    if text and needed > combo.width() + _SLACK:
        return [f"choice {_short(text)!r}: needs {needed} px, has {combo.width()}"]
    return []


def _placeholder_cut(line: QLineEdit) -> list[str]:
    text = line.placeholderText()
    if line.text() or not text:
        return []
    needed = line.fontMetrics().horizontalAdvance(text) + 12
    if needed > line.width() + _SLACK:
        return [f"placeholder {_short(text)!r}: needs {needed} px, has {line.width()}"]
    return []


def _message_cut(bar: QStatusBar) -> list[str]:
    message = bar.currentMessage()
    if not message:
        return []
    lefts = [w.x() for w in bar.findChildren(QWidget) if w.isVisible() and w.x() > 0]
    room = (min(lefts) if lefts else bar.width()) - 8
    needed = bar.fontMetrics().horizontalAdvance(message)
    if needed > room:
        return [f"status bar {_short(message)!r}: needs {needed} px, has {room}"]
    return []


def _headings_cut(header: QHeaderView) -> list[str]:
    if header.orientation() != Qt.Orientation.Horizontal or not header.isVisible():
        return []
    model = header.model()
    if model is None:
        return []
    out = []
    for section in range(header.count()):
        if header.isSectionHidden(section) or header.sectionSize(section) == 0:
            continue
        text = model.headerData(section, Qt.Orientation.Horizontal)
        if not text:
            continue
        lines = str(text).split("\n")
        needed = max(header.fontMetrics().horizontalAdvance(line) for line in lines) + 8
        if needed > header.sectionSize(section) + _SLACK:
            out.append(
                f"heading {_short(str(text))!r}: needs {needed} px, "
                f"has {header.sectionSize(section)}"
            )
    return out


def cells_cut(view: QAbstractItemView) -> list[str]:
    """Cells of the rows in sight whose text the view elides (…) to fit its column."""
    model = view.model()
    if model is None:
        return []
    out: list[str] = []
    viewport = view.viewport().rect()
    # A cell elides its text one pixel short ("T9 ● Adeyemi-Okonkwo v Yamam…" needed 229 px
    # of 228): the pixel of rounding is allowed only where a fractional scale rounds.
    slack = 0 if view.devicePixelRatioF().is_integer() else _SLACK
    for index in _indexes_in_sight(view):
        text = index.data()
        if not isinstance(text, str) or not text:
            continue
        rect = view.visualRect(index)
        if not rect.intersects(viewport):
            continue
        needed = view.sizeHintForIndex(index).width()
        if needed > rect.width() + slack:
            out.append(f"cell {_short(text)!r}: needs {needed} px, has {rect.width()}")
        if len(out) >= 8:  # enough to say what is wrong
            break
    return out


def _indexes_in_sight(view: QAbstractItemView) -> list[QModelIndex]:
    model = view.model()
    found = []
    top = view.indexAt(view.viewport().rect().topLeft())
    index = top if top.isValid() else model.index(0, 0)
    for _ in range(200):
        if not index.isValid() or view.visualRect(index).top() > view.viewport().height():
            break
        columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(index.parent())
        found += [index.siblingAtColumn(c) for c in range(columns)]
        index = (
            view.indexBelow(index)
            if hasattr(view, "indexBelow")
            else index.siblingAtRow(index.row() + 1)
        )
    return found
