"""One audit entry per change a service makes: who (the actor, else the station), what, on
which subject, with what."""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session

from gin_scorer.store import audit
from gin_scorer.store.database import Database


def record_audit(
    session: Session,
    db: Database,
    *,
    actor: str | None,
    action: str,
    subject: str,
    payload: Mapping[str, object],
) -> None:
    """Append the entry in the same transaction as the change it records."""
    audit.append(session, actor or db.station, action, subject, dict(payload))
