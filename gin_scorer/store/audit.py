"""The audit log: every change, who made it, at which station — hash-chained, so edits show.

Each entry's ``hash`` is ``sha256(prev_hash + canonical JSON of the entry)``, where the
canonical JSON holds the time, station, actor, action, subject and payload with sorted keys.
Changing any stored field of an entry, deleting an entry or reordering entries breaks the
chain at that entry, and :func:`verify_chain` names it. (Dropping entries from the *end* is
not detectable from the chain alone: printed sheets carry :func:`latest_hash`'s short code so
a printout can be matched to the database it came from.)

Entries are appended inside the caller's transaction, so an action and its audit entry
commit together or not at all. Appends are serialised: SQLite's write transactions already
are (``BEGIN IMMEDIATE``), PostgreSQL takes an advisory lock; and ``prev_hash`` is unique, so
the chain can never fork even if that failed.

In a transaction the seal watches (every ``Database.transaction``), an entry is chained onto
the log when the transaction commits, in the same step as the seal's link
(:func:`gin_scorer.store.seal.watch_session`): the lock that orders the chain is then held
for the last few statements of the transaction only, instead of from the action's audit to
its commit — on a server, every other station's writes queue behind it.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session
from sqlmodel import col

from gin_scorer.core.wording import Said, said
from gin_scorer.store.tables import AuditEntry, utcnow

GENESIS = ""  # the prev_hash of the first entry
PG_AUDIT_LOCK = 0x67696E61
# session.info: set by the seal's watcher, whose commit step chains the entries kept in
# PENDING (in the order they were appended).
CHAINED_AT_COMMIT = "audit_chained_at_commit"
PENDING = "audit_pending"


@dataclass(frozen=True, slots=True)
class AuditView:
    """An audit entry as plain values."""

    id: int
    at: datetime
    station: str
    actor: str
    action: str
    subject: str
    payload: Mapping[str, Any]
    hash: str

    @property
    def short_hash(self) -> str:
        return short_code(self.hash)


@dataclass(frozen=True, slots=True)
class BrokenLink:
    """The first entry at which the chain does not hold, and why (``reason``, and the whole
    of :meth:`describe`, said in the reader's language by a front end)."""

    id: int
    action: str
    subject: str
    reason: Said

    def describe(self) -> Said:
        return said(
            "audit entry {0} ({1} {2}) {3}", self.id, self.action, self.subject, self.reason
        )


def short_code(hash_hex: str) -> str:
    """The 8-character code printed on sheets: ``ABCD1234``."""
    return hash_hex[:8].upper()


def _jsonable(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    raise TypeError(f"audit payloads hold plain values; {type(value).__name__} is not one")


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 kept: one text per value, on every machine."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_jsonable
    )


def _timestamp(at: datetime) -> str:
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def entry_hash(entry: AuditEntry) -> str:
    """The hash of an entry's contents chained to the hash before it (``prev_hash``): what
    :func:`append` stores and :func:`verify_chain` recomputes."""
    body = canonical_json(
        {
            "at": _timestamp(entry.at),
            "station": entry.station,
            "actor": entry.actor,
            "action": entry.action,
            "subject": entry.subject,
            "payload": json.loads(entry.payload_json),
        }
    )
    return hashlib.sha256((entry.prev_hash + body).encode("utf-8")).hexdigest()


def latest_hash_statement() -> Select[Any]:
    return select(col(AuditEntry.hash)).order_by(col(AuditEntry.id).desc()).limit(1)


def latest_hash(session: Session) -> str | None:
    """The hash of the newest entry (``None`` while the log is empty)."""
    return session.execute(latest_hash_statement()).scalar_one_or_none()


def append(
    session: Session,
    actor: str,
    action: str,
    subject: str,
    payload: Mapping[str, Any] | None = None,
    *,
    station: str | None = None,
) -> AuditEntry:
    """Add an entry to the chain in the caller's transaction and return it: chained and
    flushed at once, or — in a transaction the seal watches — when it commits (its
    ``prev_hash``, ``hash`` and ``id`` are set then).

    ``station`` defaults to the station of the Database the session came from.
    """
    where = station or str(session.info.get("station") or "unknown")
    entry = AuditEntry(
        at=utcnow(),  # microseconds: what both databases keep, so the hash survives a read
        station=where,
        actor=actor,
        action=action,
        subject=subject,
        payload_json=canonical_json(dict(payload or {})),
        prev_hash=GENESIS,
        hash="",
    )
    if session.info.get(CHAINED_AT_COMMIT):
        session.info.setdefault(PENDING, []).append(entry)
        return entry
    if session.get_bind().dialect.name == "postgresql":
        session.execute(select(func.pg_advisory_xact_lock(PG_AUDIT_LOCK)))
    chain(session, [entry], latest_hash(session) or GENESIS)
    return entry


def chain(session: Session, entries: list[AuditEntry], prev: str) -> None:
    """Link ``entries`` in order after the entry whose hash is ``prev`` and flush them (the
    caller holds the chain's lock)."""
    for entry in entries:
        entry.prev_hash = prev
        entry.hash = prev = entry_hash(entry)
        session.add(entry)
    session.flush()


def _walk(session: Session, batch: int = 2000) -> Iterator[Any]:
    """Every entry in chain order, as plain rows (not ORM objects: memory stays flat and the
    caller's session is left as it was)."""
    table = AuditEntry.__table__  # type: ignore[attr-defined]
    last = 0
    while True:
        rows = session.execute(
            select(table).where(table.c.id > last).order_by(table.c.id).limit(batch)
        ).all()
        if not rows:
            return
        yield from rows
        last = rows[-1].id


def verify_chain(session: Session, *, batch: int = 2000) -> BrokenLink | None:
    """The first entry where the chain breaks, or ``None`` when every link holds.

    Reads ``batch`` entries at a time, so a log of any length verifies in flat memory.
    """
    expected_prev = GENESIS
    for entry in _walk(session, batch):
        ident = entry.id or 0
        if entry.prev_hash != expected_prev:
            return BrokenLink(
                ident,
                entry.action,
                entry.subject,
                said(
                    "does not follow the entry before it (an entry was removed, inserted or "
                    "reordered)"
                ),
            )
        try:
            recomputed = entry_hash(entry)
        except ValueError:
            recomputed = ""
        if recomputed != entry.hash:
            return BrokenLink(
                ident,
                entry.action,
                entry.subject,
                said("was changed after it was written (its contents no longer match its hash)"),
            )
        expected_prev = entry.hash
    return None


def entry_count(session: Session) -> int:
    return int(session.execute(select(func.count()).select_from(AuditEntry)).scalar_one())


def recent(session: Session, last: int = 20) -> list[AuditView]:
    """The newest ``last`` entries, oldest first."""
    rows = (
        session.execute(select(AuditEntry).order_by(col(AuditEntry.id).desc()).limit(last))
        .scalars()
        .all()
    )
    views = []
    for row in reversed(rows):
        try:
            payload = json.loads(row.payload_json)
        except ValueError:
            payload = {"unreadable": row.payload_json}
        views.append(
            AuditView(
                row.id or 0,
                row.at,
                row.station,
                row.actor,
                row.action,
                row.subject,
                payload,
                row.hash,
            )
        )
    return views
