"""What was paired and how the round is going: a round's pairings (by table or by name), the
rounds of an event, the status board a director watches, and whether the event is complete.
"""

from __future__ import annotations

from sqlmodel import Session

from gin_scorer.core.wording import Said, said
from gin_scorer.services.queries.confirmation_log import words_of
from gin_scorer.services.queries.rounds.facts import finished_or_locked, read_event
from gin_scorer.services.queries.rounds.model import (
    EventFacts,
    MatchFacts,
    PairingView,
    RoundStatusBoard,
    RoundView,
)
from gin_scorer.services.support.dto import (
    MatchStatus,
)
from gin_scorer.services.support.errors import NotFound
from gin_scorer.store.database import Database
from gin_scorer.tournament import engine
from gin_scorer.tournament.confirmation import confirmation_of
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Format
from gin_scorer.tournament.results import ResultKind
from gin_scorer.tournament.tables import TableLine, TableState


def table_text(m: MatchFacts, facts: EventFacts) -> Said:
    """A match named by its table and players, inside a refusal: "table 3 (Ann v Bob)"."""
    a = facts.views[m.row.entrant_a_id].name if m.row.entrant_a_id in facts.views else "?"
    b_id = m.row.entrant_b_id
    b: Said | str = facts.views[b_id].name if b_id in facts.views else said("bye")
    if m.third is not None:
        c = facts.views[m.third].name if m.third in facts.views else "?"
        if m.row.table_number:
            return said("table {0} ({1}, {2} and {3})", m.row.table_number, a, b, c)
        return said("match {0} ({1}, {2} and {3})", m.row.id, a, b, c)
    if m.row.table_number:
        return said("table {0} ({1} v {2})", m.row.table_number, a, b)
    return said("match {0} ({1} v {2})", m.row.id, a, b)


def round_view(session: Session, event_id: int, number: int) -> RoundView:
    facts = read_event(session, event_id)
    row = facts.round_row(number)
    if row is None:
        raise NotFound(said("event {0} has no round {1}", event_id, number))
    return RoundView(
        event_id,
        number,
        _round_state(facts, number),
        row.paired_at,
        pairing_views(facts, number),
    )


def _round_state(facts: EventFacts, number: int) -> str:
    """ "paired" (nothing entered yet), "playing" or "finished", derived from the hands."""
    matches = facts.matches_of(number)
    if all(finished_or_locked(m) for m in matches):
        return "finished"
    if any(m.hands for m in matches):
        return "playing"
    return "paired"


def pairing_views(facts: EventFacts, number: int) -> tuple[PairingView, ...]:
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
                status=_pairing_status(m),
                slot=r.bracket_slot,
                games_a=m.games_a,
                games_b=m.games_b,
                hands=m.hands,
                c=facts.views[m.third] if m.third is not None else None,
                winner=m.outcome.winner if m.third is not None and m.outcome else None,
            )
        )
    lines.sort(key=lambda p: (p.table is None, p.table or 0, p.match_id))
    return tuple(lines)


def _pairing_status(m: MatchFacts) -> MatchStatus:
    """The match's status as its row keeps it, except that a withdrawal, which decides an
    unfinished match as a forfeit without a hand or a row changing, shows it finished (as
    the round's board and the standings count it)."""
    status = MatchStatus(m.row.status)
    if m.finished and status in (MatchStatus.PENDING, MatchStatus.PLAYING):
        return MatchStatus.FINISHED
    return status


def get_round(db: Database, event_id: int, round_number: int) -> RoundView:
    """A paired round with its pairings by table."""
    with db.transaction(write=False) as session:
        return round_view(session, event_id, round_number)


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
                pairing_views(facts, r.number),
            )
            for r in facts.rounds
        )


def pairings(db: Database, event_id: int, round_number: int) -> tuple[PairingView, ...]:
    """The pairings of a round by table (byes last); see :func:`pairings_by_name`."""
    return get_round(db, event_id, round_number).pairings


def _score_text(m: MatchFacts, facts: EventFacts) -> Said | str:
    """The board's score cell: the games, and where a result came from when not from hands
    (a sentence, said in the reader's language where it is shown)."""
    kind = m.outcome.kind if m.outcome is not None else ResultKind.PLAYED
    if m.forfeit:  # decided by a withdrawal, not by a reported result
        return said("forfeit (withdrawal)")
    if m.third is not None:  # a table of three: its winner, first ("1. Ann"), once it is won
        winner = m.outcome.winner if m.outcome is not None else None
        return f"1. {facts.views[winner].name}" if winner in facts.views else ""
    if kind is ResultKind.DOUBLE_FORFEIT:
        return kind.words
    if kind is not ResultKind.PLAYED:
        return said("{0}–{1} ({2})", m.games_a, m.games_b, kind.words)
    return f"{m.games_a}–{m.games_b}" if m.hands else ""


def round_status(db: Database, event_id: int, round_number: int) -> RoundStatusBoard:
    """Which tables of the round are waiting, playing or finished (derived from the hands)."""
    with db.transaction(write=False) as session:
        return status_board(session, read_event(session, event_id), round_number)


def status_board(session: Session, facts: EventFacts, round_number: int) -> RoundStatusBoard:
    """:func:`round_status` on an event already read (the room reads it once for all)."""
    if facts.round_row(round_number) is None:
        raise NotFound(said("event {0} has no round {1}", facts.event.id, round_number))
    lines = []
    matches = facts.matches_of(round_number)
    words = words_of(session, [m.row.id for m in matches if m.row.id is not None])
    for m in matches:
        r = m.row
        if r.entrant_b_id is None:
            state = TableState.BYE
        elif finished_or_locked(m):
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
                score=_score_text(m, facts),
                confirmation=confirmation_of(
                    words.get(r.id or 0, ()), r.version, decided=state is TableState.FINISHED
                ),
                c=facts.views[m.third].name if m.third is not None else None,
            )
        )
    lines.sort(key=lambda t: (t.table is None, t.table or 0, t.match_id or 0))
    return RoundStatusBoard(
        round_number,
        tuple(lines),
        event_id=facts.event.id or 0,
        total_rounds=_total_rounds(facts),
        event_complete=_complete(facts),
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
    if not all(finished_or_locked(m) for m in facts.matches):
        return False
    try:
        return engine.is_complete(facts.state)
    except TournamentError:
        return False


def event_complete(db: Database, event_id: int) -> bool:
    """Has the event played its last round to the end (elimination: is there a champion)?"""
    with db.transaction(write=False) as session:
        return _complete(read_event(session, event_id, with_views=False))
