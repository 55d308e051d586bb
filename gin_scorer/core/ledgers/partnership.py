"""Partnerships, four players (P): two teams of two; each player plays one opponent.

Players alternate opponents but stay in their teams. At the end of each deal, if both
players of a team won their hands the team scores the total of their points; if one player
from each team won, the team with the higher score scores the difference. The first team
whose cumulative score reaches ``partnership_target`` (125) wins.

Both cases are one rule: the team ahead on the deal's net points scores the net. A hand
nobody won (dead, tie) adds nothing, so the other table's winner scores in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Side
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import RuleSet


@dataclass(frozen=True, slots=True)
class PartnershipDeal:
    """One deal: the two tables' results (``Side.A`` at each table is team A's player).

    ``net`` is team A's points minus team B's on this deal; ``scored`` what each team scores.
    """

    deal: int
    tables: tuple[HandResult, HandResult]
    net: int
    scored: PerSide
    totals: PerSide


@dataclass(frozen=True, slots=True)
class Partnership:
    deals: tuple[PartnershipDeal, ...]
    totals: PerSide
    finished: bool
    winner: Side | None
    target: int
    extra_deals: tuple[int, ...] = ()


def seating(deal: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Who plays whom on ``deal`` (0-based): team A's players 0 and 1, team B's 0 and 1.

    Partners alternate opponents: deal 0 pairs A0-B0 and A1-B1, deal 1 pairs A0-B1 and A1-B0.

    >>> seating(0), seating(1)
    (((0, 0), (1, 1)), ((0, 1), (1, 0)))
    """
    if deal % 2 == 0:
        return ((0, 0), (1, 1))
    return ((0, 1), (1, 0))


def _points(result: HandResult, side: Side) -> int:
    return result.points if result.winner is side else 0


def netted(tables: Sequence[HandResult]) -> tuple[int, PerSide]:
    """A deal's tables netted: team A's points won minus team B's (``Side.A`` at each table is
    team A's player), and what each team scores of it (the team ahead scores the net)."""
    net = sum(_points(r, Side.A) - _points(r, Side.B) for r in tables)
    return net, PerSide(max(net, 0), max(-net, 0))


def play_partnership(deals: Sequence[tuple[HandResult, HandResult]], rules: RuleSet) -> Partnership:
    """Fold deals (two results each) into team totals, stopping when a team reaches the target.

    >>> from gin_scorer.core.hands import Declaration, HandRecord, score_hand
    >>> rules = RuleSet()
    >>> def knock(who, k, d):
    ...     record = HandRecord(Declaration.KNOCK, who, ((who, k), (who.other, d)))
    ...     return score_hand(record, rules)
    >>> both_a = (knock(Side.A, 2, 12), knock(Side.A, 5, 9))       # A wins 10 and 4
    >>> split = (knock(Side.A, 2, 12), knock(Side.B, 1, 20))       # A 10, B 19
    >>> play_partnership([both_a, split], rules).totals
    PerSide(a=14, b=9)
    """
    target = rules.partnership_target
    totals = PerSide()
    lines: list[PartnershipDeal] = []
    winner: Side | None = None
    for number, tables in enumerate(deals):
        if winner is not None:
            break
        net, scored = netted(tables)
        totals = totals + scored
        lines.append(PartnershipDeal(number, (tables[0], tables[1]), net, scored, totals))
        if max(totals.a, totals.b) >= target:
            winner = Side.A if totals.a >= target else Side.B
    return Partnership(
        deals=tuple(lines),
        totals=totals,
        finished=winner is not None,
        winner=winner,
        target=target,
        extra_deals=tuple(range(len(lines), len(deals))),
    )
