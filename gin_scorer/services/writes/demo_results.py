"""The demo's results that come without their hands: a share of its matches reported as a
room reports them (``gin-scorer demo --slips 0.5``) — slips from the table's own pad (with
the game totals or without), forfeits, a double forfeit, time called part-way through, a
director's ruling — so that every path from the results line to the standings is exercised
by the same simulated event.

What a slip says is what the simulated match's hands made: its winner, games and, on some
slips, each game's totals, so the slip and the hands it stands for agree.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import Side, score_hand
from gin_scorer.core.ledgers import ledger_games, play_match
from gin_scorer.core.rules import RuleSet
from gin_scorer.services.support.dto import ResultKind
from gin_scorer.services.support.result_values import reached_by, shape_of
from gin_scorer.services.writes.results import ResultReport
from gin_scorer.simulation import SimulatedHand
from gin_scorer.tournament.results import leader


@dataclass(frozen=True, slots=True)
class ReportedMatch:
    """How the demo enters one match: ``hands`` first (part of the play, for time called or
    a ruling; none for a slip or a forfeit), then ``report``."""

    hands: tuple[SimulatedHand, ...]
    report: ResultReport


def reported(
    rng: random.Random, hands: Sequence[SimulatedHand], rules: RuleSet, *, knockout: bool
) -> ReportedMatch:
    """One match of the share reported without (all) its hands, its kind drawn by ``rng``.

    A knockout bracket needs a winner, so it never draws a double forfeit; a format a slip
    cannot describe (Hollywood, multi-match) draws a forfeit or a ruling instead."""
    results = [score_hand(h.record, rules) for h in hands]
    summary = play_match(results, rules)
    roll = rng.random()
    if shape_of(rules) is None:
        roll = 0.85 + 0.15 * roll  # forfeits and rulings only
    if roll < 0.7 and summary.winner is not None:
        totals: tuple[tuple[int, int], ...] = ()
        winners: tuple[Side | None, ...] = ()
        if rng.random() < 0.5:  # half the slips carry each game's finals, as the pad has them
            done = [g for g in ledger_games(summary) if g.finished]
            totals = tuple((g.final.a, g.final.b) for g in done)
            winners = tuple(g.winner for g in done)  # marked: a loser can end ahead on boxes
        games = (summary.games_won.a, summary.games_won.b)
        slip = ResultReport(ResultKind.SLIP, summary.winner, games, totals, game_winners=winners)
        return ReportedMatch((), slip)
    if roll < 0.8 and len(hands) > 1:
        played = tuple(hands[: max(1, len(hands) // 2)])  # time called half-way through
        # A level match goes to the side the director names (here, always A).
        called = ResultReport(ResultKind.TIME_CALLED, _level_to_a(played, rules))
        return ReportedMatch(played, called)
    if roll < 0.85 and not knockout:
        return ReportedMatch((), ResultReport(ResultKind.DOUBLE_FORFEIT))
    if roll < 0.95:
        present = rng.choice((Side.A, Side.B))
        return ReportedMatch((), ResultReport(ResultKind.FORFEIT, present))
    played = tuple(hands[:1])
    winner = summary.winner or rng.choice((Side.A, Side.B))
    return ReportedMatch(
        played, ResultReport(ResultKind.ADJUDICATED, winner, reason="slow play, by the rules")
    )


def _level_to_a(played: Sequence[SimulatedHand], rules: RuleSet) -> Side | None:
    """A when the hands leave the match level (the director must name a winner), else None:
    the event's rule gives it to the leader."""
    summary = play_match([score_hand(h.record, rules) for h in played], rules)
    return Side.A if leader(reached_by(summary)) is None else None
