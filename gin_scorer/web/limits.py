"""How often a phone may ask the room: a table's sends, and everybody's reads.

Both are counted before any work is done, in the server's event loop, which runs one request
at a time between two awaits: a hundred sends in flight are counted one by one, so the hundred
and first is refused however they arrive (the send limit used to be looked at before the write
and counted after it, and let through several times what it promised).
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

from gin_scorer.web.notices import Notices

SENDS_PER_MINUTE = 20  # a table enters a hand every minute or two; twenty is a runaway phone
# Reads a phone may make: a page follows the room's changes (at most two a second) and reads
# the entry line back as it is typed; a burst covers a page opened with its scripts.
READS_PER_SECOND = 10.0
READ_BURST = 60.0
SEARCH_COST = 5.0  # a name searched for may make a page of its own: it counts as five reads
_MOST_ADDRESSES = 10_000  # addresses remembered before the idle ones are let go


class SendLimit:
    """At most :data:`SENDS_PER_MINUTE` writes a table a minute (a runaway phone, or someone
    trying codes, is asked to wait rather than filling the log)."""

    def __init__(
        self, per_minute: int = SENDS_PER_MINUTE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.sent: dict[str, deque[float]] = {}

    def allows(self, token: str) -> bool:
        """Whether ``token`` may send now; the send is counted at once when it may (check and
        count in one step, with no await between them)."""
        now = self.clock()
        recent = self.sent.setdefault(token, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= self.per_minute:
            return False
        recent.append(now)
        return True

    def full(self, token: str) -> bool:
        """Whether ``token`` sent its minute's worth (a look only: nothing is counted, and
        nothing kept for a token never counted)."""
        recent = self.sent.get(token, ())
        now = self.clock()
        return sum(now - at <= 60 for at in recent) >= self.per_minute

    def forget(self, token: str) -> None:
        """Take back the count of a send whose link opened no table: codes somebody tries
        do not fill the memory (a link the room knows keeps its counts)."""
        recent = self.sent.get(token)
        if recent:
            recent.pop()
        if not recent:
            self.sent.pop(token, None)


class ReadLimit:
    """A token bucket per phone (by its address): ``per_second`` reads on average, ``burst``
    at once. A read is cheap for the room when it is shared, but a phone asking without end
    must not hold up the others."""

    def __init__(
        self,
        per_second: float = READS_PER_SECOND,
        burst: float = READ_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_second, self.burst, self.clock = per_second, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def _tokens(self, address: str, now: float) -> float:
        tokens, at = self._buckets.get(address, (self.burst, now))
        return min(self.burst, tokens + (now - at) * self.per_second)

    def allows(self, address: str, cost: float = 1.0) -> bool:
        """Whether ``address`` may read now (``cost`` reads' worth); counted when it may."""
        now = self.clock()
        tokens = self._tokens(address, now)
        if tokens < cost:
            return False
        if len(self._buckets) >= _MOST_ADDRESSES:
            self._let_go(now)
        self._buckets[address] = (tokens - cost, now)
        return True

    def wait_seconds(self, address: str, cost: float = 1.0) -> int:
        """Whole seconds until ``address`` may read again (for ``Retry-After``)."""
        missing = cost - self._tokens(address, self.clock())
        return max(1, math.ceil(missing / self.per_second))

    def _let_go(self, now: float) -> None:
        """Forget the addresses whose buckets have filled up again (idle phones)."""
        full = [a for a in self._buckets if self._tokens(a, now) >= self.burst]
        for address in full:
            del self._buckets[address]


def _reads(scope: Scope) -> float:
    """How many reads a request counts for (0: not a read the limit looks at)."""
    if scope["method"] not in ("GET", "HEAD"):
        return 0.0
    path: str = scope["path"]
    if path.startswith("/static/") or path == "/favicon.ico":
        return 0.0  # served from memory, cached by the phone: never the room's work
    query: bytes = scope.get("query_string", b"")
    searching = b"find=" in query and not query.endswith(b"find=") and b"find=&" not in query
    return SEARCH_COST if searching else 1.0


class ReadLimits:
    """ASGI middleware: every read of the room's pages, its live parts, a table's ``/state``
    and ``/reading``, and the stream, counted against its phone's :class:`ReadLimit` before
    any work; one too many is answered 429 with ``Retry-After`` (JSON for the scripts' reads,
    a line of text for a page)."""

    def __init__(self, app: ASGIApp, limit: ReadLimit, notices: Notices) -> None:
        self.app, self.limit, self.notices = app, limit, notices

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cost = _reads(scope) if scope["type"] == "http" else 0.0
        client = scope.get("client")
        address = str(client[0]) if client else ""
        if not cost or self.limit.allows(address, cost):
            await self.app(scope, receive, send)
            return
        wait = self.limit.wait_seconds(address, cost)
        answer = self.notices.too_many_reads(scope["path"], wait)
        await answer(scope, receive, send)
