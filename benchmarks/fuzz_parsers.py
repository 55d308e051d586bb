"""The long fuzz run: every parser of the suite with a large budget; prints figures.

    .venv/bin/python benchmarks/fuzz_parsers.py [INPUTS_PER_PARSER] [--only NAME ...]
        [--seed N] [--minutes M] [--show K]

Runs the strategies of tests/property/fuzz_targets.py (the same ones the bounded test suite
uses, with ``max_examples`` raised) and prints per parser: inputs tried, tracebacks (an
exception that escaped, a printed traceback or exit status 70), half-written databases
(refused, yet the rows changed) and other problems (more than one error line, a refused file
modified, an accepted import that `verify` rejects). ``--minutes`` bounds each parser's run.
Exits 1 if any problem was found, printing the first ``--show`` examples of each.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The repository root, so the suite's fuzz targets import as tests.property.fuzz_targets.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, given, settings

from tests.property import fuzz_targets


def run_target(
    target: fuzz_targets.Target, budget: int, seed: int, minutes: float, show: int
) -> tuple[int, Counter[str], list[str]]:
    tried = 0
    found: Counter[str] = Counter()
    examples: list[str] = []
    deadline = time.monotonic() + minutes * 60

    @settings(
        max_examples=budget,
        deadline=None,
        database=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(target.strategy)
    def attempt(value: object) -> None:
        nonlocal tried
        if time.monotonic() > deadline:
            return  # out of time: the remaining examples are drawn but not run
        tried += 1
        outcome = target.attempt(value)
        for problem in fuzz_targets.problems(outcome, value):
            kind = (
                "traceback"
                if problem.startswith(("escaped", "a traceback", "exit status"))
                else "half-written"
                if "half-written" in problem
                else "other"
            )
            found[kind] += 1
            if len(examples) < show:
                examples.append(f"{problem[:300]} <- {str(value)[:200]!r}")

    seeded = __import__("hypothesis").seed(seed)(attempt)
    seeded()
    return tried, found, examples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "inputs", nargs="?", type=int, default=1000, help="inputs per parser (default 1000)"
    )
    parser.add_argument("--only", nargs="*", help="only these parsers")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--minutes", type=float, default=60.0, help="stop each parser after this long (default 60)"
    )
    parser.add_argument("--show", type=int, default=3, help="examples printed per parser")
    args = parser.parse_args()
    ws = fuzz_targets.Workspace()
    try:
        targets = fuzz_targets.build_targets(ws)
        chosen = args.only or list(targets)
        print(
            f"{'parser':<14} {'tried':>8} {'tracebacks':>10} {'half-written':>12} "
            f"{'other':>6} {'seconds':>8}",
            flush=True,
        )
        total_tried = total_bad = 0
        for name in chosen:
            started = time.monotonic()
            tried, found, examples = run_target(
                targets[name], args.inputs, args.seed, args.minutes, args.show
            )
            total_tried += tried
            total_bad += sum(found.values())
            print(
                f"{name:<14} {tried:>8} {found['traceback']:>10} {found['half-written']:>12} "
                f"{found['other']:>6} {time.monotonic() - started:>8.0f}",
                flush=True,
            )
            for example in examples:
                print(f"    {example}", flush=True)
        print(f"{'total':<14} {total_tried:>8}  problems: {total_bad}", flush=True)
    finally:
        ws.close()
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
