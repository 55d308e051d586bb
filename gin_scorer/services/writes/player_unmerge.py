"""A merge of two players' records taken back: the record merged away comes back with its id,
its name and what it had, and the entries that were its own are its own again.

What a merge did is in its audit entry (:func:`.player_merge.merge_players`): both records as they
were and the entrants it re-linked. A merge is refused when the two ever met or shared an
event, so in those entrants every mention of the kept player was the other's: the undo puts
them back exactly. Entries made for the kept player after the merge stay theirs. The undo is
audited and sealed like the merge, and needs the same PINs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlmodel import Session, col, select

from gin_scorer.core.wording import said
from gin_scorer.services.queries.player_registry import searched_words
from gin_scorer.services.queries.players import PlayerView, view_of
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import DatabaseAction, require_whole_database
from gin_scorer.services.support.errors import NotFound
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.writes.player_merge import merge_guards
from gin_scorer.store.database import Database
from gin_scorer.store.tables import AuditEntry, Entrant, Player, TeamMember

_FILLED = ("club", "member_number", "contact")  # what a merge may have filled in


@dataclass(frozen=True, slots=True)
class Unmerged:
    """The two records again, and how many entrants went back to the one restored."""

    kept: PlayerView
    restored: PlayerView
    entrants: int


def _merge_entry(
    session: Session, keep_id: int, gone: int | str
) -> tuple[AuditEntry, dict[str, object]]:
    """The newest merge into ``keep_id`` of ``gone`` (the merged record's id, or its name as
    it was, accents and case aside) not undone since; NotFound when none."""
    subject = f"player:{keep_id}"
    rows = session.exec(
        select(AuditEntry)
        .where(col(AuditEntry.subject) == subject)
        .where(col(AuditEntry.action).in_(["player.merge", "player.unmerge"]))
        .order_by(col(AuditEntry.id).desc())
    )
    for row in rows:
        payload = json.loads(row.payload_json)
        was = payload.get("gone") if row.action == "player.merge" else payload.get("restored")
        if not isinstance(was, dict) or not _is(was, gone):
            continue
        if row.action == "player.unmerge":
            break  # the newest word on this pair is an undo: nothing left to undo
        return row, payload
    raise NotFound(
        said("player {0} was not merged into player {1}: there is nothing to undo", gone, keep_id)
    )


def _is(record: dict[str, object], gone: int | str) -> bool:
    """Whether a merged record, as its audit entry keeps it, is the one named."""
    if isinstance(gone, int):
        return record.get("id") == gone
    return searched_words(str(record.get("name", ""))) == searched_words(gone)


def unmerge_players(
    db: Database,
    keep_id: int,
    gone: int | str,
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> Unmerged:
    """Undo the newest merge of ``gone`` (its id, or its name as it was) into ``keep_id``
    (see the module's text)."""
    with db.transaction() as session:
        keep = fetch(session, Player, keep_id)
        merge, payload = _merge_entry(session, keep_id, gone)
        # A SQLite id freed by the merge may have gone to a new player since: the record
        # comes back under a new id then (the audit entry says which).
        was = payload["gone"]
        assert isinstance(was, dict)
        gone_id = int(str(was["id"]))
        free = session.get(Player, gone_id) is None
        listed = payload.get("entrants")
        entrant_ids = [e for e in listed if isinstance(e, int)] if isinstance(listed, list) else []
        entrants = list(session.exec(select(Entrant).where(col(Entrant.id).in_(entrant_ids))))
        guards = merge_guards(session, {e.event_id for e in entrants})
        require_whole_database(
            guards, [pin] if pin else [], DatabaseAction.UNMERGE_PLAYERS, session=session
        )
        restored = Player(
            id=gone_id if free else None,
            name=str(was["name"]),
            club=was.get("club"),
            member_number=was.get("member_number"),
            contact=was.get("contact"),
        )
        session.add(restored)
        session.flush()
        assert restored.id is not None
        _relink(session, entrants, keep_id, restored.id)
        _unfill(keep, payload.get("kept"), was)
        session.add(keep)
        record_audit(
            session,
            db,
            actor=actor,
            action="player.unmerge",
            subject=f"player:{keep_id}",
            payload={
                "merge": merge.id,
                "restored": was,
                "restored_as": restored.id,
                "entrants": entrant_ids,
            },
        )
        session.flush()
        return Unmerged(view_of(session, keep), view_of(session, restored), len(entrants))


def _relink(session: Session, entrants: list[Entrant], keep_id: int, gone_id: int) -> None:
    """Each mention of the kept player in the merged-away record's entrants is theirs again
    (the two never shared an entrant or an event, so every such mention was)."""
    for entrant in entrants:
        if entrant.player_id == keep_id:
            entrant.player_id = gone_id
        if entrant.partner_id == keep_id:
            entrant.partner_id = gone_id
        session.add(entrant)
    ids = [e.id for e in entrants]
    seats = session.exec(
        select(TeamMember)
        .where(col(TeamMember.entrant_id).in_(ids))
        .where(col(TeamMember.player_id) == keep_id)
    )
    for seat in seats:
        seat.player_id = gone_id
        session.add(seat)


def _unfill(keep: Player, kept: object, gone: dict[str, object]) -> None:
    """What the merge filled in from the other record (a club, a member number, a contact the
    kept record lacked) is taken out again; what was changed since is left as it is."""
    if not isinstance(kept, dict):
        return
    for field in _FILLED:
        if not kept.get(field) and getattr(keep, field) == gone.get(field):
            setattr(keep, field, kept.get(field))
