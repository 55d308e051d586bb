"""What each knob of a rule set is called where a director reads it (the rules editor of the
new-event and rules dialogs). The identity fields (key, name, description, source) are not
knobs: the dialogs set them."""

from __future__ import annotations

KNOB_LABELS = {
    "knock_rule": "Knock rule",
    "knock_limit": "Knock limit",
    "oklahoma_ace_gin_only": "Oklahoma: ace upcard = gin only",
    "gin_bonus": "Gin bonus",
    "big_gin_allowed": "Big gin allowed",
    "big_gin_bonus": "Big gin bonus",
    "undercut_bonus": "Undercut bonus",
    "undercut_on_tie": "Undercut on a tie",
    "spade_doubles": "Spade upcard doubles",
    "target": "Game target",
    "game_bonus": "Game bonus",
    "box_value": "Box value",
    "undercut_extra_boxes": "Extra boxes for undercut",
    "gin_extra_boxes": "Extra boxes for gin",
    "shutout": "Shutout rule",
    "ace_rule": "Aces",
    "match_format": "Match format",
    "best_of": "Best of (games)",
    "hollywood_games": "Hollywood games",
    "hollywood_targets": "Hollywood targets",
    "hollywood_open_new_games": "Hollywood: open new games",
    "multimatch_match_target": "Multi-match: match target",
    "multimatch_total_target": "Multi-match: total target",
    "multimatch_per_hand_won": "Multi-match: per hand won",
    "multimatch_match_bonus": "Multi-match: match bonus",
    "multimatch_shutout_bonus": "Multi-match: shutout bonus",
    "partnership_target": "Partnership target",
    "team_players": "Teams: players a team",
    "team_target": "Teams: target",
    "team_sweep_bonus": "Teams: bonus when all win",
    "next_dealer": "Next dealer",
    "dead_hand_same_dealer": "Dead hand: same dealer",
    "fiftieth_card_rule": "50th-card rule",
}
