"""Writing an event file's rows once it has been read whole and found sound: entrants with
their players, rounds, matches with a table of three's third seat, hands and results, each
given its new id in the order the file's refs point to one another.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlmodel import Session

from gin_scorer.core.rules import RuleSet
from gin_scorer.services.queries.player_registry import player_for_entry
from gin_scorer.services.support.match_seats import add_third_seat
from gin_scorer.services.support.team_members import add_further_players
from gin_scorer.services.writes.exchange.result_part import ResultRows, write_results
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Player, Round
from gin_scorer.store.undo_links import HAND_LOG, RESULT_LOG, UndoLink

EntrantRows = dict[int, tuple[Entrant, Player | None, Player | None, list[Player]]]
MatchRows = dict[int, tuple[Match, int | None, int | None, int | None, RuleSet | None]]
HandRows = dict[int, tuple[HandEntry, int, int | None]]


@dataclass
class EventFile:
    """The rows an event file will write, by their refs in the file (ids come at writing)."""

    event: Event
    entrants: EntrantRows = field(default_factory=dict)
    rounds: dict[int, Round] = field(default_factory=dict)
    matches: MatchRows = field(default_factory=dict)
    hands: HandRows = field(default_factory=dict)
    results: ResultRows = field(default_factory=dict)
    # The undo links (decision 0029): a row's ref → the ref of the row it takes back.
    hand_undoes: dict[int, int] = field(default_factory=dict)
    result_undoes: dict[int, int] = field(default_factory=dict)
    # A table of three's third player: the match's ref → the entrant's ref.
    thirds: dict[int, int] = field(default_factory=dict)
    # Link the file's people to the registry's (a demo kept from its scratch database), as
    # an entrant typed in is linked, instead of new records of their own (an import).
    linked: bool = False


def write_rows(session: Session, event_id: int, read: EventFile) -> dict[int, int]:
    """Entrants (with their players), rounds, matches and hands; the match ids by ref."""
    entrant_ids: dict[int, int] = {}
    entered: set[int] = set()
    for ref, (row, player, partner, team) in read.entrants.items():
        if read.linked:
            player = _linked(session, player, entered)
            partner = _linked(session, partner, entered)
            team = [p for p in (_linked(session, t, entered) for t in team) if p is not None]
        for p in (player, partner, *team):
            if p is not None:
                session.add(p)
        session.flush()
        row.event_id = event_id
        row.player_id = player.id if player is not None else None
        row.partner_id = partner.id if partner is not None else None
        entrant_ids[ref] = _added(session, row)
        add_further_players(session, entrant_ids[ref], [p.id or 0 for p in team])
    round_ids: dict[int, int] = {}
    for ref, row_r in read.rounds.items():
        row_r.event_id = event_id
        round_ids[ref] = _added(session, row_r)
    match_ids: dict[int, int] = {}
    for ref, (row_m, a, b, rnd, _rules) in read.matches.items():
        row_m.event_id = event_id
        row_m.entrant_a_id = entrant_ids[a or 0]
        row_m.entrant_b_id = entrant_ids[b] if b is not None else None
        row_m.round_id = round_ids[rnd] if rnd is not None else None
        match_ids[ref] = _added(session, row_m)
        if ref in read.thirds:
            add_third_seat(session, row_m, entrant_ids[read.thirds[ref]])
    hand_ids = _write_hands(session, read.hands, match_ids)
    result_ids = write_results(session, read.results, match_ids)
    _write_undo_links(session, HAND_LOG, read.hand_undoes, read.hands, hand_ids)
    _write_undo_links(session, RESULT_LOG, read.result_undoes, read.results, result_ids)
    return match_ids


def _write_undo_links(
    session: Session,
    log: str,
    undoes: dict[int, int],
    rows: HandRows | ResultRows,
    ids: dict[int, int],
) -> None:
    """The links as the original's undos wrote them, in the same transaction as their rows
    (so the same seal link holds both)."""
    for ref, undone in undoes.items():
        match_id = rows[ref][0].match_id
        session.add(UndoLink(match_id=match_id, log=log, entry_id=ids[ref], undoes_id=ids[undone]))


def _linked(session: Session, person: Player | None, entered: set[int]) -> Player | None:
    """The registry's player for a person of the file (member number, else name and club,
    else a new player), never one already in this event."""
    if person is None:
        return None
    found = player_for_entry(
        session, person.name, person.club or "", person.member_number or "", entered
    )
    if found.id is not None:
        entered.add(found.id)
    return found


def _write_hands(session: Session, hands: HandRows, match_ids: dict[int, int]) -> dict[int, int]:
    """The hand log in the file's order, many rows a flush: a run of hands goes in together
    up to a correction or a void of a hand of that run (which needs its target's id first).
    The ids keep the file's order, which the log's "newest row" reads; the ids by ref."""
    hand_ids: dict[int, int] = {}
    run: list[tuple[int, HandEntry]] = []
    for ref, (row_h, match_ref, supersedes) in hands.items():
        if supersedes is not None and supersedes not in hand_ids:
            _flush_run(session, run, hand_ids)
        row_h.match_id = match_ids[match_ref]
        row_h.supersedes_id = hand_ids[supersedes] if supersedes is not None else None
        session.add(row_h)
        run.append((ref, row_h))
    _flush_run(session, run, hand_ids)
    return hand_ids


def _flush_run(session: Session, run: list[tuple[int, HandEntry]], ids: dict[int, int]) -> None:
    session.flush()
    for ref, row in run:
        assert row.id is not None
        ids[ref] = row.id
    run.clear()


def _added(session: Session, row: Entrant | Round | Match | HandEntry) -> int:
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id
