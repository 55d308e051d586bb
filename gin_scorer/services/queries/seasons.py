"""Seasons and leagues: a season counts events (club nights, tournaments) into one table by
its own knobs (:mod:`gin_scorer.tournament.season`). The season and its list of events are
stored and sealed; its table is a fold over the events' results, read afresh each time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlmodel import Session, col, select

from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.queries.club_facts import EventRecord, played_order, read_events
from gin_scorer.services.queries.standings import event_places
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.stored_json import loads_mapping
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, Player, Season, SeasonEvent
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.season import (
    NightLine,
    NightResult,
    SeasonRow,
    SeasonScoring,
    season_table,
)


@dataclass(frozen=True, slots=True)
class SeasonView:
    id: int
    name: str
    scoring: SeasonScoring
    event_ids: tuple[int, ...]  # in played order
    version: int


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """A season's table with the names it needs: the nights' names and the players'."""

    season: SeasonView
    nights: tuple[NightResult, ...]
    rows: tuple[SeasonRow, ...]
    names: Mapping[int, str]
    notes: tuple[Said, ...]


def scoring_from(data: Mapping[str, object]) -> SeasonScoring:
    """The knobs as a director typed them; InvalidInput names the one that is wrong."""
    try:
        return SeasonScoring.from_dict(data)
    except TournamentError as error:
        raise InvalidInput(words_of(error)) from None


def season_view(session: Session, row: Season) -> SeasonView:
    assert row.id is not None
    linked = session.exec(select(SeasonEvent.event_id).where(SeasonEvent.season_id == row.id))
    events = played_order(
        session.exec(
            select(Event)
            .where(col(Event.id).in_(list(linked)))
            .where(col(Event.status) != EventStatus.DELETED.value)
        )
    )
    scoring = scoring_from(loads_mapping(row.scoring_json, said("season {0}'s scoring", row.id)))
    return SeasonView(row.id, row.name, scoring, tuple(e.id or 0 for e in events), row.version)


def list_seasons(db: Database) -> tuple[SeasonView, ...]:
    with db.transaction(write=False) as session:
        return tuple(
            season_view(session, s) for s in session.exec(select(Season).order_by(col(Season.id)))
        )


def get_season(db: Database, season_id: int) -> SeasonView:
    with db.transaction(write=False) as session:
        return season_view(session, fetch(session, Season, season_id))


def night_of(record: EventRecord) -> NightResult:
    """One event as a season counts it: each player's matches won and lost, and place."""
    places = event_places(record.facts)
    lines: dict[int, list[int]] = {}
    # A table of three counts as a result between each two of its players, as its standings do.
    for outcome in (o for fact in record.facts.matches for o in fact.outcomes):
        for entrant in (outcome.a, outcome.b):
            if entrant is None:
                continue
            for player in record.players_of(entrant):
                line = lines.setdefault(player, [0, 0, 0])
                line[0] += outcome.winner == entrant
                line[1] += outcome.b is not None and outcome.winner != entrant
                line[2] = entrant
    result = {
        player: NightLine(won, lost, places.get(entrant) if places is not None else None)
        for player, (won, lost, entrant) in lines.items()
    }
    return NightResult(
        record.id, record.name, record.played_on, record.rules_name, result, places is not None
    )


def season_standing(db: Database, season_id: int) -> SeasonStanding:
    """The season's table as it stands now."""
    with db.transaction(write=False) as session:
        return _standing(session, fetch(session, Season, season_id))


def seasons_of_event(db: Database, event_id: int) -> tuple[SeasonStanding, ...]:
    """The tables of every season that counts ``event_id``, as they stand now (the room shows
    them beside the night's own standings)."""
    with db.transaction(write=False) as session:
        rows = session.exec(
            select(Season)
            .join(SeasonEvent, col(SeasonEvent.season_id) == col(Season.id))
            .where(SeasonEvent.event_id == event_id)
            .order_by(col(Season.id))
        )
        return tuple(_standing(session, row) for row in rows.all())


def season_names_of_event(session: Session, event_id: int) -> tuple[str, ...]:
    """The names of the seasons that count ``event_id`` (one light read, for a link)."""
    return tuple(
        session.exec(
            select(Season.name)
            .join(SeasonEvent, col(SeasonEvent.season_id) == col(Season.id))
            .where(SeasonEvent.event_id == event_id)
            .order_by(col(Season.id))
        )
    )


def _standing(session: Session, row: Season) -> SeasonStanding:
    season = season_view(session, row)
    nights = tuple(night_of(r) for r in read_events(session, season.event_ids))
    table = season_table(nights, season.scoring)
    wanted = [r.player for r in table.rows]
    names = {
        p.id or 0: p.name for p in session.exec(select(Player).where(col(Player.id).in_(wanted)))
    }
    return SeasonStanding(season, nights, table.rows, names, table.notes)
