"""Dealing, partnerships (P) and three players (P)."""

from __future__ import annotations

from gin_scorer.core.hands import Declaration, HandRecord, HandResult, Side, score_hand
from gin_scorer.core.ledgers.dealing import dealers, next_dealer
from gin_scorer.core.ledgers.partnership import play_partnership, seating
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.ledgers.three_player import play_three_player, players_of_hand
from gin_scorer.core.rules import DealerRule, RuleSet

A, B = Side.A, Side.B
W = RuleSet()


def knock(who: Side, points: int, rules: RuleSet = W) -> HandResult:
    record = HandRecord(Declaration.KNOCK, who, ((who, 1), (who.other, points + 1)))
    return score_hand(record, rules)


def tie(rules: RuleSet) -> HandResult:
    return score_hand(HandRecord(Declaration.KNOCK, A, ((A, 5), (B, 5))), rules)


DEAD = score_hand(HandRecord(Declaration.DEAD), W)


def test_next_dealer_rules() -> None:
    assert next_dealer(A, knock(A, 5), W) is B  # alternate (W)
    assert next_dealer(A, DEAD, W) is B
    loser = RuleSet(next_dealer=DealerRule.LOSER, dead_hand_same_dealer=True)
    assert next_dealer(A, knock(A, 5), loser) is B
    assert next_dealer(A, knock(B, 5), loser) is A
    assert next_dealer(B, DEAD, loser) is B
    winner = RuleSet(next_dealer=DealerRule.WINNER, undercut_on_tie=False)
    assert next_dealer(A, knock(B, 5), winner) is B
    assert next_dealer(A, tie(winner), winner) is B  # nobody won: the deal passes
    assert dealers(A, [knock(A, 3), knock(A, 3)], W) == (A, B, A)


def test_partnership_sum_or_difference_to_125() -> None:
    both = (knock(A, 30), knock(A, 20))  # team A won both: 50
    split = (knock(A, 30), knock(B, 45))  # one each: B higher by 15
    even = (knock(A, 30), knock(B, 30))  # one each, equal: nobody
    one_dead = (DEAD, knock(B, 12))
    p = play_partnership([both, split, even, one_dead, both, both, both], W)
    assert [d.scored for d in p.deals] == [
        PerSide(50, 0),
        PerSide(0, 15),
        PerSide(0, 0),
        PerSide(0, 12),
        PerSide(50, 0),
        PerSide(50, 0),
    ]
    assert p.finished and p.winner is A and p.totals == PerSide(150, 27)
    assert p.extra_deals == (6,)
    assert seating(2) == seating(0) != seating(1)


def test_three_players_loser_deals_winner_plays_previous_dealer() -> None:
    rules = RuleSet(target=50)
    results = [knock(A, 20, rules), knock(B, 10, rules), DEAD, knock(A, 40, rules)]
    game = play_three_player(results, rules, first_dealer=1)
    # Hand 1: seat 1 deals, seats 2 (A) and 0 (B) play; seat 2 wins, seat 0 deals next.
    first, second, third, fourth = game.lines
    assert (first.dealer, first.players, first.winner) == (1, (2, 0), 2)
    # Hand 2 is between the winner (2) and the previous dealer (1).
    assert (second.dealer, set(second.players), second.winner) == (0, {1, 2}, 2)
    # A dead hand: the same dealer deals again.
    assert (third.dealer, third.winner) == (1, None)
    assert fourth.dealer == 1 and fourth.winner == 2
    assert game.finished and game.winner == 2 and game.points == (0, 0, 70)
    assert game.final == (0, 0, 70 + 3 * 25 + 100)
    assert players_of_hand(0) == (1, 2)
