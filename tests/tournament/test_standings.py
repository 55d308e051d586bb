"""Standings: tie-breaks in order, head-to-head inside tied groups, shared places."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.tournament.model import Entrant, MatchOutcome
from gin_scorer.tournament.settings import TieBreak
from gin_scorer.tournament.standings import compute_standings

ALL_TIES = list(TieBreak)


def _o(a: int, b: int, winner: int, ga: int = 3, gb: int = 1, margin: int = 100) -> MatchOutcome:
    return MatchOutcome(a, b, winner, ga, gb, margin if winner == a else -margin, 1)


def test_head_to_head_breaks_a_tie_only_inside_the_group() -> None:
    people = [Entrant(i, n) for i, n in enumerate(["", "Ann", "Bob", "Cy"]) if i]
    outcomes = [_o(2, 1, 2), _o(1, 3, 1), _o(3, 2, 3)]
    rows = compute_standings(people, outcomes, (TieBreak.MATCH_WINS, TieBreak.HEAD_TO_HEAD))
    # A three-way tie on one win each; head to head is also 1 each: all share first.
    assert [r.place_label for r in rows] == ["1=", "1=", "1="]
    rows = compute_standings(people, outcomes[:2], (TieBreak.MATCH_WINS, TieBreak.HEAD_TO_HEAD))
    assert [(r.place_label, r.entrant.name) for r in rows] == [
        ("1", "Bob"),  # tied with Ann on one win, and beat her
        ("2", "Ann"),
        ("3", "Cy"),
    ]
    rows = compute_standings(
        people, [*outcomes[:1], _o(3, 1, 3)], (TieBreak.MATCH_WINS, TieBreak.HEAD_TO_HEAD)
    )
    # Bob and Cy 1 win each, Ann 0: Bob and Cy never met, so they stay tied.
    assert [r.place_range for r in rows] == ["1–2", "1–2", "3"]


def test_byes_count_as_the_event_values_them() -> None:
    from gin_scorer.tournament.model import ByeValue

    people = [Entrant(1, "A"), Entrant(2, "B")]
    rows = compute_standings(people, [MatchOutcome.bye(1, ByeValue(game_wins=2, points=50), 1)])
    top = rows[0]
    assert top.entrant.id == 1
    assert (
        top.record.counts.match_wins,
        top.record.counts.game_wins,
        top.record.counts.point_differential,
    ) == (
        1,
        2,
        50,
    )
    assert top.record.counts.byes == 1 and top.record.counts.played == 0


def test_buchholz_sums_opponents_wins() -> None:
    people = [Entrant(i, f"P{i}") for i in range(1, 5)]
    outcomes = [_o(1, 2, 1), _o(3, 4, 3), _o(1, 3, 1), _o(2, 4, 2)]
    rows = {r.entrant.id: r for r in compute_standings(people, outcomes, (TieBreak.BUCHHOLZ,))}
    assert rows[1].record.buchholz == 1 + 1  # beat 2 (1 win) and 3 (1 win)
    assert rows[4].record.buchholz == 1 + 1


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 12),
    seed=st.integers(0, 10**6),
    ties=st.lists(st.sampled_from(ALL_TIES), unique=True, min_size=1),
)
def test_standings_are_a_total_order_independent_of_input_order(
    n: int, seed: int, ties: list[TieBreak]
) -> None:
    rng = random.Random(seed)
    people = [Entrant(i, f"P{i}", seed=rng.choice([None, i])) for i in range(1, n + 1)]
    outcomes = []
    for _ in range(rng.randint(0, 3 * n)):
        a, b = rng.sample(range(1, n + 1), 2)
        w = rng.choice((a, b))
        outcomes.append(_o(a, b, w, 3, rng.randint(0, 2), rng.randint(1, 300)))
    rows = compute_standings(people, outcomes, ties)
    shuffled_people, shuffled_outcomes = people[:], outcomes[:]
    rng.shuffle(shuffled_people)
    rng.shuffle(shuffled_outcomes)
    again = compute_standings(shuffled_people, shuffled_outcomes, ties)
    assert [(r.entrant.id, r.place, r.place_to) for r in rows] == [
        (r.entrant.id, r.place, r.place_to) for r in again
    ]
    # Places run 1..n without gaps; a shared place covers exactly its group.
    assert sorted(r.entrant.id for r in rows) == list(range(1, n + 1))
    position = 1
    i = 0
    while i < len(rows):
        group = [r for r in rows if r.place == rows[i].place]
        assert rows[i].place == position
        assert all(r.place_to == position + len(group) - 1 for r in group)
        assert len({r.tie_break_values for r in group}) == 1
        position += len(group)
        i += len(group)
    # Consecutive groups: the earlier one is strictly better on the first key that differs.
    for upper, lower in itertools.pairwise(rows):
        if upper.place != lower.place:
            assert upper.tie_break_values > lower.tie_break_values or TieBreak.HEAD_TO_HEAD in ties
    if ties[0] == TieBreak.MATCH_WINS:
        wins = [r.record.counts.match_wins for r in rows]
        assert wins == sorted(wins, reverse=True)


def test_each_format_starts_with_tie_breaks_that_mean_something_there() -> None:
    from gin_scorer.tournament.settings import TournamentSettings

    def order(fmt: str) -> list[str]:
        return [t.value for t in TournamentSettings.from_dict({"format": fmt}).tie_breaks]

    # Swiss: strength of schedule right after the record, as chess directors rank.
    assert order("swiss")[:2] == ["match_wins", "buchholz"]
    # Round robin: everyone meets everyone, so the game between the tied players decides.
    assert order("round-robin")[:2] == ["match_wins", "head_to_head"]
    # Club nights: the director chose the pairings, so the play decides, not the schedule.
    assert order("club") == ["match_wins", "game_wins", "point_differential", "head_to_head"]
    assert "buchholz" not in order("club") + order("round-robin")
    # A director's own order is kept whatever the format.
    mine = TournamentSettings.from_dict({"format": "club", "tie_breaks": ["point_differential"]})
    assert [t.value for t in mine.tie_breaks] == ["point_differential"]
