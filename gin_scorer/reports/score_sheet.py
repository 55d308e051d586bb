"""The match score sheet: a block per game, running totals, boxes, game bonus, shutout, and
signature lines for both players and the director.

Blank, it is a pad to leave on the tables, shaped by the event's format (GRA: best of five
games to 250, five blocks across a landscape page). Filled, it is the same sheet with every
recorded hand written in, from totals the core's ledgers computed — the sheet never adds
anything up itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Spacer, Table, TableStyle

from gin_scorer.presentation.hand_words import outcome_mark
from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.sheet_fill import (
    GameFill,
    MatchHeading,
    SheetFill,
    SheetLine,
    SheetShape,
)
from gin_scorer.presentation.words import translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup

THIN_ROW = 3.4 * mm  # the thinnest row for the usual 7-point figures
THINNEST_ROW = 2.8 * mm  # the thinnest at all, with 6-point figures: still read at arm's length


def _shutout_cell(fill: GameFill, side: str, bonus: int) -> str:
    """✓ for the side that won the game by a shutout, with what the shutout added."""
    if not (fill.shutout and fill.winner == side):
        return ""
    return f"✓ +{bonus}" if bonus else "✓"


def _cell(value: int | None) -> str:
    return "" if value is None else str(value)


def _hand_cells(line: SheetLine) -> list[object]:
    """A recorded hand's row: the mark (G, BG, U ...) goes after the scorer's points."""
    mark = outcome_mark(line.how)
    a = _cell(line.a_points)
    b = _cell(line.b_points)
    if mark and line.a_points:
        a = f"{a} {mark}"
    elif mark and line.b_points:
        b = f"{b} {mark}"
    elif mark:
        a = mark
    label = line.label or str(line.hand)
    number = f"{label}†" if line.corrected else label
    return [number, a, str(line.a_total), b, str(line.b_total)]


def _body(shape: SheetShape, fill: GameFill | None, rows_wanted: int) -> list[list[object]]:
    """The hand rows: filled ones first, then empty ones to write in."""
    body: list[list[object]] = []
    for i in range(rows_wanted):
        if fill and i < len(fill.lines):
            body.append(_hand_cells(fill.lines[i]))
        elif shape.seat_tables:  # a team match's rows are seats (1a, 1b, 2a ...): keep them
            body.append([shape.row_label(i), "", "", "", ""])
        else:
            # Hands are numbered through the match, so a filled game's empty rows stay blank.
            body.append(["" if fill and fill.lines else shape.row_label(i), "", "", "", ""])
    return body


def _close(shape: SheetShape, fill: GameFill | None) -> list[list[object]]:
    """The game's close: boxes, bonus, shutout, total and winner (tick boxes when blank)."""
    st = template.styles()

    def close(label: str, a: str, b: str) -> list[object]:
        return [Paragraph(markup(label), st["label"]), "", a, b, ""]

    box = shape.boxes_label
    if not fill:
        return [
            close(box, "", ""),
            close(shape.bonus_label, "", ""),
            close(translate("score_sheet", "Shutout"), "☐", "☐"),
            close(shape.total_label, "", ""),
            close(translate("score_sheet", "Won by"), "☐ A", "☐ B"),
        ]
    boxes_a = f"{fill.a_boxes}={fill.a_box_points}" if fill.a_boxes else ""
    boxes_b = f"{fill.b_boxes}={fill.b_box_points}" if fill.b_boxes else ""
    return [
        close(box, boxes_a, boxes_b),
        close(
            shape.bonus_label,
            _cell(fill.a_game_bonus or None),
            _cell(fill.b_game_bonus or None),
        ),
        close(
            translate("score_sheet", "Shutout"),
            _shutout_cell(fill, "A", fill.a_shutout_bonus),
            _shutout_cell(fill, "B", fill.b_shutout_bonus),
        ),
        close(shape.total_label, _cell(fill.a_final), _cell(fill.b_final)),
        close(
            translate("score_sheet", "Won by"),
            "✔ A" if fill.winner == "A" else "",
            "✔ B" if fill.winner == "B" else "",
        ),
    ]


def _block_style(first_summary: int, rows: int, font: float) -> TableStyle:
    """The block's grid: headings shaded, running totals shaded lightly, the close ruled off."""
    commands: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, font),
        ("FONT", (0, 0), (-1, 0), BOLD, 10),
        ("FONT", (0, 1), (-1, 1), BOLD, 7),
        ("FONT", (0, 2), (0, first_summary - 1), REGULAR, 6.5),
        ("TEXTCOLOR", (0, 2), (0, first_summary - 1), colors.HexColor("#777777")),
        ("SPAN", (0, 0), (-1, 0)),
        ("BACKGROUND", (0, 0), (-1, 1), template.LIGHT),
        ("ALIGN", (0, 0), (-1, 1), "CENTER"),
        ("ALIGN", (1, 2), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, template.GRID),
        ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
        ("LINEABOVE", (0, first_summary), (-1, first_summary), 1.2, colors.black),
        # Running totals are what a player checks first: shade them lightly.
        ("BACKGROUND", (2, 2), (2, first_summary - 1), colors.HexColor("#f4f4f4")),
        ("BACKGROUND", (4, 2), (4, first_summary - 1), colors.HexColor("#f4f4f4")),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    for r in range(first_summary, rows):
        commands += [
            ("SPAN", (0, r), (1, r)),
            ("SPAN", (3, r), (4, r)),
            ("ALIGN", (2, r), (-1, r), "CENTER"),
        ]
    # The game's total in bold, a size above the figures (9 points where the rows allow it).
    commands.append(("FONT", (0, rows - 2), (-1, rows - 2), BOLD, min(9, font + 1.5)))
    return TableStyle(commands)


def _game_block(
    shape: SheetShape,
    width: float,
    number: int,
    fill: GameFill | None,
    rows_wanted: int,
    row_h: float,
) -> Table:
    narrow = 6 * mm
    col = (width - narrow) / 4
    head: list[list[object]] = [
        [translate("score_sheet", "{0} {1}").format(shape.block_word, number), "", "", "", ""],
        ["#", "A", translate("score_sheet", "A total"), "B", translate("score_sheet", "B total")],
    ]
    body = _body(shape, fill, rows_wanted)
    data = head + body + _close(shape, fill)
    table = template.grid_table(
        data,
        colWidths=[narrow, col, col, col, col],
        rowHeights=[6 * mm, 4.5 * mm] + [row_h] * (len(data) - 2),
    )
    first_summary = len(head) + len(body)
    font = _type_size(row_h)
    table.setStyle(_block_style(first_summary, len(data), font))
    table.setStyle(TableStyle(_fitted_close(data, first_summary, col, font)))
    return table


def _fitted_close(
    data: list[list[object]], first_summary: int, col: float, font: float
) -> list[tuple[object, ...]]:
    """A smaller type for a close figure wider than its cell: A's figures have one column,
    B's two, and "14=350" boxes or "✓ +252" a shutout ran over the ruling on Letter paper."""
    commands: list[tuple[object, ...]] = []
    for r in range(first_summary, len(data)):
        bold = r == len(data) - 2  # the game's total (see _block_style)
        name, size = (BOLD, min(9, font + 1.5)) if bold else (REGULAR, font)
        for c, room in ((2, col), (3, 2 * col)):
            text = data[r][c]
            if not isinstance(text, str) or not text:
                continue
            fitted = size
            while fitted > 5 and stringWidth(text, name, fitted) > room - 5:  # padding 2 + 3
                fitted -= 0.5
            if fitted < size:
                commands.append(("FONT", (c, r), (c, r), name, fitted))
    return commands


def _type_size(row_h: float) -> float:
    """The figures' size for a row height: as large as the row lets them be read (a long
    game's thin rows take a smaller type rather than a second page)."""
    if row_h >= 4.6 * mm:
        return 8.5
    if row_h >= THIN_ROW:
        return 7
    return 6


def _rule_line(shape: SheetShape) -> str:
    marks = translate("score_sheet", "marks: G gin · BG big gin · U undercut")
    if shape.rule_text:
        return f"{shape.rule_text} · {marks}"
    parts = [shape.format_line]
    if shape.game_bonus:
        parts.append(translate("score_sheet", "game bonus {0}").format(shape.game_bonus))
    if shape.box_value:
        parts.append(translate("score_sheet", "box {0} per hand won").format(shape.box_value))
    parts.append(shape.shutout_line)
    parts.append(marks)
    return " · ".join(parts)


def _signatures(width: float, fill: SheetFill | None, won_label: str) -> Table:
    """The games each won and the result, then the signatures, under the game blocks."""
    games_won = f"{fill.games_won_a} – {fill.games_won_b}" if fill else ""
    winner = translate("score_sheet", "Match winner / margin")
    col = width / 3
    results = template.boxed_row(
        [
            template.labelled_field(won_label, games_won),
            template.labelled_field(winner, fill.result_line if fill else ""),
        ],
        [col, 2 * col],
        11 * mm,
    )
    signatures = template.signature_boxes(
        (
            translate("score_sheet", "Signature, player A"),
            translate("score_sheet", "Signature, player B"),
            translate("score_sheet", "Signature, director"),
        ),
        width,
    )
    return template.grid_table(
        [[results], [signatures]],
        colWidths=[width],
        style=[
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ],
    )


def sheet_story(
    shape: SheetShape, heading: MatchHeading, fill: SheetFill | None, *, paper: Paper | str
) -> list[Flowable]:
    """The flowables of one match's sheet (one landscape page for up to five games)."""
    st = template.styles()
    width, height = template.frame_size(paper, wide=True)
    games = max(shape.games, len(fill.games) if fill else 0)
    longest = max((len(g.lines) for g in fill.games), default=0) if fill else 0
    rows_wanted = max(shape.rows_per_game, longest)
    # Everything but the game blocks takes about 50 mm; a long game gets thinner rows so the
    # match still fits one page (down to THINNEST_ROW, in a smaller type: about 30 hands in a
    # game on A4; beyond that it flows on to a second page).
    bands = -(-games // 5)
    per_band = (height - 50 * mm) / bands - 10.5 * mm - 2 * mm
    row_h = max(THINNEST_ROW, min(5.4 * mm, per_band / (rows_wanted + 5)))
    gap = 2 * mm
    per_row = min(games, 5)
    block_w = min((width - gap * (per_row - 1)) / per_row, 80 * mm)
    story: list[Flowable] = [
        template.match_heading_table(heading, width),
        Spacer(1, 1.5 * mm),
        Paragraph(markup(_rule_line(shape)), st["small"]),
        Spacer(1, 1.5 * mm),
    ]
    fills = {g.number: g for g in fill.games} if fill else {}
    for start in range(0, games, per_row):
        numbers = range(start + 1, min(start + per_row, games) + 1)
        blocks = [_game_block(shape, block_w, n, fills.get(n), rows_wanted, row_h) for n in numbers]
        row: list[object] = []
        widths: list[float] = []
        for i, block in enumerate(blocks):
            if i:
                row.append("")
                widths.append(gap)
            row.append(block)
            widths.append(block_w)
        band = template.grid_table([row], colWidths=widths, hAlign="CENTER")
        band.setStyle(
            TableStyle(
                [
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        story += [band, Spacer(1, 2 * mm)]
    story += _sheet_foot(shape, fill, width)
    # A match is one page, signatures included: what the thin rows could not fit is drawn a
    # little smaller as a whole, never split over a second page (a sheet whose games moved
    # to page 2 left page 1 blank but for the heading, and its signatures on a page 3).
    # Frame padding is zero, so the story has the frame's whole height.
    return [KeepInFrame(width, height - 1, story, mode="shrink")]


def _sheet_foot(shape: SheetShape, fill: SheetFill | None, width: float) -> list[Flowable]:
    """Under the games: who deals next, what changed after entry, the signatures."""
    st = template.styles()
    foot: list[Flowable] = []
    if fill and fill.dealer_line:
        foot.append(Paragraph(markup(fill.dealer_line), st["small"]))
    if fill and fill.history:  # what changed after entry stays on the record, on paper too
        foot.append(
            Paragraph(
                markup(
                    translate("score_sheet", "Changed after entry: {0}").format(
                        " · ".join(fill.history)
                    )
                ),
                st["small"],
            )
        )
    foot.append(_signatures(width, fill, shape.won_label))
    return foot


def render_score_sheets(
    out_path: Path | str,
    header: template.PageHeader,
    sheets: Sequence[tuple[MatchHeading, SheetFill | None]],
    shape: SheetShape,
    *,
    paper: Paper | str = Paper.A4,
) -> Path:
    """Write one sheet per (heading, fill) pair; ``fill`` None prints a blank sheet."""
    stories = (sheet_story(shape, heading, fill, paper=paper) for heading, fill in sheets)
    return template.build_pdf(
        out_path, header, template.one_per_page(stories), paper=paper, wide=True
    )
