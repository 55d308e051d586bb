"""The checks `gin-scorer verify` makes of an event, in one place, so that whatever writes an
event (an import, a correction) can refuse what verify would later reject.

:func:`check_event` re-reads one event inside a session and re-checks, through the scoring
core: every hand in force (scored and validated under its match's rules; an error stands only
with the director's override reason), every reported result in force against the match's
format (counted by kind, never called verified: no cards stand behind it), every match's
stored status against the ledger its hands make (no hand after the match was decided),
rounds (nobody in two matches of a round, no table used twice) and, for elimination events,
the bracket. It changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlmodel import Session, col, select

from gin_scorer.core.hands import score_hand
from gin_scorer.core.ledgers import play_match
from gin_scorer.core.validation import validate_hand
from gin_scorer.services.errors import ServiceError
from gin_scorer.services.event_settings import event_settings
from gin_scorer.services.result_log import result_logs
from gin_scorer.services.result_values import ResultRow, decided, in_force, reached_by
from gin_scorer.services.sheets import counted_hands
from gin_scorer.services.stored_json import rules_from_json
from gin_scorer.services.views import log_entries
from gin_scorer.store.tables import Event, HandEntry, Match, Round
from gin_scorer.tournament.results import ResultRules
from gin_scorer.tournament.settings import DEFAULT_RESULT_RULES

if TYPE_CHECKING:
    from gin_scorer.core.hands import HandResult
    from gin_scorer.core.ledgers import Match as MatchLedger
    from gin_scorer.core.rules import RuleSet
    from gin_scorer.services.sheets import CountedHand

__all__ = ["EventCheck", "MatchCheck", "check_event", "check_match"]


@dataclass
class MatchCheck:
    """What the checks found in one match (counts and sentences; nothing else)."""

    hands: int = 0
    overridden: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Results in force that no hands stand behind, by kind (slip, forfeit ...): checked
    # against the match's format, never against cards — a slip is never "verified".
    reported: Counter[str] = field(default_factory=Counter)


@dataclass
class EventCheck(MatchCheck):
    matches: int = 0


def check_match(
    match: Match,
    rows: Sequence[Any],
    where: str,
    reported: Sequence[ResultRow] = (),
    knobs: ResultRules = DEFAULT_RESULT_RULES,
) -> MatchCheck:
    """Re-check one match's hand log (``rows``: its entries in id order, as ORM objects or
    plain rows with the same columns), its reported result (``reported``: its result log)
    and its status."""

    found = MatchCheck()
    if match.entrant_b_id is None:
        if rows or reported:
            found.problems.append(f"{where}: a bye has {len(rows) + len(reported)} entries")
        return found
    try:
        rules = rules_from_json(match.rules_json, f"match {match.id} rules")
        ids = {r.id for r in rows}
        for r in rows:
            if r.supersedes_id is not None and r.supersedes_id not in ids:
                found.problems.append(
                    f"{where}: hand entry {r.id} supersedes entry {r.supersedes_id} "
                    "of another match"
                )
        hands = counted_hands(log_entries(rows))
    except (ServiceError, ValueError) as error:
        found.problems.append(f"{where}: cannot read its hand log: {error}")
        return found
    checked = [_checked_hand(found, where, n, hand, rules) for n, hand in enumerate(hands, 1)]
    results = [result for result in checked if result is not None]
    ledger = play_match(results, rules)
    if _check_reported(found, where, match, reported, (rules, knobs, ledger)):
        return found
    _check_status(found, where, match.status, ledger)
    return found


def _check_reported(
    found: MatchCheck,
    where: str,
    match: Match,
    reported: Sequence[ResultRow],
    how: tuple[RuleSet, ResultRules, MatchLedger],
) -> bool:
    """The result log: each row supersedes a row of its own match, and the result in force
    is one the match's format allows and its status shows. True when a result is in force
    (it, not the hands, then decides the status)."""
    ids = {r.id for r in reported}
    for r in reported:
        if r.supersedes_id is not None and r.supersedes_id not in ids:
            found.problems.append(
                f"{where}: result entry {r.id} supersedes entry {r.supersedes_id} of another match"
            )
    standing = in_force(reported)
    if standing is None:
        return False
    row = standing[0]
    rules, knobs, ledger = how
    try:
        decided(row, rules, knobs, reached_by(ledger))
    except ValueError as error:
        found.problems.append(f"{where}: {error}")
    found.reported[row.outcome.label] += 1
    if match.status not in ("finished", "locked"):
        found.problems.append(
            f"{where}: a reported result ({row.outcome.label}) decides it but it is marked "
            f"{match.status}"
        )
    return True


def _checked_hand(
    found: MatchCheck, where: str, number: int, hand: CountedHand, rules: RuleSet
) -> HandResult | None:
    """One hand scored and validated; its errors noted (or the director's override)."""

    found.hands += 1
    try:
        result = score_hand(hand.record, rules)
    except ValueError as error:
        found.problems.append(f"{where}, hand {number}: {error}")
        return None
    errors = [p for p in validate_hand(hand.record, rules, known_scorable=True) if p.is_error]
    if errors and hand.row.override_reason:
        found.overridden += 1
        found.notes.append(
            f"{where}, hand {number}: accepted by the director "
            f"({hand.row.override_reason}) despite: {errors[0].message}"
        )
    elif errors:
        found.problems.extend(f"{where}, hand {number}: {p.message}" for p in errors)
    return result


def _check_status(found: MatchCheck, where: str, stored: str, ledger: MatchLedger) -> None:
    """The match's status against what its hands say."""
    if ledger.extra_hands:
        found.problems.append(
            f"{where}: {len(ledger.extra_hands)} hand(s) after the match was decided"
        )
    if ledger.finished and stored in ("pending", "playing"):
        found.problems.append(f"{where}: the hands finish the match but it is marked {stored}")
    if not ledger.finished and stored in ("finished", "locked"):
        found.problems.append(f"{where}: marked {stored} but its hands do not finish the match")


def check_event(
    session: Session,
    event: Event,
    *,
    match_names: Mapping[int, str] | None = None,
    event_name: str | None = None,
) -> EventCheck:
    """Every check of :func:`check_match` for each match of ``event``, plus its rounds and
    bracket. ``match_names`` and ``event_name`` name the places in the sentences (an import
    names them as its file does: "matches[3] (ref 4)"), by default "event 2 (name), match 7"."""
    report = EventCheck()
    where_event = event_name or f"event {event.id} ({event.name})"
    matches = list(
        session.exec(select(Match).where(Match.event_id == event.id).order_by(col(Match.id)))
    )
    rounds = {r.id: r.number for r in session.exec(select(Round).where(Round.event_id == event.id))}
    logs = _hand_logs(session, event)
    reported = result_logs(session, [m.id for m in matches if m.id is not None])
    knobs = event_settings(event).results if reported else DEFAULT_RESULT_RULES
    seen_in_round: dict[tuple[int, int], int] = {}
    tables_in_round: dict[tuple[int, int], int] = {}
    for match in matches:
        assert match.id is not None
        report.matches += 1
        where = f"{where_event}, " + (
            match_names[match.id]
            if match_names and match.id in match_names
            else f"match {match.id}"
        )
        if match.round_id is not None:
            number = rounds.get(match.round_id, 0)
            report.problems += _seating_problems(
                match, number, seen_in_round, tables_in_round, where_event
            )
        one = check_match(match, logs.get(match.id, []), where, reported.get(match.id, ()), knobs)
        report.hands += one.hands
        report.reported += one.reported
        report.overridden += one.overridden
        report.problems += one.problems
        report.notes += one.notes
    report.problems.extend(bracket_problems(session, event, where_event))
    return report


def _hand_logs(session: Session, event: Event) -> dict[int, list[Any]]:
    """Every hand-log row of the event, by match, in id order."""
    # Plain rows, not ORM objects: verify reads every hand, and building an object per hand
    # cost more than checking it (measured on 100k hands).
    hands_table = HandEntry.__table__  # type: ignore[attr-defined]
    matches_table = Match.__table__  # type: ignore[attr-defined]
    logs: dict[int, list[Any]] = {}
    for row in session.execute(
        select(hands_table)
        .join(matches_table, matches_table.c.id == hands_table.c.match_id)
        .where(matches_table.c.event_id == event.id)
        .order_by(hands_table.c.id)
    ):
        logs.setdefault(row.match_id, []).append(row)
    return logs


def _seating_problems(
    match: Match,
    number: int,
    seen_in_round: dict[tuple[int, int], int],
    tables_in_round: dict[tuple[int, int], int],
    where_event: str,
) -> list[str]:
    """An entrant in two matches of one round, or two matches at one table of a round."""
    assert match.id is not None
    problems = []
    for eid in (match.entrant_a_id, match.entrant_b_id):
        if eid is None:
            continue
        other = seen_in_round.setdefault((number, eid), match.id)
        if other != match.id:
            problems.append(
                f"{where_event}: entrant {eid} is in two matches of round "
                f"{number} ({other} and {match.id})"
            )
    if match.table_number is not None:
        other = tables_in_round.setdefault((number, match.table_number), match.id)
        if other != match.id:
            problems.append(
                f"{where_event}: table {match.table_number} of round {number} "
                f"holds two matches ({other} and {match.id})"
            )
    return problems


def bracket_problems(session: Session, event: Event, where_event: str) -> list[str]:
    """Elimination: is every slot played by the entrants the results in force send there?
    (A result corrected after the next match was paired can leave a bracket inconsistent.)"""
    from gin_scorer.services.rounds import read_event
    from gin_scorer.tournament import engine
    from gin_scorer.tournament.elimination import PHANTOM
    from gin_scorer.tournament.errors import TournamentError
    from gin_scorer.tournament.model import Format

    try:
        if not Format.parse(event.format).is_elimination:
            return []
        assert event.id is not None
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
