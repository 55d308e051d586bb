"""The standings as people read them: place labels ("3=" for a shared place), signed point
differentials, the columns (one per tie-break the event uses beyond the record itself) and
the row texts, for the app's table, the printed standings and the terminal.

The figures are the standings service's :class:`StandingRow` values; nothing is ranked or
added up here. Where the front ends differ today they still do, on purpose and by parameter:
the printout sets a typographic minus (−5) and notes withdrawals and byes in a "Note"
column; the app sets "-5" and shows byes as a column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from gin_scorer.presentation.bracket_words import progress_words
from gin_scorer.presentation.columns import ColumnSpec
from gin_scorer.presentation.names import name_key
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.services.queries.standings import StandingRow
from gin_scorer.services.support.dto import NameOrder
from gin_scorer.tournament.settings import TieBreak
from gin_scorer.tournament.standings import RecordCounts, SharedPlace

SHOWN_AS_COLUMNS = frozenset({"match_wins", "game_wins", "point_differential"})
"""Tie-breaks every standings table already shows as record columns (no column of their own)."""

_PRINTED_HEADINGS = {
    "buchholz": QT_TRANSLATE_NOOP("columns", "Opp.\nwins"),
    "head_to_head": QT_TRANSLATE_NOOP("columns", "Head to\nhead"),
    "seed": QT_TRANSLATE_NOOP("columns", "Seed"),
}
"""Narrow two-line headings for the printed tie-break columns (others print their label)."""


def signed(value: int, *, typographic: bool = False) -> str:
    """A differential with its sign: ``+25``, ``0``, ``-5`` (``−5`` when ``typographic``,
    as the printouts set it).

    >>> signed(25), signed(0), signed(-5), signed(-5, typographic=True)
    ('+25', '0', '-5', '−5')
    """
    if value > 0:
        return f"+{value}"
    if value < 0 and typographic:
        return "−" + str(-value)
    return str(value)


POINTS_MISSING_MARK = "*"
"""Beside a point differential that leaves out results reported without game points."""


def points_text(value: int, missing: int = 0, *, typographic: bool = False) -> str:
    """The point differential, marked when results without game points are left out of it:
    such a figure is never a complete differential, and a zero there is not a zero.

    >>> points_text(120), points_text(120, 1), points_text(0, 2, typographic=True)
    ('+120', '+120*', '0*')
    """
    return signed(value, typographic=typographic) + (POINTS_MISSING_MARK if missing else "")


def missing_points_note(rows: Sequence[StandingRow]) -> str:
    """The footnote to :data:`POINTS_MISSING_MARK`, or "" when every result had its points.

    Counted per result, not per row (a slip touches two rows)."""
    results = (sum(r.counts.points_missing for r in rows) + 1) // 2
    if not results:
        return ""
    if results == 1:
        said = translate(
            "standings_table",
            "{0} The points differential leaves out 1 result reported without game points "
            "(slips), so it is incomplete for the marked entrants.",
        )
    else:
        said = translate(
            "standings_table",
            "{0} The points differential leaves out {1} results reported without game points "
            "(slips), so it is incomplete for the marked entrants.",
        )
    return said.format(POINTS_MISSING_MARK, results)


# The tie-breaks' names (TieBreak.label, the English the settings keep) marked as headings.
_TIE_BREAK_WORDS = (
    QT_TRANSLATE_NOOP("columns", "Match wins"),
    QT_TRANSLATE_NOOP("columns", "Game wins"),
    QT_TRANSLATE_NOOP("columns", "Point differential"),
    QT_TRANSLATE_NOOP("columns", "Head to head"),
    QT_TRANSLATE_NOOP("columns", "Opponents' match wins"),
    QT_TRANSLATE_NOOP("columns", "Seed"),
)


def tie_break_label(tie: TieBreak) -> str:
    """A tie-break's name in the reader's language (``Opponents' match wins``)."""
    return translate("columns", tie.label)


def extra_tie_breaks(rows: Sequence[StandingRow]) -> list[tuple[int, str, str]]:
    """The event's tie-breaks that get a column: (position in the row's tie-breaks, value,
    label), in the event's order."""
    tie_breaks = rows[0].tie_breaks if rows else ()
    return [
        (position, tie.value, tie.label)
        for position, (tie, _value) in enumerate(tie_breaks)
        if tie.value not in SHOWN_AS_COLUMNS
    ]


def deciding_tie_breaks(rows: Sequence[StandingRow]) -> tuple[TieBreak | None, ...]:
    """For each row, the tie-break that placed it below the row above: the first of the
    event's tie-breaks (the record's match wins first) on which the two differ. ``None`` for
    the first row and for a place shared with the row above — and for every row of a
    knockout, whose places come from its bracket. What a player asks the desk ("why is he
    above me at 4–2?") is answered by that column."""
    decided: list[TieBreak | None] = [None]
    for above, row in pairwise(rows):
        if row.place == above.place:
            decided.append(None)
            continue
        decided.append(
            next(
                (
                    tie
                    for (tie, value), (_, over) in zip(
                        row.tie_breaks, above.tie_breaks, strict=False
                    )
                    if value != over
                ),
                None,
            )
        )
    return tuple(decided[: len(rows)])


# --- the app's table -------------------------------------------------------------------------


def _entrant_text(row: StandingRow) -> str:
    if row.withdrawn:
        return translate("standings_table", "{0} (withdrawn)").format(row.entrant.name)
    return row.entrant.name


def _entrant_column(order: NameOrder) -> ColumnSpec:
    """The entrant's name, sorted by the name key of ``order`` when its heading is clicked."""
    return ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Entrant"),
        _entrant_text,
        lambda r: name_key(r.entrant.name, order),
        align_left=True,
    )


_RECORD_COLUMNS = (
    ColumnSpec(QT_TRANSLATE_NOOP("columns", "Place"), lambda r: r.place_label, lambda r: r.place),
    _entrant_column(NameOrder.SURNAME),
    ColumnSpec(QT_TRANSLATE_NOOP("columns", "Club"), lambda r: r.entrant.club, align_left=True),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Played"),
        lambda r: str(r.counts.played),
        lambda r: r.counts.played,
    ),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Won"),
        lambda r: str(r.counts.match_wins),
        lambda r: r.counts.match_wins,
    ),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Lost"),
        lambda r: str(r.counts.match_losses),
        lambda r: r.counts.match_losses,
    ),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Games"),
        lambda r: f"{r.counts.game_wins}–{r.counts.game_losses}",
        lambda r: r.counts.game_wins,
    ),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Points ±"),
        lambda r: points_text(r.counts.point_differential, r.counts.points_missing),
        lambda r: r.counts.point_differential,
        tooltip=QT_TRANSLATE_NOOP(
            "columns", "Total point differential (* leaves out results reported without points)"
        ),
    ),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Byes"), lambda r: str(r.counts.byes), lambda r: r.counts.byes
    ),
)
"""The columns every standings table has: place, entrant, the record, byes."""


def standings_columns(
    rows: Sequence[StandingRow], order: NameOrder = NameOrder.SURNAME
) -> list[ColumnSpec]:
    """The app's standings columns: place, entrant (sorted by ``order``'s name key),
    record, byes, one column per extra tie-break of the event, and the bracket position when
    any row has one."""
    columns = list(_RECORD_COLUMNS)
    columns[1] = _entrant_column(order)
    if any(r.counts.forfeits for r in rows):  # won or lost unplayed: not in "Played"
        columns.append(
            ColumnSpec(
                QT_TRANSLATE_NOOP("columns", "Forfeits"),
                lambda r: str(r.counts.forfeits),
                lambda r: r.counts.forfeits,
                tooltip=QT_TRANSLATE_NOOP(
                    "columns", "Matches won or lost by forfeit: unplayed, so not in Played"
                ),
            )
        )
    for position, _value, label in extra_tie_breaks(rows):
        columns.append(
            ColumnSpec(
                label,
                _tie_break_text(position),
                _tie_break_value(position),
                tooltip=QT_TRANSLATE_NOOP("columns", "Tie-break {0}"),
                tooltip_values=(position + 1,),
            )
        )
    if any(r.position is not None for r in rows):
        columns.append(
            ColumnSpec(
                QT_TRANSLATE_NOOP("columns", "Bracket"),
                lambda r: progress_words(r.position),
                align_left=True,
            )
        )
    return columns


def _tie_break_text(i: int) -> Callable[[StandingRow], str]:
    return lambda r: str(r.tie_breaks[i][1]) if i < len(r.tie_breaks) else ""


def _tie_break_value(i: int) -> Callable[[StandingRow], object]:
    return lambda r: r.tie_breaks[i][1] if i < len(r.tie_breaks) else 0


# --- the printout ------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingLine(SharedPlace):
    """One entrant's printed line, with every figure already computed."""

    name: str
    club: str
    counts: RecordCounts  # the standings' own counts, held as they are
    tie_breaks: tuple[str, ...] = ()  # values of the extra columns, already formatted
    note: str = ""  # "withdrawn", bracket position, ...

    @property
    def points_text(self) -> str:
        c = self.counts
        return points_text(c.point_differential, c.points_missing, typographic=True)


@dataclass(frozen=True)
class PrintedStandings:
    """What the printed standings need: the lines, the extra columns' headings, and a note
    naming the tie-break order ("" when the event has none)."""

    lines: tuple[StandingLine, ...]
    tie_break_headings: tuple[str, ...]
    note: str


def printed_standings(rows: Sequence[StandingRow]) -> PrintedStandings:
    """The printout's lines from the standings service's rows."""
    order = [tie for tie, _ in rows[0].tie_breaks] if rows else []
    extra = [tie for tie in order if tie.value not in SHOWN_AS_COLUMNS]
    lines = tuple(
        StandingLine(
            place=row.place,
            place_to=row.place_to,
            name=row.entrant.name,
            club=row.entrant.club,
            counts=row.counts,
            tie_breaks=tuple(str(dict(row.tie_breaks).get(tie, "")) for tie in extra),
            note=printed_note(row),
        )
        for row in rows
    )
    note = " ".join(x for x in (tie_break_note(rows), missing_points_note(rows)) if x)
    headings = tuple(
        translate("columns", _PRINTED_HEADINGS[tie.value])
        if tie.value in _PRINTED_HEADINGS
        else tie_break_label(tie)
        for tie in extra
    )
    return PrintedStandings(lines, headings, note)


def tie_break_note(rows: Sequence[StandingRow]) -> str:
    """``Ties broken by: match wins, opponents' match wins, …`` ("" when the event has no
    tie-breaks: a knockout)."""
    order = [tie for tie, _ in rows[0].tie_breaks] if rows else []
    if not order:
        return ""
    broken_by = ", ".join(tie_break_label(tie).lower() for tie in order)
    return translate("standings_table", "Ties broken by: {0}.").format(broken_by)


def printed_note(row: StandingRow) -> str:
    """The printout's "Note" cell: the bracket position, "withdrawn", the byes.

    Joined by commas, each part only when it says something."""
    parts = [progress_words(row.position)]
    if row.withdrawn:
        parts.append(translate("standings_table", "withdrawn"))
    if row.counts.byes == 1:
        parts.append(translate("standings_table", "1 bye"))
    elif row.counts.byes:
        parts.append(translate("standings_table", "{0} byes").format(row.counts.byes))
    if row.counts.forfeits == 1:
        parts.append(translate("standings_table", "1 forfeit"))
    elif row.counts.forfeits:
        parts.append(translate("standings_table", "{0} forfeits").format(row.counts.forfeits))
    return ", ".join(x for x in parts if x)


# --- the terminal ------------------------------------------------------------------------------


def standings_text(rows: Sequence[StandingRow]) -> list[str]:
    """The terminal's standings: a heading line, one fixed-width line per entrant with the
    record, a column per tie-break of the event beyond the record (the order can be read
    from the terminal) and, in a knockout, each entrant's bracket position; then the order
    the ties are broken in, and the footnote to a differential marked ``*``."""
    extra = extra_tie_breaks(rows)
    widths = [
        max(len(tie_break_label_of(value)), *(len(_tie_text(r, i)) for r in rows))
        for i, value, _label in extra
    ]
    bracket = any(r.position is not None for r in rows)
    heading = (
        f"{translate('standings_table', 'place'):>6}  "
        f"{translate('standings_table', 'entrant'):<26} {translate('standings_table', 'W-L'):>6} "
        f"{translate('standings_table', 'games'):>7} {translate('standings_table', 'points'):>7}"
    )
    heading += "".join(
        f"  {tie_break_label_of(value):>{width}}"
        for (_i, value, _l), width in zip(extra, widths, strict=True)
    )
    lines = [heading + (f"  {translate('standings_table', 'bracket')}" if bracket else "")]
    for r in rows:
        c = r.counts
        line = (
            f"{r.place_label:>6}  {r.entrant.name[:26]:<26} {c.match_wins:>2}-{c.match_losses:<3} "
            f"{c.game_wins:>3}-{c.game_losses:<3} "
            f"{points_text(c.point_differential, c.points_missing):>7}"
        )
        line += "".join(
            f"  {_tie_text(r, i):>{width}}"
            for (i, _v, _l), width in zip(extra, widths, strict=True)
        )
        if bracket:
            line += f"  {progress_words(r.position)}"
        notes = printed_note(r) if not bracket else _unbracketed_note(r)
        lines.append(line + (f"  ({notes})" if notes else ""))
    order = [tie for tie, _ in rows[0].tie_breaks] if rows else []
    if order:
        broken_by = ", ".join(tie_break_label(tie).lower() for tie in order)
        lines.append(translate("standings_table", "Ties broken by: {0}.").format(broken_by))
    missing = missing_points_note(rows)
    return [*lines, missing] if missing else lines


def tie_break_label_of(value: str) -> str:
    """A tie-break column's short heading from its stored value (``buchholz``: "Opp. wins",
    as the printout heads it, on one line), in the reader's language."""
    if value in _PRINTED_HEADINGS:
        return " ".join(translate("columns", _PRINTED_HEADINGS[value]).split())
    return tie_break_label(TieBreak(value))


def _tie_text(row: StandingRow, position: int) -> str:
    return str(row.tie_breaks[position][1]) if position < len(row.tie_breaks) else ""


def _unbracketed_note(row: StandingRow) -> str:
    """The notes of a knockout's line beside its bracket column: without the position."""
    return ", ".join(
        part
        for part in printed_note(row).split(", ")
        if part and part != progress_words(row.position)
    )
