"""The stations' fault benchmark in its short form (issue 41): two writers through a
PostgreSQL server of the test's own, with backend kills, a 20 s outage and SIGKILLs; nothing
acknowledged is lost, nothing is doubled, and every hand saved without an acknowledgement is
recognised when its command is run again. About 70 s."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.faults,
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and pg_ctl: POSIX"),
    pytest.mark.skipif(
        not list(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
        or shutil.which("runuser") is None,
        reason="needs PostgreSQL's own programs (scripts/bootstrap.sh test installs them)",
    ),
]

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "stations_faults.py"


def test_two_stations_through_a_failing_server_lose_and_double_nothing(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("stations_faults", BENCHMARK)
    assert spec is not None and spec.loader is not None
    faults = importlib.util.module_from_spec(spec)
    sys.modules["stations_faults"] = faults  # its dataclasses look their module up
    spec.loader.exec_module(faults)
    report = faults.run(short=True, root=tmp_path)
    print(report)  # shown with -rA, and kept in CI's log when it fails
    assert report["hands_acknowledged"] >= 6, report  # the faults landed among real writes
    assert report["backends_terminated"] >= 1 and report["sigkills"] >= 1, report
    assert report["lost"] == [] and report["doubled"] == [], report
    assert report["recognised_on_retry"] == report["saved_without_acknowledgement"], report
    assert report["saved_without_acknowledgement_not_recognised"] == [], report
    assert report["verify_exit"] == 0, report
    assert all(count >= 1 for count in report["backups"].values()), report
