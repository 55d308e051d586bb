"""A demo played in a scratch database and kept only when it is done.

A demo event is hundreds of hands written one transaction after another; stopped half-way
(Ctrl+C, the terminal closed), it used to leave a half-played event running in the
director's database. Played here, it writes nothing there until it is done: the finished
event is then brought in as an event file is imported (every hand checked again by the core,
its people linked to the club's registry as entrants typed in are), and a demo season's nights
with it, in the order they were played. A stopped demo leaves its
scratch file behind in a temporary folder that is removed with it.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from gin_scorer.services.support.dto import EventView
from gin_scorer.services.writes.demo import DemoResult
from gin_scorer.services.writes.demo_season import SeasonDemoResult
from gin_scorer.services.writes.exchange.event_export import event_document
from gin_scorer.services.writes.exchange.event_import import import_event_json
from gin_scorer.services.writes.season_changes import create_season, set_season_events
from gin_scorer.store.database import Database, open_database


@contextmanager
def scratch_database(station: str) -> Iterator[Database]:
    """An empty SQLite database in a temporary folder, gone (with the folder) afterwards."""
    with tempfile.TemporaryDirectory(prefix="gin-scorer-demo-") as folder:
        scratch = open_database(Path(folder) / "demo.sqlite", station=station, backups=False)
        try:
            yield scratch
        finally:
            scratch.close()


def keep_event(db: Database, scratch: Database, event_id: int) -> EventView:
    """The scratch database's finished event, written into ``db`` in one transaction."""
    document = event_document(scratch, event_id)
    return import_event_json(db, document, actor="demo", link_players=True)


def keep_demo(db: Database, scratch: Database, played: DemoResult) -> DemoResult:
    """A finished demo event kept in ``db``: the same result, under the event's new id."""
    return replace(played, event=keep_event(db, scratch, played.event.id))


def keep_season(db: Database, scratch: Database, played: SeasonDemoResult) -> SeasonDemoResult:
    """A finished demo season kept in ``db``: each night, then the season counting them."""
    nights = [keep_event(db, scratch, event_id).id for event_id in played.season.event_ids]
    season = create_season(db, played.season.name, played.season.scoring, actor="demo")
    season = set_season_events(db, season.id, add=nights, actor="demo")
    return replace(played, season=season)
