"""How long the printouts take: standings for a 500-entrant event (target: 2 s or less) and a
filled GRA score sheet. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/reports.py [--rounds N]

The standings are timed twice: the document alone (500 lines laid out over pages) and the
whole ``report standings`` path against a real SQLite event with 500 entrants and one
played Swiss round (services recompute every match from its hands, then the PDF).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import date
from pathlib import Path

from gin_scorer.core.hands import Declaration, HandRecord, Side
from gin_scorer.presentation.standings_table import StandingLine
from gin_scorer.presets import load_preset
from gin_scorer.reports import build, request_for
from gin_scorer.reports.standings import render_standings
from gin_scorer.reports.template import PageHeader
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes.entrants import add_entrants
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import create_match, get_score_sheet
from gin_scorer.services.writes.rounds import start_round
from gin_scorer.tournament.standings import RecordCounts


def timed(label: str, action, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<58} {best * 1000:8.0f} ms (best of {repeat})")
    return best


def hand(rng: random.Random) -> HandRecord:
    side = rng.choice([Side.A, Side.B])
    if rng.random() < 0.2:
        return HandRecord(Declaration.GIN, side, ((side, 0), (side.other, rng.randint(4, 40))))
    knock = rng.randint(0, 10)
    return HandRecord(
        Declaration.KNOCK, side, ((side, knock), (side.other, knock + rng.randint(1, 40)))
    )


def play_single_game(db, match_id: int, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    sheet = get_score_sheet(db, match_id)
    while not sheet.finished:
        sheet = record_hand(db, match_id, hand(rng), sheet.version, entered_by="bench")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="Swiss rounds to play before timing the standings (default 1)",
    )
    rounds = parser.parse_args().rounds
    folder = Path(tempfile.mkdtemp(prefix="gin-bench-"))
    header = PageHeader("Standings", "Benchmark Open", "Hall", "2026-04-12", "After round 7")
    lines = [
        StandingLine(
            i,
            i,
            f"Entrant {i:03d}",
            f"Club {i % 40}",
            RecordCounts(7, 7 - i % 8, i % 8, 21, 9, 2000 - 7 * i),
            (str(30 - i % 17), str(i % 3)),
        )
        for i in range(1, 501)
    ]
    timed(
        "standings PDF, 500 lines (layout only)",
        lambda: render_standings(folder / "st.pdf", header, lines, ("Opp.\nwins", "H2H")),
    )

    db = open_database(folder / "bench.sqlite", station="bench", backups=False)
    rng = random.Random(1)
    big = create_event(
        db,
        name="Benchmark Open",
        venue="Hall",
        format="swiss",
        start_date=date(2026, 4, 12),
        rules=load_preset("wikipedia-standard"),
        settings={"rounds": 7},
    )
    add_entrants(
        db,
        big.id,
        [EntrantSpec(f"Entrant {i:03d}", club=f"Club {i % 40}", seed=i) for i in range(1, 501)],
    )
    start = time.perf_counter()
    for _ in range(rounds):
        paired = start_round(db, big.id)
        for pairing in paired.pairings:
            if pairing.b is not None:
                play_single_game(db, pairing.match_id, rng)
    setup = f"(setup: 500 entrants, {rounds} round(s) played through the services)"
    print(f"{setup:<58} {(time.perf_counter() - start) * 1000:8.0f} ms")
    timed(
        f"report standings, 500 entrants after round {rounds} (services + PDF)",
        lambda: build(request_for("standings", event_id=big.id), db, folder / "st-db.pdf"),
    )
    timed(
        "report pairings, 250 tables",
        lambda: build(request_for("pairings", event_id=big.id), db, folder / "pa.pdf"),
    )

    gra = create_event(db, name="GRA", rules=load_preset("gra-tournament"))
    alice, bob = add_entrants(db, gra.id, [EntrantSpec("Alice"), EntrantSpec("Bob")])
    match = create_match(db, gra.id, alice.id, bob.id, table_number=1)
    sheet = get_score_sheet(db, match.id)
    while not sheet.finished:
        sheet = record_hand(db, match.id, hand(rng), sheet.version, entered_by="bench")
    print(f"{'(GRA best-of-five match: hands recorded)':<58} {len(sheet.hands):8d}")
    timed(
        "report sheet, filled GRA best of five (services + PDF)",
        lambda: build(request_for("sheet", match_id=match.id), db, folder / "sheet.pdf"),
    )
    timed(
        "report sheet --blank",
        lambda: build(request_for("sheet", blank=True), None, folder / "b.pdf"),
    )
    db.close()
    print(f"files in {folder}")


if __name__ == "__main__":
    main()
