"""A whole event as a JSON file that imports back into an identical event (on another laptop,
another database). The file refers to entrants, rounds, matches and hand-log rows by their
position in it (1-based), never by database ids, so the same event exports the same file from
any database it lives in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, col, select

from gin_scorer.services.support.dto import (
    EntryKind,
)
from gin_scorer.services.support.match_seats import third_seats
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.stored_json import loads_mapping
from gin_scorer.services.support.team_members import further_players_of
from gin_scorer.services.writes.exchange.csv_files import event_matches, pretty_json
from gin_scorer.services.writes.exchange.result_part import result_log_rows, result_part
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Player, ResultEntry, Round
from gin_scorer.store.undo_links import HAND_LOG, RESULT_LOG, UndoLink

EVENT_FILE_KIND = "gin-scorer-event"
# 2: a row written by an undo or a redo names the row it takes back ("undoes", decision
# 0029). A version 1 file has no undo links and still imports.
EVENT_FILE_VERSION = 2
READABLE_VERSIONS = (1, 2)


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _day(value: date | None) -> str | None:
    return value.isoformat() if value is not None else None


@dataclass(frozen=True)
class _EventRows:
    """Everything an event file holds, read in one transaction, in file order."""

    event: Event
    entrants: list[Entrant]
    players: dict[int | None, Player]
    team: dict[int, tuple[int, ...]]  # a team's third and later players, by entrant
    rounds: list[Round]
    matches: list[Match]
    hands: list[HandEntry]
    results: list[ResultEntry]
    thirds: dict[int, int]  # a table of three's third player, by match
    undoes: dict[tuple[str, int], int]  # (log, row an undo wrote) -> the row it takes back


def event_document(db: Database, event_id: int) -> dict[str, Any]:
    """The whole event as a JSON-ready dict: rules, settings, entrants, rounds, matches, the
    complete hand log and result log (corrections and voids included)."""
    with db.transaction(write=False) as session:
        rows = _read_rows(session, event_id)
    # Refs are positions in the file (1-based), never database ids.
    refs = _Refs(
        entrant={e.id: i + 1 for i, e in enumerate(rows.entrants)},
        round={r.id: i + 1 for i, r in enumerate(rows.rounds)},
        match={m.id: i + 1 for i, m in enumerate(rows.matches)},
        hand={h.id: i + 1 for i, h in enumerate(rows.hands)},
    )
    document = {
        "kind": EVENT_FILE_KIND,
        "version": EVENT_FILE_VERSION,
        "event": _event_part(rows.event),
        "entrants": [_entrant_part(e, refs, rows.players, rows.team) for e in rows.entrants],
        "rounds": [
            {
                "ref": refs.round[r.id],
                "number": r.number,
                "status": r.status,
                "paired_at": _when(r.paired_at),
            }
            for r in rows.rounds
        ],
        "matches": [_match_part(m, refs, rows.thirds) for m in rows.matches],
        "hands": [_hand_part(h, refs, rows.undoes.get((HAND_LOG, h.id or 0))) for h in rows.hands],
    }
    if rows.results:  # an event without reported results keeps its file as it was
        result_ref: dict[int | None, int] = {x.id: i + 1 for i, x in enumerate(rows.results)}
        document["results"] = [
            result_part(x, result_ref, refs.match, rows.undoes.get((RESULT_LOG, x.id or 0)))
            for x in rows.results
        ]
    return document


@dataclass(frozen=True)
class _Refs:
    entrant: dict[int | None, int]
    round: dict[int | None, int]
    match: dict[int | None, int]
    hand: dict[int | None, int]


def _read_rows(session: Session, event_id: int) -> _EventRows:
    event = fetch(session, Event, event_id)
    entrants = list(
        session.exec(select(Entrant).where(Entrant.event_id == event_id).order_by(col(Entrant.id)))
    )
    team = further_players_of(session, entrants)
    player_ids = {p for e in entrants for p in (e.player_id, e.partner_id) if p}
    player_ids |= {p for players_of in team.values() for p in players_of}
    players: dict[int | None, Player] = {}
    if player_ids:
        players = {
            p.id: p for p in session.exec(select(Player).where(col(Player.id).in_(player_ids)))
        }
    rounds = list(
        session.exec(select(Round).where(Round.event_id == event_id).order_by(col(Round.number)))
    )
    matches = event_matches(session, event_id)
    match_ids = [m.id for m in matches]
    hands: list[HandEntry] = []
    if match_ids:
        query = select(HandEntry).where(col(HandEntry.match_id).in_(match_ids))
        hands = list(session.exec(query.order_by(col(HandEntry.id))))
    results = result_log_rows(session, match_ids)
    thirds = third_seats(session, [m for m in match_ids if m is not None])
    undoes = _undo_links(session, match_ids)
    return _EventRows(
        event, entrants, players, team, rounds, matches, hands, results, thirds, undoes
    )


def _undo_links(session: Session, match_ids: list[int | None]) -> dict[tuple[str, int], int]:
    if not match_ids:
        return {}
    links = session.exec(select(UndoLink).where(col(UndoLink.match_id).in_(match_ids)))
    return {(link.log, link.entry_id): link.undoes_id for link in links}


def _event_part(event: Event) -> dict[str, Any]:
    return {
        "name": event.name,
        "venue": event.venue,
        "start_date": _day(event.start_date),
        "end_date": _day(event.end_date),
        "format": event.format,
        "rules": loads_mapping(event.rules_json, "event rules"),
        "settings": loads_mapping(event.settings_json, "event settings"),
        "status": event.status,
        "pin_hash": event.pin_hash,
        "created_at": _when(event.created_at),
    }


def _person(player: Player | None) -> dict[str, Any] | None:
    if player is None:
        return None
    return {
        "name": player.name,
        "club": player.club,
        "member_number": player.member_number,
        "contact": player.contact,
    }


def _entrant_part(
    e: Entrant, refs: _Refs, players: dict[int | None, Player], team: dict[int, tuple[int, ...]]
) -> dict[str, Any]:
    further = team.get(e.id or 0, ())
    return {
        "ref": refs.entrant[e.id],
        "name": e.name,
        "club": e.club,
        "player": _person(players.get(e.player_id) if e.player_id else None),
        "partner": _person(players.get(e.partner_id) if e.partner_id else None),
        **({"team": [_person(players.get(p)) for p in further]} if further else {}),
        "seed": e.seed,
        "status": e.status,
        "checked_in": e.checked_in,
        "joined_round": e.joined_round,
    }


def _match_part(m: Match, refs: _Refs, thirds: dict[int, int]) -> dict[str, Any]:
    third = thirds.get(m.id or 0)
    return {
        "ref": refs.match[m.id],
        "round": refs.round.get(m.round_id) if m.round_id else None,
        "table": m.table_number,
        "a": refs.entrant[m.entrant_a_id],
        "b": refs.entrant[m.entrant_b_id] if m.entrant_b_id else None,
        **({"c": refs.entrant[third]} if third is not None else {}),
        "slot": m.bracket_slot,
        "rules": loads_mapping(m.rules_json, f"match {m.id} rules"),
        "status": m.status,
        "created_at": _when(m.created_at),
    }


def _hand_part(h: HandEntry, refs: _Refs, undoes: int | None) -> dict[str, Any]:
    """A row of the hand log; ``undoes``: the row an undo or a redo that wrote it takes back
    (only such rows carry the key)."""
    return {
        "ref": refs.hand[h.id],
        "match": refs.match[h.match_id],
        "seq": h.seq,
        "kind": h.kind,
        "supersedes": refs.hand.get(h.supersedes_id) if h.supersedes_id else None,
        "record": loads_mapping(h.record_json, f"hand entry {h.id}")
        if h.kind != EntryKind.VOID.value
        else None,
        "dealer": h.dealer,
        "override_reason": h.override_reason,
        "entered_by": h.entered_by,
        "station": h.station,
        "entered_at": _when(h.entered_at),
        # A link to a row outside this event (damage verify names) cannot be carried.
        **({"undoes": refs.hand[undoes]} if undoes in refs.hand else {}),
    }


def export_event_json(db: Database, event_id: int) -> str:
    return pretty_json(event_document(db, event_id))
