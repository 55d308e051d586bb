"""Kill a writer with SIGKILL at random moments: no acknowledged hand may ever be lost."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.store.crash_writer import run_trials

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def test_every_acknowledged_hand_survives_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite"
    report = run_trials(path, 100, seed=20261122)
    assert report.trials == 100
    # The test means something only if the kills landed among real commits.
    assert report.acknowledged >= 100, report
    assert report.lost == [], f"acknowledged hands lost: {report.lost[:10]}"
    assert report.hands_in_database >= report.acknowledged
    assert report.integrity == "ok"
    assert report.audit_chain == "intact"
    assert report.seal == "holds"


def test_stations_sharing_one_file_all_get_their_turn(tmp_path: Path) -> None:
    from tests.store.crash_writer import run_concurrent

    # Stations rest between hands (a real one for minutes): 20 ms keeps them stations, not
    # a flood, on a machine busy with other work.
    report = run_concurrent(tmp_path / "shared.sqlite", writers=3, seconds=1.5, pause=0.02)
    assert all(count >= 5 for count in report.acks_per_writer), report.acks_per_writer
    assert report.lost == [] and report.integrity == "ok" and report.audit_chain == "intact"
    assert report.seal == "holds"
