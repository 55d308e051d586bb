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
from typing import TYPE_CHECKING, Any, Protocol

from sqlmodel import Session

from gin_scorer.core.ledgers import play_match
from gin_scorer.core.mask_checks import card_error_codes
from gin_scorer.core.validation import validate_hand
from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.queries.result_log import result_logs
from gin_scorer.services.queries.verify_rows import (
    CountedRow,
    MatchRules,
    Scores,
    counted_rows,
    declaration_facts,
    event_hand_rows,
    event_matches,
    round_numbers,
)
from gin_scorer.services.queries.views import parse_record
from gin_scorer.services.support.errors import ServiceError
from gin_scorer.services.support.event_settings import event_settings
from gin_scorer.services.support.result_values import ResultRow, decided, in_force, reached_by
from gin_scorer.store.tables import Event
from gin_scorer.tournament.results import ResultRules
from gin_scorer.tournament.settings import DEFAULT_RESULT_RULES

if TYPE_CHECKING:
    from gin_scorer.core.hands import HandResult
    from gin_scorer.core.ledgers import Match as MatchLedger
    from gin_scorer.core.rules import RuleSet

__all__ = ["EventCheck", "MatchCheck", "check_event", "check_match"]


@dataclass
class MatchCheck:
    """What the checks found in one match (counts and sentences, which a front end says in
    the reader's language; nothing else)."""

    hands: int = 0
    overridden: int = 0
    problems: list[Said] = field(default_factory=list)
    notes: list[Said] = field(default_factory=list)
    # Results in force that no hands stand behind, by kind (slip, forfeit ...): checked
    # against the match's format, never against cards — a slip is never "verified".
    reported: Counter[str] = field(default_factory=Counter)


@dataclass
class EventCheck(MatchCheck):
    matches: int = 0


def check_match(
    match: Any,
    rows: Sequence[Any],
    where: Said,
    reported: Sequence[ResultRow] = (),
    knobs: ResultRules = DEFAULT_RESULT_RULES,
    known: MatchRules | None = None,
) -> MatchCheck:
    """Re-check one match's hand log (``rows``: its entries in id order, as plain rows or ORM
    objects with HandEntry's columns), its reported result (``reported``: its result log)
    and its status. ``match``: a row with Match's columns; ``known``: rules already read."""

    found = MatchCheck()
    if match.entrant_b_id is None:
        if rows or reported:
            entries = len(rows) + len(reported)
            found.problems.append(_at(where, said("a bye has {0} entries", entries)))
        return found
    try:
        known = known or MatchRules()
        rules, scores, upcard = known.of(match)
        for entry, gone in _superseding_elsewhere(rows):
            elsewhere = said("hand entry {0} supersedes entry {1} of another match", entry, gone)
            found.problems.append(_at(where, elsewhere))
        hands = counted_rows(rows, known.declarations, known.records)
    except (ServiceError, ValueError) as error:
        unread = said("cannot read its hand log: {0}", words_of(error))
        found.problems.append(_at(where, unread))
        return found
    results = []
    for number, hand in enumerate(hands, 1):
        result = _checked_hand(found, where, number, hand, (rules, scores, upcard))
        if result is not None:
            results.append(result)
    ledger = play_match(results, rules)
    if _check_reported(found, where, match, reported, (rules, knobs, ledger)):
        return found
    _check_status(found, where, match.status, ledger)
    return found


class _Chained(Protocol):
    """A row of a log (hands or results) that may supersede an earlier row of it."""

    @property
    def id(self) -> int | None: ...
    @property
    def supersedes_id(self) -> int | None: ...


def _superseding_elsewhere(rows: Sequence[_Chained]) -> list[tuple[int | None, int]]:
    """(row, the row it supersedes) for each of ``rows`` that supersedes a row of another
    log: one not among ``rows``."""
    ids = {r.id for r in rows}
    return [
        (r.id, r.supersedes_id)
        for r in rows
        if r.supersedes_id is not None and r.supersedes_id not in ids
    ]


def _check_reported(
    found: MatchCheck,
    where: Said,
    match: Any,
    reported: Sequence[ResultRow],
    how: tuple[RuleSet, ResultRules, MatchLedger],
) -> bool:
    """The result log: each row supersedes a row of its own match, and the result in force
    is one the match's format allows and its status shows. True when a result is in force
    (it, not the hands, then decides the status)."""
    for entry, gone in _superseding_elsewhere(reported):
        elsewhere = said("result entry {0} supersedes entry {1} of another match", entry, gone)
        found.problems.append(_at(where, elsewhere))
    standing = in_force(reported)
    if standing is None:
        return False
    row = standing[0]
    rules, knobs, ledger = how
    try:
        decided(row, rules, knobs, reached_by(ledger))
    except ValueError as error:
        found.problems.append(_at(where, words_of(error)))
    found.reported[row.outcome.label] += 1
    if match.status not in ("finished", "locked"):
        marked = said(
            "a reported result ({0}) decides it but it is marked {1}",
            row.outcome.label,
            match.status,
        )
        found.problems.append(_at(where, marked))
    return True


def _checked_hand(
    found: MatchCheck,
    where: Said,
    number: int,
    hand: CountedRow,
    under: tuple[RuleSet, Scores, bool],
) -> HandResult | None:
    """One hand scored and checked; its errors noted (or the director's override). The
    checks run on the decoded masks; the record's Card objects and the sentences are made
    only when they find an error."""
    found.hands += 1
    rules, scores, upcard = under
    masked = hand.hand
    key = masked.key
    if not upcard:  # the upcard changes nothing here: one entry for all 52
        key = key[:3] + key[4:]
    known = scores.get(key)
    if known is None:
        known = scores[key] = declaration_facts(masked.declared, rules)
    result, unscorable, wrong = known
    if unscorable is not None:
        found.problems.append(_at(said("{0}, hand {1}", where, number), unscorable))
        return None
    if not wrong and not card_error_codes(masked, rules):
        return result
    record = parse_record(hand.row.record_json)
    errors = [p for p in validate_hand(record, rules, known_scorable=True) if p.is_error]
    at_hand = said("{0}, hand {1}", where, number)
    if errors and hand.row.override_reason:
        found.overridden += 1
        accepted = said(
            "accepted by the director ({0}) despite: {1}",
            hand.row.override_reason,
            errors[0].words,
        )
        found.notes.append(_at(at_hand, accepted))
    elif errors:
        found.problems.extend(_at(at_hand, p.words) for p in errors)
    return result


def _at(where: Said, what: Said) -> Said:
    """``what`` named by its place: "event 2 (Open), match 7: …"."""
    return said("{0}: {1}", where, what)


def _check_status(found: MatchCheck, where: Said, stored: str, ledger: MatchLedger) -> None:
    """The match's status against what its hands say."""
    if ledger.extra_hands:
        extra = said("{0} hand(s) after the match was decided", len(ledger.extra_hands))
        found.problems.append(_at(where, extra))
    if ledger.finished and stored in ("pending", "playing"):
        finish = said("the hands finish the match but it is marked {0}", stored)
        found.problems.append(_at(where, finish))
    if not ledger.finished and stored in ("finished", "locked"):
        unfinished = said("marked {0} but its hands do not finish the match", stored)
        found.problems.append(_at(where, unfinished))


def check_event(
    session: Session,
    event: Event,
    *,
    match_names: Mapping[int, str] | None = None,
    event_name: Said | None = None,
    checked: Mapping[int, MatchCheck] | None = None,
) -> EventCheck:
    """Every check of :func:`check_match` for each match of ``event``, plus its rounds and
    bracket. ``match_names`` and ``event_name`` name the places in the sentences (an import
    names them as its file does: "matches[3] (ref 4)"), by default "event 2 (name), match 7".
    ``checked``: matches already checked (by another process, :func:`check_matches`)."""
    report = EventCheck()
    where_event = event_name or event_place(event)
    matches = event_matches(session, event.id or 0)
    if checked is None:
        checked = check_matches(session, event, matches, match_names, event_name)
    rounds = round_numbers(session, event.id or 0)
    seen_in_round: dict[tuple[int, int], int] = {}
    tables_in_round: dict[tuple[int, int], int] = {}
    for match in matches:
        report.matches += 1
        if match.round_id is not None:
            number = rounds.get(match.round_id, 0)
            report.problems += _seating_problems(
                match, number, seen_in_round, tables_in_round, where_event
            )
        one = checked[match.id]
        report.hands += one.hands
        report.reported += one.reported
        report.overridden += one.overridden
        report.problems += one.problems
        report.notes += one.notes
    report.problems.extend(bracket_problems(session, event, where_event))
    return report


def event_place(event: Event) -> Said:
    """How the sentences name an event: "event 2 (Open)"."""
    return said("event {0} ({1})", event.id, event.name)


def check_matches(
    session: Session,
    event: Event,
    matches: Sequence[Any],
    match_names: Mapping[int, str] | None = None,
    event_name: Said | None = None,
    known: MatchRules | None = None,
) -> dict[int, MatchCheck]:
    """:func:`check_match` for each of ``matches`` (rows of ``event``, in id order), reading
    their hand logs and result logs in one query each: by match id. ``known``: rules and
    records already read (verify shares them between its shares of matches)."""
    where_event = event_name or event_place(event)
    ids = [m.id for m in matches]
    between = (ids[0], ids[-1]) if ids else None
    logs = event_hand_rows(session, event.id or 0, between) if ids else {}
    reported = result_logs(session, ids)
    knobs = event_settings(event).results if reported else DEFAULT_RESULT_RULES
    known = known or MatchRules()
    checked: dict[int, MatchCheck] = {}
    for match in matches:
        name = match_names.get(match.id) if match_names else None
        where = said("{0}, {1}", where_event, name or said("match {0}", match.id))
        log = logs.get(match.id, [])
        checked[match.id] = check_match(match, log, where, reported.get(match.id, ()), knobs, known)
    return checked


def _seating_problems(
    match: Any,
    number: int,
    seen_in_round: dict[tuple[int, int], int],
    tables_in_round: dict[tuple[int, int], int],
    where_event: Said,
) -> list[Said]:
    """An entrant in two matches of one round, or two matches at one table of a round."""
    assert match.id is not None
    problems: list[Said] = []
    for eid in (match.entrant_a_id, match.entrant_b_id):
        if eid is None:
            continue
        other = seen_in_round.setdefault((number, eid), match.id)
        if other != match.id:
            twice = said(
                "entrant {0} is in two matches of round {1} ({2} and {3})",
                eid,
                number,
                other,
                match.id,
            )
            problems.append(_at(where_event, twice))
    if match.table_number is not None:
        other = tables_in_round.setdefault((number, match.table_number), match.id)
        if other != match.id:
            shared = said(
                "table {0} of round {1} holds two matches ({2} and {3})",
                match.table_number,
                number,
                other,
                match.id,
            )
            problems.append(_at(where_event, shared))
    return problems


def bracket_problems(session: Session, event: Event, where_event: Said) -> list[Said]:
    """Elimination: is every slot played by the entrants the results in force send there?
    (A result corrected after the next match was paired can leave a bracket inconsistent.)"""
    from gin_scorer.services.queries.rounds.facts import read_event
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
        return [_at(where_event, said("cannot rebuild the bracket: {0}", words_of(error)))]
    found: list[Said] = []
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

            def names(ids: set[int]) -> Said | str:
                return " v ".join(sorted(facts.views[i].name for i in ids)) or said("nobody")

            moved = said(
                "{0} is played by {1} but the results in force send {2} there (a result it "
                "depends on was changed)",
                slot,
                names(stored),
                names(expected),
            )
            found.append(_at(where_event, moved))
    return found
