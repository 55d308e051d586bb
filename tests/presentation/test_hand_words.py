"""A hand is said the same way wherever it is read: these are the exact strings the app, the
terminal and the printed sheet showed before the words moved here."""

from __future__ import annotations

from dataclasses import replace

from gin_scorer.core.cards import parse_card
from gin_scorer.core.hands import Declaration, HandRecord, Outcome, Side, score_hand
from gin_scorer.core.rules import RuleSet
from gin_scorer.presentation import hand_words as words
from tests.presentation.helpers import (
    BIG_GIN_A,
    DEAD,
    GIN_B,
    KNOCK_A,
    UNDERCUT,
    error,
    hand_row,
    warning,
)

NAMES = ("Ann", "Bob")


def test_every_outcome_has_its_word_and_mark() -> None:
    assert [words.outcome_word(o) for o in Outcome] == [
        "knock",
        "undercut",
        "gin",
        "big gin",
        "dead hand",
        "misdeal",
        "tie, no undercut",
    ]
    marks = ["", "U", "G", "BG", "dead", "MD", "tie"]
    assert [words.outcome_mark(o.value) for o in Outcome] == marks
    assert words.outcome_mark("something new") == "something new"


def test_result_phrases_name_the_scorer() -> None:
    rules = RuleSet()
    assert words.describe_result(score_hand(KNOCK_A, rules), NAMES) == "knock: Ann scores 8"
    assert words.describe_result(score_hand(DEAD, rules)) == "dead hand: nobody scores"
    undercut = words.describe_result(score_hand(UNDERCUT, rules), NAMES)
    assert undercut.startswith("undercut: Bob scores ")


def test_the_apps_cells() -> None:
    rules = RuleSet()
    assert words.result_cell(score_hand(GIN_B, rules), NAMES) == "Bob: gin"
    assert words.result_cell(score_hand(DEAD, rules), NAMES) == "dead hand"
    assert words.points_cell(score_hand(KNOCK_A, rules), Side.A) == "8"
    assert words.points_cell(score_hand(KNOCK_A, rules), Side.B) == ""
    assert [words.declared_text(r) for r in (KNOCK_A, GIN_B, DEAD)] == ["7 v 15", "22 v 0", ""]


def test_the_undercut_row_names_the_player_who_scored() -> None:
    """Ann knocks 9, Bob holds 4: Bob undercuts her and the points are his, so the row
    says Bob, and the deadwood reads A v B (Ann's 9 v Bob's 4) like the columns beside it."""
    rules = RuleSet()
    undercut = score_hand(UNDERCUT, rules)
    assert undercut.winner is Side.B
    assert words.result_cell(undercut, NAMES) == "Bob: undercut"
    assert words.declared_text(UNDERCUT) == "9 v 4"
    knocked_by_b = HandRecord(Declaration.KNOCK, Side.B, ((Side.B, 9), (Side.A, 4)))
    assert words.result_cell(score_hand(knocked_by_b, rules), NAMES) == "Ann: undercut"
    assert words.declared_text(knocked_by_b) == "4 v 9"
    tie = HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 6), (Side.B, 6)))
    no_undercut = score_hand(tie, replace(rules, undercut_on_tie=False))
    assert words.result_cell(no_undercut, NAMES) == "Ann: tie, no undercut"  # nobody scored


def test_the_terminals_hand_words() -> None:
    upcard = replace(KNOCK_A, upcard=parse_card("Qs"))
    assert [words.describe_hand(r) for r in (KNOCK_A, GIN_B, BIG_GIN_A, UNDERCUT, DEAD)] == [
        "A knocks 7 v 15",
        "B gin v 22",
        "A big gin v 30",
        "A knocks 9 v 4",
        "dead hand",
    ]
    assert words.describe_hand(upcard) == "A knocks 7 v 15 (up Qs)"
    assert words.scored_text(score_hand(KNOCK_A, RuleSet())) == "A +8"
    assert words.scored_text(score_hand(DEAD, RuleSet())) == "-"


def test_notes_and_tooltip() -> None:
    plain = hand_row(KNOCK_A)
    assert words.hand_notes(plain) == ""
    flagged = hand_row(
        KNOCK_A,
        problems=(warning("B's count looks high"),),
        override_reason="typo",
        corrected=True,
    )
    # A corrected hand's reason is the correction's: said as such, not as an override.
    assert words.hand_notes(flagged) == "⚠ B's count looks high · corrected: typo"
    overridden = hand_row(KNOCK_A, override_reason="players agreed")
    assert words.hand_notes(overridden) == "override: players agreed"
    broken = hand_row(KNOCK_A, problems=(error("x"), error("y")))
    assert words.hand_notes(broken) == "✖ 2 problems"
    assert words.hand_tooltip(flagged) == (
        "B's count looks high\nCorrected: typo\nEntered by desk at table 4, 14:03:09"
    )
    assert "Director's override: players agreed" in words.hand_tooltip(overridden)
    assert words.cli_hand_notes(flagged) == "corrected; reason: typo; warning: B's count looks high"
