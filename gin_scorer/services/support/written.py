"""What a write changed: a small frozen :class:`Changes` the front ends refresh from.

Every write service already leaves, in the same transaction, one change-feed row per row it
wrote (:mod:`gin_scorer.store.changes`). A write's :class:`Changes` is read off the rows its
own transactions committed, so no service keeps count by hand and none can forget to:

>>> with recording() as heard:              # doctest: +SKIP
...     record_hand(db, match_id, record, version)
>>> heard.changes.matches                   # doctest: +SKIP
frozenset({17})

or, for one call, ``sheet, changes = writing(lambda: record_hand(...))``. The desk records
every :func:`~gin_scorer.gui.background.wait_for` this way and refreshes what a write named;
the room publishes the tables it names; ``gin-scorer --verbose`` prints it. Another station's
writes come through the polled feed (:mod:`.changes`) and read the same way with
:func:`changes_in_feed`.

Not to be confused with :class:`~gin_scorer.services.support.dto.Change` and ``ChangeFeed``: those
are the feed's entries as a station polls them; this is what they amount to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TypeVar

from gin_scorer.services.support.dto import ChangeFeed
from gin_scorer.store.changes import WrittenRow, written_rows
from gin_scorer.store.tables import RESTORE_OP

T = TypeVar("T")

STANDINGS_TABLES = frozenset(
    {
        "event",  # its rules and tie-breaks
        "entrant",  # who stands, withdrawn or not
        "team_member",
        "player",  # the names a standing shows
        "round",
        "match",  # its result, its version after a hand
        "hand_entry",
        "result_entry",
        "result_confirmation",
        "undo_link",  # which log row an undo took back
    }
)
"""The tables an event's standings are folded from: a write to any of them moves them."""

MATCH_TABLES = frozenset(
    {"match", "hand_entry", "result_entry", "result_confirmation", "undo_link"}
)
"""Rows that change single tables only (their lines relabelled, no tree rebuilt)."""


@dataclass(frozen=True, slots=True)
class Changes:
    """Which events, rounds, matches, entrants and players some writes touched, which kinds
    of rows, and whether standings move. ``everything`` is a restore: read it all again."""

    events: frozenset[int] = frozenset()
    rounds: frozenset[int] = frozenset()
    matches: frozenset[int] = frozenset()
    entrants: frozenset[int] = frozenset()
    players: frozenset[int] = frozenset()
    tables: frozenset[str] = frozenset()
    standings: bool = False
    everything: bool = False

    def __bool__(self) -> bool:
        return bool(self.tables) or self.everything

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            self.events | other.events,
            self.rounds | other.rounds,
            self.matches | other.matches,
            self.entrants | other.entrants,
            self.players | other.players,
            self.tables | other.tables,
            self.standings or other.standings,
            self.everything or other.everything,
        )

    @property
    def matches_only(self) -> bool:
        """Only tables' own rows changed (a hand, a result): no event, round or entrant."""
        return not self.everything and self.tables <= MATCH_TABLES

    def touches(self, event_id: int) -> bool:
        """Whether event ``event_id`` may show anything else now (a player's new name is
        any event's; a write no event claims is too)."""
        return self.everything or bool(self.players) or event_id in self.events

    def moves_standings_of(self, event_id: int) -> bool:
        return self.everything or (self.standings and self.touches(event_id))


NOTHING = Changes()


def changes_of(rows: Iterable[WrittenRow]) -> Changes:
    """What the written ``rows`` amount to."""
    ids: dict[str, set[int]] = {"event": set(), "round": set(), "match": set()}
    ids.update(entrant=set(), player=set())
    tables: set[str] = set()
    everything = False
    for row in rows:
        everything = everything or row.op == RESTORE_OP
        tables.add(row.table_name)
        for kind, value in (("event", row.event_id), ("round", row.round_id)):
            if value is not None:
                ids[kind].add(value)
        if row.match_id is not None:
            ids["match"].add(row.match_id)
        if row.table_name in ("entrant", "player") and row.row_id is not None:
            ids[row.table_name].add(row.row_id)
    return Changes(
        events=frozenset(ids["event"]),
        rounds=frozenset(ids["round"]),
        matches=frozenset(ids["match"]),
        entrants=frozenset(ids["entrant"]),
        players=frozenset(ids["player"]),
        tables=frozenset(tables),
        standings=bool(tables & STANDINGS_TABLES),
        everything=everything,
    )


def changes_in_feed(feed: ChangeFeed, *, but_station: str | None = None) -> Changes:
    """What the polled feed's entries amount to (other stations' writes when ``but_station``
    names this one). The feed names the matches of its log rows; its rounds are not known
    without reading, so a round's own row is named and a match's round is not."""
    kept = [c for c in feed.changes if but_station is None or c.station != but_station]
    rows = [
        WrittenRow(
            c.table,
            c.row_id,
            c.op,
            c.event_id,
            c.row_id if c.table == "match" else None,
            c.row_id if c.table == "round" else None,
        )
        for c in kept
    ]
    found = changes_of(rows)
    if not found.tables & (MATCH_TABLES - {"match"}):
        return found
    # A log row's match: the feed has mapped them (every station's: one of this station's
    # among them is only read again).
    return replace(found, matches=found.matches | feed.match_ids)


@dataclass
class Recording:
    """What the writes inside :func:`recording` changed (read ``changes`` after the block,
    or during it for the writes committed so far)."""

    rows: list[WrittenRow] = field(default_factory=list)

    @property
    def changes(self) -> Changes:
        return changes_of(self.rows)


@contextmanager
def recording() -> Iterator[Recording]:
    """Hear every write committed inside the block on this thread: its :class:`Changes`."""
    with written_rows() as rows:
        yield Recording(rows)


def writing(call: Callable[[], T]) -> tuple[T, Changes]:
    """``call()``'s result and what its writes changed: any write service, as
    ``writing(lambda: service(db, ...))``."""
    with recording() as heard:
        result = call()
    return result, heard.changes
