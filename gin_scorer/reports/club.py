"""The club's documents: a season's table, and a player's page across every event.

The figures come from the services (season standing, player record); the words and columns
from :mod:`gin_scorer.presentation.club_words`, the same the terminal prints.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from gin_scorer.presentation import club_words as words
from gin_scorer.presentation.columns import headings
from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.words import translate
from gin_scorer.reports import template
from gin_scorer.reports.club_charts import events_chart, rating_chart
from gin_scorer.reports.fonts import BOLD, markup
from gin_scorer.services.queries.player_record import PlayerRecord
from gin_scorer.services.queries.seasons import SeasonStanding

_GRID = colors.HexColor("#999999")
_HEAD = colors.HexColor("#e8e8e8")
_BELOW_LINE = colors.HexColor("#777777")


def _table(
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    widths: Sequence[float],
    numeric: Sequence[int] = (),
) -> Table:
    table = template.grid_table(
        [list(columns), *rows], colWidths=list(widths), repeatRows=1, hAlign="LEFT"
    )
    style = [
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("FONTSIZE", (0, 1), (-1, -1), 8),
        ("BACKGROUND", (0, 0), (-1, 0), _HEAD),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, _GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    style += [("ALIGN", (i, 0), (i, -1), "RIGHT") for i in numeric]
    table.setStyle(TableStyle(style))
    return table


def season_story(standing: SeasonStanding, paper: Paper | str, wide: bool) -> list[Flowable]:
    st = template.styles()
    width, _ = template.frame_size(paper, wide=wide)
    columns = words.season_columns(standing)
    nights = len(standing.nights)
    night_width = min(11 * mm, (width * 0.55) / max(nights, 1))
    name_width = width - 12 * mm - nights * night_width - 4 * 12 * mm
    widths = [12 * mm, name_width, *([night_width] * nights), *([12 * mm] * 4)]
    rows = [words.season_cells(standing, r) for r in standing.rows]
    numeric = [0, *range(2, len(columns))]
    story: list[Flowable] = [Paragraph(markup(words.season_scoring_line(standing)), st["body"])]
    if not rows:
        return [
            *story,
            Paragraph(
                translate("club_reports", "No results yet in the season's events."), st["body"]
            ),
        ]
    table = _table(columns, rows, widths, numeric)
    table.setStyle(TableStyle([("FONT", (-1, 1), (-1, -1), BOLD, 8)]))
    below = [i + 1 for i, r in enumerate(standing.rows) if not r.qualified]
    if below:
        table.setStyle(
            TableStyle(
                [
                    ("LINEABOVE", (0, below[0]), (-1, below[0]), 1.2, colors.black),
                    ("TEXTCOLOR", (0, below[0]), (-1, -1), _BELOW_LINE),
                ]
            )
        )
    story += [Spacer(1, 2 * mm), table, Spacer(1, 2 * mm)]
    story += [Paragraph(markup(note), st["small"]) for note in words.season_notes(standing)]
    return story


def render_season(
    out_path: str, header: template.PageHeader, standing: SeasonStanding, paper: Paper | str
) -> str:
    wide = len(standing.nights) > 10
    story = season_story(standing, paper, wide)
    return str(template.build_pdf(out_path, header, story, paper=paper, wide=wide))


def _statistics(record: PlayerRecord, width: float) -> Table:
    lines = words.statistics_lines(record)
    half = (len(lines) + 1) // 2
    left, right = lines[:half], lines[half:]
    rows = [[*left[i], *(right[i] if i < len(right) else ("", ""))] for i in range(len(left))]
    table = template.grid_table(rows, colWidths=[width * 0.3, width * 0.2] * 2)
    table.setStyle(
        TableStyle(
            [
                ("FONTSIZE", (0, 0), (-1, -1), 8.5),
                ("FONT", (1, 0), (1, -1), BOLD, 8.5),
                ("FONT", (3, 0), (3, -1), BOLD, 8.5),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return table


def _heading(text: str) -> Paragraph:
    """A section heading that never ends a page: it keeps with the table below it."""
    style = ParagraphStyle("h2_keep", parent=template.styles()["h2"], keepWithNext=1)
    return Paragraph(markup(text), style)


def player_story(record: PlayerRecord, paper: Paper | str) -> list[Flowable]:
    st = template.styles()
    width, _ = template.frame_size(paper)
    story: list[Flowable] = [
        Paragraph(markup(words.player_heading(record)), st["h1"]),
        Paragraph(markup(words.rating_line(record)), st["body"]),
        Spacer(1, 3 * mm),
        _statistics(record, width),
    ]
    if record.history or record.events:
        charts: list[Flowable] = []
        if record.history:
            charts.append(rating_chart(record.history, width, 55 * mm))
        if record.events:
            charts.append(events_chart(words.event_bars(record), width, 45 * mm))
        story += [Spacer(1, 3 * mm), KeepTogether(charts)]
    if record.events:
        rows = words.event_cells(record)
        widths = [22 * mm, width - 22 * mm - 3 * 16 * mm - 20 * mm, 16 * mm, 16 * mm, 20 * mm]
        story += [
            _heading(translate("club_reports", "Events")),
            _table(headings(words.EVENT_COLUMNS), rows, widths, (2, 3, 4)),
        ]
    if record.head_to_head:
        rows = words.head_to_head_cells(record)
        widths = [width * 0.5, 16 * mm, 16 * mm]
        story += [
            _heading(translate("club_reports", "Head to head")),
            _table(headings(words.HEAD_TO_HEAD_COLUMNS), rows, widths, (1, 2)),
        ]
    if record.matches:
        rows = words.match_cells(record)
        rest = width - 22 * mm - 14 * mm - 30 * mm - 16 * mm
        widths = [22 * mm, rest * 0.45, 14 * mm, rest * 0.55, 30 * mm, 16 * mm]
        story += [
            _heading(translate("club_reports", "Matches")),
            _table(headings(words.MATCH_COLUMNS), rows, widths, (2, 5)),
        ]
    return story


def render_player_page(
    out_path: str, header: template.PageHeader, record: PlayerRecord, paper: Paper | str
) -> str:
    return str(template.build_pdf(out_path, header, player_story(record, paper), paper=paper))
