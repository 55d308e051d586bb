"""One audit entry per change a service makes: who (the actor, else the station), what, on
which subject, with what."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

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


class _Row(Protocol):
    @property
    def id(self) -> int | None: ...


def record_changed(
    session: Session,
    db: Database,
    row: _Row,
    kind: str,
    action: str,
    payload: Mapping[str, object],
    actor: str | None,
    *,
    new: bool = False,
) -> int:
    """Write ``row`` (``new``: flushed first, so that the database gives it its id) and audit
    the change under the subject ``kind:id`` (``event:3``); returns the id."""
    session.add(row)
    if new:
        session.flush()
    assert row.id is not None
    record_audit(
        session, db, actor=actor, action=action, subject=f"{kind}:{row.id}", payload=payload
    )
    return row.id
