"""What the room's pages show, read in one go through the services: the round's tables and who
sits where, the standings and where they stand, the missing results, a knockout's bracket."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gin_scorer.presentation.names import name_key
from gin_scorer.presentation.standings_stage import standings_heading
from gin_scorer.presentation.words import translate
from gin_scorer.services.queries.room_reading import read_room_facts
from gin_scorer.services.queries.standings import BracketSlotView, StandingRow, bracket
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import NameOrder
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes.rounds import NameLine, PairingView, pairings_by_name
from gin_scorer.tournament.tables import TableLine


@dataclass(frozen=True, slots=True)
class RoomView:
    """One look at the event, for every page of the room."""

    event_id: int
    event_name: str
    venue: str
    round_number: int | None
    tables: tuple[TableLine, ...]
    pairings: tuple[PairingView, ...]
    by_name: tuple[NameLine, ...]
    standings: tuple[StandingRow, ...]
    round_complete: bool  # every table of the latest round has its result
    missing: tuple[TableLine, ...]
    bracket: tuple[BracketSlotView, ...]
    champion: str
    seal: str | None
    seasons: tuple[str, ...] = ()  # the seasons that count this event (the room links them)

    # The words below are said when a page is made, in its reader's language: the view
    # itself is shared by every phone, whatever language each reads.

    @property
    def standings_heading(self) -> str:
        """ "Standings — after round 2"."""
        return standings_heading(self.round_number, complete=self.round_complete)

    @property
    def missing_text(self) -> str:
        """``2 tables still owe a result: 3, 7`` or ``every table has its result``."""
        if self.round_number is None:
            return translate("room_view", "no round paired yet")
        if not self.missing:
            return translate("room_view", "every table of round {0} has its result").format(
                self.round_number
            )
        tables = ", ".join(str(t.table) for t in self.missing if t.table is not None)
        if len(self.missing) == 1:
            return translate("room_view", "1 table still owes a result: {0}").format(tables)
        return translate("room_view", "{0} tables still owe a result: {1}").format(
            len(self.missing), tables
        )


def read_room(db: Database, event_id: int) -> RoomView:
    """The event as the room shows it now (the seal read last, so it covers all of it)."""
    read = read_room_facts(db, event_id)
    number, board = read.round_number, read.board
    slots: tuple[BracketSlotView, ...] = ()
    champion = ""
    if read.format.is_elimination and number is not None:
        drawn = bracket(db, event_id)
        slots = drawn.slots
        champion = drawn.champion.name if drawn.champion is not None else ""
    return RoomView(
        event_id=event_id,
        event_name=read.event_name,
        venue=read.venue,
        round_number=number,
        tables=board.lines if board is not None else (),
        pairings=read.pairings,
        by_name=tuple(
            sorted(pairings_by_name(read.pairings), key=lambda n: _filed(n.name, read.name_order))
        ),
        standings=read.standings,
        round_complete=board is not None and board.complete,
        missing=board.missing if board is not None else (),
        bracket=slots,
        champion=champion,
        seal=current_seal(db),
        seasons=read.seasons,
    )


@lru_cache(maxsize=4096)
def _filed(name: str, order: NameOrder) -> str:
    """Where ``name`` files under ``order`` (presentation.names.name_key), kept: the room sorts
    the same two hundred names after every hand, and folding each name again was a fifth of
    its reading."""
    return name_key(name, order)
