"""Entrants: people (or teams of two) entered in an event; check-in, withdrawal, return.

A late entrant (added once rounds have been paired) joins from the next round. Withdrawn
entrants keep their results: nothing is ever deleted, the status only stops new pairings.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func
from sqlmodel import Session, select

from gin_scorer.core.wording import Said, said
from gin_scorer.services.queries.player_registry import player_for_entry, players_in_event
from gin_scorer.services.queries.views import entrant_view, entrant_views
from gin_scorer.services.support.audit_trail import record_audit, record_changed
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.dto import EntrantSpec, EntrantStatus, EntrantView
from gin_scorer.services.support.entrant_checks import (
    MAX_SEED,
    checked_batch,
    display_name,
    labelled,
    teams_only,
    unlabelled,
)
from gin_scorer.services.support.errors import InvalidInput, RowsRejected
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.team_members import add_further_players
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, Player, Round


def _next_round(session: Session, event: Event) -> int:
    """The round a new entrant joins: 1 before any pairing, else the one after the last."""
    last = session.exec(
        select(func.max(Round.number)).where(Round.event_id == event.id)
    ).one_or_none()
    return int(last or 0) + 1


def insert_entrants(
    session: Session,
    db: Database,
    event_id: int,
    specs: Sequence[EntrantSpec],
    *,
    actor: str | None = None,
    labels: Sequence[Said] | None = None,
) -> list[Entrant]:
    """Add entrants inside an open transaction (all or nothing); used by the importer too.

    ``labels`` names each spec in error messages (``"row 7"``); every problem is collected
    and raised together as :class:`RowsRejected`.
    """
    event = fetch(session, Event, event_id)
    require(session, Action.ADD_ENTRANT, event, None)
    names = labels or [said("entrant {0}", i + 1) for i in range(len(specs))]
    existing = list(session.exec(select(Entrant).where(Entrant.event_id == event_id)))
    checked = checked_batch(specs, names, existing)
    teams_only(event, names, checked)
    joined = _next_round(session, event)
    rows: list[Entrant] = []
    entered = players_in_event(session, event_id)
    for label, spec in zip(names, checked, strict=True):
        try:
            player, *others = _people(session, spec, entered)
        except InvalidInput as error:
            raise RowsRejected([labelled(label, error.words)], what="entrants") from None
        row = Entrant(
            event_id=event_id,
            name=display_name(spec),
            club=spec.club or None,
            player_id=player.id,
            partner_id=others[0].id if others else None,
            seed=spec.seed,
            status=EntrantStatus.ACTIVE.value,
            checked_in=spec.checked_in,
            joined_round=joined,
        )
        session.add(row)
        rows.append(row)
        if others[1:]:
            session.flush()
            assert row.id is not None
            add_further_players(session, row.id, [p.id or 0 for p in others[1:]])
    session.flush()
    record_audit(
        session,
        db,
        actor=actor,
        action="entrant.add",
        subject=f"event:{event_id}",
        payload={"entrants": [[r.id, r.name] for r in rows], "joined_round": joined},
    )
    return rows


def _people(session: Session, spec: EntrantSpec, entered: set[int]) -> list[Player]:
    """The registry's people for an entrant: the player (by member number, else name and
    club), then the partner and teammates (by name and club); each joins ``entered``."""
    people = [player_for_entry(session, spec.name, spec.club, spec.member_number, entered)]
    entered.add(people[0].id or 0)
    for name in (spec.partner, *spec.teammates) if spec.partner else ():
        people.append(player_for_entry(session, name, spec.club, "", entered))
        entered.add(people[-1].id or 0)
    return people


def add_entrant(
    db: Database,
    event_id: int,
    name: str,
    *,
    club: str = "",
    member_number: str = "",
    seed: int | None = None,
    partner: str = "",
    team_name: str = "",
    checked_in: bool = False,
    actor: str | None = None,
) -> EntrantView:
    """Enter one player (or a team of two with ``partner``) in an event."""
    spec = EntrantSpec(name, club, member_number, seed, partner, team_name, checked_in)
    try:
        return add_entrants(db, event_id, [spec], actor=actor)[0]
    except RowsRejected as error:
        # One entrant: its single problem without the batch wording.
        raise InvalidInput(unlabelled(error.problems[0], "entrant 1")) from None


def add_entrants(
    db: Database,
    event_id: int,
    specs: Sequence[EntrantSpec],
    *,
    labels: Sequence[Said] | None = None,
    actor: str | None = None,
) -> tuple[EntrantView, ...]:
    """Enter several at once: all of them, or (on any problem) none, every problem listed
    (named by ``labels``, "line 4", when given)."""
    with db.transaction() as session:
        rows = insert_entrants(session, db, event_id, list(specs), actor=actor, labels=labels)
        return entrant_views(session, rows)


def list_entrants(
    db: Database, event_id: int, *, include_withdrawn: bool = True
) -> tuple[EntrantView, ...]:
    """The event's entrants by seed (unseeded last), then name."""
    with db.transaction(write=False) as session:
        fetch(session, Event, event_id)
        query = select(Entrant).where(Entrant.event_id == event_id)
        if not include_withdrawn:
            query = query.where(Entrant.status == EntrantStatus.ACTIVE.value)
        rows = list(session.exec(query))
        rows.sort(key=lambda e: (e.seed is None, e.seed or 0, e.name.casefold(), e.id or 0))
        return entrant_views(session, rows)


def get_entrant(db: Database, entrant_id: int) -> EntrantView:
    with db.transaction(write=False) as session:
        return entrant_view(session, fetch(session, Entrant, entrant_id))


def find_entrant(db: Database, event_id: int, name: str) -> EntrantView | None:
    """The entrant of ``event_id`` called ``name`` (case and spacing ignored), if any."""
    wanted = " ".join(name.split()).casefold()
    with db.transaction(write=False) as session:
        fetch(session, Event, event_id)
        for row in session.exec(select(Entrant).where(Entrant.event_id == event_id)):
            if row.name.casefold() == wanted:
                return entrant_view(session, row)
    return None


def _set_status(
    db: Database,
    entrant_id: int,
    status: EntrantStatus,
    action: str,
    actor: str | None,
    pin: str | None,
) -> EntrantView:
    with db.transaction() as session:
        row = fetch(session, Entrant, entrant_id)
        wanted = (
            Action.REINSTATE_ENTRANT if status is EntrantStatus.ACTIVE else Action.WITHDRAW_ENTRANT
        )
        pinned = require(session, wanted, fetch(session, Event, row.event_id), pin)
        if row.status == status.value:
            if status is EntrantStatus.ACTIVE:
                raise InvalidInput(said("{0} is already active", row.name))
            raise InvalidInput(said("{0} is already withdrawn", row.name))
        before = row.status
        row.status = status.value
        if status is EntrantStatus.ACTIVE:
            # Back from a withdrawal: plays again from the next round to be paired.
            event = fetch(session, Event, row.event_id)
            row.joined_round = max(row.joined_round, _next_round(session, event))
        moved = {"from": before, "to": status.value, "event": row.event_id, "pin": pinned}
        record_changed(session, db, row, "entrant", action, moved, actor)
        return entrant_view(session, row)


def withdraw_entrant(
    db: Database, entrant_id: int, *, pin: str | None = None, actor: str | None = None
) -> EntrantView:
    """Withdraw an entrant: no more pairings; results played so far stand. Once the event
    is finished this changes its final standings, so it needs the director's PIN."""
    return _set_status(db, entrant_id, EntrantStatus.WITHDRAWN, "entrant.withdraw", actor, pin)


def reinstate_entrant(
    db: Database, entrant_id: int, *, pin: str | None = None, actor: str | None = None
) -> EntrantView:
    """Bring a withdrawn entrant back; they are paired again from the next round (in a
    finished event: the director's PIN)."""
    return _set_status(db, entrant_id, EntrantStatus.ACTIVE, "entrant.reinstate", actor, pin)


def update_entrant(
    db: Database,
    entrant_id: int,
    *,
    name: str | None = None,
    club: str | None = None,
    seed: int | None = None,
    clear_seed: bool = False,
    pin: str | None = None,
    actor: str | None = None,
) -> EntrantView:
    """Fix an entrant's name or club, set the seed (or clear it with ``clear_seed``).
    Results are untouched: matches refer to the entrant, not to the name. In a finished
    event it needs the director's PIN (the standings printed show these names)."""
    with db.transaction() as session:
        row = fetch(session, Entrant, entrant_id)
        require(session, Action.EDIT_ENTRANT, fetch(session, Event, row.event_id), pin)
        before = {"name": row.name, "club": row.club, "seed": row.seed}
        others = [
            e
            for e in session.exec(select(Entrant).where(Entrant.event_id == row.event_id))
            if e.id != entrant_id
        ]
        if name is not None:
            new_name = clean_text(name, "name", required=True, limit=200)
            clash = next((e for e in others if e.name.casefold() == new_name.casefold()), None)
            if clash is not None:
                raise InvalidInput(said("{0} is already entered in this event", repr(clash.name)))
            row.name = new_name
        if club is not None:
            row.club = clean_text(club, "club", limit=120) or None
        if clear_seed:
            row.seed = None
        elif seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= MAX_SEED:
                raise InvalidInput(
                    said("seed {0} is not a whole number from 1 to {1}", repr(seed), MAX_SEED)
                )
            clash = next((e for e in others if e.seed == seed), None)
            if clash is not None:
                raise InvalidInput(said("seed {0} is already {1}'s", seed, repr(clash.name)))
            row.seed = seed
        after = {"name": row.name, "club": row.club, "seed": row.seed}
        edited = {"before": before, "after": after}
        record_changed(session, db, row, "entrant", "entrant.update", edited, actor)
        return entrant_view(session, row)


def check_in(
    db: Database,
    entrant_id: int,
    checked_in: bool = True,
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> EntrantView:
    """Mark an entrant present (or not) before pairing."""
    with db.transaction() as session:
        row = fetch(session, Entrant, entrant_id)
        require(session, Action.CHECK_IN, fetch(session, Event, row.event_id), pin)
        row.checked_in = bool(checked_in)
        present = {"checked_in": bool(checked_in), "event": row.event_id}
        record_changed(session, db, row, "entrant", "entrant.check_in", present, actor)
        return entrant_view(session, row)
