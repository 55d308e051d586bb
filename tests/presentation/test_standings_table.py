"""Standings read alike in the app, on paper and in the terminal; where the front ends differ
(the minus sign, the note column) they differ by a parameter, not by a copy."""

from __future__ import annotations

from gin_scorer.presentation.standings_table import (
    StandingLine,
    printed_standings,
    signed,
    standings_columns,
    standings_text,
)
from tests.presentation.helpers import standing

ROWS = [
    standing(1, 1, "Ann"),
    standing(2, 3, "Bob", withdrawn=True, point_differential=-40, position="out in R2", byes=2),
]


def test_place_labels_and_signs() -> None:
    # The printed line, the app's row and the tournament's row share one SharedPlace.
    assert StandingLine(1, 1, "x", "", 0, 0, 0, 0, 0, 0).place_label == "1"
    assert StandingLine(2, 3, "x", "", 0, 0, 0, 0, 0, 0).place_label == "2="
    assert [r.place_label for r in ROWS] == ["1", "2="]
    assert [signed(5), signed(0), signed(-5)] == ["+5", "0", "-5"]
    assert signed(-5, typographic=True) == "−5"


def test_the_apps_columns() -> None:
    columns = standings_columns(ROWS)
    headers = [c.header for c in columns]
    assert headers == [
        "Place",
        "Entrant",
        "Club",
        "Played",
        "Won",
        "Lost",
        "Games",
        "Points ±",
        "Byes",
        "Opponents' match wins",
        "Seed",
        "Bracket",
    ]
    texts = [[c.text(r) for c in columns] for r in ROWS]
    assert texts[1][:2] == ["2=", "Bob (withdrawn)"]
    assert texts[1][7] == "-40"
    assert texts[1][9:] == ["5", "2", "out in R2"]


def test_the_printout() -> None:
    printed = printed_standings(ROWS)
    assert printed.tie_break_headings == ("Opp.\nwins", "Seed")
    assert printed.note == "Ties broken by: match wins, opponents' match wins, seed."
    assert printed.lines[0].tie_breaks == ("5", "1")
    assert printed.lines[1].note == "out in R2, withdrawn, 2 byes"
    assert printed_standings([]).lines == ()


def test_the_terminal() -> None:
    assert standings_text(ROWS) == [
        " place  entrant                       W-L   games  points  position",
        "     1  Ann                         2-1     7-4      +125  ",
        "    2=  Bob                         2-1     7-4       -40  out in R2 (withdrawn)",
    ]


def test_results_without_points_and_forfeits_show_in_every_front_end() -> None:
    """A differential that leaves out slips without points is marked, with a footnote that
    counts results (a slip touches two rows), and forfeits get a column in the app and a note
    on paper — never a silent zero."""
    rows = [
        standing(1, 1, "Ann", points_missing=1, forfeits=1),
        standing(2, 2, "Bob", points_missing=1, point_differential=0),
    ]
    headers = [c.header for c in standings_columns(rows)]
    assert "Forfeits" in headers
    points = next(c for c in standings_columns(rows) if c.header == "Points ±")
    assert [points.text(r) for r in rows] == ["+125*", "0*"]
    printed = printed_standings(rows)
    assert [line.points_text for line in printed.lines] == ["+125*", "0*"]
    assert "leaves out 1 result reported without game points" in printed.note
    assert printed.lines[0].note == "1 forfeit"
    text = standings_text(rows)
    assert text[-1].startswith("* The points differential leaves out 1 result")
    assert "Forfeits" not in [c.header for c in standings_columns(ROWS)]
