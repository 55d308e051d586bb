"""How fast the store and services are where a director feels it. Prints figures; never fails.

1. record-hand latency: ``services.hands.record_hand`` end to end (one transaction, version
   claim, the sheet re-derived from the hand log, audit entry, change feed, automatic backup
   schedule) on a SQLite file with ``synchronous=FULL`` — median and p99, in a fresh database
   and in one holding a 100,000-hand event.
2. rebuild: every standing of a simulated 500-entrant Swiss event with ~100,000 hands,
   recomputed from the hand log (helper D's ``services.standings.standings``), cold caches;
   and, for comparison, every match ledger of the event rebuilt from the log.

Targets: record-hand median <= 20 ms; rebuild <= 3 s.

    python benchmarks/store.py [--entrants 500] [--hands 100000] [--samples 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def random_record(rng: random.Random) -> dict[str, object]:
    """A plausible declared hand: mostly knocks (some undercut), some gins, rare dead hands."""
    roll = rng.random()
    side = rng.choice("AB")
    other = "B" if side == "A" else "A"
    if roll < 0.03:
        return {"dead": True}
    if roll < 0.18:
        return {"gin": side, "deadwood": {other: rng.randint(5, 60)}}
    knock = rng.randint(1, 10)
    defend = rng.randint(max(0, knock - 4), 70)
    return {"knock": side, "deadwood": {side: knock, other: defend}}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def timed_cpu(action: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall-clock and this process's CPU seconds: on a shared machine the CPU time shows what
    the code costs when it has a core to itself."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def record_latency(
    db: Any,
    event_id: int,
    entrant_ids: list[int],
    samples: int,
    rng: random.Random,
    hands_per_match: int = 40,
) -> list[float]:
    """Milliseconds per record_hand, matches filled to a realistic length one after another."""
    from gin_scorer.core.hand_json import record_from_json
    from gin_scorer.services.support.errors import InvalidInput
    from gin_scorer.services.writes import hands, matches

    times: list[float] = []
    match = None
    while len(times) < samples:
        if match is None or len(times) % hands_per_match == 0:
            a, b = rng.sample(entrant_ids, 2)
            match = matches.create_match(db, event_id, a, b)
            version = match.version
        record = record_from_json(random_record(rng))
        start = time.perf_counter()
        try:
            sheet = hands.record_hand(db, match.id, record, version, entered_by="bench")
        except InvalidInput:  # the match was decided: start another
            match = None
            continue
        times.append((time.perf_counter() - start) * 1000)
        version = sheet.version
    return times


def build_event(
    db: Any, entrants: int, target_hands: int, rng: random.Random
) -> tuple[int, int, int]:
    """A Swiss event of ``entrants`` with rounds of random pairings whose matches are played
    to the end (best of five to 250) until ``target_hands`` hands exist. Rows are bulk
    inserted (this is set-up, not what is measured). Returns (event id, matches, hands)."""
    from sqlalchemy import insert

    from gin_scorer.core.hand_json import record_from_json
    from gin_scorer.core.hands import score_hand
    from gin_scorer.core.ledgers import play_match
    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.support.stored_json import dumps
    from gin_scorer.services.writes import entrants as entrant_service
    from gin_scorer.services.writes import events
    from gin_scorer.store.tables import HandEntry, Match, Round, utcnow

    rules = load_preset("gra-tournament")
    event = events.create_event(
        db, name="Benchmark open", rules=rules, format="swiss", settings={"rounds": 20}
    )
    made = entrant_service.add_entrants(
        db, event.id, [EntrantSpec(f"Player {i:03d}", seed=i + 1) for i in range(entrants)]
    )
    ids = [e.id for e in made]
    rules_json = dumps(rules.to_dict())
    hands_total = 0
    match_total = 0
    number = 0
    now = utcnow()
    while hands_total < target_hands:
        number += 1
        with db.transaction() as session:
            round_row = Round(event_id=event.id, number=number, status="finished", paired_at=now)
            session.add(round_row)
            session.flush()
            order = ids[:]
            rng.shuffle(order)
            match_rows = []
            for table, (a, b) in enumerate(zip(order[::2], order[1::2], strict=False), start=1):
                match_rows.append(
                    {
                        "event_id": event.id,
                        "round_id": round_row.id,
                        "table_number": table,
                        "entrant_a_id": a,
                        "entrant_b_id": b,
                        "rules_json": rules_json,
                        "status": "finished",
                        "version": 1,
                        "created_at": now,
                    }
                )
            result = session.execute(insert(Match).returning(Match.id), match_rows)
            match_ids = [row[0] for row in result]
            hand_rows = []
            for match_id in match_ids:
                raw = [random_record(rng) for _ in range(160)]
                records = [record_from_json(r) for r in raw]
                ledger = play_match([score_hand(r, rules) for r in records], rules)
                played = ledger.games[-1].lines[-1].hand + 1 if ledger.finished else len(raw)
                for seq, data in enumerate(raw[:played], start=1):
                    hand_rows.append(
                        {
                            "match_id": match_id,
                            "seq": seq,
                            "kind": "entry",
                            "record_json": dumps(data),
                            "dealer": "AB"[seq % 2],
                            "entered_by": "bench",
                            "station": "bench",
                            "entered_at": now,
                        }
                    )
            session.execute(insert(HandEntry), hand_rows)
            hands_total += len(hand_rows)
            match_total += len(match_ids)
    return event.id, match_total, hands_total


def rebuild_ledgers(db: Any, event_id: int) -> int:
    """Every match ledger of the event from its hand log (one query), as the services do."""
    from collections import defaultdict

    from sqlalchemy import select as sql_select
    from sqlmodel import col, select

    from gin_scorer.core.ledgers import ledger_for
    from gin_scorer.services.queries.sheets import counted_hands, score
    from gin_scorer.services.queries.views import _LOG_COLUMNS, log_entries
    from gin_scorer.services.support.stored_json import rules_from_json
    from gin_scorer.store.tables import HandEntry, Match

    with db.transaction(write=False) as session:
        match_rows = list(session.exec(select(Match).where(Match.event_id == event_id)))
        logs: dict[int, list[Any]] = defaultdict(list)
        query = (
            sql_select(*_LOG_COLUMNS)
            .join(Match, col(Match.id) == col(HandEntry.match_id))
            .where(Match.event_id == event_id)
            .order_by(col(HandEntry.id))
        )
        for row in session.execute(query):
            logs[row.match_id].append(row)
    rules_cache: dict[str, Any] = {}
    finished = 0
    for m in match_rows:
        rules = rules_cache.get(m.rules_json)
        if rules is None:
            rules = rules_cache[m.rules_json] = rules_from_json(m.rules_json, "rules")
        hands = counted_hands(log_entries(logs.get(m.id or 0, [])))
        ledger = ledger_for([score(h.record, rules) for h in hands], rules)
        finished += bool(ledger.finished)
    return finished


def clear_caches(db: Any) -> None:
    """Forget every derivation kept in the process and by the database handle, so a rebuild
    starts cold."""
    from gin_scorer.services.queries.rounds.derived import forget_results
    from gin_scorer.services.queries.sheets import problems_of, score
    from gin_scorer.services.queries.views import parse_record

    score.cache_clear()
    problems_of.cache_clear()
    parse_record.cache_clear()
    forget_results(db.derived)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=500)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the databases afterwards")
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="gin-scorer-bench-"))
    os.environ.setdefault("GIN_SCORER_BACKUP_DIR", str(folder / "backups"))
    from gin_scorer.services.writes import entrants, events
    from gin_scorer.store.database import open_database

    rng = random.Random(args.seed)
    print(f"gin-scorer store benchmark (SQLite, WAL, synchronous=FULL) in {folder}")
    print(f"  load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")

    db = open_database(folder / "fresh.sqlite", station="bench")
    with db.transaction(write=False) as session:
        sync = session.connection().exec_driver_sql("PRAGMA synchronous").scalar()
    print(f"  PRAGMA synchronous = {sync} (2 = FULL)")
    event = events.create_event(db, name="Latency")
    people = [entrants.add_entrant(db, event.id, f"P{i}").id for i in range(20)]
    times = record_latency(db, event.id, people, args.samples, rng)
    print(
        f"record_hand, fresh database, {len(times)} hands (matches of up to 40 hands; "
        f"backups every 25 hands included): median {statistics.median(times):.1f} ms, "
        f"p99 {percentile(times, 0.99):.1f} ms, max {max(times):.1f} ms  (target: median <= 20 ms)"
    )
    db.close()

    db = open_database(folder / "big.sqlite", station="bench")
    seconds, (event_id, match_count, hand_count) = timed(
        lambda: build_event(db, args.entrants, args.hands, rng)
    )
    size = (folder / "big.sqlite").stat().st_size / 1e6
    print(
        f"simulated event: {args.entrants} entrants, {match_count} matches, {hand_count} hands "
        f"(built in {seconds:.1f} s; file {size:.0f} MB)"
    )
    try:
        from gin_scorer.services.queries.standings import standings
    except ImportError:
        standings = None  # type: ignore[assignment]
    if standings is not None:
        runs, cpus = [], []
        for _ in range(3):
            clear_caches(db)
            seconds, cpu, rows = timed_cpu(lambda: standings(db, event_id))
            runs.append(seconds)
            cpus.append(cpu)
        warm, _ = timed(lambda: standings(db, event_id))
        print(
            f"rebuild all standings (services.standings, cold caches), {len(rows)} rows: "
            f"best {min(runs):.2f} s wall / {min(cpus):.2f} s CPU, worst {max(runs):.2f} s wall"
            f"  (target <= 3 s); again with nothing changed: {warm:.2f} s"
        )
    else:
        print("services.standings has not landed: only the ledger rebuild below is measured")
    runs, cpus = [], []
    for _ in range(3):
        clear_caches(db)
        seconds, cpu, finished = timed_cpu(lambda: rebuild_ledgers(db, event_id))
        runs.append(seconds)
        cpus.append(cpu)
    print(
        f"rebuild all {match_count} match ledgers from {hand_count} hand-log rows (cold caches): "
        f"best {min(runs):.2f} s wall / {min(cpus):.2f} s CPU, worst {max(runs):.2f} s wall "
        f"({finished} finished)"
    )
    big_people = [e.id for e in entrants.list_entrants(db, event_id)]
    times = record_latency(db, event_id, big_people, args.samples, rng)
    print(
        f"record_hand in the {hand_count}-hand database, {len(times)} hands: "
        f"median {statistics.median(times):.1f} ms, p99 {percentile(times, 0.99):.1f} ms"
    )
    db.close()
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
