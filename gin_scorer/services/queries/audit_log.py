"""The audit log as a front end shows it: is the hash chain whole, and the newest entries.

``gin-scorer audit verify`` and ``audit show`` read through here. The chain itself (hashing,
appending, walking it) is the store's :mod:`gin_scorer.store.audit`; this module turns it into
plain values with the sentences already written, so a front end prints them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gin_scorer.core.wording import Said
from gin_scorer.store import audit
from gin_scorer.store.database import Database

__all__ = ["AuditCheck", "AuditLine", "check_audit_log", "recent_audit_entries"]


@dataclass(frozen=True, slots=True)
class AuditCheck:
    """The chain checked from its first entry: ``broken`` names the first bad link, if any."""

    broken: Said | None  # said in the reader's language
    count: int
    latest_code: str | None


@dataclass(frozen=True, slots=True)
class AuditLine:
    """One audit entry, its payload as canonical JSON."""

    id: int
    at: datetime
    short_hash: str
    station: str
    actor: str
    action: str
    subject: str
    payload_json: str


def check_audit_log(db: Database) -> AuditCheck:
    """Walk the whole chain; stops at the first link that does not hold."""
    with db.transaction(write=False) as session:
        broken = audit.verify_chain(session)
        if broken is not None:
            return AuditCheck(broken.describe(), 0, None)
        latest = audit.latest_hash(session)
        return AuditCheck(
            None, audit.entry_count(session), None if latest is None else audit.short_code(latest)
        )


def recent_audit_entries(db: Database, last: int) -> tuple[AuditLine, ...]:
    """The newest ``last`` entries, oldest first (as ``audit show`` lists them)."""
    with db.transaction(write=False) as session:
        entries = audit.recent(session, last=last)
    return tuple(
        AuditLine(
            e.id,
            e.at,
            e.short_hash,
            e.station,
            e.actor,
            e.action,
            e.subject,
            audit.canonical_json(dict(e.payload)),
        )
        for e in entries
    )
