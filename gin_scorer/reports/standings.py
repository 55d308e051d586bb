"""Standings after any round: place (shared places as "3=", ), entrant, club, match and game
record, point differential and the event's other tie-break columns.

The top finishers are emphasised; a long field flows over as many pages as it needs with the
column headings repeated on each. Every figure comes from the tournament engine's standings;
this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, TableStyle

from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.standings_table import StandingLine
from gin_scorer.presentation.words import translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup

TOP_EMPHASISED = 3


def _cells(line: StandingLine, st: dict[str, ParagraphStyle]) -> list[object]:
    """One entrant's row of cells: the top places in bold."""
    name_style = st["cell_bold" if line.place <= TOP_EMPHASISED else "cell"]
    return [
        line.place_label,
        Paragraph(markup(line.name), name_style),
        Paragraph(markup(line.club), st["cell"]),
        str(line.counts.played),
        f"{line.counts.match_wins}–{line.counts.match_losses}",
        f"{line.counts.game_wins}–{line.counts.game_losses}",
        line.points_text,
        *line.tie_breaks,
        Paragraph(markup(line.note), st["small"]),
    ]


def _widths(lines: Sequence[StandingLine], tie_breaks: int, width: float) -> list[float]:
    """Fixed widths for the figures; the name and the club share what is left, 60:40."""
    number = 13 * mm
    fixed = [number, 0.0, 0.0, number, 16 * mm, 16 * mm, 16 * mm]
    longest_note = max((len(line.note) for line in lines), default=0)
    fixed += [16 * mm] * tie_breaks + [22 * mm if longest_note <= 14 else 48 * mm]
    flexible = width - sum(fixed)
    fixed[1] = flexible * 0.6
    fixed[2] = flexible * 0.4
    return fixed


def _style(lines: Sequence[StandingLine]) -> TableStyle:
    """Headings on grey, the top places emphasised and ruled off, the rest striped."""
    commands: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 8.5),
        ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
        ("BACKGROUND", (0, 0), (-1, 0), template.LIGHT),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (3, 0), (-2, -1), "RIGHT"),
        ("ALIGN", (3, 0), (-2, 0), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, template.GRID),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    for row, line in enumerate(lines, start=1):
        if line.place <= TOP_EMPHASISED:
            commands += [
                ("BACKGROUND", (0, row), (-1, row), template.EMPHASIS),
                ("FONT", (0, row), (0, row), BOLD, 10),
            ]
        elif row % 2 == 0:
            commands.append(("BACKGROUND", (0, row), (-1, row), colors.HexColor("#f6f6f6")))
    last_top = max(
        (row for row, line in enumerate(lines, start=1) if line.place <= TOP_EMPHASISED), default=0
    )
    if last_top:
        commands.append(("LINEBELOW", (0, last_top), (-1, last_top), 1, colors.black))
    return TableStyle(commands)


def standings_story(
    lines: Sequence[StandingLine],
    tie_break_names: Sequence[str],
    *,
    paper: Paper | str,
    wide: bool,
    note: str = "",
) -> list[Flowable]:
    st = template.styles()
    width, _ = template.frame_size(paper, wide=wide)
    head: list[object] = [
        translate("reports", "Place"),
        translate("reports", "Entrant"),
        translate("reports", "Club"),
        translate("reports", "Played"),
        translate("reports", "Matches\nW–L"),
        translate("reports", "Games\nW–L"),
        translate("reports", "Points\n±"),
        *tie_break_names,
        translate("reports", "Note"),
    ]
    data: list[list[object]] = [head, *(_cells(line, st) for line in lines)]
    widths = _widths(lines, len(tie_break_names), width)
    table = template.grid_table(data, colWidths=widths, repeatRows=1)
    table.setStyle(_style(lines))
    story: list[Flowable] = []
    if note:
        story += [Paragraph(markup(note), st["small"]), Spacer(1, 2 * mm)]
    story.append(table)
    story += [
        Spacer(1, 2 * mm),
        Paragraph(
            markup(
                translate(
                    "reports",
                    "Places shared after every tie-break are marked “=”. Points ± is the "
                    "point differential: final game scores for minus against.",
                )
            ),
            st["small"],
        ),
    ]
    return story


def render_standings(
    out_path: Path | str,
    header: template.PageHeader,
    lines: Sequence[StandingLine],
    tie_break_names: Sequence[str] = (),
    *,
    paper: Paper | str = Paper.A4,
    note: str = "",
) -> Path:
    """Write the standings; landscape when the event has many tie-break columns."""
    wide = len(tie_break_names) > 3
    story = standings_story(lines, tie_break_names, paper=paper, wide=wide, note=note)
    return template.build_pdf(out_path, header, story, paper=paper, wide=wide)
