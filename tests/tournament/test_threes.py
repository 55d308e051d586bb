"""Tables of three: seating (checked against a brute force) and what a table counts for."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import ByeValue, Entrant, MatchOutcome, RoundPlan
from gin_scorer.tournament.standings import compute_standings
from gin_scorer.tournament.swiss import swiss_ranking
from gin_scorer.tournament.threes import seat_threes, table_outcomes


def _field(n: int) -> list[Entrant]:
    return [Entrant(i, name=f"P{i}", seed=i) for i in range(1, n + 1)]


def _met_pairs(outcomes: list[MatchOutcome]) -> set[frozenset[int]]:
    return {frozenset((o.a, o.b)) for o in outcomes if o.b is not None}


def _repeat_free_exists(people: list[int], met: set[frozenset[int]]) -> bool:
    """Brute force: can ``people`` (a multiple of three) sit in threes with no meeting again?"""
    if not people:
        return True
    first, rest = people[0], people[1:]
    for b, c in combinations(rest, 2):
        if {frozenset((first, b)), frozenset((first, c)), frozenset((b, c))} & met:
            continue
        if _repeat_free_exists([e for e in rest if e not in (b, c)], met):
            return True
    return False


def test_round_one_folds_the_seeded_field_in_thirds() -> None:
    plan = _seat(_field(9), [], 1)
    assert [(p.table, p.a, p.b, p.c) for p in plan.pairings] == [
        (1, 1, 4, 7),
        (2, 2, 5, 8),
        (3, 3, 6, 9),
    ]
    assert plan.byes == ()


def test_the_lowest_ranked_take_the_byes_and_not_twice_while_others_have_none() -> None:
    entrants = _field(8)
    first = _seat(entrants, [], 1)
    assert first.byes == (8, 7)
    outcomes = [MatchOutcome.bye(8, ByeValue(), 1)]
    outcomes.append(MatchOutcome(a=1, b=2, winner=1, round_number=1))
    second = _seat(entrants, outcomes, 2)
    assert 8 not in second.byes and len(second.byes) == 2


def test_too_few_players_is_refused_with_the_count() -> None:
    with pytest.raises(TournamentError, match=r"at least 3 entrants .* there are 2"):
        _seat(_field(2), [], 1)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=3, max_value=12),
    met=st.sets(st.tuples(st.integers(1, 12), st.integers(1, 12)), max_size=20),
)
def test_every_player_sits_once_and_repeats_only_when_no_seating_avoids_them(
    n: int, met: set[tuple[int, int]]
) -> None:
    entrants = _field(n)
    outcomes = [
        MatchOutcome(a=x, b=y, winner=x, round_number=1)
        for x, y in met
        if x != y and x <= n and y <= n
    ]
    plan = _seat(entrants, outcomes, 2)
    seated = [e for p in plan.matches for e in p.entrants]
    assert sorted(seated + list(plan.byes)) == list(range(1, n + 1))
    assert all(p.c is not None for p in plan.matches)
    assert len(plan.byes) == n % 3
    met_pairs = _met_pairs(outcomes)
    repeated = [
        pair
        for p in plan.matches
        for pair in map(frozenset, combinations(p.entrants, 2))
        if pair in met_pairs
    ]
    people = [e for e in range(1, n + 1) if e not in plan.byes]
    if _repeat_free_exists(people, met_pairs):
        assert repeated == []
    else:
        assert repeated and plan.notes


def test_a_table_counts_its_winner_over_both_and_the_second_over_the_third() -> None:
    outcomes = table_outcomes((7, 8, 9), (120, 310, 75), 1, round_number=1)
    rows = {r.entrant.id: r.record for r in compute_standings(_entrants(7, 8, 9), outcomes)}
    assert (rows[8].counts.match_wins, rows[8].counts.match_losses) == (2, 0)
    assert (rows[7].counts.match_wins, rows[7].counts.match_losses) == (1, 1)
    assert (rows[9].counts.match_wins, rows[9].counts.match_losses) == (0, 2)
    assert rows[8].counts.point_differential == (310 - 120) + (310 - 75)
    assert sum(r.counts.point_differential for r in rows.values()) == 0


def test_the_two_behind_the_winner_with_equal_totals_draw() -> None:
    outcomes = table_outcomes((1, 2, 3), (50, 50, 260), 2)
    draw = [o for o in outcomes if o.winner is None]
    assert [(o.a, o.b, o.margin) for o in draw] == [(1, 2, 0)]


def _entrants(*ids: int) -> list[Entrant]:
    return [Entrant(i, name=f"P{i}") for i in ids]


def _seat(entrants: list[Entrant], outcomes: list[MatchOutcome], number: int) -> RoundPlan:
    names = {e.id: e.display_name for e in entrants}
    return seat_threes(swiss_ranking(entrants, outcomes, number), names, number)
