"""How long one command takes as a whole process: ``--version``, ``hand add`` and ``match
sheet`` on a SQLite file, each a fresh ``gin-scorer`` process (prints figures; never fails).

A director scripting a round pays a whole process per hand: the interpreter, the imports, the
database opened and checked, the hand written, the sheet printed. Target (issue 41): ``hand
add`` under 300 ms, median of 20 processes. ``--version`` is the floor: the interpreter and the
command line's own start-up, nothing else.

    .venv/bin/python benchmarks/cli_startup.py [--runs 20] [--keep DIR]

The database (one Swiss event, four entrants, round 1 paired) is built once in ``--keep``
(default: a temporary folder). Automatic backups go to a folder beside it. Each figure is the
wall time of the whole process and, beside it, its CPU time (user + system), which a busy
machine inflates less.

Measured 2026-11-28 on a shared 2-core machine at load 17-24 (so the wall times are several
times a quiet machine's; re-measure quiet), after decision 0034 (light parsers, handlers
imported when they run; meld tables built on first use):

    --version      median   1168 ms   min   988   max  1474   cpu median   221 ms
    hand add       median   8009 ms   min  6874   max  9063   cpu median  1599 ms
    match sheet    median   7109 ms   min  5982   max 16650   cpu median  1547 ms

and before it (the same script on the previous tree, load 24 falling to 17):

    --version      median   1151 ms   min   982   max  1518   cpu median   237 ms
    hand add       median   7721 ms   min  6604   max  9136   cpu median  1632 ms
    match sheet    median   6975 ms   min  6068   max  8187   cpu median  1647 ms

Run in turn, before and after, on copies of one database (``hand add``, 8 processes each):
after/before CPU 0.91 (0.84-1.06). The 300 ms target is not met: importing SQLAlchemy,
sqlmodel and pydantic and building the mapped classes is most of a ``hand add`` and more
than 300 ms by itself (decision 0034 says why, and what would reach it).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HAND = '{"knock": "A", "deadwood": {"A": 7, "B": 15}}'


def _command() -> list[str]:
    return [sys.executable, "-m", "gin_scorer"]


def _cpu_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _run(args: list[str], env: dict[str, str], cpu: list[float] | None = None) -> float:
    """The wall time of one whole process; its CPU time (user + system) appended to ``cpu``,
    the steadier figure on a busy machine."""
    began, began_cpu = time.perf_counter(), _cpu_of_children()
    done = subprocess.run([*_command(), *args], env=env, capture_output=True, text=True)
    took = time.perf_counter() - began
    if cpu is not None:
        cpu.append(_cpu_of_children() - began_cpu)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
    return took


def _build(folder: Path, env: dict[str, str]) -> None:
    if (folder / "bench.sqlite").exists():
        return
    _run(["event", "new", "--name", "Bench", "--format", "swiss", "--rounds", "3"], env)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        _run(["entrant", "add", "--event", "1", name], env)
    _run(["round", "start", "--event", "1"], env)


def _figures(name: str, times: list[float], cpu: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (
        f"{name:<14} median {statistics.median(ms):6.0f} ms   min {ms[0]:5.0f}   "
        f"max {ms[-1]:5.0f}   cpu median {statistics.median(cpu) * 1000:5.0f} ms   "
        f"({len(ms)} processes)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--keep", type=Path)
    options = parser.parse_args()
    folder = options.keep or Path(tempfile.mkdtemp(prefix="gin-cli-startup-"))
    folder.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "GIN_SCORER_DB": str(folder / "bench.sqlite"),
        "GIN_SCORER_BACKUP_DIR": str(folder / "backups"),
    }
    _build(folder, env)
    load = os.getloadavg()[0]
    print(f"whole processes on SQLite, load average {load:.2f} ({os.cpu_count()} cores)")
    _run(["--version"], env)  # warm the file cache
    # One match takes the hands in turn with the others, so that no match is decided early.
    cpu: dict[str, list[float]] = {"version": [], "hand": [], "sheet": []}
    version = [_run(["--version"], env, cpu["version"]) for _ in range(options.runs)]
    hands = [
        _run(["hand", "add", "--match", str(1 + n % 2), HAND], env, cpu["hand"])
        for n in range(options.runs)
    ]
    sheets = [_run(["match", "sheet", "1"], env, cpu["sheet"]) for _ in range(options.runs)]
    print(_figures("--version", version, cpu["version"]))
    print(_figures("hand add", hands, cpu["hand"]))
    print(_figures("match sheet", sheets, cpu["sheet"]))
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
