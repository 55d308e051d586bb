"""The room's pages against the ASGI app in-process: what they show, that names are text,
the headers an open network needs, and the change stream that keeps them live."""

from __future__ import annotations

import json
import re
import threading
import time

from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.services.writes.rounds import start_round
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app
from gin_scorer.web.headers import SECURITY_HEADERS

from .conftest import Served, fetch


def test_the_room_page_shows_where_everyone_sits_the_tables_and_the_standings(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    page = fetch(room_app(db, event_id), "/")
    assert page.status_code == 200
    text = page.text
    assert "Round 2: where you sit" in text and "Round 2: the tables" in text
    assert "Standings — during round 2" in text
    assert "2 tables still owe a result" in text
    for match in list_matches(db, event_id):
        if match.round_number == 2 and match.b is not None:
            assert match.a.name in text and match.b.name in text
    assert "Seal " in text


def test_names_are_text_never_markup(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.support.database import open_database

    db = open_database(str(tmp_path / "names.sqlite"), station="desk", backups=False)
    try:
        event = create_event(db, name="<script>alert(1)</script> Open", format="swiss")
        for name in ("Pat <Jr>", "Lee & Co", '"Quote" O\'Hara', "Di"):
            add_entrant(db, event.id, name)
        start_round(db, event.id)
        app = room_app(db, event.id)
        room = fetch(app, "/").text
        wall = fetch(app, "/projector").text
    finally:
        db.close()
    for text in (room, wall):
        assert "<script>alert" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
        assert "Pat &lt;Jr&gt;" in text and "Lee &amp; Co" in text
        assert "<Jr>" not in text


def test_every_answer_carries_the_open_network_headers(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id)
    for path in ("/", "/live", "/projector", "/static/room.js", "/nowhere"):
        answer = fetch(app, path)
        for name, value in SECURITY_HEADERS.items():
            if name == "cache-control" and path.startswith("/static/"):
                continue  # the CSS and scripts are cached (tests/web/test_room_static.py)
            assert answer.headers.get(name) == value, (path, name)
    assert "frame-ancestors 'none'" in SECURITY_HEADERS["content-security-policy"]


def test_find_without_javascript_narrows_the_list(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    someone = next(m for m in list_matches(db, event_id) if m.round_number == 2).a.name
    app = room_app(db, event_id)
    found = fetch(app, "/", params={"find": someone[:4].lower()}).text
    nobody = fetch(app, "/", params={"find": "zzzz"}).text
    rows = found.count("data-name=")
    assert 1 <= rows < 8 and f"<td>{someone}</td>" in found
    assert nobody.count("data-name=") == 0
    assert 'class="note" id="nobody"' in nobody  # said, not a blank table


def test_the_projector_pages_through_standings_and_the_round(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    wall = fetch(room_app(db, event_id), "/projector").text
    assert 'class="page"' in wall
    for heading in ("Standings — during round 2", "Round 2: find your table", "Round 2 pairings"):
        assert heading in wall
    assert re.search(r'src="/static/projector\.[0-9a-f]{10}\.js"', wall)


def test_a_room_before_the_first_round_says_so(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.support.database import open_database

    db = open_database(str(tmp_path / "early.sqlite"), station="desk", backups=False)
    try:
        event = create_event(db, name="Early", format="swiss")
        add_entrant(db, event.id, "Ann")
        page = fetch(room_app(db, event.id), "/").text
        gone = fetch(room_app(db, 999), "/")
    finally:
        db.close()
    assert "No round is paired yet" in page
    assert gone.status_code == 404 and "no event 999" in gone.text


def test_the_change_stream_says_when_a_hand_lands_at_any_station(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    playing = next(
        m for m in list_matches(db, event_id) if m.round_number == 2 and m.status.value == "playing"
    )
    sheet = get_score_sheet(db, playing.id)
    record = read_entry("ak7 15", sheet.rules).record
    assert record is not None

    def another_station() -> None:
        time.sleep(0.4)
        record_hand(db, playing.id, record, sheet.version, entered_by="Desk 2")

    import httpx

    app = room_app(db, event_id, poll_seconds=0.1, stream_seconds=5)
    with Served(app) as room, httpx.stream("GET", f"{room.url}/events", timeout=10) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        writer = threading.Thread(target=another_station)
        writer.start()
        started = time.monotonic()
        said = ""
        for line in stream.iter_lines():
            said += line + "\n"
            if line.startswith("data: {"):
                break
        writer.join()
    assert "retry: 2000" in said and "event: change" in said
    assert time.monotonic() - started < 2.5  # within two seconds of the hand
    # It names the match, so that only that table's page reloads.
    data = json.loads(said.rsplit("data: ", 1)[1])
    assert data["m"] == [playing.id] and data["v"] >= 1
    version = fetch(
        app,
        next(link.path for link in table_links(db, event_id) if link.match_id == playing.id)
        + "/state",
    )
    assert version.json() == {"state": f"{get_score_sheet(db, playing.id).version}.0"}


def test_the_desks_round_clock_shows_and_its_changes_reach_the_pages(room_db) -> None:  # type: ignore[no-untyped-def]
    import httpx

    from gin_scorer.presentation.projector_pages import ClockReading

    db, event_id = room_db
    clock: list[ClockReading | None] = [None]
    app = room_app(db, event_id, poll_seconds=0.1, stream_seconds=5, clock=lambda: clock[0])
    page = fetch(app, "/").text
    assert 'id="clock"' not in page and "/static/clock." not in page  # no clock at the desk
    clock[0] = ClockReading(2, 34 * 60 + 12, paused=False, mark=(2, 1000.0, None))
    for path in ("/", "/live", "/projector"):
        page = fetch(app, path).text
        assert "Round 2 · 34:12 left" in page and 'data-left="2052"' in page, path
    assert re.search(r"/static/clock\.[0-9a-f]{10}\.js", fetch(app, "/").text)
    paused = ClockReading(2, 600, paused=True, mark=(2, None, 600))

    def director_pauses() -> None:
        time.sleep(0.4)
        clock[0] = paused

    with Served(app) as room, httpx.stream("GET", f"{room.url}/events", timeout=10) as stream:
        threading.Thread(target=director_pauses).start()
        said = ""
        for line in stream.iter_lines():
            said += line + "\n"
            if line.startswith("data: {"):
                break
    assert json.loads(said.rsplit("data: ", 1)[1])["m"] is None  # every page looks again
    assert "Round 2 · paused 10:00" in fetch(app, "/live").text
