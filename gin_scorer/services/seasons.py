"""Seasons and leagues: a season counts events (club nights, tournaments) into one table by
its own knobs (:mod:`gin_scorer.tournament.season`). The season and its list of events are
stored and sealed; its table is a fold over the events' results, read afresh each time.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from sqlmodel import Session, col, select

from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.audit_trail import record_changed
from gin_scorer.services.authority import DatabaseAction, require_whole_database
from gin_scorer.services.club_facts import EventRecord, played_order, read_events
from gin_scorer.services.dto import EventStatus
from gin_scorer.services.errors import InvalidInput, NotFound
from gin_scorer.services.rows import fetch
from gin_scorer.services.standings import event_places
from gin_scorer.services.stored_json import dumps, loads_mapping
from gin_scorer.services.text_input import clean_text
from gin_scorer.store.database import Database
from gin_scorer.store.settings import PinGuards, pin_guards_in
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


def _view(session: Session, row: Season) -> SeasonView:
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


def _require(session: Session, pin: str | None) -> None:
    guards = pin_guards_in(session)
    require_whole_database(
        PinGuards(guards.database, ()),
        [pin] if pin else [],
        DatabaseAction.MANAGE_SEASON,
        session=session,
    )


@contextmanager
def _changing(db: Database, season_id: int, pin: str | None) -> Iterator[tuple[Session, Season]]:
    """A write transaction on a season, once the PIN allows it (NotFound for no such season)."""
    with db.transaction() as session:
        _require(session, pin)
        yield session, fetch(session, Season, season_id)


def create_season(
    db: Database,
    name: str,
    scoring: SeasonScoring | None = None,
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> SeasonView:
    """A new season, with no events yet."""
    title = clean_text(name, "season name", required=True, limit=120)
    knobs = scoring or SeasonScoring()
    with db.transaction() as session:
        _require(session, pin)
        taken = session.exec(select(Season).where(Season.name == title)).first()
        if taken is not None:
            raise InvalidInput(
                said("there is already a season called {0} (season {1})", repr(title), taken.id)
            )
        row = Season(name=title, scoring_json=dumps(knobs.to_dict()))
        created = {"name": title, "scoring": knobs.to_dict()}
        record_changed(session, db, row, "season", "season.create", created, actor, new=True)
        return _view(session, row)


def set_season_events(
    db: Database,
    season_id: int,
    add: Sequence[int] = (),
    remove: Sequence[int] = (),
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> SeasonView:
    """Count more events in the season (``add``), or stop counting some (``remove``)."""
    with _changing(db, season_id, pin) as (session, season):
        links = {
            link.event_id: link
            for link in session.exec(select(SeasonEvent).where(SeasonEvent.season_id == season_id))
        }
        for event_id in add:
            fetch(session, Event, event_id)  # NotFound names it
            if event_id not in links:
                links[event_id] = SeasonEvent(season_id=season_id, event_id=event_id)
                session.add(links[event_id])
        for event_id in remove:
            if event_id not in links:
                raise NotFound(said("event {0} is not in season {1}", event_id, repr(season.name)))
            session.delete(links.pop(event_id))
        changed = {"added": list(add), "removed": list(remove)}
        return _changed(session, db, season, "season.events", changed, actor)


def set_season_scoring(
    db: Database,
    season_id: int,
    scoring: SeasonScoring,
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> SeasonView:
    """Change how the season counts points (the table is recomputed from the results)."""
    with _changing(db, season_id, pin) as (session, season):
        before = loads_mapping(season.scoring_json, said("season scoring"))
        season.scoring_json = dumps(scoring.to_dict())
        changed = {"before": dict(before), "after": scoring.to_dict()}
        return _changed(session, db, season, "season.scoring", changed, actor)


def _changed(
    session: Session,
    db: Database,
    season: Season,
    action: str,
    payload: Mapping[str, object],
    actor: str | None,
) -> SeasonView:
    """A changed season: its version moved on (another station's copy is stale), audited."""
    season.version += 1
    record_changed(session, db, season, "season", action, payload, actor)
    session.flush()
    return _view(session, season)


def list_seasons(db: Database) -> tuple[SeasonView, ...]:
    with db.transaction(write=False) as session:
        return tuple(
            _view(session, s) for s in session.exec(select(Season).order_by(col(Season.id)))
        )


def get_season(db: Database, season_id: int) -> SeasonView:
    with db.transaction(write=False) as session:
        return _view(session, fetch(session, Season, season_id))


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
    season = _view(session, row)
    nights = tuple(night_of(r) for r in read_events(session, season.event_ids))
    table = season_table(nights, season.scoring)
    wanted = [r.player for r in table.rows]
    names = {
        p.id or 0: p.name for p in session.exec(select(Player).where(col(Player.id).in_(wanted)))
    }
    return SeasonStanding(season, nights, table.rows, names, table.notes)
