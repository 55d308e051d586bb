"""Deleting an event (issue 36, decision 0020): a sealed, audited tombstone. The event leaves
every list and reading of the club; its facts stay and verify keeps checking them, on SQLite
and PostgreSQL."""

from __future__ import annotations

import pytest

from gin_scorer.presets import load_preset
from gin_scorer.services.queries.players import list_players
from gin_scorer.services.queries.ratings import rating_rows
from gin_scorer.services.queries.seasons import season_standing
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.support.errors import InvalidInput, NotFound
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from gin_scorer.services.writes.event_delete import delete_event
from gin_scorer.services.writes.season_changes import create_season, set_season_events
from gin_scorer.store.database import Database
from tests.services.helpers import GIN_A, hand


def _night(db: Database, name: str, pin: str | None = None) -> int:
    """A club night of two players, one match decided by two gins, finished."""
    event = events.create_event(
        db, name=name, rules=load_preset("wikipedia-standard"), format="club", pin=pin
    )
    ann = entrants.add_entrant(db, event.id, "Ann Lee", club="Elks").id
    bob = entrants.add_entrant(db, event.id, "Bob Roe", club="Elks").id
    (pairing,) = rounds.start_round(db, event.id, chosen=[(ann, bob)]).pairings
    for _ in range(2):
        version = matches.get_match(db, pairing.match_id).version
        hands.record_hand(db, pairing.match_id, hand(GIN_A), version, entered_by="T")
    current = events.get_event(db, event.id)
    events.set_event_status(db, event.id, EventStatus.FINISHED, current.version)
    return event.id


def test_a_deleted_event_leaves_every_list_and_the_seal_holds(db: Database) -> None:
    kept, gone = _night(db, "Night 1"), _night(db, "Night 2", pin="2468")
    season = create_season(db, "Winter")
    set_season_events(db, season.id, add=[kept, gone])
    code = current_seal(db)
    assert code is not None
    with pytest.raises(InvalidInput, match="is not the name of event"):
        delete_event(db, gone, name="Night 1", pin="2468")
    done = delete_event(db, gone, name=" night  2 ", pin="2468", reason="entered twice")
    assert (done.entrants, done.matches, done.hands) == (2, 1, 2)
    assert [e.id for e in events.list_events(db)] == [kept]
    with pytest.raises(NotFound, match=r"event .* \('Night 2'\) was deleted"):
        events.get_event(db, gone)
    with pytest.raises(InvalidInput, match="is already deleted"):
        delete_event(db, gone, name="Night 2", pin="2468")
    assert season_standing(db, season.id).season.event_ids == (kept,)
    assert {p.name: p.events for p in list_players(db)} == {"Ann Lee": 1, "Bob Roe": 1}
    assert all(r.matches == 1 for r in rating_rows(db))
    report = verify_database(db, seal_code=code)
    assert report.clean, report.problems
    assert report.events == 2  # the deleted event's hands are still checked


def test_a_match_of_a_deleted_event_takes_nothing_more(db: Database) -> None:
    event = _night(db, "Night 1")
    (match,) = matches.list_matches(db, event)
    delete_event(db, event, name="Night 1")
    with pytest.raises(NotFound, match="was deleted"):
        hands.record_hand(db, match.id, hand(GIN_A), match.version + 10, entered_by="T")
    with pytest.raises(NotFound, match="was deleted"):
        entrants.add_entrant(db, event, "Cy Dale")
