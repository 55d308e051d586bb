"""The event's entrants seeded by their club ratings (:mod:`.ratings`, read as the seeding
starts): a write, so it lives apart from the rating list, which only reads."""

from __future__ import annotations

from sqlmodel import select

from gin_scorer.core.wording import said
from gin_scorer.services.queries.ratings import club_ratings
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.rows import fetch
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event
from gin_scorer.tournament.ratings import seeded_by_rating


def seed_by_rating(
    db: Database, event_id: int, *, pin: str | None = None, actor: str | None = None
) -> tuple[tuple[str, int], ...]:
    """Seed the event's active entrants by rating (the highest rating less three times its
    uncertainty first, so a newcomer's lucky night does not top a regular); a partnership
    counts its first player. Returns (name, seed) in seed order."""
    with db.transaction() as session:
        event = fetch(session, Event, event_id)
        require(session, Action.EDIT_ENTRANT, event, pin)
        entrants = [
            e
            for e in session.exec(select(Entrant).where(Entrant.event_id == event_id))
            if e.status == "active"
        ]
        if not entrants:
            raise InvalidInput(said("event {0} has no active entrant to seed", repr(event.name)))
        ratings = club_ratings(session)
        by_player = {e.player_id: e for e in entrants if e.player_id is not None}
        order = seeded_by_rating(list(by_player), ratings)
        seeded = [by_player[p] for p in order] + [e for e in entrants if e.player_id is None]
        for entrant in entrants:
            entrant.seed = None  # seeds are unique: clear them before handing them out
            session.add(entrant)
        session.flush()
        for seed, entrant in enumerate(seeded, start=1):
            entrant.seed = seed
            session.add(entrant)
        record_audit(
            session,
            db,
            actor=actor,
            action="entrant.seed_by_rating",
            subject=f"event:{event_id}",
            payload={"seeds": [[e.id, e.seed] for e in seeded]},
        )
        return tuple((e.name, e.seed or 0) for e in seeded)
