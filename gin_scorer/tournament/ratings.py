"""Ratings: every player's strength and its uncertainty, folded over the rated matches in the
order they were played.

The arithmetic is openskill's Plackett-Luce model (a Bayesian rating with an explicit
uncertainty, like Glicko-2, that also rates teams: a partnership's two players move together;
docs/decisions/0010-ratings-openskill.md says why this one). Its scale is moved to the one
chess and backgammon clubs read: a newcomer starts at 1500 ± 500 (openskill's 25 ± 25/3, times
60, with beta and tau scaled alike, so the model is the same).

Nothing here is stored: the list is recomputed from the matches each time, so a corrected
result re-rates everyone after it. A match counts when it was decided at the table (played,
time called, adjudicated, a slip); a forfeit or a bye says nothing about strength.

>>> scale = RatingScale()
>>> ratings = rate_matches([RatedMatch(order=(1,), event_id=1, a=(1,), b=(2,), a_won=True)])
>>> ratings.of(1).rating > 1500 > ratings.of(2).rating, ratings.of(1).provisional
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from openskill.models import PlackettLuce, PlackettLuceRating

from gin_scorer.core.wording import said
from gin_scorer.tournament.errors import TournamentError


@dataclass(frozen=True, slots=True)
class RatingScale:
    """Where a newcomer starts and how fast ratings move; ``provisional_until``: a rating
    is marked provisional until its player has this many rated matches."""

    # openskill's own defaults times 60 (written out: 25 / 3 * 60 is not exactly 500 in floats).
    start: float = 1500.0  # 25
    uncertainty: float = 500.0  # 25 / 3
    beta: float = 250.0  # 25 / 6
    tau: float = 5.0  # 25 / 300
    provisional_until: int = 5

    def __post_init__(self) -> None:
        if self.uncertainty <= 0 or self.beta <= 0 or self.tau < 0:
            raise TournamentError(said("a rating scale needs a positive uncertainty and beta"))
        if self.provisional_until < 0:
            raise TournamentError(said("{0} must be 0 or more", "provisional_until"))


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """One decided match between two sides of one or more players (a partnership is two).
    ``order`` sorts the matches as they were played (date, event, round, match)."""

    order: tuple[object, ...]
    event_id: int
    a: tuple[int, ...]
    b: tuple[int, ...]
    a_won: bool
    played_on: date | None = None
    match_id: int | None = None

    def __post_init__(self) -> None:
        if not self.a or not self.b:
            raise TournamentError(said("a rated match needs a player on each side"))
        if set(self.a) & set(self.b):
            raise TournamentError(said("a player sits on both sides of match {0}", self.match_id))


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating after the matches folded so far."""

    player: int
    rating: float
    uncertainty: float
    matches: int
    wins: int
    provisional: bool

    @property
    def conservative(self) -> float:
        """The rating less three times its uncertainty: what the player is almost surely
        worth (seeding uses it, so a newcomer's lucky night does not top the list)."""
        return self.rating - 3.0 * self.uncertainty


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating after one rated match (the points of the rating-over-time plot)."""

    event_id: int
    played_on: date | None
    rating: float
    uncertainty: float


@dataclass(frozen=True, slots=True)
class RatingList:
    """Every rated player's rating, and each one's history, match by match."""

    ratings: dict[int, Rating] = field(default_factory=dict)
    history: dict[int, tuple[RatingPoint, ...]] = field(default_factory=dict)
    scale: RatingScale = field(default_factory=RatingScale)

    def of(self, player: int) -> Rating:
        """The player's rating; a player with no rated match has the newcomer's."""
        found = self.ratings.get(player)
        if found is not None:
            return found
        s = self.scale
        return Rating(player, s.start, s.uncertainty, 0, 0, s.provisional_until > 0)

    def ranked(self) -> list[Rating]:
        """Rated players, best first (by rating, then by the smaller uncertainty)."""
        return sorted(self.ratings.values(), key=lambda r: (-r.rating, r.uncertainty, r.player))


def _model(scale: RatingScale) -> PlackettLuce:
    return PlackettLuce(
        mu=scale.start, sigma=scale.uncertainty, beta=scale.beta, tau=scale.tau, limit_sigma=False
    )


def rate_matches(matches: Iterable[RatedMatch], scale: RatingScale | None = None) -> RatingList:
    """Fold ``matches`` (in their ``order``) into a rating for every player in them."""
    scale = scale or RatingScale()
    model = _model(scale)
    current: dict[int, PlackettLuceRating] = {}
    played: dict[int, int] = {}
    won: dict[int, int] = {}
    history: dict[int, list[RatingPoint]] = {}
    for match in sorted(matches, key=lambda m: m.order):
        teams = [[_rating(model, current, p) for p in side] for side in (match.a, match.b)]
        new = model.rate(teams, ranks=[0.0, 1.0] if match.a_won else [1.0, 0.0])
        winners = match.a if match.a_won else match.b
        for side, rated in zip((match.a, match.b), new, strict=True):
            for player, value in zip(side, rated, strict=True):
                current[player] = value
                played[player] = played.get(player, 0) + 1
                won[player] = won.get(player, 0) + (player in winners)
                point = RatingPoint(match.event_id, match.played_on, value.mu, value.sigma)
                history.setdefault(player, []).append(point)
    ratings = {
        player: Rating(
            player,
            value.mu,
            value.sigma,
            played[player],
            won[player],
            played[player] < scale.provisional_until,
        )
        for player, value in current.items()
    }
    return RatingList(ratings, {p: tuple(h) for p, h in history.items()}, scale)


def _rating(
    model: PlackettLuce, current: dict[int, PlackettLuceRating], player: int
) -> PlackettLuceRating:
    found = current.get(player)
    if found is None:
        found = model.rating(name=str(player))
        current[player] = found
    return found


def seeded_by_rating(players: Sequence[int], ratings: RatingList) -> list[int]:
    """``players`` in seeding order: the highest conservative rating first (a newcomer, at
    1500 ± 500, seeds below a regular of the same rating)."""
    return sorted(players, key=lambda p: (-ratings.of(p).conservative, p))
