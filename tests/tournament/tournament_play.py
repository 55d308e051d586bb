"""Play whole events through the pure engine with a chosen way of deciding each match."""

from __future__ import annotations

import random
from collections.abc import Callable

from gin_scorer.tournament.engine import EventState, after_round, is_complete, plan_round
from gin_scorer.tournament.model import Entrant, MatchOutcome, Pairing, RoundPlan

Decide = Callable[[Pairing, int], int]  # (pairing, round) -> winner id


def outcome_for(p: Pairing, winner: int, round_number: int, rng: random.Random) -> MatchOutcome:
    assert p.b is not None
    loser_games = rng.randint(0, 2)
    games_a, games_b = (3, loser_games) if winner == p.a else (loser_games, 3)
    margin = rng.randint(1, 600)
    return MatchOutcome(
        p.a,
        p.b,
        winner,
        games_a,
        games_b,
        margin if winner == p.a else -margin,
        round_number=round_number,
        slot=p.slot,
    )


def better_seed_wins(seeds: dict[int, int]) -> Decide:
    def decide(p: Pairing, _round: int) -> int:
        assert p.b is not None
        return p.a if seeds[p.a] < seeds[p.b] else p.b

    return decide


def random_winner(rng: random.Random) -> Decide:
    def decide(p: Pairing, _round: int) -> int:
        assert p.b is not None
        return rng.choice((p.a, p.b))

    return decide


def play_round(
    state: EventState, decide: Decide, rng: random.Random
) -> tuple[EventState, RoundPlan]:
    number = state.paired_rounds + 1
    plan = plan_round(state, number)
    results = [outcome_for(p, decide(p, number), number, rng) for p in plan.matches]
    return after_round(state, plan, results), plan


def play_event(
    state: EventState, decide: Decide, rng: random.Random, limit: int = 100
) -> tuple[EventState, list[RoundPlan]]:
    plans = []
    while not is_complete(state):
        state, plan = play_round(state, decide, rng)
        plans.append(plan)
        assert len(plans) <= limit, "the event does not end"
    return state, plans


def field_of(n: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(i, f"P{i}", seed=i) for i in range(1, n + 1))
