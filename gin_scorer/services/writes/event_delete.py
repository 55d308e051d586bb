"""Deleting an event: a tombstone, not an erasure (decision 0020).

A deleted event disappears from every list, every reading and every table of the club (the
event list, the desk's navigator, ratings, seasons, player pages), and nothing can be done to
it any more: any service that names it hears "event 5 ('Demo') was deleted". Its facts stay
where they are: the hand log and the result log are append-only and sealed (decisions 0001,
0005), and erasing their rows is exactly what ``verify`` exists to catch, so a delete that
erased them would make every database that used it fail ``verify`` — or need the seal to
forget what it sealed, and every seal code printed before it to stop proving anything.

So the delete is one more sealed fact: the event's row marked ``deleted`` (its tombstone),
written with the director's PIN when the event or the database has one (the seal link is
then signed with it, as for a finished event), and an audit entry saying who deleted it, when,
why, and what it held. ``verify`` goes on checking the deleted event's hands like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, func, select

from gin_scorer.core.wording import said
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.support.errors import InvalidInput, NotFound
from gin_scorer.services.support.rows import claim_version, fetch_for_update
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match


@dataclass(frozen=True, slots=True)
class DeletedEvent:
    """What a delete took out of view: the event, and what it held (kept, sealed)."""

    id: int
    name: str
    entrants: int
    matches: int
    hands: int


def delete_event(
    db: Database,
    event_id: int,
    *,
    name: str,
    reason: str = "",
    pin: str | None = None,
    actor: str | None = None,
) -> DeletedEvent:
    """Mark event ``event_id`` deleted. ``name`` must be the event's name as it stands (case
    and spaces aside): the director says which event they mean, not only its number."""
    why = clean_text(reason, "reason", limit=200)
    with db.transaction() as session:
        row = session.get(Event, event_id) if isinstance(event_id, int) else None
        if row is None:
            raise NotFound(said("there is no event {0}", event_id))
        if row.status == EventStatus.DELETED.value:
            raise InvalidInput(said("event {0} ({1}) is already deleted", event_id, repr(row.name)))
        if " ".join(name.split()).casefold() != " ".join(row.name.split()).casefold():
            raise InvalidInput(
                said(
                    "{0} is not the name of event {1}, which is {2}: nothing was deleted",
                    repr(name),
                    event_id,
                    repr(row.name),
                )
            )
        pinned = require(session, Action.DELETE_EVENT, row, pin)
        held = _held(session, event_id, row.name)
        claim_version(session, db, Event, event_id, row.version)
        row = fetch_for_update(session, Event, event_id)
        was = row.status
        row.status = EventStatus.DELETED.value
        session.add(row)
        record_audit(
            session,
            db,
            actor=actor,
            action="event.delete",
            subject=f"event:{event_id}",
            payload={
                "name": row.name,
                "was": was,
                "reason": why,
                "entrants": held.entrants,
                "matches": held.matches,
                "hands": held.hands,
                "pin": pinned,
            },
        )
        return held


def _held(session: Session, event_id: int, name: str) -> DeletedEvent:
    """The event and what it holds, counted for the audit entry and the director."""

    def count(query: Any) -> int:
        return int(session.exec(query).one())

    return DeletedEvent(
        event_id,
        name,
        count(select(func.count()).select_from(Entrant).where(Entrant.event_id == event_id)),
        count(select(func.count()).select_from(Match).where(Match.event_id == event_id)),
        count(
            select(func.count())
            .select_from(HandEntry)
            .join(Match, col(Match.id) == col(HandEntry.match_id))
            .where(Match.event_id == event_id)
        ),
    )
