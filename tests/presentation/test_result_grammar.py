"""The results line: every kind in its short and spaced spellings, one clear line for bad
text, and never an exception whatever is typed (fuzzed)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_scorer.core.hands import Side
from gin_scorer.presentation.entry_grammar import EntryState
from gin_scorer.presentation.result_grammar import read_result_line, result_words
from gin_scorer.services.support.dto import ResultKind
from gin_scorer.services.writes.results import ResultReport


@pytest.mark.parametrize(
    ("text", "table", "report"),
    [
        ("12 a 3-1", 12, ResultReport(ResultKind.SLIP, Side.A, (3, 1))),
        ("12a31", 12, ResultReport(ResultKind.SLIP, Side.A, (3, 1))),
        ("3 B 3–2", 3, ResultReport(ResultKind.SLIP, Side.B, (2, 3))),
        (
            "4 a 3-1 250-20 10-260 300-0 251-250",
            4,
            ResultReport(
                ResultKind.SLIP, Side.A, (3, 1), ((250, 20), (10, 260), (300, 0), (251, 250))
            ),
        ),
        (  # a game its loser ended ahead in, on boxes, marked with its winner (0016)
            "4 a 3-1 430-490a 10-400 702-0 400-20",
            4,
            ResultReport(
                ResultKind.SLIP,
                Side.A,
                (3, 1),
                ((430, 490), (10, 400), (702, 0), (400, 20)),
                game_winners=(Side.A, None, None, None),
            ),
        ),
        ("12 a ff", 12, ResultReport(ResultKind.FORFEIT, Side.A)),
        ("12 ff b", 12, ResultReport(ResultKind.FORFEIT, Side.B)),
        ("12bff", 12, ResultReport(ResultKind.FORFEIT, Side.B)),
        ("12 ff", 12, ResultReport(ResultKind.DOUBLE_FORFEIT)),
        ("12 dff", 12, ResultReport(ResultKind.DOUBLE_FORFEIT)),
        ("12 t", 12, ResultReport(ResultKind.TIME_CALLED)),
        ("12 time b", 12, ResultReport(ResultKind.TIME_CALLED, Side.B)),
        (
            "12 adj b Ann Left the venue",
            12,
            ResultReport(ResultKind.ADJUDICATED, Side.B, reason="Ann Left the venue"),
        ),
    ],
)
def test_each_kind_reads(text: str, table: int, report: ResultReport) -> None:
    line = read_result_line(text)
    assert (line.state, line.table, line.report) == (EntryState.COMPLETE, table, report)


def test_a_plain_slip_takes_at_most_eight_keys_and_enter() -> None:
    assert len("12a31") + 1 <= 8 and read_result_line("12a31").state is EntryState.COMPLETE
    assert len("12 a 3-1") == 8


@pytest.mark.parametrize(
    ("text", "hint"),
    [("12", "now the result"), ("12 a", "now the games"), ("12 adj", "now the winner")],
)
def test_a_line_being_typed_says_what_comes_next(text: str, hint: str) -> None:
    line = read_result_line(text)
    assert line.state is EntryState.INCOMPLETE and hint in line.hint


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("x a 3-1", "'x' is not a table number"),
        ("12 q", "'q' is not a result"),
        ("12 a three", "'three' is not the games"),
        ("12 a 3-1 250", "'250' is not a game's finals"),
        ("12 ff a b", "'b' is more than this result takes"),
        ("12 t c", "after t: the director's winner"),
    ],
)
def test_bad_text_gets_one_line_naming_the_problem(text: str, problem: str) -> None:
    line = read_result_line(text)
    assert line.state is EntryState.ERROR and problem in line.problem
    assert "\n" not in line.problem


def test_the_command_line_form_has_no_table() -> None:
    line = read_result_line("b 3-0", with_table=False)
    assert line.table is None and line.report == ResultReport(ResultKind.SLIP, Side.B, (0, 3))


@given(st.text(max_size=40))
def test_any_text_reads_without_raising(text: str) -> None:
    line = read_result_line(text)
    assert line.state in EntryState
    if line.state is EntryState.ERROR:
        assert line.problem and "\n" not in line.problem


@given(
    st.integers(1, 999),
    st.sampled_from(Side),
    st.integers(1, 9),
    st.integers(0, 9),
    st.lists(st.tuples(st.integers(0, 9999), st.integers(0, 9999)), max_size=5),
)
def test_what_is_typed_is_what_is_read(
    table: int, side: Side, won: int, lost: int, totals: list[tuple[int, int]]
) -> None:
    text = f"{table} {side.value} {won}-{lost} " + " ".join(f"{a}-{b}" for a, b in totals)
    line = read_result_line(text)
    games = (won, lost) if side is Side.A else (lost, won)
    assert line.report == ResultReport(ResultKind.SLIP, side, games, tuple(totals))
    assert line.table == table


def test_the_words_name_both_players() -> None:
    said = result_words(ResultReport(ResultKind.TIME_CALLED), "Ann", "Bob")
    assert said == "time called: the event's rule decides"
    ruling = ResultReport(ResultKind.ADJUDICATED, Side.A, reason="slow play")
    assert result_words(ruling, "Ann", "Bob") == "adjudicated to Ann: slow play"


def test_the_reason_is_kept_as_typed() -> None:
    line = read_result_line("12adj B  Left after 2games,  ruled by TD")
    assert line.report is not None and line.report.reason == "Left after 2games,  ruled by TD"


@pytest.mark.parametrize("text", ["² a 3-1", "12 a ³-1", "١٢ a 3-1", "12 a 3-1 ２５０-0"])
def test_digits_are_the_ten_a_keyboard_types(text: str) -> None:
    """Superscripts and other scripts' digits are not numbers here: one line, no exception."""
    line = read_result_line(text)
    assert line.state is EntryState.ERROR and line.problem
