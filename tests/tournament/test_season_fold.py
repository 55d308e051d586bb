"""The season table's fold: points per match or per place, best N nights, the qualifying
line, shared places, the notes, and the knobs as a director types them."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.season import (
    NightLine,
    NightResult,
    SeasonPoints,
    SeasonScoring,
    season_table,
)


def night(n: int, lines: dict[int, NightLine], rules: str = "Hollywood") -> NightResult:
    return NightResult(n, f"Night {n}", date(2026, 1, n), rules, lines)


NIGHTS = [
    night(1, {1: NightLine(3, 0, 1), 2: NightLine(1, 2, 3), 3: NightLine(2, 1, 2)}),
    night(2, {1: NightLine(0, 3, 3), 2: NightLine(3, 0, 1)}),
    night(3, {1: NightLine(2, 1, 2), 2: NightLine(2, 1, 1), 3: NightLine(1, 2, 3)}),
]


def test_points_per_match_with_a_point_for_each_night() -> None:
    table = season_table(NIGHTS, SeasonScoring(per_win=2, per_loss=0, per_night=1))
    got = {r.player: (r.points, r.nights, r.attended, r.won, r.lost) for r in table.rows}
    assert got[1] == (7 + 1 + 5, (7, 1, 5), 3, 5, 4)
    assert got[2] == (3 + 7 + 5, (3, 7, 5), 3, 6, 3)
    assert got[3] == (5 + 3, (5, None, 3), 2, 3, 3)
    assert [r.player for r in table.rows] == [2, 1, 3]


def test_places_give_their_points_and_best_nights_drop_the_worst() -> None:
    scoring = SeasonScoring(SeasonPoints.PLACES, per_night=0, per_place=(10, 6, 4), best_nights=2)
    rows = {r.player: r for r in season_table(NIGHTS, scoring).rows}
    assert rows[1].nights == (10, 4, 6) and rows[1].counted == (True, False, True)
    assert rows[1].points == 16 and rows[1].all_points == 20
    assert rows[2].points == 20  # two firsts count, the third place is dropped


def test_the_qualifying_line_and_shared_places() -> None:
    scoring = SeasonScoring(per_win=1, per_night=0, min_nights=3)
    two = [night(1, {1: NightLine(1, 0), 2: NightLine(1, 0), 3: NightLine(5, 0)})] * 3
    rows = season_table(
        [*two[:2], night(3, {1: NightLine(1, 0), 2: NightLine(1, 0)})], scoring
    ).rows
    assert [(r.player, r.place_label, r.qualified) for r in rows] == [
        (1, "1=", True),
        (2, "1=", True),
        (3, "3", False),
    ]


def test_nights_under_different_rules_are_named_on_the_table() -> None:
    nights = [night(1, {1: NightLine(1, 0)}), night(2, {1: NightLine(1, 0)}, "Oklahoma")]
    (said,) = season_table(nights, SeasonScoring()).notes
    note = str(said)
    assert "different rules" in note and "Oklahoma: Night 2" in note


def test_knobs_round_trip_and_bad_ones_name_themselves() -> None:
    scoring = SeasonScoring(SeasonPoints.PLACES, 3, 1, 0, (5, 3, 1), 10, 4)
    assert SeasonScoring.from_dict(scoring.to_dict()) == scoring
    for bad, word in (
        ({"points": "goals"}, "points"),
        ({"per_win": -1}, "per_win"),
        ({"best_nights": 0}, "best_nights"),
        ({"per_place": "10"}, "per_place"),
        ({"colour": 1}, "colour"),
        ({"per_win": True}, "per_win"),
    ):
        with pytest.raises(TournamentError, match=word):
            SeasonScoring.from_dict(bad)


KNOB_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 2000),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.one_of(st.integers(-5, 2000), st.text(max_size=3), st.none()), max_size=70),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@given(st.dictionaries(st.sampled_from([*sorted(SeasonScoring().to_dict()), "x"]), KNOB_VALUES))
def test_any_typed_knobs_are_taken_or_refused_in_words(data: dict[str, object]) -> None:
    try:
        scoring = SeasonScoring.from_dict(data)
    except TournamentError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert SeasonScoring.from_dict(scoring.to_dict()) == scoring
