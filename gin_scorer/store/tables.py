"""The database tables (sqlmodel, ``table=True``): what gin-scorer keeps on disk.

Hands are facts; totals are derived. :class:`HandEntry` is an append-only log: a correction
or a void is a *new* row that supersedes an old one, so nothing ever rewrites history and
every total is recomputed from these rows by the core's ledgers. No table stores a total.

The schema here must equal the head of the Alembic migrations in ``migrations/versions``
(``tests/store/test_migrations.py`` compares them), so a change here needs a new revision.

Times are stored in UTC and always come back timezone-aware, on SQLite as on PostgreSQL
(:class:`UTCDateTime`), so code comparing them never mixes naive and aware values.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import DateTime, Dialect, Index, Text, UniqueConstraint
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    """Now, in UTC, timezone-aware (the only clock the store uses)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp kept in UTC and returned timezone-aware on every database.

    SQLite has no time zones: SQLAlchemy would hand back naive datetimes there and aware ones
    on PostgreSQL. Storing naive UTC and re-attaching UTC on the way out makes both equal.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"refusing a naive datetime {value!r}: the store keeps UTC times")
        utc = value.astimezone(UTC)
        return utc if dialect.name == "postgresql" else utc.replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _text(**kwargs: Any) -> Any:
    """A TEXT column (JSON documents, hashes): never a length limit on either database."""
    return Field(sa_type=Text, **kwargs)


def _when(**kwargs: Any) -> Any:
    return Field(sa_type=UTCDateTime, **kwargs)


class Player(SQLModel, table=True):
    """A person, across events (a club's membership list)."""

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    club: str | None = None
    member_number: str | None = None
    contact: str | None = None


class Event(SQLModel, table=True):
    """A tournament or a club night. ``rules_json`` is frozen at creation (RuleSet.to_dict())."""

    __tablename__ = "event"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    venue: str | None = None
    start_date: date | None = None
    end_date: date | None = None
    format: str
    rules_json: str = _text()
    settings_json: str = _text(default="{}")
    status: str = "setup"
    pin_hash: str | None = _text(default=None)
    created_at: datetime = _when(default_factory=utcnow)
    # Optimistic concurrency between stations: UPDATE ... WHERE version = expected.
    version: int = 1


class Entrant(SQLModel, table=True):
    """A player (or a team of two: ``partner_id``) entered in one event."""

    __tablename__ = "entrant"

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    name: str
    club: str | None = None
    player_id: int | None = Field(default=None, foreign_key="player.id")
    partner_id: int | None = Field(default=None, foreign_key="player.id")
    seed: int | None = None
    status: str = "active"  # "active" / "withdrawn"
    checked_in: bool = False
    joined_round: int = 1


class TeamMember(SQLModel, table=True):
    """A team's third and later players (its first two are the entrant's ``player_id`` and
    ``partner_id``): Tedesco's teams of three or four. ``position`` counts from 0 like the
    team's seats, so the third player is 2."""

    __tablename__ = "team_member"
    __table_args__ = (UniqueConstraint("entrant_id", "position", name="uq_team_member"),)

    id: int | None = Field(default=None, primary_key=True)
    entrant_id: int = Field(foreign_key="entrant.id", index=True)
    position: int
    player_id: int = Field(foreign_key="player.id")


class Round(SQLModel, table=True):
    __tablename__ = "round"

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    number: int
    status: str = "paired"  # "paired" / "playing" / "finished"
    paired_at: datetime | None = _when(default=None)


class Match(SQLModel, table=True):
    """Two entrants at a table (``entrant_b_id`` None: a bye). Results come from its hands."""

    __tablename__ = "match"
    # AUTOINCREMENT: a number is never handed out twice on SQLite either (a table's link
    # names its match; decision 0026). PostgreSQL's sequence never goes back.
    __table_args__ = (
        Index("ix_match_event_round", "event_id", "round_id"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    round_id: int | None = Field(default=None, foreign_key="round.id")
    table_number: int | None = None
    entrant_a_id: int = Field(foreign_key="entrant.id")
    entrant_b_id: int | None = Field(default=None, foreign_key="entrant.id")
    bracket_slot: str | None = None  # elimination position, e.g. "W1-3", "L2-1", "GF"
    rules_json: str = _text()
    status: str = "pending"  # "pending" / "playing" / "finished" / "locked"
    version: int = 1
    created_at: datetime = _when(default_factory=utcnow)


class MatchSeat(SQLModel, table=True):
    """A third player at a match's table (three-player games: the dealer sits out). The
    match's ``entrant_a_id`` and ``entrant_b_id`` sit in seats 0 and 1; ``position`` 2 is
    this one. A table of its own rather than a column of ``match``, so that every match
    sealed before it keeps its hash (decision 0014)."""

    __tablename__ = "match_seat"
    __table_args__ = (UniqueConstraint("match_id", "position", name="uq_match_seat"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True)
    position: int
    entrant_id: int = Field(foreign_key="entrant.id")


class HandEntry(SQLModel, table=True):
    """One row of the append-only hand log of a match.

    ``kind`` is "entry" (a hand as recorded), "correction" (replaces ``supersedes_id``) or
    "void" (withdraws ``supersedes_id``). ``record_json`` is the core's hand_json form.
    """

    __tablename__ = "hand_entry"
    __table_args__ = (Index("ix_hand_entry_match_seq", "match_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id")
    seq: int  # the hand's position in the match, 1-based
    kind: str = "entry"  # "entry" / "correction" / "void"
    supersedes_id: int | None = Field(default=None, foreign_key="hand_entry.id")
    record_json: str = _text()
    dealer: str | None = None
    override_reason: str | None = _text(default=None)
    entered_by: str
    station: str
    entered_at: datetime = _when(default_factory=utcnow)


class ResultEntry(SQLModel, table=True):
    """One row of a match's append-only result log: a result reported without its hands.

    ``outcome`` is the kind (:class:`gin_scorer.tournament.results.ResultKind`: "slip",
    "forfeit", "double-forfeit", "time-called", "adjudicated"); ``kind`` is the log's own
    "entry" / "correction" / "void", as in :class:`HandEntry`, a correction or a void
    superseding ``supersedes_id``. ``winner`` is "A", "B" or None; ``game_points_json`` the
    games' totals when the slip gave them (``[[a, b], ...]``), else ``[]``. The row in force
    decides the match; its hands stay in their log and say how far play got.
    """

    __tablename__ = "result_entry"
    __table_args__ = (Index("ix_result_entry_match", "match_id"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id")
    kind: str = "entry"  # "entry" / "correction" / "void"
    supersedes_id: int | None = Field(default=None, foreign_key="result_entry.id")
    outcome: str
    winner: str | None = None
    games_a: int = 0
    games_b: int = 0
    game_points_json: str = _text(default="[]")
    reason: str | None = _text(default=None)
    entered_by: str
    station: str
    entered_at: datetime = _when(default_factory=utcnow)


class ResultConfirmation(SQLModel, table=True):
    """One player's word on a decided match at the table: ``agrees`` with the result as the
    match stood at ``match_version`` (the sheet they read), or not, with ``reason``.

    Append-only like the logs beside it: a player who changes their mind adds a row. A word
    counts only for the version it was given at, so a correction at the desk afterwards leaves
    it standing in the log but no longer confirming anything.
    """

    __tablename__ = "result_confirmation"
    __table_args__ = (Index("ix_result_confirmation_match", "match_id"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id")
    side: str  # "A" or "B"
    match_version: int
    agrees: bool
    reason: str | None = _text(default=None)
    entered_by: str
    station: str
    entered_at: datetime = _when(default_factory=utcnow)


class AuditEntry(SQLModel, table=True):
    """One link of the hash-chained audit log (see :mod:`gin_scorer.store.audit`).

    ``prev_hash`` is unique: two stations can never both extend the same entry, so the chain
    cannot fork.
    """

    __tablename__ = "audit_entry"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = _when(default_factory=utcnow)
    station: str
    actor: str
    action: str
    subject: str
    payload_json: str = _text(default="{}")
    prev_hash: str = _text(unique=True)
    hash: str = _text(unique=True)


RESTORE_OP = "restore"  # a change feed entry's op when the whole database was replaced


class Change(SQLModel, table=True):
    """The change feed: one row per row written, so other stations poll ``id > last_seen``.

    Filled in automatically by the store on every flush (see :mod:`gin_scorer.store.changes`).
    """

    __tablename__ = "change"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = _when(default_factory=utcnow)
    station: str
    table_name: str
    row_id: int | None = None
    op: str  # "insert" / "update" / "delete"
    event_id: int | None = Field(default=None, index=True)


class Setting(SQLModel, table=True):
    """Settings that belong to the database itself (director PIN, backup interval...)."""

    __tablename__ = "setting"

    key: str = Field(primary_key=True)
    value: str = _text()


class RoomSubmission(SQLModel, table=True):
    """A hand sent from a table's phone, by the key the page gave its form: a send repeated
    after a lost reply finds its key here and records nothing twice. Bookkeeping, not a fact:
    neither sealed nor in the change feed (the hand it recorded is both)."""

    __tablename__ = "room_submission"

    key: str = Field(primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True)
    hand_entry_id: int = Field(foreign_key="hand_entry.id")
    at: datetime = _when(default_factory=utcnow)
    link: str | None = None  # which link sent it (services/support/link_codes.link_mark)


class RoomLink(SQLModel, table=True):
    """A table link the room knows beside its match's own code (decision 0026): an old link
    that still opens its match ("legacy"), or one taken back with its round ("revoked", by
    its code's hash). Bookkeeping, neither sealed nor in the change feed; no foreign key to
    the match, which a revoked link outlives."""

    __tablename__ = "room_link"

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(index=True)
    event_id: int
    round_number: int | None = None
    kind: str  # "legacy" / "revoked"
    code_hash: str | None = None
    at: datetime = _when(default_factory=utcnow)


class Season(SQLModel, table=True):
    """A club's season or league: events (club nights, tournaments) counted into one table.
    ``scoring_json`` holds its knobs (points per match or per place, best N nights, minimum
    attendance; :class:`gin_scorer.tournament.season.SeasonScoring`)."""

    __tablename__ = "season"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    scoring_json: str = _text(default="{}")
    created_at: datetime = _when(default_factory=utcnow)
    version: int = 1


class SeasonEvent(SQLModel, table=True):
    """One event counted in a season (an event may count in several: a club's league and the
    county's)."""

    __tablename__ = "season_event"
    __table_args__ = (UniqueConstraint("season_id", "event_id", name="uq_season_event"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    event_id: int = Field(foreign_key="event.id")


# The per-match logs: rows that belong to an event through their match.
MATCH_LOG_TABLES: frozenset[str] = frozenset({"hand_entry", "result_entry", "result_confirmation"})
# Rows that belong to one match (its logs and its third seat): a finished event or a locked
# match guards them as it guards the match.
MATCH_PART_TABLES: frozenset[str] = MATCH_LOG_TABLES | {"match_seat"}


class SealLink(SQLModel, table=True):
    """One link of the seal: every sealed row one committed transaction wrote (see
    :mod:`gin_scorer.store.seal`). ``prev_hash`` is unique, so the chain cannot fork."""

    __tablename__ = "seal_link"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = _when(default_factory=utcnow)
    station: str
    body_json: str = _text()
    # {guard: Ed25519 signature hex} of the director PINs that allowed this transaction.
    signatures_json: str | None = _text(default=None)
    prev_hash: str = _text(unique=True)
    hash: str = _text(unique=True)


# Tables whose rows the seal covers (every fact a standing is computed from, and the audit
# log); of ``setting`` only the director PIN is sealed (backup schedules are not facts).
SEALED_TABLES: tuple[str, ...] = (
    "player",
    "event",
    "entrant",
    "round",
    "match",
    "hand_entry",
    "audit_entry",
    "setting",  # newer tables after it: a link's rows sort in this order (older links keep theirs)
    "result_entry",
    "result_confirmation",
    "season",
    "season_event",
    "team_member",
    "match_seat",
    "undo_link",  # store/undo_links.py (decision 0029)
)
SEALED_SETTINGS: frozenset[str] = frozenset({"director_pin"})
# Tables whose writes go into the change feed: the facts (the audit would only echo them, and
# the settings are the database's own).
WATCHED_TABLES: frozenset[str] = frozenset(SEALED_TABLES) - {"audit_entry", "setting"}
