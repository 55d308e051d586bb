"""The page every printout shares: a header naming the event and the document, a footer with
the database's seal, the generation time and "page x of y".

The seal is the short code that anchors every recorded fact outside the database file
(``services.seal.current_seal``): a sheet found on a table carries the seal of the state it
was printed from, and ``gin-scorer verify --seal CODE`` proves nothing recorded before it has
changed since. Whoever builds the document passes the code in; nothing here reads a database.
Documents are platypus stories poured into :func:`build_pdf`, which knows paper sizes and
orientation; nothing here knows the data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from gin_scorer import __version__
from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.sheet_fill import MatchHeading
from gin_scorer.presentation.words import translate
from gin_scorer.reports.fonts import BOLD, REGULAR, markup, register_fonts

MARGIN = 12 * mm
HEADER_HEIGHT = 16 * mm
FOOTER_HEIGHT = 9 * mm
FOOTER_FONT_SIZE = 7.5
SEAL_FONT_SIZE = 7.0
SEAL_TEXT = colors.HexColor("#333333")
GRID = colors.HexColor("#555555")
LIGHT = colors.HexColor("#e8e8e8")
EMPHASIS = colors.HexColor("#fff3c4")


def paper_points(paper: Paper) -> tuple[float, float]:
    """Width and height of a portrait sheet of ``paper``, in points."""
    width, height = A4 if paper is Paper.A4 else LETTER
    return float(width), float(height)


def seal_line(seal: str | None) -> str:
    """The footer line naming the seal, in words a director understands without the manual.

    >>> line = seal_line("4127-K3M9")
    >>> line.startswith("Seal 4127-K3M9 — “gin-scorer verify --seal 4127-K3M9” proves nothing")
    True
    >>> seal_line(None)
    'Seal: none — nothing was sealed when this sheet was printed'
    """
    # The footer sets what comes before the first " — " in bold: keep the dash in a translation.
    if not seal:
        return translate("reports", "Seal: none — nothing was sealed when this sheet was printed")
    said = translate(
        "reports",
        "Seal {0} — “gin-scorer verify --seal {0}” proves nothing recorded before this "
        "sheet has changed",
    )
    return said.format(seal)


@dataclass(frozen=True)
class PageHeader:
    """What the header and footer of every page of one document say."""

    title: str
    event_name: str = ""
    venue: str = ""
    date_text: str = ""
    round_label: str = ""
    seal: str | None = None
    """The database's seal when the document's data was read (``None``: nothing sealed yet,
    or a blank form printed without a database)."""
    generated_at: datetime = field(default_factory=lambda: datetime.now(UTC))

    @property
    def place_line(self) -> str:
        return " · ".join(part for part in (self.venue, self.date_text) if part)


@cache
def styles() -> dict[str, ParagraphStyle]:
    """Paragraph styles set in DejaVu (so card symbols print); registered fonts first.
    Made once and shared: treat them as read-only."""
    register_fonts()
    body = ParagraphStyle("body", fontName=REGULAR, fontSize=9, leading=11)
    return {
        "body": body,
        "small": ParagraphStyle("small", parent=body, fontSize=7.5, leading=9),
        "cell": ParagraphStyle("cell", parent=body, fontSize=8.5, leading=10),
        "cell_right": ParagraphStyle(
            "cell_right", parent=body, fontSize=8.5, leading=10, alignment=TA_RIGHT
        ),
        "cell_bold": ParagraphStyle(
            "cell_bold", parent=body, fontName=BOLD, fontSize=8.5, leading=10
        ),
        "center": ParagraphStyle("center", parent=body, alignment=TA_CENTER),
        "h1": ParagraphStyle(
            "h1", parent=body, fontName=BOLD, fontSize=14, leading=17, spaceAfter=4
        ),
        "h2": ParagraphStyle(
            "h2", parent=body, fontName=BOLD, fontSize=11, leading=14, spaceBefore=6, spaceAfter=3
        ),
        "label": ParagraphStyle(
            "label", parent=body, fontSize=7, leading=8, textColor=colors.HexColor("#444444")
        ),
    }


def grid_table(data: Sequence[Sequence[object]], **kwargs: Any) -> Table:
    """A platypus Table whose cells are set in DejaVu unless a later style says otherwise
    (a bare Table would name Helvetica in the PDF, even for empty cells)."""
    made = Table(data, **kwargs)
    made.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), REGULAR, 9)]))
    return made


def _page_size(paper: Paper, wide: bool) -> tuple[float, float]:
    size = paper_points(paper)
    return landscape(size) if wide else size


def frame_size(paper: Paper | str, *, wide: bool = False) -> tuple[float, float]:
    """Width and height available to a document's story on this paper."""
    width, height = _page_size(Paper.parse(paper), wide)
    return width - 2 * MARGIN, height - 2 * MARGIN - HEADER_HEIGHT - FOOTER_HEIGHT


def _make_numbered_canvas(header: PageHeader) -> type[Canvas]:
    """A canvas that holds its pages back until the end, to print "page x of y" on each."""

    class NumberedCanvas(Canvas):  # type: ignore[misc]  # reportlab has no type hints
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            # Start in DejaVu, so no page even names Helvetica (which has no suit symbols).
            kwargs["initialFontName"] = REGULAR
            kwargs["initialFontSize"] = 9
            super().__init__(*args, **kwargs)
            self._saved_pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._saved_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._saved_pages)
            for state in self._saved_pages:
                self.__dict__.update(state)
                width = self._pagesize[0]
                self.setFont(REGULAR, FOOTER_FONT_SIZE)
                self.drawRightString(
                    width - MARGIN,
                    MARGIN,
                    translate("reports", "Page {0} of {1}").format(self._pageNumber, total),
                )
                super().showPage()
            super().save()

    return NumberedCanvas


def _draw_frame_text(header: PageHeader) -> Callable[[Canvas, BaseDocTemplate], None]:
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = canvas._pagesize
        top = height - MARGIN
        canvas.saveState()
        canvas.setFillColor(colors.black)
        canvas.setFont(BOLD, 13)
        canvas.drawString(MARGIN, top - 12, header.event_name or "Gin Rummy")
        canvas.setFont(REGULAR, 8.5)
        canvas.drawString(MARGIN, top - 24, header.place_line)
        canvas.setFont(BOLD, 12)
        canvas.drawRightString(width - MARGIN, top - 12, header.title)
        canvas.setFont(REGULAR, 8.5)
        canvas.drawRightString(width - MARGIN, top - 24, header.round_label)
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.8)
        canvas.line(MARGIN, top - HEADER_HEIGHT + 6, width - MARGIN, top - HEADER_HEIGHT + 6)
        canvas.line(MARGIN, MARGIN + FOOTER_HEIGHT - 4, width - MARGIN, MARGIN + FOOTER_HEIGHT - 4)
        canvas.setFont(REGULAR, FOOTER_FONT_SIZE)
        stamp = header.generated_at.astimezone().strftime("%Y-%m-%d %H:%M")
        printed = translate("reports", "Printed {0} · gin-scorer {1}").format(stamp, __version__)
        canvas.drawString(MARGIN, MARGIN, printed)
        # The seal gets a line of its own above "printed / page x of y": with a 20-character
        # code and the sentence saying what it proves it is too long to share one on portrait
        # paper, and a line of its own is easy to find when a director compares two sheets.
        # "Seal CODE" is bold, so the code is what the eye finds; the explanation is grey.
        _draw_seal(canvas, seal_line(header.seal), width - 2 * MARGIN)
        canvas.restoreState()

    return draw


def _draw_seal(canvas: Canvas, line: str, room: float) -> None:
    """The seal line on the footer's upper row: its name and code in bold, the explanation
    after it cut at the last word that fits ``room`` points (the code always survives)."""
    code, dash, explanation = line.partition(" — ")
    y = MARGIN + SEAL_FONT_SIZE + 2.5
    canvas.setFillColor(colors.black)
    canvas.setFont(BOLD, SEAL_FONT_SIZE)
    canvas.drawString(MARGIN, y, code)
    used = stringWidth(code, BOLD, SEAL_FONT_SIZE)
    rest = dash + explanation

    def fits(text: str) -> bool:
        return bool(used + stringWidth(text, REGULAR, SEAL_FONT_SIZE) <= room)

    if not fits(rest):
        words = rest.split(" ")
        while len(words) > 1 and not fits(" ".join(words) + " …"):
            words.pop()
        rest = " ".join(words) + " …"
    canvas.setFillColor(SEAL_TEXT)
    canvas.setFont(REGULAR, SEAL_FONT_SIZE)
    canvas.drawString(MARGIN + used, y, rest)


def one_per_page(stories: Iterable[Sequence[Flowable]]) -> list[Flowable]:
    """The stories one after another, each from the top of a new page (a sheet, a pad, a
    bracket part per page)."""
    story: list[Flowable] = []
    for part in stories:
        if story:
            story.append(PageBreak())
        story += part
    return story


def build_pdf(
    out_path: Path | str,
    header: PageHeader,
    story: Sequence[Flowable],
    *,
    paper: Paper | str = Paper.A4,
    wide: bool = False,
) -> Path:
    """Lay ``story`` out on pages carrying ``header``; write the PDF; return its path."""
    register_fonts()
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    size = _page_size(Paper.parse(paper), wide)
    doc = BaseDocTemplate(
        str(out),
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN + HEADER_HEIGHT,
        bottomMargin=MARGIN + FOOTER_HEIGHT,
        title=f"{header.title} — {header.event_name}".strip(" —"),
        author="gin-scorer",
        creator=f"gin-scorer {__version__}",
        subject=f"seal {header.seal}" if header.seal else "no seal yet",
    )
    frame = Frame(
        doc.leftMargin,
        doc.bottomMargin,
        doc.width,
        doc.height,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=_draw_frame_text(header))])
    doc.build(list(story), canvasmaker=_make_numbered_canvas(header))
    return out


def labelled_field(label: str, value: str) -> Paragraph:
    """What one box of a sheet says: its label small and grey, the value under it large and
    bold (an empty value keeps the line's height, to be written in by hand)."""
    return Paragraph(
        f'<font size="7" color="#444444">{markup(label)}</font><br/>'
        f'<font name="{BOLD}" size="12">{markup(value) or "&nbsp;"}</font>',
        styles()["body"],
    )


def boxed_row(cells: Sequence[object], widths: Sequence[float], height: float | None) -> Table:
    """One row of boxes to read or write in, as every sheet draws them: a heavy outline, thin
    lines between the boxes, each box's text at its top (``height`` None: as tall as the
    text needs)."""
    table = grid_table([cells], colWidths=widths, rowHeights=[height])
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
                ("INNERGRID", (0, 0), (-1, -1), 0.4, GRID),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table


def signature_boxes(labels: Sequence[str], width: float) -> Table:
    """A box to sign in for each of ``labels`` (player A, player B, the director ...), side
    by side across ``width``, the label small and grey at the top."""
    body = styles()["body"]
    cells = [
        Paragraph(f'<font size="7" color="#444444">{markup(who)}</font>', body) for who in labels
    ]
    return boxed_row(cells, [width / len(labels)] * len(labels), 12 * mm)


def match_heading_table(heading: MatchHeading, width: float) -> Table:
    """Who plays whom, where: the boxed line at the top of a score sheet and a pad."""
    a_name = heading.player_a + (f" ({heading.club_a})" if heading.club_a else "")
    b_name = heading.player_b + (f" ({heading.club_b})" if heading.club_b else "")
    cells = [
        labelled_field(translate("reports", "Player A"), a_name),
        labelled_field(translate("reports", "Player B"), b_name),
        labelled_field(translate("reports", "Table"), heading.table),
        labelled_field(translate("reports", "Round"), heading.round),
    ]
    small = 22 * mm
    rest = (width - 2 * small) / 2
    return boxed_row(cells, [rest, rest, small, small], 12 * mm)
