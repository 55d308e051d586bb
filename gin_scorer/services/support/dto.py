"""The values the services hand out: frozen dataclasses, never ORM objects.

The GUI's Qt models, the reports and the CLI read only these. Each is a snapshot taken inside
one transaction; a caller that wants fresher data asks the service again (or polls
:func:`gin_scorer.services.support.changes.changes_since`). Totals in here are always *derived*: the
services recompute them from the hand entries with the core's ledgers every time.

Status values are enums whose ``value`` is the text stored in the database, so
``MatchStatus("locked")`` reads a row and ``status.value`` writes one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import Enum

from gin_scorer.core.hands import HandRecord, HandResult, Problem, Side
from gin_scorer.core.ledgers.dispatch import Ledger
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.ledgers.three_player import ThreePlayerGame
from gin_scorer.core.rules import RuleSet

# One status for the engine and the views: the services re-export the engine's.
from gin_scorer.tournament.confirmation import Confirmation
from gin_scorer.tournament.model import EntrantStatus as EntrantStatus
from gin_scorer.tournament.results import ResultKind as ResultKind
from gin_scorer.tournament.slips import PointsScale as PointsScale


class EventStatus(Enum):
    """Where an event is in its life. Rules may change freely only in ``SETUP``."""

    SETUP = "setup"  # entrants being added, nothing played yet
    RUNNING = "running"  # a round was paired or a hand recorded
    FINISHED = "finished"  # the director closed it
    DELETED = "deleted"  # the tombstone of a deleted event: hidden, refused, still sealed


class NameOrder(Enum):
    """How every list of players is ordered, a setting of the database (decision 0024):
    by surname (``Xiomara García Márquez`` under M, ``Jan van der Berg`` under B), or as the
    names are typed (the first name, for a club whose members are known by it)."""

    SURNAME = "surname"
    AS_TYPED = "as-typed"


class MatchStatus(Enum):
    """``PENDING`` → ``PLAYING`` → ``FINISHED`` follow the ledger by themselves; ``LOCKED`` is
    the director's seal on a finished result (no entries until it is unlocked, with the PIN)."""

    PENDING = "pending"
    PLAYING = "playing"
    FINISHED = "finished"
    LOCKED = "locked"


class EntryKind(Enum):
    """The three kinds of row in the append-only hand log."""

    ENTRY = "entry"  # a hand recorded for the first time
    CORRECTION = "correction"  # replaces the record of an earlier row (supersedes it)
    VOID = "void"  # withdraws an earlier row: the hand no longer counts


@dataclass(frozen=True, slots=True)
class EventView:
    """An event (a tournament, or a club's running night) and its frozen rules.

    ``format`` is the event format's stored text, the value of
    :class:`gin_scorer.tournament.model.Format`: ``"club"`` (ad hoc play), ``"swiss"``,
    ``"round-robin"``, ``"single-elim"`` or ``"double-elim"``. ``settings`` are the format's
    settings (rounds, bye points, tie-breaks ...), read-only. ``has_pin`` says whether a
    director PIN guards the event (the hash itself never leaves the store).
    """

    id: int
    name: str
    venue: str
    start_date: date | None
    end_date: date | None
    format: str
    rules: RuleSet
    status: EventStatus
    settings: Mapping[str, object]
    entrant_count: int
    has_pin: bool
    version: int
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class EntrantView:
    """A player (or a team of two: ``members`` then holds both names) in one event."""

    id: int
    event_id: int
    name: str
    club: str
    members: tuple[str, ...]
    seed: int | None
    status: EntrantStatus
    checked_in: bool
    member_number: str = ""
    joined_round: int = 1
    player_id: int | None = None

    @property
    def active(self) -> bool:
        return self.status is EntrantStatus.ACTIVE


@dataclass(frozen=True, slots=True)
class EntrantSpec:
    """What it takes to enter someone: the input of ``add_entrant(s)`` and the CSV import.

    ``partner`` makes a team of two (its name is then "name & partner" unless ``team_name``
    is given); ``teammates`` are a larger team's further players (Tedesco's teams of three
    or four). A ``partner`` written "Bob & Cy" is read as the partner and one teammate.
    """

    name: str
    club: str = ""
    member_number: str = ""
    seed: int | None = None
    partner: str = ""
    team_name: str = ""
    checked_in: bool = False
    teammates: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchView:
    """A match between entrant ``a`` (side A) and ``b`` (side B); ``b`` is ``None`` for a bye.

    ``version`` is the optimistic-concurrency token: pass it back as ``expected_version`` to
    every write; a station holding an older number is told another station changed it.
    """

    id: int
    event_id: int
    round_number: int | None
    table_number: int | None
    a: EntrantView
    b: EntrantView | None
    status: MatchStatus
    version: int
    bracket_slot: str | None = None
    c: EntrantView | None = None  # a three-player table's third player (seat 2)

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def players(self) -> tuple[EntrantView, ...]:
        """Everyone at the table, in seat order (one for a bye, three at a table of three)."""
        return tuple(e for e in (self.a, self.b, self.c) if e is not None)

    @property
    def locked(self) -> bool:
        return self.status is MatchStatus.LOCKED

    @property
    def withdrawn(self) -> tuple[EntrantView, ...]:
        """Who has left the event from a match still unplayed or in play: the standings count
        it as a forfeit (``()`` when nobody has, or when the match was decided first)."""
        if self.status in (MatchStatus.FINISHED, MatchStatus.LOCKED):
            return ()
        return tuple(e for e in self.players if not e.active)

    def entrant(self, side: Side) -> EntrantView | None:
        return self.a if side is Side.A else self.b

    def side_of(self, entrant_id: int) -> Side | None:
        if self.a.id == entrant_id:
            return Side.A
        if self.b is not None and self.b.id == entrant_id:
            return Side.B
        return None


@dataclass(frozen=True, slots=True)
class HandRow:
    """One hand that counts, as the score sheet shows it.

    ``hand_id`` is the id of the hand-log row now in force for this hand (a correction's id
    once corrected; pass it to ``correct_hand`` / ``void_hand``). ``number`` is the hand's
    position in the match (1-based, voided hands skipped). ``totals_after`` are the running
    points of each side in game ``game_number`` after this hand (for Hollywood and
    multi-match: of the first game/match the hand counted in, see the ledger for the rest).
    ``problems`` are the core's validation findings; errors appear only on hands entered
    with an ``override_reason``. ``override_reason`` is the director's words on the row in
    force: for a hand recorded despite errors, why; for a corrected hand, the correction's
    reason (an override given with it follows in brackets). ``corrected`` says the hand was
    corrected (or restored by an undo) after entry; ``entered_by`` / ``station`` /
    ``entered_at`` describe the row in force.
    """

    hand_id: int
    number: int
    record: HandRecord
    result: HandResult
    dealer: Side | None
    totals_after: PerSide
    game_number: int
    problems: tuple[Problem, ...]
    override_reason: str | None
    entered_by: str
    station: str
    entered_at: datetime
    corrected: bool = False
    first_entry_id: int | None = None  # the original row this hand started as

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if not p.is_error)

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.is_error)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One row of a match's append-only hand log, for the history view and exports."""

    id: int
    seq: int
    kind: EntryKind
    supersedes_id: int | None
    record: HandRecord | None  # None for a void
    dealer: Side | None
    override_reason: str | None  # an entry's override; a correction's or void's reason
    entered_by: str
    station: str
    entered_at: datetime
    in_force: bool  # not superseded by a later correction or void
    undoes_id: int | None = None  # written by an undo (or a redo): the row it takes back


@dataclass(frozen=True, slots=True)
class ResultView:
    """A match's result in force that did not come from its hands alone: a slip, a forfeit,
    time called, an adjudication (:class:`ResultKind`). It decides the match; the hands, if
    any, stay on the sheet and say how far play got.

    ``margin`` is the point differential for side A as the standings count it; when
    ``points_known`` is false (a slip without game totals) there is none, and 0 stands in.
    ``game_points`` are the totals a slip gave, per game: each game's final, its winner in
    ``game_winners`` (decision 0016), or — ``scale`` HAND_POINTS, a slip stored before it —
    the games' hand points, which the differential does not count (``points_known`` false).
    ``entry_id`` is the result-log row in force (pass the match's version to replace or void
    it); ``corrected`` says it replaced an earlier result.
    """

    entry_id: int
    kind: ResultKind
    winner: Side | None
    games_won: PerSide
    margin: int
    points_known: bool
    game_points: tuple[tuple[int, int], ...]
    reason: str | None
    entered_by: str
    station: str
    entered_at: datetime
    corrected: bool = False
    game_winners: tuple[Side, ...] = ()  # each game's winner, when the totals are finals
    scale: PointsScale = PointsScale.FINALS

    @property
    def slip_totals(self) -> PerSide | None:
        """Each side's finals summed over the slip's games (None without them, or when they
        are a database's hand points from before decision 0016: another scale)."""
        if not self.game_points or self.scale is not PointsScale.FINALS:
            return None
        return PerSide(sum(a for a, _ in self.game_points), sum(b for _, b in self.game_points))


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Everything a score sheet shows for one match, derived from its hand log (and, when one
    is in force, from its reported result: ``finished``, ``winner`` and ``games_won`` are then
    the result's, see :class:`ResultView`).

    ``ledger`` is the core ledger's own summary for the rule set's match format (a game,
    best-of, Hollywood, multi-match or partnership ledger from :mod:`gin_scorer.core.ledgers`);
    the other fields are the parts every format has. ``current_totals`` are the running
    points of the game in progress (or of the last game once finished). ``warnings`` are
    the non-error problems of every counted hand, for a banner.
    """

    match: MatchView
    rules: RuleSet
    hands: tuple[HandRow, ...]
    ledger: Ledger
    games_won: PerSide
    finished: bool
    winner: Side | None
    next_dealer: Side
    version: int
    current_game: int = 1
    current_totals: PerSide = field(default_factory=PerSide)
    log: tuple[LogEntry, ...] = ()
    result: ResultView | None = None  # a result reported without (all) its hands
    # The players' words at the table (the room), when the sheet was read with them.
    confirmation: Confirmation | None = None

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for row in self.hands for p in row.warnings)

    @property
    def winner_entrant(self) -> EntrantView | None:
        three = self.ledger if isinstance(self.ledger, ThreePlayerGame) else None
        if three is not None:  # a table of three: its winner is a seat, not a side
            players = self.match.players
            return players[three.winner] if three.winner is not None else None
        return None if self.winner is None else self.match.entrant(self.winner)


@dataclass(frozen=True, slots=True)
class Change:
    """One row written by any station (from the store's change feed), for refreshing views.

    ``table`` is the table written (``"match"``, ``"hand_entry"``, ``"entrant"``, ``"event"``,
    ``"round"``, ``"player"``), ``row_id`` its row, ``op`` ``"insert"``/``"update"``/
    ``"delete"``; ``event_id`` the event it belongs to, when known.
    """

    id: int
    at: datetime
    station: str
    table: str
    row_id: int | None
    op: str
    event_id: int | None


@dataclass(frozen=True, slots=True)
class ChangeFeed:
    """Changes after a marker; ``marker`` is what to pass next time (0 = from the start).

    ``match_ids`` already maps hand-log rows to their matches, so a score-sheet view only
    needs to ask whether its match is in there.
    """

    marker: int
    changes: tuple[Change, ...]
    match_ids: frozenset[int] = frozenset()

    @property
    def event_ids(self) -> frozenset[int]:
        return frozenset(c.event_id for c in self.changes if c.event_id is not None)
