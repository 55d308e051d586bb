"""A player's sheet for one event: every match (round, table, opponent, result, games,
points for and against), hands won, gins, undercuts, and the totals with the point
differential — what a player asks the director for at the end of the day.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, TableStyle

from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.standings_table import POINTS_MISSING_MARK, signed
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.reports import template
from gin_scorer.reports.fonts import BOLD, REGULAR, markup


class LineResult(Enum):
    """How a match stands for the player (the value is the English the sheet prints)."""

    WON = QT_TRANSLATE_NOOP("player_sheet", "won")
    LOST = QT_TRANSLATE_NOOP("player_sheet", "lost")
    DRAWN = QT_TRANSLATE_NOOP("player_sheet", "drawn")  # equal totals at a table of three
    BYE = QT_TRANSLATE_NOOP("player_sheet", "bye")
    IN_PLAY = QT_TRANSLATE_NOOP("player_sheet", "in play")
    TO_PLAY = QT_TRANSLATE_NOOP("player_sheet", "to play")

    @property
    def words(self) -> str:
        return translate("player_sheet", self.value)


@dataclass(frozen=True)
class PlayerMatchLine:
    """One match of the player, figures from the match's ledger."""

    round: str
    table: str
    opponent: str  # "" for a bye
    result: LineResult
    games_for: int
    games_against: int
    points_for: int
    points_against: int
    hands_played: int
    hands_won: int
    gins: int
    undercuts: int
    kind: str = ""  # where a reported result came from: "slip", "forfeit" … ("" played),
    # in the reader's language
    points_known: bool = True  # False: a slip without game totals (no points to print)
    table_of_three: bool = False  # one of a table of three's two lines (see _notes)

    @property
    def differential(self) -> int:
        return self.points_for - self.points_against

    @property
    def result_text(self) -> str:
        if self.kind:
            return translate("player_sheet", "{0} ({1})").format(self.result.words, self.kind)
        return self.result.words

    @property
    def opponent_text(self) -> str:
        return (
            self.opponent
            if self.result is not LineResult.BYE
            else translate("player_sheet", "(bye)")
        )


@dataclass(frozen=True)
class PlayerSummary:
    name: str
    club: str = ""
    seed: str = ""
    status: str = ""
    place: str = ""


_HEAD = (
    QT_TRANSLATE_NOOP("player_sheet", "Round"),
    QT_TRANSLATE_NOOP("player_sheet", "Table"),
    QT_TRANSLATE_NOOP("player_sheet", "Opponent"),
    QT_TRANSLATE_NOOP("player_sheet", "Result"),
    QT_TRANSLATE_NOOP("player_sheet", "Games"),
    QT_TRANSLATE_NOOP("player_sheet", "Points\nfor"),
    QT_TRANSLATE_NOOP("player_sheet", "Points\nagainst"),
    "±",
    QT_TRANSLATE_NOOP("player_sheet", "Hands\nwon"),
    QT_TRANSLATE_NOOP("player_sheet", "Gins"),
    QT_TRANSLATE_NOOP("player_sheet", "Under-\ncuts"),
)


def _facts(player: PlayerSummary) -> str:
    """Club, seed, status and place, as far as known: ``Riverside · seed 1 · place 3 of 8``."""
    return " · ".join(
        x
        for x in (
            player.club,
            translate("player_sheet", "seed {0}").format(player.seed) if player.seed else "",
            player.status,
            translate("player_sheet", "place {0}").format(player.place) if player.place else "",
        )
        if x
    )


def _cells(line: PlayerMatchLine, st: dict[str, ParagraphStyle]) -> list[object]:
    return [
        line.round,
        line.table,
        Paragraph(markup(line.opponent_text), st["cell"]),
        Paragraph(markup(line.result_text), st["cell"]),
        f"{line.games_for}–{line.games_against}",
        *(
            (
                str(line.points_for),
                str(line.points_against),
                signed(line.differential, typographic=True),
            )
            if line.points_known
            else ("—", "—", "—")
        ),
        f"{line.hands_won}/{line.hands_played}",
        str(line.gins),
        str(line.undercuts),
    ]


def _total(lines: Sequence[PlayerMatchLine]) -> list[object]:
    """The total row: a bye counts as a win, its (absent) hands do not count as played."""
    played = [ln for ln in lines if ln.result is not LineResult.BYE]
    wins = sum(1 for ln in lines if ln.result in (LineResult.WON, LineResult.BYE))
    losses = sum(1 for ln in lines if ln.result is LineResult.LOST)
    total_for = sum(ln.points_for for ln in lines if ln.points_known)
    total_against = sum(ln.points_against for ln in lines if ln.points_known)
    # A total that leaves out a result without points says so (never a silent zero).
    mark = POINTS_MISSING_MARK if any(not ln.points_known for ln in lines) else ""
    if len(lines) == 1:
        played_text = translate("player_sheet", "1 match")
    else:
        played_text = translate("player_sheet", "{0} matches").format(len(lines))
    return [
        translate("player_sheet", "Total"),
        "",
        played_text,
        f"{wins}–{losses}",
        f"{sum(ln.games_for for ln in lines)}–{sum(ln.games_against for ln in lines)}",
        f"{total_for}{mark}",
        f"{total_against}{mark}",
        signed(total_for - total_against, typographic=True) + mark,
        f"{sum(ln.hands_won for ln in played)}/{sum(ln.hands_played for ln in played)}",
        str(sum(ln.gins for ln in lines)),
        str(sum(ln.undercuts for ln in lines)),
    ]


def _widths(width: float) -> list[float]:
    narrow = 13 * mm
    fixed = [
        narrow,
        narrow,
        0.0,
        24 * mm,  # "lost (double forfeit)" on two lines at most
        narrow,
        15 * mm,
        15 * mm,
        14 * mm,
        15 * mm,
        11 * mm,
        13 * mm,
    ]
    fixed[2] = width - sum(fixed)
    return fixed


_STYLE = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), REGULAR, 8.5),
        ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
        ("FONT", (0, -1), (-1, -1), BOLD, 8.5),
        ("BACKGROUND", (0, 0), (-1, 0), template.LIGHT),
        ("BACKGROUND", (0, -1), (-1, -1), template.LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
        ("LINEABOVE", (0, -1), (-1, -1), 1, colors.black),
        ("LINEBELOW", (0, 1), (-1, -2), 0.25, template.GRID),
        ("ALIGN", (4, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
)


def player_story(
    player: PlayerSummary, lines: Sequence[PlayerMatchLine], *, paper: Paper | str
) -> list[Flowable]:
    st = template.styles()
    width, _ = template.frame_size(paper)
    facts = _facts(player)
    story: list[Flowable] = [Paragraph(markup(player.name), st["h1"])]
    if facts:
        story.append(Paragraph(markup(facts), st["body"]))
    story.append(Spacer(1, 3 * mm))
    head: list[object] = [translate("player_sheet", text) for text in _HEAD]
    data: list[list[object]] = [head, *(_cells(line, st) for line in lines), _total(lines)]
    table = template.grid_table(data, colWidths=_widths(width), repeatRows=1)
    table.setStyle(_STYLE)
    story.append(table)
    story += [
        Spacer(1, 2 * mm),
        Paragraph(markup(" ".join(_notes(lines))), st["small"]),
    ]
    return story


def _notes(lines: Sequence[PlayerMatchLine]) -> list[str]:
    """What the sheet's figures mean, and what its marks say (only those it shows)."""
    notes = [
        translate(
            "player_sheet",
            "Points are final game scores (boxes and bonuses included) summed over each "
            "match; ± is the point differential. A bye counts as a win with no hands.",
        )
    ]
    if any(not line.points_known for line in lines):
        notes.append(
            translate(
                "player_sheet",
                "{0} The totals leave out the results reported without game points (—).",
            ).format(POINTS_MISSING_MARK)
        )
    if any(line.table_of_three for line in lines):
        notes.append(
            translate(
                "player_sheet",
                "At a table of three, a line against each other player: the winner beats "
                "both, of the other two the higher total wins; the hands are those the two "
                "played against each other.",
            )
        )
    if any(line.kind for line in lines):
        notes.append(
            translate(
                "player_sheet",
                "A result in brackets was reported without its hands (a slip, a forfeit, "
                "time called, the director's ruling).",
            )
        )
    return notes


def render_player_sheet(
    out_path: Path | str,
    header: template.PageHeader,
    player: PlayerSummary,
    lines: Sequence[PlayerMatchLine],
    *,
    paper: Paper | str = Paper.A4,
) -> Path:
    return template.build_pdf(
        out_path, header, player_story(player, lines, paper=paper), paper=paper
    )
