"""Turning store rows into the frozen views of :mod:`gin_scorer.services.support.dto`.

Functions here read, never write; they batch their look-ups (one query per table, not one
per row) because lists of a few hundred entrants or matches are normal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol

from sqlalchemy import func
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandRecord, Side
from gin_scorer.core.wording import said
from gin_scorer.services.support.dto import (
    EntrantStatus,
    EntrantView,
    EntryKind,
    EventStatus,
    EventView,
    LogEntry,
    MatchStatus,
    MatchView,
)
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.match_seats import third_seats
from gin_scorer.services.support.stored_json import loads_mapping, rules_from_json
from gin_scorer.services.support.team_members import further_players_of
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Player, Round
from gin_scorer.store.undo_links import HAND_LOG, UndoLink


def event_views(session: Session, rows: Sequence[Event]) -> tuple[EventView, ...]:
    ids = [row.id for row in rows if row.id is not None]
    counts: dict[int, int] = {}
    if ids:
        query = (
            select(Entrant.event_id, func.count())
            .where(col(Entrant.event_id).in_(ids))
            .group_by(col(Entrant.event_id))
        )
        counts = {event_id: int(n) for event_id, n in session.exec(query)}
    return tuple(_event_view(row, counts.get(row.id or 0, 0)) for row in rows)


def event_view(session: Session, row: Event) -> EventView:
    return event_views(session, [row])[0]


def _event_view(row: Event, entrant_count: int) -> EventView:
    assert row.id is not None
    return EventView(
        id=row.id,
        name=row.name,
        venue=row.venue or "",
        start_date=row.start_date,
        end_date=row.end_date,
        format=row.format,
        rules=rules_from_json(row.rules_json, said("event {0} rules", row.id)),
        status=EventStatus(row.status),
        settings=loads_mapping(row.settings_json, said("event {0} settings", row.id)),
        entrant_count=entrant_count,
        has_pin=bool(row.pin_hash),
        version=row.version,
        created_at=row.created_at,
    )


class _Person(Protocol):
    """What an entrant's view shows of a player (a row of :data:`_PEOPLE`)."""

    @property
    def name(self) -> str: ...

    @property
    def member_number(self) -> str | None: ...


# Plain columns, not Player objects: the room reads every entrant's players after each hand.
_PEOPLE = sql_select(col(Player.id), col(Player.name), col(Player.member_number))


def entrant_views(session: Session, rows: Sequence[Entrant]) -> tuple[EntrantView, ...]:
    further = further_players_of(session, rows)
    player_ids = {pid for row in rows for pid in (row.player_id, row.partner_id) if pid}
    player_ids |= {pid for team in further.values() for pid in team}
    players: dict[int, _Person] = {}
    if player_ids:
        found = session.execute(_PEOPLE.where(col(Player.id).in_(player_ids)))
        players = {person.id: person for person in found}
    return tuple(_entrant_view(row, players, further.get(row.id or 0, ())) for row in rows)


def entrant_view(session: Session, row: Entrant) -> EntrantView:
    return entrant_views(session, [row])[0]


def _entrant_view(
    row: Entrant, players: dict[int, _Person], further: tuple[int, ...] = ()
) -> EntrantView:
    assert row.id is not None
    player = players.get(row.player_id) if row.player_id else None
    partner = players.get(row.partner_id) if row.partner_id else None
    if partner is not None:
        members: tuple[str, ...] = ((player.name if player else row.name), partner.name)
    else:
        members = (player.name if player else row.name,)
    members += tuple(players[p].name for p in further if p in players)
    return EntrantView(
        id=row.id,
        event_id=row.event_id,
        name=row.name,
        club=row.club or "",
        members=members,
        seed=row.seed,
        status=EntrantStatus(row.status),
        checked_in=bool(row.checked_in),
        member_number=(player.member_number or "") if player else "",
        joined_round=row.joined_round,
        player_id=row.player_id,
    )


def match_views(session: Session, rows: Sequence[Match]) -> tuple[MatchView, ...]:
    thirds = third_seats(session, [row.id for row in rows if row.id is not None])
    entrant_ids = {eid for row in rows for eid in (row.entrant_a_id, row.entrant_b_id) if eid}
    entrant_ids |= set(thirds.values())
    entrants: dict[int, EntrantView] = {}
    if entrant_ids:
        found = list(session.exec(select(Entrant).where(col(Entrant.id).in_(entrant_ids))))
        entrants = {view.id: view for view in entrant_views(session, found)}
    round_ids = {row.round_id for row in rows if row.round_id}
    numbers: dict[int, int] = {}
    if round_ids:
        query = select(Round.id, Round.number).where(col(Round.id).in_(round_ids))
        numbers = {rid: number for rid, number in session.exec(query) if rid is not None}
    return tuple(_match_view(row, entrants, numbers, thirds.get(row.id or 0)) for row in rows)


def match_view(session: Session, row: Match) -> MatchView:
    return match_views(session, [row])[0]


def _match_view(
    row: Match, entrants: dict[int, EntrantView], rounds: dict[int, int], third: int | None
) -> MatchView:
    assert row.id is not None
    return MatchView(
        id=row.id,
        event_id=row.event_id,
        round_number=rounds.get(row.round_id) if row.round_id else None,
        table_number=row.table_number,
        a=entrants[row.entrant_a_id],
        b=entrants[row.entrant_b_id] if row.entrant_b_id else None,
        status=MatchStatus(row.status),
        version=row.version,
        bracket_slot=row.bracket_slot,
        c=entrants[third] if third is not None else None,
    )


_LOG_COLUMNS: tuple[Any, ...] = (
    HandEntry.id,
    HandEntry.match_id,
    HandEntry.seq,
    HandEntry.kind,
    HandEntry.supersedes_id,
    HandEntry.record_json,
    HandEntry.dealer,
    HandEntry.override_reason,
    HandEntry.entered_by,
    HandEntry.station,
    HandEntry.entered_at,
    col(UndoLink.undoes_id).label("undoes_id"),
)


class LogRow(Protocol):
    """What :func:`log_entries` reads from a hand-log row (an ORM object or a plain row)."""

    id: int | None
    seq: int
    kind: str
    supersedes_id: int | None
    record_json: str
    dealer: str | None
    override_reason: str | None
    entered_by: str
    station: str
    entered_at: datetime


def hand_log(session: Session, match_id: int) -> list[Any]:
    """Every row of a match's hand log, oldest first (id order is the order they were
    written), as plain rows with HandEntry's attribute names (no ORM objects: cheaper)."""
    query = (
        sql_select(*_LOG_COLUMNS)
        .outerjoin(
            UndoLink,
            (col(UndoLink.log) == HAND_LOG) & (col(UndoLink.entry_id) == col(HandEntry.id)),
        )
        .where(col(HandEntry.match_id) == match_id)
        .order_by(col(HandEntry.id))
    )
    return list(session.execute(query))


@lru_cache(maxsize=200_000)
def parse_record(record_json: str) -> HandRecord:
    """A stored record (hand JSON text) as a HandRecord; cached, since rebuilding standings
    reads every hand of an event and declared hands repeat a lot."""
    return record_from_json(loads_mapping(record_json, said("stored hand")))


def log_entries(rows: Iterable[LogRow], undoes: int | None = None) -> tuple[LogEntry, ...]:
    """The log as values; ``in_force`` is false for rows a later correction or void replaced.
    A row read by :func:`hand_log` carries the row it undoes (``undoes_id``); ``undoes`` is
    that of a new row, written in this transaction (the last of ``rows``)."""
    rows = list(rows)
    superseded = {row.supersedes_id for row in rows if row.supersedes_id is not None}
    out: list[LogEntry] = []
    for row in rows:
        assert row.id is not None
        undone = getattr(row, "undoes_id", None)
        kind = entry_kind(row.id, row.kind)
        record = None
        if kind is not EntryKind.VOID and row.record_json:
            record = parse_record(row.record_json)
        out.append(
            LogEntry(
                id=row.id,
                seq=row.seq,
                kind=kind,
                supersedes_id=row.supersedes_id,
                record=record,
                dealer=_SIDES.get(row.dealer) if row.dealer else None,
                override_reason=row.override_reason,
                entered_by=row.entered_by,
                station=row.station,
                entered_at=row.entered_at,
                in_force=row.id not in superseded,
                undoes_id=undone,
            )
        )
    if undoes is not None and out:
        out[-1] = replace(out[-1], undoes_id=undoes)
    return tuple(out)


_KINDS = {k.value: k for k in EntryKind}  # a dict lookup, not an enum call per row


def entry_kind(hand_id: int | None, kind: str) -> EntryKind:
    """A hand-log row's kind; a kind no version of the app writes (a row edited behind its
    back) is said, naming the row, rather than ending in a traceback."""
    known = _KINDS.get(kind)
    if known is None:
        raise InvalidInput(
            said(
                "hand entry {0}: kind {1} is not one of {2}", hand_id, repr(kind), ", ".join(_KINDS)
            )
        )
    return known


_SIDES = {s.value: s for s in Side}
