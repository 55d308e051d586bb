"""How long does a big entrant list take? Prints seconds for reading and parsing a CSV file
as Excel saves it, and for importing it into a fresh SQLite event; asserts nothing.

    .venv/bin/python benchmarks/entrants_import.py [--entrants 3000] [--refused-rows 600000]

Also times the refusal of a file far over the limit (10,000 rows), which must be quick.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=3000)
    parser.add_argument("--refused-rows", type=int, default=600_000)
    args = parser.parse_args(argv)

    from gin_scorer.services.support.entrant_rows import parse_entrants_csv, read_entrants_file
    from gin_scorer.services.writes import events, exchange
    from gin_scorer.store.database import open_database

    folder = Path(tempfile.mkdtemp(prefix="entrants-bench-"))
    path = folder / "entrants.csv"
    path.write_bytes(
        b"\xef\xbb\xbfname;club;seed\r\n"
        + b"".join(
            b'"Player ""%d"" Lee";Club %d;%d\r\n' % (n, n % 50, n + 1) for n in range(args.entrants)
        )
    )
    started = time.perf_counter()
    text = read_entrants_file(path)
    parsed = parse_entrants_csv(text)
    parse_seconds = time.perf_counter() - started
    db = open_database(str(folder / "bench.sqlite"), station="bench", backups=False)
    try:
        event = events.create_event(db, name="Bench")
        started = time.perf_counter()
        made = exchange.import_entrants_csv(db, event.id, text)
        import_seconds = time.perf_counter() - started
    finally:
        db.close()
    print(
        f"{len(parsed.specs):,} entrants: read and parsed in {parse_seconds:.2f} s, "
        f"imported into SQLite in {import_seconds:.2f} s ({len(made):,} made)"
    )

    big = folder / "huge.csv"
    big.write_bytes(b"name,club\r\n" + b"".join(b"P%d,C\r\n" % n for n in range(args.refused_rows)))
    started = time.perf_counter()
    try:
        read_entrants_file(big)
        answer = "accepted"
    except ValueError as refused:
        answer = str(refused)
    print(
        f"{args.refused_rows:,} rows ({big.stat().st_size / 1e6:.1f} MB) answered in "
        f"{time.perf_counter() - started:.2f} s: {answer}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
