"""A player who will miss a Swiss round: marked away before the round is paired, they sit it
out — not paired, and no bye credited for it — and come back for the next one.

After the round is paired the match already exists: the player's absence is then a forfeit
(``12 a ff`` in the results mode), and a player leaving for good is withdrawn (their
unfinished matches are forfeited, their past results kept). Marking someone away is like
checking them in or out: the same row of the authority table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlmodel import Session, col, func, select

from gin_scorer.core.wording import Said, said
from gin_scorer.services.queries.views import entrant_view
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.dto import EntrantView
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.event_settings import event_settings
from gin_scorer.services.support.rows import claim_version, fetch, fetch_for_update
from gin_scorer.services.support.stored_json import dumps
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, Round
from gin_scorer.tournament.model import Format


@dataclass(frozen=True, slots=True)
class Absence:
    """An entrant away (or back) for one round."""

    entrant: EntrantView
    round_number: int
    away: bool


def mark_absent(
    db: Database,
    entrant_id: int,
    away: bool = True,
    *,
    round_number: int | None = None,
    pin: str | None = None,
    actor: str | None = None,
) -> Absence:
    """Mark an entrant away for ``round_number`` (the next round to pair when not given), or
    back again. Refused, saying what to do instead, once that round is paired or in a format
    whose rounds are fixed in advance."""
    with db.transaction() as session:
        row = fetch(session, Entrant, entrant_id)
        event = fetch(session, Event, row.event_id)
        pinned = require(session, Action.CHECK_IN, event, pin)
        settings = event_settings(event)
        paired = _paired_rounds(session, row.event_id)
        number = paired + 1 if round_number is None else round_number
        _refuse(settings.format, row.name, number, paired)
        pairs = {p for p in settings.absent if p != (number, entrant_id)}
        if away:
            pairs.add((number, entrant_id))
        stored = replace(settings, absent=tuple(sorted(pairs))).to_dict()
        claim_version(session, db, Event, row.event_id, event.version)
        event = fetch_for_update(session, Event, row.event_id)
        event.settings_json = dumps(stored)
        session.add(event)
        record_audit(
            session,
            db,
            actor=actor,
            action="entrant.absent",
            subject=f"entrant:{entrant_id}",
            payload={"round": number, "away": away, "event": row.event_id, "pin": pinned},
        )
        return Absence(entrant_view(session, row), number, away)


def away_next_round(db: Database, event_id: int) -> frozenset[int]:
    """The entrants marked away for the next round to pair (none outside Swiss)."""
    with db.transaction(write=False) as session:
        settings = event_settings(fetch(session, Event, event_id))
        return settings.absent_in(_paired_rounds(session, event_id) + 1)


def _paired_rounds(session: Session, event_id: int) -> int:
    latest = session.exec(
        select(func.max(col(Round.number))).where(Round.event_id == event_id)
    ).one_or_none()
    return int(latest or 0)


def _refuse(event_format: Format, name: str, number: int, paired: int) -> None:
    if event_format is not Format.SWISS:
        raise InvalidInput(_fixed_rounds(event_format, name))
    if number <= paired:
        raise InvalidInput(
            said(
                "round {0} is already paired: report {1}'s table as a forfeit instead "
                "(results mode: table a ff)",
                number,
                name,
            )
        )


def _fixed_rounds(event_format: Format, name: str) -> Said:
    """Why ``name`` cannot be marked away in an event whose rounds are fixed in advance."""
    if event_format is Format.ROUND_ROBIN:
        return said(
            "a round robin event's rounds are fixed in advance: report {0}'s match as a "
            "forfeit instead (results mode: table a ff)",
            name,
        )
    if event_format is Format.SINGLE_ELIMINATION:
        return said(
            "a single elimination event's rounds are fixed in advance: report {0}'s match as "
            "a forfeit instead (results mode: table a ff)",
            name,
        )
    if event_format is Format.DOUBLE_ELIMINATION:
        return said(
            "a double elimination event's rounds are fixed in advance: report {0}'s match as "
            "a forfeit instead (results mode: table a ff)",
            name,
        )
    return said(
        "a club night event's rounds are fixed in advance: report {0}'s match as a forfeit "
        "instead (results mode: table a ff)",
        name,
    )
