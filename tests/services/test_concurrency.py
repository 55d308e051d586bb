"""Two stations (two processes) recording into the same event at once: nothing is lost, and
every clash surfaces as a ConflictError that the station resolves by re-reading."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.support.errors import ConflictError
from gin_scorer.services.writes import entrants, events, matches
from gin_scorer.store import audit
from gin_scorer.store.database import Database

from .helpers import KNOCK_A, hand

WORKER = Path(__file__).with_name("concurrency_worker.py")
HANDS_EACH = 15


def test_two_processes_record_into_one_event(
    db: Database, db_url: str, new_match: Callable[..., MatchView]
) -> None:
    shared = new_match(db, target=100_000, match_format="single_game", best_of=1)
    event_id = shared.event_id
    own = []
    for station in ("north", "south"):
        a = entrants.add_entrant(db, event_id, f"{station} A")
        b = entrants.add_entrant(db, event_id, f"{station} B")
        own.append(matches.create_match(db, event_id, a.id, b.id))
    start_at = time.time() + 1.5
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                str(WORKER),
                db_url,
                station,
                str(shared.id),
                str(mine.id),
                str(HANDS_EACH),
                str(start_at),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for station, mine in zip(("north", "south"), own, strict=True)
    ]
    reports = []
    for worker in workers:
        out, err = worker.communicate(timeout=240)
        assert worker.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    # Every acknowledged hand is in the database, exactly once; nothing else is.
    shared_sheet = matches.get_score_sheet(db, shared.id)
    assert len(shared_sheet.hands) == sum(r["recorded"]["shared"] for r in reports)
    assert len(shared_sheet.hands) == 2 * HANDS_EACH
    assert [h.totals_after.a for h in shared_sheet.hands] == [
        1 * (i + 1) for i in range(2 * HANDS_EACH)
    ]
    assert sorted({h.station for h in shared_sheet.hands}) == ["north", "south"]
    for mine in own:
        assert len(matches.get_score_sheet(db, mine.id).hands) == HANDS_EACH
    # The version moved once per write: no write was lost or doubled.
    assert shared_sheet.version == shared.version + 2 * HANDS_EACH
    with db.transaction(write=False) as session:
        assert audit.verify_chain(session) is None
    print("conflicts seen by the stations:", [r["conflicts"] for r in reports])
    assert events.get_event(db, event_id).entrant_count == 6


def test_stale_screen_gets_a_conflict_not_a_lost_update(
    db: Database, new_match: Callable[..., MatchView]
) -> None:
    """The deterministic half of the above: a station holding an old version is refused."""
    from gin_scorer.services.writes import hands

    match = new_match(db)
    hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="north")
    with pytest.raises(ConflictError, match="was changed at station "):
        hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="south")
    with pytest.raises(ConflictError):
        hands.undo(db, match.id, match.version, entered_by="south")
    assert len(matches.get_score_sheet(db, match.id).hands) == 1
