"""Brackets for every field size: shape, seeding, byes, progress, places."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.tournament.elimination import PHANTOM, BracketOutcome, Progress, build_bracket
from gin_scorer.tournament.engine import EventState, event_standings, plan_round
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import EntrantStatus, Format
from gin_scorer.tournament.seeding import bracket_order
from gin_scorer.tournament.settings import TournamentSettings
from tests.tournament.tournament_play import better_seed_wins, field_of, play_event, random_winner


def test_standard_seeding_keeps_one_and_two_apart() -> None:
    for size in (2, 4, 8, 16, 32, 64, 128, 256):
        order = bracket_order(size)
        assert sorted(order) == list(range(1, size + 1))
        half = size // 2
        assert 1 in order[:half] and 2 in order[half:]
        # First-round opponents always add up to size + 1.
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))


def _state(n: int, fmt: Format, reset: bool = True) -> EventState:
    return EventState(TournamentSettings(fmt, bracket_reset=reset), field_of(n), ())


def _check_rounds(plans: list) -> None:  # type: ignore[type-arg]
    for plan in plans:
        seen = Counter(e for p in plan.pairings for e in p.entrants)
        assert all(c == 1 for c in seen.values()), f"someone paired twice in {plan}"
        tables = [p.table for p in plan.matches]
        assert sorted(tables) == list(range(1, len(tables) + 1))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 256), seed=st.integers(0, 10**6))
def test_single_elimination_any_field(n: int, seed: int) -> None:
    rng = random.Random(seed)
    state, plans = play_event(_state(n, Format.SINGLE_ELIMINATION), random_winner(rng), rng)
    _check_rounds(plans)
    real = [o for o in state.outcomes if o.b is not None]
    assert len(real) == n - 1  # every match knocks out exactly one entrant
    losses = Counter(o.loser for o in real)
    assert all(c == 1 for c in losses.values())
    assert len(plans) == (n - 1).bit_length()
    byes = [o.a for o in state.outcomes if o.b is None]
    size = 1 << (n - 1).bit_length()
    assert sorted(byes) == list(range(1, size - n + 1))  # byes go to the top seeds


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 256), seed=st.integers(0, 10**6), reset=st.booleans())
def test_double_elimination_any_field(n: int, seed: int, reset: bool) -> None:
    rng = random.Random(seed)
    state, plans = play_event(_state(n, Format.DOUBLE_ELIMINATION, reset), random_winner(rng), rng)
    _check_rounds(plans)
    real = [o for o in state.outcomes if o.b is not None]
    losses = Counter(o.loser for o in real)
    rows = event_standings(state)
    champion = rows[0].entrant.id
    assert rows[0].place == 1 and not rows[0].shared
    assert losses[champion] <= 1
    runner_up = rows[1].entrant.id
    assert rows[1].place == 2 and rows[1].position is not None
    assert rows[1].position.outcome is BracketOutcome.RUNNER_UP
    # Everyone else is out with two losses; without a reset the winners' champion may lose
    # the grand final and be runner-up with one.
    assert all(losses[e] == 2 for e in range(1, n + 1) if e not in (champion, runner_up))
    assert losses[runner_up] == 2 or (not reset and losses[runner_up] == 1)
    assert len(real) in (2 * n - 2, 2 * n - 1)


def test_better_seeds_meet_in_order_in_eight() -> None:
    state, plans = play_event(
        _state(8, Format.SINGLE_ELIMINATION),
        better_seed_wins({i: i for i in range(1, 9)}),
        random.Random(1),
    )
    assert [(p.a, p.b) for p in plans[0].pairings] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [(p.a, p.b) for p in plans[1].pairings] == [(1, 4), (2, 3)]
    assert [(p.a, p.b, p.slot) for p in plans[2].pairings] == [(1, 2, "W3-1")]
    rows = event_standings(state)
    assert [(r.place_label, r.entrant.id) for r in rows] == [
        ("1", 1),
        ("2", 2),
        ("3=", 3),
        ("3=", 4),
        ("5=", 5),
        ("5=", 6),
        ("5=", 7),
        ("5=", 8),
    ]
    assert [r.position.outcome for r in rows if r.position] == [
        BracketOutcome.CHAMPION,
        BracketOutcome.RUNNER_UP,
        *[BracketOutcome.OUT] * 6,
    ]
    assert rows[2].place_range == "3–4"


def test_five_entrants_byes_do_not_play_early() -> None:
    state = _state(5, Format.SINGLE_ELIMINATION)
    first = plan_round(state, 1)
    assert [(p.a, p.b) for p in first.pairings] == [(4, 5), (1, None), (2, None), (3, None)]
    assert first.pairings[0].table == 1 and first.pairings[1].table is None


def test_double_elimination_bracket_reset_is_played_only_when_needed() -> None:
    # Four entrants; the winners' champion (1) loses the first grand final to 2.
    state = _state(4, Format.DOUBLE_ELIMINATION)
    rng = random.Random(3)

    def decide(p, r):  # type: ignore[no-untyped-def]
        if p.slot == "GF":
            return p.b
        return min(p.a, p.b)

    _final, plans = play_event(state, decide, rng)
    slots = [p.slot for plan in plans for p in plan.pairings]
    assert slots[-2:] == ["GF", "GF2"]
    no_reset, plans2 = play_event(_state(4, Format.DOUBLE_ELIMINATION, reset=False), decide, rng)
    assert [p.slot for plan in plans2 for p in plan.pairings][-1] == "GF"
    assert event_standings(no_reset)[0].entrant.id == 2


def test_withdrawal_gives_the_opponent_a_walkover() -> None:
    state = _state(4, Format.SINGLE_ELIMINATION)
    rng = random.Random(0)
    from tests.tournament.tournament_play import play_round

    state, _ = play_round(state, better_seed_wins({i: i for i in range(1, 5)}), rng)
    people = tuple(
        e if e.id != 2 else type(e)(2, "P2", seed=2, status=EntrantStatus.WITHDRAWN)
        for e in state.entrants
    )
    from dataclasses import replace

    state = replace(state, entrants=people)
    final = plan_round(state, 2)
    assert [(p.a, p.b) for p in final.pairings] == [(1, None)]
    rows = event_standings(
        replace(state, paired_rounds=2, paired_slots=state.paired_slots | {"W2-1"})
    )
    by_id = {r.entrant.id: r.position for r in rows}
    assert rows[0].entrant.id == 1 and by_id[1] == Progress(5, BracketOutcome.CHAMPION)
    assert by_id[2] == Progress(2, BracketOutcome.WITHDREW, slot="W2-1", slot_stage="Final")


def test_late_entry_is_refused_in_a_bracket() -> None:
    from dataclasses import replace

    from gin_scorer.tournament.model import Entrant

    state = _state(4, Format.SINGLE_ELIMINATION)
    state = replace(
        state,
        entrants=(*state.entrants, Entrant(9, "Late", joined_round=2)),
        paired_rounds=1,
        field=(1, 2, 3, 4),
    )
    with pytest.raises(TournamentError, match="Late joined late"):
        plan_round(state, 2)


def test_bracket_slots_reference_earlier_slots_only() -> None:
    for n in (2, 3, 5, 16, 17, 100):
        for double in (False, True):
            b = build_bracket(field_of(n), double=double)
            seen: set[str] = set()
            for m in b.matches:
                for src in (m.a, m.b):
                    assert not src.slot or src.slot in seen
                seen.add(m.slot)
    assert PHANTOM < 0


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 256))
def test_when_seeds_hold_one_meets_two_in_the_final(n: int) -> None:
    seeds = {i: i for i in range(1, n + 1)}
    _state_done, plans = play_event(
        _state(n, Format.SINGLE_ELIMINATION), better_seed_wins(seeds), random.Random(0)
    )
    final = plans[-1].pairings
    assert [(p.a, p.b) for p in final] == [(1, 2)]
    if n >= 4:
        semis = {e for p in plans[-2].pairings for e in p.entrants}
        assert semis == {1, 2, 3, 4}


def test_progress_is_data_for_the_presentation_to_say() -> None:
    """How far each entrant got is values, no English: the outcome, and for those out the
    slot with its stage as one of the bracket's STAGES patterns (the key the words use)."""
    from dataclasses import fields

    from gin_scorer.tournament.bracket import STAGES
    from gin_scorer.tournament.elimination import progress
    from gin_scorer.tournament.engine import bracket_of, bracket_states
    from tests.tournament.tournament_play import play_round

    assert "text" not in {f.name for f in fields(Progress)}
    seeds = better_seed_wins({i: i for i in range(1, 9)})
    state, _ = play_round(_state(8, Format.SINGLE_ELIMINATION), seeds, random.Random(1))
    half = progress(bracket_of(state), bracket_states(state))
    assert {eid: p.outcome for eid, p in half.items()} == {
        **dict.fromkeys((1, 2, 3, 4), BracketOutcome.STILL_IN),
        **dict.fromkeys((5, 6, 7, 8), BracketOutcome.OUT),
    }
    assert all(half[eid].alive for eid in (1, 2, 3, 4))
    assert half[5] == Progress(1, BracketOutcome.OUT, slot="W1-2", slot_stage="Quarter-final")

    state, _ = play_event(_state(8, Format.DOUBLE_ELIMINATION), seeds, random.Random(1))
    done = progress(bracket_of(state), bracket_states(state))
    assert done[1].outcome is BracketOutcome.CHAMPION and not done[1].alive
    assert done[2].outcome is BracketOutcome.RUNNER_UP and done[2].slot == "GF"
    out = [p for p in done.values() if p.outcome is BracketOutcome.OUT]
    assert len(out) == 6 and all(p.slot.startswith("L") and p.slot_stage in STAGES for p in out)
    assert {p.slot_stage for p in out} == {"Losers' round {0}", "Losers' final"}
