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
from gin_scorer.tournament.elimination import BracketOutcome, Progress
from gin_scorer.tournament.standings import RecordCounts
from tests.presentation.helpers import standing

OUT_IN_SEMI = Progress(2, BracketOutcome.OUT, slot="W2-1", slot_stage="Semi-final")
ROWS = [
    standing(1, 1, "Ann"),
    standing(2, 3, "Bob", withdrawn=True, point_differential=-40, position=OUT_IN_SEMI, byes=2),
]


def test_place_labels_and_signs() -> None:
    # The printed line, the app's row and the tournament's row share one SharedPlace.
    assert StandingLine(1, 1, "x", "", RecordCounts(0, 0, 0, 0, 0, 0)).place_label == "1"
    assert StandingLine(2, 3, "x", "", RecordCounts(0, 0, 0, 0, 0, 0)).place_label == "2="
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
    assert texts[1][9:] == ["5", "2", "out in semi-final (W2-1)"]


def test_the_printout() -> None:
    printed = printed_standings(ROWS)
    assert printed.tie_break_headings == ("Opp.\nwins", "Seed")
    assert printed.note == "Ties broken by: match wins, opponents' match wins, seed."
    assert printed.lines[0].tie_breaks == ("5", "1")
    assert printed.lines[1].note == "out in semi-final (W2-1), withdrawn, 2 byes"
    assert printed_standings([]).lines == ()


def test_the_terminal() -> None:
    """The record, a column per tie-break beyond it (the order can be read from the terminal),
    a knockout's bracket position, the notes, and the order the ties are broken in."""
    assert standings_text(ROWS) == [
        " place  entrant                       W-L   games  points  Opp. wins  Seed  bracket",
        "     1  Ann                         2-1     7-4      +125          5     1  ",
        "    2=  Bob                         2-1     7-4       -40          5     2  "
        "out in semi-final (W2-1)  (withdrawn, 2 byes)",
        "Ties broken by: match wins, opponents' match wins, seed.",
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


def test_the_bracket_column_says_the_progress_in_the_readers_language() -> None:
    """The tournament gives how far each entrant got as values; the Bracket column, the
    printout's note and the terminal say it through the translator (here one that shouts)."""
    from gin_scorer.presentation.bracket_words import MID_SENTENCE_STAGE_WORDS, progress_words
    from gin_scorer.presentation.words import speaking
    from gin_scorer.tournament.bracket import STAGES

    assert set(MID_SENTENCE_STAGE_WORDS) == {stage.lower() for stage in STAGES}
    runs = [
        Progress(5, BracketOutcome.CHAMPION),
        Progress(3, BracketOutcome.RUNNER_UP, slot="W3-1", slot_stage="Final"),
        Progress(3, BracketOutcome.OUT, slot="L3-1", slot_stage="Losers' round {0}", slot_round=3),
        Progress(2, BracketOutcome.WITHDREW, slot="W2-1", slot_stage="Semi-final"),
        Progress(4, BracketOutcome.STILL_IN, alive=True),
        None,
    ]
    english = [
        "Champion",
        "Runner-up",
        "out in losers' round 3 (L3-1)",
        "withdrew before W2-1",
        "still in",
        "",
    ]
    assert [progress_words(run) for run in runs] == english
    rows = [standing(1, 1, "Ann", position=runs[0]), ROWS[1]]
    bracket = standings_columns(rows)[-1]
    assert bracket.header == "Bracket"
    assert [bracket.text(r) for r in rows] == ["Champion", "out in semi-final (W2-1)"]
    with speaking(lambda _context, text: text.upper()):
        assert [bracket.text(r) for r in rows] == ["CHAMPION", "OUT IN SEMI-FINAL (W2-1)"]
        assert [progress_words(run) for run in runs] == [words.upper() for words in english]
        assert printed_standings(ROWS).lines[1].note.startswith("OUT IN SEMI-FINAL (W2-1), ")
        assert standings_text(ROWS)[2].endswith("OUT IN SEMI-FINAL (W2-1)  (WITHDRAWN, 2 BYES)")


def test_no_bracket_column_outside_an_elimination_event() -> None:
    rows = [standing(1, 1, "Ann"), standing(2, 2, "Bob")]
    assert "Bracket" not in [c.header for c in standings_columns(rows)]


def test_the_tie_break_that_decides_each_place() -> None:
    """Issue 35: '4–2 −1821' above '4–2 +2262' is answered by the tie-break that placed it."""
    from gin_scorer.presentation.projector_pages import standings_pages, wall_tie_breaks
    from gin_scorer.presentation.standings_table import deciding_tie_breaks
    from gin_scorer.tournament.settings import TieBreak

    def row(place: int, wins: int, opponents: int, diff: int, place_to: int = 0):  # type: ignore[no-untyped-def]
        ties = (
            (TieBreak.MATCH_WINS, wins),
            (TieBreak.BUCHHOLZ, opponents),
            (TieBreak.POINT_DIFFERENTIAL, diff),
        )
        return standing(
            place,
            place_to or place,
            f"P{place}",
            match_wins=wins,
            buchholz=opponents,
            point_differential=diff,
            tie_breaks=ties,
        )

    rows = [
        row(1, 5, 20, 900),
        row(2, 4, 14, -1821),
        row(3, 4, 11, 2262),
        row(4, 3, 11, 5, 5),
        row(4, 3, 11, 5, 5),
    ]
    assert deciding_tie_breaks(rows) == (
        None,
        TieBreak.MATCH_WINS,
        TieBreak.BUCHHOLZ,
        TieBreak.MATCH_WINS,
        None,  # a shared place: nothing decided between them
    )
    assert wall_tie_breaks(rows) == [TieBreak.BUCHHOLZ, TieBreak.POINT_DIFFERENTIAL]
    body = standings_pages("Standings", rows, 10)[0].body
    assert "<td align=right><b>11</b></td>" in body  # P3 is below P2 on opponents' wins
    assert body.index("P2") < body.index("P3")
