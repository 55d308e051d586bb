"""What each knob of a rule set is called where a director reads it (the rules editor of the
new-event and rules dialogs), and each of its values in words: ``Next dealer: the loser of
the hand``, not ``next_dealer: loser``. The identity fields (key, name, description, source)
are not knobs: the dialogs set them.

>>> from gin_scorer.core.rules import RuleSet
>>> print(describe_rules(RuleSet()).splitlines()[1])
Knock rule: up to the knock limit
>>> knob_value(MatchFormat.SINGLE_GAME), knob_value(True), knob_value((100, 150))
('single game', 'yes', '100, 150')
>>> describe_changes("Gin Rummy Association", {"target": 150, "gin_bonus": 20})
'Gin Rummy Association with changes: Gin bonus set to 20; Game target set to 150'
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum

from gin_scorer.core.melds import AceRule
from gin_scorer.core.rules import DealerRule, KnockRule, MatchFormat, RuleSet, ShutoutRule
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate

IDENTITY = ("key", "name", "description", "source")
"""The fields of a rule set that say which it is, not how it scores."""

KNOB_LABELS = {
    "knock_rule": QT_TRANSLATE_NOOP("knob_labels", "Knock rule"),
    "knock_limit": QT_TRANSLATE_NOOP("knob_labels", "Knock limit"),
    "oklahoma_ace_gin_only": QT_TRANSLATE_NOOP("knob_labels", "Oklahoma: ace upcard = gin only"),
    "gin_bonus": QT_TRANSLATE_NOOP("knob_labels", "Gin bonus"),
    "big_gin_allowed": QT_TRANSLATE_NOOP("knob_labels", "Big gin allowed"),
    "big_gin_bonus": QT_TRANSLATE_NOOP("knob_labels", "Big gin bonus"),
    "undercut_bonus": QT_TRANSLATE_NOOP("knob_labels", "Undercut bonus"),
    "undercut_on_tie": QT_TRANSLATE_NOOP("knob_labels", "Undercut on a tie"),
    "spade_doubles": QT_TRANSLATE_NOOP("knob_labels", "Spade upcard doubles"),
    "target": QT_TRANSLATE_NOOP("knob_labels", "Game target"),
    "game_bonus": QT_TRANSLATE_NOOP("knob_labels", "Game bonus"),
    "box_value": QT_TRANSLATE_NOOP("knob_labels", "Box value"),
    "undercut_extra_boxes": QT_TRANSLATE_NOOP("knob_labels", "Extra boxes for undercut"),
    "gin_extra_boxes": QT_TRANSLATE_NOOP("knob_labels", "Extra boxes for gin"),
    "shutout": QT_TRANSLATE_NOOP("knob_labels", "Shutout rule"),
    "ace_rule": QT_TRANSLATE_NOOP("knob_labels", "Aces"),
    "match_format": QT_TRANSLATE_NOOP("knob_labels", "Match format"),
    "best_of": QT_TRANSLATE_NOOP("knob_labels", "Best of (games)"),
    "hollywood_games": QT_TRANSLATE_NOOP("knob_labels", "Hollywood games"),
    "hollywood_targets": QT_TRANSLATE_NOOP("knob_labels", "Hollywood targets"),
    "hollywood_open_new_games": QT_TRANSLATE_NOOP("knob_labels", "Hollywood: open new games"),
    "multimatch_match_target": QT_TRANSLATE_NOOP("knob_labels", "Multi-match: match target"),
    "multimatch_total_target": QT_TRANSLATE_NOOP("knob_labels", "Multi-match: total target"),
    "multimatch_per_hand_won": QT_TRANSLATE_NOOP("knob_labels", "Multi-match: per hand won"),
    "multimatch_match_bonus": QT_TRANSLATE_NOOP("knob_labels", "Multi-match: match bonus"),
    "multimatch_shutout_bonus": QT_TRANSLATE_NOOP("knob_labels", "Multi-match: shutout bonus"),
    "partnership_target": QT_TRANSLATE_NOOP("knob_labels", "Partnership target"),
    "team_players": QT_TRANSLATE_NOOP("knob_labels", "Teams: players a team"),
    "team_target": QT_TRANSLATE_NOOP("knob_labels", "Teams: target"),
    "team_sweep_bonus": QT_TRANSLATE_NOOP("knob_labels", "Teams: bonus when all win"),
    "next_dealer": QT_TRANSLATE_NOOP("knob_labels", "Next dealer"),
    "dead_hand_same_dealer": QT_TRANSLATE_NOOP("knob_labels", "Dead hand: same dealer"),
    "fiftieth_card_rule": QT_TRANSLATE_NOOP("knob_labels", "50th-card rule"),
}


def knob_label(name: str) -> str:
    """The knob's label in the reader's language; a field without one is named as it is."""
    label = KNOB_LABELS.get(name)
    return translate("knob_labels", label) if label is not None else name


KNOB_VALUES: dict[Enum, str] = {
    KnockRule.LIMIT: QT_TRANSLATE_NOOP("knob_labels", "up to the knock limit"),
    KnockRule.OKLAHOMA: QT_TRANSLATE_NOOP("knob_labels", "Oklahoma: up to the first upcard"),
    KnockRule.GIN_ONLY: QT_TRANSLATE_NOOP("knob_labels", "gin only, no knocking"),
    ShutoutRule.NONE: QT_TRANSLATE_NOOP("knob_labels", "no shutout bonus"),
    ShutoutRule.DOUBLE_HAND_POINTS: QT_TRANSLATE_NOOP("knob_labels", "hand points doubled"),
    ShutoutRule.DOUBLE_GAME_BONUS: QT_TRANSLATE_NOOP("knob_labels", "game bonus doubled"),
    ShutoutRule.DOUBLE_TOTAL: QT_TRANSLATE_NOOP("knob_labels", "the winner's score doubled"),
    AceRule.LOW: QT_TRANSLATE_NOOP("knob_labels", "low only"),
    AceRule.TEDESCO: QT_TRANSLATE_NOOP("knob_labels", "high or low, runs turn the corner"),
    MatchFormat.SINGLE_GAME: QT_TRANSLATE_NOOP("knob_labels", "single game"),
    MatchFormat.BEST_OF: QT_TRANSLATE_NOOP("knob_labels", "best of N games"),
    MatchFormat.HOLLYWOOD: QT_TRANSLATE_NOOP("knob_labels", "Hollywood"),
    MatchFormat.MULTI_MATCH: QT_TRANSLATE_NOOP("knob_labels", "multi-match"),
    MatchFormat.PARTNERSHIP: QT_TRANSLATE_NOOP("knob_labels", "partnership"),
    MatchFormat.TEAMS: QT_TRANSLATE_NOOP("knob_labels", "teams"),
    MatchFormat.THREE_PLAYER: QT_TRANSLATE_NOOP("knob_labels", "three players"),
    DealerRule.ALTERNATE: QT_TRANSLATE_NOOP("knob_labels", "each player in turn"),
    DealerRule.LOSER: QT_TRANSLATE_NOOP("knob_labels", "the loser of the hand"),
    DealerRule.WINNER: QT_TRANSLATE_NOOP("knob_labels", "the winner of the hand"),
}


def knob_value(value: object) -> str:
    """A knob's value in the reader's language: a choice in words, yes or no, numbers as
    they are (a list of them with commas); a choice without words is named as it is."""
    if isinstance(value, Enum):
        words = KNOB_VALUES.get(value)
        return translate("knob_labels", words) if words else str(value.value)
    if isinstance(value, bool):
        return translate("knob_labels", "yes") if value else translate("knob_labels", "no")
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def describe_rules(rules: RuleSet) -> str:
    """Every knob in words, one per line (the rules editor's live preview), after the rule
    set's name and key."""
    lines = [f"{rules.name} ({rules.key})"]
    for field in fields(rules):
        if field.name not in IDENTITY:
            value = knob_value(getattr(rules, field.name))
            lines.append(f"{knob_label(field.name)}: {value}")
    return "\n".join(lines)


def describe_changes(base_name: str, changed: dict[str, object]) -> str:
    """The description a custom rule set is saved with: its preset and each changed knob by
    its label and new value, in the order the editor shows the knobs (the director reads it
    again in the saved preset's file and in ``presets list``, so not ``gin_bonus, target``)."""
    order = [field.name for field in fields(RuleSet) if field.name in changed]
    order += sorted(name for name in changed if name not in order)
    changes = "; ".join(
        translate("knob_labels", "{0} set to {1}").format(
            knob_label(name), knob_value(changed[name])
        )
        for name in order
    )
    return translate("knob_labels", "{0} with changes: {1}").format(base_name, changes)
