"""An event read with every match's result derived from its hand log by the core's ledgers
(a few queries, whatever its size), as the engine and the round views need it. A withdrawal
from an unfinished match is a forfeit win for the opponent.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, func, select

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hand_masks import Declarations, masked_from_json
from gin_scorer.core.hands import score_hand
from gin_scorer.core.ledgers import ledger_for
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import said, words_of
from gin_scorer.services.queries.result_log import result_logs
from gin_scorer.services.queries.rounds.derived import Derived, LogShape, match_results
from gin_scorer.services.queries.rounds.model import EventFacts, MatchFacts
from gin_scorer.services.queries.rounds.three_tables import derive_table, table_facts
from gin_scorer.services.queries.sheets import counted_hands, summary_of
from gin_scorer.services.queries.views import entrant_views, entry_kind
from gin_scorer.services.support.dto import (
    EntryKind,
    LogEntry,
    MatchStatus,
)
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.event_settings import event_settings
from gin_scorer.services.support.match_seats import third_seats
from gin_scorer.services.support.result_values import (
    ResultRow,
    credited_shape,
    decided,
    in_force,
    reached_by,
)
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.stored_json import rules_from_json
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Round
from gin_scorer.tournament import engine, results
from gin_scorer.tournament.model import Entrant as EngineEntrant
from gin_scorer.tournament.model import EntrantStatus, MatchOutcome
from gin_scorer.tournament.results import Reached, ResultKind
from gin_scorer.tournament.settings import TournamentSettings


def engine_entrant(row: Entrant) -> EngineEntrant:
    assert row.id is not None
    return EngineEntrant(
        id=row.id,
        name=row.name,
        seed=row.seed,
        status=EntrantStatus(row.status),
        checked_in=bool(row.checked_in),
        joined_round=row.joined_round,
    )


def read_event(session: Session, event_id: int, *, with_views: bool = True) -> EventFacts:
    """Read an event and derive every match's result (a few queries, whatever its size)."""
    event = fetch(session, Event, event_id)
    settings = event_settings(event)
    rules = rules_from_json(event.rules_json, said("event rules"))
    if settings.bye.game_wins is None:
        # A bye is worth the games of a won match under the event's own rules.
        settings = replace(settings, bye=replace(settings.bye, game_wins=rules.games_to_win))
    entrants = tuple(
        session.exec(select(Entrant).where(Entrant.event_id == event_id).order_by(col(Entrant.id)))
    )
    rounds = tuple(
        session.exec(select(Round).where(Round.event_id == event_id).order_by(col(Round.number)))
    )
    match_rows = list(
        session.exec(select(Match).where(Match.event_id == event_id).order_by(col(Match.id)))
    )
    withdrawn = {e.id for e in entrants if e.status == "withdrawn" and e.id is not None}
    third = third_seats(session, [r.id for r in match_rows if r.id is not None])
    derived = _derive_all(session, event_id, match_rows, third)
    reported = result_logs(session, [r.id for r in match_rows if r.id is not None])
    number_of = {r.id: r.number for r in rounds}
    facts: list[MatchFacts] = []
    for row in match_rows:
        assert row.id is not None
        number = number_of.get(row.round_id) if row.round_id is not None else None
        known, kind, points_known = _as_reported(
            row, derived[row.id], reported.get(row.id, ()), settings
        )
        if row.id in third:
            fact = table_facts(row, number, known, third[row.id], withdrawn)
        else:
            fact = _match_facts(row, number, known, settings, kind=kind, points_known=points_known)
        if not fact.finished and row.entrant_b_id is not None and fact.third is None:
            fact = _forfeit(fact, withdrawn, settings)
        facts.append(fact)
    state = _engine_state(settings, entrants, rounds, facts)
    state = replace(state, seats=profile_of(rules).seats)
    views = {v.id: v for v in entrant_views(session, list(entrants))} if with_views else {}
    return EventFacts(event, settings, entrants, rounds, tuple(facts), state, views)


def _engine_state(
    settings: TournamentSettings,
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    facts: Sequence[MatchFacts],
) -> engine.EventState:
    """What the tournament engine needs to pair the next round or rank the field."""
    latest = max((r.number for r in rounds), default=0)
    previous_tables = {
        eid: m.row.table_number
        for m in facts
        if m.round_number == latest and m.row.table_number is not None
        for eid in m.seated
    }
    first_round = [m.row for m in facts if m.round_number == 1]
    field_ids: tuple[int, ...] | None = None
    if first_round:
        field_ids = tuple(sorted({eid for m in facts if m.round_number == 1 for eid in m.seated}))
    return engine.EventState(
        settings=settings,
        entrants=tuple(engine_entrant(e) for e in entrants),
        outcomes=tuple(o for m in facts for o in m.outcomes),
        paired_rounds=latest,
        paired_slots=frozenset(m.row.bracket_slot for m in facts if m.row.bracket_slot),
        field=field_ids,
        previous_tables=previous_tables,
    )


def _derive_all(
    session: Session, event_id: int, match_rows: Sequence[Match], third: Mapping[int, int]
) -> dict[int, Derived]:
    """Each match's result from its hand log; a match whose log is unchanged since the last
    read (same version, same rows) reuses the kept derivation instead of re-scoring."""
    kept = match_results(session, event_id)
    shape: dict[int, tuple[int, int]] = {
        match_id: (int(count), int(last or 0))
        for match_id, count, last in session.exec(
            select(HandEntry.match_id, func.count(), func.max(HandEntry.id))
            .join(Match, col(Match.id) == col(HandEntry.match_id))
            .where(Match.event_id == event_id)
            .group_by(col(HandEntry.match_id))
        )
    }
    keys: dict[int, LogShape] = {
        row.id: (row.id, row.version, *shape.get(row.id, (0, 0)))
        for row in match_rows
        if row.id is not None
    }
    missing = [mid for mid, key in keys.items() if key not in kept and shape.get(mid, (0, 0))[0]]
    logs = _read_logs(session, missing)
    rules_cache: dict[str, RuleSet] = {}
    found: dict[int, Derived] = {}
    for row in match_rows:
        assert row.id is not None
        known = kept.get(keys[row.id])
        if known is None:
            known = _derive(row, logs.get(row.id, []), rules_cache, three=row.id in third)
            kept.keep(keys[row.id], known)
        found[row.id] = known
    return found


def _read_logs(session: Session, match_ids: Sequence[int]) -> dict[int, list[LogEntry]]:
    logs: dict[int, list[LogEntry]] = defaultdict(list)
    declarations: Declarations = {}  # an event's hands repeat a few hundred declarations
    for start in range(0, len(match_ids), 400):
        chunk = match_ids[start : start + 400]
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
        for match_id, entries in _log_rows(found, declarations).items():
            logs[match_id] = entries
    return logs


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _log_rows(found: Sequence[Any], declarations: Declarations) -> dict[int, list[LogEntry]]:
    """Hand-log rows as the values ``counted_hands`` folds. Only the rows in force are read
    from JSON, and without their cards: a hand scores from its declared counts alone. A
    declaration met before is not read again (``declarations``, core/hand_masks)."""
    superseded = {r[4] for r in found if r[4] is not None}
    out: dict[int, list[LogEntry]] = defaultdict(list)
    for hand_id, match_id, seq, kind, supersedes, text in found:
        kind_of_row = entry_kind(hand_id, kind)
        record = None
        if hand_id not in superseded and kind_of_row is not EntryKind.VOID and text:
            try:
                data = json.loads(text)
                if isinstance(data, dict):
                    data.pop("cards", None)
                read = masked_from_json(data, declarations) if type(data) is dict else None
                record = read.declared if read is not None else record_from_json(data)
            except ValueError as error:  # JSON that does not parse, or a field that is wrong
                raise InvalidInput(said("hand entry {0}: {1}", hand_id, words_of(error))) from None
        out[match_id].append(
            LogEntry(
                id=hand_id,
                seq=seq,
                kind=kind_of_row,
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
    row: Match, log: Sequence[LogEntry], rules_cache: dict[str, RuleSet], *, three: bool
) -> Derived:
    """(hands, games A, games B, finished, winning side, margin, ...) from a match's log."""
    assert row.id is not None
    if row.entrant_b_id is None:
        return (0, 0, 0, True, "A", 0, Reached(), ())
    rules = rules_cache.get(row.rules_json)
    if rules is None:
        rules = rules_from_json(row.rules_json, said("match {0} rules", row.id))
        rules_cache[row.rules_json] = rules
    hands = counted_hands(log) if log else []
    try:
        results = [score_hand(h.record, rules) for h in hands]
    except ValueError as error:
        raise InvalidInput(said("match {0}: {1}", row.id, words_of(error))) from None
    if three:
        return derive_table(len(hands), results, rules)
    summary = summary_of(ledger_for(results, rules))
    winner = summary.winner.value if summary.finished and summary.winner is not None else None
    return (
        len(hands),
        summary.games_won.a,
        summary.games_won.b,
        summary.finished,
        winner,
        summary.margin,
        reached_by(summary),
        (),
    )


def _as_reported(
    row: Match, known: Derived, log: Sequence[ResultRow], settings: TournamentSettings
) -> tuple[Derived, ResultKind, bool]:
    """A match's derivation with its reported result in force, if any, deciding it."""
    found = in_force(log)
    if found is None:
        return known, ResultKind.PLAYED, True
    rules = rules_from_json(row.rules_json, said("match {0} rules", row.id))
    try:
        worth = decided(found[0], rules, settings.results, known[6])
    except ValueError as error:
        raise InvalidInput(words_of(error)) from None
    side = None if worth.a_won is None else ("A" if worth.a_won else "B")
    reported = (known[0], worth.games_a, worth.games_b, True, side, worth.margin, known[6], ())
    return reported, found[0].outcome, worth.points_known


def _match_facts(
    row: Match,
    round_number: int | None,
    known: Derived,
    settings: TournamentSettings,
    *,
    kind: ResultKind = ResultKind.PLAYED,
    points_known: bool = True,
) -> MatchFacts:
    assert row.id is not None
    if row.entrant_b_id is None:
        bye = MatchOutcome.bye(row.entrant_a_id, settings.bye, round_number or 0, row.bracket_slot)
        return MatchFacts(row, round_number, 0, bye.games_a, 0, True, bye)
    hands, games_a, games_b, finished, side, margin, _reached, _totals = known
    outcome = None
    # A reported result with no winner (a double forfeit) is still a result: both lose.
    if side is not None or kind is not ResultKind.PLAYED:
        winner = None if side is None else row.entrant_a_id if side == "A" else row.entrant_b_id
        outcome = MatchOutcome(
            row.entrant_a_id,
            row.entrant_b_id,
            winner,
            games_a,
            games_b,
            margin,
            round_number=round_number or 0,
            slot=row.bracket_slot,
            kind=kind,
            points_known=points_known,
        )
    return MatchFacts(row, round_number, hands, games_a, games_b, finished, outcome)


def _forfeit(fact: MatchFacts, withdrawn: set[int], settings: TournamentSettings) -> MatchFacts:
    """An unfinished match one side withdrew from: the other side wins it by forfeit, worth
    what the event credits a forfeit. Both withdrawn: nobody wins, nothing owed."""
    row = fact.row
    a_out = row.entrant_a_id in withdrawn
    b_out = row.entrant_b_id in withdrawn
    if not a_out and not b_out:
        return fact
    if a_out and b_out:
        return replace(fact, finished=True, forfeit=True)
    rules = rules_from_json(row.rules_json, said("match {0} rules", row.id))
    worth = results.forfeit(credited_shape(rules), settings.results, a_present=not a_out)
    assert row.entrant_b_id is not None
    outcome = MatchOutcome(
        row.entrant_a_id,
        row.entrant_b_id,
        None if worth.a_won is None else row.entrant_a_id if worth.a_won else row.entrant_b_id,
        worth.games_a,
        worth.games_b,
        worth.margin,
        round_number=fact.round_number or 0,
        slot=row.bracket_slot,
        kind=ResultKind.FORFEIT,
    )
    return replace(fact, finished=True, outcome=outcome, forfeit=True)


def finished_or_locked(m: MatchFacts) -> bool:
    return m.finished or m.row.status == MatchStatus.LOCKED.value
