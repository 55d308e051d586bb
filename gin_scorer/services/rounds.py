"""Rounds: pair the next round with the tournament engine, and watch it being played.

- ``start_round`` reads the event (entrants, every finished match's result recomputed from
  its hand log by the core), asks the engine for the next round's pairings, and writes the
  round, its matches (tables assigned) and its byes in ONE transaction. Club nights pair
  whoever the director names while other tables play on.
- ``preview_round`` shows the pairings ``start_round`` would make, writing nothing;
  ``cancel_round`` takes the latest round back while no hand has been entered in it.
- ``get_round`` / ``pairings`` / ``pairings_by_name`` / ``list_rounds``: what was paired.
- ``round_status`` is the board a director watches: which tables are waiting, playing,
  finished, or still owe a result; ``event_complete`` says when the last round is done.
- ``record_match_hands`` enters a whole match's hands at once (a paper sheet, a simulation).

Results are derived, never stored: a match's winner, games and point margin come from the
core's ledgers over its hands each time (remembered per match only while its log is
unchanged). A withdrawal from an unfinished match is a forfeit win for the opponent.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, func, select

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandRecord, Side, score_hand
from gin_scorer.core.ledgers import ledger_for
from gin_scorer.core.rules import RuleSet
from gin_scorer.services._common import (
    claim_version,
    fetch,
    loads_mapping,
    record_audit,
    rules_from_json,
)
from gin_scorer.services.authority import Action, State, require
from gin_scorer.services.dto import (
    EntrantView,
    EntryKind,
    EventStatus,
    LogEntry,
    MatchStatus,
    ScoreSheet,
)
from gin_scorer.services.errors import InvalidInput, NotFound, ServiceError
from gin_scorer.services.matches import insert_match
from gin_scorer.services.sheets import counted_hands, score, summary_of
from gin_scorer.services.views import entrant_views
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Round, utcnow
from gin_scorer.tournament import engine
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Entrant as EngineEntrant
from gin_scorer.tournament.model import EntrantStatus as EngineStatus
from gin_scorer.tournament.model import Format, MatchOutcome
from gin_scorer.tournament.settings import TournamentSettings
from gin_scorer.tournament.tables import StatusBoard, TableLine, TableState, number_tables


class RoundRefused(ServiceError):
    """The next round cannot be paired yet (the current one is unfinished, the event is over...)."""


@dataclass(frozen=True, slots=True)
class PairingView:
    """One line of a round: a match at a table, or a bye (``b is None``, no table)."""

    round_number: int
    table: int | None
    match_id: int
    a: EntrantView
    b: EntrantView | None
    status: MatchStatus
    slot: str | None = None
    games_a: int = 0
    games_b: int = 0
    hands: int = 0

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def finished(self) -> bool:
        return self.status in (MatchStatus.FINISHED, MatchStatus.LOCKED)


@dataclass(frozen=True, slots=True)
class NameLine:
    """The pairings listed by name: where each entrant plays and against whom."""

    name: str
    table: int | None
    opponent: str  # "" for a bye
    side: str  # "A" or "B"
    match_id: int


@dataclass(frozen=True, slots=True)
class RoundView:
    """A paired round: its pairings by table (byes last) and the engine's notes."""

    event_id: int
    number: int
    status: str
    paired_at: datetime | None
    pairings: tuple[PairingView, ...]
    notes: tuple[str, ...] = ()

    @property
    def byes(self) -> tuple[PairingView, ...]:
        return tuple(p for p in self.pairings if p.is_bye)

    @property
    def by_name(self) -> tuple[NameLine, ...]:
        return pairings_by_name(self.pairings)


@dataclass(frozen=True, slots=True)
class RoundStatusBoard(StatusBoard):
    """The round at a glance (see :class:`~gin_scorer.tournament.tables.StatusBoard`)."""

    event_id: int = 0
    total_rounds: int | None = None
    event_complete: bool = False


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """What the ledger says about one match, derived from its hand log."""

    row: Match
    round_number: int | None
    hands: int
    games_a: int
    games_b: int
    finished: bool
    outcome: MatchOutcome | None
    forfeit: bool = False  # decided by a withdrawal before the match was finished


@dataclass(frozen=True, slots=True)
class EventFacts:
    """An event read in one go: its rows, each match's derived result, the engine's state."""

    event: Event
    settings: TournamentSettings
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...]
    matches: tuple[MatchFacts, ...]
    state: engine.EventState
    views: dict[int, EntrantView] = field(default_factory=dict)

    @property
    def format(self) -> Format:
        return self.settings.format

    def round_row(self, number: int) -> Round | None:
        for r in self.rounds:
            if r.number == number:
                return r
        return None

    def matches_of(self, number: int) -> list[MatchFacts]:
        return [m for m in self.matches if m.round_number == number]


def event_settings(event: Event) -> TournamentSettings:
    """The event's format settings (the stored format wins over any copy in the settings)."""
    data = loads_mapping(event.settings_json, f"event {event.id} settings")
    data["format"] = event.format
    try:
        return TournamentSettings.from_dict(data, origin=f"event {event.id} settings")
    except TournamentError as error:
        raise InvalidInput(str(error)) from None


def engine_entrant(row: Entrant) -> EngineEntrant:
    assert row.id is not None
    return EngineEntrant(
        id=row.id,
        name=row.name,
        seed=row.seed,
        status=EngineStatus(row.status),
        checked_in=bool(row.checked_in),
        joined_round=row.joined_round,
    )


def read_event(session: Session, event_id: int, *, with_views: bool = True) -> EventFacts:
    """Read an event and derive every match's result (a few queries, whatever its size)."""
    event = fetch(session, Event, event_id)
    settings = event_settings(event)
    if settings.bye.game_wins is None:
        # A bye is worth the games of a won match under the event's own rules.
        games = rules_from_json(event.rules_json, "event rules").games_to_win
        settings = replace(settings, bye=replace(settings.bye, game_wins=games))
    entrants = tuple(
        session.exec(select(Entrant).where(Entrant.event_id == event_id).order_by(col(Entrant.id)))
    )
    rounds = tuple(
        session.exec(select(Round).where(Round.event_id == event_id).order_by(col(Round.number)))
    )
    number_of = {r.id: r.number for r in rounds}
    match_rows = list(
        session.exec(select(Match).where(Match.event_id == event_id).order_by(col(Match.id)))
    )
    withdrawn = {e.id for e in entrants if e.status == "withdrawn" and e.id is not None}
    # Each match's result is derived from its hand log; a match whose log is unchanged since
    # the last read (same version, same rows) reuses the derivation instead of re-scoring.
    where = str(session.get_bind().engine.url)
    shape: dict[int, tuple[int, int]] = {
        match_id: (int(count), int(last or 0))
        for match_id, count, last in session.exec(
            select(HandEntry.match_id, func.count(), func.max(HandEntry.id))
            .join(Match, col(Match.id) == col(HandEntry.match_id))
            .where(Match.event_id == event_id)
            .group_by(col(HandEntry.match_id))
        )
    }
    keys = {
        row.id: (where, row.id, row.version, *shape.get(row.id or 0, (0, 0))) for row in match_rows
    }
    missing = [
        mid
        for mid, key in keys.items()
        if mid is not None and key not in _DERIVED and shape.get(mid, (0, 0))[0]
    ]
    logs: dict[int, list[LogEntry]] = defaultdict(list)
    for start in range(0, len(missing), 400):
        chunk = missing[start : start + 400]
        # Plain columns, not ORM objects: building 100,000 instances is most of the cost.
        found = session.execute(
            sa_select(
                col(HandEntry.id),
                col(HandEntry.match_id),
                col(HandEntry.seq),
                col(HandEntry.kind),
                col(HandEntry.supersedes_id),
                col(HandEntry.record_json),
            )
            .where(col(HandEntry.match_id).in_(chunk))
            .order_by(col(HandEntry.id))
        ).all()
        for match_id, entries in _log_rows(found).items():
            logs[match_id] = entries
    if len(_DERIVED) > _DERIVED_LIMIT:
        _DERIVED.clear()
    rules_cache: dict[str, RuleSet] = {}
    facts: list[MatchFacts] = []
    for row in match_rows:
        assert row.id is not None
        number = number_of.get(row.round_id) if row.round_id is not None else None
        key = keys[row.id]
        known = _DERIVED.get(key)
        if known is None:
            known = _derive(row, logs.get(row.id, []), rules_cache)
            _DERIVED[key] = known
        fact = _match_facts(row, number, known, settings)
        if not fact.finished and row.entrant_b_id is not None:
            fact = _forfeit(fact, withdrawn, settings)
        facts.append(fact)
    outcomes = tuple(m.outcome for m in facts if m.outcome is not None)
    latest = max((r.number for r in rounds), default=0)
    previous_tables = {
        eid: m.row.table_number
        for m in facts
        if m.round_number == latest and m.row.table_number is not None
        for eid in (m.row.entrant_a_id, m.row.entrant_b_id)
        if eid is not None
    }
    first_round = [m.row for m in facts if m.round_number == 1]
    field_ids: tuple[int, ...] | None = None
    if first_round:
        field_ids = tuple(
            sorted({eid for r in first_round for eid in (r.entrant_a_id, r.entrant_b_id) if eid})
        )
    state = engine.EventState(
        settings=settings,
        entrants=tuple(engine_entrant(e) for e in entrants),
        outcomes=outcomes,
        paired_rounds=latest,
        paired_slots=frozenset(m.row.bracket_slot for m in facts if m.row.bracket_slot),
        field=field_ids,
        previous_tables=previous_tables,
    )
    views = {v.id: v for v in entrant_views(session, list(entrants))} if with_views else {}
    return EventFacts(event, settings, entrants, rounds, tuple(facts), state, views)


_DERIVED: dict[tuple[object, ...], tuple[int, int, int, bool, str | None, int]] = {}
_DERIVED_LIMIT = 200_000


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _log_rows(found: Sequence[Any]) -> dict[int, list[LogEntry]]:
    """Hand-log rows as the values ``counted_hands`` folds. Only the rows in force are read
    from JSON, and without their cards: a hand scores from its declared counts alone."""
    superseded = {r[4] for r in found if r[4] is not None}
    out: dict[int, list[LogEntry]] = defaultdict(list)
    for hand_id, match_id, seq, kind, supersedes, text in found:
        entry_kind = EntryKind(kind)
        record = None
        if hand_id not in superseded and entry_kind is not EntryKind.VOID and text:
            data = json.loads(text)
            if isinstance(data, dict):
                data.pop("cards", None)
            try:
                record = record_from_json(data)
            except ValueError as error:
                raise InvalidInput(f"hand entry {hand_id}: {error}") from None
        out[match_id].append(
            LogEntry(
                id=hand_id,
                seq=seq,
                kind=entry_kind,
                supersedes_id=supersedes,
                record=record,
                dealer=None,
                override_reason=None,
                entered_by="",
                station="",
                entered_at=_EPOCH,
                in_force=hand_id not in superseded,
            )
        )
    return out


def _derive(
    row: Match, log: Sequence[LogEntry], rules_cache: dict[str, RuleSet]
) -> tuple[int, int, int, bool, str | None, int]:
    """(hands, games A, games B, finished, winning side, margin) from a match's hand log."""
    assert row.id is not None
    if row.entrant_b_id is None:
        return (0, 0, 0, True, "A", 0)
    rules = rules_cache.get(row.rules_json)
    if rules is None:
        rules = rules_from_json(row.rules_json, f"match {row.id} rules")
        rules_cache[row.rules_json] = rules
    hands = counted_hands(log) if log else []
    try:
        results = [score_hand(h.record, rules) for h in hands]
    except ValueError as error:
        raise InvalidInput(f"match {row.id}: {error}") from None
    summary = summary_of(ledger_for(results, rules))
    winner = summary.winner.value if summary.finished and summary.winner is not None else None
    return (
        len(hands),
        summary.games_won.a,
        summary.games_won.b,
        summary.finished,
        winner,
        summary.margin,
    )


def _match_facts(
    row: Match,
    round_number: int | None,
    known: tuple[int, int, int, bool, str | None, int],
    settings: TournamentSettings,
) -> MatchFacts:
    assert row.id is not None
    if row.entrant_b_id is None:
        bye = MatchOutcome.bye(row.entrant_a_id, settings.bye, round_number or 0, row.bracket_slot)
        return MatchFacts(row, round_number, 0, bye.games_a, 0, True, bye)
    hands, games_a, games_b, finished, side, margin = known
    outcome = None
    if side is not None:
        winner = row.entrant_a_id if side == "A" else row.entrant_b_id
        outcome = MatchOutcome(
            row.entrant_a_id,
            row.entrant_b_id,
            winner,
            games_a,
            games_b,
            margin,
            round_number=round_number or 0,
            slot=row.bracket_slot,
        )
    return MatchFacts(row, round_number, hands, games_a, games_b, finished, outcome)


def _forfeit(fact: MatchFacts, withdrawn: set[int], settings: TournamentSettings) -> MatchFacts:
    """An unfinished match one side withdrew from: the other side wins it by forfeit,
    counted like a bye (the event's bye value). Both withdrawn: nobody wins, nothing owed."""
    row = fact.row
    a_out = row.entrant_a_id in withdrawn
    b_out = row.entrant_b_id in withdrawn
    if not a_out and not b_out:
        return fact
    if a_out and b_out:
        return replace(fact, finished=True, forfeit=True)
    winner = row.entrant_b_id if a_out else row.entrant_a_id
    assert winner is not None and row.entrant_b_id is not None
    games = settings.bye.game_wins or 0
    outcome = MatchOutcome(
        row.entrant_a_id,
        row.entrant_b_id,
        winner if settings.bye.match_win else None,
        0 if a_out else games,
        games if a_out else 0,
        -settings.bye.points if a_out else settings.bye.points,
        round_number=fact.round_number or 0,
        slot=row.bracket_slot,
    )
    return replace(fact, finished=True, outcome=outcome, forfeit=True)


def _finished(m: MatchFacts) -> bool:
    return m.finished or m.row.status == MatchStatus.LOCKED.value


def _refuse_if_finished(event: Event) -> None:
    if event.status == EventStatus.FINISHED.value:
        raise RoundRefused(f"the event {event.name!r} is finished (reopen it to pair a round)")


def start_round(
    db: Database,
    event_id: int,
    *,
    chosen: Sequence[tuple[int, int]] | None = None,
    actor: str | None = None,
) -> RoundView:
    """Pair the event's next round and create its matches and byes, in one transaction.

    ``chosen`` gives a club night's pairings (entrant ids); other formats pair themselves.
    Refused (:class:`RoundRefused`) while the current round has tables without a result.
    """
    with db.transaction() as session:
        facts = read_event(session, event_id)
        event = facts.event
        require(session, Action.PAIR_ROUND, event, None)
        number = facts.state.paired_rounds + 1
        busy_tables: set[int] = set()
        if facts.format is Format.CLUB:
            # Club nights run on: tables free up at different times, so the director pairs
            # whoever is free while other tables play on.
            for m in facts.matches:
                if _finished(m):
                    continue
                if m.row.table_number is not None:
                    busy_tables.add(m.row.table_number)
                for a, b in chosen or ():
                    if m.row.entrant_a_id in (a, b) or m.row.entrant_b_id in (a, b):
                        raise RoundRefused(f"{_table_text(m, facts)} is still being played")
        elif number > 1:
            owing = [m for m in facts.matches_of(number - 1) if not _finished(m)]
            if owing:
                raise RoundRefused(
                    f"round {number - 1} is not finished: "
                    + ", ".join(_table_text(m, facts) for m in owing[:8])
                    + (" ..." if len(owing) > 8 else "")
                    + (" still owe a result" if len(owing) > 1 else " still owes a result")
                )
        try:
            plan = engine.plan_round(facts.state, number, chosen)
        except TournamentError as error:
            raise RoundRefused(str(error)) from None
        # Two stations pairing the same round at once: the event's version lets only one of
        # them through (the other gets a ConflictError and sees the round on refresh).
        claim_version(session, db, Event, event_id, event.version)
        session.refresh(event)
        if busy_tables:
            plan = replace(plan, pairings=number_tables(plan.pairings, taken=busy_tables))
        row = Round(event_id=event_id, number=number, status="paired", paired_at=utcnow())
        session.add(row)
        session.flush()
        assert row.id is not None
        rules = rules_from_json(event.rules_json, "event rules")
        for pairing in plan.pairings:
            insert_match(
                session,
                db,
                event_id,
                pairing.a,
                pairing.b,
                round_id=row.id,
                table_number=pairing.table,
                bracket_slot=pairing.slot,
                rules=rules,
                actor=actor,
            )
        previous = facts.round_row(number - 1)
        if previous is not None and previous.status != "finished":
            previous.status = "finished"
            session.add(previous)
        if event.status == EventStatus.SETUP.value:
            event.status = EventStatus.RUNNING.value
            session.add(event)
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
                "notes": list(plan.notes),
            },
        )
        session.flush()
        view = _round_view(session, event_id, number)
        return RoundView(
            view.event_id, view.number, view.status, view.paired_at, view.pairings, plan.notes
        )


def _table_text(m: MatchFacts, facts: EventFacts) -> str:
    a = facts.views[m.row.entrant_a_id].name if m.row.entrant_a_id in facts.views else "?"
    b_id = m.row.entrant_b_id
    b = facts.views[b_id].name if b_id is not None and b_id in facts.views else "bye"
    where = f"table {m.row.table_number}" if m.row.table_number else f"match {m.row.id}"
    return f"{where} ({a} v {b})"


def _round_view(session: Session, event_id: int, number: int) -> RoundView:
    facts = read_event(session, event_id)
    row = facts.round_row(number)
    if row is None:
        raise NotFound(f"event {event_id} has no round {number}")
    return RoundView(
        event_id,
        number,
        _round_state(facts, number),
        row.paired_at,
        _pairing_views(facts, number),
    )


def _round_state(facts: EventFacts, number: int) -> str:
    """ "paired" (nothing entered yet), "playing" or "finished", derived from the hands."""
    matches = facts.matches_of(number)
    if all(_finished(m) for m in matches):
        return "finished"
    if any(m.hands for m in matches):
        return "playing"
    return "paired"


def _pairing_views(facts: EventFacts, number: int) -> tuple[PairingView, ...]:
    lines = []
    for m in facts.matches_of(number):
        r = m.row
        assert r.id is not None
        lines.append(
            PairingView(
                round_number=number,
                table=r.table_number,
                match_id=r.id,
                a=facts.views[r.entrant_a_id],
                b=facts.views[r.entrant_b_id] if r.entrant_b_id is not None else None,
                status=MatchStatus(r.status),
                slot=r.bracket_slot,
                games_a=m.games_a,
                games_b=m.games_b,
                hands=m.hands,
            )
        )
    lines.sort(key=lambda p: (p.table is None, p.table or 0, p.match_id))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class PlannedPairing:
    """A line of a round not yet paired (see :func:`preview_round`)."""

    table: int | None
    a: EntrantView
    b: EntrantView | None
    slot: str | None = None


@dataclass(frozen=True, slots=True)
class RoundPreview:
    number: int
    pairings: tuple[PlannedPairing, ...]
    notes: tuple[str, ...] = ()


def preview_round(
    db: Database, event_id: int, *, chosen: Sequence[tuple[int, int]] | None = None
) -> RoundPreview:
    """The pairings ``start_round`` would make now, without writing anything."""
    with db.transaction(write=False) as session:
        facts = read_event(session, event_id)
        _refuse_if_finished(facts.event)
        number = facts.state.paired_rounds + 1
        try:
            plan = engine.plan_round(facts.state, number, chosen)
        except TournamentError as error:
            raise RoundRefused(str(error)) from None
        if facts.format is Format.CLUB:
            busy = {
                m.row.table_number
                for m in facts.matches
                if not _finished(m) and m.row.table_number is not None
            }
            plan = replace(plan, pairings=number_tables(plan.pairings, taken=busy))
        return RoundPreview(
            number,
            tuple(
                PlannedPairing(
                    p.table,
                    facts.views[p.a],
                    facts.views[p.b] if p.b is not None else None,
                    p.slot,
                )
                for p in plan.pairings
            ),
            plan.notes,
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
            raise RoundRefused(f"event {event_id} has no round to take back")
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
            raise RoundRefused(
                f"round {number} cannot be taken back: "
                + ", ".join(_table_text(m, facts) for m in voided[:5])
                + " kept voided hands in the log, which keeps its matches"
            )
        played = [m for m in facts.matches_of(number) if m.hands]
        if played:
            raise RoundRefused(
                f"round {number} cannot be taken back: "
                + ", ".join(_table_text(m, facts) for m in played[:5])
                + (" already have hands" if len(played) > 1 else " already has hands")
                + " entered (void them first)"
            )
        claim_version(session, db, Event, event_id, facts.event.version)
        removed = [m.row.id for m in facts.matches_of(number)]
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


def get_round(db: Database, event_id: int, round_number: int) -> RoundView:
    """A paired round with its pairings by table."""
    with db.transaction(write=False) as session:
        return _round_view(session, event_id, round_number)


def list_rounds(db: Database, event_id: int) -> tuple[RoundView, ...]:
    """Every paired round of the event, first to last."""
    with db.transaction(write=False) as session:
        facts = read_event(session, event_id)
        return tuple(
            RoundView(
                event_id,
                r.number,
                _round_state(facts, r.number),
                r.paired_at,
                _pairing_views(facts, r.number),
            )
            for r in facts.rounds
        )


def pairings(db: Database, event_id: int, round_number: int) -> tuple[PairingView, ...]:
    """The pairings of a round by table (byes last); see :func:`pairings_by_name`."""
    return get_round(db, event_id, round_number).pairings


def pairings_by_name(lines: Sequence[PairingView]) -> tuple[NameLine, ...]:
    """Every entrant of the round in name order, with table and opponent (for the wall)."""
    out = []
    for p in lines:
        out.append(NameLine(p.a.name, p.table, p.b.name if p.b else "", "A", p.match_id))
        if p.b is not None:
            out.append(NameLine(p.b.name, p.table, p.a.name, "B", p.match_id))
    return tuple(sorted(out, key=lambda n: (n.name.casefold(), n.match_id)))


def round_status(db: Database, event_id: int, round_number: int) -> RoundStatusBoard:
    """Which tables of the round are waiting, playing or finished (derived from the hands)."""
    with db.transaction(write=False) as session:
        facts = read_event(session, event_id)
        if facts.round_row(round_number) is None:
            raise NotFound(f"event {event_id} has no round {round_number}")
        lines = []
        for m in facts.matches_of(round_number):
            r = m.row
            if r.entrant_b_id is None:
                state = TableState.BYE
            elif _finished(m):
                state = TableState.FINISHED
            elif m.hands:
                state = TableState.PLAYING
            else:
                state = TableState.WAITING
            lines.append(
                TableLine(
                    table=r.table_number,
                    match_id=r.id,
                    a=facts.views[r.entrant_a_id].name,
                    b=facts.views[r.entrant_b_id].name if r.entrant_b_id is not None else None,
                    state=state,
                    hands=m.hands,
                    score="forfeit (withdrawal)"
                    if m.forfeit
                    else (f"{m.games_a}–{m.games_b}" if m.hands else ""),
                )
            )
        lines.sort(key=lambda t: (t.table is None, t.table or 0, t.match_id or 0))
        complete = _complete(facts)
        return RoundStatusBoard(
            round_number,
            tuple(lines),
            event_id=event_id,
            total_rounds=_total_rounds(facts),
            event_complete=complete,
        )


def _total_rounds(facts: EventFacts) -> int | None:
    try:
        return engine.total_rounds(facts.state)
    except TournamentError:
        return None


def _complete(facts: EventFacts) -> bool:
    """Is the event over: its planned rounds paired and every match finished?"""
    if facts.format is Format.CLUB or facts.state.paired_rounds == 0:
        return False
    if not all(_finished(m) for m in facts.matches):
        return False
    try:
        return engine.is_complete(facts.state)
    except TournamentError:
        return False


def event_complete(db: Database, event_id: int) -> bool:
    """Has the event played its last round to the end (elimination: is there a champion)?"""
    with db.transaction(write=False) as session:
        return _complete(read_event(session, event_id, with_views=False))


def record_match_hands(
    db: Database,
    match_id: int,
    hands: Sequence[tuple[HandRecord, Side]],
    expected_version: int,
    *,
    entered_by: str,
) -> ScoreSheet:
    """Enter a whole match's hands at once (a paper score sheet, or a simulated match).

    One transaction: every hand is scored and validated by the core exactly as
    ``record_hand`` does one at a time — a hand with an ERROR problem refuses the whole
    batch, naming the hand — then appended to the hand log in order with its dealer; the
    match's status follows the ledger and one audit entry records the batch.
    """
    from gin_scorer.core.hand_json import record_to_json
    from gin_scorer.services._common import clean_text, dumps
    from gin_scorer.services.errors import HandRejected
    from gin_scorer.services.matches import sheet_in, status_from
    from gin_scorer.services.sheets import problems_of
    from gin_scorer.store import backup

    who = clean_text(entered_by, "entered by", required=True, limit=80)
    with db.transaction() as session:
        row = fetch(session, Match, match_id)
        require(session, Action.RECORD_HAND, fetch(session, Event, row.event_id), None, match=row)
        if row.entrant_b_id is None:
            raise InvalidInput(f"match {match_id} is a bye: nobody plays hands in it")
        claim_version(session, db, Match, match_id, expected_version)
        session.refresh(row)
        before = sheet_in(session, row, validate=False)
        rules = before.rules
        if before.hands:
            raise InvalidInput(
                f"match {match_id} already has {len(before.hands)} hands: enter the rest one "
                "at a time"
            )
        rows = []
        for number, (record, dealer) in enumerate(hands, start=1):
            if not isinstance(record, HandRecord) or not isinstance(dealer, Side):
                raise InvalidInput(f"hand {number}: not a hand record with its dealer")
            try:
                score(record, rules)
            except ValueError as error:
                raise InvalidInput(f"hand {number}: {error}") from None
            problems = problems_of(record, rules)
            if any(p.is_error for p in problems):
                raise HandRejected(problems)
            rows.append(
                HandEntry(
                    match_id=match_id,
                    seq=number,
                    kind="entry",
                    record_json=dumps(record_to_json(record)),
                    dealer=dealer.value,
                    entered_by=who,
                    station=db.station,
                    entered_at=utcnow(),
                )
            )
        session.add_all(rows)
        session.flush()
        sheet = sheet_in(session, row, validate=False)
        status = status_from(sheet, row.status)
        if status.value != row.status:
            row.status = status.value
            session.add(row)
        event = session.get(Event, row.event_id)
        if event is not None and event.status == EventStatus.SETUP.value:
            event.status = EventStatus.RUNNING.value
            session.add(event)
        session.flush()
        sheet = sheet_in(session, row, validate=False)
        record_audit(
            session,
            db,
            actor=who,
            action="hand.record_batch",
            subject=f"match:{match_id}",
            payload={
                "hands": len(rows),
                "first_entry": rows[0].id if rows else None,
                "version": sheet.version,
            },
        )
    backup.maybe_backup(db)
    return sheet
