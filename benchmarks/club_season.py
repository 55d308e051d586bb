"""Print how long the club's folds take to recompute (not pass/fail).

    .venv/bin/python benchmarks/club_season.py [--small-only] [--keep DIR]

Two databases, each built once by the demo (kept in ``--keep``, default a folder under the
temporary directory, so that a second run only times):

- a club season: 30 club nights for 30 members (about 80% come), three Swiss rounds of
  Hollywood a night, every night counted in one season;
- a circuit: 500 players over 50 tournaments of 100 entrants each (five Swiss rounds of
  one game to 100), every event counted in one season.

For each it prints the time to recompute the rating list (every rated match, in order) and
the season table, each first on a fresh open of the database (nothing derived kept: the first
read after opening it) and then again on that handle (the events' derivations kept, as in the
app), with the count of rows. Targets (issue 18): ≤ 1 s for the season and
≤ 10 s for the circuit.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from gin_scorer.services.queries.ratings import rating_rows
from gin_scorer.services.queries.seasons import list_seasons, season_standing
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes.demo import DemoPlan, demo_names, play_demo
from gin_scorer.services.writes.demo_season import SeasonDemoPlan, play_demo_season
from gin_scorer.services.writes.season_changes import create_season, set_season_events


def build_season(path: Path) -> None:
    db = open_database(path, backups=False)
    try:
        played = play_demo_season(db, SeasonDemoPlan(nights=30, members=30, seed=7))
        print(f"  built: {played.matches} matches, {played.hands} hands in {played.seconds:.0f} s")
    finally:
        db.close()


def build_circuit(path: Path) -> None:
    db = open_database(path, backups=False)
    began = time.perf_counter()
    rng = random.Random("circuit")
    people = [
        EntrantSpec(name, club=f"Club {n % 12 + 1}", member_number=f"C{n:04d}")
        for n, name in enumerate(demo_names(500, rng), start=1)
    ]
    season = create_season(db, "Circuit")
    matches = hands = 0
    try:
        for number in range(50):
            field = sorted(rng.sample(people, 100), key=lambda p: p.member_number)
            specs = tuple(
                EntrantSpec(p.name, p.club, p.member_number, seed=i + 1, checked_in=True)
                for i, p in enumerate(field)
            )
            played = play_demo(
                db,
                DemoPlan(
                    entrants=100,
                    rounds=5,
                    preset="wikipedia-standard",
                    seed=number,
                    name=f"Circuit open {number + 1}",
                    start_date=date(2026, 1, 3) + timedelta(weeks=number),
                    people=specs,
                    with_cards=False,
                ),
            )
            set_season_events(db, season.id, add=[played.event.id])
            matches, hands = matches + played.matches, hands + played.hands
            if number % 10 == 9:
                print(f"  {number + 1} events built ({time.perf_counter() - began:.0f} s)")
        print(f"  built: {matches} matches, {hands} hands")
    finally:
        db.close()


def _timed(read: Callable[[], int]) -> tuple[float, int]:
    began = time.perf_counter()
    count = read()
    return time.perf_counter() - began, count


def _cold_then_warm(path: Path, read: Callable[[Database, int], int]) -> tuple[float, float, int]:
    """``read`` on a fresh open of ``path`` (nothing derived kept: the first read after
    opening the database), then again on the same handle (the events' derivations kept)."""
    db = open_database(path, backups=False)
    try:
        season_id = list_seasons(db)[0].id
        cold, count = _timed(lambda: read(db, season_id))
        warm, _ = _timed(lambda: read(db, season_id))
        return cold, warm, count
    finally:
        db.close()


def _ratings(db: Database, _season_id: int) -> int:
    return len(rating_rows(db))


def _season_table(db: Database, season_id: int) -> int:
    return len(season_standing(db, season_id).rows)


def measure(path: Path, title: str, repeats: int) -> None:
    """Each figure on its own fresh open, so that the season table's first read is not
    helped by what the ratings' read kept."""
    print(title)
    runs: dict[str, list[tuple[float, float, int]]] = {"ratings": [], "season table": []}
    for _ in range(repeats):
        for name, read in (("ratings", _ratings), ("season table", _season_table)):
            cold, warm, count = _cold_then_warm(path, read)
            runs[name].append((cold, warm, count))
            print(
                f"  {name:12}: first read {cold * 1000:7.0f} ms · again {warm * 1000:7.0f} ms"
                f" ({count} rows)"
            )
    for name, timed in runs.items():
        print(
            f"  median of {repeats}, {name}: first read "
            f"{statistics.median(c for c, _, _ in timed) * 1000:.0f} ms, again "
            f"{statistics.median(w for _, w, _ in timed) * 1000:.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "gin-club")
    parser.add_argument("--small-only", action="store_true", help="the club season only")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    args.keep.mkdir(parents=True, exist_ok=True)
    plans = [("season.sqlite", "30 nights x 30 members", build_season)]
    if not args.small_only:
        plans.append(("circuit.sqlite", "500 players over 50 events", build_circuit))
    for name, title, build in plans:
        path = args.keep / name
        if not path.exists():
            print(f"building {title} in {path} …")
            build(path)
        measure(path, title, args.repeats)


if __name__ == "__main__":
    main()
