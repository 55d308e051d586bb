"""Pairing a round: start it (the engine's pairings written in ONE transaction, tables
assigned), preview it (nothing written), or take the latest one back while no hand is in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sqlmodel import Session, col, select

from gin_scorer.core.wording import joined, said
from gin_scorer.services.queries.rounds.facts import finished_or_locked, read_event
from gin_scorer.services.queries.rounds.model import (
    EventFacts,
    PlannedPairing,
    RoundPreview,
    RoundRefused,
    RoundUnfinished,
    RoundView,
)
from gin_scorer.services.queries.rounds.reading import round_view, table_text
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import Action, State, require
from gin_scorer.services.support.dto import (
    EventStatus,
    MatchStatus,
)
from gin_scorer.services.support.link_codes import revoke_links
from gin_scorer.services.support.rows import claim_version
from gin_scorer.services.support.stored_json import rules_from_json
from gin_scorer.services.writes.matches import Placing, insert_match
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, HandEntry, MatchSeat, Round, utcnow
from gin_scorer.tournament import engine
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Format, Pairing, RoundPlan
from gin_scorer.tournament.tables import number_tables


def _refuse_if_finished(event: Event) -> None:
    if event.status == EventStatus.FINISHED.value:
        raise RoundRefused(
            said("the event {0} is finished (reopen it to pair a round)", repr(event.name))
        )


def _ready_to_pair(
    facts: EventFacts, number: int, chosen: Sequence[tuple[int, ...]] | None
) -> set[int]:
    """The tables still playing (a club night pairs around them); refused while a round owes
    a result (other formats) or a chosen player is still at a table (a club night)."""
    busy_tables: set[int] = set()
    if facts.format is Format.CLUB:
        # Club nights run on: tables free up at different times, so the director pairs
        # whoever is free while other tables play on.
        for m in facts.matches:
            if finished_or_locked(m):
                continue
            if m.row.table_number is not None:
                busy_tables.add(m.row.table_number)
            for table in chosen or ():
                if any(eid in table for eid in m.seated):
                    raise RoundRefused(said("{0} is still being played", table_text(m, facts)))
        return busy_tables
    owing = [m for m in facts.matches_of(number - 1) if not finished_or_locked(m)]
    if number > 1 and owing:
        tables = joined([table_text(m, facts) for m in owing[:8]], ", ")
        if len(owing) > 8:
            tables = said("{0} ...", tables)
        if len(owing) > 1:
            raise RoundUnfinished(
                said("round {0} is not finished: {1} still owe a result", number - 1, tables)
            )
        raise RoundUnfinished(
            said("round {0} is not finished: {1} still owes a result", number - 1, tables)
        )
    return busy_tables


def _next_round(
    facts: EventFacts, chosen: Sequence[tuple[int, ...]] | None
) -> tuple[int, set[int], RoundPlan]:
    """The next round's number, the tables still playing, and the engine's plan for it;
    refused (RoundUnfinished, RoundRefused) as :func:`start_round` would be."""
    number = facts.state.paired_rounds + 1
    busy_tables = _ready_to_pair(facts, number, chosen)
    try:
        plan = engine.plan_round(facts.state, number, chosen)
    except TournamentError as error:
        raise RoundRefused(error.words) from None
    return number, busy_tables, plan


def _close_previous_round(session: Session, facts: EventFacts, number: int) -> None:
    """The round before is over once the next is paired; the event is running."""
    previous = facts.round_row(number - 1)
    if previous is not None and previous.status != "finished":
        previous.status = "finished"
        session.add(previous)
    if facts.event.status == EventStatus.SETUP.value:
        facts.event.status = EventStatus.RUNNING.value
        session.add(facts.event)


def _write_round(
    session: Session,
    db: Database,
    event: Event,
    number: int,
    pairings: Sequence[Pairing],
    actor: str | None,
) -> None:
    """The round's row and a match for every pairing (a bye finished at once), each under the
    event's rules frozen now."""
    assert event.id is not None
    row = Round(event_id=event.id, number=number, status="paired", paired_at=utcnow())
    session.add(row)
    session.flush()
    assert row.id is not None
    rules = rules_from_json(event.rules_json, said("event rules"))
    for pairing in pairings:
        insert_match(
            session,
            db,
            event.id,
            pairing.a,
            pairing.b,
            Placing(row.id, pairing.table, pairing.slot),
            rules=rules,
            actor=actor,
            third=pairing.c,
        )


def start_round(
    db: Database,
    event_id: int,
    *,
    chosen: Sequence[tuple[int, ...]] | None = None,
    actor: str | None = None,
) -> RoundView:
    """Pair the event's next round and create its matches and byes, in one transaction.

    ``chosen`` gives a club night's tables (entrant ids, two a table, three for three-player
    games); other formats pair themselves.
    Refused (:class:`RoundRefused`) while the current round has tables without a result.
    """
    with db.transaction() as session:
        facts = read_event(session, event_id)
        event = facts.event
        require(session, Action.PAIR_ROUND, event, None)
        number, busy_tables, plan = _next_round(facts, chosen)
        # Two stations pairing the same round at once: the event's version lets only one of
        # them through (the other gets a ConflictError and sees the round on refresh).
        claim_version(session, db, Event, event_id, event.version)
        session.refresh(event)
        if busy_tables:
            plan = replace(plan, pairings=number_tables(plan.pairings, taken=busy_tables))
        _write_round(session, db, event, number, plan.pairings, actor)
        _close_previous_round(session, facts, number)
        record_audit(
            session,
            db,
            actor=actor,
            action="round.start",
            subject=f"event:{event_id}",
            payload={
                "round": number,
                "matches": len(plan.matches),
                "byes": list(plan.byes),
                "notes": [str(note) for note in plan.notes],  # the audit keeps English
            },
        )
        session.flush()
        view = round_view(session, event_id, number)
        return RoundView(
            view.event_id, view.number, view.status, view.paired_at, view.pairings, plan.notes
        )


def preview_round(
    db: Database, event_id: int, *, chosen: Sequence[tuple[int, ...]] | None = None
) -> RoundPreview:
    """The pairings ``start_round`` would make now, without writing anything."""
    with db.transaction(write=False) as session:
        facts = read_event(session, event_id)
        _refuse_if_finished(facts.event)
        # Refused up front, as start_round would refuse (naming the tables that still owe a
        # result), not after the director has read pairings that cannot be made.
        number, busy, plan = _next_round(facts, chosen)
        if facts.format is Format.CLUB:
            plan = replace(plan, pairings=number_tables(plan.pairings, taken=busy))
        return RoundPreview(
            number,
            tuple(
                PlannedPairing(
                    p.table,
                    facts.views[p.a],
                    facts.views[p.b] if p.b is not None else None,
                    p.slot,
                    facts.views[p.c] if p.c is not None else None,
                )
                for p in plan.pairings
            ),
            plan.notes,
        )


def _refuse_if_played(session: Session, facts: EventFacts, number: int) -> None:
    """A round with hands entered (or voided) in it stays: its matches carry the log."""
    # Any row of a hand log keeps its match, voided or not: the log is append-only (a
    # void is evidence too), and deleting the match under it would break that.
    logged = {
        match_id
        for match_id in session.exec(
            select(HandEntry.match_id).where(
                col(HandEntry.match_id).in_([m.row.id for m in facts.matches_of(number)])
            )
        )
    }
    voided = [m for m in facts.matches_of(number) if not m.hands and m.row.id in logged]
    if voided and not any(m.hands for m in facts.matches_of(number)):
        tables = joined([table_text(m, facts) for m in voided[:5]], ", ")
        raise RoundRefused(
            said(
                "round {0} cannot be taken back: {1} kept voided hands in the log, which keeps "
                "its matches",
                number,
                tables,
            )
        )
    played = [m for m in facts.matches_of(number) if m.hands]
    if played:
        tables = joined([table_text(m, facts) for m in played[:5]], ", ")
        if len(played) > 1:
            raise RoundRefused(
                said(
                    "round {0} cannot be taken back: {1} already have hands entered (void "
                    "them first)",
                    number,
                    tables,
                )
            )
        raise RoundRefused(
            said(
                "round {0} cannot be taken back: {1} already has hands entered (void them first)",
                number,
                tables,
            )
        )


def cancel_round(db: Database, event_id: int, *, actor: str | None = None) -> int:
    """Take back the latest round's pairings (a late arrival, a wrong setting), so it can be
    paired again. Only while no hand has been entered in it; returns the round's number."""
    with db.transaction() as session:
        facts = read_event(session, event_id, with_views=True)
        number = facts.state.paired_rounds
        row = facts.round_row(number)
        locked = any(m.row.status == MatchStatus.LOCKED.value for m in facts.matches_of(number))
        # A locked result in the round keeps it: the director unlocks it first, on purpose.
        require(
            session,
            Action.CANCEL_ROUND,
            facts.event,
            None,
            state=State.LOCKED if locked and row is not None else None,
        )
        if row is None:
            raise RoundRefused(said("event {0} has no round to take back", event_id))
        _refuse_if_played(session, facts, number)
        claim_version(session, db, Event, event_id, facts.event.version)
        removed = [m.row.id for m in facts.matches_of(number)]
        revoke_links(session, number, [m.row for m in facts.matches_of(number)])
        for seat in session.exec(select(MatchSeat).where(col(MatchSeat.match_id).in_(removed))):
            session.delete(seat)
        session.flush()
        for m in facts.matches_of(number):
            session.delete(m.row)
        session.flush()
        session.delete(row)
        # Whoever entered after this round was paired was too late only for these pairings.
        arrived = []
        for entrant in facts.entrants:
            if entrant.joined_round == number + 1:
                entrant.joined_round = number
                session.add(entrant)
                arrived.append(entrant.id)
        record_audit(
            session,
            db,
            actor=actor,
            action="round.cancel",
            subject=f"event:{event_id}",
            payload={"round": number, "matches": removed, "now_in_round": arrived},
        )
        return number
