"""One look at the change feed for every open page of the room: a single task asks the
services every ``poll_seconds`` while anybody is listening, and wakes every listener when
the event changed. Two hundred phones cost one query, not two hundred; and the room's reading
of the event is shared the same way (:class:`SharedRead`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Generic, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from gin_scorer.services.changes import changes_since, current_marker
from gin_scorer.services.database import Database

T = TypeVar("T")
KEEP_ALIVE_SECONDS = 15.0  # a comment now and then keeps proxies and phone radios open


class ChangeWatch:
    def __init__(self, db: Database, event_id: int, poll_seconds: float) -> None:
        self.db, self.event_id, self.poll_seconds = db, event_id, poll_seconds
        self.version = 0  # moves on at every change of the event
        self.listeners = 0
        self._changed: asyncio.Condition | None = None
        self._task: asyncio.Task[None] | None = None

    def _condition(self) -> asyncio.Condition:
        if self._changed is None:  # made in the server's own event loop
            self._changed = asyncio.Condition()
        return self._changed

    async def _watch(self) -> None:
        marker = await run_in_threadpool(current_marker, self.db)
        while self.listeners:
            feed = await run_in_threadpool(changes_since, self.db, marker, event_id=self.event_id)
            marker = feed.marker  # other events' changes move it too: never read twice
            if feed.changes:
                async with self._condition():
                    self.version += 1
                    self._condition().notify_all()
            await asyncio.sleep(self.poll_seconds)
        self._task = None

    async def _changed_since(self, seen: int, seconds: float) -> None:
        """Back when the event changed after version ``seen``, or after ``seconds``."""
        condition = self._condition()
        async with condition:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    condition.wait_for(lambda: self.version != seen), timeout=seconds
                )

    async def stream(self, request: Request, seconds: float) -> AsyncIterator[str]:
        """Server-sent events for one page: ``event: change`` at each change, for ``seconds``
        (then the browser reconnects by itself)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        self.listeners += 1
        if self._task is None:
            self._task = asyncio.create_task(self._watch())
        seen = self.version
        try:
            yield "retry: 2000\n\n"
            while loop.time() < deadline and not await request.is_disconnected():
                wait = min(KEEP_ALIVE_SECONDS, max(0.0, deadline - loop.time()))
                await self._changed_since(seen, wait)
                if self.version != seen:
                    seen = self.version
                    yield f"event: change\ndata: {seen}\n\n"
                else:
                    yield ": still here\n\n"
        finally:
            self.listeners -= 1


class SharedRead(Generic[T]):
    """One reading shared by every page asking at about the same time: at most
    ``fresh_seconds`` old and never older than the last change the watch saw. After a change
    two hundred phones reload, and the event is read once for all of them."""

    def __init__(self, watch: ChangeWatch, read: Callable[[], T], fresh_seconds: float) -> None:
        self.watch, self.read, self.fresh_seconds = watch, read, fresh_seconds
        self._value: T | None = None
        self._version = -1
        self._at = 0.0
        self._lock: asyncio.Lock | None = None

    def _current(self, now: float) -> T | None:
        young = now - self._at < self.fresh_seconds
        return self._value if young and self._version == self.watch.version else None

    async def get(self) -> T:
        loop = asyncio.get_running_loop()
        value = self._current(loop.time())
        if value is not None:
            return value
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:  # the others wait for the one reading, then share it
            value = self._current(loop.time())
            if value is not None:
                return value
            version, started = self.watch.version, loop.time()
            value = await run_in_threadpool(self.read)
            self._value, self._version, self._at = value, version, started
            return value
