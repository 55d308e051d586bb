"""The crash test's machinery: kill a writing process at random moments, then count the damage.

A writer process records hand entries through :class:`~gin_scorer.store.database.Database`
exactly as the services do — one transaction per hand, with its audit entry — and sends an
acknowledgement *after* each commit returns. The parent kills it with SIGKILL at a random
moment (while opening the database, mid-transaction, mid-commit, between hands). Afterwards
every acknowledged hand must be in the database, ``PRAGMA integrity_check`` must say "ok"
and the audit chain must verify.

Writers are forked from a forkserver that has already imported the store, so a trial costs
milliseconds instead of a fresh interpreter's half second. SIGKILL tests what a crashed or
killed app leaves behind; a power cut (the OS losing its cache) is what ``synchronous=FULL``
adds on top and cannot be simulated here.

Used by ``tests/store/test_crash.py`` (CI, 100+ trials) and ``benchmarks/crash_soak.py``.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import sqlite3
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from sqlalchemy.orm import configure_mappers

from gin_scorer.store.audit import append, verify_chain
from gin_scorer.store.database import open_database
from gin_scorer.store.migrate import head_revision, script_directory, shipped_head
from gin_scorer.store.seal_check import check_seal
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match

# Read the migration scripts and configure the ORM once, in the forkserver, so each forked
# writer starts warm and the kills land among commits rather than during start-up.
script_directory().get_revision(head_revision())
shipped_head()  # what opening a database at head reads (issue 41: Alembic is not loaded)
configure_mappers()


def prepare(path: Path) -> int:
    """Create the database with one match to record into; return the match id."""
    with open_database(path, station="director", backups=False) as db, db.transaction() as s:
        event = Event(name="Crash test", format="round_robin", rules_json="{}")
        s.add(event)
        s.flush()
        assert event.id is not None
        a, b = Entrant(event_id=event.id, name="North"), Entrant(event_id=event.id, name="South")
        s.add_all([a, b])
        s.flush()
        assert a.id is not None
        match = Match(event_id=event.id, entrant_a_id=a.id, entrant_b_id=b.id, rules_json="{}")
        s.add(match)
        s.flush()
        assert match.id is not None
        return match.id


def _first_match(path: Path) -> int:
    connection = sqlite3.connect(path, timeout=30)
    try:
        return int(connection.execute("SELECT min(id) FROM match").fetchone()[0])
    finally:
        connection.close()


def _record(seq: int) -> str:
    # A realistic hand record size; the seq inside lets the parent check the row's content.
    return json.dumps(
        {
            "declaration": "knock",
            "declarer": "A",
            "seq": seq,
            "deadwood": [["A", 7], ["B", 31]],
            "note": "x" * 200,
        }
    )


def writer(path: str, match_id: int, first_seq: int, acks: Connection, pause: float = 0.0) -> None:
    """The child: record hands until killed, acknowledging each one after its commit.

    ``pause`` seconds between hands make it a station rather than a flood.
    """
    db = open_database(path, station=f"writer-{os.getpid()}", backups=False, migrate=False)
    acks.send(("ready", 0, 0))
    seq = first_seq
    while True:
        with db.transaction() as session:
            hand = HandEntry(
                match_id=match_id,
                seq=seq,
                record_json=_record(seq),
                entered_by="crash-test",
                station=db.station,
            )
            session.add(hand)
            session.flush()
            append(session, "crash-test", "record_hand", f"match {match_id}", {"seq": seq})
        acks.send(("ack", hand.id, seq))
        seq += 1
        if pause:
            time.sleep(pause)


@dataclass
class CrashReport:
    trials: int = 0
    acknowledged: int = 0
    hands_in_database: int = 0  # more than acknowledged: killed between commit and ack
    killed_before_ready: int = 0
    lost: list[tuple[int, int]] = field(default_factory=list)  # (id, seq) acked but missing
    integrity: str = "not checked"
    audit_chain: str = "not checked"
    seal: str = "not checked"
    seconds: float = 0.0
    trial_seconds: list[float] = field(default_factory=list)
    acks_per_writer: list[int] = field(default_factory=list)  # run_concurrent only

    @property
    def ok(self) -> bool:
        return (
            not self.lost
            and self.integrity == "ok"
            and self.audit_chain == "intact"
            and self.seal == "holds"
        )


def _check_what_survived(path: Path, report: CrashReport) -> None:
    """Count the hands, then check the file, the audit chain and the seal after the kills: a
    killed commit must leave its rows and their seal link together, or neither."""
    connection = sqlite3.connect(path, timeout=30)
    try:
        report.hands_in_database = int(
            connection.execute("SELECT count(*) FROM hand_entry").fetchone()[0]
        )
        rows = connection.execute("PRAGMA integrity_check").fetchall()
        report.integrity = "ok" if rows == [("ok",)] else "; ".join(str(r[0]) for r in rows[:3])
    finally:
        connection.close()
    with open_database(path, backups=False) as db, db.transaction(write=False) as session:
        broken = verify_chain(session)
        report.audit_chain = "intact" if broken is None else str(broken.describe())
        sealed = check_seal(session)
        report.seal = "holds" if sealed.holds else str(sealed.problems[0])


def _drain(reader: Connection) -> list[tuple[str, int, int]]:
    messages: list[tuple[str, int, int]] = []
    while True:
        try:
            if not reader.poll(0.5):
                return messages
            messages.append(reader.recv())
        except (EOFError, OSError):
            return messages


def _present(path: Path, acked: list[tuple[int, int]]) -> set[tuple[int, int]]:
    connection = sqlite3.connect(path, timeout=30)
    try:
        found: set[tuple[int, int]] = set()
        ids = [i for i, _ in acked]
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = connection.execute(
                f"SELECT id, seq, record_json FROM hand_entry WHERE id IN ({marks})", chunk
            )
            for ident, seq, record in rows:
                if json.loads(record)["seq"] == seq:
                    found.add((ident, seq))
        return found
    finally:
        connection.close()


def run_trials(
    path: Path,
    trials: int,
    *,
    seed: int = 0,
    max_delay: float = 0.15,
    early_kill_share: float = 0.1,
) -> CrashReport:
    """Run ``trials`` write-and-kill rounds on the database ``path`` (created if missing)."""
    rng = random.Random(seed)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    match_id = prepare(path) if not path.exists() else _first_match(path)
    report = CrashReport()
    started = time.perf_counter()
    acked: list[tuple[int, int]] = []
    for trial in range(trials):
        began = time.perf_counter()
        reader, sender = context.Pipe(duplex=False)
        child = context.Process(
            target=writer,
            args=(str(path), match_id, (trial + 1) * 100_000, sender),
            daemon=True,
        )
        child.start()
        sender.close()
        if rng.random() < early_kill_share:
            time.sleep(rng.uniform(0, max_delay))  # may land while it opens the database
        else:
            if not reader.poll(30):
                child.kill()
                raise RuntimeError("the writer did not start within 30 s")
            time.sleep(rng.uniform(0, max_delay))
        assert child.pid is not None
        os.kill(child.pid, signal.SIGKILL)
        child.join(30)
        messages = _drain(reader)
        reader.close()
        if not any(kind == "ready" for kind, _, _ in messages):
            report.killed_before_ready += 1
        acked += [(ident, seq) for kind, ident, seq in messages if kind == "ack"]
        report.trials += 1
        report.trial_seconds.append(time.perf_counter() - began)
    report.acknowledged = len(acked)
    present = _present(path, acked)
    report.lost = [entry for entry in acked if entry not in present]
    _check_what_survived(path, report)
    report.seconds = time.perf_counter() - started
    return report


def run_concurrent(
    path: Path, writers: int = 3, seconds: float = 1.0, pause: float = 0.005
) -> CrashReport:
    """Several writers on one SQLite file at once (stations sharing it), all killed at the
    end: each must have written (nobody starved past the busy timeout) and nothing acked
    may be missing.

    Each writer rests ``pause`` seconds between hands, as real stations do: SQLite's lock
    is not fair, and writers that never rest can starve one another (``pause=0`` shows it).
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    match_id = prepare(path) if not path.exists() else _first_match(path)
    report = CrashReport()
    started = time.perf_counter()
    children = []
    for n in range(writers):
        reader, sender = context.Pipe(duplex=False)
        child = context.Process(
            target=writer,
            args=(str(path), match_id, (n + 1) * 10**7, sender, pause),
            daemon=True,
        )
        child.start()
        sender.close()
        children.append((child, reader))
    # The window opens when every writer is ready: on a busy machine a writer can take longer
    # than the whole window to start, which is no starvation.
    early: dict[int, list[tuple[str, int, int]]] = {}
    for index, (_child, reader) in enumerate(children):
        if reader.poll(60):
            early[index] = [reader.recv()]
    time.sleep(seconds)
    acked: list[tuple[int, int]] = []
    per_writer: list[int] = []
    for index, (child, reader) in enumerate(children):
        assert child.pid is not None
        os.kill(child.pid, signal.SIGKILL)
        child.join(30)
        said = early.get(index, []) + _drain(reader)
        mine = [(i, s) for kind, i, s in said if kind == "ack"]
        reader.close()
        per_writer.append(len(mine))
        acked += mine
    report.trials = writers
    report.acknowledged = len(acked)
    report.killed_before_ready = sum(1 for count in per_writer if count == 0)
    present = _present(path, acked)
    report.lost = [entry for entry in acked if entry not in present]
    _check_what_survived(path, report)
    report.seconds = time.perf_counter() - started
    report.acks_per_writer = per_writer
    return report
