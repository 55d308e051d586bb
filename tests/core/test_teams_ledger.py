"""Tedesco's team game (W): tables netted per deal, a sweep bonus when a whole team wins, to
100 a player; and the Tedesco, Oklahoma-extra-boxes and doubled-total presets."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_scorer.core.cards import parse_cards
from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import Declaration, HandRecord, HandResult, Side, score_hand
from gin_scorer.core.ledgers import play_game
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.ledgers.teams import (
    TeamRules,
    TeamRulesError,
    play_teams,
    tedesco_team_rules,
)
from gin_scorer.core.melds import AceRule, best_arrangement
from gin_scorer.core.rules import RuleSet
from gin_scorer.presets import load_preset

RULES = RuleSet()


def knock(who: Side, k: int, d: int) -> HandResult:
    return score_hand(HandRecord(Declaration.KNOCK, who, ((who, k), (who.other, d))), RULES)


def test_the_source_reading_of_team_sizes() -> None:
    assert [(r.target, r.sweep_bonus) for r in map(tedesco_team_rules, (2, 3, 4))] == [
        (200, 0),
        (300, 25),
        (400, 50),
    ]
    with pytest.raises(TeamRulesError, match="2 to 8 players"):
        tedesco_team_rules(1)


def test_a_split_deal_scores_the_net_and_a_sweep_scores_the_bonus() -> None:
    rules = TeamRules(3, 50, 25)
    split = (knock(Side.A, 2, 12), knock(Side.B, 1, 20), knock(Side.A, 0, 5))  # 10 - 19 + 5
    swept_b = (knock(Side.B, 0, 10),) * 3  # B wins 30, and sweeps
    teams = play_teams([split, swept_b, swept_b], rules)
    assert [d.scored for d in teams.deals] == [PerSide(0, 4), PerSide(0, 55)]
    assert teams.finished and teams.winner is Side.B and teams.totals.b == 59
    assert teams.extra_deals == (2,)
    assert teams.deals[1].swept_by is Side.B and teams.deals[0].swept_by is None


def test_a_deal_with_the_wrong_number_of_tables_is_refused() -> None:
    with pytest.raises(TeamRulesError, match="deal 1 has 2 tables; teams of 3 play 3"):
        play_teams([(knock(Side.A, 1, 2), knock(Side.A, 1, 2))], TeamRules(3, 300, 25))


@given(st.lists(st.tuples(st.sampled_from(list(Side)), st.integers(0, 10), st.integers(11, 60))))
def test_team_totals_are_the_sum_of_what_each_deal_scored(
    hands: list[tuple[Side, int, int]],
) -> None:
    results = [knock(side, k, d) for side, k, d in hands]
    deals = [results[i : i + 2] for i in range(0, len(results) - len(results) % 2, 2)]
    teams = play_teams(deals, TeamRules(2, 10**6, 0))
    assert teams.totals.a == sum(d.scored.a for d in teams.deals)
    assert all(min(d.scored.a, d.scored.b) == 0 for d in teams.deals)
    assert all(abs(d.net) == d.scored.a + d.scored.b for d in teams.deals)


def test_tedesco_melds_round_the_corner_and_plays_hollywood_to_200() -> None:
    rules = load_preset("tedesco")
    assert rules.ace_rule.value == "tedesco" and rules.hollywood_targets == (200, 200, 200)
    hand = parse_cards("Qs Ks As 2s 5h 5d 5c 9c 9d Jh")
    tedesco = best_arrangement(hand, AceRule.TEDESCO)
    low = best_arrangement(hand, AceRule.LOW)
    assert tedesco.deadwood_points < low.deadwood_points
    loose_ace = best_arrangement(parse_cards("Ac 5h 5d 5c 9c 9d 9s Jh Qh Kh"), AceRule.TEDESCO)
    assert loose_ace.deadwood_points == 15  # an unmelded ace costs 15


def test_the_extra_boxes_and_doubled_total_presets_do_what_they_say() -> None:
    boxes = load_preset("oklahoma-extra-boxes")
    gin = score_hand(record_from_json({"gin": "A", "deadwood": {"B": 10}, "upcard": "9h"}), boxes)
    assert gin.boxes == 3  # one for the hand, two extra for gin
    doubled = load_preset("pagat-doubled-total")
    wins = [score_hand(record_from_json({"gin": "A", "deadwood": {"B": 30}}), doubled)] * 3
    game = play_game(wins, doubled)
    # Two gins of 50 reach the 100: 100 points, two boxes of 20, the game's 100, all doubled.
    assert game.shutout and game.final.a == 2 * (2 * 50 + 2 * 20 + 100)


def test_score_prints_the_team_ledger() -> None:
    lines = "\n".join(
        ['{"knock":"A","deadwood":{"A":2,"B":12}}', '{"gin":"A","deadwood":{"B":20}}'] * 3
    )
    done = subprocess.run(
        [sys.executable, "-m", "gin_scorer", "score", "-", "--ledger", "teams", "--team-size", "2"],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Teams of 2 to 200: team A 165, team B 0; in play (3 deals swept, 0 each)" in done.stdout
