"""What the room sends is light: the CSS and scripts under content-hashed names, cached for a
year and compressed, from memory without the database; the pages every phone reloads
compressed once for all of them; the change stream compressed and flushed at each event."""

from __future__ import annotations

import gzip
import re
import threading
import time
from pathlib import Path

import httpx

from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.web import compression
from gin_scorer.web.app import room_app

from .conftest import Served, fetch

STATIC = Path(__file__).resolve().parents[2] / "gin_scorer" / "web" / "static"


def test_pages_name_their_files_by_content_and_the_files_are_kept_for_a_year(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id)
    page = fetch(app, "/")
    assert page.headers["cache-control"] == "no-store"  # the page itself is never kept
    named = re.findall(r'(?:href|src)="(/static/[^"]+)"', page.text)
    assert {re.sub(r"\.[0-9a-f]{10}\.", ".", n) for n in named} == {
        "/static/room.css",
        "/static/stream.js",
        "/static/room.js",
    }
    for address in named:
        answer = fetch(app, address, headers={"accept-encoding": "gzip"})
        assert answer.status_code == 200
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert answer.headers["content-encoding"] == "gzip"
        original = STATIC / re.sub(r"\.[0-9a-f]{10}\.", ".", address.rsplit("/", 1)[1])
        assert answer.content == original.read_bytes()  # httpx unpacked it: the very file
        assert int(answer.headers["content-length"]) < len(answer.content) / 2
        etag = answer.headers["etag"]
        again = fetch(app, address, headers={"if-none-match": etag})
        assert again.status_code == 304 and again.content == b""
    plain = fetch(app, "/static/room.css", headers={"accept-encoding": "identity"})
    assert plain.headers["cache-control"] == "no-cache" and "content-encoding" not in plain.headers
    assert fetch(app, "/static/room.0123456789.css").headers["cache-control"] == "no-cache"
    assert fetch(app, "/static/nothing.css").status_code == 404


def test_the_files_are_served_without_the_database(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id)
    named = re.findall(r'href="(/static/[^"]+)"', fetch(app, "/").text)
    db.close()  # any look at the database would now fail
    assert fetch(app, named[0]).status_code == 200


def test_the_live_part_is_compressed_once_for_every_phone(room_db, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id)
    packed: list[int] = []

    def counted(body: bytes) -> bytes:
        packed.append(len(body))
        return gzip.compress(body)

    monkeypatch.setattr(compression, "gzipped", counted)
    first = fetch(app, "/live", headers={"accept-encoding": "gzip, deflate, br"})
    second = fetch(app, "/live", headers={"accept-encoding": "gzip"})
    old = fetch(app, "/live", headers={"accept-encoding": "identity"})
    assert first.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in first.headers["vary"].lower()
    assert "content-encoding" not in old.headers
    assert first.text == second.text == old.text
    assert len(packed) == 1  # compressed once, for both phones
    on_the_wire = int(first.headers["content-length"])
    assert on_the_wire < len(old.content) / 3, (on_the_wire, len(old.content))


def test_the_stream_is_compressed_and_each_event_arrives_at_once(room_db) -> None:  # type: ignore[no-untyped-def]
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

    app = room_app(db, event_id, poll_seconds=0.1, stream_seconds=5)
    headers = {"accept-encoding": "gzip"}
    with (
        Served(app) as room,
        httpx.stream("GET", f"{room.url}/events", headers=headers, timeout=10) as stream,
    ):
        assert stream.headers["content-encoding"] == "gzip"
        writer = threading.Thread(target=another_station)
        writer.start()
        started = time.monotonic()
        for line in stream.iter_lines():
            if line.startswith("data: {"):
                break
        writer.join()
    assert time.monotonic() - started < 2.5  # nothing waited in the compressor
