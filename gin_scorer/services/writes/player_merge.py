"""Two records of one person merged into one.

A merge moves every entry of the second record onto the first (as entrant or partner),
fills in what the first lacks (club, member number, contact) and removes the second; the
audit keeps both records as they were. It is refused when the two could not be one person:
they played each other, or sat in one event (as two entrants, or as partners).
"""

from __future__ import annotations

from sqlalchemy import or_
from sqlmodel import Session, col, select

from gin_scorer.core.wording import said
from gin_scorer.services.queries.players import PlayerView, entries_of, view_of
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import DatabaseAction, require_whole_database
from gin_scorer.services.support.errors import ActionRefused, InvalidInput
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.team_members import rows_of_player
from gin_scorer.store.database import Database
from gin_scorer.store.settings import PinGuards, pin_guards_in
from gin_scorer.store.tables import Event, Match, Player


def merge_players(
    db: Database,
    keep_id: int,
    gone_id: int,
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> PlayerView:
    """Make ``gone_id``'s entries ``keep_id``'s (see the module's text). It needs the
    database PIN when one is set, else the PIN of each event it touches that has one."""
    if keep_id == gone_id:
        raise InvalidInput(
            said("player {0} is already themself: give two different players", keep_id)
        )
    with db.transaction() as session:
        keep, gone = fetch(session, Player, keep_id), fetch(session, Player, gone_id)
        entries = entries_of(session, gone_id)
        _refuse_two_people(session, keep, gone)
        guards = merge_guards(session, {e.event_id for e in entries})
        require_whole_database(
            guards, [pin] if pin else [], DatabaseAction.MERGE_PLAYERS, session=session
        )
        before = {"kept": _record(keep), "gone": _record(gone)}
        for entry in entries:
            if entry.player_id == gone_id:
                entry.player_id = keep_id
            if entry.partner_id == gone_id:
                entry.partner_id = keep_id
            session.add(entry)
        for seat in rows_of_player(session, gone_id):  # a seat in a team of three or more
            seat.player_id = keep_id
            session.add(seat)
        keep.club = keep.club or gone.club
        keep.member_number = keep.member_number or gone.member_number
        keep.contact = keep.contact or gone.contact
        session.add(keep)
        session.flush()
        session.delete(gone)
        record_audit(
            session,
            db,
            actor=actor,
            action="player.merge",
            subject=f"player:{keep_id}",
            payload={**before, "entrants": [e.id for e in entries]},
        )
        session.flush()
        return view_of(session, keep)


def _refuse_two_people(session: Session, keep: Player, gone: Player) -> None:
    """ActionRefused when the records are of two people: they met, or shared an event."""
    mine = {e.id: e for e in entries_of(session, keep.id or 0)}
    theirs = {e.id: e for e in entries_of(session, gone.id or 0)}
    both = said("{0} (#{1}) and {2} (#{3})", repr(keep.name), keep.id, repr(gone.name), gone.id)
    met = session.exec(
        select(Match).where(
            or_(
                col(Match.entrant_a_id).in_(list(mine)) & col(Match.entrant_b_id).in_(list(theirs)),
                col(Match.entrant_a_id).in_(list(theirs)) & col(Match.entrant_b_id).in_(list(mine)),
            )
        )
    ).first()
    if met is not None:
        event = fetch(session, Event, met.event_id)
        raise ActionRefused(
            said(
                "{0} played each other in match {1} of {2}: they are two people, so they cannot "
                "be merged",
                both,
                met.id,
                repr(event.name),
            )
        )
    shared = set(mine) & set(theirs)
    if shared:
        raise ActionRefused(said("{0} are partners in one entry: they cannot be merged", both))
    common = {e.event_id for e in mine.values()} & {e.event_id for e in theirs.values()}
    if common:
        event = fetch(session, Event, min(common))
        raise ActionRefused(
            said(
                "{0} are both entered in {1}: one person cannot be two entrants, so they cannot "
                "be merged",
                both,
                repr(event.name),
            )
        )


def merge_guards(session: Session, events: set[int]) -> PinGuards:
    """The PINs a merge needs: the database's, else those of the events it re-links."""
    every = pin_guards_in(session)
    return PinGuards(every.database, tuple(g for g in every.events if g.event_id in events))


def _record(row: Player) -> dict[str, object]:
    return {
        "id": row.id,
        "name": row.name,
        "club": row.club,
        "member_number": row.member_number,
        "contact": row.contact,
    }
