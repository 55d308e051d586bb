"""Report a match's result without its hands — a slip, a forfeit, a double forfeit, time
called, an adjudication — and take one back.

Each is a row of the match's append-only result log (:class:`ResultEntry`), written, audited
and sealed in one transaction like a hand, with who entered it from which station. The row in
force decides the match (:mod:`gin_scorer.services.support.result_values` says what it is worth);
hands already recorded stay in their log. Reporting over hands, or over an earlier result,
must be asked for (``replace``), so a slip typed for the wrong table never silently sets a
played match aside; who may do what is :mod:`gin_scorer.services.support.authority`'s table
(an adjudication always needs the director's PIN).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from sqlmodel import Session

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.queries.result_log import result_knobs, result_row
from gin_scorer.services.queries.sheets import summary_of
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.authority import Action
from gin_scorer.services.support.dto import EntryKind, ResultKind, ScoreSheet
from gin_scorer.services.support.errors import InvalidInput, ReplaceFirst
from gin_scorer.services.support.result_values import credited_shape, reached_by, shape_of
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.slip_games import finals_json
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.services.writes.hand_entry_checks import match_words, reason_text
from gin_scorer.services.writes.match_writes import LoadedMatch, claim_match, load_match
from gin_scorer.services.writes.matches import follow_the_hands
from gin_scorer.store import backup
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, Match, ResultEntry, utcnow
from gin_scorer.store.undo_links import RESULT_LOG, UndoLink
from gin_scorer.tournament import results
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Format
from gin_scorer.tournament.results import Decided
from gin_scorer.tournament.slips import GameFinal, game_finals, slip

_REPLACES_HANDS = (ResultKind.SLIP, ResultKind.FORFEIT, ResultKind.DOUBLE_FORFEIT)


@dataclass(frozen=True, slots=True)
class ResultReport:
    """A result as the desk reports it.

    - slip: ``winner`` and ``games`` (A's, B's), optionally ``game_points`` per game: each
      game's final A–B, as the foot of the pad has it (decision 0016), and ``game_winners``
      where the slip marks a game's winner (None: the higher final won it);
    - forfeit: ``winner`` is the side that was there;
    - double forfeit: nothing else;
    - time called: ``winner`` only when the director decides (a tie, or the event's rule);
    - adjudicated: ``winner`` and ``reason``.
    """

    kind: ResultKind
    winner: Side | None = None
    games: tuple[int, int] | None = None
    game_points: tuple[tuple[int, int], ...] = ()
    reason: str | None = None
    game_winners: tuple[Side | None, ...] = ()

    def finals(self) -> tuple[GameFinal, ...]:
        """The slip's games as finals with their winners (TournamentError when a game's two
        finals are level and it is not marked)."""
        marks = tuple(None if w is None else w is Side.A for w in self.game_winners)
        return game_finals(self.game_points, marks)


def record_result(
    db: Database,
    match_id: int,
    report: ResultReport,
    expected_version: int,
    *,
    entered_by: str,
    replace_existing: bool = False,
    pin: str | None = None,
) -> ScoreSheet:
    """Report the result of match ``match_id``; returns its score sheet, now decided.

    Refused with one line naming the rule when the report cannot be a result of this match
    (a 3–3 in a best of five, a game under the target, a winner missing), when it would set
    hands or an earlier result aside without ``replace_existing``, and as the authority table
    says (a locked result, a finished event, an adjudication without the PIN)."""
    if report.kind is ResultKind.PLAYED:
        raise InvalidInput(said("a played result comes from its hands: record them instead"))
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    why = reason_text(report.reason, "reason", required=report.kind is ResultKind.ADJUDICATED)
    with db.transaction() as session:
        # Read once: the sheet as it stands says which authority applies (replacing a
        # decided match is a correction) and what the report replaces.
        current = _loaded(session, fetch(session, Match, match_id))
        _refuse_table_of_three(current.rules, match_id)
        before = current.sheet(validate=False)
        action = _action_for(before, report.kind)
        row, pinned = claim_match(session, db, match_id, expected_version, pin, action)
        loaded = replace(current, row=row)
        _refuse_unasked_replacement(before, report.kind, replace_existing)
        knockout = Format(fetch(session, Event, row.event_id).format).is_elimination
        if knockout and report.kind is ResultKind.DOUBLE_FORFEIT:
            raise InvalidInput(
                said(
                    "match {0} is a knockout match and needs a winner: adjudicate it "
                    "(adj a or adj b, with the reason)",
                    match_id,
                )
            )
        worth = _worth(loaded, before, report)
        in_force = before.result.entry_id if before.result is not None else None
        entry = ResultEntry(
            match_id=match_id,
            kind=(EntryKind.ENTRY if in_force is None else EntryKind.CORRECTION).value,
            supersedes_id=in_force,
            outcome=report.kind.value,
            winner=None if worth.a_won is None else ("A" if worth.a_won else "B"),
            games_a=worth.games_a,
            games_b=worth.games_b,
            game_points_json=_stored_games(report),
            reason=why,
            entered_by=who,
            station=db.station,
        )
        sheet = _written(session, loaded, entry)
        set_aside = len(before.hands) if report.kind in _REPLACES_HANDS else 0
        _audit_record(session, db, entry, sheet.version, pinned, hands_set_aside=set_aside)
    backup.maybe_backup(db)
    return sheet


def _refuse_table_of_three(rules: RuleSet, match_id: int) -> None:
    """A table of three is decided by its hands only: no slip, forfeit or adjudication."""
    if not profile_of(rules).slips:
        raise InvalidInput(
            said(
                "match {0} is a table of three: its result comes from its hands (a player "
                "who leaves is withdrawn from the event and loses to both others)",
                match_id,
            )
        )


def void_result(
    db: Database,
    match_id: int,
    expected_version: int,
    *,
    reason: str,
    entered_by: str,
    pin: str | None = None,
) -> ScoreSheet:
    """Take back the result in force (reported for the wrong table, a player turned up after
    all): it stays in the log, and the match is again as its hands say."""
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    why = reason_text(reason, "reason for taking the result back", required=True)
    with db.transaction() as session:
        row, pinned = claim_match(
            session, db, match_id, expected_version, pin, Action.CORRECT_RESULT
        )
        loaded = _loaded(session, row)
        before = loaded.sheet(validate=False)
        if before.result is None:
            raise InvalidInput(said("match {0} has no reported result to take back", match_id))
        entry = ResultEntry(
            match_id=match_id,
            kind=EntryKind.VOID.value,
            supersedes_id=before.result.entry_id,
            outcome=before.result.kind.value,
            reason=why,
            entered_by=who,
            station=db.station,
            entered_at=utcnow(),
        )
        sheet = _written(session, loaded, entry)
        assert entry.id is not None  # a take-back undoes the row in force, linked (0029)
        taken = before.result.entry_id
        session.add(UndoLink(match_id=match_id, log=RESULT_LOG, entry_id=entry.id, undoes_id=taken))
        record_audit(
            session,
            db,
            actor=who,
            action="result.void",
            subject=f"match:{match_id}",
            payload={
                "entry": entry.id,
                "supersedes": before.result.entry_id,
                "reason": why,
                "pin": pinned,
                "version": sheet.version,
            },
        )
    backup.maybe_backup(db)
    return sheet


def _audit_record(
    session: Session,
    db: Database,
    entry: ResultEntry,
    version: int,
    pinned: bool,
    *,
    hands_set_aside: int,
) -> None:
    record_audit(
        session,
        db,
        actor=entry.entered_by,
        action="result.record",
        subject=f"match:{entry.match_id}",
        payload={
            "entry": entry.id,
            "supersedes": entry.supersedes_id,
            "kind": entry.outcome,
            "winner": entry.winner,
            "games": [entry.games_a, entry.games_b],
            "game_points": json.loads(entry.game_points_json),
            "reason": entry.reason,
            "hands_set_aside": hands_set_aside,
            "pin": pinned,
            "version": version,
        },
    )


def _loaded(session: Session, row: Match) -> LoadedMatch:
    """The match as read for a result, with its event's knobs even while its result log is
    still empty (load_match reads them only when a result is already there)."""
    return replace(load_match(session, row), knobs=result_knobs(session, row.event_id))


def _action_for(current: ScoreSheet, kind: ResultKind) -> Action:
    """An adjudication is the director's; replacing a result that stands is a correction
    (the format's correction policy applies); anything else is a report."""
    if kind is ResultKind.ADJUDICATED:
        return Action.ADJUDICATE
    return Action.CORRECT_RESULT if current.finished else Action.RECORD_RESULT


def _refuse_unasked_replacement(before: ScoreSheet, kind: ResultKind, asked: bool) -> None:
    """What the report would set aside, said by the match's table (the director's slips
    window asks "Replace?" with it): its result, or its hands."""
    match = match_words(before)
    if before.result is not None and not asked:
        raise ReplaceFirst(
            said(
                "{0} already has a result ({1}): replace it, or take it back first",
                match,
                before.result.kind.words,
            )
        )
    if kind is ResultKind.TIME_CALLED and before.finished and before.result is None:
        raise InvalidInput(said("{0} was finished by its hands: time was not called", match))
    if kind in _REPLACES_HANDS and before.hands and before.result is None and not asked:
        count = len(before.hands)
        if count == 1:
            raise ReplaceFirst(
                said(
                    "{0} has {1} hand recorded: a {2} result sets them aside (they stay in "
                    "the log); confirm to replace",
                    match,
                    count,
                    kind.words,
                )
            )
        raise ReplaceFirst(
            said(
                "{0} has {1} hands recorded: a {2} result sets them aside (they stay in "
                "the log); confirm to replace",
                match,
                count,
                kind.words,
            )
        )


def _worth(loaded: LoadedMatch, before: ScoreSheet, report: ResultReport) -> Decided:
    """What the report says, checked against the match's format, as the log keeps it."""
    shape = shape_of(loaded.rules)
    reached = reached_by(summary_of(before.ledger))
    a_won = None if report.winner is None else report.winner is Side.A
    kind = report.kind
    if kind in (ResultKind.SLIP, ResultKind.TIME_CALLED) and shape is None:
        raise InvalidInput(
            said(
                "{0} is scored as {1}: a {2} result cannot give it; enter its hands, or "
                "adjudicate it",
                match_words(before),
                profile_of(loaded.rules).named,
                kind.words,
            )
        )
    if kind is ResultKind.FORFEIT and a_won is None:
        raise InvalidInput(said("a forfeit result needs the side that was there (A or B)"))
    if kind in (ResultKind.SLIP, ResultKind.ADJUDICATED) and a_won is None:
        raise InvalidInput(said("a {0} result needs the winner (A or B)", kind.words))
    try:
        if kind is ResultKind.SLIP:
            assert shape is not None and a_won is not None
            if report.games is None:
                raise InvalidInput(said("a slip needs the games each side won, e.g. 3-1"))
            return slip(shape, a_won, *report.games, report.finals())
        if kind is ResultKind.FORFEIT:
            assert a_won is not None
            return results.forfeit(credited_shape(loaded.rules), loaded.knobs, a_present=a_won)
        if kind is ResultKind.DOUBLE_FORFEIT:
            return results.double_forfeit()
        if kind is ResultKind.TIME_CALLED:
            return results.time_called(loaded.knobs, reached, a_won)
        assert a_won is not None
        return results.adjudicated(reached, a_won)
    except TournamentError as error:
        raise InvalidInput(words_of(error)) from None


def report_refusal(report: ResultReport, rules: RuleSet) -> Said | None:
    """Why ``report`` cannot be a result of any match played under ``rules`` (a 3–3 in a
    best of five, a winner with fewer games, a slip for a Hollywood match), or None: the
    slips window says it while the line is typed, before Enter. :func:`record_result`
    refuses the same on Enter, with the match's own rules."""
    shape = shape_of(rules)
    if report.kind in (ResultKind.SLIP, ResultKind.TIME_CALLED) and shape is None:
        return said(
            "a match scored as {0} cannot take a {1} result: enter its hands, or adjudicate it",
            profile_of(rules).named,
            report.kind.words,
        )
    if report.kind is not ResultKind.SLIP or shape is None:
        return None
    if report.winner is None or report.games is None:
        return None
    try:
        slip(shape, report.winner is Side.A, *report.games, report.finals())
    except TournamentError as error:
        return words_of(error)
    return None


def _stored_games(report: ResultReport) -> str:
    """A slip's games as the log keeps them: each game's finals and winner (already checked
    by :func:`_worth`); nothing for any other kind of result."""
    if report.kind is not ResultKind.SLIP or not report.game_points:
        return "[]"
    return finals_json(report.finals())


def _written(session: Session, loaded: LoadedMatch, entry: ResultEntry) -> ScoreSheet:
    """Add ``entry``, re-derive the sheet with it, and move the match's status along."""
    session.add(entry)
    session.flush()
    reported = (*loaded.reported, result_row(entry))
    sheet = replace(loaded, reported=reported).sheet()
    status = follow_the_hands(session, loaded.row, sheet)
    view = replace(sheet.match, status=status, version=loaded.row.version)
    return replace(sheet, match=view, version=loaded.row.version)
