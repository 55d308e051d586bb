"""How fast ``gin-scorer verify`` re-checks a whole event. Prints figures; never fails.

    .venv/bin/python benchmarks/verify_speed.py [--runs 3] [--hands 100000] [--cache DIR]
    .venv/bin/python benchmarks/verify_speed.py --profile cards   # cProfile's top entries
    .venv/bin/python benchmarks/verify_speed.py --cpu             # CPU s of one process

Three events, built once and cached (``--cache``, by default ``~/.cache/gin-scorer/verify_speed``;
the build simulates every hand with the same seeded strategy as the demo, so each hand is a
different, legal hand of real play):

- ``cards``: 100,000 hands, every one with its cards (the knocker's spread, the defender's
  cards, melds and layoffs), sealed in one link, as an imported event file is;
- ``plain``: the same hands without their cards (declarations only), sealed the same way;
- ``sealed``: the same declarations, with one seal link per hand (the hand and its match
  row), as a busy room makes them, hand by hand, from the tables' phones.

For each event it times ``verify_database`` (every hand, status, round, the audit chain and
the seal) in a fresh process, ``--runs`` times, and the bare floor of the same file: every hand
row read (the columns verify needs) and its JSON decoded, in a plain Python loop. It prints the
best and the median of each, microseconds a hand, the ratio to the floor, the CPU seconds of
each process in the best run (on a busy machine they say more than the wall), and the targets:
cards <= 4 s and <= 10x the floor, plain <= 2 s. (The core's own figures: benchmarks/core.py.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.verify_events import BUILD, build_events

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
TARGETS = {"cards": 4.0, "plain": 2.0}  # seconds of wall, on the lead's 2-core machine
FLOOR_RATIO = 10.0  # cards: at most this many times the bare read floor

_VERIFY = """
import time, json, resource
from gin_scorer.store.database import open_database
from gin_scorer.services.queries.verify import verify_database

def helpers_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)  # child processes that have ended
    return used.ru_utime + used.ru_stime

db = open_database({path!r}, backups=False, migrate=False)
started, cpu, helper = time.perf_counter(), time.process_time(), helpers_cpu()
report = verify_database(db)
took = time.perf_counter() - started
cpu, helper = time.process_time() - cpu, helpers_cpu() - helper
db.close()
print(json.dumps({{"seconds": took, "cpu": cpu, "helper_cpu": helper, "hands": report.hands,
                  "problems": len(report.problems),
                  "first": [str(p) for p in report.problems[:3]]}}))
"""

_CPU = """
import json, os, time
os.environ["GIN_SCORER_VERIFY_PROCESSES"] = "1"
from gin_scorer.store.database import open_database
from gin_scorer.services.queries.verify import verify_database
try:
    from gin_scorer.services.queries.verify_split import collector_paused
except ImportError:  # --code: a checkout from before verify paused the collector
    from contextlib import nullcontext as collector_paused
from gin_scorer.store.seal_check import check_seal
db = open_database({path!r}, backups=False, migrate=False)
cpu = time.process_time()
report = verify_database(db)
verify = time.process_time() - cpu
cpu = time.process_time()
with collector_paused(), db.transaction(write=False) as session:  # as verify checks it
    check_seal(session)
seal = time.process_time() - cpu
db.close()
print(json.dumps({{"verify": verify, "seal": seal, "hands": report.hands}}))
"""

_FLOOR = """
import json, time
from sqlalchemy import text
from gin_scorer.store.database import open_database
db = open_database({path!r}, backups=False, migrate=False)
started = time.perf_counter()
count = 0
with db.transaction(write=False) as session:
    rows = session.execute(text(
        "SELECT id, match_id, kind, supersedes_id, record_json, override_reason "
        "FROM hand_entry ORDER BY id"))
    for row in rows:
        if row.record_json:
            json.loads(row.record_json)
        count += 1
took = time.perf_counter() - started
db.close()
print(json.dumps({{"seconds": took, "hands": count}}))
"""


def in_fresh_process(code: str, source: Path = ROOT) -> dict[str, Any]:
    """Run ``code`` in a new interpreter with ``source`` (a checkout) first on its path."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=source
    )
    if done.returncode:
        raise SystemExit(f"the measured process failed:\n{done.stderr[-3000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def measure(path: Path, runs: int, source: Path) -> tuple[list[dict[str, Any]], list[float]]:
    """``runs`` verifications and ``runs`` floors, taking turns (so both see the same load)."""
    verified: list[dict[str, Any]] = []
    floors: list[float] = []
    for _ in range(runs):
        verified.append(in_fresh_process(_VERIFY.format(path=str(path)), source))
        floors.append(in_fresh_process(_FLOOR.format(path=str(path)), source)["seconds"])
    return verified, floors


def report(name: str, verified: list[dict[str, Any]], floors: list[float]) -> bool:
    """Print one event's figures; True when its targets are met (judged on the best run)."""
    hands = verified[0]["hands"]
    seconds = [v["seconds"] for v in verified]
    best, median = min(seconds), statistics.median(seconds)
    floor = min(floors)
    ratio = best / floor
    per_100k = best / hands * 100_000
    problems = verified[0]["problems"]
    verdict = "clean" if not problems else f"{problems} problem(s): {verified[0]['first']}"
    print(
        f"{name:7} {hands:>7} hands: verify best {best:6.2f} s, median {median:6.2f} s "
        f"({best / hands * 1e6:6.1f} us a hand); floor {floor:5.2f} s "
        f"({floor / hands * 1e6:5.1f} us a hand); ratio {ratio:5.1f}x  [{verdict}]"
    )
    if "cpu" in verified[0]:  # --code: an older checkout's script may not say
        fastest = verified[seconds.index(best)]
        print(
            f"        CPU of the best run: this process {fastest['cpu']:.2f} s, the second "
            f"process {fastest['helper_cpu']:.2f} s (its start included; 0: none ran)"
        )
    met = True
    if name in TARGETS:
        ok = per_100k <= TARGETS[name]
        met &= ok
        print(
            f"        {per_100k:.2f} s a 100,000 hands; target <= {TARGETS[name]:.0f} s wall: "
            f"{'met' if ok else 'NOT met'}"
        )
    if name == "cards":
        ok = ratio <= FLOOR_RATIO
        met &= ok
        print(f"        target <= {FLOOR_RATIO:.0f}x the floor: {'met' if ok else 'NOT met'}")
    return met


_PROFILE = """
import cProfile, pstats, time
from gin_scorer.store.database import open_database
from gin_scorer.services.queries.verify import verify_database
db = open_database({path!r}, backups=False, migrate=False)
profiler = cProfile.Profile()
started = time.perf_counter()
profiler.enable()
verify_database(db)
profiler.disable()
print(f"verify under the profiler: {{time.perf_counter() - started:.2f}} s")
db.close()
stats = pstats.Stats(profiler)
stats.sort_stats("tottime").print_stats({top})
stats.sort_stats("cumulative").print_stats({top})
"""


def profile(path: Path, top: int, source: Path) -> int:
    """cProfile's top entries of one verification, in a fresh process of ``source``'s code
    (with a second process, only this one's share is seen)."""
    code = _PROFILE.format(path=str(path), top=top)
    return subprocess.run([sys.executable, "-c", code], cwd=source, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE / "gin-scorer" / "verify_speed")
    parser.add_argument("--events", default="cards,plain,sealed")
    parser.add_argument("--profile", choices=("cards", "plain", "sealed"))
    parser.add_argument(
        "--profile-here", choices=("cards", "plain", "sealed"), help=argparse.SUPPRESS
    )
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument(
        "--cpu", action="store_true", help="CPU seconds of verify in one process, and the seal's"
    )
    parser.add_argument(
        "--code", type=Path, default=ROOT, help="the checkout to measure (default: this one)"
    )
    args = parser.parse_args(argv)

    paths = build_events(args.cache, args.hands)
    if args.profile:
        return profile(paths[args.profile], args.top, args.code)
    if args.cpu:
        # CPU seconds of one process (the load inflates them far less than wall time).
        load = os.getloadavg()
        print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} CPUs")
        for name in args.events.split(","):
            found = in_fresh_process(_CPU.format(path=str(paths[name])), args.code)
            print(
                f"{name:7} one process: verify {found['verify']:.2f} s CPU "
                f"({found['verify'] / found['hands'] * 1e6:.1f} us a hand), of which the seal "
                f"check alone {found['seal']:.2f} s CPU"
            )
        return 0
    load = os.getloadavg()
    print(
        f"verify speed of {args.code} (build {BUILD}, cache {args.cache}); load average "
        f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} CPUs; best and median "
        f"of {args.runs}"
    )
    met = True
    for name in args.events.split(","):
        verified, floors = measure(paths[name], args.runs, args.code)
        met &= report(name, verified, floors)
    print("targets: " + ("all met" if met else "NOT all met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
