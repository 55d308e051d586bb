"""The phones of benchmarks/room_load.py: two a table taking turns at its page, and phones
on the room page following the change stream. Each table and each watcher has a loopback
address of its own (127.0.x.y), as each phone has its own address on a venue's Wi-Fi.

A phone that drops offline (``offline`` of the tables and of the watchers, once in the middle
of the match, for 10–30 s) behaves as the table page's script does: the hand typed while
offline is kept with its form's key and sent when the phone is back, the same key again if
its first send may have reached the room; a room page coming back fetches its live part at
once.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import httpx

_FIELDS = re.compile(r'name="(key|version)" value="([^"]*)"')
_VERSION = re.compile(r'name="version" value="(\d+)"')
_VERSION_SAID = re.compile(r'"v":\s*(\d+)')  # a change event's version, in its data
OFFLINE_SECONDS = (10.0, 30.0)
STAMP = "x-bench-request"  # names a timed request for the room's own clock (room_clock.py)


@dataclass
class Figures:
    requests: dict[str, list[float]] = field(default_factory=dict)  # seconds, by kind
    answered: list[float] = field(default_factory=list)  # when each hand's reply came
    answered_back: list[float] = field(default_factory=list)  # … from a phone back online
    shown: list[float] = field(default_factory=list)  # when the timed room page had reloaded
    caught_up: list[float] = field(default_factory=list)  # room page back: reconnect → shown
    update_bytes: list[int] = field(default_factory=list)  # a room page's bytes per change
    sent: int = 0  # hands the phones meant to record
    resent: int = 0  # replies dropped and sent again
    kept_offline: int = 0  # hands typed offline, kept and sent once back
    confirmed: int = 0  # players' confirmations sent
    transport_errors: int = 0  # connections found closed, the request sent again
    refused: dict[int, int] = field(default_factory=dict)  # answers other than 303, by status
    loop_late: list[float] = field(default_factory=list)  # the phones' own loop, how late
    # Each timed request: its name and kind; when it was started, written to the socket, its
    # answer's headers read, and its whole answer taken (time.perf_counter: the machine's
    # monotonic clock, the same in the room's process).
    stamps: list[tuple[str, str, float, float, float, float]] = field(default_factory=list)
    part: int = 0  # which client process (room_load.py --clients) took these figures
    cpu_seconds: float = 0.0  # the client process's own CPU time, every thread


@dataclass(frozen=True)
class Plan:
    drop: float  # share of replies lost
    pause: tuple[float, float]  # seconds between a table's hands
    offline: float  # share of tables and of room pages that drop offline once


def address(n: int) -> str:
    """The ``n``-th phone's own loopback address (127.0.0.1 is the room's, the run's own)."""
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


def phone(base: str, n: int, connections: int = 4) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(
        local_address=address(n), limits=httpx.Limits(max_connections=connections)
    )
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=60)


async def _timed(
    figures: Figures, kind: str, call: Callable[..., Awaitable[httpx.Response]]
) -> httpx.Response:
    """One request, timed. A connection the server had already closed (a keep-alive that
    timed out as the request left) is a lost reply: the phone sends the same again, and the
    time counts from the first try."""
    started = time.perf_counter()
    at = len(figures.stamps)
    mark = f"{figures.part}.{at}"  # the room's own clock files its times under this name
    figures.stamps.append((mark, kind, started, started, started, started))
    seen: dict[str, float] = {}

    async def trace(name: str, info: object) -> None:
        seen[name] = time.perf_counter()  # when the phone's loop got this far

    for attempt in range(3):
        try:
            answer = await call(headers={STAMP: mark}, extensions={"trace": trace})
            break
        except httpx.TransportError:
            figures.transport_errors += 1
            if attempt == 2:
                raise
    took = time.perf_counter()
    written = seen.get("http11.send_request_body.complete", started)
    heard = seen.get("http11.receive_response_headers.complete", took)
    figures.stamps[at] = (mark, kind, started, written, heard, took)
    figures.requests.setdefault(kind, []).append(took - started)
    return answer


async def _confirm(
    client: httpx.AsyncClient,
    path: str,
    page: str,
    figures: Figures,
    plan: Plan,
    rng: random.Random,
) -> None:
    """Both players confirm the decided match, each from their own phone (a lost reply: the
    same word sent again)."""
    version = _VERSION.search(page)
    if version is None or "agree-a" not in page:
        return
    for side in "ab":
        word = {"side": side, "version": version.group(1), "answer": "agree"}
        await _timed(figures, "confirm", partial(client.post, f"{path}/confirm", data=word))
        if rng.random() < plan.drop:
            await _timed(figures, "confirm", partial(client.post, f"{path}/confirm", data=word))
        figures.confirmed += 1


async def _offline_send(
    client: httpx.AsyncClient, path: str, send: dict[str, str], figures: Figures, rng: random.Random
) -> httpx.Response:
    """The phone drops offline as the hand is sent: half the time the send reached the room
    and only the reply was lost, half the time it never left. The hand is kept, and sent
    with the same key once the phone is back 10–30 s later."""
    figures.kept_offline += 1
    if rng.random() < 0.5:
        await client.post(f"{path}/hand", data=send)  # its reply never reaches the phone
    await asyncio.sleep(rng.uniform(*OFFLINE_SECONDS))
    return await _timed(figures, "hand", partial(client.post, f"{path}/hand", data=send))


async def table(
    client: httpx.AsyncClient, path: str, seed: int, plan: Plan, figures: Figures, drops: bool
) -> None:
    """Two phones taking turns at one table until its match is over (``drops``: once, in
    the middle of the match, they lose the network)."""
    rng = random.Random(seed)
    drop_at = rng.randint(2, 5) if drops else -1
    for turn in range(40):  # a game to 100 is over long before
        await asyncio.sleep(rng.uniform(*plan.pause))
        page = await _timed(figures, "page", partial(client.get, path))
        if 'id="entry"' not in page.text:  # the match is over: both players confirm it
            await asyncio.sleep(rng.uniform(*plan.pause))
            await _confirm(client, path, page.text, figures, plan, rng)
            return
        form = dict(_FIELDS.findall(page.text))
        send = {"text": _hand(rng), "step": "record", **form}
        figures.sent += 1
        if turn == drop_at:
            answer = await _offline_send(client, path, send, figures, rng)
        else:
            answer = await _timed(figures, "hand", partial(client.post, f"{path}/hand", data=send))
            if rng.random() < plan.drop:  # the reply was lost on the way: sent again
                figures.resent += 1
                answer = await _timed(
                    figures, "hand", partial(client.post, f"{path}/hand", data=send)
                )
        if answer.status_code != 303:
            figures.sent -= 1  # refused: not recorded
            figures.refused[answer.status_code] = figures.refused.get(answer.status_code, 0) + 1
            continue
        (figures.answered_back if turn == drop_at else figures.answered).append(time.perf_counter())


def _hand(rng: random.Random) -> str:
    """A hand as a table types it: mostly knocks, some gins, now and then a dead hand."""
    side = rng.choice("ab")
    roll = rng.random()
    if roll < 0.65:
        return f"{side}k{rng.randint(0, 10)} {rng.randint(11, 45)}"
    if roll < 0.95:
        return f"{side}g{rng.randint(5, 45)}"
    return "d"


async def _live(
    client: httpx.AsyncClient, figures: Figures, event_bytes: int, told: str = ""
) -> None:
    """The page's main part fetched again, as room.js fetches it (with the version of the
    change its stream told of, when it was told one); the bytes of the update counted as
    they came over the wire (compressed, when the room compresses), with the stream's event."""
    path = f"/live?v={told}" if told else "/live"
    answer = await _timed(figures, "live", partial(client.get, path))
    figures.update_bytes.append(event_bytes + answer.num_bytes_downloaded)


async def room_page(
    client: httpx.AsyncClient,
    figures: Figures,
    done: asyncio.Event,
    *,
    timed: bool,
    offline_after: float | None,
) -> None:
    """A phone on the room page: at each change it fetches the page's main part again
    (``timed``: the phone whose reloads the hand → room page figure is taken from).
    ``offline_after``: seconds after which it loses the network for 10–30 s, then comes
    back and fetches the main part at once (what it missed)."""
    rng = random.Random(id(client))
    while not done.is_set():
        try:
            await asyncio.wait_for(_follow(client, figures, done, timed), timeout=offline_after)
            return
        except TimeoutError:  # the phone is offline: the stream is gone
            await asyncio.sleep(rng.uniform(*OFFLINE_SECONDS))
            back = time.perf_counter()
            await _live(client, figures, 0)
            figures.caught_up.append(time.perf_counter() - back)
            offline_after = None


async def _follow(
    client: httpx.AsyncClient, figures: Figures, done: asyncio.Event, timed: bool
) -> None:
    async with client.stream("GET", "/events", timeout=None) as stream:
        seen, change = 0, False
        async for line in stream.aiter_lines():
            if line.startswith("event: change"):
                change = True
            elif change and line.startswith("data: "):
                change = False
                told = _VERSION_SAID.search(line)
                # The event's bytes: what the stream brought since the last one.
                event_bytes, seen = stream.num_bytes_downloaded - seen, stream.num_bytes_downloaded
                await _live(client, figures, event_bytes, told.group(1) if told else "")
                if timed:
                    figures.shown.append(time.perf_counter())
            if done.is_set():
                return


def update_times(answered: list[float], shown: list[float]) -> list[float]:
    """For each hand: from its reply to the next time the room page had reloaded."""
    ordered = sorted(shown)
    out = []
    for at in answered:
        later = next((s for s in ordered if s >= at), None)
        if later is not None:
            out.append(later - at)
    return out


async def _tick(figures: Figures, done: asyncio.Event) -> None:
    """Every 10 ms, how late a timer on the phones' loop fires: an answer that has come
    waits about that long before its phone takes it (and the clock stops)."""
    while not done.is_set():
        due = time.perf_counter() + 0.010
        await asyncio.sleep(0.010)
        figures.loop_late.append(max(0.0, time.perf_counter() - due))


@dataclass(frozen=True)
class Part:
    """Which of the phones one client process plays (``index`` of ``of`` processes: every
    ``of``-th table and room page), and the barrier at which the processes end together."""

    index: int = 0
    of: int = 1
    together: Any = None  # a multiprocessing Barrier, when there are several processes


async def play(
    base: str, paths: list[str], plan: Plan, limit: float, watchers: int, part: Part = Part()
) -> Figures:
    figures = Figures(part=part.index)
    rng = random.Random(7)
    mine = range(part.index, max(len(paths), watchers), part.of)
    tables = {n: phone(base, n) for n in mine if n < len(paths)}
    rooms = {n: phone(base, len(paths) + n) for n in mine if n < watchers}
    done = asyncio.Event()
    ticking = asyncio.create_task(_tick(figures, done))
    # The timed room page never drops; a share of the others does, mid-match. Drawn for
    # every phone in every process, so that each plays its share of one and the same plan.
    dropping = {n for n in range(1, watchers) if rng.random() < plan.offline}
    offline_after = {n: rng.uniform(30, 90) for n in range(watchers) if n in dropping}
    tables_dropping = [rng.random() < plan.offline for _ in paths]
    watching = [
        asyncio.create_task(
            room_page(client, figures, done, timed=n == 0, offline_after=offline_after.get(n))
        )
        for n, client in rooms.items()
    ]
    # One task a table: its two phones take turns, one hand each, never at once.
    playing = [
        table(client, paths[n], n, plan, figures, tables_dropping[n])
        for n, client in tables.items()
    ]
    try:
        await asyncio.wait_for(asyncio.gather(*playing), timeout=limit)
    finally:
        if part.together is not None:  # the room pages follow until every table is done
            with contextlib.suppress(threading.BrokenBarrierError):
                await asyncio.to_thread(part.together.wait, limit)
        await asyncio.sleep(2)  # the last hands reach the room page
        done.set()
        for watcher in watching:
            watcher.cancel()
        await asyncio.gather(*watching, ticking, return_exceptions=True)
        for client in [*tables.values(), *rooms.values()]:
            await client.aclose()
    figures.cpu_seconds = time.process_time()
    return figures


def merged(parts: list[Figures]) -> Figures:
    """The figures of several client processes as one (their times are on one clock)."""
    whole = Figures()
    for part in parts:
        for name, value in vars(part).items():
            if isinstance(value, list):
                getattr(whole, name).extend(value)
            elif isinstance(value, dict):
                for key, more in value.items():
                    into = getattr(whole, name)
                    into[key] = into.get(key, type(more)()) + more
            elif name != "part":
                setattr(whole, name, getattr(whole, name) + value)
    return whole
