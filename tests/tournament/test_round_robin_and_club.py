"""Round robin by the circle method, and the director's club-night pairings."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.tournament.club import club_round
from gin_scorer.tournament.engine import EventState, plan_round, total_rounds
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Entrant, EntrantStatus, Format
from gin_scorer.tournament.round_robin import round_robin_schedule
from gin_scorer.tournament.settings import TournamentSettings
from tests.tournament.tournament_play import field_of, play_event, play_round, random_winner


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 30))
def test_everyone_meets_everyone_once(n: int) -> None:
    field = list(range(1, n + 1))
    schedule = round_robin_schedule(field)
    assert len(schedule) == (n - 1 if n % 2 == 0 else n)
    meetings = Counter(frozenset(p.entrants) for r in schedule for p in r if not p.is_bye)
    assert set(meetings) == {frozenset(c) for c in combinations(field, 2)}
    assert all(c == 1 for c in meetings.values())
    for r in schedule:
        seen = Counter(e for p in r for e in p.entrants)
        assert set(seen) == set(field) and all(c == 1 for c in seen.values())
        assert sum(p.is_bye for p in r) == n % 2
    if n % 2:
        assert Counter(p.a for r in schedule for p in r if p.is_bye) == Counter(field)


def test_round_robin_event_keeps_tables_and_ends() -> None:
    rng = random.Random(5)
    state = EventState(TournamentSettings(Format.ROUND_ROBIN), field_of(6), ())
    assert total_rounds(state) == 5
    final, plans = play_event(state, random_winner(rng), rng)
    assert len(plans) == 5
    # Entrant 1 never moves in the circle method, so keeps table 1 throughout.
    assert all(p.pairings[0].table == 1 and 1 in p.pairings[0].entrants for p in plans)
    assert len([o for o in final.outcomes if o.b is not None]) == 15


def test_withdrawal_mid_round_robin_gives_byes() -> None:
    rng = random.Random(1)
    state = EventState(TournamentSettings(Format.ROUND_ROBIN), field_of(4), ())
    state, _ = play_round(state, random_winner(rng), rng)
    people = tuple(
        replace(e, status=EntrantStatus.WITHDRAWN) if e.id == 3 else e for e in state.entrants
    )
    plan = plan_round(replace(state, entrants=people), 2)
    assert 3 not in {e for p in plan.pairings for e in p.entrants}
    assert len(plan.byes) == 1 and len(plan.matches) == 1


def test_late_entry_refused_in_round_robin() -> None:
    state = EventState(
        TournamentSettings(Format.ROUND_ROBIN), field_of(4), (), paired_rounds=1, field=(1, 2, 3, 4)
    )
    state = replace(state, entrants=(*state.entrants, Entrant(9, "Late", joined_round=2)))
    with pytest.raises(TournamentError, match="schedule is fixed"):
        plan_round(state, 2)


def test_club_round_checks_the_directors_pairs() -> None:
    people = [
        Entrant(1, "Ann"),
        Entrant(2, "Bob"),
        Entrant(3, "Cy", status=EntrantStatus.WITHDRAWN),
    ]
    assert [(p.table, p.a, p.b) for p in club_round(people, [(2, 1)], 1).pairings] == [(1, 2, 1)]
    with pytest.raises(TournamentError, match="Cy has withdrawn"):
        club_round(people, [(1, 3)], 1)
    with pytest.raises(TournamentError, match="Ann is paired twice"):
        club_round([*people, Entrant(4, "Di")], [(1, 2), (4, 1)], 1)
    with pytest.raises(TournamentError, match="entrant 7 is not in this event"):
        club_round(people, [(1, 7)], 1)
    state = EventState(TournamentSettings(Format.CLUB), tuple(people), ())
    with pytest.raises(TournamentError, match="chosen by the director"):
        plan_round(state, 1)


def test_fixed_tables_from_the_settings_hold_in_every_format() -> None:
    rng = random.Random(2)
    for fmt in (Format.SWISS, Format.ROUND_ROBIN, Format.SINGLE_ELIMINATION):
        settings = TournamentSettings.from_dict({"format": fmt.value, "fixed_tables": {"6": 3}})
        state = EventState(settings, field_of(8), ())
        state, plans = play_event(state, random_winner(rng), rng)
        for plan in plans:
            line = next((p for p in plan.pairings if 6 in p.entrants), None)
            if line is not None and not line.is_bye:
                assert line.table == 3, (fmt, plan)


def test_a_round_robin_of_two_says_its_one_round_in_the_singular() -> None:
    from gin_scorer.tournament.round_robin import pair_round_robin

    with pytest.raises(
        TournamentError, match=r"^the round robin has 1 round; there is no round 2$"
    ):
        pair_round_robin(field_of(2), 2)
    with pytest.raises(
        TournamentError, match=r"^the round robin has 3 rounds; there is no round 4$"
    ):
        pair_round_robin(field_of(4), 4)
