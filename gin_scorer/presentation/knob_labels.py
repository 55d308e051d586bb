"""What each knob of a rule set is called where a director reads it (the rules editor of the
new-event and rules dialogs). The identity fields (key, name, description, source) are not
knobs: the dialogs set them."""

from __future__ import annotations

from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate

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
