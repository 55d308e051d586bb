"""At a change, the room's reading is made again before the pages are told, so that a
hundred phones reloading find it made instead of queueing behind the first one's reading —
but only while somebody reads the room."""

from __future__ import annotations

import asyncio
import threading
import time

from gin_scorer.web.change_watch import AHEAD_SECONDS, ChangeWatch, SharedRead


def test_the_reading_is_made_before_the_pages_wake_while_somebody_reads_it(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    watch = ChangeWatch(db, event_id, poll_seconds=0.05)
    reads: list[int] = []

    def read() -> int:
        reads.append(watch.version)
        return watch.version

    async def scenario() -> tuple[list[int], int, list[int]]:
        views = SharedRead(watch, read, fresh_seconds=60.0, ahead=True)
        asked = await views.get()  # a phone is on the room page
        woken: list[int] = []

        async def page() -> None:  # a page waiting for the next change
            await watch._changed_since(0, 5.0)
            woken.append(len(reads))  # the reading was already made when it woke

        waiting = asyncio.create_task(page())
        await asyncio.sleep(0)
        await watch._moved_on(frozenset())  # a hand landed
        await waiting
        after = await views.get()  # every phone's reload shares that reading
        return [asked, after], len(reads), woken

    values, count, woken = asyncio.run(scenario())
    assert values == [0, 1] and count == 2 and woken == [2]


def test_nothing_is_read_ahead_when_nobody_asked_for_it_lately(room_db, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    watch = ChangeWatch(db, event_id, poll_seconds=0.05)
    reads: list[int] = []

    async def scenario() -> None:
        never = SharedRead(watch, lambda: reads.append(1), fresh_seconds=60.0, ahead=True)
        await watch._moved_on(frozenset())  # only the tables' pages listen: no room reading
        assert reads == []
        await never.get()
        loop = asyncio.get_running_loop()
        monkeypatch.setattr(loop, "time", lambda: never._asked_at + AHEAD_SECONDS + 1)  # type: ignore[operator]
        await watch._moved_on(frozenset())  # asked, but long ago
        assert reads == [1]

    asyncio.run(scenario())


def test_a_reading_slower_than_its_freshness_is_still_made_once_for_everybody(room_db) -> None:  # type: ignore[no-untyped-def]
    """Under load a reading can take longer than it stays fresh: the pages that waited for it
    take it, rather than each making it again in turn (fifty phones waited fifty readings)."""
    db, event_id = room_db
    watch = ChangeWatch(db, event_id, poll_seconds=0.05)
    reads: list[int] = []

    def slow() -> int:
        time.sleep(0.3)  # longer than the reading stays fresh (0.1 s)
        reads.append(1)
        return len(reads)

    async def fifty_phones() -> list[int]:
        views = SharedRead(watch, slow, fresh_seconds=0.1)
        return await asyncio.gather(*(views.get() for _ in range(50)))

    answers = asyncio.run(fifty_phones())
    assert reads == [1] and set(answers) == {1}


def test_a_reading_stays_shared_while_the_watch_finds_nothing_new(room_db) -> None:  # type: ignore[no-untyped-def]
    """While the watch follows the event, a quiet spell longer than a reading stays fresh does
    not make the next phone read the whole event again: each look that found nothing new
    keeps it fresh. Once nobody watches, it ages as before."""
    db, event_id = room_db
    watch = ChangeWatch(db, event_id, poll_seconds=0.05)
    reads: list[int] = []

    def read() -> int:
        reads.append(1)
        return len(reads)

    async def scenario() -> tuple[int, int, int]:
        views = SharedRead(watch, read, fresh_seconds=1.0)
        watch.listeners = 1  # a page follows the stream: the watch looks every 0.05 s
        following = asyncio.create_task(watch._watch())
        first = await views.get()
        await asyncio.sleep(2.5)  # longer than a reading stays fresh, nothing changed
        again = await views.get()
        watch.listeners = 0
        await following
        await asyncio.sleep(1.2)  # nobody watches: nothing vouches for the reading
        return first, again, await views.get()

    assert asyncio.run(scenario()) == (1, 1, 2)


def test_a_page_told_of_a_change_takes_its_reading_at_once_while_a_newer_one_is_made(
    room_db, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """``/live?v=N`` (the version of the change the page's stream told of) is answered at once
    with the reading made for that change, while the next change's reading is still being
    made; the page is told of that one when it is made. A page told of the newer change, or
    saying nothing, waits for it as before, so no page goes back in time."""
    import httpx

    from gin_scorer.web import app as room_module

    db, event_id = room_db
    slow = threading.Event()

    def read(db_: object, event: int) -> object:
        if slow.is_set():
            time.sleep(1.0)  # the next change's reading, under load
        return real(db_, event)

    real = room_module.read_room
    monkeypatch.setattr(room_module, "read_room", read)
    app = room_module.room_app(db, event_id)
    pages = next(r for r in app.routes if getattr(r, "path", "") == "/live").endpoint.__self__

    async def scenario() -> tuple[float, float, int, int, int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as phone:
            assert (await phone.get("/live")).status_code == 200  # the reading of version 0
            slow.set()
            changed = asyncio.create_task(pages.watch._moved_on(frozenset()))  # a hand
            await asyncio.sleep(0.2)  # its reading is being made (1 s)
            began = time.perf_counter()
            told_before = await phone.get("/live?v=0")
            at_once = time.perf_counter() - began
            told_now = await phone.get("/live?v=1")
            waited = time.perf_counter() - began
            junk = await phone.get("/live?v=x1")
            await changed
        return at_once, waited, *(r.status_code for r in (told_before, told_now, junk))

    at_once, waited, *statuses = asyncio.run(scenario())
    assert statuses == [200, 200, 200]
    assert at_once < 0.5 < waited, (at_once, waited)
