"""Events read for what happens between them: who each entrant is in the registry, and each
match's result as the event's own reading derives it (ratings, seasons, a player's page).

One read per event (:func:`gin_scorer.services.writes.rounds.read_event`, whose derivations are kept
between reads), in the order the events were played: by date, then by when they were made.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from sqlmodel import Session, col, select

from gin_scorer.services.queries.rounds.facts import read_event
from gin_scorer.services.queries.rounds.model import EventFacts, MatchFacts
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.support.stored_json import rules_from_json
from gin_scorer.services.support.team_members import entrant_people
from gin_scorer.store.tables import Event
from gin_scorer.tournament.model import MatchOutcome
from gin_scorer.tournament.ratings import RatedMatch


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One event as the club's history needs it: ``people`` maps each entrant to its
    player(s) (two for a partnership)."""

    facts: EventFacts
    rules_name: str
    people: dict[int, tuple[int, ...]]

    @property
    def id(self) -> int:
        assert self.facts.event.id is not None
        return self.facts.event.id

    @property
    def name(self) -> str:
        return self.facts.event.name

    @property
    def played_on(self) -> date:
        event = self.facts.event
        return event.start_date or event.created_at.date()

    def players_of(self, entrant: int | None) -> tuple[int, ...]:
        return self.people.get(entrant, ()) if entrant is not None else ()


def played_order(events: Iterable[Event]) -> list[Event]:
    """Events in the order they were played (date; then creation)."""
    return sorted(events, key=lambda e: (e.start_date or e.created_at.date(), e.created_at, e.id))


def read_events(session: Session, event_ids: Sequence[int] | None = None) -> list[EventRecord]:
    """The events named (all when None), each read once, in played order."""
    query = select(Event).where(col(Event.status) != EventStatus.DELETED.value)
    if event_ids is not None:
        query = query.where(col(Event.id).in_(list(event_ids)))
    records = []
    for event in played_order(session.exec(query)):
        assert event.id is not None
        facts = read_event(session, event.id, with_views=False)
        people = entrant_people(session, facts.entrants)
        rules = rules_from_json(event.rules_json, "event rules")
        records.append(EventRecord(facts, rules.name, people))
    return records


def is_rated(fact: MatchFacts, outcome: MatchOutcome | None = None) -> bool:
    """A match decided at the table: played out, time called, a slip or a ruling. A forfeit
    or a bye says nothing about how well anyone plays. ``outcome``: one of the match's
    results (a table of three has one between each two players; a draw between the two
    behind its winner rates nobody)."""
    outcome = fact.outcome if outcome is None else outcome
    return (
        outcome is not None
        and outcome.b is not None
        and outcome.winner is not None
        and not outcome.kind.unplayed
        and not fact.forfeit
    )


def rated_matches(records: Sequence[EventRecord]) -> list[RatedMatch]:
    """Every rated match of ``records`` between registered players, in played order."""
    found = []
    for index, record in enumerate(records):
        for fact, outcome in ((f, o) for f in record.facts.matches for o in f.outcomes):
            if not is_rated(fact, outcome):
                continue
            a, b = record.players_of(outcome.a), record.players_of(outcome.b)
            if not a or not b or set(a) & set(b):
                continue  # an entrant without a registered player (an old database)
            found.append(
                RatedMatch(
                    order=(index, fact.round_number or 0, fact.row.id or 0),
                    event_id=record.id,
                    a=a,
                    b=b,
                    a_won=outcome.winner == outcome.a,
                    played_on=record.played_on,
                    match_id=fact.row.id,
                )
            )
    return found
