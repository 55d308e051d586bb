"""Verifying a database: every fact re-checked, and the seal proving nobody changed them.

:func:`verify_database` (``gin-scorer verify``) re-checks every recorded hand through the
scoring core, every match's status against its ledger, each round's pairings, each bracket,
the audit chain — and the seal (:mod:`gin_scorer.store.seal_check`): the chain of links
holds, the database holds exactly what the links sealed, and every change to a locked result,
a finished event or a PIN carries the director's signature. Given a printed seal code it also
proves that nothing sealed before that code has changed since. Nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gin_scorer.services.errors import InvalidInput
from gin_scorer.store.database import Database
from gin_scorer.store.seal import parse_seal_code
from gin_scorer.store.seal_check import SealCheck, check_seal


def code_mismatch(code: str) -> str:
    """The sentence for a printed seal code this database does not match."""
    return (
        f"the seal {code} does not match this database: facts sealed before it were "
        "changed, or the log was cut back"
    )


@dataclass
class VerifyReport:
    events: int = 0
    matches: int = 0
    hands: int = 0
    overridden: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seal: SealCheck | None = None

    @property
    def clean(self) -> bool:
        return not self.problems


def verify_database(
    db: Database, event_id: int | None = None, *, seal_code: str | None = None
) -> VerifyReport:
    """Re-check every hand, match status, round, the audit chain and the seal (of the whole
    database, also with ``event_id``); nothing is changed. ``seal_code``: a code printed
    earlier, which must still match (:class:`InvalidInput` if it is not a seal code at all).

    Seal problems come first: they say which row was changed outside the app, which explains
    whatever the other checks find wrong with it.
    """
    if seal_code is not None and parse_seal_code(seal_code) is None:
        raise InvalidInput(
            f"--seal {seal_code!r} is not a seal code (it looks like 12-ABCD-EFGH-JKLM, as "
            "printed at the foot of a result sheet)"
        )
    from sqlmodel import col, select

    from gin_scorer.core.hands import score_hand
    from gin_scorer.core.ledgers import play_match
    from gin_scorer.core.validation import validate_hand
    from gin_scorer.services._common import fetch, rules_from_json
    from gin_scorer.services.errors import ServiceError
    from gin_scorer.services.sheets import counted_hands
    from gin_scorer.services.views import log_entries
    from gin_scorer.store import audit
    from gin_scorer.store.tables import Event, HandEntry, Match, Round

    report = VerifyReport()
    hands_table = HandEntry.__table__  # type: ignore[attr-defined]
    matches_table = Match.__table__  # type: ignore[attr-defined]
    with db.transaction(write=False) as session:
        if event_id is not None:
            events = [fetch(session, Event, event_id)]
        else:
            events = list(session.exec(select(Event).order_by(col(Event.id))))
        for event in events:
            report.events += 1
            where_event = f"event {event.id} ({event.name})"
            matches = list(
                session.exec(
                    select(Match).where(Match.event_id == event.id).order_by(col(Match.id))
                )
            )
            rounds = {
                r.id: r.number
                for r in session.exec(select(Round).where(Round.event_id == event.id))
            }
            # Plain rows, not ORM objects: verify reads every hand, and building an object
            # per hand cost more than checking it (measured on 100k hands).
            logs: dict[int, list[Any]] = {}
            for row in session.execute(
                select(hands_table)
                .join(matches_table, matches_table.c.id == hands_table.c.match_id)
                .where(matches_table.c.event_id == event.id)
                .order_by(hands_table.c.id)
            ):
                logs.setdefault(row.match_id, []).append(row)
            seen_in_round: dict[tuple[int, int], int] = {}
            tables_in_round: dict[tuple[int, int], int] = {}
            for match in matches:
                assert match.id is not None
                report.matches += 1
                where = f"{where_event}, match {match.id}"
                if match.round_id is not None:
                    number = rounds.get(match.round_id, 0)
                    for eid in (match.entrant_a_id, match.entrant_b_id):
                        if eid is None:
                            continue
                        other = seen_in_round.setdefault((number, eid), match.id)
                        if other != match.id:
                            report.problems.append(
                                f"{where_event}: entrant {eid} is in two matches of round "
                                f"{number} ({other} and {match.id})"
                            )
                    if match.table_number is not None:
                        key = (number, match.table_number)
                        other = tables_in_round.setdefault(key, match.id)
                        if other != match.id:
                            report.problems.append(
                                f"{where_event}: table {match.table_number} of round {number} "
                                f"holds two matches ({other} and {match.id})"
                            )
                rows = logs.get(match.id, [])
                if match.entrant_b_id is None:
                    if rows:
                        report.problems.append(f"{where}: a bye has {len(rows)} hand entries")
                    continue
                try:
                    rules = rules_from_json(match.rules_json, f"match {match.id} rules")
                    ids = {r.id for r in rows}
                    for r in rows:
                        if r.supersedes_id is not None and r.supersedes_id not in ids:
                            report.problems.append(
                                f"{where}: hand entry {r.id} supersedes entry {r.supersedes_id} "
                                "of another match"
                            )
                    hands = counted_hands(log_entries(rows))
                except (ServiceError, ValueError) as error:
                    report.problems.append(f"{where}: cannot read its hand log: {error}")
                    continue
                results = []
                for number, hand in enumerate(hands, start=1):
                    report.hands += 1
                    try:
                        results.append(score_hand(hand.record, rules))
                    except ValueError as error:
                        report.problems.append(f"{where}, hand {number}: {error}")
                        continue
                    errors = [p for p in validate_hand(hand.record, rules) if p.is_error]
                    if errors and hand.row.override_reason:
                        report.overridden += 1
                        report.notes.append(
                            f"{where}, hand {number}: accepted by the director "
                            f"({hand.row.override_reason}) despite: {errors[0].message}"
                        )
                    elif errors:
                        report.problems.extend(
                            f"{where}, hand {number}: {p.message}" for p in errors
                        )
                ledger = play_match(results, rules)
                stored = match.status
                if ledger.extra_hands:
                    report.problems.append(
                        f"{where}: {len(ledger.extra_hands)} hand(s) after the match was decided"
                    )
                if ledger.finished and stored in ("pending", "playing"):
                    report.problems.append(
                        f"{where}: the hands finish the match but it is marked {stored}"
                    )
                if not ledger.finished and stored in ("finished", "locked"):
                    report.problems.append(
                        f"{where}: marked {stored} but its hands do not finish the match"
                    )
            report.problems.extend(_bracket_problems(session, event, where_event))
        broken = audit.verify_chain(session)
        if broken is not None:
            report.problems.append(
                f"audit log: entry {broken.id} ({broken.action} {broken.subject}) {broken.reason}"
            )
        report.seal = check_seal(session, code=seal_code)
    sealed = list(report.seal.problems)
    if report.seal.code_matches is False and seal_code is not None:
        sealed.insert(0, code_mismatch(seal_code.strip().upper()))
    report.problems[:0] = sealed
    return report


def _bracket_problems(session: Any, event: Any, where_event: str) -> list[str]:
    """Elimination: is every slot played by the entrants the results in force send there?
    (A result corrected after the next match was paired can leave a bracket inconsistent.)"""
    from gin_scorer.services.errors import ServiceError
    from gin_scorer.services.rounds import read_event
    from gin_scorer.tournament import engine
    from gin_scorer.tournament.elimination import PHANTOM
    from gin_scorer.tournament.errors import TournamentError
    from gin_scorer.tournament.model import Format

    try:
        if not Format.parse(event.format).is_elimination:
            return []
        facts = read_event(session, event.id)
        slots = engine.bracket_states(facts.state)
    except (ServiceError, TournamentError, ValueError) as error:
        return [f"{where_event}: cannot rebuild the bracket: {error}"]
    found = []
    for m in facts.matches:
        slot = m.row.bracket_slot
        if slot is None or slot not in slots:
            continue
        state = slots[slot]
        expected = {e for e in (state.a, state.b) if e is not None and e != PHANTOM}
        if state.a is None or state.b is None:
            continue  # not decided yet: nothing to compare
        stored = {e for e in (m.row.entrant_a_id, m.row.entrant_b_id) if e is not None}
        if stored != expected:

            def names(ids: set[int]) -> str:
                return " v ".join(sorted(facts.views[i].name for i in ids)) or "nobody"

            found.append(
                f"{where_event}: {slot} is played by {names(stored)} but the results in force "
                f"send {names(expected)} there (a result it depends on was changed)"
            )
    return found
