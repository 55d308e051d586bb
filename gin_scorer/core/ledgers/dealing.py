"""Who deals next (rules.md "Next dealer": alternate (W), loser (P), winner)."""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.hands import HandResult, Outcome, Side
from gin_scorer.core.rules import DealerRule, RuleSet


def next_dealer(dealer: Side, result: HandResult, rules: RuleSet) -> Side:
    """The dealer of the hand after ``result``, which ``dealer`` dealt.

    A misdeal is dealt again by the same dealer; so is a dead hand when
    ``dead_hand_same_dealer`` (P). Otherwise a hand nobody won (a dead hand, a tie without
    undercut) passes the deal to the other player under every rule: with no loser or winner
    to follow, the deal alternates. (The sources are silent on it; this is what the desk's
    sheet has always said.)

    >>> from gin_scorer.core.hands import Declaration, HandRecord, score_hand
    >>> rules = RuleSet(next_dealer=DealerRule.LOSER)
    >>> won_by_a = score_hand(HandRecord(Declaration.GIN, Side.A, ((Side.B, 9),)), rules)
    >>> next_dealer(Side.A, won_by_a, rules)
    <Side.B: 'B'>
    """
    if result.outcome is Outcome.MISDEAL:
        return dealer  # a misdeal is dealt again by the same dealer
    if result.outcome is Outcome.DEAD and rules.dead_hand_same_dealer:
        return dealer
    if result.winner is None or rules.next_dealer is DealerRule.ALTERNATE:
        return dealer.other
    if rules.next_dealer is DealerRule.LOSER:
        return result.winner.other
    return result.winner


def dealers(first: Side, results: Sequence[HandResult], rules: RuleSet) -> tuple[Side, ...]:
    """The dealer of each hand (one more than ``results``: the last is the next hand's)."""
    out = [first]
    for result in results:
        out.append(next_dealer(out[-1], result, rules))
    return tuple(out)
