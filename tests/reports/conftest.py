"""A real SQLite database with an event and recorded matches, built through the services."""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest

from gin_scorer.core.hands import Declaration, HandRecord, Side
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import create_match, get_score_sheet
from gin_scorer.services.writes.rounds import start_round


@dataclass(frozen=True)
class Sample:
    db: Database
    event_id: int
    match_id: int  # a finished GRA best-of-five match with gins and undercuts
    open_match_id: int  # a match in play
    hollywood_event_id: int
    hollywood_match_id: int
    alice_id: int
    swiss_event_id: int  # seven entrants, round 1 played, round 2 paired and half played


def _hand(rng: random.Random) -> HandRecord:
    side = rng.choice([Side.A, Side.B])
    roll = rng.random()
    if roll < 0.2:
        return HandRecord(Declaration.GIN, side, ((side, 0), (side.other, rng.randint(4, 40))))
    if roll < 0.3:  # an undercut: the defender has no more deadwood than the knocker
        knock = rng.randint(3, 10)
        return HandRecord(Declaration.KNOCK, side, ((side, knock), (side.other, knock - 2)))
    knock = rng.randint(0, 10)
    return HandRecord(
        Declaration.KNOCK, side, ((side, knock), (side.other, knock + rng.randint(1, 40)))
    )


def play(db: Database, match_id: int, hands: int | None, seed: int) -> None:
    """Record random hands until the match ends (or ``hands`` hands)."""
    rng = random.Random(seed)
    sheet = get_score_sheet(db, match_id)
    count = 0
    while not sheet.finished and (hands is None or count < hands):
        sheet = record_hand(db, match_id, _hand(rng), sheet.version, entered_by="test")
        count += 1


@pytest.fixture(scope="session")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sample]:
    folder = tmp_path_factory.mktemp("reports-db")
    db = open_database(folder / "event.sqlite", station="desk", backups=False)
    event = create_event(
        db,
        name="Spring Open ♠ 2026",
        venue="Riverside Club",
        start_date=date(2026, 4, 12),
        rules=load_preset("gra-tournament"),
    )
    alice = add_entrant(db, event.id, "Alice Zhang", club="Riverside", seed=1)
    bob = add_entrant(db, event.id, "Bob Øster", club="Hull GC", seed=2)
    cleo = add_entrant(db, event.id, "Cleo Adams", club="Riverside", seed=3)
    done = create_match(db, event.id, alice.id, bob.id, table_number=4)
    play(db, done.id, None, seed=7)
    open_match = create_match(db, event.id, cleo.id, alice.id, table_number=2)
    play(db, open_match.id, 5, seed=11)
    holly = create_event(
        db, name="Thursday Hollywood", venue="Riverside Club", rules=load_preset("hollywood")
    )
    h_a = add_entrant(db, holly.id, "Dora ♥ Diaz")
    h_b = add_entrant(db, holly.id, "Eli Ek")
    h_match = create_match(db, holly.id, h_a.id, h_b.id, table_number=1)
    play(db, h_match.id, 12, seed=5)
    swiss = create_event(
        db,
        name="Club Swiss",
        venue="Hall ♣",
        format="swiss",
        rules=load_preset("wikipedia-standard"),
        settings={"rounds": 3},
    )
    for i, name in enumerate(["Ann", "Ben", "Cat", "Dev", "Eve", "Fay", "Gus"], start=1):
        add_entrant(db, swiss.id, f"{name} Player", club="North" if i % 2 else "South", seed=i)
    first = start_round(db, swiss.id)
    for n, pairing in enumerate(first.pairings):
        if pairing.b is not None:
            play(db, pairing.match_id, None, seed=100 + n)
    second = start_round(db, swiss.id)
    for n, pairing in enumerate(second.pairings[:2]):
        if pairing.b is not None:
            play(db, pairing.match_id, None, seed=200 + n)
    yield Sample(db, event.id, done.id, open_match.id, holly.id, h_match.id, alice.id, swiss.id)
    db.close()


def page_images(pdf: Path, out: Path) -> list[Path]:
    """Render every page to PNG with pdftoppm (the caller skips when it is missing)."""
    subprocess.run(
        ["pdftoppm", "-png", "-r", "40", str(pdf), str(out / pdf.stem)],
        check=True,
        capture_output=True,
    )
    return sorted(out.glob(f"{pdf.stem}-*.png"))


needs_pdftoppm = pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed"
)
