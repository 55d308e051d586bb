"""The club between tournaments in words: the season table's columns, the rating list's
lines and a player's page, for the terminal, the printouts and the app alike.

Nothing is counted here: the figures are the services' values (season table, rating rows,
player record); this module only chooses the columns and the words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.presentation.columns import headings
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, say, translate
from gin_scorer.services.queries.player_record import PlayerRecord
from gin_scorer.services.queries.ratings import RatingRow
from gin_scorer.services.queries.seasons import SeasonStanding
from gin_scorer.tournament.ratings import Rating
from gin_scorer.tournament.season import SeasonRow

PROVISIONAL_MARK = "?"
"""Beside a rating still provisional (fewer rated matches than the scale asks for)."""


def rating_text(rating: float, provisional: bool) -> str:
    """A rating as lists show it: whole, marked while provisional.

    >>> rating_text(1612.4, False), rating_text(1499.6, True)
    ('1612', '1500?')
    """
    return f"{round(rating)}{PROVISIONAL_MARK if provisional else ''}"


def entrant_rating_text(ratings: Sequence[Rating]) -> str:
    """An entrant's rating in a pairing list: the player's, or each teammate's (``1612 / 1500?``);
    ``""`` for none."""
    return " / ".join(rating_text(r.rating, r.provisional) for r in ratings)


def night_cell(points: int | None, counted: bool) -> str:
    """A night's points in the season grid: blank when absent, in brackets when dropped
    (only the best nights count).

    >>> night_cell(None, False), night_cell(7, True), night_cell(3, False)
    ('', '7', '(3)')
    """
    if points is None:
        return ""
    return str(points) if counted else f"({points})"


def season_scoring_line(standing: SeasonStanding) -> str:
    """How many nights so far and how they count ("5 nights; 2 a match won, …")."""
    nights = len(standing.nights)
    if nights == 1:
        said = translate("club_words", "1 night; {1}")
    else:
        said = translate("club_words", "{0} nights; {1}")
    return said.format(nights, say(standing.season.scoring.describe()))


def season_heading(standing: SeasonStanding) -> str:
    return f"{standing.season.name}: {season_scoring_line(standing)}"


def season_columns(standing: SeasonStanding) -> list[str]:
    """The season table's columns: place, name, one per night, then the totals."""
    nights = [f"N{i}" for i in range(1, len(standing.nights) + 1)]
    first, then = headings(SEASON_SUMMARY_COLUMNS[:2]), headings(SEASON_SUMMARY_COLUMNS[2:])
    return [*first, *nights, *then]


def season_cells(standing: SeasonStanding, row: SeasonRow) -> list[str]:
    name = standing.names.get(row.player, f"#{row.player}")
    nights = [night_cell(p, c) for p, c in zip(row.nights, row.counted, strict=True)]
    place = row.place_label if row.qualified else "–"
    return [place, name, *nights, str(row.attended), str(row.won), str(row.lost), str(row.points)]


SEASON_SUMMARY_COLUMNS = [
    QT_TRANSLATE_NOOP("columns", "Place"),
    QT_TRANSLATE_NOOP("columns", "Player"),
    QT_TRANSLATE_NOOP("columns", "Nights"),
    QT_TRANSLATE_NOOP("columns", "Won"),
    QT_TRANSLATE_NOOP("columns", "Lost"),
    QT_TRANSLATE_NOOP("columns", "Points"),
]


def season_summary_cells(standing: SeasonStanding, row: SeasonRow) -> list[str]:
    """A season row without its night-by-night grid (a wall or a phone has no room for
    thirty nights): the cells under :data:`SEASON_SUMMARY_COLUMNS`."""
    cells = season_cells(standing, row)
    return [*cells[:2], *cells[-4:]]


def season_room_columns(standing: SeasonStanding) -> list[str]:
    """The season table on a phone: the points it is ranked by beside the name, the other
    totals, then the night grid to scroll sideways to."""
    columns = season_columns(standing)
    return [*columns[:2], columns[-1], *columns[-4:-1], *columns[2:-4]]


def season_room_cells(standing: SeasonStanding, row: SeasonRow) -> list[str]:
    """A row under :func:`season_room_columns`."""
    cells = season_cells(standing, row)
    return [*cells[:2], cells[-1], *cells[-4:-1], *cells[2:-4]]


def season_notes(standing: SeasonStanding, *, grid: bool = True) -> list[str]:
    """What the table's reader must know: the line under the qualifiers, dropped nights,
    different rules on different nights; with ``grid`` (a night per column) also how a
    dropped night is shown and which night each column is."""
    notes = [translate("club_words", "Note: {0}.").format(say(n)) for n in standing.notes]
    scoring = standing.season.scoring
    if scoring.min_nights and any(not r.qualified for r in standing.rows):
        below = translate(
            "club_words",
            "Players with fewer than {0} nights are listed below the qualifiers, without a "
            "place (–).",
        )
        notes.append(below.format(scoring.min_nights))
    if scoring.best_nights is not None:
        notes.append(_best_nights_note(scoring.best_nights, grid=grid))
    if standing.nights and grid:
        named = "; ".join(
            f"N{i} {night.name} ({night.played_on})"
            for i, night in enumerate(standing.nights, start=1)
        )
        notes.append(translate("club_words", "The nights: {0}.").format(named))
    return notes


def _best_nights_note(best: int, *, grid: bool) -> str:
    """``Only the best 8 nights count; (n) is a night dropped.`` (the grid's mark only with
    a grid to put it in)."""
    if best == 1 and grid:
        return translate("club_words", "Only the best 1 night counts; (n) is a night dropped.")
    if best == 1:
        return translate("club_words", "Only the best 1 night counts.")
    if grid:
        said = translate("club_words", "Only the best {0} nights count; (n) is a night dropped.")
    else:
        said = translate("club_words", "Only the best {0} nights count.")
    return said.format(best)


def text_table(
    columns: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[int] = ()
) -> list[str]:
    """Rows as aligned terminal text; the ``numeric`` columns are right-aligned."""
    widths = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(columns)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(w) if i in numeric else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    return [line(columns), *(line(r) for r in rows)]


def season_text(standing: SeasonStanding) -> list[str]:
    """The season table as the terminal prints it."""
    body = [season_cells(standing, r) for r in standing.rows]
    numeric = [0, *range(2, len(season_columns(standing)))]
    table = (
        text_table(season_columns(standing), body, numeric)
        if body
        else [translate("club_words", "(no results yet)")]
    )
    return [season_heading(standing), "", *table, "", *season_notes(standing)]


RATING_COLUMNS = [
    QT_TRANSLATE_NOOP("columns", "Rank"),
    QT_TRANSLATE_NOOP("columns", "Player"),
    QT_TRANSLATE_NOOP("columns", "Club"),
    QT_TRANSLATE_NOOP("columns", "Rating"),
    "±",
    QT_TRANSLATE_NOOP("columns", "Matches"),
    QT_TRANSLATE_NOOP("columns", "Won"),
    QT_TRANSLATE_NOOP("columns", "Last played"),
]


def rating_cells(row: RatingRow) -> list[str]:
    return [
        str(row.rank),
        row.name,
        row.club,
        rating_text(row.rating, row.provisional),
        str(row.uncertainty),
        str(row.matches),
        str(row.wins),
        row.last_played.isoformat() if row.last_played else "",
    ]


def ratings_text(rows: Sequence[RatingRow]) -> list[str]:
    if not rows:
        return [
            translate(
                "club_words",
                "No rated match yet: ratings start with the first match played to a result.",
            )
        ]
    table = text_table(RATING_COLUMNS, [rating_cells(r) for r in rows], (0, 3, 4, 5, 6))
    key = translate(
        "club_words",
        "{0}: provisional (fewer than 5 rated matches). ± is the rating's uncertainty; a "
        "newcomer starts at 1500 ± 500.",
    )
    return [*table, "", key.format(PROVISIONAL_MARK)]


def statistics_lines(record: PlayerRecord) -> list[tuple[str, str]]:
    """The statistics as (label, value) pairs, in reading order."""
    s = record.statistics
    average = s.average_knock_deadwood
    per_hand = (
        translate("club_words", "{0} of {1}").format(s.hands_won, s.hands) if s.hands else "0"
    )
    if s.longest_streak == 1:
        streak = translate("club_words", "1 match")
    else:
        streak = translate("club_words", "{0} matches").format(s.longest_streak)
    said = translate("club_words", "{0} ({1} won, {2} lost)").format(s.matches, s.won, s.lost)
    return [
        (translate("club_words", "Matches"), said),
        (translate("club_words", "Hands won"), per_hand),
        (translate("club_words", "Gins"), str(s.gins)),
        (translate("club_words", "Big gins"), str(s.big_gins)),
        (translate("club_words", "Knocks"), str(s.knocks)),
        (
            translate("club_words", "Average deadwood when knocking"),
            f"{average:.1f}" if average is not None else "–",
        ),
        (
            translate("club_words", "Undercuts given / suffered"),
            f"{s.undercuts_given} / {s.undercuts_suffered}",
        ),
        (translate("club_words", "Boxes"), str(s.boxes)),
        (
            translate("club_words", "Shutouts given / suffered"),
            f"{s.shutouts_given} / {s.shutouts_suffered}",
        ),
        (translate("club_words", "Longest winning streak"), streak),
    ]


def rating_line(record: PlayerRecord) -> str:
    r = record.rating
    if not r.matches:
        return translate(
            "club_words", "Rating: none yet (no rated match); a newcomer starts at 1500 ± 500"
        )
    if r.provisional:
        said = translate("club_words", "Rating: {0} ± {1} after {2} rated matches, provisional")
    else:
        said = translate("club_words", "Rating: {0} ± {1} after {2} rated matches")
    return said.format(round(r.rating), round(r.uncertainty), r.matches)


EVENT_COLUMNS = [
    QT_TRANSLATE_NOOP("columns", "Date"),
    QT_TRANSLATE_NOOP("columns", "Event"),
    QT_TRANSLATE_NOOP("columns", "Won"),
    QT_TRANSLATE_NOOP("columns", "Lost"),
    QT_TRANSLATE_NOOP("columns", "Place"),
]
MATCH_COLUMNS = [
    QT_TRANSLATE_NOOP("columns", "Date"),
    QT_TRANSLATE_NOOP("columns", "Event"),
    QT_TRANSLATE_NOOP("columns", "Round"),
    QT_TRANSLATE_NOOP("columns", "Opponent"),
    QT_TRANSLATE_NOOP("columns", "Result"),
    QT_TRANSLATE_NOOP("columns", "Games"),
]
HEAD_TO_HEAD_COLUMNS = [
    QT_TRANSLATE_NOOP("columns", "Opponent"),
    QT_TRANSLATE_NOOP("columns", "Won"),
    QT_TRANSLATE_NOOP("columns", "Lost"),
]
"""A player's page: the columns of its events, matches and head-to-head tables (show them
through :func:`~gin_scorer.presentation.columns.headings`)."""


def event_cells(record: PlayerRecord) -> list[list[str]]:
    return [
        [
            e.played_on.isoformat(),
            e.name,
            str(e.won),
            str(e.lost),
            translate("club_words", "{0} of {1}").format(e.place, e.field)
            if e.place is not None
            else "",
        ]
        for e in record.events
    ]


def match_cells(record: PlayerRecord) -> list[list[str]]:
    return [
        [
            m.played_on.isoformat(),
            m.event_name,
            str(m.round_number or ""),
            m.opponent or translate("club_words", "(bye)"),
            f"{m.result} ({m.kind})" if m.kind else m.result,
            f"{m.games_for}-{m.games_against}" if m.opponent else "",
        ]
        for m in record.matches
    ]


def head_to_head_cells(record: PlayerRecord) -> list[list[str]]:
    return [[h.name, str(h.won), str(h.lost)] for h in record.head_to_head]


def player_heading(record: PlayerRecord) -> str:
    return record.player.label


def player_text(record: PlayerRecord) -> list[str]:
    """A player's page as the terminal prints it."""
    width = max(len(label) for label, _ in statistics_lines(record))
    lines = [player_heading(record), rating_line(record), ""]
    lines += [f"{label.ljust(width)}  {value}" for label, value in statistics_lines(record)]
    if record.events:
        events = text_table(EVENT_COLUMNS, event_cells(record), (2, 3))
        lines += ["", translate("club_words", "Events"), *events]
    if record.head_to_head:
        h2h = text_table(HEAD_TO_HEAD_COLUMNS, head_to_head_cells(record), (1, 2))
        lines += ["", translate("club_words", "Head to head"), *h2h]
    if record.matches:
        matches = text_table(MATCH_COLUMNS, match_cells(record), (2,))
        lines += ["", translate("club_words", "Matches"), *matches]
    return lines


@dataclass(frozen=True, slots=True)
class EventBar:
    """One event of the player's results plot: its short label, matches won and lost."""

    label: str
    won: int
    lost: int


def event_bars(record: PlayerRecord) -> list[EventBar]:
    """The player's events for the results plot, labelled by date ("06 Jan")."""
    return [EventBar(e.played_on.strftime("%d %b"), e.won, e.lost) for e in record.events]
