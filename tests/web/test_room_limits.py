"""The room's limits hold under concurrency: a hundred sends in flight from one table are
counted one by one before any is done (twenty a minute get through, not the forty or more
that the old look-before, count-after let through), and reads have a limit of their own, per
phone."""

from __future__ import annotations

import asyncio
import re
from collections import Counter

import httpx

from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app
from gin_scorer.web.limits import READ_BURST, SEARCH_COST, SENDS_PER_MINUTE

from .conftest import fetch


def _statuses(app, requests, client=("127.0.0.1", 123)) -> Counter[int]:  # type: ignore[no-untyped-def]
    """Send every request at once (all in flight together); the statuses of their answers."""

    async def all_at_once() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app, client=client)
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as phone:
            return await asyncio.gather(*(phone.request(*r[:2], **r[2]) for r in requests))

    return Counter(answer.status_code for answer in asyncio.run(all_at_once()))


def test_a_hundred_sends_in_flight_let_twenty_through(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match = next(
        m for m in list_matches(db, event_id) if m.round_number == 2 and m.status.value == "playing"
    )
    path = next(link.path for link in table_links(db, event_id) if link.match_id == match.id)
    app = room_app(db, event_id)
    page = fetch(app, path).text
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version is not None
    before = len(get_score_sheet(db, match.id).hands)
    sends = [
        (
            "POST",
            f"{path}/hand",
            {
                "data": {
                    "text": "ak7 15",
                    "step": "record",
                    "key": f"key-{n:020d}",
                    "version": version.group(1),
                }
            },
        )
        for n in range(100)
    ]
    statuses = _statuses(app, sends)
    assert statuses[429] == 100 - SENDS_PER_MINUTE, statuses
    assert sum(statuses.values()) - statuses[429] == SENDS_PER_MINUTE  # done: 303 or 409
    assert len(get_score_sheet(db, match.id).hands) == before + 1  # one version, one hand


def test_reads_have_a_limit_of_their_own_per_phone(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id)
    reads = [("GET", "/live", {})] * 100
    statuses = _statuses(app, reads, client=("10.0.0.7", 5000))
    # A burst's worth at once, and the few the bucket fills with as the hundred are answered.
    assert READ_BURST <= statuses[200] <= READ_BURST + 10 and statuses[429] >= 30, statuses
    searches = [("GET", f"/?find=player{n}", {}) for n in range(100)]
    # A room of its own: the shared reading's lock belongs to the event loop that made it,
    # and each flood here runs in one of its own (a served room has one loop).
    found = _statuses(room_app(db, event_id), searches, client=("10.0.0.8", 5000))
    assert READ_BURST // SEARCH_COST <= found[200] <= READ_BURST // SEARCH_COST + 2, found
    other = _statuses(room_app(db, event_id), [("GET", "/live", {})], client=("10.0.0.9", 5000))
    assert other == {200: 1}


def test_a_read_one_too_many_is_told_to_wait(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id)
    path = table_links(db, event_id)[0].path

    async def flooded() -> tuple[httpx.Response, httpx.Response]:
        transport = httpx.ASGITransport(app=app, client=("10.0.0.10", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as phone:
            reads = [phone.get("/live") for _ in range(int(READ_BURST) * 2)]
            *_, state, page = await asyncio.gather(
                *reads, phone.get(f"{path}/state"), phone.get("/")
            )
            return state, page

    state, page = asyncio.run(flooded())
    assert state.status_code == 429 and int(state.headers["retry-after"]) >= 1
    assert state.json()["state"] == "wait"
    assert page.status_code == 429 and "wait a moment" in page.text
