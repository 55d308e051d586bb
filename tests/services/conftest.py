"""Service tests run on real SQLite files and, when GIN_SCORER_TEST_PG_URL names a server, on
a real PostgreSQL too (`db_url` and `pg_url` come from tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.writes import entrants, events, matches
from gin_scorer.store.database import Database, open_database


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = open_database(db_url, station="desk-1")
    try:
        yield database
    finally:
        database.close()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[Database]:
    """SQLite only: for tests about files (imports, the CLI) that need no second server."""
    database = open_database(tmp_path / "data" / "only.sqlite", station="desk-1")
    try:
        yield database
    finally:
        database.close()


@pytest.fixture
def new_match() -> Callable[..., MatchView]:
    """Make an event with two entrants and a match between them."""

    def make(database: Database, *, pin: str | None = None, **rules: object) -> MatchView:
        from gin_scorer.presets import load_preset

        chosen = load_preset("gra-tournament")
        if rules:
            chosen = chosen.with_changes(**rules)
        event = events.create_event(database, name="Test open", rules=chosen, pin=pin)
        ada = entrants.add_entrant(database, event.id, "Ada Lovelace", club="Analytical")
        bob = entrants.add_entrant(database, event.id, "Bob Babbage")
        return matches.create_match(database, event.id, ada.id, bob.id, table_number=1)

    return make
