"""Crash soak: 1,000 SIGKILLs of a process recording hands; prints what survived.

    .venv/bin/python benchmarks/crash_soak.py [TRIALS] [--keep FOLDER]

Each trial forks a writer that records hands through the store (one transaction each, with
its audit entry) and acknowledges each after its commit; the writer is killed with SIGKILL
at a random moment. At the end: every acknowledged hand must be present, ``PRAGMA
integrity_check`` must be "ok" and the audit chain must verify. Prints figures, not a verdict
on speed; exits 1 if anything acknowledged was lost or damaged.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

# The crash test's writer lives with the tests (it is test machinery, not the app's): the
# repository root on the path makes it importable here and in the forked writers.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.store.crash_writer import run_concurrent, run_trials


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trials", nargs="?", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the database in this folder")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="gin-scorer-crash-"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "crash-soak.sqlite"
    report = run_trials(path, args.trials, seed=args.seed)
    times = sorted(report.trial_seconds)
    print(f"trials                       {report.trials}")
    print(f"killed before the db opened  {report.killed_before_ready}")
    print(f"hands acknowledged           {report.acknowledged}")
    print(
        f"hands in the database        {report.hands_in_database} "
        f"({report.hands_in_database - report.acknowledged} committed, killed before the ack)"
    )
    print(f"acknowledged hands lost      {len(report.lost)}")
    print(f"PRAGMA integrity_check       {report.integrity}")
    print(f"audit chain                  {report.audit_chain}")
    print(f"seal                         {report.seal}")
    print(f"database size                {path.stat().st_size / 1024:.0f} KiB")
    print(
        f"time                         {report.seconds:.1f} s "
        f"(per trial: median {statistics.median(times) * 1000:.0f} ms, "
        f"p99 {times[int(len(times) * 0.99) - 1] * 1000:.0f} ms)"
    )
    print(f"database                     {path}")
    verdicts = [report.ok]
    for pause, label in ((0.005, "resting 5 ms"), (0.0, "flat out")):
        shared = run_concurrent(
            folder / f"shared-{pause}.sqlite", writers=4, seconds=5.0, pause=pause
        )
        print(
            f"4 stations on one file, 5 s, {label:12} hands per station "
            f"{shared.acks_per_writer}, lost {len(shared.lost)}, integrity "
            f"{shared.integrity}, audit {shared.audit_chain}, seal {shared.seal}"
        )
        verdicts.append(shared.ok)
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
