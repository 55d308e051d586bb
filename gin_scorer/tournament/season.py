"""A season's table: points from each night (an event) counted by the season's knobs.

A night gives each player who played in it points either for the matches they won and lost
or for the place they finished in, plus a point for turning up if the season says so. The
season counts a player's best N nights when it says so, and ranks below the line those who
came to fewer nights than its minimum. Everything is a fold over the nights' results: the
table is never stored, so a corrected result moves it at once.

>>> lines = {7: NightLine(2, 1, 1), 8: NightLine(1, 2, 2)}
>>> night = NightResult(1, "Night 1", None, "Hollywood", lines)
>>> [(r.player, r.points) for r in season_table([night], SeasonScoring()).rows]
[(7, 5), (8, 3)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import Enum
from itertools import groupby

from gin_scorer.core.wording import Said, joined, said
from gin_scorer.tournament.errors import TournamentError

MOST_PLACES = 64
MOST_POINTS = 1000


class SeasonPoints(Enum):
    """What a night's points are for."""

    MATCHES = "matches"  # per match won (and lost)
    PLACES = "places"  # per place finished in the night's standings


@dataclass(frozen=True, slots=True)
class SeasonScoring:
    """The season's knobs. ``best_nights`` None counts every night; a player with fewer than
    ``min_nights`` nights is listed below those who qualify."""

    points: SeasonPoints = SeasonPoints.MATCHES
    per_win: int = 2
    per_loss: int = 0
    per_night: int = 1
    per_place: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1)
    best_nights: int | None = None
    min_nights: int = 0

    def __post_init__(self) -> None:
        for name in ("per_win", "per_loss", "per_night", "min_nights"):
            _whole(name, getattr(self, name), 0, MOST_POINTS)
        if self.best_nights is not None:
            _whole("best_nights", self.best_nights, 1, MOST_POINTS)
        if len(self.per_place) > MOST_PLACES:
            raise TournamentError(said("{0} lists at most {1} places", "per_place", MOST_PLACES))
        for value in self.per_place:
            _whole("per_place", value, 0, MOST_POINTS)

    def to_dict(self) -> dict[str, object]:
        return {
            "points": self.points.value,
            "per_win": self.per_win,
            "per_loss": self.per_loss,
            "per_night": self.per_night,
            "per_place": list(self.per_place),
            "best_nights": self.best_nights,
            "min_nights": self.min_nights,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> SeasonScoring:
        """The knobs from their stored or typed form; TournamentError names a bad one."""
        if not isinstance(data, Mapping):
            raise TournamentError(said("a season's scoring must be a table of knobs"))
        unknown = sorted(set(data) - set(cls().to_dict()))
        if unknown:
            raise TournamentError(said("unknown season knob {0}", repr(unknown[0])))
        points = data.get("points", SeasonPoints.MATCHES.value)
        try:
            kind = SeasonPoints(points)
        except ValueError:
            raise TournamentError(
                said("{0} must be 'matches' or 'places', not {1}", "points", repr(points))
            ) from None
        places = data.get("per_place", list(cls().per_place))
        if not isinstance(places, list | tuple):
            raise TournamentError(
                said("{0} must be a list of whole numbers, not {1}", "per_place", repr(places))
            )
        values = {
            k: data[k] for k in ("per_win", "per_loss", "per_night", "min_nights") if k in data
        }
        best = data.get("best_nights")
        return cls(kind, best_nights=best, per_place=tuple(places), **values)  # type: ignore[arg-type]

    def describe(self) -> Said:
        """The knobs in one line, as the printed table heads them (a sentence a front end
        says in the reader's language)."""
        if self.points is SeasonPoints.MATCHES:
            how = said("{0} a match won, {1} a match lost", self.per_win, self.per_loss)
        else:
            how = said("by place: {0}", ", ".join(str(p) for p in self.per_place))
        parts = [how]
        if self.per_night:
            parts.append(said("{0} a night played", self.per_night))
        if self.best_nights == 1:
            parts.append(said("best 1 night counts"))
        elif self.best_nights is not None:
            parts.append(said("best {0} nights count", self.best_nights))
        if self.min_nights:
            parts.append(said("at least {0} nights to qualify", self.min_nights))
        return joined(parts)


def _whole(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TournamentError(
            said(
                "{0} must be a whole number from {1} to {2}, not {3}", name, low, high, repr(value)
            )
        )


@dataclass(frozen=True, slots=True)
class NightLine:
    """One player's night: matches won and lost, and the place finished (None: unranked)."""

    won: int
    lost: int
    place: int | None = None


@dataclass(frozen=True, slots=True)
class NightResult:
    """One event of the season, its players' lines by player id, and its rules' name."""

    event_id: int
    name: str
    played_on: date | None
    rules: str
    lines: Mapping[int, NightLine]
    ranked: bool = True  # False: the night has no standings (no places to give points for)


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A player's line of the table: ``nights`` holds the points of each night of the season
    (None: absent), ``counted`` which of them count (best N)."""

    player: int
    place: int
    place_to: int
    points: int
    all_points: int
    attended: int
    won: int
    lost: int
    qualified: bool
    nights: tuple[int | None, ...]
    counted: tuple[bool, ...]

    @property
    def place_label(self) -> str:
        return f"{self.place}=" if self.place_to > self.place else str(self.place)


@dataclass(frozen=True, slots=True)
class SeasonTable:
    nights: tuple[NightResult, ...]
    scoring: SeasonScoring
    rows: tuple[SeasonRow, ...]
    notes: tuple[Said, ...] = field(default_factory=tuple)


def night_points(line: NightLine, scoring: SeasonScoring) -> int:
    """What one night is worth to a player under ``scoring``."""
    if scoring.points is SeasonPoints.MATCHES:
        earned = line.won * scoring.per_win + line.lost * scoring.per_loss
    elif line.place is not None and 1 <= line.place <= len(scoring.per_place):
        earned = scoring.per_place[line.place - 1]
    else:
        earned = 0
    return earned + scoring.per_night


def season_table(nights: Sequence[NightResult], scoring: SeasonScoring) -> SeasonTable:
    """The table of ``nights`` (in the order given) under ``scoring``."""
    players = sorted({p for night in nights for p in night.lines})
    unranked: list[SeasonRow] = []
    for player in players:
        lines = [night.lines.get(player) for night in nights]
        points = tuple(None if ln is None else night_points(ln, scoring) for ln in lines)
        counted = _best(points, scoring.best_nights)
        attended = sum(1 for ln in lines if ln is not None)
        unranked.append(
            SeasonRow(
                player=player,
                place=0,
                place_to=0,
                points=sum(p for p, c in zip(points, counted, strict=True) if c and p),
                all_points=sum(p or 0 for p in points),
                attended=attended,
                won=sum(ln.won for ln in lines if ln is not None),
                lost=sum(ln.lost for ln in lines if ln is not None),
                qualified=attended >= scoring.min_nights,
                nights=points,
                counted=counted,
            )
        )
    return SeasonTable(tuple(nights), scoring, _placed(unranked), _notes(nights, scoring))


def _best(points: Sequence[int | None], best: int | None) -> tuple[bool, ...]:
    """Which nights count: all attended, or the ``best`` highest (the earlier of equals)."""
    attended = [i for i, p in enumerate(points) if p is not None]
    if best is not None:
        attended = sorted(attended, key=lambda i: (-(points[i] or 0), i))[:best]
    keep = set(attended)
    return tuple(i in keep for i in range(len(points)))


def _placed(rows: Sequence[SeasonRow]) -> tuple[SeasonRow, ...]:
    """Rows in order (qualified first, then points, then matches won) with shared places."""

    def rank(row: SeasonRow) -> tuple[bool, int, int]:
        return (not row.qualified, -row.points, -row.won)

    ordered = sorted(rows, key=lambda r: (*rank(r), r.player))
    placed: list[SeasonRow] = []
    for _, group in groupby(ordered, key=rank):
        tied = list(group)
        first = len(placed) + 1
        placed.extend(replace(r, place=first, place_to=first + len(tied) - 1) for r in tied)
    return tuple(placed)


def _notes(nights: Sequence[NightResult], scoring: SeasonScoring) -> tuple[Said, ...]:
    notes: list[Said] = []
    rules = sorted({n.rules for n in nights})
    if len(rules) > 1:
        used = "; ".join(
            f"{name}: " + ", ".join(n.name for n in nights if n.rules == name) for name in rules
        )
        notes.append(said("the nights were played under different rules ({0})", used))
    if scoring.points is SeasonPoints.PLACES:
        unranked = [n.name for n in nights if not n.ranked]
        if unranked:
            notes.append(said("no places, so no place points, for: {0}", ", ".join(unranked)))
    return tuple(notes)
