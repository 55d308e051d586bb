"""The pure derivation of a score sheet: who deals next, and where each hand lands."""

from __future__ import annotations

import pytest

from gin_scorer.core.hands import Side, score_hand
from gin_scorer.core.ledgers.dealing import next_dealer
from gin_scorer.core.rules import DealerRule, RuleSet

from .helpers import hand

A_WINS = hand({"knock": "A", "deadwood": {"A": 3, "B": 20}})
DEAD = hand({"dead": True})


@pytest.mark.parametrize(
    ("rule", "same_after_dead", "record", "dealer", "expected"),
    [
        (DealerRule.ALTERNATE, False, A_WINS, Side.A, Side.B),
        (DealerRule.ALTERNATE, False, A_WINS, Side.B, Side.A),
        (DealerRule.LOSER, False, A_WINS, Side.A, Side.B),  # B lost: B deals
        (DealerRule.LOSER, False, A_WINS, Side.B, Side.B),
        (DealerRule.WINNER, False, A_WINS, Side.B, Side.A),
        (DealerRule.ALTERNATE, False, DEAD, Side.A, Side.B),
        (DealerRule.ALTERNATE, True, DEAD, Side.A, Side.A),  # Pagat: same dealer again
        (DealerRule.LOSER, False, DEAD, Side.B, Side.A),
    ],
)
def test_who_deals_next(
    rule: DealerRule, same_after_dead: bool, record: object, dealer: Side, expected: Side
) -> None:
    rules = RuleSet(next_dealer=rule, dead_hand_same_dealer=same_after_dead)
    assert next_dealer(dealer, score_hand(record, rules), rules) is expected  # type: ignore[arg-type]
