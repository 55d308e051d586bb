"""At a change, the room's reading is made again before the pages are told, so that a
hundred phones reloading find it made instead of queueing behind the first one's reading —
but only while somebody reads the room."""

from __future__ import annotations

import asyncio
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
