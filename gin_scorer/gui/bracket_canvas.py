"""An elimination bracket drawn as a tree: each round a column, each match a box set midway
between the two matches that feed it, with the lines between them, as on a printed chart.

Double-elimination events draw the winners' bracket above the losers' bracket and the grand
final(s) to the right, between them. Double-click (or Enter on) a played or playable match to
open its score sheet. The layout follows the printed bracket (:mod:`gin_scorer.reports.bracket`):
every round's boxes share their section's height evenly, so a box sits between its feeders.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.bracket_words import not_needed, slot_label, slot_side
from gin_scorer.services.queries.standings import BracketSlotView, BracketView

BOX_W = 200.0
BOX_H = 52.0
COLUMN_GAP = 44.0
UNIT = 68.0  # height given to each box of a section's fullest round
TITLE_H = 26.0
MARGIN = 10.0
SCORE_W = 30.0
_SECTION_ORDER = {"W": 0, "L": 1}
_WON = QColor("#fff1b8")
_NOT_NEEDED = QColor("#eeeeee")
_MUTED = QColor("#777777")
_LINE = QColor("#8a8a8a")


@dataclass(frozen=True, slots=True)
class PlacedBox:
    slot: BracketSlotView
    rect: QRectF


def layout(view: BracketView) -> tuple[list[PlacedBox], list[tuple[QPointF, str]], float, float]:
    """Where every box goes: (boxes, column titles with their place, width, height)."""
    sections = sorted(
        {s.section for s in view.slots if s.section in _SECTION_ORDER},
        key=_SECTION_ORDER.__getitem__,
    )
    finals = sorted(
        (s for s in view.slots if s.section not in _SECTION_ORDER),
        key=lambda s: (s.round_in_section, s.index),
    )
    rounds_of = {
        sec: sorted({s.round_in_section for s in view.slots if s.section == sec})
        for sec in sections
    }
    placed: list[PlacedBox] = []
    titles: list[tuple[QPointF, str]] = []
    step = BOX_W + COLUMN_GAP
    top = MARGIN
    bands: dict[str, tuple[float, float]] = {}
    for section in sections:
        rounds = rounds_of[section]
        in_round = {
            r: sorted(
                (s for s in view.slots if s.section == section and s.round_in_section == r),
                key=lambda s: s.index,
            )
            for r in rounds
        }
        fullest = max(len(boxes) for boxes in in_round.values())
        band = TITLE_H + fullest * UNIT
        for column, rnd in enumerate(rounds):
            x = MARGIN + column * step
            # The stage of the column's slots, as the printed bracket names it.
            titles.append((QPointF(x, top + TITLE_H - 8), slot_label(in_round[rnd][0])))
            share = (band - TITLE_H) / len(in_round[rnd])
            for i, slot in enumerate(in_round[rnd]):
                middle = top + TITLE_H + share * (i + 0.5)
                placed.append(PlacedBox(slot, QRectF(x, middle - BOX_H / 2, BOX_W, BOX_H)))
        bands[section] = (top, top + band)
        top += band
    columns = max((len(r) for r in rounds_of.values()), default=0)
    if finals:
        if "L" in bands:  # between the winners' and the losers' brackets
            middle = bands["L"][0] + TITLE_H / 2
        else:
            low, high = bands.get("W", (MARGIN, MARGIN + TITLE_H + UNIT))
            middle = (low + TITLE_H + high) / 2
        for k, slot in enumerate(finals):
            x = MARGIN + (columns + k) * step
            titles.append((QPointF(x, middle - BOX_H / 2 - 8), slot_label(slot)))
            placed.append(PlacedBox(slot, QRectF(x, middle - BOX_H / 2, BOX_W, BOX_H)))
    width = MARGIN * 2 + (columns + len(finals)) * step - COLUMN_GAP
    return placed, titles, max(width, BOX_W), max(top + MARGIN, TITLE_H + BOX_H)


def side_text(slot: BracketSlotView, side: str) -> tuple[str, str, bool]:
    """What one half of a box says: the player (or what will fill it), the games won, and
    whether it names a player (``False``: shown muted)."""
    if not slot.needed:
        return (not_needed(), "", False) if side == "A" else ("", "", False)
    said = slot_side(slot, side)
    return said.text, "" if slot.match_id is None else slot.games_text(side), said.known


class BracketCanvas(QWidget):
    """Paints a :class:`BracketView`; emits ``match_chosen`` with a box's match id."""

    match_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None, *, fit: bool = False) -> None:
        """``fit``: scale the whole bracket into the widget (the projector) instead of asking
        for its natural size (the bracket tab, which scrolls)."""
        super().__init__(parent)
        self.fit = fit
        self.boxes: list[PlacedBox] = []
        self.titles: list[tuple[QPointF, str]] = []
        self.natural = (0.0, 0.0)
        self.current = -1  # the box Enter opens (arrow keys move it)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(not fit)
        self.setAccessibleName(translate("BracketCanvas", "Bracket"))
        self.setAccessibleDescription(
            translate("BracketCanvas", "Arrow keys move between matches; Enter opens one")
        )

    def show_bracket(self, view: BracketView | None) -> None:
        if view is None:
            self.boxes, self.titles, self.natural = [], [], (0.0, 0.0)
        else:
            self.boxes, self.titles, width, height = layout(view)
            self.natural = (width, height)
        if not self.fit:
            self.setMinimumSize(int(self.natural[0]) + 1, int(self.natural[1]) + 1)
        self.current = -1
        self.update()

    def _scale(self) -> float:
        width, height = self.natural
        if not self.fit or not width or not height:
            return 1.0
        return min(self.width() / width, self.height() / height, 2.5)

    def box_texts(self) -> list[str]:
        """Each box in words ("W1-1: Ann ✔ 2 | Bob 1"), for tests and screen readers."""
        lines = []
        for placed in self.boxes:
            halves = []
            for side in ("A", "B"):
                text, games, _known = side_text(placed.slot, side)
                mark = " ✔" if placed.slot.winner == side else ""
                halves.append(f"{text}{mark}" + (f" {games}" if games else ""))
            lines.append(f"{placed.slot.slot}: {halves[0]} | {halves[1]}")
        return lines

    # --- painting ------------------------------------------------------------------------

    def paintEvent(self, _event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scale = self._scale()
        painter.scale(scale, scale)
        bold = QFont(self.font())
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(self.palette().text().color())
        for point, text in self.titles:
            painter.drawText(point, text)
        self._paint_lines(painter)
        for number, placed in enumerate(self.boxes):
            self._paint_box(painter, placed, focused=number == self.current)
        painter.end()

    def _paint_lines(self, painter: QPainter) -> None:
        where = {placed.slot.slot: placed for placed in self.boxes}
        finals = [p for p in self.boxes if p.slot.section not in _SECTION_ORDER]
        for before, reset in pairwise(finals):
            # The reset is the same two players again: one line from the first final.
            pen = QPen(_LINE, 1.2)
            if not reset.slot.needed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(
                QPointF(before.rect.right(), before.rect.center().y()),
                QPointF(reset.rect.left(), reset.rect.center().y()),
            )
        painter.setPen(QPen(_LINE, 1.2))
        for placed in self.boxes:
            if placed in finals[1:]:
                continue
            rect = placed.rect
            for source, y in (
                (placed.slot.a_from, rect.top() + rect.height() * 0.25),
                (placed.slot.b_from, rect.top() + rect.height() * 0.75),
            ):
                fed_by = where.get(source)
                if fed_by is None or fed_by.rect.left() >= rect.left():
                    continue  # a seed or a bye: nothing to draw from
                final = placed.slot.section not in _SECTION_ORDER
                if fed_by.slot.section != placed.slot.section and not final:
                    continue  # a loser dropping into the losers' bracket: the box says so
                feeder = fed_by.rect
                start = QPointF(feeder.right(), feeder.center().y())
                elbow = rect.left() - COLUMN_GAP / 2
                path = QPainterPath(start)
                path.lineTo(elbow, start.y())
                path.lineTo(elbow, y)
                path.lineTo(rect.left(), y)
                painter.drawPath(path)

    def _paint_box(self, painter: QPainter, placed: PlacedBox, *, focused: bool) -> None:
        slot, rect = placed.slot, placed.rect
        needed = slot.needed
        half = rect.height() / 2
        normal = QFont(self.font())
        for row, side in enumerate(("A", "B")):
            part = QRectF(rect.left(), rect.top() + row * half, rect.width(), half)
            won = slot.winner == side
            fill = _NOT_NEEDED if not needed else _WON if won else QColor("white")
            painter.fillRect(part, fill)
            text, games, known = side_text(slot, side)
            font = QFont(normal)
            font.setBold(won)
            painter.setFont(font)
            painter.setPen(_MUTED if not known or not needed else QColor("black"))
            name_rect = part.adjusted(6, 0, -SCORE_W - 4, 0)
            shown = painter.fontMetrics().elidedText(
                text + (" ✔" if won else ""), Qt.TextElideMode.ElideRight, int(name_rect.width())
            )
            painter.drawText(name_rect, Qt.AlignmentFlag.AlignVCenter, shown)
            painter.setPen(QColor("black"))
            painter.drawText(
                QRectF(part.right() - SCORE_W, part.top(), SCORE_W, half),
                Qt.AlignmentFlag.AlignCenter,
                games,
            )
        painter.setPen(
            QPen(QColor("#1f5fbf") if focused else QColor("black"), 2.4 if focused else 1.0)
        )
        painter.drawRect(rect)
        painter.setPen(QPen(QColor("#bbbbbb"), 1.0))
        painter.drawLine(
            QPointF(rect.left(), rect.top() + half), QPointF(rect.right(), rect.top() + half)
        )
        painter.drawLine(
            QPointF(rect.right() - SCORE_W, rect.top()),
            QPointF(rect.right() - SCORE_W, rect.bottom()),
        )
        small = QFont(normal)
        small.setPointSizeF(max(6.0, normal.pointSizeF() * 0.8))
        painter.setFont(small)
        painter.setPen(_MUTED)
        painter.drawText(
            QRectF(rect.left(), rect.bottom() + 1, rect.width(), 14),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
            translate("BracketCanvas", "{0} · table {1}").format(slot.slot, slot.table)
            if slot.table
            else slot.slot,
        )

    # --- choosing a match ------------------------------------------------------------------

    def box_at(self, point: QPointF) -> int:
        for number, placed in enumerate(self.boxes):
            if placed.rect.contains(point):
                return number
        return -1

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self._open(self.box_at(event.position()))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        number = self.box_at(event.position())
        if number >= 0:
            self.current = number
            self.update()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        number = self.box_at(event.position())
        if number >= 0:
            slot = self.boxes[number].slot
            hint = (
                translate("BracketCanvas", "{0} · double-click to open the score sheet")
                if slot.match_id
                else translate("BracketCanvas", "{0} · not paired yet")
            )
            QToolTip.showText(event.globalPosition().toPoint(), hint.format(slot_label(slot)), self)
        else:
            QToolTip.hideText()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._open(self.current)
        elif key in (Qt.Key.Key_Down, Qt.Key.Key_Right) and self.boxes:
            self.current = min(self.current + 1, len(self.boxes) - 1)
            self.update()
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Left) and self.boxes:
            self.current = max(self.current - 1, 0)
            self.update()
        else:
            super().keyPressEvent(event)

    def _open(self, number: int) -> None:
        if 0 <= number < len(self.boxes):
            match_id = self.boxes[number].slot.match_id
            if match_id is not None:
                self.match_chosen.emit(match_id)


__all__ = ["BracketCanvas", "PlacedBox", "layout", "side_text"]
