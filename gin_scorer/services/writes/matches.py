"""Matches: two entrants at a table (or a bye), their frozen rules, lock and unlock.

A match's status follows its ledger by itself (pending → playing → finished) every time its
hand log changes; ``locked`` is the director's seal on a finished result. Every write takes
the ``version`` the screen showed (optimistic concurrency between stations).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlmodel import Session, col, select

from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import quote, said
from gin_scorer.services.queries.confirmation_log import confirmation_in
from gin_scorer.services.queries.sheet_reading import sheet_in
from gin_scorer.services.queries.views import match_view, match_views
from gin_scorer.services.support.audit_trail import record_audit, record_changed
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.dto import (
    EntrantStatus,
    EventStatus,
    MatchStatus,
    MatchView,
    ScoreSheet,
)
from gin_scorer.services.support.entrant_checks import unlabelled
from gin_scorer.services.support.errors import InvalidInput, RowsRejected
from gin_scorer.services.support.match_seats import add_third_seat
from gin_scorer.services.support.rows import claim_version, fetch, fetch_for_update
from gin_scorer.services.support.stored_json import dumps, rules_from_json
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, Match, Round, utcnow


def _check_sides(
    session: Session, event: Event, entrant_a_id: int, entrant_b_id: int | None
) -> Entrant | None:
    """Both sides entered in this event, still playing, and not the same entrant; side B (None
    for a bye)."""
    a = fetch(session, Entrant, entrant_a_id)
    b = fetch(session, Entrant, entrant_b_id) if entrant_b_id is not None else None
    for who in (a, b):
        if who is None:
            continue
        if who.event_id != event.id:
            raise InvalidInput(said("{0} is not entered in event {1}", who.name, repr(event.name)))
        if who.status != EntrantStatus.ACTIVE.value:
            raise InvalidInput(said("{0} has withdrawn from {1}", who.name, repr(event.name)))
    if b is not None and a.id == b.id:
        raise InvalidInput(said("{0} cannot play themself", a.name))
    return b


def _check_place(
    session: Session, event_id: int, round_id: int | None, table_number: int | None
) -> None:
    """A table number of 1 or more, a round of this event."""
    if table_number is not None and (
        isinstance(table_number, bool) or not isinstance(table_number, int) or table_number < 1
    ):
        raise InvalidInput(said("table {0} is not a table number (1 or more)", repr(table_number)))
    if round_id is not None and fetch(session, Round, round_id).event_id != event_id:
        raise InvalidInput(said("round {0} belongs to another event", round_id))


@dataclass(frozen=True, slots=True)
class Placing:
    """Where a new match is played, each part optional: its round, its table, its slot in
    an elimination bracket."""

    round_id: int | None = None
    table_number: int | None = None
    bracket_slot: str | None = None


def insert_match(
    session: Session,
    db: Database,
    event_id: int,
    entrant_a_id: int,
    entrant_b_id: int | None,
    placing: Placing = Placing(),
    *,
    rules: RuleSet | None = None,
    actor: str | None = None,
    third: int | None = None,
) -> Match:
    """Create a match inside an open transaction (the round service pairs a whole round in
    one). ``rules`` default to the event's, frozen into the match now. A bye
    (``entrant_b_id=None``) is finished at once: nobody plays it. ``third`` seats a third
    player (three-player games, where the rules ask for three and only then)."""
    event = fetch(session, Event, event_id)
    require(session, Action.CREATE_MATCH, event, None)
    b = _check_sides(session, event, entrant_a_id, entrant_b_id)
    _check_place(session, event_id, placing.round_id, placing.table_number)
    frozen = rules if rules is not None else rules_from_json(event.rules_json, said("event rules"))
    row = Match(
        event_id=event_id,
        round_id=placing.round_id,
        table_number=placing.table_number,
        entrant_a_id=entrant_a_id,
        entrant_b_id=entrant_b_id,
        bracket_slot=placing.bracket_slot,
        rules_json=dumps(frozen.to_dict()),
        status=(MatchStatus.FINISHED if b is None else MatchStatus.PENDING).value,
        created_at=utcnow(),
    )
    created = {
        "event": event_id,
        "a": entrant_a_id,
        "b": entrant_b_id,
        "round": placing.round_id,
        "table": placing.table_number,
        "slot": placing.bracket_slot,
        "rules": frozen.key,
    }
    _check_seats(session, event, frozen, (entrant_a_id, entrant_b_id), third)
    if third is not None:
        created["c"] = third
    record_changed(session, db, row, "match", "match.create", created, actor, new=True)
    if third is not None:
        add_third_seat(session, row, third)
    return row


def _check_seats(
    session: Session, event: Event, rules: RuleSet, sides: tuple[int, int | None], third: int | None
) -> None:
    """Three players at a three-player game's table (a bye aside), two at any other."""
    if profile_of(rules).seats < 3 or sides[1] is None:
        if third is not None:
            raise InvalidInput(said("a third player sits only at a three-player game's table"))
        return
    if third is None:
        raise InvalidInput(said("a three-player game's table needs a third player"))
    _check_sides(session, event, third, None)
    if third in sides:
        raise InvalidInput(said("{0} cannot play themself", fetch(session, Entrant, third).name))


def create_match(
    db: Database,
    event_id: int,
    entrant_a_id: int,
    entrant_b_id: int | None,
    *,
    table_number: int | None = None,
    bracket_slot: str | None = None,
    actor: str | None = None,
) -> MatchView:
    """A new match between two entrants of an event (club play, ad hoc), under the event's
    rules; a round's matches are made by the round service, all in one transaction."""
    placing = Placing(table_number=table_number, bracket_slot=bracket_slot)
    with db.transaction() as session:
        row = insert_match(session, db, event_id, entrant_a_id, entrant_b_id, placing, actor=actor)
        return match_view(session, row)


def create_match_by_names(
    db: Database,
    event_id: int,
    name_a: str,
    name_b: str,
    *,
    table_number: int | None = None,
    actor: str | None = None,
) -> tuple[MatchView, tuple[str, ...]]:
    """A match between the entrants called ``name_a`` and ``name_b`` (case and spacing
    ignored). In a club event a name not yet entered is entered, in the same transaction as
    the match: a refused match leaves no new entrant behind. Returns the match and the names
    that were entered for it."""
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes.entrants import insert_entrants

    with db.transaction() as session:
        event = fetch(session, Event, event_id)
        by_name = {
            row.name.casefold(): row
            for row in session.exec(select(Entrant).where(Entrant.event_id == event_id))
        }
        ids: list[int] = []
        added: list[str] = []
        for name in (name_a, name_b):
            wanted = clean_text(name, "name", required=True, limit=120)
            found = by_name.get(wanted.casefold())
            if found is None:
                if event.format != "club":
                    raise InvalidInput(
                        said(
                            "no entrant called {0} in event {1}: enter them first",
                            quote(wanted),
                            event_id,
                        )
                    )
                try:
                    (found,) = insert_entrants(
                        session, db, event_id, [EntrantSpec(wanted)], actor=actor
                    )
                except RowsRejected as error:
                    raise InvalidInput(unlabelled(error.problems[0], "entrant 1")) from None
                by_name[found.name.casefold()] = found
                added.append(found.name)
            assert found.id is not None
            ids.append(found.id)
        placing = Placing(table_number=table_number)
        row = insert_match(session, db, event_id, ids[0], ids[1], placing, actor=actor)
        return match_view(session, row), tuple(added)


def get_match(db: Database, match_id: int) -> MatchView:
    with db.transaction(write=False) as session:
        return match_view(session, fetch(session, Match, match_id))


def list_matches(
    db: Database, event_id: int, *, round_number: int | None = None
) -> tuple[MatchView, ...]:
    """The event's matches (of one round, if given), by round, table, then id."""
    with db.transaction(write=False) as session:
        fetch(session, Event, event_id)
        query = select(Match).where(Match.event_id == event_id)
        if round_number is not None:
            query = query.join(Round, col(Round.id) == col(Match.round_id)).where(
                Round.number == round_number
            )
        views = match_views(session, list(session.exec(query)))
        return tuple(
            sorted(
                views,
                key=lambda m: (m.round_number or 0, m.table_number or 0, m.id),
            )
        )


def get_score_sheet(db: Database, match_id: int) -> ScoreSheet:
    """Everything the score sheet shows, recomputed from the hand log by the core."""
    with db.transaction(write=False) as session:
        return sheet_with_words(session, fetch(session, Match, match_id))


def sheet_with_words(session: Session, row: Match) -> ScoreSheet:
    """The sheet with the players' words on it (what they said at the table, if anything)."""
    assert row.id is not None
    sheet = sheet_in(session, row)
    decided = sheet.finished or sheet.result is not None
    confirmed = confirmation_in(session, row.id, row.version, decided=decided)
    return replace(sheet, confirmation=confirmed)


def status_from(sheet: ScoreSheet, current: str) -> MatchStatus:
    """The status the ledger implies (a locked match stays locked)."""
    if current == MatchStatus.LOCKED.value:
        return MatchStatus.LOCKED
    if sheet.match.is_bye:
        return MatchStatus.FINISHED
    if sheet.finished:
        return MatchStatus.FINISHED
    return MatchStatus.PLAYING if sheet.hands else MatchStatus.PENDING


def follow_the_hands(session: Session, row: Match, sheet: ScoreSheet) -> MatchStatus:
    """After hands are written: the match's status moves along its ledger, and an event still
    being set up is now running. Returns the status now stored."""
    status = status_from(sheet, row.status)
    if status.value != row.status:
        row.status = status.value
        session.add(row)
    event = session.get(Event, row.event_id)
    if event is not None and event.status == EventStatus.SETUP.value:
        event.status = EventStatus.RUNNING.value
        session.add(event)
    session.flush()
    return status


def set_result_lock(
    db: Database,
    match_id: int,
    expected_version: int,
    *,
    locked: bool,
    pin: str | None = None,
    actor: str | None = None,
) -> ScoreSheet:
    """Seal a finished match's result (``locked``), or lift the seal, with the director's PIN.

    A sealed result takes no entry, correction or void until it is unlocked
    (:mod:`gin_scorer.services.support.authority`); unlocked, its status is again what its ledger
    says."""
    action = Action.LOCK_RESULT if locked else Action.UNLOCK_RESULT
    with db.transaction() as session:
        row = fetch(session, Match, match_id)
        event = fetch(session, Event, row.event_id)
        pinned = require(session, action, event, pin, match=row)
        _refuse_lock_change(match_id, MatchStatus(row.status), locked)
        claim_version(session, db, Match, match_id, expected_version)
        row = fetch_for_update(session, Match, match_id)
        if locked:
            row.status = MatchStatus.LOCKED.value
        else:  # read as a plain finished match, then as far as its ledger goes
            row.status = MatchStatus.FINISHED.value
            ledger = sheet_in(session, row, validate=False)
            row.status = status_from(ledger, MatchStatus.FINISHED.value).value
        session.add(row)
        session.flush()
        record_audit(
            session,
            db,
            actor=actor,
            action="match.lock" if locked else "match.unlock",
            subject=f"match:{match_id}",
            payload={"pin": pinned} if locked else {"pin": pinned, "status": row.status},
        )
        return sheet_in(session, row)


def _refuse_lock_change(match_id: int, status: MatchStatus, locking: bool) -> None:
    """Only a finished result can be sealed, and only a sealed one unsealed."""
    if locking and status == MatchStatus.LOCKED:  # in a finished event, the table said PIN
        raise InvalidInput(said("match {0} is already locked", match_id))
    if locking and status != MatchStatus.FINISHED:
        raise InvalidInput(said("match {0} is not finished: only a result can be locked", match_id))
    if not locking and status != MatchStatus.LOCKED:
        raise InvalidInput(said("match {0} is not locked", match_id))
