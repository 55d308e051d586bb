"""The score sheet of a table of three (decision 0014), one landscape page a table: the three
players (the first deals first), the format's line, a row per hand — its number, who dealt
and sat out, who played (A v B), the result, a running total for each player — and the
game's close: each player's boxes, the game bonus, the final totals and the winner; then the
signatures of the three and the director.

Blank, it is the pad a table of three keeps by hand (a dealer column and three totals to
write in); filled, every value comes from :mod:`.three_fill`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Spacer, Table, TableStyle

from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.sheet_fill import MatchHeading, SheetShape
from gin_scorer.presentation.words import translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup
from gin_scorer.reports.three_fill import ThreeFill, ThreeRow

THINNEST_ROW = 2.8 * mm  # as on a two-player sheet: 6-point figures, still read at arm's length
SMALLEST = 6.0  # the smallest type a cell is set in: a longer name is cut short (see _clip)
HEAD_ROWS = 2  # the game's title, the column headings
SHADE = colors.HexColor("#f4f4f4")  # the running totals, as on a two-player sheet


def heading_names(heading: MatchHeading) -> tuple[str, str, str]:
    """The three players in seat order as the heading knows them (blank on a pad)."""
    return heading.player_a, heading.player_b, heading.player_c


def _field(label: str, value: str, room: float) -> Paragraph:
    """A box's label and value (as :func:`template.labelled_field`), the value set smaller
    when it is wider than the box, down to 8 points; beyond that it wraps (see _fits)."""
    size = 12.0
    while size > 8 and not _fits(value, size, room):
        size -= 0.5
    return Paragraph(
        f'<font size="7" color="#444444">{markup(label)}</font><br/>'
        f'<font name="{BOLD}" size="{size}">{markup(value) or "&nbsp;"}</font>',
        template.styles()["body"],
    )


def _fits(value: str, size: float, room: float) -> bool:
    return bool(stringWidth(value, BOLD, size) <= room - 8)  # the padding, 4 a side


def _boxes(values: Sequence[str], cells: list[object], widths: list[float]) -> Table:
    """A row of boxes as tall as the usual 12 mm, or taller when a value must wrap."""
    tall = any(not _fits(v, 8, w) for v, w in zip(values, widths, strict=False))
    return template.boxed_row(cells, widths, None if tall else 12 * mm)


def _heading_table(heading: MatchHeading, width: float) -> Table:
    """Who sits at the table, where: the three players (the first deals the first hand),
    the table and the round, each in a box."""
    small = 20 * mm
    room = (width - 2 * small) / 3
    labels = (
        translate("reports", "Player 1 · deals first"),
        translate("reports", "Player 2"),
        translate("reports", "Player 3"),
    )
    clubs = (heading.club_a, heading.club_b, heading.club_c)
    values = [
        name + (f" ({club})" if club and name else "")
        for name, club in zip(heading_names(heading), clubs, strict=True)
    ]
    cells: list[object] = [
        _field(label, value, room) for label, value in zip(labels, values, strict=True)
    ]
    cells += [
        template.labelled_field(translate("reports", "Table"), heading.table),
        template.labelled_field(translate("reports", "Round"), heading.round),
    ]
    return _boxes(values, cells, [room, room, room, small, small])


def _widths(width: float) -> list[float]:
    """#, who dealt, who played, the result, and the three totals share what is left."""
    fixed = [8 * mm, 40 * mm, 66 * mm, 36 * mm]
    total = (width - sum(fixed)) / 3
    return [*fixed, total, total, total]


def _clip(text: str, room: float) -> str:
    """``text`` as it fits ``room`` in the smallest type, cut short with … when it cannot
    (the heading names everyone in full)."""
    if stringWidth(text, REGULAR, SMALLEST) <= room:
        return text
    while text and stringWidth(text + "…", REGULAR, SMALLEST) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _hand_cells(row: ThreeRow, widths: Sequence[float]) -> list[object]:
    """A recorded hand's row: each name cut to fit its column, the points kept whole."""
    room = [w - 5 for w in widths]  # padding 2 + 3
    versus = stringWidth(" v ", REGULAR, SMALLEST)
    a, b = row.a, row.b
    if stringWidth(row.played, REGULAR, SMALLEST) > room[2]:
        a, b = _clip(a, (room[2] - versus) / 2), _clip(b, (room[2] - versus) / 2)
    result = row.outcome
    if row.score:
        name = _clip(row.scorer_name, room[3] - stringWidth(f" {row.score}", REGULAR, SMALLEST))
        result = f"{name} {row.score}"
    return [
        f"{row.hand}†" if row.corrected else str(row.hand),
        _clip(row.dealer, room[1]),
        translate("reports", "{0} v {1}").format(a, b),
        result,
        *map(str, row.totals),
    ]


def _rows(
    fill: ThreeFill | None, names: tuple[str, str, str], wanted: int, widths: Sequence[float]
) -> list[list[object]]:
    """The hand rows: those recorded, then empty ones to write in (on a blank sheet of a
    known table, the first hand's dealer and players: player 1 deals to 2 and 3)."""
    rows = [_hand_cells(row, widths) for row in (fill.rows if fill else ())]
    if not rows and all(names):
        first = ThreeRow(1, names[0], names[1], names[2], (0, 0, 0))
        rows.append([*_hand_cells(first, widths)[:3], "", "", "", ""])
    first_empty = len(rows)
    for i in range(first_empty, max(wanted, first_empty)):
        # Hands are numbered through the game: a filled sheet's empty rows stay blank.
        rows.append(["" if fill and fill.rows else str(i + 1), "", "", "", "", "", ""])
    return rows


def _close(fill: ThreeFill | None, box_value: int, bonus: int) -> list[list[object]]:
    """Boxes, the game bonus, the final totals and the winner (blank boxes on a pad)."""
    st = template.styles()

    def close(label: str, values: Sequence[str]) -> list[object]:
        return [Paragraph(markup(label), st["label"]), "", "", "", *values]

    boxes = translate("reports", "Boxes ×{0}").format(box_value)
    bonus_label = translate("reports", "Game bonus (to the winner: {0})").format(bonus)
    final = translate("reports", "Final total")
    won = translate("reports", "Won by")
    if fill is None or fill.final is None:
        return [
            close(boxes, ("", "", "")),
            close(bonus_label, ("", "", "")),
            close(final, ("", "", "")),
            close(won, ("☐", "☐", "☐")),
        ]
    counted = [f"{n}={p}" if n else "" for n, p in zip(fill.boxes, fill.box_points, strict=True)]
    return [
        close(boxes, counted),
        close(bonus_label, [str(b) if b else "" for b in fill.bonus]),
        close(final, [str(f) for f in fill.final]),
        close(won, ["✔" if seat == fill.winner else "" for seat in range(3)]),
    ]


def _style(fill: ThreeFill | None, first_close: int, rows: int, font: float) -> TableStyle:
    """The game's grid: headings shaded, the running totals shaded lightly, the total each
    hand's scorer reached in bold, the close ruled off with the final totals in bold."""
    commands: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, font),
        ("FONT", (0, 0), (-1, 0), BOLD, 10),
        ("FONT", (0, 1), (-1, 1), BOLD, 7.5),
        ("FONT", (0, HEAD_ROWS), (0, first_close - 1), REGULAR, min(font, 7)),
        ("TEXTCOLOR", (0, HEAD_ROWS), (0, first_close - 1), colors.HexColor("#777777")),
        ("SPAN", (0, 0), (-1, 0)),
        ("BACKGROUND", (0, 0), (-1, 1), template.LIGHT),
        ("ALIGN", (0, 0), (-1, 1), "CENTER"),
        ("ALIGN", (4, HEAD_ROWS), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, template.GRID),
        ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
        ("LINEBEFORE", (4, 1), (4, -1), 1.2, colors.black),
        ("LINEABOVE", (0, first_close), (-1, first_close), 1.2, colors.black),
        ("BACKGROUND", (4, HEAD_ROWS), (-1, first_close - 1), SHADE),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    for row, line in enumerate(fill.rows if fill else (), start=HEAD_ROWS):
        if line.scorer is not None:
            commands.append(("FONT", (4 + line.scorer, row), (4 + line.scorer, row), BOLD, font))
    for r in range(first_close, rows):
        commands += [("SPAN", (0, r), (3, r)), ("ALIGN", (4, r), (-1, r), "CENTER")]
    commands.append(("FONT", (0, rows - 2), (-1, rows - 2), BOLD, min(9, font + 1.5)))
    return TableStyle(commands)


def _fitted(data: list[list[object]], widths: Sequence[float], style: TableStyle) -> TableStyle:
    """A smaller type for a cell wider than its column (a long name in the dealer, players
    or result column, a heading): never below SMALLEST, never over the ruling."""
    sizes: dict[tuple[int, int], tuple[str, float]] = {}
    for command in style.getCommands():
        name, (c0, r0), (c1, r1), *rest = command
        if name != "FONT":
            continue
        for r in range(r0 % len(data), r1 % len(data) + 1):
            for c in range(c0 % len(widths), c1 % len(widths) + 1):
                sizes[(r, c)] = (str(rest[0]), float(rest[1]))
    commands: list[tuple[object, ...]] = []
    for (r, c), (font, size) in sizes.items():
        text = data[r][c]
        if not r or not isinstance(text, str) or not text:  # the title spans every column
            continue
        fitted = size
        while fitted > SMALLEST and stringWidth(text, font, fitted) > widths[c] - 5:
            fitted -= 0.5
        if fitted < size:
            commands.append(("FONT", (c, r), (c, r), font, fitted))
    return TableStyle(commands)


def _game_table(
    shape: SheetShape, heading: MatchHeading, fill: ThreeFill | None, width: float, row_h: float
) -> Table:
    names = fill.names if fill else heading_names(heading)
    numbered = (
        translate("reports", "Player 1"),
        translate("reports", "Player 2"),
        translate("reports", "Player 3"),
    )
    centred = ParagraphStyle("three_total", fontName=BOLD, fontSize=7, leading=8, alignment=1)
    totals = [
        Paragraph(markup(name or seat), centred) for name, seat in zip(names, numbered, strict=True)
    ]
    head: list[list[object]] = [
        [shape.format_line, "", "", "", "", "", ""],
        [
            "#",
            translate("reports", "Deals (sits out)"),
            translate("reports", "Plays: A v B"),
            translate("reports", "Result"),
            *totals,
        ],
    ]
    widths = _widths(width)
    body = _rows(fill, names, shape.rows_per_game, widths)
    data = head + body + _close(fill, shape.box_value, shape.game_bonus)
    # The headings' row is as tall as a long name needs (two lines and more), else 4.5 mm.
    wraps = any(stringWidth(n, BOLD, 7) > widths[-1] - 5 for n in names)
    heights: list[float | None] = [6 * mm, None if wraps else 4.5 * mm]
    table = template.grid_table(
        data, colWidths=widths, rowHeights=heights + [row_h] * (len(data) - 2)
    )
    font = 8.5 if row_h >= 4.6 * mm else (7 if row_h >= 3.4 * mm else 6)
    style = _style(fill, len(head) + len(body), len(data), font)
    table.setStyle(style)
    table.setStyle(_fitted(data, widths, style))
    return table


def _foot(fill: ThreeFill | None, names: tuple[str, str, str], width: float) -> list[Flowable]:
    """Under the game: who deals next, what changed after entry, the winner and the final
    totals, and a box for each player's signature and the director's."""
    st = template.styles()
    foot: list[Flowable] = []
    if fill and fill.next_line:
        foot.append(Paragraph(markup(fill.next_line), st["small"]))
    if fill and fill.history:  # what changed after entry stays on the record, on paper too
        said = translate("reports", "Changed after entry: {0}")
        foot.append(Paragraph(markup(said.format(" · ".join(fill.history))), st["small"]))
    winner = names[fill.winner] if fill and fill.winner is not None else ""
    col = width / 4
    result = fill.result_line if fill else ""
    fields = [
        _field(translate("reports", "Winner"), winner, col),
        _field(translate("reports", "Result"), result, 3 * col),
    ]
    foot.append(_boxes((winner, result), fields, [col, 3 * col]))
    signs = [
        translate("reports", "Signature, {0}").format(name)
        if name
        else translate("reports", "Signature, player {0}").format(seat)
        for seat, name in enumerate(names, start=1)
    ]
    signs.append(translate("reports", "Signature, director"))
    foot.append(template.signature_boxes(signs, width))
    return foot


def three_sheet_story(
    shape: SheetShape, heading: MatchHeading, fill: ThreeFill | None, *, paper: Paper | str
) -> list[Flowable]:
    """The flowables of one table of three's sheet: one landscape page, signatures included
    (a long game takes thinner rows, then a smaller page as a whole, never a second page)."""
    st = template.styles()
    width, height = template.frame_size(paper, wide=True)
    rows = max(shape.rows_per_game, len(fill.rows) if fill else 0)
    # Everything but the rows takes about 64 mm: the heading, the rule line, the game's
    # headings, the foot; the hand rows and the four closing rows share the rest.
    row_h = max(THINNEST_ROW, min(5.4 * mm, (height - 64 * mm) / (rows + 4)))
    marks = translate("reports", "marks: G gin · BG big gin · U undercut")
    names = fill.names if fill else heading_names(heading)
    story: list[Flowable] = [
        _heading_table(heading, width),
        Spacer(1, 1.5 * mm),
        Paragraph(markup(f"{shape.rule_text} · {marks}"), st["small"]),
        Spacer(1, 1.5 * mm),
        _game_table(shape, heading, fill, width, row_h),
        Spacer(1, 2 * mm),
        *_foot(fill, names, width),
    ]
    return [KeepInFrame(width, height - 1, story, mode="shrink")]


def render_three_sheets(
    out_path: Path | str,
    header: template.PageHeader,
    sheets: Sequence[tuple[MatchHeading, ThreeFill | None]],
    shape: SheetShape,
    *,
    paper: Paper | str = Paper.A4,
) -> Path:
    """Write one sheet per (heading, fill) pair; ``fill`` None prints a blank sheet."""
    stories = (three_sheet_story(shape, heading, fill, paper=paper) for heading, fill in sheets)
    return template.build_pdf(
        out_path, header, template.one_per_page(stories), paper=paper, wide=True
    )
