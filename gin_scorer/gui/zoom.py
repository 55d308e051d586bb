"""View → Zoom: the sheet, the standings and every event view at 80–200 % of their size.

A director reading the sheet from a step back, or on a 150 %-scaled screen where the default
is already large, picks a size once (Ctrl + / Ctrl − / Ctrl 0) and the app remembers it.

Qt fonts cascade from parent to child unless a child sets its own size, and a style sheet's
``font-size`` beats both. So the widgets with a size of their own (titles, the entry line)
declare it here with :func:`sized_text` instead of in a style sheet, and :func:`apply_zoom`
sets every such widget, and the root, to its size times the zoom; the rest inherit it.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QTableView, QWidget

# The steps of View → Zoom in / out, as a browser has them.
ZOOM_STEPS = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)
_POINTS = "ginTextPoints"  # dynamic property: the widget's own size in points, at 100 %
_ROW_HEIGHT = "ginRowHeight"  # dynamic property: a table's row height at 100 %
_FALLBACK_POINTS = 10.0  # a platform font given in pixels has no point size


def base_points() -> float:
    """The application's text size in points (the size at 100 % for widgets that inherit)."""
    points = QApplication.font().pointSizeF()
    return points if points > 0 else _FALLBACK_POINTS


def sized_text(
    widget: QWidget, points: float, *, bold: bool = False, monospace: bool = False
) -> None:
    """Give ``widget`` its own text size (at 100 %), which zooming scales."""
    widget.setProperty(_POINTS, float(points))
    font = QFont(widget.font())
    font.setPointSizeF(points)
    font.setBold(bold)
    if monospace:
        font.setFamilies(["monospace"])
        font.setStyleHint(QFont.StyleHint.Monospace)
    widget.setFont(font)


def sized_like(widget: QWidget, model: QWidget) -> None:
    """Give ``widget`` the size of its own that ``model`` has (from :func:`sized_text`), at
    the zoom ``model`` has now: for a widget made after the zoom was applied."""
    widget.setProperty(_POINTS, model.property(_POINTS))
    widget.setFont(model.font())


def zoom_step(current: float, step: int) -> float:
    """The next zoom ``step`` steps away (+1 in, −1 out; 0 resets), kept within the steps.

    >>> zoom_step(1.0, 1), zoom_step(1.0, -1), zoom_step(2.0, 1), zoom_step(1.3, 0)
    (1.1, 0.9, 2.0, 1.0)
    """
    if step == 0:
        return 1.0
    nearest = min(range(len(ZOOM_STEPS)), key=lambda i: abs(ZOOM_STEPS[i] - current))
    return ZOOM_STEPS[max(0, min(len(ZOOM_STEPS) - 1, nearest + step))]


def read_zoom(value: object) -> float:
    """A stored zoom, or 100 % when it is missing or not one of the steps."""
    try:
        zoom = float(str(value))
    except ValueError:
        return 1.0
    return zoom if any(abs(zoom - step) < 1e-6 for step in ZOOM_STEPS) else 1.0


def apply_zoom(root: QWidget, zoom: float) -> None:
    """Set ``root`` and every widget below it that has a size of its own to ``zoom`` times
    its size; tables get rows tall enough for the new text."""
    font = QFont(root.font())
    font.setPointSizeF(base_points() * zoom)
    root.setFont(font)
    for widget in root.findChildren(QWidget):
        points = widget.property(_POINTS)
        if isinstance(points, float):
            own = QFont(widget.font())
            own.setPointSizeF(points * zoom)
            widget.setFont(own)
    for table in root.findChildren(QTableView):
        _fit_rows(table, zoom)


def _fit_rows(table: QTableView, zoom: float) -> None:
    """Row height follows the text: the table's own height at 100 %, times the zoom."""
    header = table.verticalHeader()
    own = header.property(_ROW_HEIGHT)
    if not isinstance(own, int):
        own = header.defaultSectionSize()
        header.setProperty(_ROW_HEIGHT, own)
    header.setDefaultSectionSize(round(own * zoom))


def compact_rows(table: QTableView) -> None:
    """Rows as tall as their text and a little air (the style's default is about twice the
    text), at 100 %: on a laptop that is ten hands of the sheet in sight instead of five.
    :func:`apply_zoom` scales it with the text."""
    height = QFontMetrics(table.font()).lineSpacing() + 6
    header = table.verticalHeader()
    header.setProperty(_ROW_HEIGHT, height)
    header.setMinimumSectionSize(min(header.minimumSectionSize(), height))
    header.setDefaultSectionSize(height)
