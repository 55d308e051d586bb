"""RuleSet: defaults, TOML parsing, errors naming file, key and value, dict round trips."""

from __future__ import annotations

import json

import pytest

from gin_scorer.core.melds import AceRule
from gin_scorer.core.rules import (
    DealerRule,
    KnockRule,
    MatchFormat,
    RuleSet,
    RuleSetError,
    ShutoutRule,
    parse_ruleset,
)


def test_defaults_are_the_rules_md_standard() -> None:
    rules = RuleSet()
    assert rules.knock_rule is KnockRule.LIMIT and rules.knock_limit == 10
    assert (rules.gin_bonus, rules.big_gin_bonus, rules.undercut_bonus) == (25, 31, 25)
    assert rules.undercut_on_tie and rules.big_gin_allowed
    assert (rules.target, rules.game_bonus, rules.box_value) == (100, 100, 25)
    assert rules.shutout is ShutoutRule.DOUBLE_HAND_POINTS
    assert rules.ace_rule is AceRule.LOW
    assert rules.match_format is MatchFormat.SINGLE_GAME
    assert rules.next_dealer is DealerRule.ALTERNATE
    assert rules.partnership_target == 125


def test_parse_reads_every_kind_of_knob() -> None:
    text = """
    key = "club"
    name = "Club night"
    knock_rule = "oklahoma"
    undercut_on_tie = false
    target = 150
    shutout = "double_total"
    ace_rule = "tedesco"
    match_format = "hollywood"
    hollywood_games = 2
    hollywood_targets = [125, 150]
    next_dealer = "loser"
    """
    rules = parse_ruleset(text, origin="club.toml")
    assert rules.key == "club" and rules.name == "Club night"
    assert rules.knock_rule is KnockRule.OKLAHOMA
    assert not rules.undercut_on_tie
    assert rules.target == 150
    assert rules.shutout is ShutoutRule.DOUBLE_TOTAL
    assert rules.ace_rule is AceRule.TEDESCO
    assert rules.hollywood_targets == (125, 150)
    assert rules.next_dealer is DealerRule.LOSER
    assert rules.gin_bonus == 25  # not written: the default


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('knock_limit = "x"', "gra.toml: knock_limit = 'x': must be a whole number 0-10"),
        ("knock_limit = 11", "gra.toml: knock_limit = 11: must be a whole number 0-10"),
        ("gin_bonus = -5", "gra.toml: gin_bonus = -5: must be a whole number 0-1000"),
        ("target = true", "gra.toml: target = True: must be a whole number"),
        ('shutout = "triple"', "gra.toml: shutout = 'triple': must be one of none, "),
        ('undercut_on_tie = "yes"', "gra.toml: undercut_on_tie = 'yes': must be true or false"),
        ("knock_limt = 10", "gra.toml: knock_limt = 10: is not a rule-set knob"),
        ("best_of = 4", "gra.toml: best_of = 4: must be odd"),
        ("hollywood_targets = [100, 100]", "gra.toml: hollywood_targets = [100, 100]: must list"),
        ('hollywood_targets = ["a"]', "gra.toml: hollywood_targets = ['a']: must be a list"),
        ('name = ""', "gra.toml: name = '': must not be empty"),
        ("name = 3", "gra.toml: name = 3: must be text in quotes"),
        ("target = = 3", "gra.toml: not valid TOML"),
    ],
)
def test_bad_knob_names_file_key_and_value(line: str, expected: str) -> None:
    with pytest.raises(RuleSetError) as caught:
        parse_ruleset(line, origin="gra.toml")
    assert str(caught.value).startswith(expected)


def test_to_dict_is_json_safe_and_round_trips() -> None:
    rules = RuleSet(
        key="x",
        knock_rule=KnockRule.GIN_ONLY,
        hollywood_games=2,
        hollywood_targets=(100, 150),
        ace_rule=AceRule.TEDESCO,
    )
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["knock_rule"] == "gin_only" and data["hollywood_targets"] == [100, 150]
    assert RuleSet.from_dict(data) == rules


def test_from_dict_fills_knobs_added_later_and_names_its_origin() -> None:
    assert RuleSet.from_dict({"key": "old", "target": 200}).box_value == 25
    with pytest.raises(RuleSetError, match=r"^match 7: target = 0: must be"):
        RuleSet.from_dict({"target": 0}, origin="match 7")


def test_with_changes_is_checked_like_a_file() -> None:
    rules = RuleSet().with_changes(target=250, shutout="none")
    assert rules.target == 250 and rules.shutout is ShutoutRule.NONE
    with pytest.raises(RuleSetError, match="knock_limit = 12"):
        RuleSet().with_changes(knock_limit=12)


def test_games_to_win() -> None:
    assert RuleSet(best_of=5).games_to_win == 3
    assert RuleSet(best_of=1).games_to_win == 1
