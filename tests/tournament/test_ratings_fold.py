"""The rating fold (openskill on the clubs' scale): who moves which way, partnerships,
provisional ratings, and that the list is a pure function of the matches."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.ratings import (
    RatedMatch,
    RatingScale,
    rate_matches,
    seeded_by_rating,
)


def match(n: int, a: tuple[int, ...], b: tuple[int, ...], a_won: bool = True) -> RatedMatch:
    return RatedMatch(order=(n,), event_id=1, a=a, b=b, a_won=a_won, match_id=n)


def test_a_win_moves_the_winner_up_and_the_loser_down_by_the_same_amount() -> None:
    ratings = rate_matches([match(1, (1,), (2,))])
    up, down = ratings.of(1), ratings.of(2)
    assert up.rating > 1500 > down.rating
    assert up.rating - 1500 == pytest.approx(1500 - down.rating)
    assert up.uncertainty < 500 and down.uncertainty < 500
    assert (up.matches, up.wins, down.matches, down.wins) == (1, 1, 1, 0)


def test_beating_a_stronger_player_is_worth_more_than_beating_a_weaker_one() -> None:
    history = [match(i, (1,), (2,)) for i in range(1, 6)]  # 1 is now strong, 2 weak
    strong = rate_matches([*history, match(10, (3,), (1,))]).of(3)
    weak = rate_matches([*history, match(10, (3,), (2,))]).of(3)
    assert strong.rating > weak.rating > 1500


def test_a_partnership_moves_both_partners() -> None:
    ratings = rate_matches([match(1, (1, 2), (3, 4))])
    assert ratings.of(1).rating == pytest.approx(ratings.of(2).rating)
    assert ratings.of(1).rating > 1500 > ratings.of(3).rating
    assert all(ratings.of(p).matches == 1 for p in (1, 2, 3, 4))


def test_provisional_until_the_scale_says_so_and_a_stranger_has_the_newcomers_rating() -> None:
    scale = RatingScale(provisional_until=3)
    ratings = rate_matches([match(i, (1,), (2,), i % 2 == 0) for i in range(1, 4)], scale)
    assert not ratings.of(1).provisional
    newcomer = ratings.of(99)
    assert (newcomer.rating, newcomer.uncertainty, newcomer.matches) == (1500, 500, 0)
    assert newcomer.provisional
    assert 99 not in ratings.ratings
    assert len(ratings.history[1]) == 3


def test_matches_are_folded_in_their_order_not_the_order_given() -> None:
    games = [match(i, (1 + i % 3,), (4 + i % 2,), i % 4 != 0) for i in range(12)]
    shuffled = games[:]
    random.Random(3).shuffle(shuffled)
    assert rate_matches(games).ratings == rate_matches(shuffled).ratings


def test_bad_matches_and_scales_are_refused() -> None:
    with pytest.raises(TournamentError, match="both sides"):
        match(1, (1,), (1,))
    with pytest.raises(TournamentError, match="a player on each side"):
        match(1, (), (1,))
    with pytest.raises(TournamentError):
        RatingScale(uncertainty=0)


def test_seeding_puts_a_regular_above_a_newcomer_of_the_same_rating() -> None:
    ratings = rate_matches([match(i, (1,), (2,), i % 2 == 0) for i in range(1, 21)])
    # 1 and 2 are near 1500 with a small uncertainty; 3 has never played (1500 ± 500).
    assert seeded_by_rating([3, 2, 1], ratings)[-1] == 3


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(1, 6), st.integers(1, 6), st.booleans()).filter(
            lambda t: t[0] != t[1]
        ),
        max_size=25,
    )
)
def test_ratings_stay_finite_and_the_wins_add_up(games: list[tuple[int, int, bool]]) -> None:
    ratings = rate_matches([match(i, (a,), (b,), won) for i, (a, b, won) in enumerate(games)])
    assert sum(r.wins for r in ratings.ratings.values()) == len(games)
    assert sum(r.matches for r in ratings.ratings.values()) == 2 * len(games)
    for rating in ratings.ratings.values():
        assert 0 < rating.uncertainty <= 500 + 1e-6
        assert abs(rating.rating) < 1e6
    # Each match moves its winner up and its loser down, whatever came before.
    for n in range(len(games)):
        before = rate_matches([match(i, (a,), (b,), w) for i, (a, b, w) in enumerate(games[:n])])
        after = rate_matches(
            [match(i, (a,), (b,), w) for i, (a, b, w) in enumerate(games[: n + 1])]
        )
        a, b, a_won = games[n]
        winner, loser = (a, b) if a_won else (b, a)
        assert after.of(winner).rating > before.of(winner).rating
        assert after.of(loser).rating < before.of(loser).rating
