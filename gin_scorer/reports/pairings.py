"""Pairings / table assignments for a round: by table (for the director and the room), then
alphabetically by name (for the player looking for their seat), on the same document.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from gin_scorer.presentation.columns import headings
from gin_scorer.presentation.names import by_name as names_sorted
from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup
from gin_scorer.services.support.dto import NameOrder


@dataclass(frozen=True)
class PairingLine:
    """One table of the round (``player_b`` empty for a bye, ``table`` empty for no table)."""

    table: str
    player_a: str
    player_b: str = ""
    club_a: str = ""
    club_b: str = ""
    note: str = ""  # bracket slot, "bye", "late entry" ...
    rating_a: str = ""  # "1612", "1500?" (provisional), "" when the club has no ratings
    rating_b: str = ""
    player_c: str = ""  # a table of three's third player (decision 0014)
    club_c: str = ""
    rating_c: str = ""

    @property
    def is_bye(self) -> bool:
        return not self.player_b


def _sort_key_table(line: PairingLine) -> tuple[int, int, str]:
    digits = "".join(c for c in line.table if c.isdigit())
    return (0 if digits else 1, int(digits) if digits else 0, line.table)


def by_table(lines: Sequence[PairingLine]) -> list[PairingLine]:
    """Tables in numeric order (10 after 9), byes last."""
    return sorted(lines, key=lambda p: (p.is_bye, *_sort_key_table(p)))


def by_name(
    lines: Sequence[PairingLine], order: NameOrder = NameOrder.SURNAME
) -> list[tuple[str, str, str, str]]:
    """(name, club, table, opponent) for every seated entrant, in the name order of
    ``order`` (decision 0024: by surname, unless the director chose the names as typed);
    at a table of three the opponent is both others (``Bob and Cat``)."""
    seats: list[tuple[str, str, str, str]] = []
    for line in lines:
        if line.player_c:
            players = (
                (line.player_a, line.club_a),
                (line.player_b, line.club_b),
                (line.player_c, line.club_c),
            )
            for i, (player, club) in enumerate(players):
                first, second = (name for j, (name, _) in enumerate(players) if j != i)
                both = translate("reports", "{0} and {1}").format(first, second)
                seats.append((player, club, line.table, both))
            continue
        seats.append(
            (
                line.player_a,
                line.club_a,
                line.table,
                line.player_b or translate("reports", "— bye —"),
            )
        )
        if line.player_b:
            seats.append((line.player_b, line.club_b, line.table, line.player_a))
    return names_sorted(seats, itemgetter(0), order)


def _style(table: Table, rows: int) -> None:
    commands: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 9),
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("BACKGROUND", (0, 0), (-1, 0), template.LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, template.GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    for row in range(2, rows + 1, 2):
        commands.append(("BACKGROUND", (0, row), (-1, row), colors.HexColor("#f6f6f6")))
    table.setStyle(TableStyle(commands))


_BY_TABLE = (
    QT_TRANSLATE_NOOP("columns", "Table"),
    QT_TRANSLATE_NOOP("columns", "Player A"),
    "",
    QT_TRANSLATE_NOOP("columns", "Player B"),
    QT_TRANSLATE_NOOP("columns", "Note"),
)
_BY_TABLE_THREE = (
    QT_TRANSLATE_NOOP("columns", "Table"),
    QT_TRANSLATE_NOOP("columns", "Player 1 · deals first"),
    QT_TRANSLATE_NOOP("columns", "Player 2"),
    QT_TRANSLATE_NOOP("columns", "Player 3"),
    QT_TRANSLATE_NOOP("columns", "Note"),
)
_BY_NAME = (
    QT_TRANSLATE_NOOP("columns", "Name"),
    QT_TRANSLATE_NOOP("columns", "Table"),
    QT_TRANSLATE_NOOP("columns", "Opponent"),
)
_BY_NAME_THREE = (
    QT_TRANSLATE_NOOP("columns", "Name"),
    QT_TRANSLATE_NOOP("columns", "Table"),
    QT_TRANSLATE_NOOP("columns", "Opponents"),
)


class _Cells:
    """The cells both listings share: a name (with its rating and club), a table number,
    the bye; names a size larger than other tables (pairings go up on the wall)."""

    def __init__(self) -> None:
        st = template.styles()
        self.cell = st["cell"]
        self.wall = ParagraphStyle("wall", parent=st["cell"], fontSize=10, leading=12)
        self.big = ParagraphStyle("table_number", parent=st["center"], fontSize=12, leading=14)

    def name(self, text: str, club: str, rating: str = "") -> Paragraph:
        club_text = f' <font size="7.5" color="#555555">{markup(club)}</font>' if club else ""
        rated = f' <font size="8" color="#333333">({markup(rating)})</font>' if rating else ""
        return Paragraph(f"{markup(text)}{rated}{club_text}", self.wall)

    def table(self, table: str) -> Paragraph:
        return Paragraph(f'<font name="{BOLD}">{markup(table) or "—"}</font>', self.big)

    def bye(self) -> Paragraph:
        return Paragraph(markup(translate("reports", "— bye —")), self.cell)


def _by_table_two(lines: Sequence[PairingLine], width: float, cells: _Cells) -> Table:
    """Table, A v B, the note: two players a table."""
    rows: list[list[object]] = [list(headings(_BY_TABLE))]
    for line in by_table(lines):
        b = cells.name(line.player_b, line.club_b, line.rating_b) if line.player_b else None
        rows.append(
            [
                cells.table(line.table),
                cells.name(line.player_a, line.club_a, line.rating_a),
                "v",
                b or cells.bye(),
                Paragraph(markup(line.note), template.styles()["small"]),
            ]
        )
    col = (width - 16 * mm - 8 * mm - 28 * mm) / 2  # A and B share what the rest leave
    table = template.grid_table(rows, colWidths=[16 * mm, col, 8 * mm, col, 28 * mm], repeatRows=1)
    _style(table, len(rows) - 1)
    table.setStyle(
        TableStyle([("ALIGN", (2, 0), (2, -1), "CENTER"), ("ALIGN", (0, 0), (0, -1), "CENTER")])
    )
    return table


def _by_table_three(lines: Sequence[PairingLine], width: float, cells: _Cells) -> Table:
    """Table, its three players in seat order (the first deals first), the note."""
    rows: list[list[object]] = [list(headings(_BY_TABLE_THREE))]
    for line in by_table(lines):
        b = cells.name(line.player_b, line.club_b, line.rating_b) if line.player_b else None
        c = cells.name(line.player_c, line.club_c, line.rating_c) if line.player_c else ""
        rows.append(
            [
                cells.table(line.table),
                cells.name(line.player_a, line.club_a, line.rating_a),
                b or cells.bye(),
                c,
                Paragraph(markup(line.note), template.styles()["small"]),
            ]
        )
    col = (width - 16 * mm - 24 * mm) / 3  # the three share what the rest leave
    table = template.grid_table(rows, colWidths=[16 * mm, col, col, col, 24 * mm], repeatRows=1)
    _style(table, len(rows) - 1)
    table.setStyle(TableStyle([("ALIGN", (0, 0), (0, -1), "CENTER")]))
    return table


def _by_name(lines: Sequence[PairingLine], width: float, cells: _Cells, order: NameOrder) -> Table:
    three = any(line.player_c for line in lines)
    rows: list[list[object]] = [list(headings(_BY_NAME_THREE if three else _BY_NAME))]
    for player, club, table, opponent in by_name(lines, order):
        rows.append(
            [cells.name(player, club), cells.table(table), Paragraph(markup(opponent), cells.cell)]
        )
    names = template.grid_table(
        rows, colWidths=[width * 0.45, 18 * mm, width * 0.55 - 18 * mm], repeatRows=1
    )
    _style(names, len(rows) - 1)
    return names


def pairings_story(
    lines: Sequence[PairingLine],
    *,
    paper: Paper | str,
    notes: Sequence[str] = (),
    order: NameOrder = NameOrder.SURNAME,
) -> list[Flowable]:
    """By table (three players a table when any table seats three), the notes, then by
    name on a page of its own."""
    st = template.styles()
    width, _ = template.frame_size(paper)
    cells = _Cells()
    three = any(line.player_c for line in lines)
    tables = (_by_table_three if three else _by_table_two)(lines, width, cells)
    story: list[Flowable] = [Paragraph(markup(translate("reports", "By table")), st["h2"]), tables]
    story += [Spacer(1, 2 * mm)] if notes else []
    story += [Paragraph(markup(note), st["small"]) for note in notes]
    return [
        *story,
        PageBreak(),
        Paragraph(
            markup(translate("reports", "Find your table: alphabetically by name")), st["h2"]
        ),
        _by_name(lines, width, cells, order),
    ]


def render_pairings(
    out_path: Path | str,
    header: template.PageHeader,
    lines: Sequence[PairingLine],
    *,
    paper: Paper | str = Paper.A4,
    notes: Sequence[str] = (),
    order: NameOrder = NameOrder.SURNAME,
) -> Path:
    story = pairings_story(lines, paper=paper, notes=notes, order=order)
    return template.build_pdf(out_path, header, story, paper=paper)
