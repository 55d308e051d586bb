"""The event as the room's pages show it, read in one transaction: the latest round's status
board and pairings, and the standings. The room reads this after every change while two
hundred phones watch, so the event is read once (not once for each part)."""

from __future__ import annotations

from dataclasses import dataclass

from gin_scorer.services.queries.rounds.facts import read_event
from gin_scorer.services.queries.rounds.model import PairingView, RoundStatusBoard
from gin_scorer.services.queries.rounds.reading import pairing_views, status_board
from gin_scorer.services.queries.seasons import season_names_of_event
from gin_scorer.services.queries.standings import StandingRow, standing_rows
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import NameOrder
from gin_scorer.services.support.name_order import NAME_ORDER, read_name_order
from gin_scorer.store.settings import get_setting
from gin_scorer.tournament.model import Format


@dataclass(frozen=True, slots=True)
class RoomReading:
    event_name: str
    venue: str
    format: Format
    round_number: int | None  # the latest paired round
    board: RoundStatusBoard | None
    pairings: tuple[PairingView, ...]
    standings: tuple[StandingRow, ...]
    seasons: tuple[str, ...]  # the seasons that count this event, by name
    name_order: NameOrder = NameOrder.SURNAME  # how the lists by name are ordered


def read_room_facts(db: Database, event_id: int) -> RoomReading:
    with db.transaction(write=False) as session:
        facts = read_event(session, event_id)
        number = facts.rounds[-1].number if facts.rounds else None
        return RoomReading(
            event_name=facts.event.name,
            venue=facts.event.venue or "",
            format=facts.format,
            round_number=number,
            board=status_board(session, facts, number) if number is not None else None,
            pairings=pairing_views(facts, number) if number is not None else (),
            standings=standing_rows(facts, None),
            seasons=season_names_of_event(session, event_id),
            name_order=read_name_order(get_setting(session, NAME_ORDER)),
        )
