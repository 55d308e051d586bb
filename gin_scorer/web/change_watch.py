"""One look at the change feed for every open page of the room: a single task asks the
services every ``poll_seconds`` while anybody is listening, and wakes every listener when
the event changed. Two hundred phones cost one query, not two hundred; and the room's reading
of the event is shared the same way (:class:`SharedRead`)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Generic, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from gin_scorer.presentation.projector_pages import ClockReading
from gin_scorer.services.support.changes import changes_since, current_marker
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.errors import ServiceError, StoreError
from gin_scorer.services.support.written import changes_in_feed

T = TypeVar("T")
KEEP_ALIVE_SECONDS = 15.0  # a comment now and then keeps proxies and phone radios open
HISTORY = 64  # changes remembered for streams that wake after several at once
AHEAD_SECONDS = 60.0  # a reading asked for this recently is made again before pages wake
_EVENT = "event: {0}\nid: {1}\ndata: {2}\n\n"  # one server-sent event: its kind, id and data
LOG = logging.getLogger("gin_scorer.room")


class ChangeWatch:
    """The event's changes, and the desk's round clock when it serves the room: starting,
    pausing, resuming or resetting the clock is a change for the pages too."""

    def __init__(
        self,
        db: Database,
        event_id: int,
        poll_seconds: float,
        *,
        clock: Callable[[], ClockReading | None] | None = None,
    ) -> None:
        self.db, self.event_id, self.poll_seconds = db, event_id, poll_seconds
        self.clock = clock
        self.version = 0  # moves on at every change of the event
        self.listeners = 0
        # The change feed's marker the watch has read up to (None until it first looked):
        # a stream's event ids, so that a page coming back after a gap is told what it missed.
        self.marker: int | None = None
        self._looked: asyncio.Event | None = None  # set once the marker was first read
        self.down = False  # the database stopped answering the watch's look
        # When the latest look that found the event as the watch knew it began (loop time):
        # a reading of this version made before it is still the event as it is.
        self.looked_at = -math.inf
        # The matches each recent version changed (empty: something else changed too).
        self._changed_matches: dict[int, frozenset[int]] = {}
        # Set when the version moves on, then replaced by a fresh one. An Event, not a
        # Condition: a Condition's wait cancelled by wait_for's timeout can leave its lock
        # released twice on Python 3.11 ("Lock is not acquired"), which killed the stream.
        self._moved: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        # Readings made anew at a change before the pages are told (SharedRead(ahead=True)).
        self._ahead: list[Callable[[], Awaitable[object]]] = []

    def read_ahead(self, read: Callable[[], Awaitable[object]]) -> None:
        """Make ``read`` at each change before the pages waiting for it wake up."""
        self._ahead.append(read)

    def _next_move(self) -> asyncio.Event:
        if self._moved is None:  # made in the server's own event loop
            self._moved = asyncio.Event()
        return self._moved

    def clock_now(self) -> ClockReading | None:
        return self.clock() if self.clock is not None else None

    def _clock_mark(self) -> object:
        reading = self.clock_now()
        return reading.mark if reading is not None else None

    def _first_look(self) -> asyncio.Event:
        if self._looked is None:  # made in the server's own event loop
            self._looked = asyncio.Event()
        return self._looked

    async def _watch(self) -> None:
        looked = self._first_look()
        while self.marker is None:
            try:
                self.marker = await run_in_threadpool(current_marker, self.db)
            except (ServiceError, StoreError) as error:  # busy or unreachable: look again
                self._down(error)
                await asyncio.sleep(self.poll_seconds)
        looked.set()
        clock = self._clock_mark()
        while self.listeners:
            began = asyncio.get_running_loop().time()
            try:
                feed = await run_in_threadpool(
                    changes_since, self.db, self.marker, event_id=self.event_id
                )
            except (ServiceError, StoreError) as error:  # busy or unreachable: look again
                self._down(error)
                await asyncio.sleep(self.poll_seconds)
                continue
            self.marker = feed.marker  # other events' changes move it too: never read twice
            if self.down:  # back: whatever changed meanwhile, every page reads again
                self.down = False
                LOG.warning("the room's database answers again")
                await self._moved_on(frozenset())
                continue
            clock, was = self._clock_mark(), clock
            changes = changes_in_feed(feed)  # what the writes amount to (services.written)
            if changes or clock != was:
                # A change to anything but tables (a name, a round) may show anywhere.
                only_matches = clock == was and changes.matches_only
                await self._moved_on(changes.matches if only_matches else frozenset())
            self.looked_at = began
            await asyncio.sleep(self.poll_seconds)
        self._task = None

    def _down(self, error: Exception) -> None:
        """The database stopped answering: said once in the log, and to every page."""
        if self.down:
            return
        self.down = True
        LOG.warning("the room's database is not answering: %s", " ".join(str(error).split()))
        moved, self._moved = self._next_move(), asyncio.Event()
        moved.set()  # the pages are told (event: unavailable), the version stays

    async def _moved_on(self, matches: frozenset[int]) -> None:
        """A new version (``matches``: the only ones it changed; empty: maybe anything)."""
        self.version += 1
        self._changed_matches[self.version] = matches
        self._changed_matches.pop(self.version - HISTORY, None)
        moved, self._moved = self._next_move(), asyncio.Event()
        for read in self._ahead:  # the pages then find the reading made, not wait for it
            with contextlib.suppress(ServiceError, StoreError):  # a page will ask again
                await read()
        moved.set()  # wakes every page waiting for this version

    async def _changed_since(self, seen: int, seconds: float, down: bool = False) -> None:
        """Back when the event changed after version ``seen`` or the database stopped
        answering (``down``: what the page was told), or after ``seconds``."""
        if self.version != seen or self.down != down:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._next_move().wait(), timeout=seconds)

    def changed(self, seen: int) -> str:
        """What changed after version ``seen``, as the stream's data: ``{"v": 12, "m": [3,
        7]}`` names the matches (a table's page reloads only for its own); ``"m": null`` when
        it is too long ago to say, or something other than a match changed."""
        versions = range(seen + 1, self.version + 1)
        known = [self._changed_matches.get(v) for v in versions]
        if any(m is None or not m for m in known):
            return json.dumps({"v": self.version, "m": None})
        matches = sorted(set().union(*(m for m in known if m)))
        return json.dumps({"v": self.version, "m": matches}, separators=(",", ":"))

    def stream_id(self, marker: int | None = None) -> str:
        """A stream event's id: the change feed's marker (and the round clock's mark when the
        desk runs one), which the browser sends back as ``Last-Event-ID`` when it reconnects."""
        said = str(self.marker if marker is None else marker)
        mark = self._clock_mark()
        if mark is not None:
            said += "." + hashlib.sha256(repr(mark).encode()).hexdigest()[:8]
        return said

    async def missed(self, last_id: str) -> str | None:
        """What changed since the stream event ``last_id`` (what a page reconnecting after a
        gap sends back), as the stream's data, or ``None`` when nothing did. An id this room
        did not make, or one from a database since restored, is said as "anything may have
        changed"."""
        await self._first_look().wait()
        marker, _dot, clock = last_id.partition(".")
        if not marker.isascii() or not marker.isdigit() or len(marker) > 18:
            return None  # not one of ours: the page starts from now, as a new one does
        since, now = int(marker), self.marker or 0
        if since > now:
            return json.dumps({"v": self.version, "m": None})
        try:
            feed = await run_in_threadpool(changes_since, self.db, since, event_id=self.event_id)
        except (ServiceError, StoreError):  # cannot tell: the page looks again
            return json.dumps({"v": self.version, "m": None})
        clock_moved = self.stream_id(since).partition(".")[2] != clock
        changes = changes_in_feed(feed)
        if not changes and not clock_moved:
            return None
        matches = sorted(changes.matches) if not clock_moved and changes.matches_only else None
        return json.dumps({"v": self.version, "m": matches}, separators=(",", ":"))

    async def stream(
        self, request: Request, seconds: float, last_id: str = ""
    ) -> AsyncIterator[str]:
        """Server-sent events for one page: ``event: change`` at each change, for ``seconds``
        (then the browser reconnects by itself). Each event has an id (:meth:`stream_id`): a
        page reconnecting with ``last_id`` (``Last-Event-ID``) is first told what it missed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        self.listeners += 1
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._watch())
        down = False
        try:
            await self._first_look().wait()
            seen = self.version
            # The first event says where the page's stream starts, so that a page reconnecting
            # before any change still says where it was (and knows it is live again).
            first = self.stream_id()
            yield "retry: 2000\n" + _EVENT.format("since", first, first)
            missed = await self.missed(last_id) if last_id else None
            if missed is not None:
                yield _EVENT.format("change", self.stream_id(), missed)
            while loop.time() < deadline and not await request.is_disconnected():
                wait = min(KEEP_ALIVE_SECONDS, max(0.0, deadline - loop.time()))
                await self._changed_since(seen, wait, down)
                if self.down and not down:
                    down = True  # the page says so; the change at the way back reloads it
                    yield "event: unavailable\ndata: {}\n\n"
                elif self.version != seen:
                    said = self.changed(seen)
                    seen, down = self.version, self.down
                    yield _EVENT.format("change", self.stream_id(), said)
                else:
                    yield ": still here\n\n"
        finally:
            self.listeners -= 1


class SharedRead(Generic[T]):
    """One reading shared by every page asking at about the same time: at most
    ``fresh_seconds`` old and never older than the last change the watch saw. After a change
    two hundred phones reload, and the event is read once for all of them."""

    def __init__(
        self,
        watch: ChangeWatch,
        read: Callable[[], T],
        fresh_seconds: float,
        *,
        steady_seconds: float = 0.0,
        ahead: bool = False,
    ) -> None:
        """``steady_seconds``: a reading younger than that is shared even after a change (for
        a heavy read, such as a season's every night, that must not run at every hand).
        ``ahead``: at a change, read again before the pages are told, while somebody asked
        for the reading in the last AHEAD_SECONDS (the phones then reload at once, instead of
        each waiting for the first one's reading)."""
        self.watch, self.read, self.fresh_seconds = watch, read, fresh_seconds
        self.steady_seconds = steady_seconds
        self._value: T | None = None
        self._version = -1
        self._at = 0.0  # when the reading kept began
        self._done = 0.0  # … and when it was made
        self._asked_at: float | None = None
        self._lock: asyncio.Lock | None = None
        if ahead:
            watch.read_ahead(self._read_ahead)

    async def _read_ahead(self) -> None:
        asked = self._asked_at
        if asked is not None and asyncio.get_running_loop().time() - asked < AHEAD_SECONDS:
            await self._get()

    def _current(self, now: float) -> T | None:
        age = now - self._at
        if age < self.steady_seconds:
            return self._value
        # While the watch follows the event, a look that found nothing new since this reading
        # began makes it as young as that look: a quiet spell of a few seconds is no reason
        # to read the whole event again (a hundred phones then waited for it).
        young = now - max(self._at, self.watch.looked_at) < self.fresh_seconds
        return self._value if young and self._version == self.watch.version else None

    async def get(self, told: int | None = None) -> T:
        """The reading; ``told``: the version the page's stream told it of (the change it
        reloads for). A reading made at that version or later is what the page wants: it is
        given at once, even while a newer one is being made (the stream tells the page of
        that one when it is made, so the page never waits for it, nor goes back in time)."""
        self._asked_at = asyncio.get_running_loop().time()
        kept, making = self._value, self._lock is not None and self._lock.locked()
        if told is not None and kept is not None and told <= self._version and making:
            return kept
        return await self._get()

    async def _get(self) -> T:
        loop = asyncio.get_running_loop()
        asked, version = loop.time(), self.watch.version
        value = self._current(asked)
        if value is not None:
            return value
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:  # the others wait for the one reading, then share it
            if self._value is not None and self._done >= asked and self._version == version:
                # Made while this page waited, and nothing changed since it began: as fresh
                # as it could want, however long it took (under load a reading can take
                # longer than fresh_seconds, and each waiting page made it again in turn:
                # fifty phones, fifty readings).
                return self._value
            value = self._current(loop.time())
            if value is not None:
                return value
            version, started = self.watch.version, loop.time()
            value = await run_in_threadpool(self.read)
            self._value, self._version, self._at = value, version, started
            self._done = loop.time()
            return value
