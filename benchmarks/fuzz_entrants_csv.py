"""The long run of the entrants-parser fuzz suite, outside the default test run. Prints the
inputs tried per target and the failures found (a traceback, a problem of more than one
line, a name holding a line break or control character, an import that wrote half a list);
asserts nothing.

    .venv/bin/python benchmarks/fuzz_entrants_csv.py [--examples 3000] [--mutations 100000]

Two kinds of input:

- the hypothesis targets of tests/property/test_fuzz_entrants_csv.py, ``--examples`` fresh
  random inputs each (the default test run uses 150 fixed ones); hypothesis stops a target
  at its first failure and prints the smallest input;
- ``--mutations`` byte-level mutants of files as Excel and LibreOffice save them (bytes
  flipped, inserted, deleted, spliced, quotes and separators and BOMs dropped in), each
  decoded as a file and parsed both as a CSV and as the app's text box. Cheap, so this is
  where the hundred-thousands come from. Seeded (``--seed``): a failure can be replayed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
import traceback
from pathlib import Path
from types import ModuleType

import pytest

TEST_FILE = Path(__file__).resolve().parent.parent / "tests/property/test_fuzz_entrants_csv.py"

# Files as spreadsheet programs write them (see tests/services/test_csv_dialects.py).
SEEDS = [
    b'\xef\xbb\xbfname,club,seed\r\n"Ann ""Ace"" Lee",North,1\r\n"Smith, Jo","A, B",2\r\n',
    b'Name;Club;Member number;Seed\r\n"Zo\xeb ""Z"" Ruiz";Montr\xe9al;M-1;1\r\nFran\xe7ois;;;\r\n',
    b"\xff\xfen\x00a\x00m\x00e\x00\t\x00c\x00l\x00u\x00b\x00\r\x00\n\x00A\x00\t\x00B\x00",
    b'"name","club","seed"\n"Ann ""Ace"" Lee","North",1\n"=cmd|\' /C calc\'!A0","South",\n',
    b'name,club\r\n"Ann\r\nLee",North\r\nBob,"Club\nEast"\r\n\'=SUM(1),x\r\n',
    b"Ann\tNorth\t7\t2\tBob\nCy\t\t\t\n",
    b"Smith, Jo\nAnn Lee\n\n",
]
NASTY = [
    b'"',
    b'""',
    b",",
    b";",
    b"\t",
    b"\r",
    b"\n",
    b"\r\n",
    b"\x00",
    b"\x1b",
    b"'",
    b"=",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\xfe\xff",
    b"\xc3",
    b"\x80",
    b"name",
    b"9" * 30,
]


def mutate(rng: random.Random, data: bytes) -> bytes:
    """A few random edits of ``data``."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        at = rng.randint(0, len(out))
        kind = rng.randrange(5)
        if kind == 0:
            out[at:at] = rng.choice(NASTY)
        elif kind == 1 and out:
            del out[at : at + rng.randint(1, 4)]
        elif kind == 2 and at < len(out):
            out[at] = rng.randrange(256)
        elif kind == 3:
            other = rng.choice(SEEDS)
            start = rng.randrange(len(other))
            out[at:at] = other[start : start + rng.randint(1, 40)]
        else:
            out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
    return bytes(out)


def run_mutations(count: int, seed: int, checks: ModuleType) -> tuple[int, int]:
    """(inputs tried, failures): every mutant decoded and parsed as a file and as the box."""
    from gin_scorer.services.support.entrant_rows import (
        decode_entrants_bytes,
        parse_entrants_csv,
        parse_entrants_text,
    )

    rng = random.Random(seed)
    failures = 0
    for number in range(count):
        data = mutate(rng, rng.choice(SEEDS))
        try:
            try:
                text = decode_entrants_bytes(data)
            except ValueError as refused:
                checks._one_line(str(refused))
                continue
            checks._sound(parse_entrants_csv(text))
            checks._sound(parse_entrants_text(text))
        except Exception:  # counting every way the parser can fail is the point
            failures += 1
            if failures <= 3:
                print(f"mutant {number} (seed {seed}) failed: {data!r}", file=sys.stderr)
                traceback.print_exc()
    return count, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=3000, help="inputs per hypothesis target")
    parser.add_argument("--mutations", type=int, default=100_000, help="byte-level mutants")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args(argv)
    os.environ["GIN_SCORER_FUZZ_EXAMPLES"] = str(max(1, args.examples))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    started = time.perf_counter()
    status = 0
    if args.examples:
        status = pytest.main([str(TEST_FILE), "-q", "-p", "no:cacheprovider", "--no-header"])
    # The module pytest ran (it put the folder on sys.path), for its counts and its checks.
    sys.path.insert(0, str(TEST_FILE.parent))
    module = importlib.import_module(TEST_FILE.stem)
    tried: dict[str, int] = dict(module.TRIED)
    mutation_started = time.perf_counter()
    tried["byte mutants"], failures = run_mutations(args.mutations, args.seed, module)
    mutation_seconds = time.perf_counter() - mutation_started
    for target, count in tried.items():
        print(f"{target:>24}: {count:,} inputs")
    print(f"{'byte mutants':>24}: {failures} failures in {mutation_seconds:.0f} s")
    print(
        f"{'in all':>24}: {sum(tried.values()):,} inputs in "
        f"{time.perf_counter() - started:.0f} s, hypothesis targets "
        f"{'passed' if status == 0 else 'FAILED (above)'}, {failures} mutant failures"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
