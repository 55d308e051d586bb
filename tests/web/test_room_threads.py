"""The room's requests reach the database through a few threads, the others waiting their
turn: forty threads sharing one interpreter lock made every round trip of a hand wait
behind every other request, and the chains' lock with it."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from gin_scorer.services.writes import table_links as links_service
from gin_scorer.web import table_pages
from gin_scorer.web.app import DATABASE_THREADS, room_app

from .conftest import Served


def test_at_most_a_few_requests_are_at_the_database_at_once(room_db, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    path = links_service.table_links(db, event_id)[0].path
    reading = threading.Lock()
    at_once = [0, 0]  # now, most

    def slow_sheet(*args: object) -> object:
        with reading:
            at_once[0] += 1
            at_once[1] = max(at_once)
        time.sleep(0.2)  # a slow server
        with reading:
            at_once[0] -= 1
        return links_service.sheet_of_token(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(table_pages, "sheet_of_token", slow_sheet)
    phones = 3 * DATABASE_THREADS
    with Served(room_app(db, event_id)) as served, ThreadPoolExecutor(phones) as pool:
        pages = list(pool.map(lambda _: httpx.get(served.url + path, timeout=30), range(phones)))
    assert [page.status_code for page in pages] == [200] * phones  # every phone served
    assert at_once[1] == DATABASE_THREADS
