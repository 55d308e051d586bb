"""A write says what it changed: the rows its own committed transactions wrote, read off the
change feed (issue 39), on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gin_scorer.services.support import changes
from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.support.errors import ConflictError
from gin_scorer.services.support.written import (
    NOTHING,
    Changes,
    changes_in_feed,
    recording,
    writing,
)
from gin_scorer.services.writes import entrants, hands
from gin_scorer.store.database import Database

from .helpers import KNOCK_A, hand

NewMatch = Callable[..., MatchView]


def test_a_hand_names_its_match_and_moves_the_standings(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    first, made = writing(
        lambda: hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    )
    assert "event" in made.tables  # the first hand starts the event: its row says so
    assert not made.matches_only
    sheet, made = writing(
        lambda: hands.record_hand(db, match.id, hand(KNOCK_A), first.version, entered_by="T")
    )
    assert sheet.version == first.version + 1
    assert made.matches == {match.id}
    assert made.events == {match.event_id}
    assert made.standings and made.matches_only
    assert "hand_entry" in made.tables and not made.entrants
    assert made.touches(match.event_id) and not made.touches(match.event_id + 1000)


def test_an_entrant_names_itself_and_its_event(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    added, made = writing(lambda: entrants.add_entrant(db, match.event_id, "Late Walker"))
    assert added.id in made.entrants
    assert made.events == {match.event_id}
    assert made.standings and not made.matches_only and not made.matches


def test_a_refused_write_and_a_read_change_nothing(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    with recording() as heard:
        with pytest.raises(ConflictError):  # a stale version: rolled back
            hands.record_hand(db, match.id, hand(KNOCK_A), match.version + 5, entered_by="T")
        changes.current_marker(db)
    assert heard.changes == NOTHING and not heard.changes


def test_blocks_nest_and_hear_only_their_own(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    with recording() as outer:
        sheet, inner = writing(
            lambda: hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
        )
        entrants.add_entrant(db, match.event_id, "Late Walker")
    assert inner.matches == {match.id} and not inner.entrants
    assert outer.changes.matches == {match.id} and outer.changes.entrants
    assert sheet.version == match.version + 1


def test_the_polled_feed_reads_the_same(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    marker = changes.current_marker(db)
    _, made = writing(
        lambda: hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    )
    feed = changes.changes_since(db, marker)
    heard = changes_in_feed(feed)
    assert heard.matches == made.matches and heard.events == made.events
    assert heard.tables == made.tables and heard.standings
    assert changes_in_feed(feed, but_station=db.station) == NOTHING


def test_changes_add_up() -> None:
    one = Changes(events=frozenset({1}), matches=frozenset({5}), tables=frozenset({"match"}))
    two = Changes(events=frozenset({2}), entrants=frozenset({9}), tables=frozenset({"entrant"}))
    both = one | two
    assert both.events == {1, 2} and both.matches == {5} and both.entrants == {9}
    assert not both.matches_only and one.matches_only
    assert (NOTHING | one) == one
