"""The player page's two plots in the app, drawn with QtCharts: the rating after each rated
match with its uncertainty as a band, and the matches won and lost at each event. The
printout draws the same two from the same points (:mod:`gin_scorer.reports.club_charts`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import (
    QAreaSeries,
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.club_words import EventBar
from gin_scorer.tournament.ratings import RatingPoint

WON, LOST = QColor("#2e7d32"), QColor("#c62828")
LINE, BAND = QColor("#1f4e8c"), QColor(31, 78, 140, 50)


def _view(chart: QChart, name: str) -> QChartView:
    chart.legend().setVisible(False)
    chart.setMargins(chart.margins() / 2)
    chart.setBackgroundRoundness(0)
    view = QChartView(chart)
    view.setObjectName(name)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumHeight(180)
    return view


def rating_chart(points: Sequence[RatingPoint]) -> QChartView:
    """The rating from 1500 ± 500 through each rated match."""
    chart = QChart()
    chart.setTitle(translate("PlayerCharts", "Rating after each rated match (band: ± uncertainty)"))
    middle, upper, lower = QLineSeries(), QLineSeries(), QLineSeries()
    for index, (rating, spread) in enumerate(
        [(1500.0, 500.0), *((p.rating, p.uncertainty) for p in points)]
    ):
        middle.append(QPointF(index, rating))
        upper.append(QPointF(index, rating + spread))
        lower.append(QPointF(index, rating - spread))
    band = QAreaSeries(upper, lower)
    # An area series does not own its two edges (Qt's rule): the chart must, or Python frees
    # them while the band still draws from them.
    upper.setParent(chart)
    lower.setParent(chart)
    band.setBrush(BAND)
    band.setPen(QPen(Qt.PenStyle.NoPen))
    middle.setPen(QPen(LINE, 2))
    chart.addSeries(band)
    chart.addSeries(middle)
    x_axis, y_axis = QValueAxis(), QValueAxis()
    x_axis.setRange(0, max(1, len(points)))
    x_axis.setLabelFormat("%d")
    x_axis.setTitleText(translate("PlayerCharts", "rated matches"))
    x_axis.setTickCount(min(len(points), 10) + 1 if points else 2)
    y_axis.setLabelFormat("%d")
    highs = [p.rating + p.uncertainty for p in points] + [2000.0]
    lows = [p.rating - p.uncertainty for p in points] + [1000.0]
    y_axis.setRange(min(lows) // 100 * 100, (max(highs) // 100 + 1) * 100)
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    for series in (band, middle):
        series.attachAxis(x_axis)
        series.attachAxis(y_axis)
    return _view(chart, "ratingChart")


def results_chart(bars: Sequence[EventBar]) -> QChartView:
    """Matches won (green) and lost (red) at each event, in the order played."""
    chart = QChart()
    chart.setTitle(translate("PlayerCharts", "Matches won (green) and lost (red) at each event"))
    won, lost = (
        QBarSet(translate("PlayerCharts", "won")),
        QBarSet(translate("PlayerCharts", "lost")),
    )
    won.setColor(WON)
    lost.setColor(LOST)
    for bar in bars:
        won.append(bar.won)
        lost.append(bar.lost)
    series = QBarSeries()
    series.append(won)
    series.append(lost)
    chart.addSeries(series)
    categories = QBarCategoryAxis()
    categories.append([bar.label for bar in bars])
    counts = QValueAxis()
    counts.setLabelFormat("%d")
    top = max([1, *(max(b.won, b.lost) for b in bars)])
    counts.setRange(0, top)
    counts.setTickCount(top + 1 if top <= 8 else 5)
    chart.addAxis(categories, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(counts, Qt.AlignmentFlag.AlignLeft)
    series.attachAxis(categories)
    series.attachAxis(counts)
    return _view(chart, "resultsChart")
