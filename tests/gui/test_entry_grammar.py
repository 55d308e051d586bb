"""The entry line's grammar: what each keystroke sequence means, and the messages for slips."""

from __future__ import annotations

import pytest

from gin_scorer.core.cards import parse_card
from gin_scorer.core.hands import Declaration, Outcome, Side
from gin_scorer.core.rules import KnockRule, RuleSet
from gin_scorer.presentation.entry_grammar import EntryState, read_entry

RULES = RuleSet()  # knock 10, gin 25, big gin 31, undercut 25 (tie counts)


@pytest.mark.parametrize("text", ["a k 7 15", "ak7 15", "AK7/15", "a knock 7 15", " a  k 7,15 "])
def test_knock_spellings_all_mean_the_same_hand(text: str) -> None:
    preview = read_entry(text, RULES)
    assert preview.state is EntryState.COMPLETE
    assert preview.record is not None and preview.result is not None
    assert preview.record.declaration is Declaration.KNOCK
    assert preview.record.declarer is Side.A
    assert preview.record.declared(Side.A) == 7
    assert preview.record.declared(Side.B) == 15
    assert preview.result.outcome is Outcome.KNOCK
    assert preview.result.winner is Side.A
    assert preview.result.points == 8


def test_a_knock_takes_at_most_eight_keystrokes_with_enter() -> None:
    # The largest knock (10) against a two-digit count: "ak10 15" + Enter.
    assert len("ak10 15") + 1 <= 8
    assert read_entry("ak10 15", RULES).state is EntryState.COMPLETE


def test_undercut_shows_before_enter_with_the_defenders_points() -> None:
    preview = read_entry("b k 9 4", RULES, names=("Ann", "Bob"))
    assert preview.result is not None
    assert preview.result.outcome is Outcome.UNDERCUT
    assert preview.result.winner is Side.A
    assert preview.result.points == 9 - 4 + 25
    assert preview.message == "Bob knocks with 9, Ann has 4 → undercut: Ann scores 30"


def test_tie_without_undercut_rule_scores_nothing() -> None:
    rules = RuleSet(undercut_on_tie=False)
    preview = read_entry("ak5 5", rules)
    assert preview.result is not None and preview.result.outcome is Outcome.TIE
    assert "nobody scores" in preview.message


@pytest.mark.parametrize("text", ["b g 22", "bg22", "b gin 22", "BG 22"])
def test_gin_for_b(text: str) -> None:
    preview = read_entry(text, RULES)
    assert preview.record is not None and preview.result is not None
    assert preview.record.declaration is Declaration.GIN
    assert preview.record.declarer is Side.B
    assert preview.record.declared(Side.A) == 22
    assert preview.result.points == 22 + 25
    assert preview.result.winner is Side.B


@pytest.mark.parametrize("text", ["a bg 30", "abg30", "a big 30", "a biggin 30"])
def test_big_gin_for_a(text: str) -> None:
    preview = read_entry(text, RULES)
    assert preview.record is not None and preview.result is not None
    assert preview.record.declaration is Declaration.BIG_GIN
    assert preview.record.declarer is Side.A
    assert preview.result.points == 30 + 31


@pytest.mark.parametrize("text", ["d", "D", "dead"])
def test_dead_hand(text: str) -> None:
    preview = read_entry(text, RULES)
    assert preview.state is EntryState.COMPLETE
    assert preview.result is not None and preview.result.outcome is Outcome.DEAD
    assert preview.result.winner is None


def test_upcard_doubles_an_oklahoma_hand_on_a_spade() -> None:
    rules = RuleSet(knock_rule=KnockRule.OKLAHOMA, spade_doubles=True)
    preview = read_entry("ak3 10 @9s", rules)
    assert preview.record is not None and preview.record.upcard == parse_card("9s")
    assert preview.result is not None and preview.result.doubled
    assert preview.result.points == 14
    assert "doubled" in preview.message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "a k 7 15"),  # the hint
        ("a", "now k (knock), g (gin) or bg (big gin)"),
        ("ak", "now type A’s count"),
        ("ak7", "now type B’s deadwood after layoffs"),
        ("bg", "now type A’s deadwood"),
        ("ab", "knock, gin or big gin"),
        ("de", "dead hand"),
    ],
)
def test_partial_entries_say_what_comes_next(text: str, expected: str) -> None:
    preview = read_entry(text, RULES)
    assert preview.state in (EntryState.EMPTY, EntryState.INCOMPLETE)
    assert expected in preview.message
    assert preview.record is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("c k 7 15", "'c' is not a side"),
        ("7 15", "start with the side"),
        ("ax7 15", "'x' is not a declaration"),
        ("a 7 15", "say how A ended the hand"),
        ("ak7 15 3", "a knock takes two counts"),
        ("bg 22 4", "gin takes one count"),
        ("d 5", "a dead hand takes no numbers"),
        ("ak7 150", "150 is more deadwood than ten cards can hold"),
        ("ak7 15 @Zz", "upcard: 'Zz' is not a card"),
        ("ak7 ? 15", "'?' is not part of an entry"),
        ("ak12 15", "12"),  # above the knock limit: the core's validation names it
    ],
)
def test_bad_entries_name_the_problem(text: str, expected: str) -> None:
    preview = read_entry(text, RULES)
    assert preview.state is EntryState.ERROR
    assert expected in preview.message
    assert preview.result is None


@pytest.mark.parametrize(
    ("text", "signed"),
    [("ak-5 20", "'-5'"), ("ak7 -15", "'-15'"), ("bg-22", "'-22'"), ("ak+5 20", "'+5'")],
)
def test_a_signed_count_is_refused_as_it_is_typed(text: str, signed: str) -> None:
    # "ak-5 20" was read as a knock with 5 against 20: the minus sign taken for a separator.
    preview = read_entry(text, RULES)
    assert preview.state is EntryState.ERROR
    assert preview.message == f"{signed}: a count is typed without a sign (it is never negative)"
    assert preview.record is None


@pytest.mark.parametrize("text", ["ak7-15", "ak7 - 15", "ak 7 / 15"])
def test_a_dash_between_two_counts_still_separates_them(text: str) -> None:
    preview = read_entry(text, RULES)
    assert preview.state is EntryState.COMPLETE
    assert preview.record is not None and preview.record.declared(Side.B) == 15


def test_big_gin_refused_when_the_rules_have_none() -> None:
    preview = read_entry("abg30", RuleSet(big_gin_allowed=False, name="Pagat"))
    assert preview.state is EntryState.ERROR
    assert "no big gin" in preview.message


def test_straight_gin_refuses_a_knock() -> None:
    preview = read_entry("ak3 20", RuleSet(knock_rule=KnockRule.GIN_ONLY))
    assert preview.state is EntryState.ERROR
