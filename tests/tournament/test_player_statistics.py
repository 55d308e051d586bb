"""A player's statistics folded from hands and games, checked on hands whose counts are
known by construction."""

from __future__ import annotations

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandResult, Side, score_hand
from gin_scorer.core.ledgers import ledger_games, play_match
from gin_scorer.core.rules import RuleSet
from gin_scorer.tournament.player_stats import PlayedMatch, player_statistics

RULES = RuleSet(name="one game to 100", target=100)


def scored(data: dict[str, object]) -> HandResult:
    return score_hand(record_from_json(data), RULES)


KNOCK_A = scored({"knock": "A", "deadwood": {"A": 6, "B": 20}})  # A wins 14
UNDERCUT_B = scored({"knock": "A", "deadwood": {"A": 9, "B": 4}})  # B undercuts A
GIN_A = scored({"gin": "A", "deadwood": {"B": 40}})
BIG_GIN_B = scored({"big_gin": "B", "deadwood": {"A": 30}})


def played(hands: tuple[HandResult, ...], side: Side, won: bool | None) -> PlayedMatch:
    return PlayedMatch(side, hands, ledger_games(play_match(hands, RULES)), won)


def test_each_count_from_both_sides_of_the_same_hands() -> None:
    hands = (KNOCK_A, UNDERCUT_B, GIN_A, BIG_GIN_B, KNOCK_A)
    a = player_statistics([played(hands, Side.A, None)])
    b = player_statistics([played(hands, Side.B, None)])
    assert (a.hands, a.hands_won, b.hands_won) == (5, 3, 2)
    assert (a.gins, a.big_gins, b.gins, b.big_gins) == (1, 0, 0, 1)
    assert (a.undercuts_given, a.undercuts_suffered) == (0, 1)
    assert (b.undercuts_given, b.undercuts_suffered) == (1, 0)
    assert (a.knocks, a.knock_deadwood, b.knocks) == (3, 6 + 9 + 6, 0)
    assert a.average_knock_deadwood == 7.0 and b.average_knock_deadwood is None
    assert a.boxes + b.boxes == 5  # one box a hand won


def test_a_shutout_is_given_by_one_side_and_suffered_by_the_other() -> None:
    hands = (GIN_A, GIN_A, GIN_A)  # 3 × (25 + 40): past 100 before B wins a hand
    a = player_statistics([played(hands, Side.A, True)])
    b = player_statistics([played(hands, Side.B, False)])
    assert (a.shutouts_given, a.shutouts_suffered) == (1, 0)
    assert (b.shutouts_given, b.shutouts_suffered) == (0, 1)


def test_the_longest_streak_counts_decided_matches_in_order() -> None:
    results = [True, True, False, True, True, True, None, True, False]
    stats = player_statistics([PlayedMatch(Side.A, (), (), won) for won in results])
    assert (stats.matches, stats.won, stats.lost, stats.longest_streak) == (8, 6, 2, 4)
