"""The bracket chart for single and double elimination: rounds as columns, each match a box
with both sides and their games won, lines joining a match to the one its winner goes to.

The winners' bracket sits above the losers' bracket; the grand final (and its reset) stands
at the right. A side not known yet reads "winner of W1-2" (or "loser of ..."), so the same
chart printed before the event is a blank bracket to fill in by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from gin_scorer.presentation.bracket_words import not_needed
from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup


@dataclass(frozen=True)
class BracketBox:
    """One slot of the bracket as printed. ``a_from``/``b_from`` name the slot whose winner
    fills that side (a line is drawn from it); ``winner`` is "A", "B" or ""."""

    slot: str
    section: str  # "W", "L" or "GF"
    round_in_section: int
    index: int
    label: str
    a_text: str
    b_text: str
    a_known: bool = True  # False: a seed line, a bye, or where the side comes from (muted)
    b_known: bool = True
    a_score: str = ""
    b_score: str = ""
    winner: str = ""
    a_from: str = ""
    b_from: str = ""
    table: str = ""
    needed: bool = True  # False: a grand-final reset the first grand final made unnecessary


class BracketChart(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """Draws every box of a bracket inside ``width`` × ``height``."""

    def __init__(self, boxes: Sequence[BracketBox], width: float, height: float) -> None:
        super().__init__()
        self.boxes = list(boxes)
        self.width = width
        self.height = height
        self._places: dict[str, tuple[float, float, float, float]] = {}

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _layout(self) -> None:
        sections = [s for s in ("W", "L") if any(b.section == s for b in self.boxes)]
        finals = sorted(
            (b for b in self.boxes if b.section == "GF"), key=lambda b: b.round_in_section
        )
        rounds_of = {
            sec: sorted({b.round_in_section for b in self.boxes if b.section == sec})
            for sec in sections
        }
        columns = max((len(r) for r in rounds_of.values()), default=0) + len(finals)
        title_h = 5 * mm
        col_w = self.width / max(columns, 1)
        box_w = min(col_w - 5 * mm, 62 * mm)
        # Share the height between the sections by how many first-round boxes each has.
        firsts = {
            s: max(
                sum(1 for b in self.boxes if b.section == s and b.round_in_section == r)
                for r in {b.round_in_section for b in self.boxes if b.section == s}
            )
            for s in sections
        }
        total = sum(firsts.values()) or 1
        top = self.height
        unit_min = (
            min(
                ((self.height - title_h * len(sections)) * firsts[s] / total) / firsts[s]
                for s in sections
            )
            if sections
            else self.height
        )
        self.box_h = min(12 * mm, unit_min * 0.82)
        # Small enough that "winner L10-1" fits a narrow box beside its score.
        text_w = box_w - max(5 * mm, box_w * 0.16) - 3
        fits = text_w / stringWidth("winner L10-10", REGULAR, 1)
        self.font = max(4.5, min(8.0, self.box_h / 2 * 0.62, fits))
        self.box_w = box_w
        self.col_w = col_w
        self.titles: list[tuple[float, float, str]] = []
        section_band: dict[str, tuple[float, float]] = {}
        for s in sections:
            band = (self.height - title_h * len(sections)) * firsts[s] / total + title_h
            section_band[s] = (top - band, top)
            self._place_section(s, rounds_of[s], top, band, title_h)
            top -= band
        if finals:
            self._place_finals(finals, section_band, columns)

    def _place_section(
        self, section: str, rounds: list[int], top: float, band: float, title_h: float
    ) -> None:
        """A column per round of ``section``, its boxes spread evenly down the band."""
        for column, r in enumerate(rounds):
            in_round = sorted(
                (b for b in self.boxes if b.section == section and b.round_in_section == r),
                key=lambda b: b.index,
            )
            x = column * self.col_w
            area_top = top - title_h
            unit = (band - title_h) / len(in_round)
            self.titles.append((x, top - title_h + 1.5 * mm, in_round[0].label))
            for i, box in enumerate(in_round):
                y_mid = area_top - unit * (i + 0.5)
                self._places[box.slot] = (x, y_mid - self.box_h / 2, self.box_w, self.box_h)

    def _place_finals(
        self,
        finals: list[BracketBox],
        section_band: dict[str, tuple[float, float]],
        columns: int,
    ) -> None:
        """The grand final (and its reset) in the last columns: level with the middle of
        the winners' bracket, or with its foot when there is a losers' bracket below."""
        w_low, w_high = section_band.get("W", (0, self.height))
        y_mid = (w_low + w_high) / 2 if "L" not in section_band else w_low
        first_col = columns - len(finals)
        for k, box in enumerate(finals):
            x = (first_col + k) * self.col_w
            # Above the slot tag (GF · table 1) that sits on the box.
            self.titles.append((x, y_mid + self.box_h / 2 + 4.5 * mm, box.label))
            self._places[box.slot] = (x, y_mid - self.box_h / 2, self.box_w, self.box_h)

    def _fit(self, text: str, font: str, size: float, width: float) -> str:
        if stringWidth(text, font, size) <= width:
            return text
        while text and stringWidth(text + "…", font, size) > width:
            text = text[:-1]
        return text + "…"

    def draw(self) -> None:
        self._layout()
        canvas = self.canv
        canvas.saveState()
        canvas.setFont(BOLD, 7)
        canvas.setFillColor(colors.HexColor("#333333"))
        for x, y, label in self.titles:
            canvas.drawString(x, y, self._fit(label, BOLD, 7, self.col_w - 2 * mm))
        by_slot = {b.slot: b for b in self.boxes}
        canvas.setStrokeColor(template.GRID)
        canvas.setLineWidth(0.6)
        for box in self.boxes:
            x, y, _, h = self._places[box.slot]
            for source, row_mid in ((box.a_from, y + h * 0.75), (box.b_from, y + h * 0.25)):
                if source in self._places and source in by_slot:
                    sx, sy, sw, sh = self._places[source]
                    start_x, start_y = sx + sw, sy + sh / 2
                    elbow = (start_x + x) / 2
                    path = canvas.beginPath()
                    path.moveTo(start_x, start_y)
                    path.lineTo(elbow, start_y)
                    path.lineTo(elbow, row_mid)
                    path.lineTo(x, row_mid)
                    canvas.drawPath(path, stroke=1, fill=0)
        for box in self.boxes:
            self._draw_box(box)
        canvas.restoreState()

    def _draw_box(self, box: BracketBox) -> None:
        canvas = self.canv
        x, y, w, h = self._places[box.slot]
        score_w = max(5 * mm, w * 0.16)
        sides = (
            (box.a_text, box.a_score, "A", box.a_known),
            (box.b_text, box.b_score, "B", box.b_known),
        )
        if not box.needed:  # nobody plays it: say so instead of naming players
            sides = ((not_needed(), "", "A", False), ("", "", "B", False))
        for row, (text, score, side, known) in enumerate(sides):
            ry = y + h / 2 if row == 0 else y
            won = box.winner == side
            canvas.setFillColor(template.EMPHASIS if won else colors.white)
            canvas.setStrokeColor(colors.black)
            canvas.setLineWidth(0.8)
            canvas.rect(x, ry, w, h / 2, stroke=1, fill=1)
            canvas.line(x + w - score_w, ry, x + w - score_w, ry + h / 2)
            font = BOLD if won else REGULAR
            canvas.setFillColor(colors.black if known else colors.HexColor("#777777"))
            canvas.setFont(font, self.font)
            baseline = ry + h / 4 - self.font * 0.35
            canvas.drawString(x + 1.5, baseline, self._fit(text, font, self.font, w - score_w - 3))
            canvas.setFillColor(colors.black)
            canvas.drawCentredString(x + w - score_w / 2, baseline, score)
        canvas.setFont(REGULAR, max(4.0, self.font * 0.7))
        canvas.setFillColor(colors.HexColor("#555555"))
        tag = box.slot
        if box.table:
            tag = translate("bracket", "{0} · table {1}").format(box.slot, box.table)
        canvas.drawRightString(x + w, y + h + 1, tag)


MAX_FIRST_ROUND = 16
"""First-round boxes one page holds legibly; a larger bracket is split over pages."""

_SECTION_NAMES = {
    "W": QT_TRANSLATE_NOOP("bracket", "Winners' bracket"),
    "L": QT_TRANSLATE_NOOP("bracket", "Losers' bracket"),
}


def bracket_pages(
    boxes: Sequence[BracketBox], max_first: int = MAX_FIRST_ROUND
) -> list[tuple[str, list[BracketBox]]]:
    """Split a bracket into pages of at most ``max_first`` first-round boxes per section.

    A small bracket stays on one page. A large one gets each section cut into equal parts
    (each part a whole sub-tree of the early rounds) and a last page with the later rounds of
    both sections and the grand final; a side fed from another page names its slot.

    >>> small = [BracketBox(f"W1-{i}", "W", 1, i, "Round 1", "a", "b") for i in range(1, 9)]
    >>> [(title, len(page)) for title, page in bracket_pages(small)]
    [('', 8)]
    """
    sections = [sec for sec in ("W", "L") if any(b.section == sec for b in boxes)]
    if sum(_first_count(boxes, sec) for sec in sections) <= max_first:
        return [("", list(boxes))]
    pages: list[tuple[str, list[BracketBox]]] = []
    late: list[BracketBox] = []
    for sec in sections:
        pages += _section_pages(boxes, sec, max_first, late)
    finals = [b for b in boxes if b.section == "GF"]
    if late:
        pages.append((translate("bracket", "Later rounds and final"), late + finals))
    elif finals:
        title, last = pages[-1]
        pages[-1] = (title, last + finals)
    return pages


def _first_count(boxes: Sequence[BracketBox], sec: str) -> int:
    """The most boxes any round of section ``sec`` has (its first round's, in a bracket)."""
    counts: dict[int, int] = {}
    for b in boxes:
        if b.section == sec:
            counts[b.round_in_section] = counts.get(b.round_in_section, 0) + 1
    return max(counts.values(), default=0)


def _section_pages(
    boxes: Sequence[BracketBox], sec: str, max_first: int, late: list[BracketBox]
) -> list[tuple[str, list[BracketBox]]]:
    """Section ``sec`` cut into equal parts of whole early sub-trees; the rounds too late to
    split are added to ``late``."""
    parts = -(-_first_count(boxes, sec) // max_first)
    by_round: dict[int, list[BracketBox]] = {}
    for b in boxes:
        if b.section == sec:
            by_round.setdefault(b.round_in_section, []).append(b)
    chunks: list[list[BracketBox]] = [[] for _ in range(parts)]
    for in_round in by_round.values():
        count = len(in_round)
        for b in in_round:
            if count >= parts > 1:
                chunks[(b.index - 1) * parts // count].append(b)
            elif parts == 1:
                chunks[0].append(b)
            else:
                late.append(b)
    name = translate("bracket", _SECTION_NAMES[sec])
    if parts == 1:
        return [(name, chunks[0])]
    part = translate("bracket", "{0} — part {1} of {2}")
    return [(part.format(name, k, parts), chunk) for k, chunk in enumerate(chunks, start=1)]


RESULT_MARKS_LEGEND = QT_TRANSLATE_NOOP(
    "bracket",
    "A score marked S came from a slip, F from a forfeit, T from time called, A from the "
    "director's ruling; unmarked scores come from the recorded hands.",
)


def render_bracket(
    out_path: Path | str,
    header: template.PageHeader,
    boxes: Sequence[BracketBox],
    *,
    paper: Paper | str = Paper.A4,
) -> Path:
    """The bracket on landscape pages: one for a small field, several for a large one."""
    width, height = template.frame_size(paper, wide=True)
    stories: list[list[Flowable]] = []
    marked = any(box.a_score[-1:].isalpha() or box.b_score[-1:].isalpha() for box in boxes)
    for title, page in bracket_pages(boxes):
        chart_h = height - 2 * mm
        story: list[Flowable] = []
        if title:
            story.append(Paragraph(markup(title), template.styles()["h2"]))
            chart_h -= 9 * mm
        if marked:
            legend = translate("bracket", RESULT_MARKS_LEGEND)
            story.append(Paragraph(markup(legend), template.styles()["small"]))
            chart_h -= 6 * mm
        stories.append([*story, BracketChart(page, width, chart_h)])
    return template.build_pdf(
        out_path, header, template.one_per_page(stories), paper=paper, wide=True
    )
