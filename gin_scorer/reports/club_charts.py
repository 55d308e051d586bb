"""The player page's two plots, drawn with reportlab's own charts: the rating after each rated
match (with its uncertainty as a band), and the matches won and lost at each event.

The app draws the same two with QtCharts (:mod:`gin_scorer.gui.player_charts`); both take
their points from :mod:`gin_scorer.presentation.club_words`, so the two pictures agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors

from gin_scorer.presentation.club_words import EventBar
from gin_scorer.presentation.words import translate
from gin_scorer.reports.fonts import REGULAR
from gin_scorer.tournament.ratings import RatingPoint

WON = colors.HexColor("#2e7d32")
LOST = colors.HexColor("#c62828")
LINE = colors.HexColor("#1f4e8c")
BAND = colors.HexColor("#9fb6d6")


def _captioned(
    caption: str,
    chart: LinePlot | VerticalBarChart,
    size: tuple[float, float],
    margins: tuple[int, int, int, int],
) -> Drawing:
    """A drawing of ``size`` (width, height) with ``caption`` at its top and ``chart`` in it,
    ``margins`` (left, bottom, right, top) from its edges; the chart is drawn in it as the
    caller sets it up afterwards."""
    width, height = size
    left, bottom, right, top = margins
    drawing = Drawing(width, height)
    drawing.add(String(0, height - 9, caption, fontName=REGULAR, fontSize=8.5))
    chart.x, chart.y = left, bottom
    chart.width, chart.height = width - (left + right), height - (bottom + top)
    drawing.add(chart)
    return drawing


def rating_chart(points: Sequence[RatingPoint], width: float, height: float) -> Drawing:
    """The rating after each rated match, the band one uncertainty either side."""
    caption = translate("club_reports", "Rating after each rated match (band: ± one uncertainty)")
    plot = LinePlot()
    drawing = _captioned(caption, plot, (width, height), (36, 22, 12, 18))
    xs = range(len(points) + 1)
    middle = [(0, 1500.0), *((i + 1, p.rating) for i, p in enumerate(points))]
    upper = [(0, 2000.0), *((i + 1, p.rating + p.uncertainty) for i, p in enumerate(points))]
    lower = [(0, 1000.0), *((i + 1, p.rating - p.uncertainty) for i, p in enumerate(points))]
    plot.data = [upper, lower, middle]
    for index, (colour, stroke) in enumerate(((BAND, 0.8), (BAND, 0.8), (LINE, 1.6))):
        plot.lines[index].strokeColor = colour
        plot.lines[index].strokeWidth = stroke
    plot.lines[0].strokeDashArray = plot.lines[1].strokeDashArray = (2, 2)
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = REGULAR
        axis.labels.fontSize = 7
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, max(xs)
    plot.xValueAxis.valueStep = max(1, len(points) // 10)
    plot.xValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.labelTextFormat = "%d"
    drawing.add(
        String(
            width - 12,
            2,
            translate("club_reports", "rated matches"),
            fontName=REGULAR,
            fontSize=7,
            textAnchor="end",
        )
    )
    return drawing


def events_chart(bars: Sequence[EventBar], width: float, height: float) -> Drawing:
    """Matches won (green) and lost (red) at each event, in the order played."""
    caption = translate("club_reports", "Matches won (green) and lost (red) at each event")
    chart = VerticalBarChart()
    drawing = _captioned(caption, chart, (width, height), (30, 24, 10, 18))
    chart.data = [[b.won for b in bars], [b.lost for b in bars]]
    chart.categoryAxis.categoryNames = [b.label for b in bars]
    chart.categoryAxis.labels.fontName = REGULAR
    chart.categoryAxis.labels.fontSize = 6.5 if len(bars) > 12 else 7
    chart.categoryAxis.labels.angle = 45 if len(bars) > 12 else 0
    chart.categoryAxis.labels.boxAnchor = "ne" if len(bars) > 12 else "n"
    chart.valueAxis.labels.fontName = REGULAR
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueStep = 1
    chart.valueAxis.labelTextFormat = "%d"
    chart.bars[0].fillColor = WON
    chart.bars[1].fillColor = LOST
    chart.barSpacing = 1
    chart.groupSpacing = 4
    return drawing
