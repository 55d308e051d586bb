"""The room while the desk's PostgreSQL server is away (issue 41's third finding), on a server
of the test's own that is stopped and started again: every page answers 503 "the desk's server
is not answering, retrying…" with Retry-After (JSON for the scripts), one log line per failed
request and no traceback, a read never says "NOT saved", a send is kept on the page to be sent
again; and the first request after the server is back succeeds."""

from __future__ import annotations

import html
import logging
import re
import time
from collections.abc import Iterator

import pytest

from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes import entrants, events, rounds
from gin_scorer.services.writes.matches import get_score_sheet
from gin_scorer.services.writes.table_links import TableLink, table_links
from gin_scorer.web.app import room_app

from ..own_postgres import OwnPostgres, own_postgres
from .conftest import fetch
from .test_table_pages import _post

pytestmark = pytest.mark.postgres
NOT_ANSWERING = "The desk's server is not answering, retrying…"


@pytest.fixture
def room_on_a_server() -> Iterator[tuple[OwnPostgres, Database, int, TableLink]]:
    with own_postgres() as server:
        db = open_database(server.url, station="room", backups=False)
        try:
            event = events.create_event(
                db, name="Outage Open", format="swiss", rules=load_preset("gra-tournament")
            )
            entrants.add_entrants(db, event.id, [EntrantSpec(f"Player {n}") for n in range(8)])
            rounds.start_round(db, event.id)
            yield server, db, event.id, table_links(db, event.id)[0]
        finally:
            db.close()


def test_the_room_answers_503_while_the_server_is_away_and_200_after(
    room_on_a_server: tuple[OwnPostgres, Database, int, TableLink],
    caplog: pytest.LogCaptureFixture,
) -> None:
    server, db, event_id, link = room_on_a_server
    app = room_app(db, event_id)
    page = fetch(app, link.path).text
    fields = dict(re.findall(r'name="(key|version)" value="([^"]*)"', page))
    assert fetch(app, "/").status_code == 200
    server.stop()
    time.sleep(0.7)  # past the shared readings' half second
    caplog.set_level(logging.WARNING)
    for path in ("/", "/live", "/projector", link.path):
        answer = fetch(app, path)
        assert answer.status_code == 503, path
        assert answer.headers["retry-after"] == "5"
        said = html.unescape(answer.text)
        assert NOT_ANSWERING in said and "NOT saved" not in said, said
        assert 'http-equiv="refresh"' in said  # the page asks again by itself
    state = fetch(app, f"{link.path}/state")
    assert state.status_code == 503 and state.json() == {
        "state": "unavailable",
        "message": NOT_ANSWERING,
    }
    send = {"text": "ak7 15", "step": "record", **fields}
    kept = _post(app, f"{link.path}/hand", send)
    assert kept.status_code == 503 and kept.headers["retry-after"] == "5"
    for name, value in send.items():  # the send is on the page, to be sent again
        assert f'name="{name}" value="{value}"' in kept.text
    assert '<p class="reading">ak7 15</p>' in kept.text  # and the player sees what is kept
    room_lines = [r for r in caplog.records if r.name == "gin_scorer.room"]
    assert len(room_lines) == 6, [r.getMessage() for r in caplog.records]
    assert all("\n" not in r.getMessage() for r in room_lines)
    assert not any(r.exc_info for r in caplog.records)  # no traceback anywhere
    server.start()
    again = _post(app, f"{link.path}/hand", send)  # the first request after: sent again
    assert again.status_code == 303
    assert len(get_score_sheet(db, link.match_id).hands) == 1
    assert _post(app, f"{link.path}/hand", send).status_code == 303  # and never twice
    assert len(get_score_sheet(db, link.match_id).hands) == 1
    assert fetch(app, "/").status_code == 200


def test_the_first_request_after_a_quiet_restart_succeeds(
    room_on_a_server: tuple[OwnPostgres, Database, int, TableLink],
) -> None:
    """The server restarts while the room is quiet: the pooled connections (idle for less
    than the ten seconds after which they are pinged) are dead, and none is used."""
    server, db, event_id, link = room_on_a_server
    app = room_app(db, event_id)
    assert fetch(app, link.path).status_code == 200
    server.stop()
    server.start()
    assert fetch(app, link.path).status_code == 200
    assert fetch(app, f"{link.path}/state").status_code == 200
