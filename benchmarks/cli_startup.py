"""How long one command takes as a whole process: ``--version``, ``hand add`` and ``match
sheet`` on a SQLite file, each a fresh ``gin-scorer`` process (prints figures; never fails).

A director scripting a round pays a whole process per hand: the interpreter, the imports, the
database opened and checked, the hand written, the sheet printed. Target (issue 41): ``hand
add`` under 300 ms, median of 20 processes. ``--version`` is the floor: the interpreter and the
command line's own start-up, nothing else.

    .venv/bin/python benchmarks/cli_startup.py [--runs 20] [--keep DIR]

The database (one Swiss event, four entrants, round 1 paired) is built once in ``--keep``
(default: a temporary folder). Automatic backups go to a folder beside it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HAND = '{"knock": "A", "deadwood": {"A": 7, "B": 15}}'


def _command() -> list[str]:
    return [sys.executable, "-m", "gin_scorer"]


def _run(args: list[str], env: dict[str, str]) -> float:
    began = time.perf_counter()
    done = subprocess.run([*_command(), *args], env=env, capture_output=True, text=True)
    took = time.perf_counter() - began
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


def _figures(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (
        f"{name:<14} median {statistics.median(ms):6.0f} ms   min {ms[0]:5.0f}   "
        f"max {ms[-1]:5.0f}   ({len(ms)} processes)"
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
    version = [_run(["--version"], env) for _ in range(options.runs)]
    hands = [
        _run(["hand", "add", "--match", str(1 + n % 2), HAND], env) for n in range(options.runs)
    ]
    sheets = [_run(["match", "sheet", "1"], env) for _ in range(options.runs)]
    print(_figures("--version", version))
    print(_figures("hand add", hands))
    print(_figures("match sheet", sheets))


if __name__ == "__main__":
    main()
