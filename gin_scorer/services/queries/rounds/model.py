"""What the round services return (frozen views) and read (an event's facts, each match's
result derived from its hand log).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from gin_scorer.core.wording import Said
from gin_scorer.services.support.dto import (
    EntrantView,
    MatchStatus,
)
from gin_scorer.services.support.errors import ServiceError
from gin_scorer.store.tables import Entrant, Event, Match, Round
from gin_scorer.tournament import engine
from gin_scorer.tournament.model import Format, MatchOutcome
from gin_scorer.tournament.settings import TournamentSettings
from gin_scorer.tournament.tables import StatusBoard


class RoundRefused(ServiceError):
    """The next round cannot be paired yet (the current one is unfinished, the event is over...)."""


class RoundUnfinished(RoundRefused):
    """The round before still has tables without a result: the message names them (their
    hands, or their slips, go in first)."""


@dataclass(frozen=True, slots=True)
class PairingView:
    """One line of a round: a match at a table, or a bye (``b is None``, no table)."""

    round_number: int
    table: int | None
    match_id: int
    a: EntrantView
    b: EntrantView | None
    status: MatchStatus
    slot: str | None = None
    games_a: int = 0
    games_b: int = 0
    hands: int = 0
    c: EntrantView | None = None  # a three-player table's third player
    winner: int | None = None  # a finished three-player table's winner (entrant id)

    @property
    def players(self) -> tuple[EntrantView, ...]:
        """Everyone at the table, in seat order."""
        return tuple(e for e in (self.a, self.b, self.c) if e is not None)

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def finished(self) -> bool:
        return self.status in (MatchStatus.FINISHED, MatchStatus.LOCKED)


@dataclass(frozen=True, slots=True)
class NameLine:
    """The pairings listed by name: where each entrant plays and against whom."""

    name: str
    table: int | None
    opponent: str  # "" for a bye
    side: str  # "A" or "B" ("C": a three-player table's third seat)
    match_id: int
    second_opponent: str = ""  # a three-player table's other player


@dataclass(frozen=True, slots=True)
class RoundView:
    """A paired round: its pairings by table (byes last) and the engine's notes."""

    event_id: int
    number: int
    status: str
    paired_at: datetime | None
    pairings: tuple[PairingView, ...]
    notes: tuple[Said, ...] = ()

    @property
    def byes(self) -> tuple[PairingView, ...]:
        return tuple(p for p in self.pairings if p.is_bye)

    @property
    def by_name(self) -> tuple[NameLine, ...]:
        return pairings_by_name(self.pairings)


@dataclass(frozen=True, slots=True)
class RoundStatusBoard(StatusBoard):
    """The round at a glance (see :class:`~gin_scorer.tournament.tables.StatusBoard`)."""

    event_id: int = 0
    total_rounds: int | None = None
    event_complete: bool = False


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """What the ledger says about one match, derived from its hand log."""

    row: Match
    round_number: int | None
    hands: int
    games_a: int
    games_b: int
    finished: bool
    outcome: MatchOutcome | None
    forfeit: bool = False  # decided by a withdrawal before the match was finished
    # A three-player table: its third player, and its result between each two of its players
    # (``outcome`` is then the first of them: the winner over the second).
    third: int | None = None
    table: tuple[MatchOutcome, ...] = ()

    @property
    def outcomes(self) -> tuple[MatchOutcome, ...]:
        """Every result this match counts for in the standings (three for a table of three)."""
        if self.table:
            return self.table
        return () if self.outcome is None else (self.outcome,)

    @property
    def seated(self) -> tuple[int, ...]:
        """The entrants at the table, in seat order (one for a bye)."""
        row = self.row
        at = (row.entrant_a_id, row.entrant_b_id, self.third)
        return tuple(e for e in at if e is not None)


@dataclass(frozen=True, slots=True)
class EventFacts:
    """An event read in one go: its rows, each match's derived result, the engine's state."""

    event: Event
    settings: TournamentSettings
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...]
    matches: tuple[MatchFacts, ...]
    state: engine.EventState
    views: dict[int, EntrantView] = field(default_factory=dict)

    @property
    def format(self) -> Format:
        return self.settings.format

    def round_row(self, number: int) -> Round | None:
        for r in self.rounds:
            if r.number == number:
                return r
        return None

    def matches_of(self, number: int) -> list[MatchFacts]:
        return [m for m in self.matches if m.round_number == number]


@dataclass(frozen=True, slots=True)
class PlannedPairing:
    """A line of a round not yet paired (see :func:`preview_round`)."""

    table: int | None
    a: EntrantView
    b: EntrantView | None
    slot: str | None = None
    c: EntrantView | None = None  # a three-player table's third player


@dataclass(frozen=True, slots=True)
class RoundPreview:
    number: int
    pairings: tuple[PlannedPairing, ...]
    notes: tuple[Said, ...] = ()


def pairings_by_name(lines: Sequence[PairingView]) -> tuple[NameLine, ...]:
    """Every entrant of the round, each with their table and opponent (for the wall), in the
    order of the tables: a front end lists them by name with
    :func:`gin_scorer.presentation.names.by_name`, under the database's name order (the
    services do not decide how a name sorts, decision 0024)."""
    out = []
    for p in lines:
        if p.c is not None and p.b is not None:
            a, b, c = p.a.name, p.b.name, p.c.name
            out.append(NameLine(a, p.table, b, "A", p.match_id, second_opponent=c))
            out.append(NameLine(b, p.table, a, "B", p.match_id, second_opponent=c))
            out.append(NameLine(c, p.table, a, "C", p.match_id, second_opponent=b))
            continue
        out.append(NameLine(p.a.name, p.table, p.b.name if p.b else "", "A", p.match_id))
        if p.b is not None:
            out.append(NameLine(p.b.name, p.table, p.a.name, "B", p.match_id))
    return tuple(out)
