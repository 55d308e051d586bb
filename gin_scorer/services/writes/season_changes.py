"""A season made, and the events it counts or how it scores them changed: the writes of
:mod:`.seasons` (which reads a season and folds its table), each behind the database PIN."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from sqlmodel import Session, select

from gin_scorer.core.wording import said
from gin_scorer.services.queries.seasons import SeasonView, season_view
from gin_scorer.services.support.audit_trail import record_changed
from gin_scorer.services.support.authority import DatabaseAction, require_whole_database
from gin_scorer.services.support.errors import InvalidInput, NotFound
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.stored_json import dumps, loads_mapping
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.store.database import Database
from gin_scorer.store.settings import PinGuards, pin_guards_in
from gin_scorer.store.tables import Event, Season, SeasonEvent
from gin_scorer.tournament.season import SeasonScoring


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
        return season_view(session, row)


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
    return season_view(session, season)
