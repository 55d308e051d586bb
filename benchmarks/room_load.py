"""Print the room's figures under a full room's load (not pass/fail).

    .venv/bin/python benchmarks/room_load.py [--tables 100] [--drop 0.05] [--watchers 1]
        [--pg URL]

A Swiss round of ``--tables`` tables (one game to 100 a match) served by the room on loopback
by ``gin-scorer serve`` in a process of its own, as at the venue. Two phones per table take
turns entering the hands of a whole match through the table's page (read the page, send the
hand), pausing ``--pause`` seconds between hands (5–20 s: a real hand takes two to five
minutes, so the room plays about fifteen times faster than a real one); ``--drop`` of the
replies are lost and the phone sends again with the same form. ``--watchers`` phones (default
one) are on the room page: each follows the change stream and reloads the page's main part at
each change. The run ends when every match is over (or after ``--limit`` s).

Prints: hands sent, lost and doubled (counted from the database), whether ``verify`` is clean,
the p50/p95 request times, and the p50/p95 time from a hand's reply to a room page showing it.
``--pg URL`` runs on a fresh database made on that PostgreSQL server (dropped afterwards).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import httpx

_FIELDS = re.compile(r'name="(key|version)" value="([^"]*)"')
_VERSION = re.compile(r'name="version" value="(\d+)"')


@dataclass
class Figures:
    requests: dict[str, list[float]] = field(default_factory=dict)  # seconds, by kind
    answered: list[float] = field(default_factory=list)  # when each hand's reply came
    shown: list[float] = field(default_factory=list)  # when a room page had reloaded
    sent: int = 0  # hands the phones meant to record
    resent: int = 0  # replies dropped and sent again
    confirmed: int = 0  # players' confirmations sent
    transport_errors: int = 0  # connections found closed, the request sent again


def _hand(rng: random.Random) -> str:
    """A hand as a table types it: mostly knocks, some gins, now and then a dead hand."""
    side = rng.choice("ab")
    roll = rng.random()
    if roll < 0.65:
        return f"{side}k{rng.randint(0, 10)} {rng.randint(11, 45)}"
    if roll < 0.95:
        return f"{side}g{rng.randint(5, 45)}"
    return "d"


async def _timed(
    figures: Figures, kind: str, call: Callable[[], Awaitable[httpx.Response]]
) -> httpx.Response:
    """One request, timed. A connection the server had already closed (a keep-alive that
    timed out as the request left) is a lost reply: the phone sends the same again, and the
    time counts from the first try."""
    started = time.perf_counter()
    for attempt in range(3):
        try:
            answer = await call()
            break
        except httpx.TransportError:
            figures.transport_errors += 1
            if attempt == 2:
                raise
    figures.requests.setdefault(kind, []).append(time.perf_counter() - started)
    return answer


async def _confirm(
    client: httpx.AsyncClient,
    path: str,
    page: str,
    figures: Figures,
    drop: float,
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
        if rng.random() < drop:
            await _timed(figures, "confirm", partial(client.post, f"{path}/confirm", data=word))
        figures.confirmed += 1


async def _table(
    client: httpx.AsyncClient,
    path: str,
    seed: int,
    drop: float,
    pause: tuple[float, float],
    figures: Figures,
) -> None:
    """Two phones taking turns at one table until its match is over."""
    rng = random.Random(seed)
    for _turn in range(40):  # a game to 100 is over long before
        await asyncio.sleep(rng.uniform(*pause))
        page = await _timed(figures, "page", partial(client.get, path))
        if 'id="entry"' not in page.text:  # the match is over: both players confirm it
            await asyncio.sleep(rng.uniform(*pause))
            await _confirm(client, path, page.text, figures, drop, rng)
            return
        form = dict(_FIELDS.findall(page.text))
        send = {"text": _hand(rng), "step": "record", **form}
        figures.sent += 1
        answer = await _timed(figures, "hand", partial(client.post, f"{path}/hand", data=send))
        if rng.random() < drop:  # the reply was lost on the way: the phone sends it again
            figures.resent += 1
            answer = await _timed(figures, "hand", partial(client.post, f"{path}/hand", data=send))
        if answer.status_code != 303:
            figures.sent -= 1  # refused (the other phone's hand got in first): not recorded
            continue
        figures.answered.append(time.perf_counter())


async def _room_page(
    client: httpx.AsyncClient, figures: Figures, done: asyncio.Event, *, timed: bool
) -> None:
    """A phone on the room page: at each change it fetches the page's main part again
    (``timed``: the phone whose reloads the hand → room page figure is taken from)."""
    async with client.stream("GET", "/events", timeout=None) as stream:
        async for line in stream.aiter_lines():
            if line.startswith("event: change"):
                await _timed(figures, "live", partial(client.get, "/live"))
                if timed:
                    figures.shown.append(time.perf_counter())
            if done.is_set():
                return


async def _play(
    base: str,
    paths: list[str],
    drop: float,
    pause: tuple[float, float],
    limit: float,
    watchers: int,
) -> Figures:
    figures = Figures()
    limits = httpx.Limits(max_connections=len(paths) * 2 + watchers * 2 + 4)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
        done = asyncio.Event()
        watching = [
            asyncio.create_task(_room_page(client, figures, done, timed=n == 0))
            for n in range(watchers)
        ]
        # One task a table: its two phones take turns, one hand each, never at once.
        tables = [
            _table(client, path, seed, drop, pause, figures) for seed, path in enumerate(paths)
        ]
        try:
            await asyncio.wait_for(asyncio.gather(*tables), timeout=limit)
        finally:
            await asyncio.sleep(2)  # the last hands reach the room page
            done.set()
            for watcher in watching:
                watcher.cancel()
    return figures


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def _update_times(figures: Figures) -> list[float]:
    """For each hand: from its reply to the next time the room page had reloaded."""
    shown = sorted(figures.shown)
    out = []
    for answered in figures.answered:
        later = next((s for s in shown if s >= answered), None)
        if later is not None:
            out.append(later - answered)
    return out


def _database(pg: str | None, folder: Path) -> tuple[str, object]:
    """A fresh database: a SQLite file, or a new database on the PostgreSQL server."""
    if pg is None:
        return str(folder / "room.sqlite"), None
    import sqlalchemy

    name = f"room_bench_{uuid.uuid4().hex[:8]}"
    admin = sqlalchemy.create_engine(pg, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    return pg.rsplit("/", 1)[0] + f"/{name}", (admin, name)


def _profiler(pid: int) -> subprocess.Popen[bytes] | None:
    """``ROOM_LOAD_PROFILE=py-spy`` (a path to py-spy): where the room's time goes, in 30 s
    (only threads holding the GIL, the time requests queue for; sampled without pausing the
    room, which would make its figures worse than they are)."""
    import os

    spy = os.environ.get("ROOM_LOAD_PROFILE")
    if not spy:
        return None
    command = [spy, "record", "--format", "raw", "-o", "/tmp/room-profile.txt", "-d", "30"]
    command += ["--gil", "--nonblocking"]
    return subprocess.Popen([*command, "--pid", str(pid)], stdout=subprocess.DEVNULL)


def _wait_for(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the room did not start")


def run(
    tables: int,
    drop: float,
    pause: tuple[float, float],
    limit: float,
    pg: str | None,
    watchers: int = 1,
) -> None:
    from gin_scorer.presets import load_preset
    from gin_scorer.services import entrants, events, rounds
    from gin_scorer.services.database import open_database
    from gin_scorer.services.dto import EntrantSpec
    from gin_scorer.services.matches import get_score_sheet, list_matches
    from gin_scorer.services.table_links import table_links
    from gin_scorer.services.verify import verify_database

    folder = Path(tempfile.mkdtemp(prefix="room-load-"))
    url, cleanup = _database(pg, folder)
    db = open_database(url, station="room", backups=False)
    try:
        event = events.create_event(
            db, name="Load Open", format="swiss", rules=load_preset("wikipedia-standard")
        )
        names = [EntrantSpec(f"Player {n:03d}") for n in range(1, 2 * tables + 1)]
        entrants.add_entrants(db, event.id, names)
        rounds.start_round(db, event.id)
        paths = [link.path for link in table_links(db, event.id)]
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        # The room in a process of its own, as `gin-scorer serve` runs at the venue (the
        # phones here share this one).
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gin_scorer",
                "--db",
                url,
                "serve",
                "--event",
                str(event.id),
                "--port",
                str(port),
            ],
            stdout=subprocess.DEVNULL,
        )
        _wait_for(port)
        spy = _profiler(server.pid)
        started = time.perf_counter()
        try:
            figures = asyncio.run(
                _play(f"http://127.0.0.1:{port}", paths, drop, pause, limit, watchers)
            )
            took = time.perf_counter() - started
            if spy is not None:
                spy.wait(timeout=120)
        finally:  # never leave the room running behind a failed run
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=20)
        matches = [m for m in list_matches(db, event.id) if m.b is not None]
        recorded = sum(len(get_score_sheet(db, m.id).hands) for m in matches)
        finished = sum(m.status.value == "finished" for m in list_matches(db, event.id))
        report = verify_database(db, event.id)
        both = sum(
            (s := get_score_sheet(db, m.id)).confirmation is not None
            and s.confirmation.agreement.value == "confirmed"
            for m in matches
        )
    finally:
        db.close()
        if cleanup is not None:
            admin, name = cleanup  # type: ignore[misc]
            with admin.connect() as connection:  # type: ignore[attr-defined]
                connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
    updates = _update_times(figures)
    where = "PostgreSQL" if pg else "SQLite"
    print(
        f"room under load ({where}): {tables} tables × 2 phones, a hand every "
        f"{pause[0]:g}–{pause[1]:g} s a table, {drop:.0%} of replies dropped, "
        f"{watchers} phone(s) on the room page"
    )
    print(f"  {took:.0f} s; {finished} of {len(matches)} matches finished")
    print(
        f"  hands sent {figures.sent} (resent after a lost reply: {figures.resent}); "
        f"recorded {recorded}: lost {max(0, figures.sent - recorded)}, "
        f"doubled {max(0, recorded - figures.sent)}"
    )
    print(f"  confirmations sent {figures.confirmed}; matches both players confirmed: {both}")
    if figures.transport_errors:
        print(f"  connections found closed and the request sent again: {figures.transport_errors}")
    print(f"  verify: {'clean' if report.clean else [str(p) for p in report.problems]}")
    every = [t for times in figures.requests.values() for t in times]
    kinds = ", ".join(
        f"{kind} {len(times)}: p50 {statistics.median(times) * 1000:.0f} / "
        f"p95 {_percentile(times, 0.95) * 1000:.0f} ms"
        for kind, times in sorted(figures.requests.items())
    )
    print(
        f"  requests: {len(every)}, p50 {statistics.median(every) * 1000:.0f} ms, "
        f"p95 {_percentile(every, 0.95) * 1000:.0f} ms ({kinds})"
    )
    if updates:
        print(
            f"  hand → room page: p50 {statistics.median(updates) * 1000:.0f} ms, "
            f"p95 {_percentile(updates, 0.95) * 1000:.0f} ms ({len(updates)} hands)"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--drop", type=float, default=0.05, help="share of replies lost")
    parser.add_argument(
        "--pause",
        type=float,
        nargs=2,
        default=(5.0, 20.0),
        metavar=("MIN", "MAX"),
        help="seconds between a table's hands",
    )
    parser.add_argument("--limit", type=float, default=300, help="stop after so many seconds")
    parser.add_argument("--pg", help="a PostgreSQL server URL (a fresh database is made on it)")
    parser.add_argument(
        "--watchers",
        type=int,
        default=1,
        help="phones following the room page, each reloading it at every change",
    )
    args = parser.parse_args(argv)
    run(args.tables, args.drop, tuple(args.pause), args.limit, args.pg, args.watchers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
