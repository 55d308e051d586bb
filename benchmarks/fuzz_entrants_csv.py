"""The long run of the entrants-parser fuzz suite (tests/property/test_fuzz_entrants_csv.py),
outside the default test run. Prints the inputs tried per target and the failures found (a
failure is a traceback, a problem of more than one line, a name holding a line break, or an
import that wrote half a file); asserts nothing.

    .venv/bin/python benchmarks/fuzz_entrants_csv.py [--examples 25000]

Each target runs ``--examples`` fresh random inputs (the default test run uses 150 fixed
ones). Hypothesis stops a target at its first failure and shows the smallest input.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import pytest

TEST_FILE = Path(__file__).resolve().parent.parent / "tests/property/test_fuzz_entrants_csv.py"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=25_000, help="inputs per target")
    args = parser.parse_args(argv)
    os.environ["GIN_SCORER_FUZZ_EXAMPLES"] = str(args.examples)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    started = time.perf_counter()
    status = pytest.main([str(TEST_FILE), "-q", "-p", "no:cacheprovider", "--no-header"])
    seconds = time.perf_counter() - started
    module = next(m for name, m in sys.modules.items() if name.endswith("test_fuzz_entrants_csv"))
    tried: dict[str, int] = module.TRIED
    for target, count in tried.items():
        print(f"{target:>26}: {count:,} inputs")
    print(
        f"{'in all':>26}: {sum(tried.values()):,} inputs in {seconds:.0f} s, "
        f"{'0 failures' if status == 0 else 'FAILURES (above)'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
