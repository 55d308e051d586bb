"""Print the room's figures under a full room's load (not pass/fail).

    .venv/bin/python benchmarks/room_load.py [--tables 100] [--drop 0.05] [--watchers 50]
        [--offline 0.2] [--busy] [--pg URL] [--clients 4]

A Swiss round of ``--tables`` tables (one game to 100 a match) served by the room on loopback
by ``gin-scorer serve`` in a process of its own, as at the venue. Two phones per table take
turns entering the hands of a whole match through the table's page (read the page, send the
hand), pausing ``--pause`` seconds between hands (5–20 s: a real hand takes two to five
minutes, so the room plays about fifteen times faster than a real one); ``--drop`` of the
replies are lost and the phone sends again with the same form. ``--watchers`` phones are on
the room page: each follows the change stream and reloads the page's main part at each
change. ``--offline`` of the tables and of the room pages lose the network once, mid-match,
for 10–30 s (benchmarks/room_phones.py: what they do then). ``--busy`` keeps one core busy
with other work for the whole run (a loop in a process of its own), as a laptop at a venue
that also prints, backs up or runs the desk. The run ends when every match is over (or after
``--limit`` s).

Prints: hands sent, lost and doubled (counted from the database), whether ``verify`` is clean,
the p50/p95 request times, the p50/p95 time from a hand's reply to a room page showing it (and
for hands sent by a phone back online; and a room page back online: reconnect → caught up),
and the bytes a room page receives per change (the stream's event and the page's main part,
as they come over the wire). ``--pg URL`` runs on a fresh database made on that PostgreSQL
server (dropped afterwards).

Where a request's time goes: the room runs with its own clock (benchmarks/room_clock.py), and
each request is cut in three on the machine's monotonic clock, which both processes read —
phone sends → the room's application has it, inside the room, sent → the phone has taken it
— beside how late each side's event loop ran and each side's CPU time. The phones play in
``--clients`` processes (4): in one process, fifty room pages told of a change at once
parsed the event, sent and read their answers in turn on one loop, and the last one's time
held the others' (``--clients 1`` measures so, to compare).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from room_phones import Figures, Part, Plan, merged, play, update_times

# The phones' processes. Real phones each have a processor of their own; sharing one process
# among 250 phones made the harness time itself (see _phones). Four keep each process's queue
# short without crowding the room off a two-core laptop.
CLIENTS = 4


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
    spy = os.environ.get("ROOM_LOAD_PROFILE")
    if not spy:
        return None
    command = [spy, "record", "--format", "raw", "-o", "/tmp/room-profile.txt", "-d", "30"]
    command += ["--gil", "--nonblocking"]
    return subprocess.Popen([*command, "--pid", str(pid)], stdout=subprocess.DEVNULL)


def _busy_core() -> subprocess.Popen[bytes]:
    """Other work keeping one core busy (a loop that never sleeps), until it is stopped."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def _wait_for(port: int) -> None:
    # Two minutes: with one core busy on a loaded two-core machine, the room's imports alone
    # took more than thirty seconds.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the room did not start")


def _room(url: str, event_id: int, port: int, clock: Path) -> subprocess.Popen[bytes]:
    """The room in a process of its own, as `gin-scorer serve` runs it at the venue (the
    phones here share this one), with its own clock on each request (room_clock.py, written
    to ``clock`` when it stops)."""
    timed = Path(__file__).with_name("room_clock.py")
    command = [sys.executable, str(timed), str(clock), "--db", url, "serve"]
    command += ["--event", str(event_id), "--port", str(port)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL)


def _phones(
    base: str, paths: list[str], plan: Plan, limit: float, watchers: int, clients: int
) -> Figures:
    """The phones, in ``clients`` processes of their own (each plays every ``clients``-th
    table and room page). One process for every phone queues their work: fifty room pages
    told of a change at once each parse the event, send, and read their answer in turn on one
    event loop, and the last one's time includes the 49 others' (real phones each have a
    processor of their own)."""
    if clients == 1:
        return asyncio.run(play(base, paths, plan, limit, watchers))
    context = multiprocessing.get_context("spawn")
    together, out = context.Barrier(clients), context.Queue()
    workers = [
        context.Process(
            target=_play_part,
            args=(base, paths, plan, limit, watchers, Part(n, clients, together), out),
        )
        for n in range(clients)
    ]
    for worker in workers:
        worker.start()
    try:
        parts = [out.get(timeout=limit + 180) for _ in workers]
    finally:
        for worker in workers:
            worker.join(timeout=30)
            if worker.is_alive():
                worker.kill()
    return merged(parts)


def _play_part(
    base: str, paths: list[str], plan: Plan, limit: float, watchers: int, part: Part, out: Any
) -> None:
    out.put(asyncio.run(play(base, paths, plan, limit, watchers, part)))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run(
    tables: int,
    plan: Plan,
    limit: float,
    pg: str | None,
    watchers: int = 1,
    busy: bool = False,
    clients: int = 1,
) -> None:
    from gin_scorer.presets import load_preset
    from gin_scorer.services.queries.verify import verify_database
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes import entrants, events, rounds
    from gin_scorer.services.writes.matches import get_score_sheet, list_matches
    from gin_scorer.services.writes.table_links import table_links

    before = _load()  # the machine's load as the run starts (it is printed at the end)
    folder = Path(tempfile.mkdtemp(prefix="room-load-"))
    url, cleanup = _database(pg, folder)
    db = open_database(url, station="room", backups=False)
    burner = _busy_core() if busy else None
    try:
        event = events.create_event(
            db, name="Load Open", format="swiss", rules=load_preset("wikipedia-standard")
        )
        names = [EntrantSpec(f"Player {n:03d}") for n in range(1, 2 * tables + 1)]
        entrants.add_entrants(db, event.id, names)
        rounds.start_round(db, event.id)
        paths = [link.path for link in table_links(db, event.id)]
        port = _free_port()
        server = _room(url, event.id, port, folder / "room-clock.json")
        try:
            _wait_for(port)  # inside: a room that never answers is stopped too
            spy = _profiler(server.pid)
            started = time.perf_counter()
            figures = _phones(f"http://127.0.0.1:{port}", paths, plan, limit, watchers, clients)
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
        if burner is not None:
            burner.kill()
            burner.wait()
        db.close()
        if cleanup is not None:
            admin, name = cleanup  # type: ignore[misc]
            with admin.connect() as connection:  # type: ignore[attr-defined]
                connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
    where = "PostgreSQL" if pg else "SQLite"
    print(
        f"room under load ({where}{', one core busy' if busy else ''}): {tables} tables × 2 "
        f"phones, a hand every {plan.pause[0]:g}–{plan.pause[1]:g} s a table, {plan.drop:.0%} "
        f"of replies dropped, {plan.offline:.0%} of the phones offline once for 10–30 s, "
        f"{watchers} phone(s) on the room page; load before: {before}, after: {_load()}"
    )
    print(f"  {took:.0f} s; {finished} of {len(matches)} matches finished")
    print(f"  verify: {'clean' if report.clean else [str(p) for p in report.problems]}")
    print(f"  confirmations sent {figures.confirmed}; matches both players confirmed: {both}")
    _print_figures(figures, recorded)
    _print_room_clock(folder / "room-clock.json", figures, clients)


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _ms(values: list[float]) -> str:
    """p50 / p95 in milliseconds, and how many."""
    if not values:
        return "none"
    return (
        f"p50 {statistics.median(values) * 1000:.0f} ms, "
        f"p95 {_percentile(values, 0.95) * 1000:.0f} ms ({len(values)})"
    )


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def _print_figures(figures: Figures, recorded: int) -> None:
    print(
        f"  hands sent {figures.sent} (resent after a lost reply: {figures.resent}; kept "
        f"offline and sent once back: {figures.kept_offline}); recorded {recorded}: "
        f"lost {max(0, figures.sent - recorded)}, doubled {max(0, recorded - figures.sent)}"
    )
    if figures.refused:
        print(f"  sends refused, by status: {dict(sorted(figures.refused.items()))}")
    if figures.transport_errors:
        print(f"  connections found closed and the request sent again: {figures.transport_errors}")
    every = [t for times in figures.requests.values() for t in times]
    print(f"  requests: {_ms(every)}")
    for kind, times in sorted(figures.requests.items()):
        print(f"    {kind}: {_ms(times)}")
    print(f"  hand → room page: {_ms(update_times(figures.answered, figures.shown))}")
    back = update_times(figures.answered_back, figures.shown)
    print(f"  hand → room page, sent by a phone back online: {_ms(back)}")
    print(f"  room page back online → caught up: {_ms(figures.caught_up)}")
    sizes = figures.update_bytes
    if sizes:
        print(
            f"  bytes a room page receives per change (event + main part, on the wire): "
            f"median {statistics.median(sizes):,.0f}, max {max(sizes):,} ({len(sizes)} updates)"
        )


def _print_room_clock(clock: Path, figures: Figures, clients: int) -> None:
    """The same requests timed inside the room, and how late each side's event loop ran:
    where the phones' time went (the room, or the phones' own shared process)."""
    print(f"  the phones' own loops, how late a 10 ms timer fired: {_ms(figures.loop_late)}")
    if not clock.exists():
        print("  the room's own clock: none (the room did not write it)")
        return
    inside = json.loads(clock.read_text())
    timed = {k: v for k, v in inside["requests"].items() if k in figures.requests}
    every = [t for times in timed.values() for t in times]
    print(f"  inside the room, request reached the app → answer sent: {_ms(every)}")
    for kind, times in sorted(timed.items()):
        print(f"    {kind}: {_ms(times)}")
    print(f"  the room's loop, how late a 10 ms timer fired: {_ms(inside['loop_late'])}")
    print(
        f"  CPU seconds: the room {inside['cpu_seconds']:.0f}, the phones "
        f"{figures.cpu_seconds:.0f} (in {clients} process(es))"
    )
    _print_legs(figures.stamps, inside["stamps"])


def _print_legs(
    phones: list[tuple[str, str, float, float, float, float]], room: dict[str, list[float]]
) -> None:
    """Each request's time cut in five on the one clock both processes read: the phone
    writes it (its loop's turn, a free connection); → the room's app has it (the wire, the
    room's loop reading it); inside the room; → the phone has read the answer's headers
    (the wire, the phone's loop taking it); → the phone has the whole answer. The first
    leg ends when the phone's loop is back from writing, which can be after the room had
    the request (the second leg is then below zero): read the two together as the way in."""
    legs: dict[str, list[list[float]]] = {}
    for mark, kind, started, written, heard, taken in phones:
        if mark not in room:
            continue
        reached, sent = room[mark]
        times = (written - started, reached - written, sent - reached, heard - sent, taken - heard)
        for leg, took in zip(legs.setdefault(kind, [[], [], [], [], []]), times, strict=True):
            leg.append(took)
    print(
        "  each request in five legs, ms: phone writes it / → the room has it / inside / "
        "→ the phone reads its headers / → the whole answer"
    )
    for kind, five in sorted(legs.items()):
        p95 = " / ".join(f"{_percentile(leg, 0.95) * 1000:.0f}" for leg in five)
        p50 = " / ".join(f"{statistics.median(leg) * 1000:.0f}" for leg in five)
        print(f"    {kind}: p50 {p50}; p95 {p95} ({len(five[0])})")


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
        default=50,
        help="phones following the room page, each reloading it at every change",
    )
    parser.add_argument(
        "--offline",
        type=float,
        default=0.0,
        help="share of the tables and room pages that lose the network once for 10–30 s",
    )
    parser.add_argument("--busy", action="store_true", help="keep one core busy meanwhile")
    parser.add_argument(
        "--clients",
        type=int,
        default=CLIENTS,
        help="processes the phones are shared among (1: every phone in one process)",
    )
    args = parser.parse_args(argv)
    plan = Plan(args.drop, tuple(args.pause), args.offline)
    run(args.tables, plan, args.limit, args.pg, args.watchers, args.busy, args.clients)
    return 0


if __name__ == "__main__":
    sys.exit(main())
