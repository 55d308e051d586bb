"""Ratings across the whole database: recomputed from every rated match each time they are
asked for (:mod:`gin_scorer.tournament.ratings`), never stored, so a corrected result re-rates
everyone after it. Players with no rated match are not listed; asking for one gives the
newcomer's rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlmodel import Session, select

from gin_scorer.services.queries.club_facts import EventRecord, rated_matches, read_events
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.spreadsheet_csv import csv_text
from gin_scorer.services.support.team_members import entrant_people
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, Player
from gin_scorer.tournament.ratings import (
    Rating,
    RatingList,
    RatingScale,
    rate_matches,
)


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One line of the rating list."""

    rank: int
    player_id: int
    name: str
    club: str
    member_number: str
    rating: int
    uncertainty: int
    matches: int
    wins: int
    provisional: bool
    last_played: date | None


def club_ratings(session: Session, records: list[EventRecord] | None = None) -> RatingList:
    """Every player's rating from the rated matches of ``records`` (every event when None)."""
    found = records if records is not None else read_events(session)
    return rate_matches(rated_matches(found), RatingScale())


def rating_rows(db: Database) -> tuple[RatingRow, ...]:
    """The rating list, best first: one row per player with a rated match."""
    with db.transaction(write=False) as session:
        ratings = club_ratings(session)
        people = {p.id: p for p in session.exec(select(Player))}
    rows = []
    for rank, rating in enumerate(ratings.ranked(), start=1):
        person = people.get(rating.player)
        if person is None:
            continue
        history = ratings.history.get(rating.player, ())
        rows.append(
            RatingRow(
                rank=rank,
                player_id=rating.player,
                name=person.name,
                club=person.club or "",
                member_number=person.member_number or "",
                rating=round(rating.rating),
                uncertainty=round(rating.uncertainty),
                matches=rating.matches,
                wins=rating.wins,
                provisional=rating.provisional,
                last_played=history[-1].played_on if history else None,
            )
        )
    return tuple(rows)


CSV_COLUMNS = (
    "rank",
    "player_id",
    "name",
    "club",
    "member_number",
    "rating",
    "uncertainty",
    "matches",
    "wins",
    "provisional",
    "last_played",
)


def ratings_csv(rows: tuple[RatingRow, ...]) -> str:
    """The rating list as CSV, with a header (as every export: spreadsheet-safe text)."""
    return csv_text(
        CSV_COLUMNS,
        (
            (
                r.rank,
                r.player_id,
                r.name,
                r.club,
                r.member_number,
                r.rating,
                r.uncertainty,
                r.matches,
                r.wins,
                "yes" if r.provisional else "no",
                r.last_played.isoformat() if r.last_played else "",
            )
            for r in rows
        ),
    )


def entrant_ratings(db: Database, event_id: int) -> dict[int, tuple[Rating, ...]]:
    """Each entrant's rating as the event began (its player's, or both partners'), from the
    events played before it, for pairing lists; ``{}`` when no entrant has a rated match
    before it (a first event: every rating would be the newcomer's, which says nothing)."""
    with db.transaction(write=False) as session:
        fetch(session, Event, event_id)
        records = read_events(session)
        at = next((i for i, record in enumerate(records) if record.id == event_id), len(records))
        ratings = club_ratings(session, records[:at])
        rows = list(session.exec(select(Entrant).where(Entrant.event_id == event_id)))
        people = entrant_people(session, rows)
    if not any(p in ratings.ratings for players in people.values() for p in players):
        return {}
    return {entrant: tuple(ratings.of(p) for p in players) for entrant, players in people.items()}
