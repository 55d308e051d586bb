"""The handouts a director used to make by hand: table tents (a card per table, folded so both
players read it), a sign-in sheet with a box to tick per entrant, and name badges.

Each lays out values the report kinds hand it (names are text: every one passes through
``markup``); the page header and the seal footer come from :mod:`.template`, as on every
other printout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.three_words import players_phrase
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup, register_fonts

CHECKED_IN = QT_TRANSLATE_NOOP("handouts", "checked in")
WITHDRAWN = QT_TRANSLATE_NOOP("handouts", "withdrawn")
"""A person's note on the sign-in sheet and the badges (kept in English, printed translated)."""


@dataclass(frozen=True)
class Tent:
    """One table's tent card: the table, who sits there, and where in the event."""

    table: str
    player_a: str
    player_b: str
    line: str  # "Autumn Open · Round 3"
    url: str = ""  # the table's page in the room: printed as a QR code on each face
    player_c: str = ""  # a table of three's third player (decision 0014)

    @property
    def names(self) -> str:
        """Who sits at the table: ``Ann  v  Bob``, or ``Ann, Bob and Cat`` at a table of
        three ("" for a card with nobody on it)."""
        if self.player_c:
            return players_phrase((self.player_a, self.player_b, self.player_c))
        return f"{self.player_a}  v  {self.player_b}" if self.player_b else ""


@dataclass(frozen=True)
class Person:
    """One entrant on the sign-in sheet or a badge."""

    name: str
    club: str = ""
    member_number: str = ""
    seed: str = ""
    note: str = ""  # CHECKED_IN, WITHDRAWN (in English: translated where printed)
    team: str = ""  # the entrant a player of a team plays for: "Ann & Bob & Cy"


class TentCard(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """A page folded across the middle: the lower half reads the right way up, the upper
    half upside down, so the card stands on the table and both players read it."""

    def __init__(self, tent: Tent, width: float, height: float) -> None:
        super().__init__()
        self.tent = tent
        self.card_width = width
        self.card_height = height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.card_width, self.card_height

    def draw(self) -> None:
        canvas = self.canv
        half = self.card_height / 2
        canvas.setDash(3, 3)
        canvas.setStrokeColor(template.GRID)
        canvas.line(0, half, self.card_width, half)  # fold here
        canvas.setDash()
        self._face()
        canvas.saveState()
        canvas.translate(self.card_width, self.card_height)
        canvas.rotate(180)
        self._face()
        canvas.restoreState()

    def _face(self) -> None:
        """The lower half: the table number large, the names under it, the event's line (the
        upper half is the same, drawn turned round)."""
        bottom = 0.0
        canvas = self.canv
        half = self.card_height / 2
        middle = self.card_width / 2
        canvas.setFillColor(colors.black)
        canvas.setFont(BOLD, min(96, half * 0.42))
        table = translate("handouts", "Table {0}").format(self.tent.table)
        canvas.drawCentredString(middle, bottom + half * 0.50, table)
        self._names(bottom + half * 0.28, half)
        if self.tent.player_c:  # who deals first at a table of three
            canvas.setFont(REGULAR, 11)
            first = translate("handouts", "{0} deals first").format(self.tent.player_a)
            canvas.drawCentredString(middle, bottom + half * 0.19, first)
        canvas.setFont(REGULAR, 11)
        canvas.setFillColor(template.SEAL_TEXT)
        canvas.drawCentredString(middle, bottom + half * 0.10, self.tent.line)
        if self.tent.url:
            self._qr(bottom + half * 0.06, half * 0.52)

    def _names(self, baseline: float, half: float) -> None:
        """Who sits there, centred on ``baseline`` and clear of the QR code, from the
        baseline upwards (see :func:`fitted_lines`)."""
        room = self.card_width * 0.92
        if self.tent.url:  # centred, clear of the QR code in the corner (see _qr)
            room = self.card_width - 2 * (half * 0.52 + 6 * mm)
        size, lines = fitted_lines(self.tent.names, room)
        self.canv.setFont(REGULAR, size)
        for i, line in enumerate(reversed(lines)):
            self.canv.drawCentredString(self.card_width / 2, baseline + i * size * 1.15, line)

    def _qr(self, bottom: float, size: float) -> None:
        """The table's page in the room, in the face's right corner, with what it is for."""
        code = QrCodeWidget(self.tent.url, barBorder=2)
        x0, y0, x1, y1 = code.getBounds()
        drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
        drawing.add(code)
        left = self.card_width - size - 4 * mm
        renderPDF.draw(drawing, self.canv, left, bottom)
        self.canv.setFont(REGULAR, 8)
        scan = translate("handouts", "scan: enter your hands")
        self.canv.drawCentredString(left + size / 2, bottom - 3 * mm, scan)


def fitted_lines(text: str, room: float) -> tuple[float, list[str]]:
    """``text`` set to fit ``room``: on one line as large as fits (26 points down to 10); a
    text that needs 16 points or less to fit goes on two lines where that is larger (down to
    10 points, then a third line at the most, cut short with …). Long names shrink to fit
    the card, never run off it.

    >>> fitted_lines("Ann  v  Bob", 500)
    (26, ['Ann  v  Bob'])
    >>> fitted_lines("Ann Smith-Jones, Bob Lee and Cat Wu", 150)
    (14, ['Ann Smith-Jones,', 'Bob Lee and Cat Wu'])
    """
    register_fonts()  # measured in DejaVu, as printed
    for size in range(26, 9, -1):
        if stringWidth(text, REGULAR, size) <= room:
            return size, [text]
        lines = simpleSplit(text, REGULAR, size, room)
        if size <= 16 and len(lines) <= 2:
            return size, lines
    lines = simpleSplit(text, REGULAR, 10, room)
    return 10, [*lines[:2], lines[2] + "…"] if len(lines) > 3 else lines


def render_tents(
    out_path: Path | str, header: template.PageHeader, tents: Sequence[Tent], *, paper: Paper
) -> Path:
    """A tent card a page (landscape), one per table, in table order."""
    width, height = template.frame_size(paper, wide=True)
    story: list[Flowable] = []
    for index, tent in enumerate(tents):
        if index:
            story.append(PageBreak())
        story.append(TentCard(tent, width, height - 2))
    return template.build_pdf(out_path, header, story, paper=paper, wide=True)


def render_sign_in(
    out_path: Path | str, header: template.PageHeader, people: Sequence[Person], *, paper: Paper
) -> Path:
    """Every entrant A to Z with a box to tick and a line to sign."""
    st = template.styles()
    width, _ = template.frame_size(paper)
    rows: list[list[object]] = [
        [
            "",
            translate("handouts", "Name"),
            translate("handouts", "Club"),
            translate("handouts", "Member no."),
            translate("handouts", "Seed"),
            translate("handouts", "Signature"),
        ]
    ]
    for person in people:
        box = "☑" if person.note == CHECKED_IN else "☐"
        notes = [
            person.team,
            translate("handouts", person.note) if person.note != CHECKED_IN else "",
        ]
        said = "; ".join(n for n in notes if n)
        name = markup(person.name) + (
            f' <font size="7" color="#555555">({markup(said)})</font>' if said else ""
        )
        rows.append(
            [
                box,
                Paragraph(name, st["body"]),
                Paragraph(markup(person.club), st["body"]),
                person.member_number,
                person.seed,
                "",
            ]
        )
    widths = [10 * mm, 0.30 * width, 0.20 * width, 24 * mm, 12 * mm]
    widths.append(width - sum(widths))
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), REGULAR, 10),
                ("FONT", (0, 0), (-1, 0), BOLD, 8),
                ("FONT", (0, 1), (0, -1), REGULAR, 16),
                ("BACKGROUND", (0, 0), (-1, 0), template.LIGHT),
                ("LINEBELOW", (0, 0), (-1, -1), 0.4, template.GRID),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 1), (-1, -1), 7),
                ("BOTTOMPADDING", (0, 1), (-1, -1), 7),
            ]
        )
    )
    count = _sign_in_count(len(people))
    story: list[Flowable] = [Paragraph(markup(count), st["small"]), Spacer(1, 2 * mm), table]
    return template.build_pdf(out_path, header, story, paper=paper)


def _sign_in_count(people: int) -> str:
    """The line over the sign-in sheet: how many, and what to do with the boxes."""
    if people == 1:
        return translate(
            "handouts", "1 player. Tick the box as they arrive; the desk checks them in."
        )
    return translate(
        "handouts", "{0} players. Tick the box as each arrives; the desk checks them in."
    ).format(people)


def render_badges(
    out_path: Path | str,
    header: template.PageHeader,
    people: Sequence[Person],
    event_name: str,
    *,
    paper: Paper,
) -> Path:
    """Name badges, two across and four down a page, with cut lines between them."""
    register_fonts()  # the badges' own styles name DejaVu before any page is built
    width, height = template.frame_size(paper)
    across, down = 2, 4
    cell_w, cell_h = width / across, (height - 2 * mm) / down

    def style(name: str, font: str, size: float, colour: str = "#000000") -> ParagraphStyle:
        return ParagraphStyle(
            name,
            fontName=font,
            fontSize=size,
            leading=size * 1.25,
            alignment=TA_CENTER,
            textColor=colors.HexColor(colour),
        )

    name_style = style("badgeName", BOLD, 24)
    long_name_style = style("badgeLongName", BOLD, 18)
    club_style = style("badgeClub", REGULAR, 14)
    event_style = style("badgeEvent", REGULAR, 9, "#555555")

    def badge(person: Person) -> list[Flowable]:
        big = name_style if len(person.name) <= 18 else long_name_style
        return [
            Paragraph(markup(person.name), big),
            Spacer(1, 2 * mm),
            Paragraph(
                markup(" · ".join(p for p in (person.club, person.team) if p)) or "&nbsp;",
                club_style,
            ),
            Spacer(1, 4 * mm),
            Paragraph(markup(event_name), event_style),
        ]

    cells = [badge(person) for person in people]
    rows = [cells[i : i + across] for i in range(0, len(cells), across)]
    if len(rows[-1]) < across:
        rows[-1] = rows[-1] + [[]] * (across - len(rows[-1]))
    table = Table(rows, colWidths=[cell_w] * across, rowHeights=[cell_h] * len(rows))
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, template.GRID),  # where to cut
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("LEFTPADDING", (0, 0), (-1, -1), 8 * mm),
                ("RIGHTPADDING", (0, 0), (-1, -1), 8 * mm),
            ]
        )
    )
    return template.build_pdf(out_path, header, [table], paper=paper)
