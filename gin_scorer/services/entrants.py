"""Entrants: people (or teams of two) entered in an event; check-in, withdrawal, return.

A late entrant (added once rounds have been paired) joins from the next round. Withdrawn
entrants keep their results: nothing is ever deleted, the status only stops new pairings.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func
from sqlmodel import Session, select

from gin_scorer.core.rules import MatchFormat
from gin_scorer.services.audit_trail import record_audit
from gin_scorer.services.authority import Action, require
from gin_scorer.services.dto import EntrantSpec, EntrantStatus, EntrantView
from gin_scorer.services.errors import InvalidInput, RowsRejected
from gin_scorer.services.player_registry import player_for_entry, players_in_event
from gin_scorer.services.rows import fetch
from gin_scorer.services.stored_json import rules_from_json
from gin_scorer.services.text_input import clean_text
from gin_scorer.services.views import entrant_view, entrant_views
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, Round

MAX_SEED = 100_000


def _checked(spec: EntrantSpec) -> EntrantSpec:
    """The spec with its text trimmed; :class:`InvalidInput` naming the field otherwise."""
    if not isinstance(spec, EntrantSpec):
        raise InvalidInput(f"{spec!r} is not an entrant")
    name = clean_text(spec.name, "name", required=True, limit=120)
    club = clean_text(spec.club, "club", limit=120)
    member = clean_text(spec.member_number, "member number", limit=40)
    partner = clean_text(spec.partner, "partner", limit=120)
    team = clean_text(spec.team_name, "team name", limit=200)
    seed = spec.seed
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= MAX_SEED
    ):
        raise InvalidInput(f"seed {seed!r} is not a whole number from 1 to {MAX_SEED}")
    if partner and partner.casefold() == name.casefold():
        raise InvalidInput(f"partner {partner!r} is the player themself")
    return EntrantSpec(
        name=name,
        club=club,
        member_number=member,
        seed=seed,
        partner=partner,
        team_name=team,
        checked_in=bool(spec.checked_in),
    )


def _display_name(spec: EntrantSpec) -> str:
    if spec.team_name:
        return spec.team_name
    return f"{spec.name} & {spec.partner}" if spec.partner else spec.name


def _next_round(session: Session, event: Event) -> int:
    """The round a new entrant joins: 1 before any pairing, else the one after the last."""
    last = session.exec(
        select(func.max(Round.number)).where(Round.event_id == event.id)
    ).one_or_none()
    return int(last or 0) + 1


def _checked_batch(
    specs: Sequence[EntrantSpec], labels: Sequence[str], existing: Sequence[Entrant]
) -> list[EntrantSpec]:
    """Every spec cleaned and checked against the event and the rest of the batch (a name, a
    seed or a member number taken twice); every problem raised together as RowsRejected."""
    taken_names = {e.name.casefold(): e.name for e in existing}
    taken_seeds = {e.seed: e.name for e in existing if e.seed is not None}
    taken_members: dict[str, str] = {}
    problems: list[str] = []
    checked: list[EntrantSpec] = []
    for label, spec in zip(labels, specs, strict=True):
        try:
            clean = _checked(spec)
        except InvalidInput as error:
            problems.append(f"{label}: {error}")
            continue
        shown = _display_name(clean)
        problem = _clash(clean, shown, taken_names, taken_seeds, taken_members)
        if problem is not None:
            problems.append(f"{label}: {problem}")
            continue
        if clean.member_number:
            taken_members[clean.member_number] = shown
        taken_names[shown.casefold()] = shown
        if clean.seed is not None:
            taken_seeds[clean.seed] = shown
        checked.append(clean)
    if problems:
        raise RowsRejected(problems, what="entrants")
    return checked


def _teams_only(event: Event, labels: Sequence[str], specs: Sequence[EntrantSpec]) -> None:
    """A partnership event seats teams of two: an entrant without a partner is refused."""
    rules = rules_from_json(event.rules_json, "event rules")
    if rules.match_format is not MatchFormat.PARTNERSHIP:
        return
    alone = [
        f"{label}: {spec.name!r} has no partner, and this event plays partnerships "
        "(teams of two): give the partner's name"
        for label, spec in zip(labels, specs, strict=True)
        if not spec.partner
    ]
    if alone:
        raise RowsRejected(alone, what="entrants")


def _clash(
    clean: EntrantSpec,
    shown: str,
    names: dict[str, str],
    seeds: dict[int, str],
    members: dict[str, str],
) -> str | None:
    """What this entrant would take that is already someone's: a name, a seed, a member
    number."""
    if shown.casefold() in names:
        return f"{names[shown.casefold()]!r} is already entered in this event"
    if clean.seed is not None and clean.seed in seeds:
        return f"seed {clean.seed} is already {seeds[clean.seed]!r}'s"
    if clean.member_number and clean.member_number in members:
        return f"member number {clean.member_number!r} is also {members[clean.member_number]!r}'s"
    return None


def insert_entrants(
    session: Session,
    db: Database,
    event_id: int,
    specs: Sequence[EntrantSpec],
    *,
    actor: str | None = None,
    labels: Sequence[str] | None = None,
) -> list[Entrant]:
    """Add entrants inside an open transaction (all or nothing); used by the importer too.

    ``labels`` names each spec in error messages (``"row 7"``); every problem is collected
    and raised together as :class:`RowsRejected`.
    """
    event = fetch(session, Event, event_id)
    require(session, Action.ADD_ENTRANT, event, None)
    names = labels or [f"entrant {i + 1}" for i in range(len(specs))]
    existing = list(session.exec(select(Entrant).where(Entrant.event_id == event_id)))
    checked = _checked_batch(specs, names, existing)
    _teams_only(event, names, checked)
    joined = _next_round(session, event)
    rows: list[Entrant] = []
    entered = players_in_event(session, event_id)
    for label, spec in zip(names, checked, strict=True):
        try:
            player = player_for_entry(session, spec.name, spec.club, spec.member_number, entered)
            entered.add(player.id or 0)
            partner = None
            if spec.partner:
                partner = player_for_entry(session, spec.partner, spec.club, "", entered)
                entered.add(partner.id or 0)
        except InvalidInput as error:
            raise RowsRejected([f"{label}: {error}"], what="entrants") from None
        row = Entrant(
            event_id=event_id,
            name=_display_name(spec),
            club=spec.club or None,
            player_id=player.id,
            partner_id=partner.id if partner is not None else None,
            seed=spec.seed,
            status=EntrantStatus.ACTIVE.value,
            checked_in=spec.checked_in,
            joined_round=joined,
        )
        session.add(row)
        rows.append(row)
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
        raise InvalidInput(error.problems[0].removeprefix("entrant 1: ")) from None


def add_entrants(
    db: Database,
    event_id: int,
    specs: Sequence[EntrantSpec],
    *,
    labels: Sequence[str] | None = None,
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
            raise InvalidInput(f"{row.name} is already {status.value}")
        before = row.status
        row.status = status.value
        if status is EntrantStatus.ACTIVE:
            # Back from a withdrawal: plays again from the next round to be paired.
            event = fetch(session, Event, row.event_id)
            row.joined_round = max(row.joined_round, _next_round(session, event))
        session.add(row)
        record_audit(
            session,
            db,
            actor=actor,
            action=action,
            subject=f"entrant:{entrant_id}",
            payload={"from": before, "to": status.value, "event": row.event_id, "pin": pinned},
        )
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
                raise InvalidInput(f"{clash.name!r} is already entered in this event")
            row.name = new_name
        if club is not None:
            row.club = clean_text(club, "club", limit=120) or None
        if clear_seed:
            row.seed = None
        elif seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= MAX_SEED:
                raise InvalidInput(f"seed {seed!r} is not a whole number from 1 to {MAX_SEED}")
            clash = next((e for e in others if e.seed == seed), None)
            if clash is not None:
                raise InvalidInput(f"seed {seed} is already {clash.name!r}'s")
            row.seed = seed
        session.add(row)
        record_audit(
            session,
            db,
            actor=actor,
            action="entrant.update",
            subject=f"entrant:{entrant_id}",
            payload={
                "before": before,
                "after": {"name": row.name, "club": row.club, "seed": row.seed},
            },
        )
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
        session.add(row)
        record_audit(
            session,
            db,
            actor=actor,
            action="entrant.check_in",
            subject=f"entrant:{entrant_id}",
            payload={"checked_in": bool(checked_in), "event": row.event_id},
        )
        return entrant_view(session, row)
