"""Entrants as directors bring them — typed, pasted from a spreadsheet, a CSV with a header —
read into the same specs with every problem named by its line; and a new event made with its
entrants in one transaction."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from gin_scorer.services.support.entrant_rows import has_header, parse_entrants_text
from gin_scorer.services.support.errors import RowsRejected
from gin_scorer.services.writes import entrants, events
from gin_scorer.store.database import Database

from .helpers import english


def test_names_one_per_line_keep_commas_and_skip_blank_lines() -> None:
    parsed = parse_entrants_text("Smith, Jo\n\n  Ann Lee  \r\nBo\n")
    assert [s.name for s in parsed.specs] == ["Smith, Jo", "Ann Lee", "Bo"]
    assert english(parsed.labels) == ("line 1", "line 3", "line 4")
    assert parsed.problems == ()
    assert parse_entrants_text("  \n\n") == parse_entrants_text("")


def test_spreadsheet_rows_are_name_club_member_seed_partner() -> None:
    parsed = parse_entrants_text("Ann\tNorth\t7\t2\tBob\nCy\t\t\t\nDee\tSouth\n")
    ann, cy, dee = parsed.specs
    assert (ann.name, ann.club, ann.member_number, ann.seed, ann.partner) == (
        "Ann",
        "North",
        "7",
        2,
        "Bob",
    )
    assert (cy.name, cy.club, cy.seed) == ("Cy", "", None)
    assert (dee.name, dee.club) == ("Dee", "South")
    too_wide = parse_entrants_text("Ann\tNorth\t7\t2\tBob\t1800\n")
    assert english(too_wide.problems) == (
        "line 1: 6 cells but a pasted row has at most 5 (name, club, member number, seed, partner)",
    )


def test_a_header_row_reads_the_box_as_csv_in_any_column_order() -> None:
    assert has_header("\n Seed;Name\n") and not has_header("Ann\nname\n")
    parsed = parse_entrants_text("seed;name;club\n2;Ann;North\n\nx;Bob;South\n1;Cy;\n")
    assert [(s.name, s.seed) for s in parsed.specs] == [("Ann", 2), ("Cy", 1)]
    assert english(parsed.labels) == ("line 2", "line 5")
    assert english(parsed.problems) == ("line 4: seed 'x' is not a number",)
    below_blank_lines = parse_entrants_text("\n\nname\tclub\nAnn\tNorth\n")
    assert [(s.name, s.club) for s in below_blank_lines.specs] == [("Ann", "North")]
    assert english(below_blank_lines.labels) == ("line 4",)
    assert english(parse_entrants_text("\n name;rating\nAnn;1800").problems) == (
        "line 2: unknown column 'rating' (the columns are name, club, member_number, seed, "
        "partner)",
    )


def test_every_problem_is_listed_in_line_order() -> None:
    parsed = parse_entrants_text("Ann\tN\t\tx\nBob\nann\nBob\n")
    assert english(parsed.problems) == (
        "line 1: seed 'x' is not a number",
        "line 4: 'Bob' is listed twice (line 2 too)",
    )  # line 3's "ann" is first met as an entrant: line 1 was refused for its seed


@given(
    st.lists(
        st.from_regex(r"[A-Za-z][A-Za-z .'-]{0,20}[A-Za-z]", fullmatch=True),
        min_size=1,
        max_size=12,
        unique_by=str.casefold,
    )
)
def test_typed_names_come_back_as_typed(names: list[str]) -> None:
    assume(not has_header(names[0]))  # a first line reading "Name" is a header row
    parsed = parse_entrants_text("\n".join(names))
    assert [s.name for s in parsed.specs] == names and parsed.problems == ()


def test_a_new_event_and_its_entrants_are_made_together_or_not_at_all(db: Database) -> None:
    parsed = parse_entrants_text("Ann\t\t\t1\nBob\t\t\t1\n")
    with pytest.raises(RowsRejected) as refused:
        events.create_event(
            db, name="Open", format="swiss", entrants=parsed.specs, entrant_labels=parsed.labels
        )
    assert english(refused.value.problems) == ("line 2: seed 1 is already 'Ann''s",)
    assert events.list_events(db) == ()
    parsed = parse_entrants_text("Ann\t\t\t1\nBob\t\t\t2\n")
    made = events.create_event(
        db, name="Open", format="swiss", entrants=parsed.specs, entrant_labels=parsed.labels
    )
    assert made.entrant_count == 2
    assert [(e.name, e.seed) for e in entrants.list_entrants(db, made.id)] == [
        ("Ann", 1),
        ("Bob", 2),
    ]


def test_a_problem_and_its_line_are_said_in_the_readers_language() -> None:
    """A problem keeps its sentence and its line as sentences, so a reader of another
    language reads both in it; its English is as before."""
    from gin_scorer.presentation.words import CORE_WORDS, say, speaking

    french = {
        "line {0}": "ligne {0}",
        "{0}: {1}": "{0} : {1}",
        "seed {0} is not a number": "la tête de série {0} n'est pas un nombre",
    }

    def in_french(context: str, text: str) -> str:
        return french.get(text, text) if context == CORE_WORDS else text

    (problem,) = parse_entrants_text("name,seed\nAnn,x\n").problems
    assert str(problem) == say(problem) == "line 2: seed 'x' is not a number"
    with speaking(in_french):
        assert say(problem) == "ligne 2 : la tête de série 'x' n'est pas un nombre"
