"""Team gin as Tedesco players play it (W, "Tedesco Gin"): two teams of N, each player plays
one opponent of the other team at their own table, and every deal is scored for the team.

A deal's tables are netted as in partnerships (P): team A's points won minus team B's, the
team ahead scoring the net. When every player of a team wins their hand, the team scores a
sweep bonus on top. The source: "Hollywood of three games to 200 when playing head to head
or two man teams. Three man teams play to 300, 25 points extra if all three teammates win.
50 points for four man team, etc." Read as: the target is 100 a player (two: 200, three:
300), the sweep bonus 25 for each teammate beyond two (three: 25, four: 50); both are knobs
of :class:`TeamRules`, and :func:`tedesco_team_rules` gives the reading for any team size.

>>> from gin_scorer.core.hands import Declaration, HandRecord, score_hand
>>> from gin_scorer.core.rules import RuleSet
>>> def knock(who, k, d):
...     return score_hand(HandRecord(Declaration.KNOCK, who, ((who, k), (who.other, d))), RuleSet())
>>> sweep = (knock(Side.A, 2, 12), knock(Side.A, 5, 9), knock(Side.A, 0, 3))
>>> play_teams([sweep], tedesco_team_rules(3)).totals    # 10 + 4 + 3, and 25 for the sweep
PerSide(a=42, b=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Side
from gin_scorer.core.ledgers.partnership import netted
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.wording import SaidError, said

MOST_PLAYERS = 8


class TeamRulesError(SaidError, ValueError):
    """Team rules that cannot be used (the message names the knob)."""


@dataclass(frozen=True, slots=True)
class TeamRules:
    """How many play for each team, the team target, and the bonus when all win a deal."""

    players: int
    target: int
    sweep_bonus: int

    def __post_init__(self) -> None:
        if not 2 <= self.players <= MOST_PLAYERS:
            raise TeamRulesError(
                said("a team has 2 to {0} players, not {1}", MOST_PLAYERS, self.players)
            )
        if self.target < 1 or self.sweep_bonus < 0:
            raise TeamRulesError(
                said("the team target must be 1 or more and the sweep bonus 0 or more")
            )


def tedesco_team_rules(players: int) -> TeamRules:
    """Tedesco's team game for ``players`` a team: to 100 a player, 25 a teammate past two."""
    return TeamRules(players, 100 * players, 25 * max(players - 2, 0))


@dataclass(frozen=True, slots=True)
class TeamDeal:
    """One deal: each table's result (``Side.A`` is team A's player there), the net, which
    team swept it (None: neither), what each team scored and the totals after."""

    deal: int
    tables: tuple[HandResult, ...]
    net: int
    swept_by: Side | None
    scored: PerSide
    totals: PerSide


@dataclass(frozen=True, slots=True)
class Teams:
    deals: tuple[TeamDeal, ...]
    totals: PerSide
    finished: bool
    winner: Side | None
    rules: TeamRules
    extra_deals: tuple[int, ...] = ()


def _sweeper(tables: Sequence[HandResult]) -> Side | None:
    winners = {result.winner for result in tables}
    return next(iter(winners)) if len(winners) == 1 and None not in winners else None


def play_teams(deals: Sequence[Sequence[HandResult]], rules: TeamRules) -> Teams:
    """Fold deals (one result a table) into team totals, stopping at the target."""
    totals = PerSide()
    lines: list[TeamDeal] = []
    winner: Side | None = None
    for number, tables in enumerate(deals):
        if winner is not None:
            break
        if len(tables) != rules.players:
            raise TeamRulesError(
                said(
                    "deal {0} has {1} tables; teams of {2} play {2}",
                    number + 1,
                    len(tables),
                    rules.players,
                )
            )
        net, scored = netted(tables)
        swept = _sweeper(tables)
        if swept is not None:
            scored = scored.plus(swept, rules.sweep_bonus)
        totals = totals + scored
        lines.append(TeamDeal(number, tuple(tables), net, swept, scored, totals))
        if max(totals.a, totals.b) >= rules.target and totals.a != totals.b:
            winner = Side.A if totals.a > totals.b else Side.B  # level at the target: play on
    return Teams(
        deals=tuple(lines),
        totals=totals,
        finished=winner is not None,
        winner=winner,
        rules=rules,
        extra_deals=tuple(range(len(lines), len(deals))),
    )
