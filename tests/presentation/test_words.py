"""The presentation layer says its words through the front end's translator: with a
pseudo-translation installed (every text wrapped in « »), each word a person reads comes out
wrapped — what stays bare would stay English in a translation — and the figures and names
come through untouched. Without a translator every text is the English it is written in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gin_scorer.core.hands import Outcome, score_hand
from gin_scorer.core.ledgers import ledger_for
from gin_scorer.core.rules import RuleSet
from gin_scorer.presentation.game_lines import game_cells, game_headers
from gin_scorer.presentation.hand_words import describe_result, hand_notes, outcome_word
from gin_scorer.presentation.round_status import STATUS_COLUMNS, state_text
from gin_scorer.presentation.standings_stage import stage_words
from gin_scorer.presentation.standings_table import (
    missing_points_note,
    printed_note,
    printed_standings,
    standings_columns,
)
from gin_scorer.presentation.words import translate, use_translator
from gin_scorer.tournament import elimination
from gin_scorer.tournament.tables import TableState
from tests.presentation.helpers import GIN_B, KNOCK_A, hand_row, standing

ROWS = [
    standing(1, 1, "Ann"),
    standing(
        2,
        3,
        "Bob",
        withdrawn=True,
        position=elimination.Progress(2, elimination.BracketOutcome.WITHDREW, slot="W2-1"),
        byes=2,
    ),
]


@pytest.fixture
def pseudo() -> Iterator[list[tuple[str, str]]]:
    """« »-wrapping translator; yields the (context, text) pairs it was asked for."""
    asked: list[tuple[str, str]] = []

    def wrap(context: str, text: str) -> str:
        asked.append((context, text))
        return f"«{text}»"

    use_translator(wrap)
    yield asked
    use_translator(None)


def test_without_a_translator_the_words_are_english() -> None:
    assert translate("hand_words", "knock") == "knock"
    assert outcome_word(Outcome.TIE) == "tie, no undercut"


def test_hand_words_go_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    rules = RuleSet()
    result = score_hand(KNOCK_A, rules)
    assert describe_result(result, ("Ann", "Bob")) == "««knock»: Ann scores 8»"
    assert ("hand_words", "{0}: {1} scores {2}") in pseudo
    assert outcome_word(Outcome.BIG_GIN) == "«big gin»"
    notes = hand_notes(hand_row(KNOCK_A, override_reason="slip", corrected=True))
    assert notes == "«corrected: slip»"


def test_game_lines_go_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    rules = RuleSet()
    ledger = ledger_for([score_hand(GIN_B, rules)], rules)
    headers = game_headers(("Ann", "Bob"))
    assert headers[0] == "«Game»"
    assert headers[1] == "«Points\nAnn – Bob»"
    assert all(h.startswith("«") and h.endswith("»") for h in headers)
    cells = game_cells(ledger.games[0], ("Ann", "Bob"))
    assert cells[0] == f"«1 (to {ledger.games[0].target})»"
    assert cells[-1] == "«playing»"


def test_standings_go_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    columns = standings_columns(ROWS)
    fixed = [c.heading for c in columns if c.header in ("Place", "Entrant", "Points ±")]
    assert fixed == ["«Place»", "«Entrant»", "«Points ±»"]
    points = next(c for c in columns if c.header == "Points ±")
    assert points.explanation.startswith("«Total point differential")
    entrant = next(c for c in columns if c.header == "Entrant")
    assert entrant.text(ROWS[1]) == "«Bob (withdrawn)»"
    assert printed_note(ROWS[1]) == "«withdrew before W2-1», «withdrawn», «2 byes»"
    assert stage_words(3, complete=True) == "«After round 3»"
    assert stage_words(None, complete=False) == "«Before round 1»"
    assert printed_standings(ROWS).note.startswith("«Ties broken by: ")
    assert printed_standings(ROWS).tie_break_headings[0] == "«Opp.\nwins»"
    # A tie-break's own column explains itself through the translator once, not twice.
    explained = [c.explanation for c in columns if c.explanation.startswith("«Tie-break")]
    assert explained and all(e.count("«") == 1 for e in explained), explained
    slip = standing(3, 3, "Cy", points_missing=1)
    assert missing_points_note([slip, slip]).startswith("«* The points differential")


def test_the_round_board_goes_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    assert [c.heading for c in STATUS_COLUMNS][:3] == ["«Table»", "«A»", "«B»"]
    assert state_text(TableState.FINISHED) == "«✔ finished»"


def test_rule_knobs_are_labelled_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    from gin_scorer.presentation.knob_labels import knob_label

    assert knob_label("gin_bonus") == "«Gin bonus»"
    assert knob_label("not_a_knob") == "not_a_knob"  # named as it is, not invented


def test_the_wall_goes_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    from gin_scorer.presentation.projector_pages import clock_text, standings_pages

    assert clock_text(1385) == "«23:05 left»"
    assert clock_text(600, paused=True) == "«paused 10:00»"
    assert clock_text(0) == "«time»"
    page = standings_pages("After round 2", ROWS, per_page=10)[0]
    assert "<th align=left>«Place»</th>" in page.body
    assert "<th align=right>«Points ±»</th>" in page.body


def test_the_sheets_history_goes_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    from datetime import datetime

    from gin_scorer.presentation.sheet_history import WithdrawnHand, withdrawn_note

    at = datetime(2026, 11, 26, 20, 5)
    undone = WithdrawnHand(3, KNOCK_A, None, "undo of recording hand 4", "desk", at, undone=True)
    voided = WithdrawnHand(4, KNOCK_A, None, "misdeal: 11 cards", "desk", at)
    assert withdrawn_note(undone) == "«undone»"
    assert withdrawn_note(voided) == "«voided: misdeal: 11 cards»"


def test_the_clubs_words_go_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    from gin_scorer.presentation import club_words
    from gin_scorer.presentation.columns import headings

    assert headings(club_words.EVENT_COLUMNS) == ["«Date»", "«Event»", "«Won»", "«Lost»", "«Place»"]
    assert club_words._best_nights_note(8, grid=False) == "«Only the best 8 nights count.»"
    assert ("club_words", "Only the best {0} nights count.") in pseudo


def test_the_results_line_goes_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    from gin_scorer.presentation.result_grammar import read_result_line, result_words

    assert read_result_line("12 x").problem.startswith("«'x' is not a result: ")
    assert read_result_line("12").hint == "«now the result: a 3-1, ff, t»"
    report = read_result_line("12 b 3-1").report
    assert report is not None
    assert result_words(report, "Ann", "Bob") == "«Bob beats Ann 3–1 (slip)»"


def test_the_entry_line_goes_through_the_translator(pseudo: list[tuple[str, str]]) -> None:
    from gin_scorer.presentation.entry_grammar import read_entry

    rules = RuleSet()
    assert read_entry("", rules).message.startswith("«a k 7 15 ⏎")
    assert read_entry("ax7", rules).message.startswith("«'x' is not a declaration: ")
    done = read_entry("ak7 15", rules, ("Ann", "Bob"))
    assert done.message == "«Ann knocks with 7, Bob has 15» → ««knock»: Ann scores 8»"
    fiftieth = read_entry("ak7 15 fifty", RuleSet(fiftieth_card_rule=True), ("Ann", "Bob"))
    assert fiftieth.message.startswith("««Ann knocks with 7, Bob has 15», on the 50th card» → ")


def test_a_translation_whose_fields_do_not_match_falls_back_to_english() -> None:
    """A slip in a translation file must not raise in the middle of an event."""
    from gin_scorer.presentation.words import checked_translation

    use_translator(lambda _context, text: {"{0} by {1}": "{0} par {2}"}.get(text, text))
    try:
        assert checked_translation("{0} by {1}", "{1} par {0}") == "{1} par {0}"  # reordered
        assert checked_translation("{0} by {1}", "{0} par {2}") == "{0} by {1}"  # a wrong field
        assert checked_translation("{0} by {1}", "{0} par {") == "{0} by {1}"  # unbalanced
        assert translate("game_lines", "{0} by {1}").format("Ann", 25) == "Ann by 25"
    finally:
        use_translator(None)


def test_a_brackets_words_are_the_translators(pseudo) -> None:  # type: ignore[no-untyped-def]
    """Every stage the tournament names is marked for the template, and a side not known yet
    is said from its source (never told from its English words)."""
    from gin_scorer.presentation.bracket_words import STAGE_WORDS, side_words, stage_label
    from gin_scorer.tournament.bracket import STAGES, Source, SourceKind

    assert set(STAGE_WORDS) == set(STAGES)
    assert stage_label("Losers' round {0}", 3) == "«Losers' round 3»"
    winner = Source(SourceKind.WINNER, slot="W1-2")
    assert side_words(None, winner).text == "«winner of W1-2»"
    assert side_words(None, winner, short=True).text == "«winner W1-2»"  # a narrow box
    assert not side_words(None, winner).known
    seed_line = Source(SourceKind.SEED, seed=4)
    assert side_words("Ann", seed_line, seed=4).text == "«(4) Ann»"
    assert side_words("Ann", winner).text == "Ann" and side_words("Ann", winner).known
    assert side_words(None, seed_line, bye=True).text == "«bye»"


def test_every_tie_break_is_named_by_the_translator(pseudo) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.presentation.standings_table import _TIE_BREAK_WORDS, tie_break_label
    from gin_scorer.tournament.settings import TieBreak

    assert {tie.label for tie in TieBreak} == set(_TIE_BREAK_WORDS)  # each marked for the template
    assert tie_break_label(TieBreak.BUCHHOLZ) == "«Opponents' match wins»"


def test_an_events_format_and_state_are_named_by_the_translator(pseudo) -> None:  # type: ignore[no-untyped-def]
    """The navigator, the welcome list and the new-event dialog showed "round-robin" and
    "running" as stored, which no translation could reach."""
    from gin_scorer.presentation.event_words import format_words, status_words
    from gin_scorer.services.support.dto import EventStatus
    from gin_scorer.tournament.model import Format

    assert format_words("round-robin") == "«Round robin»"
    assert format_words(Format.CLUB) == "«Club night»"
    assert {status_words(s) for s in EventStatus} == {
        "«being set up»",
        "«running»",
        "«finished»",
        "«deleted»",
    }
    assert format_words("from-a-newer-version") == "from-a-newer-version"  # shown as stored


def test_a_seasons_knobs_and_notes_are_said_by_the_translator(pseudo) -> None:  # type: ignore[no-untyped-def]
    """A season's heading line and its notes were English made in the tournament layer."""
    from gin_scorer.presentation.words import say
    from gin_scorer.tournament.season import SeasonPoints, SeasonScoring

    knobs = SeasonScoring(SeasonPoints.MATCHES, 3, 1, 1, (), 1, 4).describe()
    assert str(knobs) == (
        "3 a match won, 1 a match lost; 1 a night played; best 1 night counts; "
        "at least 4 nights to qualify"
    )
    assert say(knobs) == (  # each part said, and the joining too (the outer « »)
        "««3 a match won, 1 a match lost»; «1 a night played»; «best 1 night counts»; "
        "«at least 4 nights to qualify»»"
    )
