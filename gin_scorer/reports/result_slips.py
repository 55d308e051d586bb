"""Result slips: one per table per round, four to a page, to cut apart and collect.

Each slip repeats the event, round and table (it travels alone once cut), names both players
(blank slips leave room to write them), and has boxes for games won, the match points, the
winner, and both signatures. Dashed lines show where to cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Table, TableStyle

from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.sheet_fill import MatchHeading
from gin_scorer.presentation.words import translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup

SLIPS_PER_PAGE = 4


def slips_per_page(games: int) -> int:
    """Four slips to a page, three when they carry three or more games' finals: a line to
    write each game's two finals by hand needs the room."""
    return 3 if games >= 3 else SLIPS_PER_PAGE


@dataclass(frozen=True)
class Slip:
    """What a slip knows before the match: the event, who plays whom where (all blank on a
    blank slip), and how many games a match can take (a line for each game's finals; 0 for a
    match a slip cannot describe, Hollywood or multi-match)."""

    event_name: str = ""
    heading: MatchHeading = field(default_factory=MatchHeading)
    games: int = 5


class CutLine(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """A dashed line across the frame with a pair of scissors, where to cut."""

    def __init__(self, width: float) -> None:
        super().__init__()
        self.width = width
        self.height = 6 * mm

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor("#888888"))
        canvas.setDash(3, 3)
        canvas.setLineWidth(0.6)
        canvas.line(6 * mm, self.height / 2, self.width, self.height / 2)
        canvas.setFont(REGULAR, 9)
        canvas.setFillColor(colors.HexColor("#888888"))
        canvas.drawString(0, self.height / 2 - 3, "✂")
        canvas.restoreState()


def _seal_text(seal: str | None) -> str:
    """The slip's own seal line: a slip is cut from its page, so the footer does not travel
    with it; this names the database state it was printed from (before the match was played).

    >>> _seal_text(None)
    ''
    """
    if not seal:
        return ""
    code = markup(translate("result_slips", "Seal {0}")).format(markup(seal))
    said = translate(
        "result_slips",
        "when printed — “gin-scorer verify --seal {0}” proves nothing recorded before "
        "it has changed",
    )
    return f'<font name="{BOLD}">{code}</font> {markup(said).format(markup(seal))}'


_SLIP_STYLE = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), REGULAR, 9),
        ("FONT", (0, 2), (0, 3), BOLD, 14),
        ("FONT", (3, 2), (3, 3), REGULAR, 14),
        ("SPAN", (0, 0), (1, 0)),
        ("SPAN", (2, 0), (4, 0)),
        ("SPAN", (4, 1), (4, 3)),
        ("LEFTPADDING", (4, 1), (4, 3), 0),
        ("RIGHTPADDING", (4, 1), (4, 3), 0),
        ("TOPPADDING", (4, 1), (4, 3), 0),
        ("BOTTOMPADDING", (4, 1), (4, 3), 0),
        ("SPAN", (0, 4), (1, 4)),
        ("SPAN", (2, 4), (4, 4)),
        ("SPAN", (0, 5), (1, 5)),
        ("SPAN", (2, 5), (4, 5)),
        ("SPAN", (0, 6), (4, 6)),
        ("BACKGROUND", (0, 0), (-1, 0), template.LIGHT),
        ("ALIGN", (0, 2), (0, 3), "CENTER"),
        ("ALIGN", (3, 2), (3, 3), "CENTER"),
        ("VALIGN", (0, 0), (-1, 3), "MIDDLE"),
        ("VALIGN", (0, 4), (-1, 5), "TOP"),
        ("VALIGN", (0, 6), (-1, 6), "MIDDLE"),
        ("TOPPADDING", (0, 6), (-1, 6), 0),
        ("BOTTOMPADDING", (0, 6), (-1, 6), 2),
        ("GRID", (0, 1), (-1, -1), 0.4, template.GRID),
        ("BOX", (0, 0), (-1, -1), 1.4, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
    ]
)
"""The slip's grid: the title band shaded, seats and tick boxes large, the seal line small."""


def _slip_table(slip: Slip, width: float, height: float, seal: str | None = None) -> Table:
    st = template.styles()

    def label(text: str) -> Paragraph:  # a label of the slip's own, or the seal line (markup)
        return Paragraph(text, st["label"])

    def name(player: str, club: str) -> Paragraph:
        club_text = f' <font size="8" color="#444444">{markup(club)}</font>' if club else ""
        return Paragraph(
            f'<font name="{BOLD}" size="11">{markup(player)}</font>{club_text}', st["body"]
        )

    title = (
        f'<font name="{BOLD}" size="11">{markup(translate("result_slips", "Result slip"))}</font>'
        f'  <font size="9">{markup(slip.event_name)}</font>'
    )
    round_number = f'<font name="{BOLD}" size="12">{markup(slip.heading.round) or "____"}</font>'
    table_number = f'<font name="{BOLD}" size="12">{markup(slip.heading.table) or "____"}</font>'
    where = markup(translate("result_slips", "Round {0}    Table {1}")).format(
        round_number, table_number
    )
    data: list[list[object]] = [
        [Paragraph(title, st["body"]), "", Paragraph(where, st["body"]), "", ""],
        [
            label(markup(translate("result_slips", "Seat"))),
            label(markup(translate("result_slips", "Player (print name)"))),
            label(markup(translate("result_slips", "Games won"))),
            label(markup(translate("result_slips", "Winner ✓"))),
            "",  # the games' finals, spanning the seats' rows
        ],
        ["A", name(slip.heading.player_a, slip.heading.club_a), "", "☐", ""],
        ["B", name(slip.heading.player_b, slip.heading.club_b), "", "☐", ""],
        [
            label(markup(translate("result_slips", "Signature, player A"))),
            "",
            label(markup(translate("result_slips", "Signature, player B"))),
            "",
            "",
        ],
        [
            label(markup(translate("result_slips", "Received by / time"))),
            "",
            label(markup(translate("result_slips", "Entered (initials)"))),
            "",
            "",
        ],
        [label(_seal_text(seal)), "", "", "", ""],
    ]
    return _laid_out(data, slip.games, width, height)


def _laid_out(data: list[list[object]], games: int, width: float, height: float) -> Table:
    """The slip's cells on its grid: the seats' rows tall enough for a line per game."""
    seat, small, finals = 12 * mm, 20 * mm, 62 * mm
    player = width - seat - 2 * small - finals
    fixed = 8 * mm + 5 * mm + 4.5 * mm
    rest = (height - fixed) / 4
    seats = max(rest, (games * 6 * mm + 6 * mm) / 2) if games else rest
    signs = (height - fixed - 2 * seats) / 1.7
    data[1][4] = _finals_block(games, finals, 5 * mm + 2 * seats)
    table = template.grid_table(
        data,
        colWidths=[seat, player, small, small, finals],
        rowHeights=[8 * mm, 5 * mm, seats, seats, signs, signs * 0.7, 4.5 * mm],
    )
    table.setStyle(_SLIP_STYLE)
    return table


def _finals_block(games: int, width: float, height: float) -> Table | str:
    """A line per game for its finals, A's and B's, as the foot of the pad has them: the
    game's points with its boxes and bonuses (decision 0016), which the slip's line takes."""
    if games < 1:
        return ""
    st = template.styles()
    caption = Paragraph(
        markup(
            translate(
                "result_slips",
                "Each game's final, from the foot of the pad: points + boxes + bonuses",
            )
        ),
        st["label"],
    )
    rows: list[list[object]] = [
        [caption, "", ""],
        [
            translate("result_slips", "Game"),
            translate("result_slips", "A's final"),
            translate("result_slips", "B's final"),
        ],
    ]
    rows += [[str(n), "", ""] for n in range(1, games + 1)]
    top, heads = 7 * mm, 4 * mm
    line = (height - top - heads) / games
    block = template.grid_table(
        rows,
        colWidths=[width * 0.2, width * 0.4, width * 0.4],
        rowHeights=[top, heads, *([line] * games)],
    )
    block.setStyle(_FINALS_STYLE)
    return block


_FINALS_STYLE = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), REGULAR, 8),
        ("SPAN", (0, 0), (2, 0)),
        ("ALIGN", (0, 1), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, template.GRID),
        ("LINEBEFORE", (1, 1), (2, -1), 0.4, template.GRID),
    ]
)
"""The games' lines: the caption over them, a column each for A's and B's finals."""


def slips_story(
    slips: Sequence[Slip], *, paper: Paper | str, seal: str | None = None
) -> list[Flowable]:
    width, height = template.frame_size(paper)
    cut = 6 * mm
    per_page = slips_per_page(max((s.games for s in slips), default=0))
    slip_h = (height - cut * (per_page - 1)) / per_page - 1
    story: list[Flowable] = []
    for i, slip in enumerate(slips):
        if i % per_page:
            story.append(CutLine(width))
        elif i:
            story.append(PageBreak())
        story.append(_slip_table(slip, width, slip_h, seal))
    return story


def render_result_slips(
    out_path: Path | str,
    header: template.PageHeader,
    slips: Sequence[Slip],
    *,
    paper: Paper | str = Paper.A4,
) -> Path:
    """Write the slips, four to a page (a blank page of four when ``slips`` is empty)."""
    chosen = list(slips) or [Slip(event_name=header.event_name)] * slips_per_page(5)
    story = slips_story(chosen, paper=paper, seal=header.seal)
    return template.build_pdf(out_path, header, story, paper=paper)
