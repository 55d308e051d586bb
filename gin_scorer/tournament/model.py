"""Plain values the engine works on: formats, entrants, results, pairings, byes.

>>> o = MatchOutcome(a=1, b=2, winner=1, games_a=3, games_b=1, margin=240)
>>> o.games_for(2), o.margin_for(2), o.opponent_of(1)
(1, -240, 2)
>>> MatchOutcome.bye(7, ByeValue(), round_number=2).is_bye
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from gin_scorer.core.wording import Said, said, shown
from gin_scorer.tournament.errors import TournamentError, member_of
from gin_scorer.tournament.results import ResultKind


class Format(Enum):
    """How an event pairs its players; the value is what the store keeps in Event.format."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    SINGLE_ELIMINATION = "single-elim"
    DOUBLE_ELIMINATION = "double-elim"
    CLUB = "club"  # club nights: the director chooses each pairing (Hollywood, multi-match ...)

    @property
    def is_elimination(self) -> bool:
        return self in (Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION)

    @classmethod
    def parse(cls, text: str) -> Format:
        """Read a format name; accepts the stored value and a few spellings people use.

        >>> Format.parse("Round Robin"), Format.parse("double_elim")
        (<Format.ROUND_ROBIN: 'round-robin'>, <Format.DOUBLE_ELIMINATION: 'double-elim'>)
        """
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        key = _FORMAT_ALIASES.get(key, key)
        return member_of(
            cls,
            key,
            lambda choices: said(
                "{0} is not an event format; use one of {1}", shown(text), choices
            ),
        )


_FORMAT_ALIASES = {
    "rr": "round-robin",
    "roundrobin": "round-robin",
    "single-elimination": "single-elim",
    "knockout": "single-elim",
    "double-elimination": "double-elim",
    "club-night": "club",
    "hollywood": "club",
}


class EntrantStatus(Enum):
    ACTIVE = "active"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entry in an event: a player, or a team of two (``members`` names both).

    ``joined_round`` is the first round the entrant can be paired in (1 unless a late
    entry); ``seed`` is the director's seeding (1 = strongest), ``None`` when unseeded.
    """

    id: int
    name: str = ""
    seed: int | None = None
    status: EntrantStatus = EntrantStatus.ACTIVE
    checked_in: bool = True
    joined_round: int = 1
    members: tuple[str, ...] = ()

    @property
    def active(self) -> bool:
        return self.status is EntrantStatus.ACTIVE

    @property
    def display_name(self) -> str:
        return self.name or f"#{self.id}"

    def can_play(self, round_number: int, *, require_check_in: bool = False) -> bool:
        """May this entrant be paired in ``round_number``?"""
        if not self.active or self.joined_round > round_number:
            return False
        return self.checked_in or not require_check_in

    @property
    def seed_key(self) -> tuple[int, int, int]:
        """Seeded entrants first by seed, then unseeded ones in entry order."""
        return (0, self.seed, self.id) if self.seed is not None else (1, 0, self.id)


@dataclass(frozen=True, slots=True)
class ByeValue:
    """What a bye is worth: by default a match win and the games of a won match, no points.

    ``game_wins`` ``None`` means "as many as winning a match takes" under the event's rules
    (3 in a best of five); the services fill it in from the rule set.
    """

    match_win: bool = True
    game_wins: int | None = None
    points: int = 0

    def __post_init__(self) -> None:
        if self.game_wins is not None and self.game_wins < 0:
            raise TournamentError(
                said("a bye's game wins must be 0 or more, not {0}", self.game_wins)
            )


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """The result of one finished match (or a bye, when ``b`` is ``None``).

    ``margin`` is the point differential from ``a``'s side (a's points minus b's), as the
    core's match ledger reports it; ``points_known`` is false when the result came without
    game points (a slip), and then ``margin`` is 0 and counts nowhere. ``slot`` is the bracket
    position in elimination events; ``kind`` where the result came from.
    """

    a: int
    b: int | None
    winner: int | None
    games_a: int = 0
    games_b: int = 0
    margin: int = 0
    round_number: int = 0
    slot: str | None = None
    kind: ResultKind = ResultKind.PLAYED
    points_known: bool = True

    def __post_init__(self) -> None:
        if self.b is not None and self.a == self.b:
            raise TournamentError(said("entrant {0} cannot play against itself", self.a))
        if self.winner is not None and self.winner not in (self.a, self.b):
            raise TournamentError(
                said(
                    "the winner {0} did not play in the match {1} v {2}",
                    self.winner,
                    self.a,
                    self.b,
                )
            )

    @classmethod
    def bye(
        cls, entrant: int, value: ByeValue, round_number: int = 0, slot: str | None = None
    ) -> MatchOutcome:
        return cls(
            a=entrant,
            b=None,
            winner=entrant if value.match_win else None,
            games_a=value.game_wins or 0,
            margin=value.points,
            round_number=round_number,
            slot=slot,
        )

    @property
    def is_bye(self) -> bool:
        return self.b is None

    def opponent_of(self, entrant: int) -> int | None:
        return self.b if entrant == self.a else self.a

    def games_for(self, entrant: int) -> int:
        return self.games_a if entrant == self.a else self.games_b

    def games_against(self, entrant: int) -> int:
        return self.games_b if entrant == self.a else self.games_a

    def margin_for(self, entrant: int) -> int:
        return self.margin if entrant == self.a else -self.margin

    @property
    def loser(self) -> int | None:
        if self.winner is None or self.b is None:
            return None
        return self.b if self.winner == self.a else self.a


@dataclass(frozen=True, slots=True)
class Pairing:
    """One line of a round: who plays whom at which table (``b is None``: ``a`` has a bye)."""

    a: int
    b: int | None
    table: int | None = None
    slot: str | None = None
    c: int | None = None  # the third player of a three-player table

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def entrants(self) -> tuple[int, ...]:
        if self.b is None:
            return (self.a,)
        return (self.a, self.b) if self.c is None else (self.a, self.b, self.c)


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """The pairings of one round, tables assigned, byes last; ``notes`` explain compromises."""

    round_number: int
    pairings: tuple[Pairing, ...]
    notes: tuple[Said, ...] = field(default=())

    @property
    def byes(self) -> tuple[int, ...]:
        return tuple(p.a for p in self.pairings if p.is_bye)

    @property
    def matches(self) -> tuple[Pairing, ...]:
        return tuple(p for p in self.pairings if not p.is_bye)
