"""The pages the projector shows on the wall, as HTML fragments: the standings, the round's
tables, and the same round by name ("find your table"), so many rows a page; and the round
clock's words. Names are text, never markup: every one is escaped.

Pure: the projector window (and, later, the web room) decides how many rows fit its screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TypeVar

from gin_scorer.presentation.club_words import (
    SEASON_SUMMARY_COLUMNS,
    season_notes,
    season_scoring_line,
    season_summary_cells,
)
from gin_scorer.presentation.standings_table import (
    deciding_tie_breaks,
    missing_points_note,
    points_text,
    tie_break_note,
)
from gin_scorer.presentation.three_words import players_phrase
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.services.queries.seasons import SeasonStanding
from gin_scorer.services.queries.standings import StandingRow
from gin_scorer.services.writes.rounds import NameLine, PairingView
from gin_scorer.tournament.settings import TieBreak

T = TypeVar("T")

_TABLE = "<table cellspacing=0 cellpadding=6 width='100%'>"
NOTE_STYLE = "font-size: 16pt; color: #b0bec5"

# Each page's heading row: (alignment, heading), the heading translated when drawn.
_STANDINGS_HEADS = (
    ("left", QT_TRANSLATE_NOOP("columns", "Place")),
    ("left", QT_TRANSLATE_NOOP("columns", "Entrant")),
    ("right", QT_TRANSLATE_NOOP("columns", "W–L")),
)
# A tie-break's column on the wall: its heading and its cell.
_TIE_COLUMNS: dict[TieBreak, tuple[str, Callable[[StandingRow], str]]] = {
    TieBreak.BUCHHOLZ: (QT_TRANSLATE_NOOP("columns", "Opp. wins"), lambda r: str(r.buchholz)),
    TieBreak.GAME_WINS: (
        QT_TRANSLATE_NOOP("columns", "Games"),
        lambda r: f"{r.counts.game_wins}–{r.counts.game_losses}",
    ),
    TieBreak.POINT_DIFFERENTIAL: (
        QT_TRANSLATE_NOOP("columns", "Points ±"),
        lambda r: points_text(r.counts.point_differential, r.counts.points_missing),
    ),
    TieBreak.HEAD_TO_HEAD: (
        QT_TRANSLATE_NOOP("columns", "Head to head"),
        lambda r: str(dict(r.tie_breaks).get(TieBreak.HEAD_TO_HEAD, "")),
    ),
    TieBreak.SEED: (
        QT_TRANSLATE_NOOP("columns", "Seed"),
        lambda r: str(r.entrant.seed) if r.entrant.seed is not None else "—",
    ),
}
_TABLES_HEADS = (
    ("left", QT_TRANSLATE_NOOP("columns", "Table")),
    ("left", QT_TRANSLATE_NOOP("columns", "Player")),
    ("left", ""),
    ("left", QT_TRANSLATE_NOOP("columns", "Player")),
)
_NAMES_HEADS = (
    ("left", QT_TRANSLATE_NOOP("columns", "Player")),
    ("left", QT_TRANSLATE_NOOP("columns", "Table")),
    ("left", QT_TRANSLATE_NOOP("columns", "Against")),
)


@dataclass(frozen=True, slots=True)
class Page:
    """One page: its heading and its body (HTML); ``kind`` says what it shows."""

    heading: str
    body: str
    kind: str  # "standings", "tables", "names", "season", "bracket", "message"


def chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    """``items`` ``size`` at a time (one empty chunk for no items, so a page still shows).

    >>> chunks([1, 2, 3], 2), chunks([], 5)
    ([[1, 2], [3]], [[]])
    """
    size = max(1, size)
    return [items[i : i + size] for i in range(0, max(len(items), 1), size)]


def _numbered(heading: str, count: int, index: int) -> str:
    return heading if count == 1 else f"{heading} ({index + 1}/{count})"


def _html_table(heads: Iterable[tuple[str, str]], rows: Iterable[str]) -> str:
    """A whole table, as every page draws it: the heading row from (alignment, heading) pairs,
    each heading translated, then ``rows`` (each a ``<tr>`` already made). A column without a
    heading (the ``v`` between two players) gets an empty cell, not an empty heading, which
    a screen reader would announce as a heading with no name."""
    head = "".join(
        f"<th align={align}>{escape(translate('columns', text))}</th>" if text else "<td></td>"
        for align, text in heads
    )
    return f"{_TABLE}<tr>{head}</tr>{''.join(rows)}</table>"


def wall_tie_breaks(rows: Sequence[StandingRow]) -> list[TieBreak]:
    """The tie-breaks the wall shows beside W–L: each that decides a place (in the event's
    order), and the points ± always — the figure players know — last when it is not one of
    the event's tie-breaks."""
    order = [tie for tie, _ in rows[0].tie_breaks] if rows else []
    deciding = set(deciding_tie_breaks(rows))
    differential: TieBreak = TieBreak.POINT_DIFFERENTIAL
    shown: list[TieBreak] = [
        t for t in order if t is not TieBreak.MATCH_WINS and (t in deciding or t is differential)
    ]
    if differential not in shown:
        shown.append(differential)
    return shown


def standings_notes(rows: Sequence[StandingRow]) -> list[str]:
    """The notes under the standings: how ties are broken, the ``*`` beside a differential."""
    said = tie_break_note(rows)
    if said:
        said += " " + translate("projector_pages", "In bold: the figure that decided a place.")
    return [note for note in (said, missing_points_note(rows)) if note]


def standings_pages(
    heading: str, rows: Sequence[StandingRow], per_page: int, *, note_style: str = NOTE_STYLE
) -> list[Page]:
    """The standings in place order: place, entrant, won–lost, then the tie-break columns
    that decide the places (:func:`wall_tie_breaks`), the deciding figure of each row in
    bold, so that a 4–2 above another 4–2 says why; the notes under every page."""
    parts = chunks(rows, per_page)
    ties = wall_tie_breaks(rows)
    decided = dict(zip((id(r) for r in rows), deciding_tie_breaks(rows), strict=True))
    heads = [*_STANDINGS_HEADS, *(("right", _TIE_COLUMNS[tie][0]) for tie in ties)]
    notes = "".join(f"<p style='{note_style}'>{escape(n)}</p>" for n in standings_notes(rows))
    pages = []
    for index, part in enumerate(parts):
        body = _html_table(heads, (_standing_row(r, ties, decided.get(id(r))) for r in part))
        pages.append(Page(_numbered(heading, len(parts), index), body + notes, "standings"))
    return pages


def _standing_row(row: StandingRow, ties: Sequence[TieBreak], decided: TieBreak | None) -> str:
    cells = []
    for tie in ties:
        text = escape(_TIE_COLUMNS[tie][1](row))
        cells.append(f"<td align=right>{f'<b>{text}</b>' if tie is decided else text}</td>")
    won, lost = row.counts.match_wins, row.counts.match_losses
    return (
        f"<tr><td width=110>{row.place_label}</td><td>{escape(row.entrant.name)}</td>"
        f"<td align=right>{won}–{lost}</td>{''.join(cells)}</tr>"
    )


def _table_row(p: PairingView, versus: str) -> str:
    """A table's row: ``Ann v Bob`` (``—`` for a bye's missing player), or a table of
    three's players across both player columns, ``Ann, Bob and Cat``."""
    mark = f"<tr><td width=130>{_table_mark(p.table)}</td>"
    if p.c is not None:
        return f"{mark}<td colspan=3>{escape(players_phrase(p.players))}</td></tr>"
    return (
        f"{mark}<td>{escape(p.a.name)}</td><td width=40>{escape(versus)}</td>"
        f"<td>{escape(p.b.name) if p.b else '—'}</td></tr>"
    )


def tables_pages(heading: str, lines: Sequence[PairingView], per_page: int) -> list[Page]:
    """The round by table: table, A v B (a bye last; a table of three names all three)."""
    parts = chunks(lines, per_page)
    versus = translate("projector_pages", "v")
    return [
        Page(
            _numbered(heading, len(parts), index),
            _html_table(_TABLES_HEADS, (_table_row(p, versus) for p in part)),
            "tables",
        )
        for index, part in enumerate(parts)
    ]


def _against(line: NameLine) -> str:
    """Whom a player meets: one opponent, both at a table of three, ``—`` for a bye."""
    if line.second_opponent:
        said = translate("projector_pages", "{0} and {1}")
        return escape(said.format(line.opponent, line.second_opponent))
    return escape(line.opponent) if line.opponent else "—"


def names_pages(heading: str, lines: Sequence[NameLine], per_page: int) -> list[Page]:
    """The round by name, A to Z: where each player sits and against whom — what a player
    looking for their seat reads first."""
    parts = chunks(lines, per_page)
    pages = []
    for index, part in enumerate(parts):
        first = part[0].name[:1].upper() if part else ""
        last = part[-1].name[:1].upper() if part else ""
        span = ""
        if len(parts) > 1 and first:
            span = translate("projector_pages", " — {0} to {1}").format(first, last)
        pages.append(
            Page(
                _numbered(heading + span, len(parts), index),
                _html_table(
                    _NAMES_HEADS,
                    (
                        f"<tr><td>{escape(n.name)}</td>"
                        f"<td width=160>{_table_mark(n.table)}</td>"
                        f"<td>{_against(n)}</td></tr>"
                        for n in part
                    ),
                ),
                "names",
            )
        )
    return pages


def season_pages(standing: SeasonStanding, per_page: int) -> list[Page]:
    """A season's table on the wall: place, player, nights, won, lost, points (the night
    grid is the printout's), with its scoring line and the notes a reader needs."""
    parts = chunks(standing.rows, per_page)
    heading = translate("projector_pages", "{0} — season table").format(standing.season.name)
    notes = [season_scoring_line(standing) + ".", *season_notes(standing, grid=False)]
    footer = "".join(f"<p style='{NOTE_STYLE}'>{escape(note)}</p>" for note in notes)
    pages = []
    for index, part in enumerate(parts):
        cells = [season_summary_cells(standing, row) for row in part]
        table = _html_table(
            (("left" if i < 2 else "right", c) for i, c in enumerate(SEASON_SUMMARY_COLUMNS)),
            (
                "<tr>"
                + "".join(
                    f"<td align={'left' if i < 2 else 'right'}>{escape(cell)}</td>"
                    for i, cell in enumerate(row)
                )
                + "</tr>"
                for row in cells
            ),
        )
        pages.append(Page(_numbered(heading, len(parts), index), table + footer, "season"))
    return pages


@dataclass(frozen=True, slots=True)
class ClockReading:
    """The round clock at one moment, for a page that counts down by itself: ``seconds_left``
    (negative past time), ``paused``, and ``mark`` — equal while the clock goes on as it was,
    different once the director starts, pauses, resumes or resets it."""

    round_number: int | None
    seconds_left: float
    paused: bool
    mark: tuple[object, ...]

    def text(self) -> str:
        """``Round 3 · 23:05 left`` (or ``paused 10:00``, ``time``)."""
        shown = clock_text(self.seconds_left, paused=self.paused)
        if self.round_number is None:
            return shown
        return translate("projector_pages", "Round {0} · {1}").format(self.round_number, shown)


def clock_words() -> dict[str, str]:
    """The clock's words for a page that counts down by itself (the room's script fills in
    ``{0}`` and ``{1}``), the same as :meth:`ClockReading.text` says them."""
    return {
        "round": translate("projector_pages", "Round {0} · {1}"),
        "left": translate("projector_pages", "{0} left"),
        "time": translate("projector_pages", "time"),
    }


def clock_text(seconds_left: float | None, *, paused: bool = False) -> str:
    """The round clock as the wall shows it: ``23:05 left``, ``paused 10:00``, ``time``.

    >>> clock_text(1385), clock_text(59.2), clock_text(0), clock_text(600, paused=True)
    ('23:05 left', '1:00 left', 'time', 'paused 10:00')
    >>> clock_text(None), clock_text(3725)
    ('', '1:02:05 left')
    """
    if seconds_left is None:
        return ""
    if seconds_left <= 0:
        return translate("projector_pages", "time")
    whole = int(seconds_left + 0.999)  # 59.2 s still shows as 1:00: never "0:00 left"
    hours, rest = divmod(whole, 3600)
    minutes, seconds = divmod(rest, 60)
    shown = f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
    if paused:
        return translate("projector_pages", "paused {0}").format(shown)
    return translate("projector_pages", "{0} left").format(shown)


def _table_mark(table: int | None) -> str:
    """``T12`` on the wall, or ``bye``."""
    if table:
        return translate("projector_pages", "T{0}").format(table)
    return translate("projector_pages", "bye")
