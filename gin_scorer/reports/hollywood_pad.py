"""The Hollywood pad: three games scored at once, three columns per player.

Each hand's score is entered in every open game in which its winner has already scored, plus
the first open game in which they have not (rules.md "Hollywood"); the pad shows a running
total only in the columns the hand went into, exactly as a scorekeeper writes it by hand.
Blank, it is a pad for a table; filled, every number comes from the core's Hollywood ledger.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Spacer, Table, TableStyle

from gin_scorer.presentation.hand_words import outcome_mark
from gin_scorer.presentation.pad_fill import PadFill, PadGameClose, PadShape
from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.sheet_fill import MatchHeading
from gin_scorer.presentation.words import translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup


def _pad_head(shape: PadShape, heading: MatchHeading) -> list[list[object]]:
    """Two heading rows: each player over their three columns, then each game and target."""
    st = template.styles()
    games = shape.games
    a_name = heading.player_a or translate("hollywood_pad", "Player A")
    b_name = heading.player_b or translate("hollywood_pad", "Player B")
    head1: list[object] = ["#", translate("hollywood_pad", "Hand won by")]
    head1 += [Paragraph(f"<b>A</b> · {markup(a_name)}", st["cell"])] + [""] * (games - 1)
    head1 += [Paragraph(f"<b>B</b> · {markup(b_name)}", st["cell"])] + [""] * (games - 1)
    head2: list[object] = ["", ""]
    for _ in range(2):
        game = translate("hollywood_pad", "Game {0} ({1})")
        head2 += [game.format(n + 1, t) for n, t in enumerate(shape.targets)]
    return [head1, head2]


def _pad_body(fill: PadFill | None, rows: int, games: int) -> list[list[object]]:
    """A row per hand: who won it and for how much, and the running totals it changed."""
    body: list[list[object]] = []
    for i in range(rows):
        if fill and i < len(fill.lines):
            line = fill.lines[i]
            mark = outcome_mark(line.how)
            won = f"{line.winner} {line.points} {mark}".strip() if line.winner else (mark or "—")
            cells = [_blank(v) for v in line.a_totals] + [_blank(v) for v in line.b_totals]
            number = f"{line.hand}†" if line.hand in fill.corrected else str(line.hand)
            body.append([number, won, *cells])
        else:
            body.append([str(i + 1), "", *([""] * (2 * games))])
    return body


Pick = Callable[[PadGameClose, str], str]
"""What a close row shows for one game's close and one side ("a" or "b")."""


def _value(attr: str) -> Pick:
    def pick(close: PadGameClose, side: str) -> str:
        got = getattr(close, f"{side}_{attr}")
        return "" if got in (None, 0) else str(got)

    return pick


def _won(close: PadGameClose, side: str) -> str:
    return "✔" if close.winner == side.upper() else ""


def _close_rows(shape: PadShape, fill: PadFill | None) -> list[list[object]]:
    """Each game's close under its columns: boxes, bonus and shutout, total, winner."""
    st = template.styles()
    closes = {c.number: c for c in fill.closes} if fill else {}

    def close_row(label: str, pick: Pick) -> list[object]:
        row: list[object] = ["", Paragraph(markup(label), st["label"])]
        for side in ("a", "b"):
            for n in range(1, shape.games + 1):
                close = closes.get(n)
                row.append(pick(close, side) if close else "")
        return row

    box = (
        translate("hollywood_pad", "Boxes ×{0}").format(shape.box_value)
        if shape.box_value
        else translate("hollywood_pad", "Boxes")
    )
    return [
        close_row(box, _value("box_points")),
        close_row(translate("hollywood_pad", "Bonus + shutout"), _value("bonus")),
        close_row(translate("hollywood_pad", "Game total"), _value("final")),
        close_row(translate("hollywood_pad", "Won by"), _won),
    ]


def _pad_style(games: int, first_close: int, rows: int, row_h: float) -> TableStyle:
    """The pad's grid: a heavy line between the players, the closes ruled off below."""
    split = 2 + games
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), REGULAR, 9 if row_h >= 4.6 * mm else 7.5),
            ("FONT", (0, 0), (-1, 1), BOLD, 7.5),
            ("FONT", (0, 2), (0, first_close - 1), REGULAR, 6.5),
            ("TEXTCOLOR", (0, 2), (0, first_close - 1), colors.HexColor("#777777")),
            ("SPAN", (2, 0), (split - 1, 0)),
            ("SPAN", (split, 0), (-1, 0)),
            ("SPAN", (0, 0), (0, 1)),
            ("SPAN", (1, 0), (1, 1)),
            ("BACKGROUND", (0, 0), (-1, 1), template.LIGHT),
            ("ALIGN", (0, 0), (-1, 1), "CENTER"),
            ("ALIGN", (2, 2), (-1, -1), "RIGHT"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("GRID", (0, 0), (-1, -1), 0.4, template.GRID),
            ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
            ("LINEBEFORE", (split, 0), (split, -1), 1.6, colors.black),
            ("LINEBEFORE", (2, 0), (2, -1), 1.2, colors.black),
            ("LINEABOVE", (0, first_close), (-1, first_close), 1.2, colors.black),
            ("FONT", (2, first_close + 2), (-1, first_close + 2), BOLD, 10),
            ("ALIGN", (2, rows - 1), (-1, rows - 1), "CENTER"),
            ("SPAN", (0, first_close), (0, -1)),
            ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ]
    )


def _pad_table(
    shape: PadShape, heading: MatchHeading, fill: PadFill | None, width: float, height: float
) -> Table:
    games = shape.games
    rows = max(shape.rows, len(fill.lines) if fill else 0)
    hand_w = 8 * mm
    score_w = 22 * mm
    col = (width - hand_w - score_w) / (2 * games)
    data = _pad_head(shape, heading) + _pad_body(fill, rows, games)
    first_close = len(data)
    data += _close_rows(shape, fill)
    # About 60 mm go to the heading, rule line, result and signatures; a long match gets
    # thinner rows (down to 3.4 mm) so the pad stays on one page.
    row_h = max(3.4 * mm, min(5.6 * mm, (height - 60 * mm) / (len(data) - 2)))
    widths = [hand_w, score_w] + [col] * (2 * games)
    table = template.grid_table(
        data,
        colWidths=widths,
        repeatRows=2,
        rowHeights=[6 * mm, 5 * mm] + [row_h] * (len(data) - 2),
    )
    table.setStyle(_pad_style(games, first_close, len(data), row_h))
    return table


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def pad_story(
    shape: PadShape, heading: MatchHeading, fill: PadFill | None, *, paper: Paper | str
) -> list[Flowable]:
    st = template.styles()
    width, height = template.frame_size(paper)
    rule = translate(
        "hollywood_pad",
        "Hollywood: {0} games to {1} at once. A hand's score goes into every open game "
        "where its winner has already scored, plus the first open game where they have not. "
        "Write the running total in each of those columns.",
    ).format(shape.games, " / ".join(str(t) for t in shape.targets))
    story: list[Flowable] = [
        template.match_heading_table(heading, width),
        Spacer(1, 1.5 * mm),
        Paragraph(markup(rule), st["small"]),
        Spacer(1, 1.5 * mm),
        _pad_table(shape, heading, fill, width, height),
        Spacer(1, 2 * mm),
    ]
    if fill and fill.result_line:
        story.append(Paragraph(f"<b>{markup(fill.result_line)}</b>", st["body"]))
        story.append(Spacer(1, 1.5 * mm))
    if fill and fill.history:  # what changed after entry stays on the record
        changed = translate("hollywood_pad", "Changed after entry: {0}").format(
            " · ".join(fill.history)
        )
        story.append(Paragraph(markup(changed), st["small"]))
        story.append(Spacer(1, 1.5 * mm))
    story.append(_signatures_only(width))
    # A pad is one page, signatures included: a long one is drawn a little smaller as a whole
    # rather than split over pages (as a match's score sheet is).
    return [KeepInFrame(width, height - 1, story, mode="shrink")]


def _signatures_only(width: float) -> Table:
    return template.signature_boxes(
        (
            translate("hollywood_pad", "Signature, player A"),
            translate("hollywood_pad", "Signature, player B"),
            translate("hollywood_pad", "Signature, director"),
        ),
        width,
    )


def render_hollywood_pads(
    out_path: Path | str,
    header: template.PageHeader,
    pads: Sequence[tuple[MatchHeading, PadFill | None]],
    shape: PadShape,
    *,
    paper: Paper | str = Paper.A4,
) -> Path:
    """Write one pad per (heading, fill) pair; ``fill`` None prints a blank pad."""
    stories = (pad_story(shape, heading, fill, paper=paper) for heading, fill in pads)
    return template.build_pdf(out_path, header, template.one_per_page(stories), paper=paper)
