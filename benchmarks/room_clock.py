"""The room's own clock for benchmarks/room_load.py: ``gin-scorer serve`` as it is, with each
request timed inside the server and the server's event loop watched for lateness.

    .venv/bin/python benchmarks/room_clock.py OUT.json --db URL serve --event N --port P

The phones' figures are taken by the phones, in one client process. A request's time there
is the server's time, plus the wait before the server's loop reads it, plus the wait before
the client's loop takes the answer. This tells those apart:

- ``requests``: per kind, from the request reaching the room's application (uvicorn has read
  it) to the last byte of its answer handed to uvicorn, every middleware included;
- ``loop_late``: every 10 ms, how late a timer on the room's event loop fired. A request that
  arrives while the loop is busy waits about that long before the room reads it.

Written to OUT.json when the room stops (SIGTERM, as the benchmark stops it).
"""

from __future__ import annotations

import asyncio
import atexit
import json
import sys
import time
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

TICK = 0.010  # how often the loop's lateness is sampled
STAMP = b"x-bench-request"  # a phone's name for its request (benchmarks/room_phones.py)


def kind(method: str, path: str) -> str:
    """The benchmark's names for what a request is (as the phones name them).

    >>> kind("GET", "/live"), kind("GET", "/t/3.abc"), kind("POST", "/t/3.abc/hand")
    ('live', 'page', 'hand')
    """
    if path.startswith("/t/"):
        tail = path.split("/")[3:]
        return tail[0] if tail else "page"
    return path.strip("/") or "room"


class Clock:
    """ASGI middleware: the time each request spends inside the room, by kind."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.requests: dict[str, list[float]] = {}
        self.loop_late: list[float] = []
        self.stamps: dict[str, tuple[float, float]] = {}  # a phone's request: reached, sent
        self._ticking = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self._ticking:
            self._ticking = True
            asyncio.get_running_loop().create_task(self._tick())
        started = time.perf_counter()
        name = kind(scope["method"], scope["path"])

        mark = dict(scope["headers"]).get(STAMP, b"").decode()

        async def timed(message: Message) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                sent = time.perf_counter()
                self.requests.setdefault(name, []).append(sent - started)
                if mark:
                    self.stamps[mark] = (started, sent)

        await self.app(scope, receive, timed)

    async def _tick(self) -> None:
        while True:
            due = time.perf_counter() + TICK
            await asyncio.sleep(TICK)
            self.loop_late.append(max(0.0, time.perf_counter() - due))

    def write(self, out: Path) -> None:
        figures: dict[str, object] = {
            "requests": self.requests,
            "loop_late": self.loop_late,
            "stamps": self.stamps,
            "cpu_seconds": time.process_time(),  # the room's whole life, every thread
        }
        out.write_text(json.dumps(figures))


def main(argv: list[str]) -> int:
    out, rest = Path(argv[0]), argv[1:]
    from gin_scorer.cli import main as gin_scorer
    from gin_scorer.web import room_server

    made: list[Clock] = []
    room_app = room_server.room_app  # type: ignore[attr-defined]  # imported there, replaced

    def timed_room(*args: Any, **kwargs: Any) -> ASGIApp:
        made.append(Clock(room_app(*args, **kwargs)))
        return made[-1]

    room_server.room_app = timed_room  # type: ignore[attr-defined,assignment]

    def write_figures() -> None:
        if made:
            made[-1].write(out)

    atexit.register(write_figures)
    return gin_scorer(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
